"""Sumoku's picture on the game picker: number tiles meeting in a small crossword (3 5 7
across, 2 5 8 down: both lines add up to 15), drawn with the table's own tile faces."""
from __future__ import annotations

import pygame

from engine.sumoku.tiles import tile_id
from scenes.sumoku.tileart import tile_surface

# (column, row, colour index, number) on a 3x3 grid: a cross through the middle 5
CROSS = ((0, 1, 0, 3), (1, 1, 4, 5), (2, 1, 2, 7), (1, 0, 1, 2), (1, 2, 5, 8))


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    step = min(rect.w, rect.h) // 3
    size = step - max(1, step // 14)
    x0 = rect.centerx - (3 * step) // 2
    y0 = rect.centery - (3 * step) // 2
    for col, row, colour, num in CROSS:
        face = tile_surface(tile_id(colour, num), None, size)
        surface.blit(face, (x0 + col * step, y0 + row * step))
