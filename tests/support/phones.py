"""Phone test helpers: a TV (a PhoneHost and a PhoneTable over a LocalSession, with bots in
their seats) that a test drives a frame at a time, and the check that every frame a phone
received is exactly what the seat's view and event views give."""
from __future__ import annotations

import json
from typing import Any, Iterable

from engine.core.session import LocalSession, fold
from engine.core.turns import view_with_status
from engine.registry import bot_for, rules_for
from net.phones.host import PhoneHost
from net.phones.limits import PhoneLimits
from net.phones.table import PhoneTable

HOSTNAME = "couchtop.test"       # mapped to the loopback by the browser's resolver rules


def plain(x: Any) -> Any:
    """`x` as it comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(x))


class Tv:
    """A game at the TV with phone seats: `kinds` per seat ("phone", "bot" or "tv")."""

    def __init__(self, game: str, kinds: list[str], *, seed: int = 1, options: dict | None = None,
                 clock: Any = None, log_dir: Any = None, **limits: Any) -> None:
        self.game = game
        self.kinds = kinds
        names = [f"Bot {s + 1}" if k == "bot" else "" for s, k in enumerate(kinds)]
        kw = {"clock": clock} if clock is not None else {}
        self.host = PhoneHost(game, kinds, names, hostnames=[HOSTNAME],
                              limits=PhoneLimits().with_(**limits), **kw)
        self.host.start()
        self.rules = rules_for(game)
        self.seed = seed
        self.options = dict(options or {})
        self.log_dir = log_dir
        self.session: LocalSession | None = None
        self.table: PhoneTable | None = None
        self.bots = {s: bot_for(game, None, "normal", s) for s, k in enumerate(kinds) if k == "bot"}

    @property
    def url(self) -> str:
        return f"http://{HOSTNAME}:{self.host.port}/"

    def start_game(self) -> None:
        """Start the game with the names the phones gave (the room locks)."""
        seats = self.host.seats()
        players = [{"name": s["name"] or f"P{i + 1}", "kind": "bot" if s["kind"] == "bot" else "human",
                    "level": "normal"} for i, s in enumerate(seats)]
        self.session = LocalSession(self.rules, len(self.kinds), self.options, self.seed, players,
                                    log=self.log_dir is not None, log_dir=self.log_dir)
        self.table = PhoneTable(self.host, self.session)
        self.host.lock()

    def pump(self) -> None:
        """One frame of the TV's loop: phones' messages, then the bots' moves."""
        if self.table is None:
            self.host.poll()
            return
        self.table.pump()
        s = self.session
        assert s is not None
        while s.outcome() is None:
            bots = [seat for seat in sorted(s.to_act()) if seat in self.bots]
            if not bots:
                break
            seat = bots[0]
            s.submit(self.bots[seat].choose(s.view(seat), seat))

    def stop(self) -> None:
        if self.table is not None:
            self.table.close()
        self.host.stop()

    # ---- what each seat may have been sent ----------------------------------------------
    def views_by_length(self, seat: int) -> dict[int, Any]:
        """The seat's view after each prefix of the log (as JSON gives it back)."""
        assert self.session is not None
        rules, events = self.rules, self.session.events
        state = fold(self.rules, len(self.kinds), self.options, [])
        out = {0: plain(view_with_status(rules, state, seat))}
        for n, ev in enumerate(events, 1):
            state = rules.apply(state, ev)
            out[n] = plain(view_with_status(rules, state, seat))
        return out

    def check_frames(self, seat: int, frames: Iterable[str]) -> int:
        """Every frame a phone at `seat` received is a lobby, welcome, refused or error
        frame (no game data), the seat's whole view at some point of the log, or one
        command's events as the seat may see them with the seat's view after them.
        Returns the number of game frames checked."""
        assert self.session is not None
        views = self.views_by_length(seat)
        events = self.session.events
        checked = 0
        for text in frames:
            m = json.loads(text)
            k = m["k"]
            if k == "lobby":
                assert set(m) == {"k", "game", "locked", "seats"}
                assert all(set(x) == {"kind", "name", "state"} for x in m["seats"])
            elif k == "welcome":
                assert set(m) == {"k", "seat", "token", "name", "game", "limits"} and m["seat"] == seat
            elif k in ("refused", "error"):
                assert set(m) <= {"k", "code", "params"}
            elif k == "view":
                assert set(m) == {"k", "view"}
                assert m["view"] in views.values()
                checked += 1
            elif k == "events":
                assert set(m) == {"k", "events", "view"}
                first, last = m["events"][0]["seq"], m["events"][-1]["seq"]
                expect = [self.rules.event_view(dict(ev), seat) for ev in events[first:last + 1]]
                assert m["events"] == plain(expect)
                cmds = {ev.get("cmd") for ev in events[first:last + 1]}     # one command's, all of them
                assert len(cmds) == 1
                assert first == 0 or events[first - 1].get("cmd") not in cmds
                assert last + 1 == len(events) or events[last + 1].get("cmd") not in cmds
                assert m["view"] == views[last + 1]
                checked += 1
            else:
                raise AssertionError(f"unknown frame {k}")
        return checked


class Phone:
    """One page as one phone: every WebSocket frame it receives is kept in `frames`."""

    def __init__(self, browser, url: str, lang: str = "en", viewport=(360, 640)) -> None:
        self.context = browser.new_context(locale=lang, viewport={"width": viewport[0], "height": viewport[1]})
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.sockets: list = []
        self.console: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("console", lambda m: self.console.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.console.append(str(e)))
        self.page.goto(url)

    def _socket(self, ws) -> None:
        self.sockets.append(ws)
        ws.on("framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else payload.decode()))

    def close(self) -> None:
        self.context.close()
