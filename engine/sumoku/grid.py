"""Whole-grid validity for the races: one connected grid in which every line is valid.

A race grid is built freely (tiles may sit anywhere while a player works), so it is judged
as a whole when it matters: at a speed-race call, after every put in the team race.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.sumoku.board import Board, Cell, all_lines, neighbours
from engine.sumoku.scoring import Line, check_line


def pieces(board: Board) -> int:
    """How many separate groups of orthogonally touching tiles the grid holds."""
    seen: set[Cell] = set()
    count = 0
    for start in board:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        stack = [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in board and n not in seen:
                    seen.add(n)
                    stack.append(n)
    return count


def grid_errors(board: Board, key: int) -> list[RuleError]:
    """Every reason the grid is not one valid grid: split into pieces, then each bad line
    (too long, a colour twice, not a multiple of `key`). Empty when the grid is good."""
    errors: list[RuleError] = []
    n = pieces(board)
    if n > 1:
        errors.append(RuleError("err.sumoku.grid_split", pieces=n))
    for direction, cells in all_lines(board):
        vals = tuple(board[c][1] for c in cells)
        try:
            check_line(Line(direction, tuple(cells), vals, sum(vals)), board, key)
        except RuleError as err:
            errors.append(err)
    return errors


def grid_ok(board: Board, key: int) -> bool:
    """Whether the grid is one connected grid with every line valid (fast path)."""
    if pieces(board) > 1:
        return False
    for _direction, cells in all_lines(board):
        if len(cells) > 6:
            return False
        mask = 0
        total = 0
        for cell in cells:
            tile, value = board[cell]
            bit = 1 << (tile // 16)
            if mask & bit:
                return False
            mask |= bit
            total += value
        if total % key:
            return False
    return True
