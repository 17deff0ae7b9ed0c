"""How to play: the game package's pages (text and illustrations drawn by its own
renderer), paged with buttons and the arrow keys, in the current language."""
from __future__ import annotations

from typing import Any

import pygame

from scenes import registry
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand


class HowToScene(RedrawOnDemand, GuiScene):
    def __init__(self, app: Any, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.page = 0
        self.pages: list[Any] = []

    def build(self) -> None:
        self.pages = registry.plugin(self.game).howto_pages()   # again per language
        self.page = max(0, min(self.page, len(self.pages) - 1))
        t = self.app.t
        n = len(self.pages)
        self.button(self.r(40, 646, 240, 60), t("ui.back"), self.back, oid="back", size=26)
        if len(registry.playable()) > 1:  # one book of rules per game: choose which
            self.cycler(self.r(300, 646, 380, 60), t("ui.howto.game", game=t(f"ui.game.{self.game}")),
                        self.step_game, oid="game", size=24)
        self.button(self.r(700, 646, 250, 60), t("ui.howto.prev"), lambda: self.turn(-1), oid="prev", size=26,
                    enabled=self.page > 0)
        self.button(self.r(990, 646, 250, 60), t("ui.howto.next"), lambda: self.turn(1), oid="next", size=26,
                    enabled=self.page < n - 1)
        if self._first:
            self.focus_index = 2 if n > 1 else 0
            self._first = False

    _first = True

    def step_game(self, d: int) -> None:
        games = registry.playable()
        self.game = games[(games.index(self.game) + d) % len(games)]
        self.page = 0
        self.rebuild()

    def turn(self, d: int) -> None:
        new = max(0, min(len(self.pages) - 1, self.page + d))
        if new != self.page:
            self.page = new
            self.rebuild()

    def pad_badges(self) -> dict[str, str]:
        return {**super().pad_badges(), "prev": "LB", "next": "RB"}

    def handle_key(self, ev: pygame.event.Event) -> bool:
        if ev.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.turn(-1)
            return True
        if ev.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.turn(1)
            return True
        return False

    def content_rect(self) -> pygame.Rect:
        return self.r(40, 110, 1200, 520)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        text_in(surface, t("ui.howto.title", game=t(f"ui.game.{self.game}")), self.r(40, 14, 900, 50), self.fs(26),
                style.INK_DIM, align="left")
        if not self.pages:
            return
        page = self.pages[self.page]
        text_in(surface, page.title, self.r(40, 50, 1200, 60), self.fs(40), style.INK, bold=True, align="left")
        text_in(surface, t("ui.howto.page", n=self.page + 1, total=len(self.pages)), self.r(300, 646, 380, 60),
                self.fs(24), style.INK_DIM)
        rect = self.content_rect()
        prev = surface.get_clip()
        surface.set_clip(rect)
        page.draw(surface, rect)
        surface.set_clip(prev)
