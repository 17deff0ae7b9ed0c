"""The format of the shipped word lists (assets/words/*.txt.gz), written by tools/build_words.py.

A levelled list is ASCII text: a header line, the distinct commonness levels, one level
code per word (a letter: "a" = the first level, ...), then the words, sorted, one a line:

    #couchtop-words 1
    @levels 10 20 35 40 50 55 60 70 95
    @codes ieiic...
    aa
    aah
    ...

Loading is one split (no set and no dict of every word: on a small VM building a set of
176k fresh strings costs more than the gunzip and split together, mostly in page faults);
lookups bisect the sorted list. Keeping the words in plain alphabetical order compresses
best. A plain list (the blocklist) is the header and then one word a line.

Files are gzip with mtime 0 and no file name, so a rebuild from the same sources gives
the same bytes.
"""
from __future__ import annotations

import gzip
import io
from bisect import bisect_left
from typing import Iterable, Iterator, Mapping

HEADER = "#couchtop-words 1"
_SKIP = 3  # header, levels and codes lines before the first word


class WordTable:
    """A parsed levelled list: membership and level by binary search."""

    __slots__ = ("_lines", "_codes", "_levels", "_hi")

    def __init__(self, text: str) -> None:
        lines = text.split("\n")
        if lines[0] != HEADER or not lines[1].startswith("@levels") or not lines[2].startswith("@codes"):
            raise ValueError(f"not a levelled word list (header {text[:40]!r})")
        if lines[-1] == "":
            lines.pop()
        self._lines = lines
        self._levels = tuple(int(x) for x in lines[1].split()[1:])
        self._codes = lines[2][len("@codes "):]
        self._hi = len(lines)
        if len(self._codes) != self._hi - _SKIP:
            raise ValueError("level codes and words differ in number")

    def _index(self, word: str) -> int:
        i = bisect_left(self._lines, word, _SKIP, self._hi)
        return i if i < self._hi and self._lines[i] == word else -1

    def __contains__(self, word: str) -> bool:
        return self._index(word) >= 0

    def __len__(self) -> int:
        return self._hi - _SKIP

    def level(self, word: str) -> int | None:
        """The word's level, or None when absent (exact, lowercase match)."""
        i = self._index(word)
        return None if i < 0 else self._levels[ord(self._codes[i - _SKIP]) - 97]

    def items(self, length: int | None = None, max_level: int | None = None) -> Iterator[tuple[str, int]]:
        """(word, level) in alphabetical order, optionally of one length and up to a level."""
        levels = self._levels
        ok = {chr(97 + k) for k, lvl in enumerate(levels) if max_level is None or lvl <= max_level}
        for word, code in zip(self._lines[_SKIP:], self._codes):
            if code in ok and (length is None or len(word) == length):
                yield word, levels[ord(code) - 97]

    def words(self) -> list[str]:
        """Every word, sorted (a new list)."""
        return self._lines[_SKIP:]


def encode_levels(levels: Mapping[str, int]) -> bytes:
    """The uncompressed text of a levelled list."""
    distinct = sorted(set(levels.values()))
    if len(distinct) > 26:
        raise ValueError("at most 26 distinct levels")
    code = {lvl: chr(97 + k) for k, lvl in enumerate(distinct)}
    words = sorted(levels)
    lines = [HEADER, " ".join(["@levels", *map(str, distinct)]),
             "@codes " + "".join(code[levels[w]] for w in words), *words]
    return ("\n".join(lines) + "\n").encode("ascii")


def decode_levels(text: str) -> dict[str, int]:
    """{word: level} of a levelled list's text."""
    return dict(WordTable(text).items())


def encode_plain(words: Iterable[str]) -> bytes:
    """The uncompressed text of a plain list (sorted, one word a line)."""
    return ("\n".join([HEADER, *sorted(set(words))]) + "\n").encode("ascii")


def decode_plain(text: str) -> frozenset[str]:
    head, _, body = text.partition("\n")
    if head != HEADER:
        raise ValueError(f"not a word list (header {head[:40]!r})")
    return frozenset(body.split("\n")) - {""}


def gzip_bytes(data: bytes) -> bytes:
    """Deterministic gzip: mtime 0, no file name, fixed header."""
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as f:
        f.write(data)
    return buf.getvalue()


def read_text(data: bytes) -> str:
    """The text of a gzipped list file's bytes."""
    return gzip.decompress(data).decode("ascii")
