"""Where things go on the couch race screen (designed at 1280x720, scaled): a top bar
(key number, round, bots' progress) and the split screen below it."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

TOP_H = 64
PAD = 8


@dataclass
class RaceLayout:
    scale: float
    pad: int
    top: pygame.Rect
    body: pygame.Rect
    panes: list[pygame.Rect]
    spare: pygame.Rect | None          # an empty grid cell (3 panes): the bots' board
    centre: pygame.Rect | None = None  # grab: the shared centre


def split(body: pygame.Rect, n: int, gap: int) -> tuple[list[pygame.Rect], pygame.Rect | None]:
    """n panes: 1 fills the body, 2 side by side, 3-4 in a 2x2 grid (3 leaves a spare cell)."""
    if n <= 1:
        return [pygame.Rect(body)], None
    if n == 2:
        w = (body.w - gap) // 2
        return [pygame.Rect(body.x, body.y, w, body.h),
                pygame.Rect(body.x + w + gap, body.y, body.w - w - gap, body.h)], None
    w = (body.w - gap) // 2
    h = (body.h - gap) // 2
    cells = [pygame.Rect(body.x + (i % 2) * (w + gap), body.y + (i // 2) * (h + gap), w, h) for i in range(4)]
    return cells[:n], (cells[3] if n == 3 else None)


def race_layout(size: tuple[int, int], panes: int, *, grab: bool = False) -> RaceLayout:
    w, h = size
    s = min(w / 1280, h / 720)
    pad = max(4, round(PAD * s))
    top = pygame.Rect(0, 0, w, round(TOP_H * s))
    body = pygame.Rect(pad, top.bottom + pad, w - 2 * pad, h - top.bottom - 2 * pad)
    if not grab:
        rects, spare = split(body, panes, pad)
        return RaceLayout(s, pad, top, body, rects, spare)
    strip_h = round(body.h * (0.40 if panes > 2 else 0.36))
    centre = pygame.Rect(body.x, body.y, body.w, body.h - strip_h - pad)
    n = max(1, panes)
    sw = (body.w - (n - 1) * pad) // n
    strips = [pygame.Rect(body.x + i * (sw + pad), centre.bottom + pad, sw, strip_h) for i in range(n)]
    return RaceLayout(s, pad, top, body, strips, None, centre)
