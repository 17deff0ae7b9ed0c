"""The help bounty (option `bounty`, rules §11): a stuck player shows the hand and the
others suggest words; if the player then spells a suggested word, its suggester takes a
cube (worth 1¢ in a purchase, engine/paperback/flexible.py).

Commands: `ask_help {}` (the seat to play, in the spell phase, once a turn: its hand is
shown to everyone), then `suggest {word}` from every other seat once (a word of the list
or the table's, or null for none; the "others respond" preset), then the asker spells
(or passes) as usual. A spelled word (or either word of a Space Bar laying) that someone
suggested pays the first such suggester after the asker in seat order. Bots suggest
their finder's best word for the hand shown; they never ask (their finder is the one
that would answer).
"""
from __future__ import annotations

from typing import Any


def paid(state: Any, seat: int, word: str) -> int | None:
    """The seat that earns the bounty for `seat` spelling `word` (None: nobody)."""
    b = state.bounty
    if b is None or b["seat"] != seat:
        return None
    words = set(word.split(" "))
    for k in range(1, state.seats):
        other = (seat + k) % state.seats
        if b["suggestions"].get(str(other)) in words:
            return other
    return None


def suggestion(view: dict, finder) -> str | None:
    """A bot's suggestion: the first single word its finder lists for the hand shown (the
    exact best for hard; a word a person knows first for the others, as the hint does)."""
    b = view.get("bounty")
    if not b:
        return None
    shown = {**view, "hand": list(b["hand"]), "effects": None, "power": None}   # the box stays the game's
    for f in finder(shown, limit=5):
        if " " not in f.word:
            return f.word
    return None
