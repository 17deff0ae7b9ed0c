"""The room before the race: its code, big, to read aloud; every seat with its name,
status (open / here / away / bot / gone) and ready mark; Ready for the players who
joined, Start for the host (the relay's refusals shown), Leave. When the relay says
"started", the race scene takes over (scenes.sumoku.online.race.begin_race)."""
from __future__ import annotations

from typing import Any

import pygame

from net.session import Lobby
from scenes.sumoku.online.link import Problem, error_problem, refusal_text
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene
from scenes.ui.worker import run_async


class LobbyScene(GuiScene):
    def __init__(self, app: Any, lobby: Lobby, relay: str) -> None:
        super().__init__(app)
        self.lobby = lobby
        self.relay = relay
        self.notice: str | None = None          # the last refusal's catalog key
        self.link_up = True
        self.starting = False
        self.gone = False                       # left, or handed over to the race
        self._shape: tuple[Any, ...] = ()

    # ---- state -----------------------------------------------------------------
    @property
    def members(self) -> list[dict[str, Any]]:
        return self.lobby.members

    @property
    def me(self) -> dict[str, Any] | None:
        seat = self.lobby.seat
        return next((m for m in self.members if m["seat"] == seat), None)

    def shape(self) -> tuple[Any, ...]:
        """What the buttons depend on: rebuilt when it changes."""
        me = self.me
        return self.lobby.is_host, bool(me and me["ready"])

    def everyone_ready(self) -> bool:
        room = self.lobby.room or {}
        for m in self.members:
            if m["seat"] == self.lobby.host_seat:
                continue
            if m["status"] == "here" and not m["ready"] or m["status"] == "away":
                return False
            if m["status"] == "open" and not room.get("allow_bots"):
                return False
        return True

    # ---- widgets -------------------------------------------------------------------
    def build(self) -> None:
        t = self.app.t
        self._shape = self.shape()
        is_host, ready = self._shape
        if is_host:
            self.button(self.r(300, 648, 420, 60), t("net.lobby.start"), self.do_start, oid="start", size=30)
        else:
            self.button(self.r(300, 648, 420, 60), t("net.lobby.ready_off" if ready else "net.lobby.ready_on"),
                        self.toggle_ready, oid="ready", size=28)
        self.button(self.r(760, 648, 260, 60), t("net.lobby.leave"), self.back, oid="leave", size=28)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        room = self.lobby.room or {}
        code = self.lobby.code or "?"
        text_in(surface, t("net.lobby.code_label"), self.r(60, 18, 520, 40), self.fs(24), style.INK_DIM,
                align="left")
        text_in(surface, " ".join(code), self.r(60, 56, 520, 120), self.fs(112), style.ACCENT, bold=True,
                align="left")
        variant = t(f"race.variant.{room.get('variant', 'speed')}")
        text_in(surface, t("net.lobby.variant", variant=variant, n=len(self.members)),
                self.r(620, 56, 600, 56), self.fs(34), style.INK, bold=True, align="right")
        text_in(surface, t("net.lobby.read_aloud"), self.r(620, 118, 600, 44), self.fs(22), style.INK_DIM,
                align="right")
        self.draw_seats(surface, room)
        text, colour = self.message()
        text_in(surface, text, self.r(60, 586, 1160, 52), self.fs(24), colour, wrap_lines=True, max_lines=2,
                ellipsis=True)

    def draw_seats(self, surface: pygame.Surface, room: dict[str, Any]) -> None:
        t = self.app.t
        n = max(1, len(self.members))
        top, bottom = 190, 574
        row = min(60, (bottom - top) // n)
        for i, m in enumerate(self.members):
            y = top + i * row
            seat = m["seat"]
            mine = seat == self.lobby.seat
            box = self.r(60, y, 1160, row - 6)
            panel(surface, box, style.BG_3 if mine else style.BG_2, radius=10)
            pygame.draw.rect(surface, style.seat_colour(seat), self.r(60, y, 10, row - 6), border_radius=4)
            status = m["status"]
            name = m["name"] or t("ui.player_n", n=seat + 1)
            if status == "open":
                name = t("ui.player_n", n=seat + 1)
            if mine:
                name = t("net.lobby.you", name=name)
            text_in(surface, name, self.r(86, y, 540, row - 6), self.fs(28), style.seat_colour(seat),
                    bold=True, align="left", ellipsis=True)
            if seat == self.lobby.host_seat and status != "open":
                text_in(surface, t("net.lobby.host_tag"), self.r(640, y, 150, row - 6), self.fs(22),
                        style.ACCENT, bold=True, align="left", ellipsis=True)
            label = t(f"net.status.{status}")
            if status == "open" and room.get("allow_bots"):
                label = f"{label} ({t('net.lobby.open_bot')})"
            text_in(surface, label, self.r(800, y, 250, row - 6), self.fs(22),
                    style.GOOD if status == "here" else style.INK_DIM, align="left", ellipsis=True)
            if status in ("here", "away") and seat != self.lobby.host_seat:
                ready = bool(m["ready"])
                text_in(surface, t("net.lobby.ready" if ready else "net.lobby.not_ready"),
                        self.r(1060, y, 150, row - 6), self.fs(22), style.GOOD if ready else style.BAD,
                        bold=ready, align="right", ellipsis=True)

    def message(self) -> tuple[str, tuple[int, int, int]]:
        t = self.app.t
        if not self.link_up:
            return t("net.lobby.link_lost"), style.ACCENT
        if self.notice is not None:
            return refusal_text(self.notice), style.BAD
        if self.starting:
            return t("net.lobby.starting"), style.ACCENT
        if self.lobby.is_host:
            if self.everyone_ready():
                return t("net.lobby.can_start"), style.GOOD
            return t("net.lobby.wait_players"), style.INK_DIM
        host = next((m for m in self.members if m["seat"] == self.lobby.host_seat), None)
        name = (host or {}).get("name") or t("ui.player_n", n=(self.lobby.host_seat or 0) + 1)
        return t("net.lobby.wait_host", name=name), style.INK_DIM

    # ---- actions --------------------------------------------------------------------
    def toggle_ready(self) -> None:
        me = self.me
        self.notice = None
        self.lobby.set_ready(not (me and me["ready"]))

    def do_start(self) -> None:
        self.notice = None
        self.starting = True
        self.lobby.start()

    def back(self) -> None:
        """Leave the room (the seat is given up) and go back to the connect screen."""
        if not self.gone:
            self.gone = True
            run_async(self.lobby.close, True)
        self.stack.pop()

    # ---- the loop --------------------------------------------------------------------
    def enter(self) -> None:
        self.take_news()             # the room's first message is already here: build for it
        if not self.gone:
            super().enter()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.take_news()

    def take_news(self) -> None:
        """Fold what the relay said into the screen; hand over to the race on "started"."""
        if self.gone:
            return
        for msg in self.lobby.poll():
            k = msg["k"]
            if k == "refused":
                self.starting = False
                self.notice = f"net.refused.{msg['reason']}"
            elif k == "link":
                self.link_up = bool(msg["up"])
            elif k == "closed":
                self.closed(error_problem(str(msg.get("code", "lost")), self.relay))
                return
        if self.lobby.started:
            self.gone = True
            from scenes.sumoku.online.race import begin_race
            begin_race(self.app, self.lobby, self.relay)
            return
        if self.manager is not None and self.shape() != self._shape:
            self.rebuild()

    def closed(self, problem: Problem) -> None:
        """The link ended: back to the connect screen, which shows why."""
        self.gone = True
        self.stack.pop()
        below = self.stack.top
        failed = getattr(below, "failed", None)
        if failed is not None:
            failed(problem)
