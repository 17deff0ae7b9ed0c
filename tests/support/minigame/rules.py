"""High or low (see the package): the Rules protocol in full, nothing more."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.turns import in_turn
from support.minigame.spec import SPEC

ROUNDS = 2
HIGH = 5


@dataclass
class MiniState:
    seats: int
    round: int = 0
    cards: list[int] = field(default_factory=list)
    guesses: list[bool | None] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    turn: int = 0
    shown: list[int] | None = None
    over: bool = False

    def to_data(self) -> dict[str, Any]:
        return {"seats": self.seats, "round": self.round, "cards": list(self.cards),
                "guesses": list(self.guesses), "scores": list(self.scores), "turn": self.turn,
                "shown": None if self.shown is None else list(self.shown), "over": self.over}


def _deal(seats: int, rng: Rng) -> Event:
    return event("dealt", None, cards=[rng.randint(1, 9) for _ in range(seats)])


def legal_commands(view: dict, seat: int) -> Iterator[Command]:
    if not view["over"] and view["turn"] == seat:
        yield {"type": "guess", "seat": seat, "high": True}
        yield {"type": "guess", "seat": seat, "high": False}


class MiniRules:
    spec = SPEC
    game = SPEC.name
    rules_version = 1
    seats = SPEC.seats

    def initial(self, seats: int, options: Mapping[str, Any]) -> MiniState:
        return MiniState(seats, guesses=[None] * seats, scores=[0] * seats)

    def setup(self, state: MiniState, rng: Rng) -> list[Event]:
        return [_deal(state.seats, rng)]

    def decide(self, state: MiniState, cmd: Command, rng: Rng) -> list[Event]:
        if cmd.get("type") != "guess" or not isinstance(cmd.get("high"), bool):
            raise RuleError("err.bad_command")
        if state.over or cmd.get("seat") != state.turn:
            raise RuleError("err.not_your_turn")
        out = [event("guessed", state.turn, high=cmd["high"])]
        if state.turn == state.seats - 1:            # the last guess: show the cards
            guesses = state.guesses[:-1] + [cmd["high"]]
            right = [s for s in range(state.seats) if guesses[s] == (state.cards[s] >= HIGH)]
            out.append(event("shown", None, cards=list(state.cards), right=right))
            if state.round + 1 < ROUNDS:
                out.append(_deal(state.seats, rng))
        return out

    def follow_up(self, state: MiniState, rng: Rng) -> list[Event]:
        return []

    def apply(self, state: MiniState, ev: Event) -> MiniState:
        t = ev["type"]
        if t == "dealt":
            state.cards = list(ev["cards"])
            state.guesses = [None] * state.seats
            state.turn = 0
        elif t == "guessed":
            state.guesses[ev["seat"]] = ev["high"]
            state.turn += 1
        elif t == "shown":
            state.shown = list(ev["cards"])
            for s in ev["right"]:
                state.scores[s] += 1
            state.round += 1
            state.over = state.round >= ROUNDS
        return state

    def to_act(self, state: MiniState) -> frozenset[int]:
        return in_turn(None if state.over or state.turn >= state.seats else state.turn)

    def progress(self, state: MiniState) -> tuple[str, int | None]:
        return ("over" if state.over else "guess"), state.round + (0 if state.over else 1)

    def next_deadline(self, state: MiniState) -> int | None:
        return None

    def view(self, state: MiniState, seat: int | None) -> dict:
        mine = seat is not None and 0 <= seat < state.seats
        return {"seats": state.seats, "round": state.round, "turn": state.turn, "over": state.over,
                "scores": list(state.scores), "card": state.cards[seat] if mine else None,
                "guessed": [g is not None for g in state.guesses],
                "my_guess": state.guesses[seat] if mine else None,
                "shown": None if state.shown is None else list(state.shown)}

    def event_view(self, ev: Event, seat: int | None) -> Event:
        """The deal shows a seat only its own card; a guess's `high` is dropped by the
        core (the spec's private field)."""
        if ev["type"] == "dealt":
            out = {k: v for k, v in ev.items() if k != "cards"}
            if seat is not None and 0 <= seat < len(ev["cards"]):
                out["card"] = ev["cards"][seat]
            return out
        return dict(ev)

    def outcome(self, state: MiniState) -> Outcome | None:
        if not state.over:
            return None
        top = max(state.scores)
        return Outcome(list(state.scores), [s for s, v in enumerate(state.scores) if v == top])

    def legal_commands(self, view: dict, seat: int) -> Iterator[Command]:
        return legal_commands(view, seat)

    def to_data(self, state: MiniState) -> dict[str, Any]:
        return state.to_data()

    def legacy_data(self, state: MiniState, events: Any, rules_version: int) -> Any:
        raise ValueError("the minimal game has one rules version")
