"""One design-unit geometry for every table: rects, lengths and font sizes given in
1280x720 design units, scaled to the window and centred in it."""
from __future__ import annotations

import pygame

from scenes.ui import style


class Frame:
    """Design units -> pixels for a surface of `size` (1280x720 scaled by `k`, centred)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.k = style.scale(size)
        self.ox = (size[0] - style.DESIGN[0] * self.k) / 2
        self.oy = (size[1] - style.DESIGN[1] * self.k) / 2

    @classmethod
    def of_scale(cls, k: float) -> "Frame":
        """The frame of a surface drawn at scale `k` from its top-left corner (a pane)."""
        fr = cls((round(style.DESIGN[0] * k), round(style.DESIGN[1] * k)))
        fr.k, fr.ox, fr.oy = k, 0.0, 0.0
        return fr

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect in design units, placed in the centred 16:9 frame."""
        k = self.k
        return pygame.Rect(round(self.ox + x * k), round(self.oy + y * k), round(w * k), round(h * k))

    def px(self, n: float) -> int:
        """A length in design units (at least one pixel)."""
        return max(1, round(n * self.k))

    def fs(self, n: float) -> int:
        """A font size scaled with the window (18 design px = the smallest readable)."""
        return max(8, round(n * self.k))

    @property
    def min_fs(self) -> int:
        return self.fs(18)
