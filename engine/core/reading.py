"""What every holder of a game state answers the same way (sessions, lockstep, replays),
and the listeners of those that change (sessions)."""
from __future__ import annotations

import copy
from typing import Any, Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.core.rules import Outcome, Rules
from engine.core.turns import view_with_status

Listener = Callable[[Any, list[Event]], None]


class StateReader:
    """Mixin for objects with `rules`, `state` and `events` (the log folded so far): the
    reading half of a session. Every view carries the header `view["status"]`."""

    rules: Rules
    state: Any
    events: list[Event]

    def view(self, seat: int | None) -> dict:
        return view_with_status(self.rules, self.state, seat)

    def to_act(self) -> frozenset[int]:
        return self.rules.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def hash(self) -> str:
        return state_hash(self.rules.to_data(self.state))

    def next_deadline(self) -> int | None:
        """When the rules want the next tick (ms of game time), for timed games."""
        return self.rules.next_deadline(self.state)

    def now_ms(self) -> int:
        """The game time: the last folded event's (sessions read their clock instead)."""
        return int(self.events[-1].get("t", 0)) if self.events else 0

    def folded(self) -> list[Event]:
        """The events the state is the fold of (a replay cursor: those before its position)."""
        return self.events

    def events_for(self, seat: int | None) -> list[Event]:
        """The log so far as `seat` may see it (None: the table), through the rules'
        event_view: for narration, log panels and replays. Each event is a copy (nested
        lists may still be the log's own: read them, do not change them)."""
        return [seat_event(self.rules, dict(ev), seat) for ev in self.folded()]

    def check(self, cmd: Command) -> RuleError | None:
        """A dry run: the RuleError that would refuse `cmd` now, or None when it would be
        accepted. Nothing is submitted, stamped or logged and the state does not change
        (the rng is a throwaway: a dry run's draws are never seen)."""
        if self.outcome() is not None and cmd.get("type") != "tick":
            return RuleError("err.game_over")
        cmd = dict(cmd)
        cmd["t"] = self.now_ms()
        try:
            self.rules.decide(self.state, cmd, Rng(len(self.events)))
        except RuleError as e:
            return e
        return None


def seat_event(rules: Rules, ev: Event, seat: int | None) -> Event:
    """What `seat` (None: the table) learns of `ev`: the rules' event_view, and the
    private fields the spec declares (CommandSpec.private) dropped for every seat but
    the event's own. Every reader of events for a seat goes through this."""
    return rules.spec.redact(rules.event_view(ev, seat), seat)


class Listening:
    """Mixin for sessions: listeners hear each command's events. `listeners` (the raw
    list, `fn(session, events)`) is for the log writer and the core only; a person or a
    bot listens through `add_listener(fn, seat)` and hears every event as that seat may
    (the rules' event_view; seat None = the table). `[]` means "redraw everything"
    (after an undo, a resync or a link change)."""

    rules: Rules
    listeners: list[Listener]

    def _seat_listeners(self) -> list[tuple[Listener, int | None]]:
        return self.__dict__.setdefault("_by_seat", [])

    def add_listener(self, fn: Listener, seat: int | None = None) -> None:
        self._seat_listeners().append((fn, seat))

    def remove_listener(self, fn: Listener) -> None:
        """Stop `fn` hearing events (a listener never added is ignored)."""
        self.__dict__["_by_seat"] = [(f, s) for f, s in self._seat_listeners() if f != fn]

    def _tell(self, new: list[Event]) -> None:
        for fn in list(self.listeners):
            fn(self, new)
        for fn, seat in list(self._seat_listeners()):
            fn(self, [seat_event(self.rules, copy.deepcopy(ev), seat) for ev in new])
