"""SumokuRules: the Rules implementation for the event-sourced engine.

Each variant is a flow module (classic.py, solitaire.py, and the real-time races
speed.py, grab.py, team.py) with `setup`, `decide` and the `APPLY` handlers of its own
events; the shared events are folded by flow.py. A race module also has `to_act` (every
seat in the running round); `next_deadline` says when the next tick is due (a race's
countdown, solitaire's time limit). Nothing in a Sumoku event is secret (tiles are face
up; the bag's order never appears in an event), so `event_view` gives every event as it is.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.spec import GameSpec
from engine.core.turns import in_turn
from engine.sumoku import classic, flow, grab, solitaire, speed, team
from engine.sumoku.movegen import legal_plays
from engine.sumoku.state import RACES, SumokuState, new_state
from engine.sumoku.views import race_view, view, view_board
from engine.sumoku.spec import SPEC

FLOWS: dict[str, ModuleType] = {"classic": classic, "solitaire": solitaire, "speed": speed,
                                "grab": grab, "team": team}



class SumokuRules:
    spec: ClassVar[GameSpec] = SPEC
    game: ClassVar[str] = "sumoku"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = SPEC.seats

    def __init__(self) -> None:
        self._apply = {name: {**flow.APPLY, **mod.APPLY} for name, mod in FLOWS.items()}

    @staticmethod
    def seats_for(variant: str) -> range:
        """The seat counts a variant takes, from the spec (classic 1-8, solitaire 1, speed
        and grab 2-8, team 2-16); KeyError for an unknown variant."""
        return SPEC.variant(variant).seats

    def next_deadline(self, state: SumokuState) -> int | None:
        """When the next {"type": "tick", "seat": None} is due (ms of game time), or None:
        a race's next round, solitaire's time limit."""
        if state.ended:
            return None
        if state.race is not None:
            return state.race.starts_at
        return solitaire.deadline(state) if state.variant == "solitaire" else None

    def progress(self, state: SumokuState) -> tuple[str, int | None]:
        """(phase, round): "play" (turns; solitaire's round is its stage), a race's
        "countdown" / "round" / "between" with its round number, or "over"."""
        rs = state.race
        if state.ended:
            return "over", rs.round if rs is not None else None
        if rs is None:
            return "play", state.stage if state.variant == "solitaire" else None
        if rs.live:
            return "round", rs.round
        return ("countdown" if rs.starts_at is not None else "between"), rs.round

    def event_view(self, event: Event, seat: int | None) -> Event:
        return event

    def legacy_data(self, state: SumokuState, events: Sequence[Event], rules_version: int) -> Any:
        raise ValueError(f"sumoku has had one rules version, not {rules_version}")

    def initial(self, seats: int, options: Mapping[str, object]) -> SumokuState:
        return new_state(seats, options)

    def setup(self, state: SumokuState, rng: Rng) -> list[Event]:
        return FLOWS[state.variant].setup(state, rng)

    def decide(self, state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
        if not isinstance(cmd, dict):
            raise RuleError("err.bad_command")
        return FLOWS[state.variant].decide(state, cmd, rng)

    def follow_up(self, state: SumokuState, rng: Rng) -> list[Event]:
        return []     # every variant's decide returns its whole answer

    def apply(self, state: SumokuState, event: Event) -> SumokuState:
        self._apply[state.variant][event["type"]](state, event)
        return state

    def to_act(self, state: SumokuState) -> frozenset[int]:
        if state.race is not None:
            return FLOWS[state.variant].to_act(state)
        return in_turn(None if state.ended else state.turn)

    def view(self, state: SumokuState, seat: int | None) -> dict:
        if state.race is not None:
            return race_view(state, self.to_act(state))
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
    if v["variant"] in RACES:  # races are played by plans (racebot.py), not a move list
        return
    if v["ended"] or v["turn"] != seat:
        return
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
