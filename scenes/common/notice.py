"""A small message box over the current screen, closed with OK / Enter / Esc."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand


class Notice(RedrawOnDemand, GuiScene):
    back_oid = "ok"            # B (Esc) does what this button does
    opaque = False
    modal = True

    def __init__(self, app: Any, key: str, then: Callable[[], None] | None = None, **params: Any) -> None:
        super().__init__(app)
        self.key = key
        self.params = params
        self.then = then

    def build(self) -> None:
        self.button(self.r(540, 440, 200, 64), self.app.t("ui.ok"), self.close, oid="ok")

    def close(self) -> None:
        self.stack.pop()
        if self.then:
            self.then()

    back = close

    def draw_back(self, surface: pygame.Surface) -> None:
        style.shade(surface, 170)
        box = self.r(260, 220, 760, 310)
        panel(surface, box, style.BG_2, border=style.ACCENT)
        text_in(surface, self.app.t(self.key, **self.params), self.r(300, 250, 680, 170), self.fs(28),
                style.INK, wrap_lines=True)
