"""The seats panel of a game with phones (F5 at the table, or Seats in the pause menu):
every seat with where it is played, a button that moves a person at the TV to a phone or
a phone's seat to the TV, and how a phone joins (the QR code, the room code and the
address), for the seat just handed to a phone.

It covers the whole table (opaque: nobody's hand shows while someone walks up to scan
the code). While it is up the game stops as under the pause menu (scenes/common/pause.py
`stops_game`: the phones are told, their moves refused, the app still pumps them), so a
phone joining a seat gets its seat's view at once."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.common.phoneroom import JoinCard, draw_seat, seat_rows
from scenes.ui import style
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand

# the table's word for a phone seat (TurnTable.phone_state) -> the panel's line for it
WHERE = {"open": "phonetv.where.open", "here": "phonetv.where.here", "away": "phonetv.where.away",
         "grace": "phonetv.where.away", "bot": "phonetv.where.bot", "back": "phonetv.where.back"}


class SeatsPanel(RedrawOnDemand, GuiScene):
    opaque = True
    modal = True

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.card = JoinCard()
        self._shown: list[str | None] = []

    # ---- what each seat is ----------------------------------------------------------------
    def where(self, seat: int) -> str:
        """The catalog key of where `seat` is played now."""
        place = self.table.seat_place(seat)
        if place == "phone":
            return WHERE.get(self.table.phone_state(seat) or "here", "phonetv.where.here")
        return "phonetv.where.tv" if place == "tv" else "phonetv.state.bot"

    def states(self) -> list[str | None]:
        return [self.table.phone_state(s) for s in range(self.table.n)]

    # ---- life ----------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        getattr(self.app.session, "pause_clock", lambda: None)()

    def back(self) -> None:
        scenes = self.stack.scenes
        if self in scenes and scenes.index(self) > 0 and scenes[scenes.index(self) - 1] is self.table:
            getattr(self.app.session, "resume_clock", lambda: None)()    # (the pause menu keeps it stopped)
        super().back()

    def update(self, dt: float) -> None:
        super().update(dt)
        states = self.states()
        if states != self._shown:           # a phone joined or went away
            self._shown = states
            self.rebuild()

    def hand(self, seat: int, to: str) -> None:
        if self.table.hand_over(seat, to):
            self._shown = self.states()
            self.rebuild()
        else:
            self.app.sound.play("error")

    # ---- widgets and drawing -----------------------------------------------------------------
    def build(self) -> None:
        t = self.app.t
        for s, row in enumerate(seat_rows(self, self.table.n)):
            place = self.table.seat_place(s)
            if place == "bot":
                continue
            to = "tv" if place == "phone" else "phone"
            bw = int(row.h * 3)
            self.button(pygame.Rect(row.right - bw, row.y, bw, row.h), t(f"phonetv.to_{to}"),
                        lambda s=s, to=to: self.hand(s, to), oid=f"to_{s}", size=20,
                        enabled=self.table.can_hand_over())
        self.button(self.r(860, 640, 400, 62), t("phonetv.seats.back"), self.back, oid="back", size=28)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        self.draw_title(surface, t("phonetv.seats.title"), y=16, h=70)
        host = getattr(self.app, "phone_host", None)
        if host is not None:
            self.card.draw(self, surface, host, "phonetv.seats.hint")
        for s, row in enumerate(seat_rows(self, self.table.n)):
            key = self.where(s)
            colour = (style.GOOD if key == "phonetv.where.here" else
                      style.ACCENT if key in ("phonetv.where.open", "phonetv.where.away") else style.INK_DIM)
            right = row.w - 28 - (int(row.h * 3) if self.table.seat_place(s) != "bot" else 0)
            draw_seat(self, surface, row, s, self.table.name(s), t(key), colour, right)
