"""Exact Sumoku move generation: every legal play with its score, the best play, and
"can this hand play at all?".

How (see /work/shared/notes/sumoku-search.md): in each orientation (rows, then the
transposed board for columns) the empty cells near the board get the hand options their
cross record allows; intervals of empty cells grow from each start up to 6 cells, stopping
at a colour clash or a dead cell; a play's score is a constant of its interval plus a
weighted sum of the new values; an interval is filled by depth-first search with a colour
bitmask, the last cell taken straight from a bucket of options by residue. `best_play`
visits intervals in order of an upper bound and prunes inside them too.

Scoring rules: "cross" (default) scores L1, the lines holding a new tile, plus L2, the
lines crossing an L1 line at an old tile, each line once; "formed" scores L1 only.
"""
from __future__ import annotations

import heapq
from typing import Iterator, NamedTuple

from engine.sumoku.geometry import MAX_LINE, Board, Orientation, colour_bit, transpose
from engine.sumoku.tiles import values

Placement = tuple[int, int, int, int]  # (tile, row, col, value)


class Play(NamedTuple):
    score: int
    placements: tuple[Placement, ...]
    makes_six: bool = False

    @property
    def tiles(self) -> list[int]:
        return [p[0] for p in self.placements]

    def to_command(self, seat: int) -> dict:
        return {"type": "place", "seat": seat, "tiles": [list(p) for p in self.placements]}


# An option for a cell: (colour bit, value, tile)
Option = tuple[int, int, int]


def hand_options(hand: list[int]) -> list[Option]:
    """One option per distinct tile (the lower id of two identical tiles) and value."""
    chosen: dict[int, int] = {}
    for t in hand:
        k = t >> 1  # colour * 8 + number - 1: identical tiles share it
        if k not in chosen or t < chosen[k]:
            chosen[k] = t
    return [(colour_bit(t), v, t) for t in sorted(chosen.values()) for v in values(t)]


class _Cell(NamedTuple):
    pos: int
    cross_len: int
    cross_total: int
    side_lines: dict
    by_res: list[list[Option]]   # options by value residue mod key
    opts: list[Option]
    best_v: int                  # the highest value among the options


class _Interval(NamedTuple):
    line: int
    cells: tuple[_Cell, ...]
    run_len: int
    old_total: int
    old_mask: int
    constant: int
    weights: tuple[int, ...]
    need: int                    # residue the new values must sum to (-1: no main line)
    six: bool
    bound: int


