"""Geometry of the Sumoku table: cells, directions and the runs of tiles through a cell.

A board maps (row, col) -> (tile_id, value). A *run* is a maximal unbroken sequence of
filled cells in a row or a column; a run of 2 or more tiles is a *line*.
"""
from __future__ import annotations

from typing import Container, Iterator, Mapping

Cell = tuple[int, int]
Board = Mapping[Cell, tuple[int, int]]

ROW = "row"
COL = "col"
DIRECTIONS = (ROW, COL)
STEP = {ROW: (0, 1), COL: (1, 0)}
PERPENDICULAR = {ROW: COL, COL: ROW}
CENTRE: Cell = (0, 0)


def run_cells(filled: Container[Cell], cell: Cell, direction: str) -> list[Cell]:
    """The maximal run of filled cells through `cell` along `direction`, in reading order
    (left to right, top to bottom). `cell` counts as filled even if `filled` lacks it."""
    dr, dc = STEP[direction]
    r, c = cell
    while (r - dr, c - dc) in filled:
        r -= dr
        c -= dc
    cells = [(r, c)]
    r += dr
    c += dc
    while (r, c) in filled or (r, c) == cell:
        cells.append((r, c))
        r += dr
        c += dc
    return cells


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def touches(filled: Container[Cell], cell: Cell) -> bool:
    """Whether `cell` has a filled orthogonal neighbour."""
    return any(n in filled for n in neighbours(cell))


def all_lines(board: Board) -> Iterator[tuple[str, list[Cell]]]:
    """Every line (run of 2+ tiles) on the board, once each, as (direction, cells)."""
    for direction in DIRECTIONS:
        dr, dc = STEP[direction]
        for (r, c) in board:
            if (r - dr, c - dc) in board or (r + dr, c + dc) not in board:
                continue  # not the start of a run of 2+
            yield direction, run_cells(board, (r, c), direction)


def bounds(board: Board) -> tuple[int, int, int, int] | None:
    """(min_row, min_col, max_row, max_col) of the tiles, or None for an empty board."""
    if not board:
        return None
    rows = [r for r, _ in board]
    cols = [c for _, c in board]
    return min(rows), min(cols), max(rows), max(cols)
