"""Wooolf!!'s picture on the game picker: a hand of two role cards, one face down under the
night sky and moon, one turned up on the wolf, and a "Wolf!" marker in front of them."""
from __future__ import annotations

import pygame

from scenes.ui.geometry import Frame
from scenes.wooolf.cards import draw_back, draw_face, draw_marker


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    fr = Frame(surface.get_size())
    h = round(rect.h * 0.8)
    w = round(h * 0.7)
    gap = max(2, w // 10)
    x0 = rect.centerx - (2 * w + gap) // 2
    y = rect.y + (rect.h - h) // 2
    draw_back(surface, pygame.Rect(x0, y, w, h), fr)
    draw_face(surface, pygame.Rect(x0 + w + gap, y, w, h), fr, "B01")
    m = pygame.Rect(0, 0, max(12, w // 2), max(10, h // 5))
    m.midbottom = (rect.centerx, rect.bottom)
    draw_marker(surface, m, fr, 0, "wolf")
