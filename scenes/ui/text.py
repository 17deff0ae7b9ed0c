"""Text surfaces, cached: rendering text every frame is the main cost of a frame."""
from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.ui.fonts import font

Colour = tuple[int, int, int]


@lru_cache(maxsize=2048)
def render(text: str, size: int, colour: Colour = (255, 255, 255), bold: bool = False) -> pygame.Surface:
    """One line of text (anti-aliased, transparent background)."""
    return font(size, bold).render(text, True, colour)


def fit_size(text: str, size: int, max_width: int, bold: bool = False, min_size: int = 12) -> int:
    """The largest size <= `size` at which `text` fits in `max_width` px."""
    while size > min_size and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return size


def render_fit(text: str, size: int, max_width: int, colour: Colour = (255, 255, 255),
               bold: bool = False) -> pygame.Surface:
    return render(text, fit_size(text, size, max_width, bold), colour, bold)


def wrap(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Break `text` into lines that fit `max_width`: at spaces for Latin text, between
    any two characters for Chinese (which has no spaces)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        tokens = para.split(" ") if para.isascii() else list(para)
        sep = " " if para.isascii() else ""
        for tok in tokens:
            cand = tok if not line else line + sep + tok
            if f.size(cand)[0] <= max_width or not line:
                line = cand
            else:
                lines.append(line)
                line = tok
        lines.append(line)
    return lines
