"""Pick a log to watch: every log in the user data folder, newest first, with its
game (and variant, for a game that has more than one), date, players, and whether the
game finished. Up/Down (PageUp/PageDown) pick, Enter opens; a click picks, a click on the
picked row (or Open) opens; the wheel or the scrollbar beside the rows scrolls."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from scenes import registry
from scenes.common.names import player_name
from scenes.logs import LogInfo, has_ended, list_logs
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand

ROWS = 9


def game_label(game: str, variant: str, t: Any) -> str:
    """The game's name, with the variant only when the game has more than one."""
    plugin = registry.plugin(game)
    variants = plugin.SETUP.get("variants", []) if plugin else []
    name = t(f"ui.game.{game}")
    if len(variants) <= 1:
        return name
    label = next((t(key) for vid, key, _extra in variants if vid == variant), variant)
    return t("ui.logs.game_variant", game=name, variant=label)


class LogPickerScene(RedrawOnDemand, GuiScene):
    title_key = "ui.logs.title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        games = set(registry.playable())
        self.logs: list[LogInfo] = [i for i in list_logs() if i.game in games]
        self.picked = 0
        self.top = 0
        self._finished: dict[Path, bool] = {}   # refolded on demand, for the rows on screen
        self._drag: int | None = None          # the pointer's offset in the scrollbar's thumb

    def finished(self, i: LogInfo) -> bool:
        if i.path not in self._finished:
            self._finished[i.path] = has_ended(i.path)
        return self._finished[i.path]

    def line(self, i: LogInfo) -> str:
        t = self.app.t
        names = t("ui.list_sep").join(player_name(i.players, s) for s in range(max(i.seats, len(i.players))))
        return t("ui.logs.line", date=i.created, game=game_label(i.game, i.variant, t), players=names or "-",
                 events=i.events)

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
        return self.r(60, 110 + k * 54, 1124, 48)

    # ---- the scrollbar ------------------------------------------------------------
    def track_rect(self) -> pygame.Rect:
        return self.r(1196, 110, 24, ROWS * 54 - 6)

    def thumb_rect(self) -> pygame.Rect:
        track = self.track_rect()
        n = max(1, len(self.logs))
        h = max(self.px(36), track.h * min(ROWS, n) // n)
        span = max(1, n - ROWS)
        y = track.y + (track.h - h) * min(self.top, span) // span
        return pygame.Rect(track.x, y, track.w, h)

    def px(self, v: int) -> int:
        return max(1, self.r(0, 0, v, 0).w)

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(len(self.logs) - ROWS, top))
        self.picked = max(self.top, min(self.top + ROWS - 1, self.picked))

    def _thumb_to(self, y: int) -> None:
        track, thumb = self.track_rect(), self.thumb_rect()
        free = max(1, track.h - thumb.h)
        self.scroll_to(round((y - track.y) * (len(self.logs) - ROWS) / free))

    # ---- input ----------------------------------------------------------------------
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
        scrolls = len(self.logs) > ROWS
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if scrolls and self.track_rect().collidepoint(ev.pos):
                thumb = self.thumb_rect()
                if thumb.collidepoint(ev.pos):
                    self._drag = ev.pos[1] - thumb.y
                else:     # a click on the track pages towards it
                    self.scroll_to(self.top + (ROWS if ev.pos[1] > thumb.y else -ROWS))
                return True
            for k in range(min(ROWS, len(self.logs) - self.top)):
                if self.row_rect(k).collidepoint(ev.pos):
                    n = self.top + k
                    if n == self.picked:
                        self.open()
                    else:
                        self.picked = n
                    return True
        if ev.type == pygame.MOUSEMOTION and self._drag is not None:
            self._thumb_to(ev.pos[1] - self._drag)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if ev.type == pygame.MOUSEWHEEL and self.logs:
            self.move(-ev.y)
            return True
        return super().handle(ev)

    def open(self) -> None:
        if 0 <= self.picked < len(self.logs):
            self.app.open_replay(self.logs[self.picked].path)

    # ---- drawing --------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        t = self.app.t
        if not self.logs:
            text_in(surface, t("ui.logs.none"), self.r(60, 280, 1160, 80), self.fs(30), style.INK_DIM,
                    wrap_lines=True)
            return
        for k in range(min(ROWS, len(self.logs) - self.top)):
            n = self.top + k
            info = self.logs[n]
            rect = self.row_rect(k)
            picked = n == self.picked
            pygame.draw.rect(surface, style.ACCENT if picked else style.BG_2, rect, border_radius=8)
            badge = pygame.Rect(rect.right - self.px(150), rect.y + self.px(8), self.px(138), rect.h - self.px(16))
            done = self.finished(info)
            pygame.draw.rect(surface, style.GOOD if done else style.BG_3, badge, border_radius=self.px(12))
            text_in(surface, t("ui.logs.finished" if done else "ui.logs.unfinished"), badge.inflate(-self.px(10), -2),
                    self.fs(18), style.INK_DARK if done else style.INK, bold=True, min_size=16)
            text = pygame.Rect(rect.x + self.px(12), rect.y + 2, badge.x - rect.x - self.px(24), rect.h - 4)
            text_in(surface, self.line(info), text, self.fs(22), style.INK_DARK if picked else style.INK,
                    align="left", bold=picked, min_size=16, ellipsis=True)
        if len(self.logs) > ROWS:
            track = self.track_rect()
            pygame.draw.rect(surface, style.BG_2, track, border_radius=track.w // 2)
            pygame.draw.rect(surface, style.INK_DIM if self._drag is None else style.ACCENT, self.thumb_rect(),
                             border_radius=track.w // 2)
            text_in(surface, t("ui.logs.more", n=len(self.logs)), self.r(60, 110 + ROWS * 54, 1160, 30),
                    self.fs(18), style.INK_DIM)
