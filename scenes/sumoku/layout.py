"""Where everything goes on the Sumoku table, from the window's design-unit frame
(designed at 1280x720; the table fills the whole window)."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.ui.geometry import Frame

BUTTON_COLS = 3


@dataclass
class TableLayout:
    scale: float
    pad: int
    top: pygame.Rect
    board: pygame.Rect
    side: pygame.Rect
    bottom: pygame.Rect
    preview: pygame.Rect
    hand: pygame.Rect
    buttons: list[pygame.Rect]
    stats: list[pygame.Rect]
    status: pygame.Rect
    menu: pygame.Rect
    keys: pygame.Rect = field(default_factory=pygame.Rect)    # the line of keys that work now
    cards: list[pygame.Rect] = field(default_factory=list)
    log: pygame.Rect = field(default_factory=pygame.Rect)     # what the others did, under the cards


LOG_MIN_H = 150         # design px the log needs under the seat cards (five short lines)
CARD_MIN_H = 92         # a seat card no smaller than this makes room for the log


def table_layout(fr: Frame, seats: int, n_stats: int, *, side_panel: bool = True,
                 n_buttons: int = 6) -> TableLayout:
    w, h = fr.size
    s = fr.k
    pad = max(4, round(10 * s))
    top_h = round(84 * s)
    side_w = round(300 * s) if side_panel else 0
    bottom_h = round(190 * s)
    top = pygame.Rect(0, 0, w, top_h)
    side = pygame.Rect(w - side_w, top_h, side_w, h - top_h)
    bottom = pygame.Rect(0, h - bottom_h, w - side_w, bottom_h)
    keys_h = round(30 * s)
    board = pygame.Rect(0, top_h, w - side_w, h - top_h - bottom_h - keys_h)
    keys = pygame.Rect(0, board.bottom, board.w, keys_h)

    # buttons: a grid on the right of the bottom bar
    bw, bh, gap = round(124 * s), round(58 * s), round(8 * s)
    rows = max(1, -(-n_buttons // BUTTON_COLS))
    grid_w = BUTTON_COLS * bw + (BUTTON_COLS - 1) * gap
    grid_h = rows * bh + (rows - 1) * gap
    gx = bottom.right - pad - grid_w
    gy = bottom.centery - grid_h // 2
    buttons = [pygame.Rect(gx + (i % BUTTON_COLS) * (bw + gap), gy + (i // BUTTON_COLS) * (bh + gap), bw, bh)
               for i in range(n_buttons)]
    left_w = gx - pad - (bottom.x + pad)
    preview = pygame.Rect(bottom.x + pad, bottom.y + pad, left_w, round(50 * s))
    hand = pygame.Rect(bottom.x + pad, preview.bottom + pad // 2, left_w, bottom.bottom - pad - preview.bottom - pad // 2)

    # top bar: stat boxes from the left, the menu button at the right, the status between
    sw, sh = round(124 * s), top_h - 2 * pad
    stats = [pygame.Rect(pad + i * (sw + pad), pad, sw, sh) for i in range(n_stats)]
    menu = pygame.Rect(w - pad - round(120 * s), pad + round(8 * s), round(120 * s), sh - round(16 * s))
    sx = (stats[-1].right if stats else 0) + pad
    status = pygame.Rect(sx, pad, menu.x - pad - sx, sh)

    layout = TableLayout(s, pad, top, board, side, bottom, preview, hand, buttons, stats, status, menu, keys)
    if side_panel and seats:
        gap = pad
        card_h = min(round(124 * s), (side.h - gap * (seats + 1)) // seats)
        with_log = min(card_h, (side.h - round(LOG_MIN_H * s) - gap * (seats + 2)) // seats)
        if with_log >= round(CARD_MIN_H * s):     # room for the log too (up to 4 seats)
            card_h = with_log
        layout.cards = [pygame.Rect(side.x + gap, side.y + gap + i * (card_h + gap), side.w - 2 * gap, card_h)
                        for i in range(seats)]
        if with_log < round(CARD_MIN_H * s) and seats > 4:     # 5-8 seats: compact cards, two a row
            layout.cards = two_columns(side, seats, gap, round(LOG_MIN_H * s), round(124 * s))
        top = max(c.bottom for c in layout.cards) + gap
        if side.bottom - gap - top >= round(LOG_MIN_H * s):
            layout.log = pygame.Rect(side.x + gap, top, side.w - 2 * gap, side.bottom - gap - top)
    return layout


def two_columns(side: pygame.Rect, seats: int, gap: int, log_h: int, most_h: int) -> list[pygame.Rect]:
    """Seat cards two a row (a 5-8 player table), leaving `log_h` under them for the log."""
    rows = -(-seats // 2)
    w = (side.w - 3 * gap) // 2
    h = min(most_h, (side.h - log_h - gap * (rows + 2)) // rows)
    return [pygame.Rect(side.x + gap + (i % 2) * (w + gap), side.y + gap + (i // 2) * (h + gap), w, h)
            for i in range(seats)]
