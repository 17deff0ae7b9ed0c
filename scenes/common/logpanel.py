"""The log panel: events in words, each wrapped to at most two lines at a readable size.
The tables show the latest ones (newest at the bottom); the replay viewer shows the ones
around its position, the current one marked. The lines are made from events as the seat
reading them may see them (`session.events_for(seat)`, the rules' event_view), never
from raw secret events."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.text import band, line_step, paragraph

MAX_LINES = 2       # a long line wraps once, then is cut with "…"


def line_height(text: str, size: int, width: int, pad: int) -> int:
    """The height one entry takes at `size` in `width` (wrapped, padded)."""
    n = len(paragraph(text, size, width, 1 << 16, False, size, MAX_LINES, True)[1])
    return (n - 1) * line_step(size) + band(size)[1] + 2 * pad


def _entry(surface: pygame.Surface, rect: pygame.Rect, text: str, size: int, colour: tuple[int, int, int],
           pad: int) -> None:
    text_in(surface, text, pygame.Rect(rect.x, rect.y + pad, rect.w, rect.h - 2 * pad), size, colour,
            align="left", valign="top",
            min_size=size, wrap_lines=True, max_lines=MAX_LINES, ellipsis=True)


def draw_recent(surface: pygame.Surface, box: pygame.Rect, lines: list[str], size: int, pad: int,
                radius: int = 12) -> None:
    """The latest `lines` that fit in `box`, newest at the bottom (and brightest)."""
    panel(surface, box, style.BG_2, radius=radius)
    inner = box.inflate(-2 * pad, -2 * pad)
    y = inner.bottom
    for i, text in enumerate(reversed([ln for ln in lines if ln])):
        h = line_height(text, size, inner.w, pad // 4)
        if y - h < inner.y:
            break
        y -= h
        _entry(surface, pygame.Rect(inner.x, y, inner.w, h), text, size, style.INK if i == 0 else style.INK_DIM,
               pad // 4)


def draw_around(surface: pygame.Surface, box: pygame.Rect, lines: list[str], current: int, size: int,
                pad: int) -> None:
    """Numbered `lines` around `current` (marked), as many as fit in `box`."""
    panel(surface, box, style.BG_2)
    if not lines:
        return
    inner = box.inflate(-16, -16)
    width = inner.width - 4 * pad

    def text(i: int) -> str:
        return f"{i + 1}. {lines[i]}" if lines[i] else f"{i + 1}."

    def height(i: int) -> int:
        return line_height(text(i), size, width, pad) + 2

    lo = hi = max(0, min(current, len(lines) - 1))
    used = height(lo)
    blocked = {-1: False, 1: False}
    side = -1
    while not (blocked[-1] and blocked[1]):
        if blocked[side]:
            side = -side
        j = lo - 1 if side < 0 else hi + 1
        h = height(j) if 0 <= j < len(lines) else 1 << 16
        if used + h > inner.height:
            blocked[side] = True
        else:
            used += h
            lo, hi = min(lo, j), max(hi, j)
        side = -side
    y = inner.y
    for i in range(lo, hi + 1):
        h = height(i)
        r = pygame.Rect(inner.x, y, inner.width, h - 2)
        if i == current:
            pygame.draw.rect(surface, style.ACCENT, r, border_radius=6)
        colour = style.INK_DARK if i == current else (style.INK if i < current else style.INK_DIM)
        text_in(surface, text(i), r.inflate(-4 * pad, -2 * pad), size, colour, align="left", min_size=size,
                wrap_lines=True, max_lines=MAX_LINES, ellipsis=True)
        y += h