class _Search:
    """The intervals of one position, in both orientations."""

    def __init__(self, board: Board, hand: list[int], key: int, first_play: bool,
                 scoring: str, max_tiles: int | None = None) -> None:
        if scoring not in ("cross", "formed"):
            raise ValueError(f"unknown scoring rule {scoring!r}")
        self.key = key
        self.first_play = first_play
        self.l2 = scoring == "cross"
        self.opts = hand_options(hand)
        self.hand_colours = 0
        for o in self.opts:
            self.hand_colours |= o[0]
        limit = min(MAX_LINE, len({o[2] for o in self.opts}))
        self.max_tiles = limit if max_tiles is None else min(limit, max_tiles)
        self.board = board
        self.orientations = (Orientation(board), Orientation(transpose(board)))
        # a cell's options depend only on (residue needed, colours across): worked out once
        # per pair; highest value first (a stable sort: ties keep the hand's order)
        ranked = sorted(self.opts, key=lambda o: -o[1])
        self._by_res = [[o for o in ranked if o[1] % key == r] for r in range(key)]
        self._free = (self._by_res, ranked, ranked[0][1]) if ranked else None
        self._fits: dict[tuple[int, int], tuple | None] = {}

    def _fitting(self, need: int, mask: int) -> tuple | None:
        """(options by residue, options, best value) for a cell whose cross needs residue
        `need` and holds the colours `mask`; None when nothing in hand fits."""
        fits = self._fits.get((need, mask), False)
        if fits is False:
            opts = [o for o in self._by_res[need] if not o[0] & mask]
            if opts:
                by_res: list[list[Option]] = [[] for _ in range(self.key)]
                by_res[need] = opts
                fits = (by_res, opts, opts[0][1])
            else:
                fits = None
            self._fits[(need, mask)] = fits
        return fits

    # ---- cells --------------------------------------------------------------------
    def _cell(self, ori: Orientation, cache: dict, line: int, pos: int) -> _Cell | None:
        key = (line, pos)
        if key in cache:
            return cache[key]
        rec = ori.cross(line, pos)
        cell: _Cell | None = None
        if not rec.dead:
            fits = self._fitting((-rec.total) % self.key, rec.mask) if rec.length else self._free
            if fits is not None:
                cell = _Cell(pos, rec.length, rec.total, rec.side_lines, fits[0], fits[1], fits[2])
        cache[key] = cell
        return cell

    # ---- intervals ----------------------------------------------------------------
    def intervals(self) -> Iterator[tuple[int, _Interval]]:
        """(orientation index, interval) for every interval that may hold a play."""
        if not self.opts or self.max_tiles < 1:
            return
        for oi, ori in enumerate(self.orientations):
            min_tiles = 2 if (oi == 1 or self.first_play) else 1
            if self.max_tiles < min_tiles:
                continue
            yield from ((oi, iv) for iv in self._intervals_of(ori, min_tiles))

    def _intervals_of(self, ori: Orientation, min_tiles: int) -> Iterator[_Interval]:
        grid = ori.grid
        cache: dict = {}
        if self.first_play:
            anchors = {0: [0]}
        else:
            anchors = ori.anchors()
        k = self.key
        l2 = self.l2
        max_tiles = self.max_tiles
        hand_colours = self.hand_colours
        first_play = self.first_play
        for line in sorted(anchors):
            marks = anchors[line]
            starts = sorted({s for x in marks for s in range(x - MAX_LINE + 1, x + 1)})
            last_anchor = marks[-1]
            for s in starts:
                if (line, s) in grid:
                    continue
                first = self._cell(ori, cache, line, s)
                if first is None:
                    continue
                # the old run just before s
                run_len = old_total = old_mask = old_across = 0
                if (line, s - 1) in grid:
                    seg = ori.segments[ori.segment_of[(line, s - 1)]]
                    run_len = seg.end - seg.start + 1
                    old_total, old_mask, old_across = seg.total, seg.mask, seg.across
                touching = run_len > 0  # the play joins an old run or crosses old tiles
                cells: list[_Cell] = []
                b = s
                cell: _Cell | None = first
                while True:
                    if cell is None:
                        break
                    run_len += 1
                    if run_len > MAX_LINE:
                        break
                    cells.append(cell)
                    if cell.cross_len or (first_play and b == 0):
                        touching = True
                    seg_key = (line, b + 1)
                    if seg_key in grid:
                        seg = ori.segments[ori.segment_of[seg_key]]
                        if seg.mask & old_mask or run_len + seg.end - seg.start + 1 > MAX_LINE:
                            break
                        run_len += seg.end - seg.start + 1
                        old_total += seg.total
                        old_mask |= seg.mask
                        old_across += seg.across
                        touching = True
                        nxt = seg.end + 1
                    else:
                        nxt = b + 1
                    m = len(cells)
                    if touching and m >= min_tiles and bin(hand_colours & ~old_mask).count("1") >= m:
                        yield self._make(line, tuple(cells), run_len, old_total, old_mask,
                                         old_across, k, l2)
                    if m >= max_tiles or run_len >= MAX_LINE:
                        break
                    if not touching and nxt > last_anchor:
                        break
                    b = nxt
                    cell = self._cell(ori, cache, line, b)

    @staticmethod
    def _make(line: int, cells: tuple[_Cell, ...], run_len: int, old_total: int, old_mask: int,
              old_across: int, k: int, l2: bool) -> _Interval:
        main = run_len >= 2
        constant = old_total if main else 0
        if l2 and main:
            constant += old_across
        weights = []
        side: dict = {}
        six = run_len == MAX_LINE
        bound = 0
        for c in cells:
            w = 1 if main else 0
            if c.cross_len:
                w += 1
                constant += c.cross_total
                if l2 and c.side_lines:
                    side.update(c.side_lines)
                if c.cross_len + 1 == MAX_LINE:
                    six = True
            weights.append(w)
            bound += c.best_v * w
        if side:
            constant += sum(side.values())
        need = (-old_total) % k if main else -1
        return _Interval(line, cells, run_len, old_total, old_mask, constant, tuple(weights),
                         need, six, constant + bound)

    # ---- filling an interval ------------------------------------------------------
    def fill(self, iv: _Interval) -> list[tuple[int, tuple[Option, ...]]]:
        """Every way to fill the interval: (score, options per cell)."""
        out: list[tuple[int, tuple[Option, ...]]] = []
        cells = iv.cells
        weights = iv.weights
        k = self.key
        last = len(cells) - 1
        need = iv.need

        def rec(i: int, mask: int, total: int, score: int, chosen: tuple) -> None:
            w = weights[i]
            if i == last:
                opts = cells[i].opts if need < 0 else cells[i].by_res[(need - total) % k]
                for o in opts:
                    if not o[0] & mask:
                        out.append((score + o[1] * w, chosen + (o,)))
                return
            for o in cells[i].opts:
                if not o[0] & mask:
                    rec(i + 1, mask | o[0], total + o[1], score + o[1] * w, chosen + (o,))

        rec(0, iv.old_mask, 0, iv.constant, ())
        return out

    def best_in(self, iv: _Interval, floor: int) -> tuple[int, tuple[Option, ...]] | None:
        """The best filling scoring more than `floor`, or None."""
        cells = iv.cells
        weights = iv.weights
        k = self.key
        last = len(cells) - 1
        need = iv.need
        suffix = [0] * (len(cells) + 1)
        for i in range(last, -1, -1):
            suffix[i] = suffix[i + 1] + cells[i].best_v * weights[i]
        best: list = [floor, None]

        def rec(i: int, mask: int, total: int, score: int, chosen: tuple) -> None:
            w = weights[i]
            if i == last:
                opts = cells[i].opts if need < 0 else cells[i].by_res[(need - total) % k]
                for o in opts:
                    if not o[0] & mask:
                        sc = score + o[1] * w
                        if sc > best[0]:
                            best[0] = sc
                            best[1] = chosen + (o,)
                return
            rest = suffix[i + 1]
            for o in cells[i].opts:  # highest value first
                if score + o[1] * w + rest <= best[0]:
                    break
                if not o[0] & mask:
                    rec(i + 1, mask | o[0], total + o[1], score + o[1] * w, chosen + (o,))

        rec(0, iv.old_mask, 0, iv.constant, ())
        return None if best[1] is None else (best[0], best[1])

    def any_in(self, iv: _Interval) -> bool:
        cells = iv.cells
        k = self.key
        last = len(cells) - 1
        need = iv.need

        def rec(i: int, mask: int, total: int) -> bool:
            if i == last:
                opts = cells[i].opts if need < 0 else cells[i].by_res[(need - total) % k]
                return any(not o[0] & mask for o in opts)
            return any(rec(i + 1, mask | o[0], total + o[1]) for o in cells[i].opts if not o[0] & mask)

        return rec(0, iv.old_mask, 0)

    @staticmethod
    def play(oi: int, iv: _Interval, score: int, chosen: tuple[Option, ...]) -> Play:
        line = iv.line
        if oi == 0:
            pl = tuple((o[2], line, c.pos, o[1]) for c, o in zip(iv.cells, chosen))
        else:
            pl = tuple((o[2], c.pos, line, o[1]) for c, o in zip(iv.cells, chosen))
        return Play(score, pl, iv.six)


