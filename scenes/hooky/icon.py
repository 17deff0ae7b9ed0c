"""Hooky's picture on the game picker: three letter cards, the middle one lifted away on
a fishing hook (a letter playing hooky), drawn with the table's own card faces."""
from __future__ import annotations

import math

import pygame

from scenes.hooky.widgets import Frame, draw_card
from scenes.ui import style

LINE = (200, 206, 226)     # the fishing line and hook (light steel on the navy ground)


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    fr = Frame(surface.get_size())
    h = round(rect.h * 0.5)
    w = round(h * 0.78)
    gap = max(2, w // 8)
    x0 = rect.centerx - (3 * w + 2 * gap) // 2
    base = rect.bottom - h - rect.h // 20
    lift = round(h * 0.4)
    cards = [pygame.Rect(x0 + i * (w + gap), base - (lift if i == 1 else 0), w, h) for i in range(3)]
    for i, letter in ((0, "H"), (2, "K"), (1, "O")):
        draw_card(surface, cards[i], letter, fr, border=style.ACCENT if i == 1 else None)
    mid = cards[1]
    thick = max(2, rect.h // 24)
    bend = max(5, w // 3)
    cx, cy = mid.centerx, mid.top + bend // 3           # the hook's bend holds the card's top edge
    pygame.draw.line(surface, LINE, (cx + bend, rect.top - rect.h // 20), (cx + bend, cy), thick)            # shank
    pygame.draw.arc(surface, LINE, pygame.Rect(cx - bend, cy - bend, 2 * bend, 2 * bend),
                    math.pi, 2 * math.pi, thick)                                             # bend
    tip = (cx - bend, cy - round(bend * 0.7))
    pygame.draw.line(surface, LINE, (cx - bend, cy), tip, thick)
    pygame.draw.line(surface, LINE, tip, (tip[0] + bend // 2, tip[1] + bend // 2), thick)      # barb
