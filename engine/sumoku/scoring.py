"""Validating and scoring one Sumoku play (rules file, "Lines" and classic steps 3-5).

`evaluate_play` is the single judge of a play: it raises a RuleError naming the line and
the reason, or returns the score and the lines that earned it.

Scoring ("cross", the default): L1 = the lines holding a new tile; L2 = the lines that
cross a line of L1 at a tile that was already on the table. The play scores the total of
every line of L1 and L2, each line once. House rule "formed": only L1.
"""
from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from engine.core.errors import RuleError
from engine.sumoku.board import (CENTRE, COL, PERPENDICULAR, ROW, STEP, Board, Cell,
                                 run_cells, touches)
from engine.sumoku.tiles import COLOURS, MAX_LINE, colour, number, values

SCORINGS = ("cross", "formed")


@dataclass(frozen=True)
class Line:
    direction: str               # "row" or "col"
    cells: tuple[Cell, ...]      # reading order
    values: tuple[int, ...]
    total: int

    def to_data(self) -> dict[str, Any]:
        return {"dir": self.direction, "cells": [[r, c] for r, c in self.cells],
                "values": list(self.values), "total": self.total}


@dataclass(frozen=True)
class PlayScore:
    score: int
    lines: list[Line]            # the scored lines: L1 first, then L2 (cross scoring)
    makes_six: bool              # some line holding a new tile is exactly 6 long


# ---- error helpers ------------------------------------------------------------------
def _dir_word(direction: str) -> str:
    return f"@sumoku.word.{direction}"


def _colour_word(tile: int) -> str:
    return f"@sumoku.colour.{COLOURS[colour(tile)]}"


def _tile_params(tile: int) -> dict[str, Any]:
    return {"colour": _colour_word(tile), "number": number(tile)}


def _as_int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise RuleError("err.sumoku.bad_placement")
    return x


def normalize(placements: Any) -> list[list[int]]:
    """Placements as fresh [tile, row, col, value] int lists; RuleError when malformed."""
    if not isinstance(placements, (list, tuple)):
        raise RuleError("err.sumoku.bad_placement")
    out: list[list[int]] = []
    for p in placements:
        if not isinstance(p, (list, tuple)) or len(p) != 4:
            raise RuleError("err.sumoku.bad_placement")
        tile, r, c, v = (_as_int(x) for x in p)
        if not 0 <= tile < 96:
            raise RuleError("err.sumoku.bad_placement")
        out.append([tile, r, c, v])
    return out


def tile_list(tiles: Any) -> list[int]:
    """A command's list of tile ids as fresh ints; RuleError when malformed."""
    if not isinstance(tiles, (list, tuple)):
        raise RuleError("err.bad_command")
    out = [_as_int(t) for t in tiles]
    if any(not 0 <= t < 96 for t in out):
        raise RuleError("err.sumoku.bad_placement")
    return out


def check_tiles_in_hand(tiles: Iterable[int], hand: Sequence[int]) -> None:
    """Each tile is in `hand`, and none is named twice."""
    seen: set[int] = set()
    held = set(hand)
    for t in tiles:
        if t in seen:
            raise RuleError("err.sumoku.tile_twice", **_tile_params(t))
        seen.add(t)
        if t not in held:
            raise RuleError("err.sumoku.not_in_hand", **_tile_params(t))


def _gap_values(filled: Mapping[Cell, tuple[int, int]], start: Cell, end: Cell,
                direction: str) -> list[Any]:
    dr, dc = STEP[direction]
    r, c = start
    out: list[Any] = []
    while True:
        got = filled.get((r, c))
        out.append(got[1] if got else "_")
        if (r, c) == end:
            return out
        r += dr
        c += dc


def _line(filled: Mapping[Cell, tuple[int, int]], cells: list[Cell], direction: str) -> Line:
    vals = tuple(filled[cell][1] for cell in cells)
    return Line(direction, tuple(cells), vals, sum(vals))


