"""A line chart of every seat's score over the turns (for the results screen). Lines that
coincide are drawn side by side (each point of equal value is spread a few pixels apart),
so three bots on the same scores show as three lines; a legend names every line."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.text import width

LINE_W = 4


def nice_step(top: int, lines: int = 4) -> int:
    raw = max(1, top / lines)
    mag = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def spread(series: list[list[int]], gap: int) -> list[list[int]]:
    """Per series and point, a vertical offset in px: the series that share a value at a
    point are spread around it, `gap` px apart, in seat order."""
    out = [[0] * len(s) for s in series]
    n = max((len(s) for s in series), default=0)
    for i in range(n):
        groups: dict[int, list[int]] = {}
        for k, s in enumerate(series):
            if i < len(s):
                groups.setdefault(s[i], []).append(k)
        for members in groups.values():
            m = len(members)
            for j, k in enumerate(members):
                out[k][i] = round((j - (m - 1) / 2) * gap)
    return out


def legend_rows(names: list[str], size: int, max_w: int) -> list[list[int]]:
    """The legend's entries (indexes) laid out in rows that fit `max_w`."""
    rows: list[list[int]] = [[]]
    x = 0
    for k, name in enumerate(names):
        w = size * 2 + width(name, size) + size
        if rows[-1] and x + w > max_w:
            rows.append([])
            x = 0
        rows[-1].append(k)
        x += w
    return rows


def line_chart(surface: pygame.Surface, rect: pygame.Rect, series: list[list[int]],
               colours: list[tuple[int, int, int]], *, names: list[str] | None = None,
               label_size: int = 18) -> None:
    """Axes with grid lines, one polyline per series (a dot at its end), and a legend of
    `names` in their colours along the top."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, style.BG_2, rect, border_radius=10)
    gutter = label_size * 3
    top_pad = label_size
    legend: list[list[int]] = []
    if names:
        legend = legend_rows(names, label_size, rect.w - gutter - label_size)
        top_pad += len(legend) * round(label_size * 1.5)
    plot = pygame.Rect(rect.x + gutter, rect.y + top_pad, rect.w - gutter - label_size,
                       rect.h - top_pad - label_size - label_size // 2)
    if plot.w < 20 or plot.h < 20:
        return
    for r, row in enumerate(legend):
        x = plot.x
        y = rect.y + label_size // 2 + r * round(label_size * 1.5)
        for k in row:
            assert names is not None
            sw = pygame.Rect(x, y + label_size // 3, label_size * 3 // 2, max(3, label_size // 3))
            pygame.draw.rect(surface, colours[k % len(colours)], sw, border_radius=2)
            nw = width(names[k], label_size) + 4
            text_in(surface, names[k], pygame.Rect(sw.right + label_size // 3, y - 2, nw, label_size + 6),
                    label_size, colours[k % len(colours)], align="left")
            x = sw.right + label_size // 3 + nw + label_size
    n = max((len(s) for s in series), default=0)
    top = max([v for s in series for v in s] + [1])
    low = min([v for s in series for v in s] + [0])
    step = nice_step(top - low)
    top = -(-top // step) * step
    low = (low // step) * step
    span = max(1, top - low)

    def pt(i: int, v: int, dy: int = 0) -> tuple[int, int]:
        x = plot.x + (plot.w * i // max(1, n - 1) if n > 1 else plot.w // 2)
        y = plot.bottom - (v - low) * plot.h // span
        return x, y + dy

    for v in range(low, top + 1, step):
        y = pt(0, v)[1]
        pygame.draw.line(surface, style.BG_3, (plot.x, y), (plot.right, y), 2)
        text_in(surface, str(v), pygame.Rect(rect.x + 4, y - label_size, gutter - 10, 2 * label_size),
                label_size, style.INK_DIM, align="right")
    pygame.draw.line(surface, style.INK_DIM, plot.bottomleft, plot.bottomright, 2)
    offsets = spread(series, LINE_W + 1)
    for s, dys, colour in zip(series, offsets, colours):
        pts = [pt(i, v, dy) for i, (v, dy) in enumerate(zip(s, dys))]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, LINE_W)
        if pts:
            pygame.draw.circle(surface, colour, pts[-1], 6)
