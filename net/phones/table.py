"""PhoneTable: a LocalSession's phone seats, on the main loop. The one send path.

Every game frame a phone receives is made here and only here, for that phone's seat:
a listener added with `session.add_listener(fn, seat)` hears each command's events as
the seat may (the rules' event_view) and sends them with `session.view(seat)` (the view
and its status header); a (re)joining phone gets `session.view(seat)` alone. Nothing the
TV draws, no other seat's view and no text in the TV's language goes to a phone: refusals
are the RuleError's catalog key and parameters.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.core.errors import RuleError
from engine.core.session import LocalSession
from net.phones import wire
from net.phones.host import PhoneHost


class PhoneTable:
    def __init__(self, host: PhoneHost, session: LocalSession) -> None:
        self.host = host
        self.session = session
        self._heard: dict[int, Callable[[Any, list[dict[str, Any]]], None]] = {}
        for seat, s in enumerate(host.seats()):
            if s["kind"] == "phone":
                self.watch(seat)
                host.send(seat, wire.view_frame(session.view(seat)))   # the game has begun

    def watch(self, seat: int) -> None:
        """Send `seat`'s frames to whichever phone holds it (from now on)."""
        if seat in self._heard:
            return

        def heard(session: Any, events: list[dict[str, Any]], seat: int = seat) -> None:
            self._push(seat, events)
        self._heard[seat] = heard
        self.session.add_listener(heard, seat)

    def unwatch(self, seat: int) -> None:
        """The seat went to a bot or the TV: no more frames for it."""
        fn = self._heard.pop(seat, None)
        if fn is not None:
            self.session.remove_listener(fn)

    def close(self) -> None:
        for seat in list(self._heard):
            self.unwatch(seat)

    def _push(self, seat: int, events: list[dict[str, Any]]) -> None:
        view = self.session.view(seat)
        # [] means "redraw everything" (an undo, a resync): the whole view, no events
        self.host.send(seat, wire.events_frame(events, view) if events else wire.view_frame(view))

    def pump(self) -> list[dict[str, Any]]:
        """Drain what phones asked since the last frame: a (re)joined phone gets its whole
        view, a command is submitted for the seat its connection holds (a refusal goes back
        to that phone only). Returns the joined / away notices, for the TV to redraw."""
        notices: list[dict[str, Any]] = []
        for msg in self.host.poll():
            seat = msg["seat"]
            if msg["k"] == "cmd":
                self._command(seat, msg["cmd"])
                continue
            notices.append(msg)
            if msg["k"] == "joined" and seat in self._heard:
                self.host.send(seat, wire.view_frame(self.session.view(seat)))
        return notices

    def _command(self, seat: int, cmd: dict[str, Any]) -> None:
        if seat not in self._heard:
            self.host.send(seat, wire.refused("phone.err.not_seated"))
            return
        cmd = dict(cmd)
        cmd["seat"] = seat          # the seat the token holds, whatever the phone said
        try:
            self.session.submit(cmd)
        except RuleError as e:
            data = e.to_data()
            self.host.send(seat, wire.refused(data["code"], data["params"]))
        except (TypeError, ValueError, KeyError, IndexError):   # a shape decide did not expect
            self.host.send(seat, wire.refused("err.bad_command"))
