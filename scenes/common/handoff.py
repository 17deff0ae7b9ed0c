"""The handoff curtain: the whole window, the next player's name in their seat colour,
and a deliberate press (Space / Enter, or the button) before anything is shown.
Opaque, so nothing beneath it (no hand, no secret) is drawn while it is up."""
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

    def update(self, dt: float) -> None:
        self.armed_in = max(0.0, self.armed_in - dt)
        super().update(dt)

    def wake_after(self) -> float | None:
        """Still, but it must arm itself while the loop sleeps."""
        return self.armed_in if self.armed_in > 0 else None

    def handle_key(self, ev: pygame.event.Event) -> bool:
        if ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.lift()
        return True  # every other key is swallowed too

    def back(self) -> None:
        pass  # Esc does not lift the curtain

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
