"""The log panel: events in words, every line wrapped whole (never cut with "…"), and
scrolled back with the mouse wheel over it and PageUp / PageDown. The tables show the
latest ones (newest at the bottom, `draw_recent`); the replay viewer shows the ones
around its position, the current one marked (`draw_around`). The lines are made from
events as the seat reading them may see them (`session.events_for(seat)`, the rules'
event_view), never from raw secret events.

A `LogView` is one panel's scroll state (a table holds one: TurnTable.log_view; the
replay viewer its own). It scrolls by wrapped rows, so an entry taller than the panel is
still read whole, a row at a time; a bar at the panel's right edge shows where the rows on
screen sit in the whole log. While scrolled back, new entries do not move what is being
read. A table's panel shows whole lines: resting, the newest from its first row (its
start, when taller than the panel), and an older line above that would be cut at its top
is left off, never its tail alone. The panel notes where it was drawn (`box`), so that
the wheel is taken over it only."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.i18n import lang
from scenes.ui.sizecache import sized_cache
from scenes.ui.text import band, line_step, wrap
from scenes.ui.text import width as text_width

WHEEL_ROWS = 3          # rows one notch of the wheel scrolls


@dataclass(frozen=True)
class Row:
    entry: int          # the index of the line it belongs to
    text: str
    gap: int            # space above it (between two entries)
    indent: int = 0     # a line's second and later rows hang under its first word


@sized_cache(maxsize=64)
def _rows(lines: tuple[str, ...], size: int, width: int, gap: int, numbered: bool) -> tuple[Row, ...]:
    """Every line wrapped into rows: the first row the panel's width, the rest indented
    (under the text after the number in the replay's list, by half a line's height in a
    table's log) so that where each line starts is seen at a glance."""
    out: list[Row] = []
    for i, text in enumerate(lines):
        words = f"{i + 1}. {text}" if numbered else text
        indent = text_width(f"{i + 1}. ", size) if numbered else size // 2
        first = wrap(words, size, width)[0] if words else ""
        rest = words[len(first):].strip() if words.startswith(first) else ""
        if not first or not words.startswith(first) or indent >= width // 3:
            rows, indent = list(wrap(words, size, width)), 0
        else:
            rows = [first] + (list(wrap(rest, size, width - indent)) if rest else [])
        for j, piece in enumerate(rows):
            out.append(Row(i, piece, gap if j == 0 and out else 0, indent if j else 0))
    return tuple(out)


class LogView:
    """One log panel's scroll state: `back` rows scrolled back from where it rests (the
    newest at the bottom, or the replay's current event in the middle)."""

    def __init__(self) -> None:
        self.back = 0
        self.box: pygame.Rect | None = None       # where it was last drawn (the wheel's target)
        self.page = 1                             # rows on screen at the last draw
        self.most = 0                             # the furthest `back` can go
        self.least = 0                            # and forward (below 0: the replay's later lines)
        self._seen = 0                            # rows in the log at the last draw
        self._current: int | None = None
        self._pointer: tuple[int, int] | None = None
        self._words: dict[tuple[Any, ...], list[str]] = {}

    def worded(self, events: list[dict], word: Callable[[dict], Any], seat: int | None) -> list[str]:
        """The log's lines: `word(ev)` (a sentence, a list of them, or "") for each event,
        each event worded once per seat and language (a whole game's log is worded again
        at every event otherwise). `forget()` after a take-back."""
        out: list[str] = []
        here = (seat, lang())
        for ev in events:
            seq = ev.get("seq")
            said = None if seq is None else self._words.get((seq, *here))
            if said is None:
                got = word(ev)
                said = [x for x in got if x] if isinstance(got, (list, tuple)) else [got] if got else []
                if seq is not None:
                    self._words[(seq, *here)] = said
            out += said
        return out

    def forget(self) -> None:
        """The log was cut back (a take-back): its later events are new ones."""
        self._words.clear()

    def reset(self) -> None:
        """Back to where it rests (another seat's log on screen)."""
        self.back = 0
        self._seen = 0

    def scroll(self, rows: int) -> None:
        self.back = max(self.least, min(self.most, self.back + rows))

    def handle(self, ev: pygame.event.Event) -> bool:
        """The wheel over the panel, PageUp / PageDown: True when it scrolled the log."""
        if ev.type == pygame.MOUSEMOTION:
            self._pointer = ev.pos
            return False
        if ev.type == pygame.MOUSEWHEEL and self.box is not None:
            pos = self._pointer if self._pointer is not None else pygame.mouse.get_pos()
            if not self.box.collidepoint(pos):
                return False
            self.scroll(WHEEL_ROWS * int(ev.y))
            return True
        if ev.type == pygame.KEYDOWN and self.box is not None and ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(max(1, self.page - 1) * (1 if ev.key == pygame.K_PAGEUP else -1))
            return True
        return False

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, box: pygame.Rect, lines: list[str], size: int, pad: int, *,
             current: int | None = None, radius: int = 12) -> None:
        """Every line, wrapped whole, as many rows as fit: resting with the newest at the
        bottom, or (`current` given) with that line in the middle, marked."""
        self.box = pygame.Rect(box)
        panel(surface, box, style.BG_2, radius=radius)
        bar_w = max(3, pad // 2)
        inner = pygame.Rect(box.x + pad, box.y + pad, box.w - 3 * pad - bar_w, box.h - 2 * pad)
        numbered = current is not None
        shown = tuple(ln for ln in lines if ln) if not numbered else tuple(lines)
        if not shown or inner.w <= 0:
            return
        rows = _rows(shown, size, inner.w, max(2, pad // 2), numbered)
        step, band_h = line_step(size), band(size)[1]
        heights = [r.gap + step for r in rows]
        rest = self._rest(rows, heights, inner.h, band_h, current)
        if current is None and self.back > 0 and len(rows) > self._seen:
            self.back += len(rows) - self._seen    # keep still what is being read
        if current is not None and current != self._current:
            self.back = 0                          # the replay moved: back to its event
        self._seen, self._current = len(rows), current
        first_bottom = self._fill_down(heights, 0, inner.h, band_h)     # the last row the top page ends on
        self.most = max(0, rest - first_bottom)
        self.least = -(len(rows) - 1 - rest)
        self.back = max(self.least, min(self.most, self.back))
        bottom = rest - self.back
        top = bottom
        used = band_h
        while top > 0 and used + heights[top] <= inner.h:
            used += heights[top]
            top -= 1
        if current is None:                        # an older line that does not fit whole is left off
            while 0 < top < bottom and rows[top].entry == rows[top - 1].entry != rows[bottom].entry:
                top += 1
        self.page = bottom - top + 1
        self._draw_rows(surface, inner, rows, top, bottom, step, size, len(shown) - 1, current)
        self._draw_bar(surface, pygame.Rect(box.right - pad - bar_w, inner.y, bar_w, inner.h), top, bottom, len(rows))

    @staticmethod
    def _fill_down(heights: list[int], top: int, room: int, band_h: int) -> int:
        """The last row that fits below row `top`."""
        used, i = band_h, top
        while i + 1 < len(heights) and used + heights[i + 1] <= room:
            used += heights[i + 1]
            i += 1
        return i

    def _rest(self, rows: tuple[Row, ...], heights: list[int], room: int, band_h: int, current: int | None) -> int:
        """The bottom row where the panel rests: the newest line's last row, or as far as it
        fits from its first row (a line taller than the panel shows its start, the rest
        scrolled to); or the current line centred."""
        if current is None:
            start = next(i for i, r in enumerate(rows) if r.entry == rows[-1].entry)
            return min(len(rows) - 1, self._fill_down(heights, start, room, band_h))
        mine = [i for i, r in enumerate(rows) if r.entry == current]
        if not mine:                               # before the first line: the top page
            return self._fill_down(heights, 0, room, band_h)
        y = [0]
        for h in heights[1:]:
            y.append(y[-1] + h)
        middle = (y[mine[0]] + y[mine[-1]] + band_h) // 2
        top_y = max(0, middle - room // 2)
        top = next((i for i, v in enumerate(y) if v >= top_y), 0)
        return self._fill_down(heights, top, room, band_h)

    @staticmethod
    def _draw_rows(surface: pygame.Surface, inner: pygame.Rect, rows: tuple[Row, ...], top: int, bottom: int,
                   step: int, size: int, newest: int, current: int | None) -> None:
        band_h = band(size)[1]
        y = inner.y
        placed: list[tuple[Row, int]] = []
        for i in range(top, bottom + 1):
            if i > top:
                y += rows[i].gap + step
            placed.append((rows[i], y))
        if current is not None:
            mine = [yy for r, yy in placed if r.entry == current]
            if mine:
                hl = pygame.Rect(inner.x - 4, mine[0] - 3, inner.w + 8, mine[-1] - mine[0] + band_h + 6)
                pygame.draw.rect(surface, style.ACCENT, hl, border_radius=6)
        for row, yy in placed:
            if current is not None:
                colour = style.INK_DARK if row.entry == current else (style.INK if row.entry < current
                                                                      else style.INK_DIM)
            else:
                colour = style.INK if row.entry == newest else style.INK_DIM
            text_in(surface, row.text, pygame.Rect(inner.x + row.indent, yy, inner.w - row.indent, band_h), size,
                    colour, align="left", valign="top", min_size=size)

    @staticmethod
    def _draw_bar(surface: pygame.Surface, track: pygame.Rect, top: int, bottom: int, total: int) -> None:
        """Where the rows on screen sit in the whole log (nothing when all of it shows)."""
        if total <= 0 or (top == 0 and bottom == total - 1):
            return
        pygame.draw.rect(surface, style.BG_3, track, border_radius=track.w // 2)
        y0 = track.y + track.h * top // total
        y1 = track.y + track.h * (bottom + 1) // total
        thumb = pygame.Rect(track.x, y0, track.w, max(track.w * 2, y1 - y0))
        thumb.bottom = min(thumb.bottom, track.bottom)
        pygame.draw.rect(surface, style.INK_DIM, thumb, border_radius=track.w // 2)


def draw_recent(surface: pygame.Surface, box: pygame.Rect, lines: list[str], size: int, pad: int,
                radius: int = 12, view: LogView | None = None) -> None:
    """The latest `lines`, newest at the bottom (and brightest), each wrapped whole;
    scrolled back by `view` (a table's `log_view`)."""
    (view or LogView()).draw(surface, box, lines, size, pad, radius=radius)


def draw_around(surface: pygame.Surface, box: pygame.Rect, lines: list[str], current: int, size: int,
                pad: int, view: LogView | None = None) -> None:
    """Numbered `lines` around `current` (marked), each wrapped whole; scrolled by `view`."""
    (view or LogView()).draw(surface, box, lines, size, pad, current=current)
