"""Hooky's picture on the game picker: the letter cards of HOOKY on the table, one O lifted
out of its place on a fishing hook (a letter playing hooky), drawn with the table's own
card faces."""
from __future__ import annotations

import math

import pygame

from scenes.hooky.widgets import Frame, draw_card
from scenes.ui import style

LINE = (200, 206, 226)     # the fishing line and hook (light steel on the navy ground)
WORD = "HOOKY"
AWAY = 2                   # the card on the hook


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    fr = Frame(surface.get_size())
    gap = max(2, rect.w // 40)
    w = min(round(rect.h * 0.42 * 0.78), (rect.w - 4 * gap) // 5)
    h = round(w / 0.78)
    x0 = rect.centerx - (5 * w + 4 * gap) // 2
    floor = rect.bottom - h
    for i, letter in enumerate(WORD):
        slot = pygame.Rect(x0 + i * (w + gap), floor, w, h)
        if i == AWAY:
            pygame.draw.rect(surface, style.BG_3, slot, max(1, w // 14), border_radius=max(3, w // 7))
        else:
            draw_card(surface, slot, letter, fr)
    # the card on the hook, hanging over its empty place
    hung = pygame.Rect(x0 + AWAY * (w + gap), floor - round(h * 0.85), w, h)
    top = hung.top
    thick = max(2, rect.h // 26)
    bend = max(4, w // 3)
    cx, cy = hung.centerx, top                               # the bend dips behind the card's top edge
    pygame.draw.line(surface, LINE, (cx + bend, rect.top), (cx + bend, cy), thick)              # line
    pygame.draw.arc(surface, LINE, pygame.Rect(cx - bend, cy - bend, 2 * bend, 2 * bend), math.pi, 2 * math.pi,
                    thick)
    draw_card(surface, hung, WORD[AWAY], fr, border=style.ACCENT)
    tip = (cx - bend, cy - round(bend * 1.5))                 # the point and its barb, in front
    pygame.draw.line(surface, LINE, (cx - bend, cy), tip, thick)
    pygame.draw.line(surface, LINE, tip, (tip[0] + bend * 2 // 3, tip[1] + bend * 2 // 3), thick)
