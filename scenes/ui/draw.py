"""Drawing text into boxes: shrink to fit or wrap, and (for tests) record every text
blit with the box it was meant for, so a test can prove nothing overflows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from scenes.ui.fonts import font
from scenes.ui.text import fit_size, render, wrap

Colour = tuple[int, int, int]
Align = Literal["left", "center", "right"]


@dataclass
class TextBlit:
    text: str
    rect: pygame.Rect        # where the text landed
    box: pygame.Rect         # the box it had to stay inside
    surface_size: tuple[int, int]
    size: int                # font px used

    @property
    def fits(self) -> bool:
        sw, sh = self.surface_size
        return self.box.contains(self.rect) and pygame.Rect(0, 0, sw, sh).contains(self.rect)


_recording: list[list[TextBlit]] = []


class record_text:
    """`with record_text() as blits:` collects every text drawn through this module
    (and the widget helpers, which log their labels with their boxes)."""

    def __enter__(self) -> list[TextBlit]:
        self.blits: list[TextBlit] = []
        _recording.append(self.blits)
        return self.blits

    def __exit__(self, *exc: object) -> None:
        _recording.remove(self.blits)


def note(text: str, rect: pygame.Rect, box: pygame.Rect, surface_size: tuple[int, int], size: int) -> None:
    for blits in _recording:
        blits.append(TextBlit(text, pygame.Rect(rect), pygame.Rect(box), surface_size, size))


def text_in(surface: pygame.Surface, text: str, box: pygame.Rect | tuple, size: int,
            colour: Colour = (250, 250, 250), *, bold: bool = False, align: Align = "center",
            valign: Literal["top", "middle", "bottom"] = "middle", wrap_lines: bool = False,
            min_size: int = 14, ellipsis: bool = False) -> pygame.Rect:
    """Draw `text` inside `box`: one line shrunk to fit (down to `min_size`, then cut with
    "…" when `ellipsis`), or wrapped lines (shrunk until the block fits the box's height).
    Returns the rect the text covers."""
    box = pygame.Rect(box)
    if not text:
        return pygame.Rect(box.x, box.y, 0, 0)
    if wrap_lines:
        s = size
        while True:
            lines = wrap(text, s, box.width, bold)
            line_h = font(s, bold).get_linesize()
            widest = max(font(s, bold).size(line)[0] for line in lines)
            if (line_h * len(lines) <= box.height and widest <= box.width) or s <= min_size:
                break
            s -= 1
        surfs = [render(line, s, colour, bold) for line in lines]
    else:
        s = fit_size(text, size, box.width, bold, min_size)
        while s > min_size and font(s, bold).get_height() > box.height:
            s -= 1
        if ellipsis:
            text = ellipsize(text, s, box.width, bold)
        surfs = [render(text, s, colour, bold)]
        line_h = surfs[0].get_height()
    total_h = line_h * (len(surfs) - 1) + surfs[-1].get_height()
    if valign == "top":
        y = box.y
    elif valign == "bottom":
        y = box.bottom - total_h
    else:
        y = box.y + (box.height - total_h) // 2
    covered = pygame.Rect(box.x, y, 0, 0)
    for i, surf in enumerate(surfs):
        w = surf.get_width()
        x = box.x if align == "left" else box.right - w if align == "right" else box.x + (box.width - w) // 2
        r = surface.blit(surf, (x, y + i * line_h))
        # The glyph box of a line is taller than the ink; count the line height only.
        r = pygame.Rect(x, y + i * line_h, w, min(surf.get_height(), line_h))
        covered = r if i == 0 else covered.union(r)
        note(lines[i] if wrap_lines else text, r, box, surface.get_size(), s)
    return covered


def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """`text` cut short with "…" so that it fits `max_width` px."""
    f = font(size, bold)
    if f.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + "…")[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def panel(surface: pygame.Surface, rect: pygame.Rect | tuple, colour: Colour,
          radius: int = 12, border: Colour | None = None, width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)
