"""A line chart of every seat's score over the turns (for the results screen). Lines that
coincide are drawn side by side (each point of equal value is spread a few pixels apart),
so three bots on the same scores show as three lines; a legend names every line; the
horizontal axis is numbered (turns or rounds) under a title, as many numbers as fit."""
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


def tick_every(n: int, plot_w: int, label_w: int) -> int:
    """Number every k-th of `n` points (k = 1, 2, 5, 10, 20, ...) so that the numbers,
    `label_w` px wide each, do not touch."""
    if n <= 1:
        return 1
    k = 1
    for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if plot_w * k / (n - 1) >= label_w:
            return k
    return k


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
               label_size: int = 18, x_labels: list[str] | None = None, x_title: str | None = None) -> None:
    """Axes with grid lines, one polyline per series (a dot at its end), a legend of
    `names` in their colours along the top, and under the plot the points' `x_labels`
    (as many as fit; by default each point's index: 0 is the start) after `x_title`."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, style.BG_2, rect, border_radius=10)
    gutter = label_size * 3
    top_pad = label_size
    legend: list[list[int]] = []
    if names:
        legend = legend_rows(names, label_size, rect.w - gutter - label_size)
        top_pad += len(legend) * round(label_size * 1.5)
    axis_h = round(label_size * 1.6) + (round(label_size * 1.4) if x_title else 0)   # numbers, then the name
    plot = pygame.Rect(rect.x + gutter, rect.y + top_pad, rect.w - gutter - label_size,
                       rect.h - top_pad - label_size // 2 - axis_h)
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
    labels = x_labels if x_labels is not None and len(x_labels) == n else [str(i) for i in range(n)]
    row = pygame.Rect(rect.x, plot.bottom + label_size // 3, rect.w, round(label_size * 1.6) - label_size // 3)
    if x_title:
        text_in(surface, x_title, pygame.Rect(plot.x, row.bottom, plot.w, round(label_size * 1.4)), label_size,
                style.INK_DIM, min_size=label_size)
    if labels:
        label_w = max(width(lb, label_size) for lb in labels) + label_size
        k = tick_every(n, plot.w, label_w)
        for i in range(0, n, k):
            x = pt(i, low)[0]
            pygame.draw.line(surface, style.INK_DIM, (x, plot.bottom), (x, plot.bottom + label_size // 4), 2)
            box = pygame.Rect(x - label_w // 2, row.y, label_w, row.h)
            box.clamp_ip(pygame.Rect(plot.x - label_size, row.y, plot.w + 2 * label_size, row.h))
            text_in(surface, labels[i], box, label_size, style.INK_DIM, min_size=label_size)
    offsets = spread(series, LINE_W + 1)
    for s, dys, colour in zip(series, offsets, colours):
        pts = [pt(i, v, dy) for i, (v, dy) in enumerate(zip(s, dys))]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, LINE_W)
        if pts:
            pygame.draw.circle(surface, colour, pts[-1], 6)
