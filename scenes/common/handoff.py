"""The handoff curtain: the whole window, the next player's name in their seat colour,
and a deliberate press (Space / Enter, or the button) before anything is shown.
Opaque, so nothing beneath it (no hand, no secret) is drawn while it is up. Esc and its
Menu button open the pause menu over the curtain (resume, settings, save and quit): a way
out that shows nobody's secrets."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand

ARM_DELAY = 0.8   # seconds of curtain time before it can lift: a key still held, or the
                  # last player's habit of pressing Enter twice, must not show the next hand


class HandoffCurtain(RedrawOnDemand, GuiScene):
    opaque = True
    modal = True

    def __init__(self, app: Any, seat: int, name: str, then: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.seat = seat
        self.name = name
        self.then = then
        self.armed_in = ARM_DELAY

    def build(self) -> None:
        self.button(self.r(390, 470, 500, 84), self.app.t("ui.handoff.ready", name=self.name), self.lift,
                    oid="ready", size=30)
        self.button(self.r(1060, 40, 196, 60), self.app.t("ui.handoff.menu"), self.open_menu, oid="menu", size=24)
        self.focus_index = 0

    def open_menu(self) -> None:
        """The pause menu, over the curtain (which stays up beneath it)."""
        if self.stack.top is self:
            self.app.pause()

    def update(self, dt: float) -> None:
        self.armed_in = max(0.0, self.armed_in - dt)
        super().update(dt)

    def wake_after(self) -> float | None:
        """Still, but it must arm itself while the loop sleeps."""
        return self.armed_in if self.armed_in > 0 else None

    def handle_key(self, ev: pygame.event.Event) -> bool:
        if ev.key == pygame.K_ESCAPE:
            self.open_menu()
        elif ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focused is self.widgets.get("menu") and ev.key != pygame.K_SPACE:
                self.open_menu()
            else:
                self.lift()
        elif ev.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            return False      # the focus moves between the two buttons
        return True  # every other key is swallowed too

    def back(self) -> None:
        self.open_menu()  # Esc never lifts the curtain: it opens the menu

    def lift(self) -> None:
        if self.armed_in > 0 or self.stack.top is not self:
            return
        self.stack.pop()
        if self.then:
            self.then()

    def draw_back(self, surface: pygame.Surface) -> None:
        surface.fill(style.BG)
        colour = style.seat_colour(self.seat)
        w, h = surface.get_size()
        band = max(10, h // 40)
        pygame.draw.rect(surface, colour, (0, 0, w, band))
        pygame.draw.rect(surface, colour, (0, h - band, w, band))
        t = self.app.t
        text_in(surface, t("ui.handoff.pass_to"), self.r(40, 130, 1200, 70), self.fs(40), style.INK_DIM)
        text_in(surface, self.name, self.r(40, 210, 1200, 140), self.fs(110), colour, bold=True)
        text_in(surface, t("ui.handoff.hint", name=self.name), self.r(140, 370, 1000, 80), self.fs(28),
                style.INK, wrap_lines=True)
