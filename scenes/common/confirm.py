"""A yes-or-no question over the current screen ("Quit Couchtop?"). The harmless answer
has the focus, Esc gives it too, and the buttons sit away from where the question was
asked from, so a double click cannot answer it by accident."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand


class Confirm(RedrawOnDemand, GuiScene):
    back_oid = "no"            # B (Esc) does what this button does
    opaque = False
    modal = True

    def __init__(self, app: Any, question: str, yes: str, on_yes: Callable[[], None], no: str = "ui.quit.stay",
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.question, self.yes, self.no = question, yes, no
        self.on_yes, self.on_no = on_yes, on_no

    def back(self) -> None:
        super().back()
        if self.on_no is not None:
            self.on_no()

    def build(self) -> None:
        t = self.app.t
        self.button(self.r(390, 372, 240, 66), t(self.no), self.back, oid="no", size=28)
        self.button(self.r(650, 372, 240, 66), t(self.yes), self.confirm, oid="yes", size=28)
        self.focus_index = 0

    def confirm(self) -> None:
        self.stack.pop()
        self.on_yes()

    def draw_back(self, surface: pygame.Surface) -> None:
        style.shade(surface, 180)
        panel(surface, self.r(350, 220, 580, 250), style.BG_2, border=style.ACCENT)
        text_in(surface, self.app.t(self.question), self.r(380, 244, 520, 110), self.fs(40), style.INK, bold=True,
                wrap_lines=True)
