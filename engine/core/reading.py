"""What every holder of a game state answers the same way (sessions, lockstep, replays)."""
from __future__ import annotations

from typing import Any

from engine.core.hashing import state_hash
from engine.core.rules import Outcome


class StateReader:
    """Mixin for objects with `rules` and `state`: the reading half of a session."""

    rules: Any
    state: Any

    def view(self, seat: int | None) -> dict:
        return self.rules.view(self.state, seat)

    def to_act(self) -> frozenset[int]:
        return self.rules.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def hash(self) -> str:
        return state_hash(self.rules.to_data(self.state))

    def next_deadline(self) -> int | None:
        """When the rules want the next tick (ms of game time), for timed games."""
        fn = getattr(self.rules, "next_deadline", None)
        return fn(self.state) if fn is not None else None
