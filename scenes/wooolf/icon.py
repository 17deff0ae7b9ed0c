"""Wooolf!!'s picture on the game picker: a hand of two role cards, one face down under the
night sky and moon, one turned up on the wolf (the wolf's head drawn, no letters, so the
picture reads the same in every language), and a shout bubble "!!" in front of them."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.wooolf.cards import ROLE_COLOURS, draw_back

# A wolf's head seen from the front, in a unit box: ears up, cheeks out, the snout down.
HEAD = ((0.50, 0.34), (0.66, 0.30), (0.82, 0.02), (0.88, 0.42), (0.98, 0.58), (0.80, 0.66),
        (0.62, 0.86), (0.50, 0.98), (0.38, 0.86), (0.20, 0.66), (0.02, 0.58), (0.12, 0.42),
        (0.18, 0.02), (0.34, 0.30))
EAR_INSIDE = (((0.24, 0.14), (0.34, 0.34), (0.20, 0.40)), ((0.76, 0.14), (0.66, 0.34), (0.80, 0.40)))
EYES = (((0.30, 0.50), (0.44, 0.54), (0.34, 0.58)), ((0.70, 0.50), (0.56, 0.54), (0.66, 0.58)))
FUR = (52, 50, 62)
EYE = (250, 214, 80)


def _at(box: pygame.Rect, pts: tuple[tuple[float, float], ...]) -> list[tuple[int, int]]:
    return [(round(box.x + x * box.w), round(box.y + y * box.h)) for x, y in pts]


def draw_wolf(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The wolf's head filling `box`."""
    pygame.draw.polygon(surface, FUR, _at(box, HEAD))
    for ear in EAR_INSIDE:
        pygame.draw.polygon(surface, ROLE_COLOURS["wolf"], _at(box, ear))
    for eye in EYES:
        pygame.draw.polygon(surface, EYE, _at(box, eye))
    nose = _at(box, ((0.50, 0.88),))[0]
    pygame.draw.circle(surface, (16, 16, 20), nose, max(2, box.w // 14))


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    fr = Frame(surface.get_size())
    h = round(rect.h * 0.8)
    w = round(h * 0.7)
    gap = max(2, w // 10)
    x0 = rect.centerx - (2 * w + gap) // 2
    y = rect.y + (rect.h - h) // 2
    draw_back(surface, pygame.Rect(x0, y, w, h), fr)
    face = pygame.Rect(x0 + w + gap, y, w, h)
    rad = max(3, w // 8)
    pygame.draw.rect(surface, ROLE_COLOURS["wolf"], face, border_radius=rad)
    pygame.draw.rect(surface, style.INK, face, max(2, fr.px(2)), border_radius=rad)
    head = pygame.Rect(0, 0, round(w * 0.8), round(w * 0.8))
    head.center = (face.centerx, face.y + round(h * 0.44))
    draw_wolf(surface, head)
    bubble = pygame.Rect(0, 0, max(16, w * 3 // 5), max(12, h // 4))
    bubble.midbottom = (rect.centerx, rect.bottom)
    tail = [(bubble.centerx - bubble.w // 6, bubble.y + 1), (bubble.centerx + bubble.w // 6, bubble.y + 1),
            (bubble.centerx + bubble.w // 4, bubble.y - bubble.h // 3)]
    pygame.draw.polygon(surface, style.ACCENT, tail)
    pygame.draw.ellipse(surface, style.ACCENT, bubble)
    text_in(surface, "!!", bubble.inflate(-4, -4), bubble.h, style.INK_DARK, bold=True, min_size=10)
