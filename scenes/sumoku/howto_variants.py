"""How to play Sumoku's other ways to play: solitaire, the speed race (a call, and a wrong
call), the real-time grab and the team race. Every example is worked out by the engine
when the page is built (the race hand laid out by the exact solver, the wrong call and
the grab's set judged by the rules' own checks, each grid passed by the grid checker) and
drawn by the table's renderers, so the numbers a page shows are the rules' numbers."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from engine.core.errors import RuleError
from engine.sumoku.arrange import arrange
from engine.sumoku.board import all_lines
from engine.sumoku.grab import claim_fault, find_set
from engine.sumoku.grid import grid_errors
from engine.sumoku.tiles import colour
from scenes.sumoku import style
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.pending import LineCheck, line_checks
from scenes.sumoku.widgets import draw_hand, hand_layout
from scenes.ui.draw import text_in
from scenes.ui.i18n import lang, t

Cell = tuple[int, int]
Grid = dict[Cell, tuple[int, int]]

# Stage 1 of a solitaire game (key 4): the 16 tiles of the first draw in one grid.
SOLITAIRE_KEY = 4
SOLITAIRE_GRID: tuple[tuple[int, int, int, int], ...] = (
    (-4, -1, 86, 4), (-3, -2, 70, 4), (-3, -1, 22, 4), (-2, -4, 31, 8), (-2, -3, 15, 8), (-2, -2, 62, 8),
    (-2, -1, 38, 4), (-2, 1, 28, 7), (-2, 2, 10, 9), (-1, -4, 47, 8), (-1, -3, 79, 8), (-1, -1, 14, 8),
    (-1, 0, 68, 3), (-1, 1, 56, 5), (0, -4, 78, 8), (0, 0, 41, 5))
# A speed-race hand of 10 (key 5), laid out by the solver.
SPEED_KEY = 5
SPEED_HAND = (89, 10, 36, 94, 86, 41, 2, 19, 83, 52)
# The grab's centre (key 5): the finder picks the set.
GRAB_KEY = 5
GRAB_CENTRE = (76, 50, 57, 83, 94, 78, 20, 79, 1, 67)
# A team's tiles (key 4): the first nine on the shared grid (laid out by the solver), the rest in the pool.
TEAM_KEY = 4
TEAM_TILES = (53, 93, 42, 49, 94, 88, 74, 58, 56, 59, 69, 10, 66, 65)
TEAM_ON_GRID = 9
TEAM_COLOURS = ((86, 180, 233), (230, 159, 0))


def grid_of(rows: tuple[tuple[int, int, int, int], ...]) -> Grid:
    return {(r, c): (tl, v) for r, c, tl, v in rows}


def checked(grid: Grid) -> list[LineCheck]:
    """Every line of the grid with its total (all valid on these pages)."""
    return [LineCheck(d, tuple(cells), sum(grid[c][1] for c in cells)) for d, cells in all_lines(grid)]


@lru_cache(maxsize=None)
def speed_grid() -> tuple[tuple[Cell, tuple[int, int]], ...]:
    lay = arrange(SPEED_HAND, SPEED_KEY)
    assert lay is not None, "the example hand has a grid"
    return tuple(sorted(lay.items()))


@lru_cache(maxsize=None)
def team_grid() -> tuple[tuple[Cell, tuple[int, int]], ...]:
    lay = arrange(TEAM_TILES[:TEAM_ON_GRID], TEAM_KEY)
    assert lay is not None, "the example team tiles have a grid"
    return tuple(sorted(lay.items()))


@dataclass(frozen=True)
class WrongCall:
    """The speed grid with one tile swapped for another of its colour: the call is wrong."""
    board: tuple[tuple[Cell, tuple[int, int]], ...]     # the grid without the swapped square
    cell: Cell
    tile: int
    value: int
    error: RuleError


@lru_cache(maxsize=None)
def wrong_call() -> WrongCall:
    grid = dict(speed_grid())
    for cell, (tile, _v) in sorted(grid.items()):
        for n in range(1, 9):
            other = colour(tile) * 16 + (n - 1) * 2
            if other in SPEED_HAND or other + 1 in SPEED_HAND:
                continue
            bad = dict(grid)
            bad[cell] = (other, n)
            errors = grid_errors(bad, SPEED_KEY)
            if errors and errors[0].code == "err.sumoku.line_sum":
                rest = tuple(sorted((c, x) for c, x in grid.items() if c != cell))
                return WrongCall(rest, cell, other, n, errors[0])
    raise AssertionError("no swap breaks a line")


@lru_cache(maxsize=None)
def grab_set() -> tuple[tuple[int, ...], tuple[int, ...]]:
    found = find_set(GRAB_CENTRE, GRAB_KEY)
    assert found is not None, "the example centre holds a set"
    tiles, vals = found
    assert claim_fault(tiles, vals, sum(vals), GRAB_KEY) is None
    return tuple(tiles), tuple(vals)


# ---- captions (worked out live, in the current language) ------------------------------------
def solitaire_caption() -> str:
    grid = grid_of(SOLITAIRE_GRID)
    assert not grid_errors(grid, SOLITAIRE_KEY)
    return t("sumoku.howto.solitaire.caption", count=len(grid), lines=len(checked(grid)), key=SOLITAIRE_KEY)


def speed_caption() -> str:
    grid = dict(speed_grid())
    assert not grid_errors(grid, SPEED_KEY)
    return t("sumoku.howto.speed.caption", count=len(grid), key=SPEED_KEY)


def wrong_caption() -> str:
    return t("sumoku.howto.wrong.caption", reason=wrong_call().error.message(lang()))


def grab_caption() -> str:
    tiles, vals = grab_set()
    return t("sumoku.howto.grab.caption", sum=" + ".join(map(str, vals)), total=sum(vals), key=GRAB_KEY)


def team_caption() -> str:
    grid = dict(team_grid())
    assert not grid_errors(grid, TEAM_KEY)
    return t("sumoku.howto.team.caption", placed=len(grid), left=len(TEAM_TILES) - len(grid))


# ---- drawing ---------------------------------------------------------------------------------
def _split(rect: pygame.Rect, s: float, strip: float = 0.0) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(tiles strip on top, board, caption) of an illustration."""
    cap_h = round(64 * s)
    strip_h = round(rect.h * strip)
    top = pygame.Rect(rect.x, rect.y, rect.w, strip_h)
    board = pygame.Rect(rect.x, top.bottom, rect.w, rect.h - strip_h - cap_h)
    cap = pygame.Rect(rect.x, board.bottom + round(4 * s), rect.w, cap_h - round(4 * s))
    return top, board, cap


