"""The play being built on the table before it is confirmed: the tiles put down, and
what the rules say about them (validity of each line, the score). No drawing here."""
from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from engine.core.errors import RuleError
from engine.sumoku.board import DIRECTIONS, run_cells
from engine.sumoku.scoring import Line, check_line, evaluate_play
from engine.sumoku.tiles import number, values

Cell = tuple[int, int]
Board = Mapping[Cell, tuple[int, int]]


@dataclass
class LineCheck:
    """One line through a pending tile: its cells, total, and the error if it breaks a rule."""
    direction: str
    cells: tuple[Cell, ...]
    total: int
    error: RuleError | None = None


@dataclass
class Analysis:
    ok: bool = False
    score: int = 0
    makes_six: bool = False
    error: RuleError | None = None            # the judge's verdict (None when legal)
    lines: list[LineCheck] = field(default_factory=list)
    scored: list[Line] = field(default_factory=list)

    @property
    def outlined(self) -> list[LineCheck]:
        """The lines the table outlines, each with its total: a legal play's scored lines
        (with cross scoring, the lines it crosses too, so the totals add up to the score);
        otherwise every line through the play, judged (errors shown beside)."""
        if self.ok and self.scored:
            return [LineCheck(ln.direction, ln.cells, ln.total) for ln in self.scored]
        return self.lines

    @property
    def line_error(self) -> bool:
        """Whether the verdict is about one of the lines (shown next to it)."""
        return any(lc.error is not None for lc in self.lines)


class Pending:
    """Tiles put on the board but not yet confirmed, as [tile, row, col, value]."""

    def __init__(self) -> None:
        self.tiles: list[list[int]] = []
        self.version = 0

    def __len__(self) -> int:
        return len(self.tiles)

    def __bool__(self) -> bool:
        return bool(self.tiles)

    def _changed(self) -> None:
        self.version += 1

    def cells(self) -> dict[Cell, tuple[int, int]]:
        return {(r, c): (t, v) for t, r, c, v in self.tiles}

    def tile_ids(self) -> set[int]:
        return {p[0] for p in self.tiles}

    def at(self, cell: Cell) -> list[int] | None:
        for p in self.tiles:
            if (p[1], p[2]) == cell:
                return p
        return None

    def put(self, tile: int, cell: Cell, value: int | None = None) -> None:
        """Put `tile` on `cell` (moving it if it was already down elsewhere)."""
        self.remove_tile(tile, notify=False)
        old = self.at(cell)
        if old is not None:
            self.tiles.remove(old)
        if value is None or value not in values(tile):
            value = number(tile)
        self.tiles.append([tile, cell[0], cell[1], value])
        self._changed()

    def remove_tile(self, tile: int, notify: bool = True) -> bool:
        for p in self.tiles:
            if p[0] == tile:
                self.tiles.remove(p)
                if notify:
                    self._changed()
                return True
        return False

    def take_back(self, cell: Cell | None = None) -> int | None:
        """Lift the tile on `cell` (or the last one put down); returns its id."""
        p = self.at(cell) if cell is not None else (self.tiles[-1] if self.tiles else None)
        if p is None:
            return None
        self.tiles.remove(p)
        self._changed()
        return p[0]

    def flip(self, tile: int) -> bool:
        """Turn a pending 6 into a 9 or back."""
        for p in self.tiles:
            if p[0] == tile and number(tile) == 6:
                p[3] = 9 if p[3] == 6 else 6
                self._changed()
                return True
        return False

    def clear(self) -> None:
        if self.tiles:
            self.tiles = []
            self._changed()

    def set(self, placements: Sequence[Sequence[int]]) -> None:
        self.tiles = [[int(x) for x in p] for p in placements]
        self._changed()

    def command(self, seat: int) -> dict:
        return {"type": "place", "seat": seat, "tiles": [list(p) for p in self.tiles]}


def line_checks(board: Board, key: int, placements: Sequence[Sequence[int]]) -> list[LineCheck]:
    """Every line (2+ tiles) through a pending tile, each judged on its own."""
    new = {(p[1], p[2]): (p[0], p[3]) for p in placements if (p[1], p[2]) not in board}
    filled = ChainMap(new, dict(board))  # type: ignore[arg-type]
    seen: set[tuple[str, Cell]] = set()
    out: list[LineCheck] = []
    for cell in new:
        for d in DIRECTIONS:
            cells = run_cells(filled, cell, d)
            if len(cells) < 2 or (d, cells[0]) in seen:
                continue
            seen.add((d, cells[0]))
            vals = tuple(filled[x][1] for x in cells)
            line = Line(d, tuple(cells), vals, sum(vals))
            err = None
            try:
                check_line(line, filled, key)
            except RuleError as e:
                err = e
            out.append(LineCheck(d, tuple(cells), line.total, err))
    return out


def analyse(board: Board, key: int | None, placements: Sequence[Sequence[int]], *,
            first_play: bool, scoring: str = "cross") -> Analysis:
    """What the rules say about the pending placements (never raises)."""
    if not placements or key is None:
        return Analysis()
    result = Analysis(lines=line_checks(board, key, placements))
    try:
        ps = evaluate_play(board, key, placements, first_play=first_play, scoring=scoring)
    except RuleError as e:
        result.error = e
        return result
    result.ok = True
    result.score = ps.score
    result.makes_six = ps.makes_six
    result.scored = list(ps.lines)
    return result
