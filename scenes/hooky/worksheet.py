"""The worksheet: a grid of the 26 letters against each other seat, the playground and
the hooky pile, the player's own marks (has / has not / maybe) over what the assistant
filled in, and the list of every question and answer.

It draws one seat's view only. Marks (scenes/hooky/marks.py) are kept per seat, never in
the engine: the screen shows only the marks of the seat it shows."""
from __future__ import annotations

from typing import Any

import pygame

from engine.hooky.deduction import HOOKY, PLAYGROUND, Deduction
from engine.hooky.knowledge import ALPHABET
from scenes.hooky.assist import Cell, Loc
from scenes.hooky.widgets import (ASSIST, ASSIST_BG, HEAT, PANEL, PANEL_HI, Frame, draw_mark, lerp,
                                  seat_name)
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.i18n import t

LABEL_W = 168           # design units
HEADER_H = 30
ROW_H = 40


def place_label(loc: Loc, players: Any) -> str:
    if loc == PLAYGROUND:
        return t("hooky.ui.place.playground")
    if loc == HOOKY:
        return t("hooky.ui.place.hooky")
    return seat_name(players, int(loc))


def place_colour(loc: Loc) -> tuple[int, int, int]:
    if isinstance(loc, int):
        return style.seat_colour(loc)
    return style.INK if loc == PLAYGROUND else style.ACCENT


def place_size(view: dict, loc: Loc) -> int:
    if loc == PLAYGROUND:
        return int(view["playground_size"])
    if loc == HOOKY:
        return int(view["hooky_size"])
    return int(view["hand_sizes"][int(loc)])


