"""Clue words for Hooky: their shape, the dictionary, the table's own words, and the rule
bots vote by when a player proposes a word the dictionary lacks."""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.hooky.knowledge import ALPHABET
from engine.words import is_hooky_word, tablevote

WORD_LENGTH = 5


def normalise(raw: Any) -> str:
    """The word in lowercase, or RuleError when it is not exactly 5 letters a-z."""
    if not isinstance(raw, str):
        raise RuleError("err.hooky.word_shape", word=str(raw)[:20])
    word = raw.strip().lower()
    if len(word) != WORD_LENGTH or any(c not in ALPHABET for c in word):
        raise RuleError("err.hooky.word_shape", word=raw[:20])
    return word


def is_clue_word(word: str, accepted: list[str] | tuple[str, ...] = ()) -> bool:
    """The dictionary knows it, or the table accepted it in this game."""
    return word in accepted or is_hooky_word(word)


def bot_accepts(word: str) -> bool:
    """How a bot votes on a proposed word: the table-vote rule for 5 letters
    (engine/words/tablevote.py)."""
    return tablevote.bot_accepts(word, WORD_LENGTH)


def same_letters(a: str, b: str) -> bool:
    """Anagrams (the same letters, each as often), the word itself included."""
    return sorted(a) == sorted(b)
