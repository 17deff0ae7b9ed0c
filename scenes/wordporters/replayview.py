"""The replay viewer's picture of a Word Porters view: the board as that view may see it
(the viewer's own target ringed; this round's reveals ringed in the revealer's colour),
and beside it the round, every player's score and the score track (the winners once
the game is over)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from scenes.common.names import player_name, winners_text
from scenes.common.renderer import Renderer
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wordporters.layout import board_layout, proportions
from scenes.wordporters.pieces import draw_track
from scenes.wordporters.tableview import Shown, draw_board
from scenes.wordporters.words import resolve


def shown_of(view: dict) -> Shown:
    """What a view alone lets one mark: its own target, and the numbers revealed so far."""
    s = Shown()
    for r in view.get("reveals") or []:
        s.rings[int(r["number"])] = style.seat_colour(int(r["seat"]))
    if view.get("number"):
        s.rings.setdefault(int(view["number"]), style.ACCENT)
    return s


class ReplayRenderer(Renderer):
    """`draw(surface, rect, view)`. The replay viewer sets `players` and `options` from the
    log header: the words are shown in the word language the game was played in
    (`options["words"]`); `mode` overrides it (default: the log's, else the menus')."""

    def __init__(self, app: Any = None, players: Sequence[dict] | None = None, mode: str | None = None,
                 options: dict | None = None) -> None:
        super().__init__(app, players)
        self.options: dict = dict(options or {})
        self.mode = mode

    def word_mode(self) -> str:
        return resolve(self.mode if self.mode is not None else self.options.get("words"))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        rect = pygame.Rect(rect)
        fr = Frame(surface.get_size())
        if not view.get("seats"):
            return
        gap = fr.px(8)
        side_w = max(fr.px(170), rect.w // 5)
        board = pygame.Rect(rect.x, rect.y, rect.w - side_w - gap, rect.h)
        if view.get("words"):
            mode = self.word_mode()
            lay = board_layout(board, len(view.get("hints") or []), gap, tag_w=fr.px(24), **proportions(mode))
            draw_board(surface, lay, fr, view, mode, shown_of(view))
        side = pygame.Rect(board.right + gap, rect.y, side_w, rect.h)
        panel(surface, side, style.BG_2, radius=fr.px(10))
        inner = side.inflate(-fr.px(12), -fr.px(12))
        n = int(view["seats"])
        if view.get("ended"):
            head = winners_text(self.players, (view.get("result") or {}).get("winners") or [])
        else:
            head = t("wordporters.ui.round", round=view.get("round", 0), of=view.get("rounds", 4))
        hh = fr.px(60)
        text_in(surface, head, pygame.Rect(inner.x, inner.y, inner.w, hh), fr.fs(22), style.ACCENT, bold=True,
                wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)
        track_h = min(fr.px(80), inner.h // 4)
        rows = pygame.Rect(inner.x, inner.y + hh, inner.w, inner.h - hh - track_h - gap)
        rh = min(fr.px(34), rows.h // max(1, n))
        for s in range(n):
            r = pygame.Rect(rows.x, rows.y + s * rh, rows.w, rh - 2)
            text_in(surface, player_name(self.players, s), pygame.Rect(r.x, r.y, r.w - fr.px(44), r.h), fr.fs(20),
                    style.seat_colour(s), bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
            text_in(surface, str(view["scores"][s]), pygame.Rect(r.right - fr.px(40), r.y, fr.px(40), r.h),
                    fr.fs(22), style.INK, bold=True, align="right", min_size=fr.min_fs, ellipsis=True)
        draw_track(surface, pygame.Rect(inner.x, inner.bottom - track_h, inner.w, track_h), fr, view["scores"])
