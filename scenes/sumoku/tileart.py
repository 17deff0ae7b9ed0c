"""Sumoku tile faces: Okabe-Ito colours, a symbol per colour, the big number, the 6/9
underline. Each face is rendered once per (tile, value, size, look) and cached."""
from __future__ import annotations

import math

import pygame

from engine.sumoku.tiles import colour, number
from scenes.ui.fonts import font
from scenes.ui.sizecache import register
from scenes.ui.style import ink_on

Colour = tuple[int, int, int]

# Okabe-Ito hues, in the order of engine.sumoku.tiles.COLOURS, moved apart in lightness so
# that no two print as the same grey (luma 154, 186, 114, 213, 50, 82: at least 27 apart;
# tests/test_scenes_sumoku.py measures it). Each colour also has a symbol of its own
# outline: a ring, a square, a triangle, a diamond, a star, a plus.
FILLS: tuple[Colour, ...] = (
    (230, 145, 0),       # orange
    (125, 205, 245),     # sky blue
    (20, 160, 120),      # bluish green
    (240, 228, 66),      # yellow
    (15, 50, 145),       # blue
    (185, 45, 0),        # vermillion
)
SYMBOLS = ("ring", "square", "triangle", "diamond", "star", "plus")
SYMBOL_R = 0.14          # a symbol's radius, of the tile's size
DARK_INK: Colour = (20, 20, 24)
LIGHT_INK: Colour = (255, 255, 255)


def ink_for(fill: Colour) -> Colour:
    """Dark ink on the light colours, white on the dark ones (whichever contrasts more)."""
    return ink_on(fill, DARK_INK, LIGHT_INK)


INKS: tuple[Colour, ...] = tuple(ink_for(f) for f in FILLS)


def _shade(c: Colour, k: float) -> Colour:
    return tuple(max(0, min(255, int(v * k))) for v in c)  # type: ignore[return-value]


def symbol_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a polygon symbol centred on (cx, cy) with radius r."""
    if kind == "square":
        s = r * 0.75
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if kind == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == "star":
        pts = []
        for i in range(10):
            rad = r * 1.2 if i % 2 == 0 else r * 0.42
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return pts
    if kind == "plus":
        a = r * 0.34
        return [(cx - a, cy - r), (cx + a, cy - r), (cx + a, cy - a), (cx + r, cy - a), (cx + r, cy + a),
                (cx + a, cy + a), (cx + a, cy + r), (cx - a, cy + r), (cx - a, cy + a), (cx - r, cy + a),
                (cx - r, cy - a), (cx - a, cy - a)]
    raise ValueError(kind)


def draw_symbol(surface: pygame.Surface, kind: str, centre: tuple[float, float], r: float,
                colour_: Colour) -> None:
    cx, cy = centre
    if kind == "circle":
        pygame.draw.circle(surface, colour_, (round(cx), round(cy)), max(2, round(r * 0.9)))
    elif kind == "ring":          # hollow: told from every filled symbol even when tiny
        pygame.draw.circle(surface, colour_, (round(cx), round(cy)), max(3, round(r * 0.95)),
                           max(2, round(r * 0.4)))
    else:
        pygame.draw.polygon(surface, colour_, symbol_points(kind, cx, cy, r))


_cache: dict[tuple[int, int, int, str], pygame.Surface] = {}
register(_cache.clear)

LOOKS = ("plain", "dim")


def tile_surface(tile: int, value: int | None, size: int, look: str = "plain") -> pygame.Surface:
    """The face of `tile` showing `value` (None = its number) at `size` px square.
    look "dim" is a greyed face (a tile that cannot be used now)."""
    size = max(8, int(size))
    if value is None:
        value = number(tile)
    key = (tile, value, size, look)
    surf = _cache.get(key)
    if surf is None:
        surf = _render(tile, value, size, look)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()  # blits several times faster in the display's format
        if len(_cache) > 4096:
            _cache.clear()
        _cache[key] = surf
    return surf


def _render(tile: int, value: int, size: int, look: str) -> pygame.Surface:
    c = colour(tile)
    fill, ink = FILLS[c], INKS[c]
    if look == "dim":
        fill = _shade(fill, 0.55)
        ink = _shade(ink, 0.7) if ink == LIGHT_INK else (30, 30, 34)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rad = max(2, size // 7)
    rect = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surf, _shade(fill, 0.62), rect, border_radius=rad)       # edge / shadow
    pygame.draw.rect(surf, fill, rect.inflate(-max(2, size // 16), -max(2, size // 12)).move(0, -max(1, size // 40)),
                     border_radius=rad)
    # symbol in the top-left corner
    sr = size * SYMBOL_R
    draw_symbol(surf, SYMBOLS[c], (size * 0.22, size * 0.22), sr, ink)
    # the big number
    f = font(max(6, int(size * 0.62)), True)
    text = f.render(str(value), True, ink)
    tw, th = text.get_size()
    tx, ty = (size - tw) // 2 + size // 20, (size - th) // 2 + size // 40
    surf.blit(text, (tx, ty))
    if number(tile) == 6:  # the 6/9 tile shows which way it reads
        bbox = text.get_bounding_rect()
        y = ty + bbox.bottom + max(1, size // 30)
        pygame.draw.rect(surf, ink, (tx + bbox.x, y, bbox.width, max(2, size // 18)))
    return surf


def clear_cache() -> None:
    _cache.clear()
