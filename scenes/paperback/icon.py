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
    """A hand of four cards in a shallow arc, straight on the window (every text blit of
    the picker lands on the window surface, where its box is measured)."""
    rect = pygame.Rect(rect)
    n = 4
    w = min(round(rect.w / (0.8 * (n - 1) + 1.2)), round(rect.h * 0.62 * 0.7))
    h = round(w / 0.7)
    fr = Frame.of_scale(max(0.2, h / 240))
    cards = [c for c in _cards() if c is not None]
    for i, card in enumerate(cards):
        off = i - (n - 1) / 2
        cx = rect.centerx + round(off * w * 0.8)
        cy = rect.centery + round(abs(off) * h * 0.08)
        draw_card(surface, pygame.Rect(cx - w // 2, cy - h // 2, w, h), card, fr, bare=True)