class WorksheetGrid:
    """Geometry, hit tests and drawing of the grid inside a rect."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[Loc] = []
        self.cell_w = 1
        self.row_h = 1
        self.header_h = 1
        self.label_w = 1

    def layout(self, rect: pygame.Rect, rows: list[Loc], fr: Frame) -> None:
        self.rect = pygame.Rect(rect)
        self.rows = list(rows)
        self.label_w = fr.px(LABEL_W)
        self.header_h = fr.px(HEADER_H)
        self.cell_w = max(4, (rect.w - self.label_w) // len(ALPHABET))
        self.row_h = max(8, min(fr.px(ROW_H), (rect.h - self.header_h) // max(1, len(rows))))

    @property
    def height(self) -> int:
        return self.header_h + self.row_h * len(self.rows)

    def cell_rect(self, ri: int, ci: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_w + ci * self.cell_w,
                           self.rect.y + self.header_h + ri * self.row_h, self.cell_w, self.row_h)

    def header_rect(self, ci: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_w + ci * self.cell_w, self.rect.y, self.cell_w, self.header_h)

    def label_rect(self, ri: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + self.header_h + ri * self.row_h, self.label_w, self.row_h)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        x, y = pos[0] - self.rect.x - self.label_w, pos[1] - self.rect.y - self.header_h
        if x < 0 or y < 0:
            return None
        ci, ri = x // self.cell_w, y // self.row_h
        if ci < len(ALPHABET) and ri < len(self.rows):
            return int(ri), int(ci)
        return None

    def header_at(self, pos: tuple[int, int]) -> str | None:
        for ci in range(len(ALPHABET)):
            if self.header_rect(ci).collidepoint(pos):
                return ALPHABET[ci]
        return None

    def label_at(self, pos: tuple[int, int]) -> Loc | None:
        for ri, loc in enumerate(self.rows):
            if self.label_rect(ri).collidepoint(pos):
                return loc
        return None

    # ---- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, fr: Frame, *, view: dict, seat: int, players: Any,
             marks: dict[Cell, str], assist: dict[Cell, str], heat: Deduction | None,
             cursor: tuple[int, int] | None, focused: bool, picked: set[str] = frozenset()) -> None:
        me = style.seat_colour(seat)
        own = set(view.get("hand") or [])
        cur_letter = ALPHABET[cursor[1]] if cursor else None
        # the letter header
        for ci, letter in enumerate(ALPHABET):
            hr = self.header_rect(ci)
            if letter in picked:
                pygame.draw.rect(surface, style.ACCENT, hr.inflate(-2, -2), border_radius=fr.px(5))
                colour = style.INK_DARK
            elif letter == cur_letter:
                pygame.draw.rect(surface, PANEL_HI, hr, border_radius=fr.px(5))
                colour = style.ACCENT
            else:
                colour = me if letter in own else style.INK
            text_in(surface, letter.upper(), hr, fr.fs(21), colour, bold=True, min_size=min(fr.min_fs, hr.w))
        # rows
        for ri, loc in enumerate(self.rows):
            lr = self.label_rect(ri)
            colour = place_colour(loc)
            if cursor and cursor[0] == ri:
                pygame.draw.rect(surface, PANEL_HI, lr, border_radius=fr.px(6))
            pygame.draw.rect(surface, colour, (lr.x, lr.y + 3, max(3, fr.px(6)), lr.h - 6))
            pad = fr.px(12)
            size_w = fr.px(34)
            name_box = pygame.Rect(lr.x + pad, lr.y, lr.w - pad - size_w - fr.px(4), lr.h)
            text_in(surface, place_label(loc, players), name_box, fr.fs(21), colour, bold=True, align="left",
                    min_size=fr.min_fs, ellipsis=True)
            text_in(surface, str(place_size(view, loc)), pygame.Rect(name_box.right, lr.y, size_w, lr.h),
                    fr.fs(20), style.INK_DIM, align="right", min_size=fr.min_fs)
            for ci, letter in enumerate(ALPHABET):
                self._cell(surface, fr, ri, ci, (loc, letter), marks, assist, heat, me)
        # grid lines every five letters, and the cursor
        top, bottom = self.rect.y + self.header_h, self.rect.y + self.height
        for ci in range(0, len(ALPHABET) + 1, 5):
            x = self.rect.x + self.label_w + ci * self.cell_w
            pygame.draw.line(surface, style.BG_3, (x, top), (x, bottom), 1)
        if cursor is not None:
            cr = self.cell_rect(*cursor)
            pygame.draw.rect(surface, style.ACCENT if focused else style.INK_DIM, cr.inflate(2, 2),
                             max(2, fr.px(3)))

    def _cell(self, surface: pygame.Surface, fr: Frame, ri: int, ci: int, cell: Cell,
              marks: dict[Cell, str], assist: dict[Cell, str], heat: Deduction | None,
              me: tuple[int, int, int]) -> None:
        r = self.cell_rect(ri, ci)
        inner = r.inflate(-2, -2)
        base = PANEL if (ci // 5) % 2 == 0 else (36, 44, 76)
        a = assist.get(cell)
        if heat is not None and a is None and heat.consistent:
            base = heat_colour(base, heat.p(cell[1], cell[0]))
        elif a == "has":
            base = ASSIST_BG
        pygame.draw.rect(surface, base, inner, border_radius=max(2, fr.px(4)))
        if a is not None:
            draw_mark(surface, inner, a, ASSIST if a == "has" else (92, 112, 140), big=False)
        m = marks.get(cell)
        if m is not None:
            draw_mark(surface, inner, m, style.INK if m != "has" else me, big=True)
            if a is not None and m != "maybe" and m != a:     # the player's mark contradicts a fact
                pygame.draw.rect(surface, style.BAD, inner, max(2, fr.px(2)), border_radius=max(2, fr.px(4)))


def heat_colour(base: tuple[int, int, int], p: float) -> tuple[int, int, int]:
    """The heat map: the cell's colour from dark (unlikely) through orange to yellow (sure)."""
    if p <= 0:
        return base
    if p < 0.5:
        return lerp(base, HEAT, 0.2 + 1.6 * p)
    return lerp(HEAT, style.ACCENT, (p - 0.5) * 2)


