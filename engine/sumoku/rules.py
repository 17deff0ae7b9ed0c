"""SumokuRules: the Rules implementation for the event-sourced engine.

Each variant is a flow module (classic.py, solitaire.py) with `setup`, `decide` and the
`APPLY` handlers of its own events; the shared events are folded by flow.py. A new
variant (a real-time race) is one more module in FLOWS.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar, Iterable, Iterator, Mapping

from engine.core.errors import RuleError
from engine.core.events import Command, Event
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.sumoku import classic, flow, solitaire
from engine.sumoku.state import VARIANTS, SumokuState, new_state
from engine.sumoku.views import view, view_board

FLOWS: dict[str, ModuleType] = {"classic": classic, "solitaire": solitaire}


class SumokuRules:
    game: ClassVar[str] = "sumoku"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = range(1, 9)
    variants: ClassVar[tuple[str, ...]] = VARIANTS

    def __init__(self) -> None:
        self._apply = {name: {**flow.APPLY, **mod.APPLY} for name, mod in FLOWS.items()}

    def initial(self, seats: int, options: Mapping[str, object]) -> SumokuState:
        return new_state(seats, options)

    def setup(self, state: SumokuState, rng: Rng) -> list[Event]:
        return FLOWS[state.variant].setup(state, rng)

    def decide(self, state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
        if not isinstance(cmd, dict):
            raise RuleError("err.bad_command")
        return FLOWS[state.variant].decide(state, cmd, rng)

    def apply(self, state: SumokuState, event: Event) -> SumokuState:
        self._apply[state.variant][event["type"]](state, event)
        return state

    def to_act(self, state: SumokuState) -> frozenset[int]:
        if state.ended or state.turn is None:
            return frozenset()
        return frozenset((state.turn,))

    def view(self, state: SumokuState, seat: int | None) -> dict:
        return view(state, seat)

    def outcome(self, state: SumokuState) -> Outcome | None:
        if not state.ended:
            return None
        return Outcome(list(state.final or []), list(state.winners or []), None,
                       {"reason": state.end_reason, "penalties": list(state.penalties or []),
                        "scores": list(state.scores)})

    def to_data(self, state: SumokuState) -> Any:
        return state.to_data()

    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]:
        return _legal_commands(view, seat)


def _legal_commands(v: dict, seat: int) -> Iterator[Command]:
    """Every place command the movegen finds for `seat`, then pass / exchange / stop."""
    if v["ended"] or v["turn"] != seat:
        return
    from engine.sumoku.movegen import legal_plays  # written by the movegen helper
    hand = v["hands"][seat]
    scoring = v["options"].get("scoring", "cross")
    for play in legal_plays(view_board(v), list(hand), v["key"], first_play=v["first_play"],
                            scoring=scoring):
        yield {"type": "place", "seat": seat, "tiles": [list(p) for p in play.placements]}
    if v["variant"] == "solitaire":
        if v["exchanges_left"] > 0 and v["bag_count"] > 0:
            for tile in sorted(set(hand)):
                yield {"type": "exchange", "seat": seat, "tiles": [tile]}
        yield {"type": "stop", "seat": seat}
        return
    yield {"type": "pass", "seat": seat}
    if v["options"].get("exchange") and not v["extra_play"] and hand and v["bag_count"] >= len(hand):
        yield {"type": "exchange", "seat": seat, "tiles": list(hand)}
