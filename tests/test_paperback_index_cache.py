"""The word finder's index kept on disk (engine/paperback/finder.py, engine/core/diskcache.py):
read back, it is the index that was built, and the finder's answers with it are the same;
a short, changed or ill-formed file is refused (and the index built again); the second
start reads the file and builds nothing."""
from __future__ import annotations

import hashlib
import zlib
from types import SimpleNamespace

import msgpack
import pytest

from engine.core import diskcache
from engine.paperback import finder
from engine.paperback.bruteforce import random_cases
from engine.paperback.finder import Index, find_words, index_bytes, index_from_bytes

WORDS = ["cat", "cats", "scat", "act", "acts", "tac", "at", "ta", "quit", "quiet", "zebra", "bra", "abra"]


def fields(ix: Index) -> tuple:
    return ix.kids, ix.term, ix.height, ix.mask, ix.pairs, ix.words


def rewrap(body: bytes) -> bytes:
    packed = zlib.compress(body, 1)
    return hashlib.sha256(packed).digest() + packed


def test_an_index_read_back_is_the_index_built_and_finds_the_same_words():
    built = Index(WORDS)
    read = index_from_bytes(index_bytes(built))
    assert read is not None and fields(read) == fields(built)
    for hand, common, minus in random_cases(12, 5):
        assert find_words(hand, common, minus=minus, index=read) == find_words(hand, common, minus=minus, index=built)


def test_a_short_changed_or_ill_formed_file_is_refused():
    data = index_bytes(Index(WORDS))
    assert index_from_bytes(b"") is None
    assert index_from_bytes(data[:-5]) is None                       # short
    flipped = bytearray(data)
    flipped[40] ^= 1
    assert index_from_bytes(bytes(flipped)) is None                  # a byte changed
    d = msgpack.unpackb(zlib.decompress(data[32:]))
    assert index_from_bytes(rewrap(msgpack.packb(d))) is not None
    bad_child = dict(d, children=[len(d["height"])] + d["children"][1:])
    bad_letter = dict(d, letters="#" + d["letters"][1:])
    missing = {k: v for k, v in d.items() if k != "mask"}
    for wrong in (bad_child, bad_letter, missing, dict(d, term=[1, 0])):
        assert index_from_bytes(rewrap(msgpack.packb(wrong))) is None
    assert index_from_bytes(rewrap(b"\x00" * 10)) is None
    bomb = zlib.compress(b"\x00" * (finder._MOST_BYTES + 1), 9)      # unpacks past the bound
    assert index_from_bytes(hashlib.sha256(bomb).digest() + bomb) is None


def test_the_first_start_keeps_the_index_and_the_next_one_reads_it(monkeypatch, tmp_path):
    monkeypatch.setenv("COUCHTOP_CACHE", str(tmp_path))
    small = SimpleNamespace(path=finder.GENERAL.path, table=SimpleNamespace(words=lambda: WORDS))
    monkeypatch.setattr(finder, "GENERAL", small)          # (a small list: a build is quick)
    finder.general_index.cache_clear()
    try:
        first = finder.general_index()
        kept = list(tmp_path.iterdir())
        assert [p.name for p in kept] == [finder._index_file()] and fields(first) == fields(Index(WORDS))

        def no_build(*a, **k):
            raise AssertionError("built again")
        finder.general_index.cache_clear()
        monkeypatch.setattr(finder, "Index", type("NoBuild", (Index,), {"__init__": no_build}))
        assert fields(finder.general_index()) == fields(first)
        kept[0].write_bytes(b"broken")                               # a broken file: built again
        finder.general_index.cache_clear()
        with pytest.raises(AssertionError, match="built again"):
            finder.general_index()
    finally:
        finder.general_index.cache_clear()
    assert diskcache.cache_dir() == tmp_path
