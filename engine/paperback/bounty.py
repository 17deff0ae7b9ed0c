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

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.core.turns import responders
from engine.paperback.content import content
from engine.paperback.option import PaperbackOption


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


class BountyOption(PaperbackOption):
    """The option as a plug-in (engine/paperback/option.py): the ask and the suggestions,
    the `bounty` of a spelled word and the cube it earns."""
    key = "bounty"
    PHASE_OF = {"ask_help": ("spell",), "suggest": ("bounty",)}

    def spelled(self, rules: Any, state: Any, seat: int, word: str) -> dict[str, Any]:
        return {"bounty": paid(state, seat, word)}

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        v["cubes"] = list(state.cubes)             # (a cube earned is 1¢: flexible.py)
        v["bounty"] = None if state.bounty is None else {
            "seat": state.bounty["seat"], "hand": list(state.bounty["hand"]),
            "suggestions": dict(sorted(state.bounty["suggestions"].items()))}

    def to_act(self, state: Any) -> frozenset[int] | None:
        if state.phase == "bounty" and state.bounty is not None:
            return responders(state.seats, state.bounty["seat"],
                              [int(k) for k in state.bounty["suggestions"]])
        return None

    def not_acting(self, state: Any, kind: str, seat: int) -> RuleError | None:
        if state.phase == "bounty" and kind == "suggest":
            return RuleError("err.paperback.not_suggesting")
        return None

    def _decide_ask_help(self, rules: Any, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        if not self.on(state):
            raise RuleError("err.paperback.no_bounty")
        if state.bounty is not None:
            raise RuleError("err.paperback.help_asked")
        return [event("help_asked", seat, hand=list(state.hands[seat]))]

    def _decide_suggest(self, rules: Any, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        word = cmd.get("word")
        if word is not None:
            word = word.strip().lower() if isinstance(word, str) else ""
            if len(word) < content().min_word or not rules._listed(state, word):
                raise RuleError("err.paperback.suggest_word")
        return [event("suggested", seat, word=word)]

    @staticmethod
    def _on_help_asked(state: Any, ev: Event) -> None:
        state.bounty = {"seat": ev["seat"], "hand": list(ev["hand"]), "suggestions": {}}
        state.phase = "bounty"

    @staticmethod
    def _on_suggested(state: Any, ev: Event) -> None:
        b = state.bounty
        b["suggestions"][str(ev["seat"])] = ev["word"]
        if len(b["suggestions"]) >= state.seats - 1:
            state.phase = "spell"

    @staticmethod
    def _after_spelled(state: Any, ev: Event) -> None:
        if ev.get("bounty") is not None:
            state.cubes[ev["bounty"]] += 1

    @staticmethod
    def _after_turn_ended(state: Any, ev: Event) -> None:
        state.bounty = None


PLUGIN = BountyOption()
