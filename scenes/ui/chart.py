"""A line chart of every seat's score over the turns (for the results screen)."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in


def nice_step(top: int, lines: int = 4) -> int:
    raw = max(1, top / lines)
    mag = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: list[list[int]],
               colours: list[tuple[int, int, int]], *, label_size: int = 18) -> None:
    """Axes with grid lines, one polyline per series (a dot at its end)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, style.BG_2, rect, border_radius=10)
    gutter = label_size * 3
    plot = pygame.Rect(rect.x + gutter, rect.y + label_size, rect.w - gutter - label_size,
                       rect.h - 2 * label_size - label_size // 2)
    if plot.w < 20 or plot.h < 20:
        return
    n = max((len(s) for s in series), default=0)
    top = max([v for s in series for v in s] + [1])
    low = min([v for s in series for v in s] + [0])
    step = nice_step(top - low)
    top = -(-top // step) * step
    low = (low // step) * step
    span = max(1, top - low)

    def pt(i: int, v: int) -> tuple[int, int]:
        x = plot.x + (plot.w * i // max(1, n - 1) if n > 1 else plot.w // 2)
        y = plot.bottom - (v - low) * plot.h // span
        return x, y

    for v in range(low, top + 1, step):
        y = pt(0, v)[1]
        pygame.draw.line(surface, style.BG_3, (plot.x, y), (plot.right, y), 2)
        text_in(surface, str(v), pygame.Rect(rect.x + 4, y - label_size, gutter - 10, 2 * label_size),
                label_size, style.INK_DIM, align="right")
    pygame.draw.line(surface, style.INK_DIM, plot.bottomleft, plot.bottomright, 2)
    for s, colour in zip(series, colours):
        pts = [pt(i, v) for i, v in enumerate(s)]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, 4)
        if pts:
            pygame.draw.circle(surface, colour, pts[-1], 7)
