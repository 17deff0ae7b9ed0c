"""Board geometry for move generation: runs of old tiles and cross records.

Move generation works on one *orientation* at a time: the board as a dict keyed
(line, pos). For row plays line = row and pos = column; for column plays the board
is transposed. A play lies along one line; at each of its cells the *cross* is the
run of old tiles across the line (same pos, neighbouring lines), which the new tile
joins into a cross line.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

Board = dict[tuple[int, int], tuple[int, int]]
MAX_LINE = 6


def colour_bit(tile: int) -> int:
    return 1 << (tile >> 4)


class Cross(NamedTuple):
    """The old tiles across the line at an empty cell (both sides merged)."""
    length: int          # old tiles above + below (0: the new tile makes no cross line)
    total: int           # their face values
    mask: int            # their colours
    dead: bool           # the two sides share a colour, or a tile here makes a line > 6
    side_lines: dict[tuple[int, int], int]  # along-lines through those old tiles: id -> total


class Segment(NamedTuple):
    """A maximal run of old tiles along a line."""
    start: int
    end: int
    total: int
    mask: int
    across: int          # sum of the totals of the across-lines (length >= 2) through its tiles


def runs(cells: Iterable[tuple[int, int]], along: int) -> list[list[tuple[int, int]]]:
    """The maximal runs of consecutive `cells` (line, pos) in direction `along`: 1 along a
    line (same line, pos + 1), 0 across (same pos, line + 1); each run in order."""
    other = 1 - along
    keys = sorted(cells, key=lambda k: (k[other], k[along]))
    out = []
    i = 0
    while i < len(keys):
        j = i
        while (j + 1 < len(keys) and keys[j + 1][other] == keys[i][other]
               and keys[j + 1][along] == keys[j][along] + 1):
            j += 1
        out.append(keys[i:j + 1])
        i = j + 1
    return out


class Orientation:
    """Runs and cross records of one orientation of the board, computed once."""

    def __init__(self, grid: Board) -> None:
        self.grid = grid
        # along runs: (line, pos) -> Segment id (line, start); segments by id
        self.segment_of: dict[tuple[int, int], tuple[int, int]] = {}
        self.segments: dict[tuple[int, int], Segment] = {}
        # across runs: (line, pos) -> total of the across-line through it (0 if a lone tile)
        self.across_total: dict[tuple[int, int], int] = {}
        self._cross: dict[tuple[int, int], Cross] = {}
        self._build()

    def _build(self) -> None:
        grid = self.grid
        for run in runs(grid, along=0):       # across runs first
            total = sum(grid[k][1] for k in run) if len(run) > 1 else 0
            for k in run:
                self.across_total[k] = total
        for run in runs(grid, along=1):
            mask = 0
            for k in run:
                mask |= colour_bit(grid[k][0])
            seg = Segment(run[0][1], run[-1][1], sum(grid[k][1] for k in run), mask,
                          sum(self.across_total[k] for k in run))
            sid = run[0]
            self.segments[sid] = seg
            for k in run:
                self.segment_of[k] = sid

    def cross(self, line: int, pos: int) -> Cross:
        """The cross record of the empty cell (line, pos)."""
        key = (line, pos)
        rec = self._cross.get(key)
        if rec is not None:
            return rec
        grid = self.grid
        length = total = mask = 0
        dead = False
        side: dict[tuple[int, int], int] = {}
        for step in (-1, 1):
            x = line + step
            side_mask = 0
            while (x, pos) in grid:
                tile, value = grid[(x, pos)]
                bit = colour_bit(tile)
                side_mask |= bit
                length += 1
                total += value
                sid = self.segment_of[(x, pos)]
                seg = self.segments[sid]
                if seg.end > seg.start:
                    side[sid] = seg.total
                x += step
            if side_mask & mask:
                dead = True
            mask |= side_mask
        if length >= MAX_LINE:
            dead = True
        rec = Cross(length, total, mask, dead, side)
        self._cross[key] = rec
        return rec

    def anchors(self) -> dict[int, list[int]]:
        """Empty cells next to an old tile, by line: every touching play covers one."""
        grid = self.grid
        out: dict[int, set[int]] = {}
        for (a, b) in grid:
            for cell in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                if cell not in grid:
                    out.setdefault(cell[0], set()).add(cell[1])
        return {a: sorted(bs) for a, bs in out.items()}


def transpose(board: Board) -> Board:
    return {(c, r): v for (r, c), v in board.items()}
