"""Word services shared by the word games (Hooky, Paperback, Word Porters)."""
from engine.words.lists import (
    RARE,
    UNKNOWN,
    bot_words,
    commonness,
    hooky_words,
    is_blocked,
    is_hooky_word,
    is_word,
)

__all__ = ["RARE", "UNKNOWN", "bot_words", "commonness", "hooky_words", "is_blocked",
           "is_hooky_word", "is_word"]
