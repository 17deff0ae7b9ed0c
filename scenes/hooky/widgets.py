"""The small pieces of the Hooky screens: letter cards (face and back), the mark symbols
of the worksheet, colours. (Geometry is scenes/ui/geometry.Frame, buttons scenes/ui/buttons.)"""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.common.names import player_name as seat_name  # noqa: F401 (the Hooky screens' name for it)
from scenes.ui.geometry import Frame  # noqa: F401 (the Hooky screens import it from here)

Colour = tuple[int, int, int]

PANEL: Colour = style.BG_2
PANEL_HI: Colour = style.BG_3
CARD_FACE: Colour = (246, 238, 214)        # cream card, dark letter (contrast ~15:1)
CARD_INK: Colour = (28, 26, 40)
CARD_BACK: Colour = (70, 58, 132)
CARD_BACK_LINE: Colour = (120, 108, 190)
ASSIST: Colour = (120, 214, 214)           # what the assistant filled in (teal)
ASSIST_BG: Colour = (30, 62, 74)
HEAT: Colour = (230, 120, 40)              # the heat map's hot end


def draw_card(surface: pygame.Surface, rect: pygame.Rect, letter: str | None, fr: Frame, *,
              revealed: bool = False, dim: bool = False, selected: bool = False,
              border: Colour | None = None) -> None:
    """A letter card: its face (a capital letter) or, with `letter=None`, its back.
    `revealed` marks a card turned face up for the table (an accent corner)."""
    rad = max(3, rect.w // 7)
    if letter is None:
        pygame.draw.rect(surface, CARD_BACK, rect, border_radius=rad)
        inner = rect.inflate(-max(4, rect.w // 5), -max(4, rect.w // 5))
        pygame.draw.rect(surface, CARD_BACK_LINE, inner, max(1, rect.w // 16), border_radius=max(2, rad // 2))
        pygame.draw.line(surface, CARD_BACK_LINE, inner.topleft, inner.bottomright, max(1, rect.w // 18))
        pygame.draw.line(surface, CARD_BACK_LINE, inner.topright, inner.bottomleft, max(1, rect.w // 18))
    else:
        face = tuple(int(c * 0.7) for c in CARD_FACE) if dim else CARD_FACE
        pygame.draw.rect(surface, face, rect, border_radius=rad)
        text_in(surface, letter.upper(), rect.inflate(-rect.w // 6, -rect.h // 5), round(rect.h * 0.62),
                CARD_INK, bold=True, min_size=min(fr.min_fs, round(rect.h * 0.5)))
        if revealed:
            c = max(6, rect.w // 3)
            pygame.draw.polygon(surface, style.ACCENT, [(rect.right - c, rect.y), (rect.right, rect.y),
                                                         (rect.right, rect.y + c)])
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(2, rect.w // 16), border_radius=rad)
    if selected:
        pygame.draw.rect(surface, style.ACCENT, rect.inflate(6, 6), 3, border_radius=rad + 2)


def cards_row(area: pygame.Rect, n: int, max_w: int, gap: int, ratio: float = 1.25) -> list[pygame.Rect]:
    """`n` card rects (w x w*ratio) centred in one row of `area`, as big as fit."""
    if n <= 0:
        return []
    w = min(max_w, (area.w - gap * (n - 1)) // n, int(area.h / ratio))
    w = max(6, w)
    h = int(w * ratio)
    total = n * w + (n - 1) * gap
    x0 = area.x + (area.w - total) // 2
    y0 = area.y + (area.h - h) // 2
    return [pygame.Rect(x0 + i * (w + gap), y0, w, h) for i in range(n)]


def draw_mark(surface: pygame.Surface, cell: pygame.Rect, mark: str, colour: Colour, big: bool = True) -> None:
    """A worksheet mark drawn as a shape (no glyph needed): has = a filled dot, not = a
    cross, maybe = a ring. `big` for the player's own marks, small for the assistant's."""
    c = cell.center
    rad = max(3, int(min(cell.w, cell.h) * (0.32 if big else 0.2)))
    width = max(2, rad // 3)
    if mark == "has":
        pygame.draw.circle(surface, colour, c, rad)
    elif mark == "not":
        d = int(rad * 0.8)
        pygame.draw.line(surface, colour, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), width)
        pygame.draw.line(surface, colour, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), width)
    elif mark == "maybe":
        pygame.draw.circle(surface, colour, c, rad, width)


def lerp(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