def check_line(line: Line, filled: Mapping[Cell, tuple[int, int]], key: int) -> None:
    """A line holding a new tile: at most 6 long, no colour twice, a multiple of `key`."""
    params = {"line": _dir_word(line.direction), "values": list(line.values)}
    if len(line.cells) > MAX_LINE:
        raise RuleError("err.sumoku.line_long", length=len(line.cells), max=MAX_LINE, **params)
    seen: dict[int, int] = {}
    for cell in line.cells:
        tile = filled[cell][0]
        col = colour(tile)
        if col in seen:
            raise RuleError("err.sumoku.line_colour", colour=_colour_word(tile), **params)
        seen[col] = tile
    if line.total % key:
        raise RuleError("err.sumoku.line_sum", total=line.total, key_number=key, **params)


# ---- the judge ----------------------------------------------------------------------
def evaluate_play(board: Board, key: int, placements: Sequence[Sequence[int]], *,
                  first_play: bool, scoring: str = "cross",
                  hand: Sequence[int] | None = None) -> PlayScore:
    """Validate a play of `placements` ([tile, row, col, value] each) on `board` and
    score it. With `hand`, the tiles must also come from it. Raises RuleError."""
    plays = normalize(placements)
    if not plays:
        raise RuleError("err.sumoku.empty_play")
    if hand is not None:
        check_tiles_in_hand((p[0] for p in plays), hand)
    new: dict[Cell, tuple[int, int]] = {}
    seen_tiles: set[int] = set()
    for tile, r, c, v in plays:
        if tile in seen_tiles:
            raise RuleError("err.sumoku.tile_twice", **_tile_params(tile))
        seen_tiles.add(tile)
        if v not in values(tile):
            raise RuleError("err.sumoku.bad_value", value=v, **_tile_params(tile))
        cell = (r, c)
        if cell in board:
            raise RuleError("err.sumoku.cell_taken", row=r, col=c, **_tile_params(board[cell][0]))
        if cell in new:
            raise RuleError("err.sumoku.cell_twice", row=r, col=c)
        new[cell] = (tile, v)

    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(new) > 1 and len(rows) > 1 and len(cols) > 1:
        raise RuleError("err.sumoku.not_in_line")
    filled = ChainMap(new, board)  # type: ignore[arg-type]

    if len(new) > 1:
        main = ROW if len(rows) == 1 else COL
        start, end = min(new), max(new)
        dr, dc = STEP[main]
        r, c = start
        while (r, c) != end:
            r += dr
            c += dc
            if (r, c) not in filled:
                raise RuleError("err.sumoku.gap", line=_dir_word(main),
                                values=_gap_values(filled, start, end, main))
        mains = [main]
    else:
        mains = [ROW, COL]

    if first_play:
        if len(new) < 2:
            raise RuleError("err.sumoku.first_play_size", max=MAX_LINE)
        if CENTRE not in new:
            raise RuleError("err.sumoku.first_play_centre")
    elif not any(touches(board, cell) for cell in new):
        raise RuleError("err.sumoku.not_connected")

    # L1: the main line (if 2+ long), then the cross line through each new tile.
    formed: list[Line] = []
    first = next(iter(new))
    for d in mains:
        cells = run_cells(filled, first, d)
        if len(cells) > 1:
            formed.append(_line(filled, cells, d))
    if len(new) > 1:
        cross = PERPENDICULAR[mains[0]]
        for cell in new:
            cells = run_cells(filled, cell, cross)
            if len(cells) > 1:
                formed.append(_line(filled, cells, cross))
    for line in formed:
        check_line(line, filled, key)

    scored = list(formed)
    if scoring == "cross":
        seen_lines: set[tuple[str, Cell]] = set()
        for line in formed:
            across = PERPENDICULAR[line.direction]
            for cell in line.cells:
                if cell in new:
                    continue
                cells = run_cells(board, cell, across)
                if len(cells) > 1 and (across, cells[0]) not in seen_lines:
                    seen_lines.add((across, cells[0]))
                    scored.append(_line(board, cells, across))
    elif scoring != "formed":
        raise ValueError(f"unknown scoring {scoring!r}")
    return PlayScore(sum(line.total for line in scored), scored,
                     any(len(line.cells) == MAX_LINE for line in formed))
