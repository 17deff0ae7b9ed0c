"""PhoneTable: a LocalSession's phone seats, on the main loop. The one send path.

Every game frame a phone receives is made here and only here, for that phone's seat:
a listener added with `session.add_listener(fn, seat)` hears each command's events as
the seat may (the rules' event_view) and sends them with `session.view(seat)` (the view
and its status header); a (re)joining phone gets `session.view(seat)` alone; Wooolf!!'s
notebook (net/phones/notebook.py) is computed from that same view of the seat. Nothing the
TV draws, no other seat's view and no text in the TV's language goes to a phone: refusals
are the RuleError's catalog key and parameters.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

from engine.core.errors import RuleError
from engine.core.session import LocalSession
from net.phones import keep, wire
from net.phones.hints import hint_for, hint_frame
from net.phones.host import PhoneHost
from net.phones.notebook import LEVELS, Notebooks
from net.phones.preview import ASKS, Asks


GRACE_S = 30.0      # seconds a phone seat is away before the TV may hand it to a bot


class PhoneTable:
    """`clock` and `grace`: when a seat that is away may be handed to a bot (F2 at the TV);
    a bot then plays it (the session's players say "bot"; the log's header is untouched)
    until the TV gives it back to its phone. `hand` moves a seat between the TV and a
    phone mid-game (the session's players say "human" or "phone")."""

    def __init__(self, host: PhoneHost, session: LocalSession, *,
                 clock: Callable[[], float] = time.monotonic, grace: float = GRACE_S) -> None:
        self.host = host
        self.session = session
        self.clock, self.grace = clock, grace
        self._heard: dict[int, Callable[[Any, list[dict[str, Any]]], None]] = {}
        self.away_since: dict[int, float] = {}
        self.by_bot: set[int] = set()
        self.drafts: dict[int, dict[str, Any]] = {}   # seat -> the play its phone is building (public games)
        self._hinting: set[int] = set()               # seats whose hint is being made
        self._held_at: float | None = None            # when the TV's pause menu stopped the game
        self._kept: dict[str, Any] | None = None
        self.open: set[int] = set()         # seats handed to a phone that no phone has joined yet
        session.players = [dict(p) for p in session.players]    # handing over never edits the header's
        level = str(session.options.get("assistant", "notes"))
        self.notebooks = (Notebooks(level, host.send)
                          if session.rules.game in ("wooolf", "hooky") and level in LEVELS else None)
        self.asks = Asks(host, session)          # Paperback's preview (net/phones/preview.py)
        for seat, s in enumerate(host.seats()):
            if s["kind"] == "phone":
                self.watch(seat)
                self._send_view(seat)                                   # the game has begun
                if s["state"] != "here":
                    self.away_since[seat] = clock()
        self.keep()

    def keep(self) -> None:
        """Keep the room (code, port, seats' tokens) beside the log, when it changed, so that
        Continue lets the same phones back in after a quit or a crash (net/phones/keep.py)."""
        path = getattr(self.session, "log_path", None)
        if path is None:
            return
        room = self.host.keep()
        if room != self._kept and keep.save(path, room):
            self._kept = room

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
        """The table leaves its session: no more frames; a finished game's kept room goes
        (nothing can continue it), a saved one's stays for Continue."""
        for seat in list(self._heard):
            self.unwatch(seat)
        if self.notebooks is not None:
            self.notebooks.close()
        if self.session.outcome() is not None:
            keep.forget(getattr(self.session, "log_path", None))

    def _push(self, seat: int, events: list[dict[str, Any]]) -> None:
        view = self.session.view(seat)
        # [] means "redraw everything" (an undo, a resync): the whole view, no events
        self.host.send(seat, wire.events_frame(events, view) if events else wire.view_frame(view))
        self._notebook(seat, view)

    def _send_view(self, seat: int) -> None:
        view = self.session.view(seat)
        self.host.send(seat, wire.view_frame(view))
        self._notebook(seat, view)

    def _notebook(self, seat: int, view: dict[str, Any]) -> None:
        """The seat's notebook (Wooolf!!'s assistant), made from this view off the loop."""
        if self.notebooks is not None:
            self.notebooks.want(seat, len(self.session.events), view)

    def pump(self) -> list[dict[str, Any]]:
        """Drain what phones asked since the last frame: a (re)joined phone gets its whole
        view, a command is submitted for the seat its connection holds (a refusal goes back
        to that phone only), a changed token is kept beside the log. Returns the joined /
        away / seats notices, for the TV to redraw."""
        notices: list[dict[str, Any]] = []
        for msg in self.host.poll():
            seat = msg["seat"]
            if self.held and msg["k"] in ("cmd", "draft", "hint"):   # the game is stopped: nothing changes
                if msg["k"] != "draft":
                    self.host.send(seat, wire.refused("phone.err.paused"))
                continue
            if msg["k"] == "cmd":
                self._command(seat, msg["cmd"])
                continue
            if msg["k"] == "draft":
                self._draft(seat, msg["cmd"])
                continue
            if msg["k"] == "hint":
                self._hint(seat)
                continue
            if msg["k"] in ASKS:
                why = self._refusal(seat)
                if why is None:
                    self.asks.take(seat, msg)
                else:
                    self.host.send(seat, wire.refused(why))
                continue
            notices.append(msg)
            if msg["k"] == "seats":          # a seat's token changed: keep the new one
                self.keep()
            elif msg["k"] == "joined":
                self.away_since.pop(seat, None)
                self.drafts.pop(seat, None)      # a reloaded page starts its play afresh
                self.open.discard(seat)
                if seat in self._heard:
                    self._send_view(seat)
                    if self.held:
                        self.host.send(seat, wire.paused(True))
            elif msg["k"] == "away" and seat in self._heard:
                self.away_since[seat] = self._now()
        return notices

    # ---- the TV's pause: phones show it, grace periods stand still -------------------------
    @property
    def held(self) -> bool:
        return self._held_at is not None

    def hold(self, on: bool) -> None:
        """The TV's game stopped (its pause menu, or what that opened, or the quit question)
        or goes on again: each phone is told with a status notice (not a game event: the
        log is untouched); while held a phone's move is refused with phone.err.paused and
        no grace period runs (it goes on from where it stood)."""
        if on == self.held:
            return
        if on:
            self._held_at = self.clock()
        else:
            assert self._held_at is not None
            stood = self.clock() - self._held_at
            self.away_since = {s: t + stood for s, t in self.away_since.items()}
            self._held_at = None
        for seat in self._heard:
            self.host.send(seat, wire.paused(on))

    def _now(self) -> float:
        """The table's clock: it stands still while the game is held."""
        return self._held_at if self._held_at is not None else self.clock()

    # ---- a seat changes hands mid-game ----------------------------------------------------------
    def hand(self, seat: int, kind: str, name: str = "") -> None:
        """Move `seat` to a phone ("phone": the seat opens for a phone to join, with a new
        token) or to a person at the TV ("tv"). A phone holding it is told and closed; the
        session's players say "phone" or "human"; the log is untouched (not a game event)."""
        if kind not in ("phone", "tv"):
            raise ValueError(kind)
        self.by_bot.discard(seat)
        self.away_since.pop(seat, None)
        self.drafts.pop(seat, None)
        self.session.players[seat] = dict(self.session.players[seat], kind="phone" if kind == "phone" else "human")
        self.host.set_seat(seat, kind, name)
        if kind == "phone":
            self.open.add(seat)
            self.watch(seat)
        else:
            self.open.discard(seat)
            self.unwatch(seat)

    # ---- seats away: a bot may play them ---------------------------------------------------
    def state(self, seat: int) -> str | None:
        """None for a seat not on a phone; else "open" (handed to a phone none has joined
        yet), "here", "away" (in its grace period), "grace" (away past it: a bot may take
        over), "bot" (a bot plays it, its phone away) or "back" (a bot plays it and its
        phone is back)."""
        if seat not in self._heard:
            return None
        if seat in self.open:
            return "open"
        away = seat in self.away_since
        if seat in self.by_bot:
            return "bot" if away else "back"
        if not away:
            return "here"
        return "grace" if self._now() - self.away_since[seat] >= self.grace else "away"

    def next_change(self) -> float | None:
        """Seconds until a seat's grace period ends (for the TV's redraw), or None."""
        if self.held:
            return None
        waits = [self.away_since[s] + self.grace - self.clock() for s in self.away_since if s not in self.by_bot]
        waits = [w for w in waits if w > 0]
        return min(waits) if waits else None

    def switch(self) -> list[int]:
        """The TV's F2: seats whose phones are back return to them; else seats away past
        their grace go to a bot. Returns the seats that changed hands."""
        back = sorted(s for s in self.by_bot if self.state(s) == "back")
        due = [] if back else sorted(s for s in self._heard if self.state(s) == "grace")
        for s in back + due:
            kind = "phone" if s in back else "bot"
            self.session.players[s] = dict(self.session.players[s], kind=kind)
            (self.by_bot.discard if s in back else self.by_bot.add)(s)
            self.drafts.pop(s, None)
        return back + due

    def _draft(self, seat: int, cmd: dict[str, Any]) -> None:
        """A play the phone is building, for the TV to show (Sumoku's tiles put down but not
        yet confirmed). Only in a game without hidden information: a draft is never secret."""
        if seat in self._heard and seat not in self.by_bot and not self.session.rules.spec.hidden_information:
            self.drafts[seat] = cmd

    def _hint(self, seat: int) -> None:
        """The TV's Hint for the seat's phone, made from the seat's view on a worker thread
        (a search may take a moment); one at a time per seat."""
        if seat not in self._heard or seat in self.by_bot or hint_for(self.session.rules.game) is None:
            self.host.send(seat, wire.refused("err.bad_command"))
            return
        if seat in self._hinting:
            return
        self._hinting.add(seat)
        view, seq, game = self.session.view(seat), len(self.session.events), self.session.rules.game

        def work() -> None:
            try:
                self.host.send(seat, hint_frame(game, view, seat, seq))
            finally:
                self._hinting.discard(seat)
        threading.Thread(target=work, name="phone-hint", daemon=True).start()

    def _refusal(self, seat: int) -> str | None:
        """Why the phone holding `seat` may not act for it now (None: it may)."""
        if seat not in self._heard:
            return "phone.err.not_seated"
        if seat in self.by_bot:
            return "phone.err.bot_plays"
        return None

    def _command(self, seat: int, cmd: dict[str, Any]) -> None:
        why = self._refusal(seat)
        if why is not None:
            self.host.send(seat, wire.refused(why))
            return
        cmd = dict(cmd)
        cmd["seat"] = seat          # the seat the token holds, whatever the phone said
        try:
            self.session.submit(cmd)
            self.drafts.pop(seat, None)
        except RuleError as e:
            data = e.to_data()
            self.host.send(seat, wire.refused(data["code"], data["params"]))
        except (TypeError, ValueError, KeyError, IndexError):   # a shape decide did not expect
            self.host.send(seat, wire.refused("err.bad_command"))