def legal_plays(board: Board, hand: list[int], key: int, *, first_play: bool,
                scoring: str = "cross", max_tiles: int | None = None) -> Iterator[Play]:
    """Every legal play (identical tiles generated once, with the lower id), with its
    score. `max_tiles` (an extension) limits the number of tiles a play places."""
    search = _Search(board, hand, key, first_play, scoring, max_tiles)
    make = search.play
    for oi, iv in search.intervals():
        for score, chosen in search.fill(iv):
            yield make(oi, iv, score, chosen)


def best_play(board: Board, hand: list[int], key: int, *, first_play: bool,
              scoring: str = "cross") -> Play | None:
    """A highest-scoring legal play (the first found in bound order on ties), or None."""
    search = _Search(board, hand, key, first_play, scoring)
    ivs = sorted(search.intervals(), key=lambda x: -x[1].bound)
    best: Play | None = None
    floor = -1
    for oi, iv in ivs:
        if iv.bound <= floor:
            break
        found = search.best_in(iv, floor)
        if found is not None:
            floor = found[0]
            best = search.play(oi, iv, found[0], found[1])
    return best


def best_plays(board: Board, hand: list[int], key: int, n: int, *, first_play: bool,
               scoring: str = "cross") -> list[Play]:
    """The `n` highest-scoring legal plays, best first, equals in `legal_plays`' order:
    `sorted(legal_plays(...), key=lambda p: -p.score)[:n]`, without filling the
    intervals whose bound cannot reach the n-th best found so far (a later play merely
    equal to it ranks after it)."""
    search = _Search(board, hand, key, first_play, scoring)
    kept: list[tuple[int, int, Play]] = []     # a min-heap of (score, -order, play): the worst on top
    order = 0
    for oi, iv in search.intervals():
        if len(kept) == n and iv.bound <= kept[0][0]:
            continue
        for score, chosen in search.fill(iv):
            order += 1
            if len(kept) < n:
                heapq.heappush(kept, (score, -order, search.play(oi, iv, score, chosen)))
            elif score > kept[0][0]:
                heapq.heapreplace(kept, (score, -order, search.play(oi, iv, score, chosen)))
    return [p for _, _, p in sorted(kept, key=lambda x: (-x[0], -x[1]))]


def can_play(board: Board, hand: list[int], key: int, *, first_play: bool) -> bool:
    """Whether the hand has any legal play at all."""
    search = _Search(board, hand, key, first_play, "formed")
    return any(search.any_in(iv) for _, iv in search.intervals())
