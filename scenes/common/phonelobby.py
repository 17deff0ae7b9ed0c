"""The TV's lobby for a game with phones: the server runs (on the remembered port, bound to
the chosen LAN address), and the screen shows the QR code of the page, its address in
large type, the room code and every seat: here, away or empty for a phone seat, a bot, or
a person at the TV. The host may free a phone seat (kick), hand any seat to a phone, a
bot or the TV, pick another address, and start once every phone seat is taken; the room
then locks and the game's table opens.

The server (net/phones/host.py) is handed to the app (`app.phone_host`) when the game
starts; Back stops it.

Continue of a game played with phones opens this lobby too (`session`: the resumed game):
the room kept beside its log (net/phones/keep.py) comes back, the same code on the same
address and port, each phone seat away and holding its token, so every phone that played
rejoins its own seat by itself (its page retries, then resumes with its token: no seat to
pick again). The game goes on once every phone seat is here, or when the host presses
Continue with some still away (the table then waits for them as for any phone away). A
seat kept without a token is empty: a phone may take it with the room code."""
from __future__ import annotations

from typing import Any

import pygame

from net.phones import keep, wire
from net.phones.addresses import lan_addresses
from net.phones.host import PhoneHost
from net.phones.preview import ASKS
from scenes.common.names import player_name
from scenes.common.phoneroom import JoinCard, draw_seat, join_text, seat_rows
from scenes.stack import wake
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand


