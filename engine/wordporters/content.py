"""Word Porters' content as data (assets/content/wordporters/): the 150 word cards (300
words, English and Traditional Chinese), the 53 hint cards (106 hint words) and the fit
table the bots read: for every word, how strongly every hint word fits it (0-3).

Files: `words.json` (words and cards), `hints.json` (hint cards), `fit/<topic>.json`
(one line per word: {"3": "hint ids", "2": ..., "1": ..., "0": ...}; each hint id once).
Loaded and checked once; a bad file raises ContentError naming the file and the entry.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.wordporters.spec import SHOWN    # how a table shows words and hints (the option "words")

CONTENT_DIR = Path(__file__).resolve().parents[2] / "assets" / "content" / "wordporters"
SIDES = ("normal", "children")
FIT_MAX = 3
LANGS = ("en", "zh")


def shown(item: "Word | HintWord", mode: str) -> str:
    """A word's or hint word's text as the table shows it: English, Chinese, or both
    ("cat / 貓")."""
    if mode == "en":
        return item.en
    if mode == "zh":
        return item.zh
    if mode == "both":
        return f"{item.en} / {item.zh}"
    raise ValueError(f"shown() takes one of {SHOWN}, not {mode!r}")


class ContentError(ValueError):
    """A content file is unusable; the message names the file and the entry."""


@dataclass(frozen=True)
class Word:
    id: str
    en: str
    zh: str
    side: str
    topic: str
    index: int                        # row of the fit table


@dataclass(frozen=True)
class HintWord:
    id: str
    en: str
    zh: str
    card: int                         # index of its hint card
    slot: int                         # 0 or 1: which side of the card
    index: int                        # column of the fit table


@dataclass(frozen=True)
class HintCard:
    id: str
    children: bool
    words: tuple[int, int]            # hint word indices (slot 0, slot 1)


@dataclass(frozen=True, eq=False)
class Content:
    words: tuple[Word, ...]
    cards: tuple[tuple[int, int], ...]        # word card -> (normal word, children's word)
    hint_cards: tuple[HintCard, ...]
    hint_words: tuple[HintWord, ...]
    fit: np.ndarray                           # words x hint words, int8, 0..FIT_MAX
    word_ids: dict[str, int] = field(init=False)
    hint_ids: dict[str, int] = field(init=False)

    def side_word(self, card: int, side: str) -> int:
        """The word index on `side` of word card `card`."""
        return self.cards[card][SIDES.index(side)]

    def hint_deck(self, children: bool) -> list[int]:
        """The hint card indices in play: all of them, or the children's subset."""
        return [i for i, c in enumerate(self.hint_cards) if c.children or not children]

    def word_id(self, index: int) -> str:
        return self.words[index].id

    def word_by_id(self, wid: str) -> Word:
        return self.words[self.word_ids[wid]]

    def hint_by_id(self, hid: str) -> HintWord:
        return self.hint_words[self.hint_ids[hid]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "word_ids", {w.id: w.index for w in self.words})
        object.__setattr__(self, "hint_ids", {h.id: h.index for h in self.hint_words})


def _fail(file: str, entry: str, why: str) -> ContentError:
    return ContentError(f"wordporters content {file}, {entry}: {why}")


