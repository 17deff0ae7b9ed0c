"""The shipped English word lists (assets/words/), loaded once, lazily, on first use.

- the general list (ENABLE ∪ SCOWL <= 60): real words with inflections, no proper nouns;
- Hooky's list: its 5-letter words ∪ SCOWL <= 70 names of people and places;
- the blocklist: slurs and profanity a bot never chooses (players may still play them).

Each word carries its SCOWL level as commonness (10 = most common ... 70; RARE = 95 for a
word only ENABLE knows). Lists are built by tools/build_words.py; see assets/words/README.md.

A list is read, gunzipped and split on first use; lookups bisect it (see
engine/words/listfile.py for why, bench/words.py for the times). Loading is idempotent,
so a race between threads only repeats work.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.words import listfile

WORDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "words"
RARE = 95        # commonness of a word only ENABLE knows
UNKNOWN = 100    # commonness of a string that is in no list
BOT_MAX_LEVEL = 60


class LevelledList:
    """One levelled list file, loaded on first use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._table: listfile.WordTable | None = None

    @property
    def table(self) -> listfile.WordTable:
        if self._table is None:
            self._table = listfile.WordTable(listfile.read_text(self.path.read_bytes()))
        return self._table


GENERAL = LevelledList(WORDS_DIR / "words.txt.gz")
HOOKY = LevelledList(WORDS_DIR / "hooky.txt.gz")


@lru_cache(maxsize=None)
def blocklist() -> frozenset[str]:
    return listfile.decode_plain(listfile.read_text((WORDS_DIR / "blocklist.txt.gz").read_bytes()))


def is_word(w: str) -> bool:
    """A real English word (inflections included, proper nouns not), any case."""
    return w.lower() in GENERAL.table


def is_hooky_word(w: str) -> bool:
    """A Hooky clue word: 5 letters, a word or a name of a person or place, any case."""
    return len(w) == 5 and w.lower() in HOOKY.table


def hooky_words() -> list[str]:
    """Every Hooky clue word, lowercase, sorted."""
    return HOOKY.table.words()


def commonness(w: str) -> int:
    """The word's SCOWL level (lower = more common); RARE if only ENABLE knows it,
    UNKNOWN if no list has it. A 5-letter name counts with its level as a name."""
    key = w.lower()
    levels = [GENERAL.table.level(key), HOOKY.table.level(key) if len(key) == 5 else None]
    return min((lvl for lvl in levels if lvl is not None), default=UNKNOWN)


def is_blocked(w: str) -> bool:
    """A slur or profanity: accept it from a player, never choose it for a bot."""
    return w.lower() in blocklist()


@lru_cache(maxsize=64)
def _bot_words(length: int | None, max_level: int) -> tuple[str, ...]:
    blocked = blocklist()
    return tuple(w for w, _ in GENERAL.table.items(length, max_level) if w not in blocked)


def bot_words(length: int | None = None, max_level: int = BOT_MAX_LEVEL) -> list[str]:
    """Words a bot may choose, from the general list (no names): not blocked, commonness
    <= max_level, of the given length if any; lowercase, sorted."""
    return list(_bot_words(length, max_level))
