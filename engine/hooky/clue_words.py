"""Clue words for Hooky: their shape, the dictionary, the table's own words, and the rule
bots vote by when a player proposes a word the dictionary lacks."""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.hooky.knowledge import ALPHABET
from engine.words import is_hooky_word, is_word

WORD_LENGTH = 5
# a proposed word is a form of a known word when adding or removing one of these makes it one
SUFFIXES = ("s", "es", "ed", "d", "er", "ers", "ing", "y", "ly")


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
    """How a bot votes on a proposed word: yes when the general list knows a form of it
    (the word plus or minus a common suffix), so 'tonks' passes if 'tonk' is listed and
    'abcde' fails."""
    if len(word) != WORD_LENGTH or any(c not in ALPHABET for c in word):
        return False
    if is_word(word):
        return True
    for suf in SUFFIXES:
        if is_word(word + suf):
            return True
        if word.endswith(suf) and len(word) - len(suf) >= 2 and is_word(word[:-len(suf)]):
            return True
    return False


def same_letters(a: str, b: str) -> bool:
    """Anagrams (the same letters, each as often), the word itself included."""
    return sorted(a) == sorted(b)