def _read(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as e:
        raise _fail(path.name, "the file", f"cannot be read ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise _fail(path.name, f"line {e.lineno}", f"is not JSON ({e.msg})") from None


def _text(file: str, entry: str, raw: Any, key: str) -> str:
    x = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(x, str) or not x.strip() or x != x.strip():
        raise _fail(file, entry, f"needs a trimmed text {key!r}")
    return x


def load_words(directory: Path) -> tuple[tuple[Word, ...], tuple[tuple[int, int], ...]]:
    data = _read(directory / "words.json")
    words: list[Word] = []
    ids: dict[str, int] = {}
    for i, w in enumerate(data.get("words") or []):
        entry = f"words[{i}]"
        wid = _text("words.json", entry, w, "id")
        if wid in ids:
            raise _fail("words.json", f"word {wid!r}", "is defined twice")
        side = w.get("side")
        if side not in SIDES:
            raise _fail("words.json", f"word {wid!r}", f"side must be one of {SIDES}")
        ids[wid] = i
        words.append(Word(wid, _text("words.json", entry, w, "en"), _text("words.json", entry, w, "zh"),
                          side, _text("words.json", entry, w, "topic"), i))
    for lang in LANGS:
        seen: dict[str, str] = {}
        for w in words:
            key = getattr(w, lang).casefold()
            if key in seen:
                raise _fail("words.json", f"word {w.id!r}", f"its {lang} text is also {seen[key]!r}'s")
            seen[key] = w.id
    cards: list[tuple[int, int]] = []
    used: set[str] = set()
    for i, c in enumerate(data.get("cards") or []):
        if not isinstance(c, list) or len(c) != 2 or not all(x in ids for x in c):
            raise _fail("words.json", f"cards[{i}]", "must be [normal word id, children's word id]")
        for x, side in zip(c, SIDES):
            if words[ids[x]].side != side:
                raise _fail("words.json", f"cards[{i}]", f"{x!r} is not a {side} word")
            if x in used:
                raise _fail("words.json", f"cards[{i}]", f"{x!r} is on two cards")
            used.add(x)
        cards.append((ids[c[0]], ids[c[1]]))
    if len(used) != len(words):
        raise _fail("words.json", "cards", "some words are on no card")
    return tuple(words), tuple(cards)


def load_hints(directory: Path) -> tuple[tuple[HintCard, ...], tuple[HintWord, ...]]:
    data = _read(directory / "hints.json")
    cards: list[HintCard] = []
    hwords: list[HintWord] = []
    seen: set[str] = set()
    for i, c in enumerate(data.get("cards") or []):
        cid = _text("hints.json", f"cards[{i}]", c, "id")
        pair = c.get("words")
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail("hints.json", f"card {cid}", "needs two hint words")
        if not isinstance(c.get("children"), bool):
            raise _fail("hints.json", f"card {cid}", "children must be true or false")
        idx = []
        for slot, h in enumerate(pair):
            entry = f"card {cid} word {slot}"
            hid = _text("hints.json", entry, h, "id")
            if hid in seen:
                raise _fail("hints.json", entry, f"hint word {hid!r} is defined twice")
            seen.add(hid)
            idx.append(len(hwords))
            hwords.append(HintWord(hid, _text("hints.json", entry, h, "en"), _text("hints.json", entry, h, "zh"),
                                   i, slot, len(hwords)))
        cards.append(HintCard(cid, c["children"], (idx[0], idx[1])))
    for lang in LANGS:
        texts = [getattr(h, lang).casefold() for h in hwords]
        if len(set(texts)) != len(texts):
            raise _fail("hints.json", lang, "two hint words share a text")
    return tuple(cards), tuple(hwords)


def parse_profile(file: str, wid: str, raw: Any, hint_ids: dict[str, int]) -> np.ndarray:
    """One word's row: {"3": "ids", ..., "0": "ids"} with every hint id exactly once."""
    row = np.full(len(hint_ids), -1, dtype=np.int8)
    if not isinstance(raw, dict) or set(raw) != {str(v) for v in range(FIT_MAX + 1)}:
        raise _fail(file, f"word {wid!r}", f"needs the levels {FIT_MAX}..0, each a string of hint ids")
    for level, ids in raw.items():
        if not isinstance(ids, str):
            raise _fail(file, f"word {wid!r}", f"level {level} must be a string of hint ids")
        for hid in ids.split():
            if hid not in hint_ids:
                raise _fail(file, f"word {wid!r}", f"{hid!r} is not a hint word")
            if row[hint_ids[hid]] >= 0:
                raise _fail(file, f"word {wid!r}", f"{hid!r} is listed twice")
            row[hint_ids[hid]] = int(level)
    missing = [h for h, j in hint_ids.items() if row[j] < 0]
    if missing:
        raise _fail(file, f"word {wid!r}", f"no level for {missing[:5]}")
    return row


def load_fit(directory: Path, words: tuple[Word, ...], hint_words: tuple[HintWord, ...]) -> np.ndarray:
    hint_ids = {h.id: h.index for h in hint_words}
    by_id = {w.id: w for w in words}
    fit = np.full((len(words), len(hint_words)), -1, dtype=np.int8)
    for path in sorted((directory / "fit").glob("*.json")):
        data = _read(path)
        name = f"fit/{path.name}"
        for wid, raw in (data.get("fit") or {}).items():
            w = by_id.get(wid)
            if w is None:
                raise _fail(name, f"word {wid!r}", "is not a word")
            if w.topic != path.stem:
                raise _fail(name, f"word {wid!r}", f"belongs in fit/{w.topic}.json")
            if fit[w.index, 0] >= 0:
                raise _fail(name, f"word {wid!r}", "has two profiles")
            fit[w.index] = parse_profile(name, wid, raw, hint_ids)
    missing = [w.id for w in words if fit[w.index, 0] < 0]
    if missing:
        raise _fail("fit/", "words", f"no profile for {missing[:5]}")
    return fit


def load(directory: Path | str = CONTENT_DIR) -> Content:
    directory = Path(directory)
    words, cards = load_words(directory)
    hint_cards, hint_words = load_hints(directory)
    return Content(words, cards, hint_cards, hint_words, load_fit(directory, words, hint_words))


@lru_cache(maxsize=1)
def content() -> Content:
    """The shipped content, loaded once."""
    return load()
