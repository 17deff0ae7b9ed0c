"""A tiny game for testing the core without any real game's rules.

Two or three seats take turns adding 1-3 to a shared total; each add also draws a random
bonus 0-2 (chance, written into the event). The first seat to bring the total to 21 or
more wins. Seat order is fixed; its spec calls "peeked" revealing, so a turn that
revealed a secret (a "peek" command) cannot be taken back: the session's undo gate.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.rules import Outcome
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.core.turns import in_turn

SPEC = GameSpec(name="toy", variants=(VariantSpec("classic", range(2, 4), 2),),
                hidden_information=False,
                commands=(CommandSpec("add", ("added",), undoable=True),
                          CommandSpec("peek", ("peeked",), undoable=True)),
                revealing=frozenset({"peeked"}))


@dataclass
class ToyState:
    seats: int
    total: int = 0
    turn: int = 0
    adds: list[int] = field(default_factory=list)
    winner: int | None = None
    secret: int = 0
    peeked: bool = False

    def to_data(self) -> dict[str, Any]:
        return {"seats": self.seats, "total": self.total, "turn": self.turn, "adds": list(self.adds),
                "winner": self.winner, "secret": self.secret, "peeked": self.peeked}


class ToyRules:
    spec = SPEC
    game = "toy"
    rules_version = 1
    seats = range(2, 4)

    def initial(self, seats: int, options: Mapping[str, Any]) -> ToyState:
        return ToyState(seats=seats, adds=[0] * seats)

    def setup(self, state: ToyState, rng) -> list[dict]:
        return [event("secret_set", None, value=rng.below(100))]

    def decide(self, state: ToyState, cmd: dict, rng) -> list[dict]:
        seat = cmd.get("seat")
        if seat != state.turn:
            raise RuleError("err.not_your_turn")
        if cmd.get("type") == "peek":
            return [event("peeked", seat)]
        n = cmd.get("n")
        if cmd.get("type") != "add" or n not in (1, 2, 3):
            raise RuleError("err.bad_command")
        return [event("added", seat, n=n, bonus=rng.below(3))]

    def follow_up(self, state: ToyState, rng) -> list[dict]:
        return []

    def apply(self, state: ToyState, ev: dict) -> ToyState:
        t = ev["type"]
        if t == "secret_set":
            state.secret = ev["value"]
        elif t == "peeked":
            state.peeked = True
        elif t == "added":
            gain = ev["n"] + ev.get("bonus", 0)
            state.total += gain
            state.adds[ev["seat"]] += gain
            if state.total >= 21:
                state.winner = ev["seat"]
            state.turn = (state.turn + 1) % state.seats
        return state

    def to_act(self, state: ToyState) -> frozenset[int]:
        return in_turn(None if state.winner is not None else state.turn)

    def progress(self, state: ToyState) -> tuple[str, int | None]:
        return ("over" if state.winner is not None else "play"), None

    def next_deadline(self, state: ToyState) -> int | None:
        return None

    def event_view(self, ev: dict, seat: int | None) -> dict:
        return ev

    def view(self, state: ToyState, seat: int | None) -> dict:
        return {"total": state.total, "turn": state.turn, "adds": list(state.adds)}

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None:
            return None
        scores = [1 if s == state.winner else 0 for s in range(state.seats)]
        return Outcome(scores, [state.winner])

    def legal_commands(self, view: dict, seat: int):
        return [{"type": "add", "seat": seat, "n": n} for n in (1, 2, 3)]

    def to_data(self, state: ToyState) -> dict[str, Any]:
        return state.to_data()

    def legacy_data(self, state: ToyState, events, rules_version: int) -> Any:
        raise ValueError("the toy has one rules version")


class ToyBot:
    level = "normal"

    def __init__(self, n: int = 2) -> None:
        self.n = n

    def choose(self, view: dict, seat: int) -> dict:
        return {"type": "add", "seat": seat, "n": self.n}


Rules, Bot, RaceBot = ToyRules, ToyBot, None     # what the registry reads from a game package