class PhoneLobbyScene(RedrawOnDemand, GuiScene):

    def __init__(self, app: Any, game: str, setup: dict[str, Any],
                 addresses: list[str] | None = None, session: Any = None) -> None:
        super().__init__(app)
        self.game = game
        self.setup = setup
        self.session = session                 # Continue: the resumed game the phones go back to
        self.kept = keep.load(session.log_path, session.seats) if session is not None else None
        self.players: list[dict[str, Any]] = [dict(p) for p in setup["players"]]
        if self.kept is not None:              # the seats as they were last handed
            self.players = [dict(p, kind={"tv": "human"}.get(k, k)) for p, k in zip(self.players, self.kept.kinds)]
        self.addresses = addresses or lan_addresses()
        st = app.settings
        last = self.kept.address if self.kept is not None else getattr(st, "phone_address", "")
        self.address = last if last in self.addresses else self.addresses[0]
        self.port = self.kept.port if self.kept is not None else int(getattr(st, "phone_port", 0) or 0)
        self.host: PhoneHost | None = None
        self.problem: str | None = None        # a catalog key: why the server is not running
        self.card = JoinCard()
        self.handed_over = False
        app.stop_phones()                      # a server left from the last game with phones
        self.serve()

    # ---- the server ------------------------------------------------------------------------
    def kinds(self) -> list[str]:
        return [{"phone": "phone", "bot": "bot"}.get(p.get("kind", "human"), "tv") for p in self.players]

    def names(self) -> list[str]:
        """Each seat's name as the TV shows it ("Player n" in the TV's language when none was given)."""
        return [player_name(self.players, s) for s in range(len(self.players))]

    def given(self) -> list[str]:
        """Each seat's name as given ("" for none): what the phones get, each page saying
        "Player n" in its own language."""
        return [str(p.get("name") or "") for p in self.players]

    def serve(self) -> None:
        """(Re)start the server on the chosen address and the remembered port (Continue: the
        kept room's code and tokens, as the last server left them)."""
        room = self.host.keep() if self.host is not None else None
        self.stop()
        code, tokens = None, None
        if room is not None and self.session is not None:
            code, tokens = room["code"], [s["token"] for s in room["seats"]]
        elif self.kept is not None:
            code, tokens = self.kept.code, self.kept.tokens
        host = PhoneHost(self.game, self.kinds(), self.given(), address=self.address, port=self.port, wake=wake,
                         code=code, tokens=tokens)
        try:
            host.start()
        except OSError:
            self.problem = "phonetv.port_in_use"
            return
        self.problem = None
        self.host = host
        st = self.app.settings
        st.phone_port, st.phone_address = host.port, self.address
        self.port = host.port
        self.app.save_settings()

    def stop(self) -> None:
        if self.host is not None and not self.handed_over:
            self.host.stop()
        self.host = None

    @property
    def url(self) -> str:
        return self.host.url if self.host else ""

    @property
    def qr_text(self) -> str:
        return join_text(self.host)

    def seats(self) -> list[dict[str, Any]]:
        return self.host.seats() if self.host else [{"kind": k, "name": "", "state": "empty"} for k in self.kinds()]

    def ready(self) -> bool:
        return self.host is not None and all(s["state"] in ("here", "away") for s in self.seats() if s["kind"] == "phone")

    # ---- life ------------------------------------------------------------------------------
    def leave(self) -> None:
        super().leave()

    def back(self) -> None:
        self.stop()
        if self.session is not None:           # Continue given up: the log stays as it is
            self.session.close()
            self.session = None
        self.stack.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        notices = self.host.poll() if self.host is not None else []
        for m in notices:
            if m["k"] in ("cmd", "hint", *ASKS):     # Continue: a phone back before the others plays too soon
                self.host.send(m["seat"], wire.refused("phone.err.waiting"))
        if notices:                 # joined / away: the seats changed
            self.rebuild()
            if self.session is not None and self.all_back():
                self.start()

    def all_back(self) -> bool:
        """Continue: every phone seat is here again (the game goes on by itself)."""
        phones = [s for s in self.seats() if s["kind"] == "phone"]
        return bool(phones) and all(s["state"] == "here" for s in phones)

    def start(self) -> None:
        if not self.ready():
            self.app.sound.play("error")
            return
        assert self.host is not None
        seats = self.host.seats()
        players = [dict(p, name=seats[s]["name"]) if p.get("kind") == "phone" else p
                   for s, p in enumerate(self.players)]
        self.host.lock()
        self.handed_over = True
        self.app.phone_host = self.host
        self.stack.pop()
        if self.session is not None:           # Continue: the same game goes on
            self.session.players = players     # (the log's header keeps its own)
            self.app.go_on_with_phones(self.session)
        else:
            self.app.start_game(self.game, dict(self.setup, players=players))

    def step_address(self, d: int) -> None:
        i = self.addresses.index(self.address) if self.address in self.addresses else 0
        self.address = self.addresses[(i + d) % len(self.addresses)]
        self.serve()
        self.rebuild()

    KIND_ORDER = ("phone", "bot", "tv")

    def step_kind(self, seat: int, d: int) -> None:
        """Hand the seat to a phone, a bot or the TV (a phone holding it is told and closed)."""
        kinds = self.kinds()
        kind = self.KIND_ORDER[(self.KIND_ORDER.index(kinds[seat]) + d) % len(self.KIND_ORDER)]
        p = self.players[seat]
        self.players[seat] = dict(p, kind={"tv": "human"}.get(kind, kind),
                                  level=p.get("level") if p.get("kind") == "bot" else "normal")
        if self.host is not None:
            self.host.set_seat(seat, kind, self.given()[seat])
        self.rebuild()

    def kick(self, seat: int) -> None:
        if self.host is not None:
            self.host.kick(seat)
            self.rebuild()

    # ---- widgets and drawing --------------------------------------------------------------------
    def seat_rows(self) -> list[pygame.Rect]:
        return seat_rows(self, len(self.players))

    def build(self) -> None:
        t = self.app.t
        if len(self.addresses) > 1:
            self.cycler(self.r(40, 640, 280, 62), t("phonetv.address", address=self.address), self.step_address,
                        oid="address", size=20)
        for s, (row, seat) in enumerate(zip(self.seat_rows(), self.seats())):
            kind = self.kinds()[s]
            bw = int(row.h * 2.4)
            self.cycler(pygame.Rect(row.right - bw, row.y, bw, row.h), t(f"phonetv.kind.{kind}"),
                        lambda d, s=s: self.step_kind(s, d), oid=f"kind_{s}", size=20)
            if seat["kind"] == "phone" and seat["state"] != "empty":
                self.button(pygame.Rect(row.right - 2 * bw - 8, row.y, bw, row.h), t("phonetv.kick"),
                            lambda s=s: self.kick(s), oid=f"kick_{s}", size=20)
        self.button(self.r(340, 640, 280, 62), t("ui.back"), self.back, oid="back", size=28)
        self.button(self.r(660, 640, 280, 62), t("ui.menu.continue" if self.session else "ui.setup.start"),
                    self.start, oid="start", size=30, enabled=self.ready())

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        title = "phonetv.title_continue" if self.session is not None else "phonetv.title"
        self.draw_title(surface, t(title, game=t(f"ui.game.{self.game}")), y=16, h=70)
        if self.problem:
            text_in(surface, t(self.problem, port=self.port), self.r(40, 130, 620, 300), self.fs(28), style.BAD,
                    bold=True, align="left", valign="top", wrap_lines=True, min_size=self.fs(18))
        elif self.host is not None:
            self.card.draw(self, surface, self.host, "phonetv.help_continue" if self.session is not None else "phonetv.help")
        for s, (row, seat) in enumerate(zip(self.seat_rows(), self.seats())):
            name = seat["name"] or (t("phonetv.empty_phone") if seat["kind"] == "phone" else self.names()[s])
            bw = int(row.h * 2.4)
            right = row.w - 28 - bw - (bw + 8 if seat["kind"] == "phone" and seat["state"] != "empty" else 0)
            colour = style.GOOD if seat["state"] == "here" else style.ACCENT if seat["state"] == "away" else style.INK_DIM
            draw_seat(self, surface, row, s, name, t(f"phonetv.state.{seat['state']}"), colour, right)
