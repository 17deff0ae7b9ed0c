"""Text placed in boxes: shrunk to fit (measured, never tuned by hand), wrapped for
paragraphs, placed by its inked pixels and cached, and logged through
`scenes.ui.draw.note` so `record_text()` tests can check that no text leaves its box."""
from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.ui.draw import note
from scenes.ui.fonts import font
from scenes.ui.text import render

Colour = tuple[int, int, int]


@lru_cache(maxsize=4096)
def inked(text: str, size: int, colour: Colour, bold: bool) -> tuple[pygame.Surface, pygame.Rect]:
    """The rendered line and the box of its visible pixels."""
    surf = render(text, size, colour, bold)
    return surf, surf.get_bounding_rect()


@lru_cache(maxsize=4096)
def fitted_size(text: str, size: int, max_w: int, max_h: int, bold: bool, min_size: int) -> int:
    """The largest size <= `size` at which one line of `text` fits `max_w` x `max_h`
    (its width by the font's advance, its height by the inked pixels)."""
    while size > min_size:
        if font(size, bold).size(text)[0] <= max_w and inked(text, size, (255, 255, 255), bold)[1].h <= max_h:
            break
        size -= 1
    return size


def draw_text(surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Colour, *,
              bold: bool = False, align: str = "center", valign: str = "center",
              min_size: int = 10) -> pygame.Rect:
    """One line of `text` inside `box`, shrunk until it fits. Returns where it went."""
    box = pygame.Rect(box)
    s = fitted_size(text, int(size), box.w, box.h, bold, min_size)
    surf, ink = inked(text, s, colour, bold)
    r = surf.get_rect()
    # glyph boxes include the font's line gap: place by the inked height
    ink_h = ink.h if ink.h else r.h
    if align == "left":
        r.left = box.left
    elif align == "right":
        r.right = box.right
    else:
        r.centerx = box.centerx
    if valign == "top":
        top = box.top - ink.y
    elif valign == "bottom":
        top = box.bottom - ink.bottom
    else:
        top = box.centery - ink_h // 2 - ink.y
    r.top = top
    surface.blit(surf, r)
    where = pygame.Rect(r.x + ink.x, r.y + ink.y, ink.w, ink.h) if ink.w else pygame.Rect(r.topleft, (0, 0))
    note(text, where, box, surface.get_size(), s)
    return where


NO_LINE_START = "，。、：；！？）」』〉》…,.:;!?)"


def _tokens(para: str) -> list[str]:
    """Break points: between any two Chinese characters, at spaces in Latin text; a
    run of Latin letters, digits and signs ("3-7-5", "15") is never split."""
    out: list[str] = []
    run = ""
    for ch in para:
        if ch == " " or ord(ch) >= 0x2E80:
            if run:
                out.append(run)
                run = ""
            out.append(ch)
        else:
            run += ch
    if run:
        out.append(run)
    return out


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of `text` that fit `width`, breaking Chinese between characters and Latin at
    spaces, never starting a line with closing punctuation (it hangs at the end of the
    line before: the lines are filled one glyph short to leave it room)."""
    f = font(size, bold)
    width = max(size, width - size)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for tok in _tokens(para):
            cand = line + tok
            if not line.strip() or f.size(cand.rstrip())[0] <= width:
                line = cand
            elif tok in NO_LINE_START:
                line = cand                   # hangs past the fill width, still inside the box
            elif tok == " ":
                lines.append(line.rstrip())
                line = ""
            else:
                lines.append(line.rstrip())
                line = tok
        lines.append(line.rstrip())
    return lines


@lru_cache(maxsize=512)
def paragraph_layout(text: str, size: int, w: int, h: int, min_size: int, bold: bool) -> tuple[int, tuple[str, ...], int]:
    """(size, lines, line height) of `text` wrapped to width `w`, shrunk to fit height `h`."""
    s = size
    while True:
        lines = wrap_text(text, s, w, bold)
        lh = font(s, bold).get_linesize()
        too_wide = any(font(s, bold).size(ln)[0] > w for ln in lines)
        if (len(lines) * lh <= h and not too_wide) or s <= min_size:
            return s, tuple(lines), lh
        s -= 1


def draw_paragraph(surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Colour, *,
                   bold: bool = False, min_size: int = 10, align: str = "left") -> int:
    """`text` wrapped into `box` (shrunk until it fits); returns the height used."""
    box = pygame.Rect(box)
    s, lines, lh = paragraph_layout(text, int(size), box.w, box.h, min_size, bold)
    y = box.top
    for ln in lines:
        if ln:
            surf, ink = inked(ln, s, colour, bold)
            r = surf.get_rect(top=y)
            if align == "center":
                r.centerx = box.centerx
            else:
                r.left = box.left
            surface.blit(surf, r)
            note(ln, pygame.Rect(r.x + ink.x, r.y + ink.y, ink.w, ink.h), box, surface.get_size(), s)
        y += lh
    return y - box.top