def questions_by_seat(view: dict) -> dict[int, list[tuple[str, int]]]:
    """Every word put to each seat (its starting clue first) with its answer."""
    out: dict[int, list[tuple[str, int]]] = {s: [] for s in range(int(view["seats"]))}
    for c in view.get("clues") or []:
        out[int(c["seat"])].append((str(c["word"]), int(c["answer"])))
    for a in view.get("asks") or []:
        out[int(a["seat"])].append((str(a["word"]), int(a["answer"])))
    return out


def draw_questions(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, *, view: dict, seat: int | None,
                   players: Any, letter: str | None = None) -> None:
    """One column per seat (the others for a seat's worksheet, every seat for the table):
    its starting clue and every question put to it, with the answers, one word a row (rows
    get shorter before anything is left out; then the oldest give way to a "+n earlier"
    row). A word is never cut short. Words holding the cursor's letter stand out."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=fr.px(10))
    pad = fr.px(8)
    title = pygame.Rect(rect.x + pad, rect.y + fr.px(4), rect.w - 2 * pad, fr.px(30))
    text_in(surface, t("hooky.ws.questions"), title, fr.fs(21), style.INK_DIM, align="left", min_size=fr.min_fs)
    n = int(view["seats"])
    seats = [s for s in range(n) if s != seat] if seat is not None else list(range(n))
    if seat is not None:
        seats = [(seat + i) % n for i in range(1, n)]
    per = questions_by_seat(view)
    body = pygame.Rect(rect.x + pad, title.bottom + fr.px(2), rect.w - 2 * pad, rect.bottom - title.bottom - pad)
    col_w = (body.w - pad * (len(seats) - 1)) // max(1, len(seats))
    name_h = fr.px(30)
    for i, s in enumerate(seats):
        col = pygame.Rect(body.x + i * (col_w + pad), body.y, col_w, body.h)
        pygame.draw.rect(surface, style.BG, col, border_radius=fr.px(6))
        colour = style.seat_colour(s)
        pygame.draw.rect(surface, colour, (col.x, col.y, col.w, max(2, fr.px(3))))
        text_in(surface, seat_name(players, s), pygame.Rect(col.x + pad, col.y + fr.px(3), col.w - 2 * pad, name_h),
                fr.fs(21), colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        entries = per.get(s, [])
        area = pygame.Rect(col.x + pad // 2, col.y + name_h + fr.px(4), col.w - pad, col.h - name_h - fr.px(6))
        entry_h, shown, earlier = answer_rows(len(entries), area.h, fr.px(27), fr.px(22))
        rows: list[tuple[str, int | None]] = ([(t("hooky.ws.earlier", n=earlier), None)] if earlier else [])
        rows += entries[len(entries) - shown:] if shown else []
        num_w = fr.px(26)
        for j, (word, answer) in enumerate(rows):
            box = pygame.Rect(area.x, area.y + j * entry_h, area.w - fr.px(4), entry_h)
            if answer is None:         # the "+n earlier" row
                text_in(surface, word, pygame.Rect(box.x + fr.px(4), box.y, box.w - fr.px(4), box.h), fr.fs(18),
                        style.INK_DIM, align="left", min_size=fr.min_fs, ellipsis=True)
                continue
            hot = letter is not None and letter in word
            wcol = style.ACCENT if hot else style.INK
            text_in(surface, word.upper(), pygame.Rect(box.x + fr.px(4), box.y, box.w - num_w - fr.px(6), box.h),
                    fr.fs(20), wcol, bold=True, align="left", min_size=fr.min_fs)
            text_in(surface, str(answer), pygame.Rect(box.right - num_w, box.y, num_w, box.h), fr.fs(21),
                    style.GOOD if answer else style.INK_DIM, bold=True, align="right", min_size=fr.min_fs)


def answer_rows(count: int, height: int, tall: int, short: int) -> tuple[int, int, int]:
    """(row height, entries shown, entries left out) for `count` answers in `height` px:
    rows of `tall` px, shorter down to `short` px to fit them all, else the newest that fit
    below one "+n earlier" row."""
    if count * tall <= height:
        return tall, count, 0
    h = max(short, height // max(1, count))
    fits = max(1, height // h)
    if count <= fits:
        return h, count, 0
    return h, fits - 1, count - (fits - 1)
