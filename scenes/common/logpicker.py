"""Pick a log to watch: every log in the user data folder, newest first, with its
game, variant, date and players. Up/Down (PageUp/PageDown) pick, Enter opens; a click
picks, a click on the picked row (or Open) opens."""
from __future__ import annotations

from typing import Any

import pygame

from scenes import registry
from scenes.logs import LogInfo, list_logs
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand

ROWS = 9


def variant_label(game: str, variant: str, t: Any) -> str:
    plugin = registry.plugin(game)
    for vid, key, _extra in (plugin.SETUP.get("variants", []) if plugin else []):
        if vid == variant:
            return t(key)
    return variant


class LogPickerScene(RedrawOnDemand, GuiScene):
    title_key = "ui.logs.title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        games = set(registry.playable())
        self.logs: list[LogInfo] = [i for i in list_logs() if i.game in games]
        self.picked = 0
        self.top = 0

    def line(self, i: LogInfo) -> str:
        t = self.app.t
        names = t("ui.list_sep").join(n for n in i.players if n) or "-"
        return t("ui.logs.line", date=i.created, game=t(f"ui.game.{i.game}"),
                 variant=variant_label(i.game, i.variant, t), players=names, events=i.events)

    def build(self) -> None:
        t = self.app.t
        self.button(self.r(340, 640, 280, 62), t("ui.back"), self.back, oid="back", size=28)
        self.button(self.r(660, 640, 280, 62), t("ui.logs.open"), self.open, oid="open", size=28,
                    enabled=bool(self.logs))
        if self.logs and self._first:
            self.focus_index = 1
            self._first = False

    _first = True

    def row_rect(self, k: int) -> pygame.Rect:
        return self.r(60, 110 + k * 54, 1160, 48)

    def move(self, d: int) -> None:
        self.picked = max(0, min(len(self.logs) - 1, self.picked + d))
        if self.picked < self.top:
            self.top = self.picked
        elif self.picked >= self.top + ROWS:
            self.top = self.picked - ROWS + 1

    def handle_key(self, ev: pygame.event.Event) -> bool:
        keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -ROWS, pygame.K_PAGEDOWN: ROWS}
        if self.logs and ev.key in keys:
            self.move(keys[ev.key])
            return True
        return False

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k in range(min(ROWS, len(self.logs) - self.top)):
                if self.row_rect(k).collidepoint(ev.pos):
                    n = self.top + k
                    if n == self.picked:
                        self.open()
                    else:
                        self.picked = n
                    return True
        if ev.type == pygame.MOUSEWHEEL and self.logs:
            self.move(-ev.y)
            return True
        return super().handle(ev)

    def open(self) -> None:
        if 0 <= self.picked < len(self.logs):
            self.app.open_replay(self.logs[self.picked].path)

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        if not self.logs:
            text_in(surface, self.app.t("ui.logs.none"), self.r(60, 280, 1160, 80), self.fs(30), style.INK_DIM,
                    wrap_lines=True)
            return
        for k in range(min(ROWS, len(self.logs) - self.top)):
            n = self.top + k
            rect = self.row_rect(k)
            picked = n == self.picked
            pygame.draw.rect(surface, style.ACCENT if picked else style.BG_2, rect, border_radius=8)
            text_in(surface, self.line(self.logs[n]), rect.inflate(-24, -4), self.fs(22),
                    style.INK_DARK if picked else style.INK, align="left", bold=picked, min_size=16,
                    ellipsis=True)
        if len(self.logs) > ROWS:
            text_in(surface, self.app.t("ui.logs.more", n=len(self.logs)), self.r(60, 110 + ROWS * 54, 1160, 30),
                    self.fs(18), style.INK_DIM)
