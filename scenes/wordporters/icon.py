"""Word Porters' picture on the game picker: a word card with its position, and under it
a hint card (big / small) with markers in three colours beside its words, one a stack
on its 3, drawn with the table's own pieces."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.geometry import Frame
from scenes.wordporters.pieces import HINT_CARD, HINT_EDGE, WORD_CARD, WORD_INK, draw_marker
from scenes.ui.draw import text_in


def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    fr = Frame(surface.get_size())
    w = round(rect.w * 0.8)
    x = rect.centerx - w // 2
    word = pygame.Rect(x, rect.y + round(rect.h * 0.04), w, round(rect.h * 0.34))
    pygame.draw.rect(surface, WORD_CARD, word, border_radius=max(3, word.h // 6))
    badge_d = max(8, word.h * 2 // 3)
    badge = pygame.Rect(word.x + word.h // 6, word.centery - badge_d // 2, badge_d, badge_d)
    pygame.draw.ellipse(surface, WORD_INK, badge)
    text_in(surface, "7", badge.inflate(-max(2, badge_d // 6), -max(2, badge_d // 5)), max(8, badge_d), WORD_CARD,
            bold=True, min_size=8)
    for i in range(3):                                # the word, as lines of ink
        lw = round((word.right - badge.right - word.h // 3) * (0.9 - 0.25 * i))
        ly = word.y + word.h * (i + 1) // 4
        pygame.draw.line(surface, WORD_INK, (badge.right + word.h // 6, ly), (badge.right + word.h // 6 + lw, ly),
                         max(1, word.h // 10))
    hint = pygame.Rect(x, word.bottom + round(rect.h * 0.06), w, rect.bottom - word.bottom - round(rect.h * 0.08))
    pygame.draw.rect(surface, HINT_CARD, hint, border_radius=max(3, hint.h // 8))
    pygame.draw.rect(surface, HINT_EDGE, hint, max(1, fr.px(2)), border_radius=max(3, hint.h // 8))
    pygame.draw.line(surface, HINT_EDGE, (hint.x + 4, hint.centery), (hint.right - 4, hint.centery), 1)
    d = max(8, hint.h // 3)
    top, bottom = hint.y + hint.h // 4, hint.y + hint.h * 3 // 4
    draw_marker(surface, (hint.x + w // 4, top), d, 0, 0)
    draw_marker(surface, (hint.x + w // 4 + d + d // 2, top), d, 1, 0, stacked=True)
    draw_marker(surface, (hint.x + w * 3 // 5, bottom), d, 2, 0)
    pygame.draw.circle(surface, style.ACCENT, (hint.right - d, bottom), max(2, d // 4))