def _board(surface: pygame.Surface, rect: pygame.Rect, s: float, grid: Grid, *,
           ghosts: list | None = None, lines: list | None = None, cursors: dict | None = None) -> BoardView:
    bv = BoardView(max_cell=56)
    bv.set_board(grid)
    bv.extra_fit = {g[2] for g in ghosts or []}
    bv.set_rect(rect, s)
    bv.refit()
    bv.draw(surface, ghosts=ghosts or [], lines=checked(grid) if lines is None else lines)
    lw = max(2, round(3 * s))
    for i, (cell, col) in enumerate((cursors or {}).items()):
        r = bv.cell_rect(cell).inflate(lw * 2 - i * 2 * lw, lw * 2 - i * 2 * lw)
        pygame.draw.rect(surface, col, r, lw + 1, border_radius=max(3, bv.cell // 5))
    return bv


def _caption(surface: pygame.Surface, rect: pygame.Rect, s: float, text: str,
             colour_: tuple[int, int, int] = style.ACCENT) -> None:
    text_in(surface, text, rect, round(24 * s), colour_, bold=True, min_size=round(18 * s), wrap_lines=True,
            max_lines=2, valign="top")


def _tiles(surface: pygame.Surface, rect: pygame.Rect, s: float, tiles: list[int], *,
           values: dict[int, int] | None = None, picked: set[int] = frozenset(),
           rows: int = 1, size: int = 60) -> None:
    rects = hand_layout(rect, len(tiles), round(size * s), round(8 * s), rows)
    vals = values or {}
    draw_hand(surface, rects, tiles, values=lambda x: vals.get(x))
    for tile, r in zip(tiles, rects):
        if tile in picked:
            pygame.draw.rect(surface, style.ACCENT, r.inflate(8, 8), max(3, round(4 * s)),
                             border_radius=max(3, r.w // 6))


def draw_solitaire(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    _top, board, cap = _split(rect, s)
    _board(surface, board, s, grid_of(SOLITAIRE_GRID))
    _caption(surface, cap, s, solitaire_caption())


def draw_speed(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    top, board, cap = _split(rect, s, 0.2)
    grid = dict(speed_grid())
    _tiles(surface, top, s, list(SPEED_HAND), values={tl: v for tl, v in grid.values()})
    _board(surface, board, s, grid)
    _caption(surface, cap, s, speed_caption())


def draw_wrong(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    _top, board, cap = _split(rect, s)
    w = wrong_call()
    rest = dict(w.board)
    play = [[w.tile, w.cell[0], w.cell[1], w.value]]
    _board(surface, board, s, rest, ghosts=[(w.tile, w.value, w.cell, False)],
           lines=line_checks(rest, SPEED_KEY, play))
    _caption(surface, cap, s, wrong_caption(), style.BAD)


def draw_grab(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    _top, area, cap = _split(rect, s)
    tiles, vals = grab_set()
    pygame.draw.rect(surface, style.TABLE, area, border_radius=max(4, round(12 * s)))
    _tiles(surface, area.inflate(-round(24 * s), -round(24 * s)), s, list(GRAB_CENTRE),
           values=dict(zip(tiles, vals)), picked=set(tiles), rows=2, size=96)
    _caption(surface, cap, s, grab_caption())


def draw_team(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    top, board, cap = _split(rect, s, 0.2)
    grid = dict(team_grid())
    free = sorted(set(grid) | {(r + dr, c + dc) for r, c in grid for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
                  - set(grid))
    # two teammates at work: above and left of the grid (the line totals sit right and below)
    cursors = {min(free): TEAM_COLOURS[0], min(free, key=lambda x: (x[1], -x[0])): TEAM_COLOURS[1]}
    _tiles(surface, top, s, list(TEAM_TILES[TEAM_ON_GRID:]))
    _board(surface, board, s, grid, cursors=cursors)
    _caption(surface, cap, s, team_caption())

