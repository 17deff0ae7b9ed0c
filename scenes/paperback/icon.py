"""Paperback's picture on the game picker: a fanned hand of letter cards spelling BOOK,
drawn with the table's own card faces, one of them the gold common."""
from __future__ import annotations

import pygame

from engine.paperback.content import content
from scenes.paperback.cards import draw_card
from scenes.ui.geometry import Frame

WORD = "book"


def _cards() -> list:
    c = content()
    by_letter = {m.letters: m for m in c.market if len(m.letters) == 1 and m.ability.kind in ("-", "first", "last")}
    common = next(cd for cd in c.commons if cd.letters == "o")
    return [by_letter.get("b"), common, by_letter.get("o"), by_letter.get("k")]


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    rect = pygame.Rect(rect)
    n = 4
    w = min(round(rect.w / (0.74 * (n - 1) + 1.45)), round(rect.h * 0.62 * 0.7))
    h = round(w / 0.7)
    fr = Frame.of_scale(max(0.2, h / 240))
    cards = [c for c in _cards() if c is not None]
    for i, card in enumerate(cards):
        face = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        draw_card(face, pygame.Rect(4, 4, w, h), card, fr, bare=True)
        angle = (n - 1) / 2 * 9 - i * 9
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        cx = rect.centerx + round((i - (n - 1) / 2) * w * 0.74)
        cy = rect.centery + round(abs(i - (n - 1) / 2) * h * 0.06)
        surface.blit(turned, turned.get_rect(center=(cx, cy)))
