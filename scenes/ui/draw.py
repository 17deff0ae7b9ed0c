"""Drawing into boxes: `text_in` (the one way to put text in a box: shrunk to fit, or
wrapped, placed by its inked pixels), `panel`, and (for tests) `record_text`, which
collects every text blit with the box it was meant for, so a test can prove nothing
overflows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from scenes.ui.text import band, ellipsize, fit_size, inked, line_step, paragraph

Colour = tuple[int, int, int]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "center", "bottom"]


@dataclass
class TextBlit:
    text: str
    rect: pygame.Rect        # where the text landed
    box: pygame.Rect         # the box it had to stay inside
    surface_size: tuple[int, int]
    size: int                # font px used
    cut: bool = False        # shortened with "…" to fit (a "…" of the text itself is no cut)

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


def note(text: str, rect: pygame.Rect, box: pygame.Rect, surface_size: tuple[int, int], size: int,
         cut: bool = False) -> None:
    for blits in _recording:
        blits.append(TextBlit(text, pygame.Rect(rect), pygame.Rect(box), surface_size, size, cut))


def text_in(surface: pygame.Surface, text: str, box: pygame.Rect | tuple, size: int,
            colour: Colour = (250, 250, 250), *, bold: bool = False, align: Align = "center",
            valign: VAlign = "middle", wrap_lines: bool = False, max_lines: int | None = None,
            min_size: int = 14, ellipsis: bool = False) -> pygame.Rect:
    """Draw `text` inside `box` and return the rect its ink covers.

    One line (the default) is shrunk until it fits (its width by the font's advance, its
    height by its inked pixels, never below `min_size`), then cut with "…" when
    `ellipsis`, and centred by its ink. With `wrap_lines` the text is broken into lines
    (see `scenes.ui.text.wrap`), shrunk until the block fits the box (and `max_lines`),
    and at `min_size` cut short with "…" when `ellipsis`. Every line drawn is reported to
    `record_text()` with the box it had to stay in."""
    box = pygame.Rect(box)
    if not text:
        return pygame.Rect(box.x, box.y, 0, 0)
    size, min_size = int(size), min(int(min_size), int(size))
    if wrap_lines or "\n" in text:
        return _paragraph_in(surface, text, box, size, colour, bold, align, valign, max_lines, min_size, ellipsis)
    s = fit_size(text, size, box.width, box.height, bold, min_size)
    whole = text
    if ellipsis:
        text = ellipsize(text, s, box.width, bold)
    surf, ink = inked(text, s, colour, bold)
    r = surf.get_rect()
    r.x = _x(box, r.w, align)
    ink_h = ink.h or r.h
    if valign == "top":
        r.y = box.top - ink.y
    elif valign == "bottom":
        r.y = box.bottom - ink.y - ink_h
    else:
        r.y = box.centery - ink_h // 2 - ink.y
    surface.blit(surf, r)
    where = pygame.Rect(r.x + ink.x, r.y + ink.y, ink.w, ink.h) if ink.w else pygame.Rect(r.topleft, (0, 0))
    note(text, where, box, surface.get_size(), s, text != whole)
    return where


def _x(box: pygame.Rect, w: int, align: Align) -> int:
    if align == "left":
        return box.x
    if align == "right":
        return box.right - w
    return box.x + (box.width - w) // 2


def _paragraph_in(surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Colour, bold: bool,
                  align: Align, valign: VAlign, max_lines: int | None, min_size: int, cut_: bool) -> pygame.Rect:
    s, lines = paragraph(text, size, box.width, box.height, bold, min_size, max_lines, cut_)
    step = line_step(s, bold)
    top, band_h = band(s, bold)
    block = (len(lines) - 1) * step + band_h
    if valign == "top":
        y = box.y
    elif valign == "bottom":
        y = box.bottom - block
    else:
        y = box.y + (box.height - block) // 2
    covered: pygame.Rect | None = None
    flat = " ".join(text.split())
    for i, line in enumerate(lines):
        if not line:
            continue
        surf, ink = inked(line, s, colour, bold)
        r = surf.get_rect(topleft=(_x(box, surf.get_width(), align), y + i * step - top))
        surface.blit(surf, r)
        where = pygame.Rect(r.x + ink.x, r.y + ink.y, ink.w, ink.h)
        cut = cut_ and i == len(lines) - 1 and line.endswith("…") and " ".join(line.split()) not in flat
        note(line, where, box, surface.get_size(), s, cut)
        covered = where if covered is None else covered.union(where)
    return covered or pygame.Rect(box.x, y, 0, 0)


def panel(surface: pygame.Surface, rect: pygame.Rect | tuple, colour: Colour,
          radius: int = 12, border: Colour | None = None, width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)
