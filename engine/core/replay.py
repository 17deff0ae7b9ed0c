"""A replay cursor over a finished (or unfinished) log: step, step back, seek."""
from __future__ import annotations

import copy
from typing import Any, Callable

from engine.core.checkpoints import checkpoint_hash
from engine.core.events import Event, upcast
from engine.core.logstore import LoadedLog
from engine.core.reading import StateReader
from engine.core.rules import Rules, initial_state

SNAPSHOT_EVERY = 32


class ReplayCursor(StateReader):
    """`position` is how many events have been folded (0 = before the first)."""

    def __init__(self, rules: Rules, header: dict[str, Any], events: list[Event]) -> None:
        self.rules = rules
        self.header = header
        self.seats = int(header["seats"])
        self.options = dict(header.get("options") or {})
        self.events = [upcast(rules.game, dict(ev)) for ev in events]
        self.position = 0
        self.state = initial_state(rules, self.seats, self.options)
        self._snapshots: dict[int, Any] = {0: copy.deepcopy(self.state)}

    @classmethod
    def from_log(cls, loaded: LoadedLog, rules_for: Callable[[str], Rules]) -> "ReplayCursor":
        """A cursor over `loaded`, with the rules `rules_for(game)` gives for its game
        (engine.registry.rules_for)."""
        return cls(rules_for(loaded.header["game"]), loaded.header, loaded.events)

    def __len__(self) -> int:
        return len(self.events)

    @property
    def at_end(self) -> bool:
        return self.position >= len(self.events)

    def folded(self) -> list[Event]:
        """The events before the cursor: `events_for(seat)` is the log up to here as that
        seat may see it."""
        return self.events[:self.position]

    def now_ms(self) -> int:
        return int(self.events[self.position - 1].get("t", 0)) if self.position else 0

    def checkpoint_hash(self) -> str:
        """The state hash in the form of the log's rules version (engine/core/checkpoints.py)."""
        return checkpoint_hash(self.rules, self.state, self.folded(), self.header.get("rules_version"))

    def current_event(self) -> Event | None:
        return self.events[self.position - 1] if self.position else None

    def step(self) -> Event | None:
        if self.at_end:
            return None
        ev = self.events[self.position]
        self.state = self.rules.apply(self.state, ev)
        self.position += 1
        if self.position % SNAPSHOT_EVERY == 0 and self.position not in self._snapshots:
            self._snapshots[self.position] = copy.deepcopy(self.state)
        return ev

    def back(self) -> None:
        if self.position:
            self.seek(self.position - 1)

    def seek(self, position: int) -> None:
        position = max(0, min(position, len(self.events)))
        if position < self.position:
            base = max(n for n in self._snapshots if n <= position)
            self.state = copy.deepcopy(self._snapshots[base])
            self.position = base
        while self.position < position:
            self.step()
