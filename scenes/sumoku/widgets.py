"""The small pieces of the Sumoku screens: stat boxes, seat cards, hands."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from engine.sumoku.tiles import number
from scenes.sumoku import style
from scenes.ui.draw import text_in
from scenes.sumoku.tileart import tile_surface


def stat_box(surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, scale: float, *,
             colour: tuple[int, int, int] = style.TEXT, accent: tuple[int, int, int] | None = None) -> None:
    """A label over a big value (key number, bag, timer...): the value is 36 px+ at 720p."""
    pygame.draw.rect(surface, style.PANEL_HI, rect, border_radius=max(4, int(10 * scale)))
    if accent is not None:
        pygame.draw.rect(surface, accent, rect, max(2, int(3 * scale)), border_radius=max(4, int(10 * scale)))
    pad = max(3, int(6 * scale))
    inner = rect.inflate(-2 * pad, -pad)
    label_h = max(12, round(inner.h * 0.38))
    text_in(surface, label, pygame.Rect(inner.x, inner.y, inner.w, label_h), round(20 * scale), style.MUTED,
            min_size=round(18 * scale))
    text_in(surface, value, pygame.Rect(inner.x, inner.y + label_h, inner.w, inner.h - label_h),
            round(40 * scale), colour, bold=True, min_size=round(24 * scale))


def hand_layout(area: pygame.Rect, n: int, max_tile: int, gap: int, max_rows: int = 2) -> list[pygame.Rect]:
    """Rects for `n` hand slots in `area`: the biggest tiles that fit in 1..max_rows rows."""
    if n <= 0:
        return []
    best: tuple[int, int] = (0, 1)
    for rows in range(1, max_rows + 1):
        per_row = -(-n // rows)
        size = min(max_tile, (area.w - gap * (per_row - 1)) // per_row, (area.h - gap * (rows - 1)) // rows)
        if size > best[0] + 2:  # more rows only when it clearly helps
            best = (size, rows)
    size, rows = best
    size = max(8, size)
    per_row = -(-n // rows)
    rects = []
    total_h = rows * size + (rows - 1) * gap
    y0 = area.y + (area.h - total_h) // 2
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        row_w = in_row * size + (in_row - 1) * gap
        x0 = area.x + (area.w - row_w) // 2
        rects.append(pygame.Rect(x0 + col * (size + gap), y0 + row * (size + gap), size, size))
    return rects


def draw_hand(surface: pygame.Surface, rects: Sequence[pygame.Rect], hand: Sequence[int], *,
              values: Callable[[int], int | None] = lambda tile: None,
              away: set[int] = frozenset(), selected: int | None = None, marked: set[int] = frozenset(),
              dim: bool = False, lift: int = 0) -> None:
    """Tiles of a hand in `rects`. `away`: tiles put on the board (an empty slot shows);
    `selected`: lifted with an outline; `marked`: picked for an exchange."""
    for tile, r in zip(hand, rects):
        if tile in away:
            pygame.draw.rect(surface, style.PANEL_HI, r, max(1, r.w // 24), border_radius=max(2, r.w // 7))
            continue
        rr = r.move(0, -lift) if (tile == selected or tile in marked) else r
        surface.blit(tile_surface(tile, values(tile), r.w, "dim" if dim else "plain"), rr.topleft)
        if tile == selected:
            pygame.draw.rect(surface, style.ACCENT, rr.inflate(6, 6), 3, border_radius=max(2, r.w // 6))
        if tile in marked:
            pygame.draw.rect(surface, style.BAD, rr.inflate(6, 6), 3, border_radius=max(2, r.w // 6))


def can_flip(tile: int) -> bool:
    return number(tile) == 6


def compact(card: pygame.Rect, scale: float) -> bool:
    """A seat card narrow and tall enough for its tiles in two short rows under the name
    and score (a 5-8 player table's cards, two a row)."""
    return card.w < round(200 * scale) and card.h >= round(70 * scale)


def _seat_card_boxes(card: pygame.Rect, scale: float) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """A seat card's name, score and tiles boxes."""
    s = scale
    pad = max(4, round(8 * s))
    inner = card.inflate(-2 * pad, -2 * pad)
    if compact(card, s):               # two cards a row: name and score over two rows of tiles
        row1 = pygame.Rect(inner.x, inner.y, inner.w, min(round(34 * s), round(inner.h * 0.4)))
        score_box = pygame.Rect(row1.right - round(56 * s), row1.y, round(56 * s), row1.h)
        name_box = pygame.Rect(row1.x, row1.y, row1.w - score_box.w - pad // 2, row1.h)
        tiles_box = pygame.Rect(inner.x, row1.bottom + pad // 2, inner.w, inner.bottom - row1.bottom - pad // 2)
    elif card.h >= round(96 * s):        # stacked: name and score over the tiles
        row1 = pygame.Rect(inner.x, inner.y, inner.w, min(round(48 * s), round(inner.h * 0.5)))
        score_box = pygame.Rect(row1.right - round(110 * s), row1.y, round(110 * s), row1.h)
        name_box = pygame.Rect(row1.x, row1.y, row1.w - score_box.w - pad, row1.h)
        tiles_box = pygame.Rect(inner.x, row1.bottom + pad // 2, inner.w, inner.bottom - row1.bottom - pad // 2)
    else:
        score_box = pygame.Rect(inner.right - round(96 * s), inner.y, round(96 * s), inner.h)
        left = pygame.Rect(inner.x, inner.y, inner.w - score_box.w - pad, inner.h)
        name_box = pygame.Rect(left.x, left.y, left.w, round(left.h * 0.45))
        tiles_box = pygame.Rect(left.x, name_box.bottom + 2, left.w, left.bottom - name_box.bottom - 2)
    return name_box, score_box, tiles_box


def seat_card_tiles(card: pygame.Rect, scale: float, n: int) -> list[pygame.Rect]:
    """Where a seat card shows its `n` tiles (left-aligned like a rack)."""
    tiles_box = _seat_card_boxes(card, scale)[2]
    gap = max(1, round(3 * scale))
    per_row = -(-n // 2) if compact(card, scale) else max(8, -(-n // 2))
    size = min(round(40 * scale), (tiles_box.w - (per_row - 1) * gap) // per_row)
    rects = hand_layout(pygame.Rect(tiles_box.x, tiles_box.y, min(tiles_box.w, per_row * (size + gap)), tiles_box.h),
                        n, size, gap)
    shift = min((r.x for r in rects), default=tiles_box.x) - tiles_box.x
    for r in rects:
        r.x -= shift
    return rects


def draw_seat_card(surface: pygame.Surface, card: pygame.Rect, scale: float, *, name: str,
                   colour: tuple[int, int, int], score: str, hand: Sequence[int], active: bool,
                   tiles: Sequence[pygame.Rect] | None = None) -> list[pygame.Rect]:
    """A seat's card: name in its colour, score (big), its public hand in `tiles` (by
    default `seat_card_tiles`, computed here). Returns the tile rects."""
    s = scale
    rad = max(4, round(10 * s))
    pygame.draw.rect(surface, style.PANEL_HI if active else style.BG, card, border_radius=rad)
    if active:
        pygame.draw.rect(surface, colour, card, max(2, round(4 * s)), border_radius=rad)
    name_box, score_box, _ = _seat_card_boxes(card, s)
    text_in(surface, name, name_box, round(24 * s), colour, bold=True, align="left", min_size=round(18 * s),
            ellipsis=True)
    text_in(surface, score, score_box, round(40 * s), style.TEXT, bold=True, align="right",
            min_size=round(28 * s))
    if tiles is None:
        tiles = seat_card_tiles(card, s, len(hand))
    for tile, r in zip(hand, tiles):
        surface.blit(tile_surface(tile, None, r.w), r.topleft)
    return list(tiles)
