"""Where the holders sit: boxes round the table (clockwise from the top left, on a 3×3
grid whose middle holds the table's centre), and inside each box its name strip, its two
cards, the marker strips beside each card and the row of answered question cards. Pure
geometry in pixels: the table computes it when the window changes, the replay renderer
and the how-to pages for the rect they draw in."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

# grid cells (column, row), clockwise from the top left
CELLS = {"TL": (0, 0), "TM": (1, 0), "TR": (2, 0), "R": (2, 1), "BR": (2, 2), "BM": (1, 2), "BL": (0, 2),
         "L": (0, 1)}
ORDER = {
    8: ("TL", "TM", "TR", "R", "BR", "BM", "BL", "L"),
    7: ("TL", "TM", "TR", "R", "BR", "BL", "L"),
    6: ("TL", "TM", "TR", "BR", "BM", "BL"),
    5: ("TL", "TM", "TR", "BR", "BL"),
    4: ("TL", "TR", "BR", "BL"),
    3: ("TL", "TR", "BM"),
    2: ("TL", "TR"),
}


@dataclass(frozen=True)
class SeatBox:
    holder: int
    rect: pygame.Rect
    head: pygame.Rect                          # name, points, X tokens
    cards: tuple[pygame.Rect, pygame.Rect]     # card position 0 and 1
    marks: tuple[pygame.Rect, pygame.Rect]     # the markers laid on each card, in order
    chips: pygame.Rect                         # answered question cards (or the dial at the reveal)


@dataclass(frozen=True)
class TableLayout:
    seats: tuple[SeatBox, ...]
    centre: pygame.Rect

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        return next((b.holder for b in self.seats if b.rect.collidepoint(pos)), None)

    def card_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for b in self.seats:
            for i, r in enumerate(b.cards):
                if r.collidepoint(pos):
                    return b.holder, i
        return None


def seat_box(holder: int, r: pygame.Rect) -> SeatBox:
    pad = max(2, round(r.w * 0.025))
    head = pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, round(r.h * 0.21))
    chips_h = round(r.h * 0.21)
    chips = pygame.Rect(r.x + pad, r.bottom - pad - chips_h, r.w - 2 * pad, chips_h)
    top = head.bottom + pad
    ch = chips.y - pad - top
    cw = min(round(ch * 0.72), round(r.w * 0.18))
    c0 = pygame.Rect(r.x + pad, top, cw, ch)
    c1 = pygame.Rect(c0.right + pad, top, cw, ch)
    mx = c1.right + 2 * pad
    mh = (ch - pad) // 2
    m0 = pygame.Rect(mx, top, r.right - pad - mx, mh)
    m1 = pygame.Rect(mx, top + mh + pad, r.right - pad - mx, mh)
    return SeatBox(holder, r, head, (c0, c1), (m0, m1), chips)


def table_layout(area: pygame.Rect, holders: int, gap: int) -> TableLayout:
    """The boxes of `holders` (2-8) round `area`, and the centre between them."""
    order = ORDER[max(2, min(8, holders))]
    cw = (area.w - 2 * gap) / 3
    rh = (area.h - 2 * gap) / 3

    def cell(c: int, r: int, span: int = 1) -> pygame.Rect:
        return pygame.Rect(round(area.x + c * (cw + gap)), round(area.y + r * (rh + gap)),
                           round(span * cw + (span - 1) * gap), round(rh))

    boxes = tuple(seat_box(h, cell(*CELLS[name])) for h, name in enumerate(order[:holders]))
    sides = "L" in order or "R" in order
    centre = cell(1, 1) if sides else cell(0, 1, 3)
    return TableLayout(boxes, centre)
