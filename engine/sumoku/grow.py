"""The grow solver for big sets of tiles (team race: 24, 32, 48 a team; speed hands past the
exact solver's reach): place every tile into one grid that stays valid after every step.

How (see /work/shared/notes/sumoku-search.md, "Team race"): the grid's *slots* are the
places where new tiles can join it without touching anything else: off an open tile (one
with no line in a direction: the new tiles make a line with it there) or at a free end of a
line. Each step takes the most constrained tile (the fewest ways to place it), lists its
moves (alone, or as a pair with a partner, in one slot), keeps a few by how open they leave
the grid and picks one; a dead end starts again with another seeded choice. `grow` also
extends an existing valid grid (incremental play: a team adding tiles to its grid).
"""
from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from engine.core.rng import Rng
from engine.sumoku.tiles import MAX_LINE, colour, values

Cell = tuple[int, int]
Layout = dict[Cell, tuple[int, int]]
STEPS = ((0, 1), (1, 0))
KEEP = 3            # moves kept for the random choice after the first (greedy) attempt
RESTARTS = 40


class Slot(NamedTuple):
    cells: tuple[Cell, ...]   # free cells in order, away from the run (1 or 2)
    need: int                 # residue the new values must sum to
    mask: int                 # colours already in the run


Move = tuple[tuple[Cell, int, int], ...]   # (cell, tile, value) per new tile


def _perp_free(board: Mapping[Cell, object], cell: Cell, d: int) -> bool:
    r, c = cell
    if d == 0:   # row line: the cells above and below must be empty
        return (r - 1, c) not in board and (r + 1, c) not in board
    return (r, c - 1) not in board and (r, c + 1) not in board


def slots(board: Mapping[Cell, tuple[int, int]], key: int) -> list[Slot]:
    """Every place where 1 or 2 new tiles can extend a run (a lone tile or a line) along its
    direction without touching any other tile."""
    out: list[Slot] = []
    for d, (dr, dc) in enumerate(STEPS):
        for (r, c) in board:
            if (r - dr, c - dc) in board:
                continue                       # not the start of a run
            run = [(r, c)]
            while (r + dr * len(run), c + dc * len(run)) in board:
                run.append((r + dr * len(run), c + dc * len(run)))
            room = MAX_LINE - len(run)
            if room <= 0:
                continue
            total = sum(board[x][1] for x in run)
            mask = 0
            for x in run:
                mask |= 1 << colour(board[x][0])
            need = (-total) % key
            last = run[-1]
            for start, step in (((r - dr, c - dc), (-dr, -dc)), ((last[0] + dr, last[1] + dc), (dr, dc))):
                cells: list[Cell] = []
                cell = start
                while len(cells) < min(2, room):
                    if cell in board or not _perp_free(board, cell, d):
                        break
                    cells.append(cell)
                    cell = (cell[0] + step[0], cell[1] + step[1])
                # a new tile may end a slot only where the next cell is empty
                while cells:
                    nxt = (cells[-1][0] + step[0], cells[-1][1] + step[1])
                    if nxt not in board:
                        break
                    cells.pop()
                if cells:
                    out.append(Slot(tuple(cells), need, mask))
    return out


def _moves_for(x: int, pool: Sequence[int], slot_list: list[Slot], key: int) -> list[Move]:
    cx = colour(x)
    out: list[Move] = []
    for s in slot_list:
        if s.mask >> cx & 1:
            continue
        for v in values(x):
            if v % key == s.need:
                out.append(((s.cells[0], x, v),))
            if len(s.cells) < 2:
                continue
            want = (s.need - v) % key
            seen: set[tuple[int, int]] = set()
            for y in pool:
                cy = colour(y)
                if y == x or cy == cx or s.mask >> cy & 1:
                    continue
                for vy in values(y):
                    # identical tiles (same colour and number) make the same move
                    if vy % key == want and (y >> 1, vy) not in seen:
                        seen.add((y >> 1, vy))
                        out.append(((s.cells[0], x, v), (s.cells[1], y, vy)))
    return out


def _counts(pool: Sequence[int], slot_list: list[Slot], key: int) -> dict[int, int]:
    """How many moves each pool tile has (alone or with a partner), counted per slot."""
    counts = {x: 0 for x in pool}
    for s in slot_list:
        # per residue: pool tiles allowed here, overall and per colour
        tot = [0] * key
        per = [[0] * 6 for _ in range(key)]
        for y in pool:
            cy = colour(y)
            if s.mask >> cy & 1:
                continue
            for vy in values(y):
                tot[vy % key] += 1
                per[vy % key][cy] += 1
        for x in pool:
            cx = colour(x)
            if s.mask >> cx & 1:
                continue
            n = 0
            for v in values(x):
                if v % key == s.need:
                    n += 1
                if len(s.cells) == 2:
                    w = (s.need - v) % key
                    n += tot[w] - per[w][cx]
            counts[x] += n
    return counts


def _openness(board: Mapping[Cell, object], move: Move) -> int:
    """Empty cells around the new tiles (a 5x5 neighbourhood): room for later moves."""
    taken = {cell for cell, _, _ in move}
    score = 0
    for (r, c), _, _ in move:
        for dr in (-2, -1, 0, 1, 2):
            for dc in (-2, -1, 0, 1, 2):
                cell = (r + dr, c + dc)
                if cell not in board and cell not in taken:
                    score += 1
    return score


def _attempt(board: Layout, pool: list[int], key: int, rng: Rng | None) -> Layout | None:
    board = dict(board)
    pool = list(pool)
    if not board and pool:
        # a lone tile is a valid grid: start from the tile with the fewest partners
        def partners(x: int) -> int:
            return sum(1 for y in pool if y != x and colour(y) != colour(x)
                       and any((vx + vy) % key == 0 for vx in values(x) for vy in values(y)))
        order = sorted(pool, key=lambda x: (partners(x), x))
        first = order[0] if rng is None else order[rng.below(min(KEEP, len(order)))]
        board[(0, 0)] = (first, values(first)[0])
        pool.remove(first)
    while pool:
        slot_list = slots(board, key)
        counts = _counts(pool, slot_list, key)
        # the most constrained tile that has a place now (others may get one later)
        live = [n for n in counts.values() if n]
        if not live:
            return None
        low = min(live)
        hardest = [x for x in pool if counts[x] == low]
        x = hardest[0] if rng is None else hardest[rng.below(len(hardest))]
        moves = _moves_for(x, pool, slot_list, key)
        if not moves:
            return None
        # open moves first; a pair that uses up a constrained partner is worth more
        scored = sorted(((_openness(board, mv) - (counts[mv[1][1]] if len(mv) > 1 else 0) // 4, i)
                         for i, mv in enumerate(moves)), reverse=True)
        pick = scored[0][1] if rng is None else scored[rng.below(min(KEEP, len(scored)))][1]
        for cell, t, v in moves[pick]:
            board[cell] = (t, v)
            pool.remove(t)
    return board


def grow(tiles: Sequence[int], key: int, *, grid: Mapping[Cell, tuple[int, int]] | None = None,
         seed: int = 0, restarts: int = RESTARTS) -> Layout | None:
    """A valid connected grid holding `grid` (a valid grid, kept as it is) and every tile of
    `tiles`, or None when no attempt succeeded (a greedy first attempt, then `restarts`
    seeded random ones)."""
    base: Layout = dict(grid or {})
    pool = list(tiles)
    got = _attempt(base, pool, key, None)
    if got is not None:
        return got
    rng = Rng(seed)
    for _ in range(restarts):
        got = _attempt(base, pool, key, rng)
        if got is not None:
            return got
    return None
