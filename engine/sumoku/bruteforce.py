"""A naive, exact enumerator of Sumoku plays, written straight from the rules text.

It is the test oracle for engine/sumoku/movegen.py and the baseline of the benchmark,
so it shares no code with it: it tries every window of one row or column near the
board, every ordering of distinct hand tiles in its empty cells and every 6/9 choice,
places them on a copy of the board, checks every line through a new tile and scores
the lines by scanning the board. Its only shortcuts: the new tiles of one play share a
line, so their colours differ; a new tile's perpendicular line holds no other new tile,
so it is checked for each tile alone first; and a candidate whose line along the window
is invalid is dropped before the full check.
"""
from __future__ import annotations

Board = dict[tuple[int, int], tuple[int, int]]
Cell = tuple[int, int]
Line = tuple[Cell, ...]
ROW, COL = (0, 1), (1, 0)


def _colour(tile: int) -> int:
    return tile // 16


def _number(tile: int) -> int:
    return (tile % 16) // 2 + 1


def _values(tile: int) -> tuple[int, ...]:
    return (6, 9) if _number(tile) == 6 else (_number(tile),)


def run_through(board: Board, cell: Cell, step: tuple[int, int]) -> Line:
    """The unbroken run of tiles through `cell` in direction `step`."""
    dr, dc = step
    r, c = cell
    while (r - dr, c - dc) in board:
        r, c = r - dr, c - dc
    cells = []
    while (r, c) in board:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return tuple(cells)


def line_ok(board: Board, line: Line, key: int) -> bool:
    """A line (2+ tiles) is valid: at most 6 tiles, no colour twice, sum a multiple of key."""
    if len(line) < 2:
        return True
    colours = [_colour(board[c][0]) for c in line]
    return (len(line) <= 6 and len(set(colours)) == len(colours)
            and sum(board[c][1] for c in line) % key == 0)


def check_and_score(board: Board, new: Board, key: int, first_play: bool, scoring: str) -> int | None:
    """The score of placing `new` on `board`, or None when the play is illegal."""
    cells = sorted(new)
    if not cells or any(c in board for c in cells):
        return None
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    if len(rows) > 1 and len(cols) > 1:
        return None
    after = dict(board)
    after.update(new)
    # one unbroken run: every cell between the first and the last new tile is filled
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if (r, c) not in after:
                return None
    if first_play:
        if board or (0, 0) not in new or len(new) < 2:
            return None
    else:
        if not any((r + dr, c + dc) in board for r, c in cells
                   for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))):
            return None
    l1: set[Line] = set()
    for cell in cells:
        for step in (ROW, COL):
            line = run_through(after, cell, step)
            if len(line) >= 2:
                if not line_ok(after, line, key):
                    return None
                l1.add(line)
    scored = set(l1)
    if scoring == "cross":
        for line in l1:
            across = COL if line[0][0] == line[-1][0] else ROW
            for cell in line:
                if cell in board:  # an old tile of an L1 line
                    other = run_through(after, cell, across)
                    if len(other) >= 2:
                        scored.add(other)
    elif scoring != "formed":
        raise ValueError(scoring)
    return sum(after[c][1] for line in scored for c in line)


def _windows(board: Board, first_play: bool) -> list[tuple[list[Cell], tuple[int, int]]]:
    """The empty cells of every window (up to 6 cells) of one row or column near the
    board, with the step across that row or column."""
    out = []
    if first_play:
        for n in range(2, 7):
            for s in range(-n + 1, 1):
                out.append(([(0, c) for c in range(s, s + n)], COL))
                out.append(([(r, 0) for r in range(s, s + n)], ROW))
        return out
    rs = [r for r, _ in board]
    cs = [c for _, c in board]
    for r in range(min(rs) - 1, max(rs) + 2):
        for s in range(min(cs) - 6, max(cs) + 7):
            for e in range(s, s + 6):
                if (r, s) not in board and (r, e) not in board:  # first and last new tile
                    out.append(([(r, c) for c in range(s, e + 1) if (r, c) not in board], COL))
    for c in range(min(cs) - 1, max(cs) + 2):
        for s in range(min(rs) - 6, max(rs) + 7):
            for e in range(s, s + 6):
                if (s, c) not in board and (e, c) not in board:
                    out.append(([(r, c) for r in range(s, e + 1) if (r, c) not in board], ROW))
    return out


def brute_plays(board: Board, hand: list[int], key: int, *, first_play: bool,
                scoring: str = "cross") -> dict[frozenset, int]:
    """Every legal play as {frozenset of (tile, row, col, value): score}. Of two identical
    tiles (same colour and number) only the lower id is used."""
    distinct: dict[tuple[int, int], int] = {}
    for t in sorted(hand):
        distinct.setdefault((_colour(t), _number(t)), t)
    tiles = sorted(distinct.values())
    plays: dict[frozenset, int] = {}
    for window, across in _windows(board, first_play):
        if not window or len(window) > len(tiles):
            continue
        if not first_play and not any((r + dr, c + dc) in board for r, c in window
                                       for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))):
            continue  # a play here would not touch the board (checked again below)
        main = COL if across == ROW else ROW
        trial = dict(board)
        # the tiles each cell can hold as far as its own perpendicular line goes
        fits: list[list[tuple[int, int, int]]] = []
        for cell in window:
            fits.append([])
            for t in tiles:
                for v in _values(t):
                    trial[cell] = (t, v)
                    if line_ok(trial, run_through(trial, cell, across), key):
                        fits[-1].append((t, v, _colour(t)))
                del trial[cell]
        placed: Board = {}

        def assign(i: int, used_colours: set[int]) -> None:
            if i == len(window):
                trial.update(placed)
                quick = line_ok(trial, run_through(trial, window[0], main), key)
                for cell in window:
                    del trial[cell]
                if quick:  # the main line holds: now the full check
                    score = check_and_score(board, placed, key, first_play, scoring)
                    if score is not None:
                        plays[frozenset((t, r, c, v) for (r, c), (t, v) in placed.items())] = score
                return
            for t, v, col in fits[i]:
                if col not in used_colours:
                    placed[window[i]] = (t, v)
                    used_colours.add(col)
                    assign(i + 1, used_colours)
                    used_colours.discard(col)
                    del placed[window[i]]

        assign(0, set())
    return plays
