"""The exact small-hand solver: can a set of tiles (up to about 12) form one connected
Sumoku grid in which every line is valid? Find such a layout, or prove there is none.

How (see /work/shared/notes/sumoku-search.md, "Speed race"):
1. Every valid line the tiles can make is listed once, as a bit mask of tiles (2-6 tiles of
   distinct colours, summing to a multiple of the key) plus the 6-tiles it plays as 9.
2. An *abstract* layout is a set of such lines, each with an orientation (row or column),
   in which every tile lies in one or two lines (a row and a column), two lines share at
   most one tile, and everything is connected. It is grown breadth-first from the most
   constrained tile: each tile in the queue either gets its second line (through new tiles,
   or closing a cycle through tiles that still have a free direction) or is closed.
   Every connected layout is reached this way (its lines in breadth-first order), so the
   search is exact; a tile that no remaining tiles can give a line prunes a branch.
3. Each abstract layout is embedded in the grid by a small exhaustive search (where each
   line lies and where its crossing tiles sit in it) that allows two tiles to touch only
   when they share the line of that direction. The first embedding found is the answer.
So a hand is solvable exactly when some abstract layout embeds, and the search tries them all.
"""
from __future__ import annotations

from itertools import permutations
from typing import Iterable, Mapping, Sequence

from engine.sumoku.tiles import MAX_LINE, colour, number, values

Cell = tuple[int, int]
Layout = dict[Cell, tuple[int, int]]        # (row, col) -> (tile, value)

ROW, COL = 0, 1
STEPS = ((0, 1), (1, 0))                     # along a row line, along a column line
EMBED_BUDGET = 60    # embedding steps per abstract layout in the first pass (then exhaustive)


# ---- the plain checker ---------------------------------------------------------------
def layout_errors(layout: Mapping[Cell, tuple[int, int]], key: int,
                  tiles: Iterable[int] | None = None) -> list[str]:
    """Why `layout` is not one connected grid of valid lines (empty when it is). With
    `tiles`, the layout must also hold exactly those tiles. A plain scan, for tests and bots."""
    errors: list[str] = []
    placed = [t for t, _ in layout.values()]
    if len(set(placed)) != len(placed):
        errors.append("a tile is placed twice")
    if tiles is not None and sorted(placed) != sorted(tiles):
        errors.append("the layout does not hold exactly the tiles")
    for t, v in layout.values():
        if v not in values(t):
            errors.append(f"tile {t} cannot be played as {v}")
    for dr, dc in STEPS:
        for (r, c) in layout:
            if (r - dr, c - dc) in layout or (r + dr, c + dc) not in layout:
                continue
            run = []
            while (r, c) in layout:
                run.append(layout[(r, c)])
                r, c = r + dr, c + dc
            cols = [colour(t) for t, _ in run]
            if len(run) > MAX_LINE:
                errors.append(f"line of {len(run)} tiles at {(r, c)}")
            if len(set(cols)) != len(cols):
                errors.append(f"colour twice in a line ending before {(r, c)}")
            if sum(v for _, v in run) % key:
                errors.append(f"line sum {sum(v for _, v in run)} before {(r, c)}")
    if layout:
        start = next(iter(layout))
        seen = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in layout and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != len(layout):
            errors.append("the grid is not connected")
    return errors


def layout_ok(layout: Mapping[Cell, tuple[int, int]], key: int,
              tiles: Iterable[int] | None = None) -> bool:
    return not layout_errors(layout, key, tiles)


# ---- step 1: every valid line --------------------------------------------------------
def _lines(cols: list[int], nums: list[int], key: int) -> list[tuple[int, int]]:
    """Every valid line as (mask, nine_mask): tiles of distinct colours, 2-6 of them,
    whose sum (6-tiles in nine_mask counted as 9) is a multiple of `key`."""
    n = len(cols)
    nine_matters = 3 % key != 0
    out: list[tuple[int, int]] = []

    def rec(start: int, mask: int, cmask: int, total: int, sixes: list[int], size: int) -> None:
        if size >= 2:
            if not sixes or not nine_matters:
                if total % key == 0:
                    out.append((mask, 0))
            else:
                for sub in range(1 << len(sixes)):
                    nine = 0
                    extra = 0
                    for j, b in enumerate(sixes):
                        if sub >> j & 1:
                            nine |= b
                            extra += 3
                    if (total + extra) % key == 0:
                        out.append((mask, nine))
        if size == MAX_LINE:
            return
        for i in range(start, n):
            cb = 1 << cols[i]
            if cmask & cb:
                continue
            bit = 1 << i
            rec(i + 1, mask | bit, cmask | cb, total + nums[i],
                sixes + [bit] if nums[i] == 6 else sixes, size + 1)

    rec(0, 0, 0, 0, [], 0)
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---- step 3: embedding an abstract layout --------------------------------------------
class _Embedder:
    """Places abstract lines (members, orientation) in the grid, exhaustively."""

    def __init__(self, n: int, lines: list[tuple[int, int]], budget: int | None = None) -> None:
        self.budget = budget                    # steps before giving up (None: exhaustive)
        self.cut = False                        # the budget ran out
        self.lines = lines                      # (mask, orientation), in creation order
        self.line_of = [[-1, -1] for _ in range(n)]   # tile -> [row line, col line]
        for li, (mask, o) in enumerate(lines):
            for i in _bits(mask):
                self.line_of[i][o] = li
        self.pos: dict[int, Cell] = {}
        self.at: dict[Cell, int] = {}

    def run(self) -> dict[int, Cell] | None:
        return dict(self.pos) if self._rec(0) else None

    def _fits(self, i: int, cell: Cell) -> bool:
        """Tile i may sit at `cell`: every occupied neighbour shares its line of that direction."""
        r, c = cell
        lo = self.line_of[i]
        for (nr, nc), o in (((r, c - 1), ROW), ((r, c + 1), ROW), ((r - 1, c), COL), ((r + 1, c), COL)):
            j = self.at.get((nr, nc))
            if j is not None and (lo[o] < 0 or self.line_of[j][o] != lo[o]):
                return False
        return True

    def _rec(self, k: int) -> bool:
        if k == len(self.lines):
            return True
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                self.cut = True
                return False
        mask, o = self.lines[k]
        members = _bits(mask)
        anchors = [i for i in members if i in self.pos]
        fresh = [i for i in members if i not in self.pos]
        length = len(members)
        dr, dc = STEPS[o]
        if not anchors:
            starts = [(0, 0)]
        else:
            # row line: anchors share the row; column line: anchors share the column
            fixed = {self.pos[i][0] for i in anchors} if o == ROW else {self.pos[i][1] for i in anchors}
            if len(fixed) != 1:
                return False
            along = [self.pos[i][1] if o == ROW else self.pos[i][0] for i in anchors]
            lo, hi = min(along), max(along)
            if hi - lo + 1 > length:
                return False
            base = fixed.pop()
            starts = [(base, s) if o == ROW else (s, base) for s in range(hi - length + 1, lo + 1)]
        # tiles that will get another line later sit at chosen places; the others fill in
        crossing = [i for i in fresh if self.line_of[i][1 - o] > k]
        pendant = [i for i in fresh if self.line_of[i][1 - o] <= k]
        anchor_cells = {self.pos[i] for i in anchors}
        for sr, sc in starts:
            cells = [(sr + dr * j, sc + dc * j) for j in range(length)]
            before = (sr - dr, sc - dc)
            after = (sr + dr * length, sc + dc * length)
            if before in self.at or after in self.at:
                continue
            free = [cell for cell in cells if cell not in anchor_cells]
            if any(cell in self.at for cell in free):
                continue
            for spots in permutations(free, len(crossing)):
                rest = [cell for cell in free if cell not in spots]
                assignment = list(zip(crossing, spots)) + list(zip(pendant, rest))
                placed = []
                ok = True
                for i, cell in assignment:
                    if not self._fits(i, cell):
                        ok = False
                        break
                    self.pos[i] = cell
                    self.at[cell] = i
                    placed.append((i, cell))
                if ok and self._rec(k + 1):
                    return True
                if self.cut:
                    return False
                for i, cell in placed:
                    del self.pos[i]
                    del self.at[cell]
                if not crossing:
                    break
        return False


# ---- step 2: the abstract search -----------------------------------------------------
class _Search:
    def __init__(self, tiles: Sequence[int], key: int, max_nodes: int | None,
                 embed_budget: int | None = None) -> None:
        self.embed_budget = embed_budget
        self.embed_cut = False           # some embedding was given up: the verdict is not exact
        self.tiles = list(tiles)
        self.n = n = len(self.tiles)
        self.cols = [colour(t) for t in self.tiles]
        self.nums = [number(t) for t in self.tiles]
        self.full = (1 << n) - 1
        self.sixes = sum(1 << i for i in range(n) if self.nums[i] == 6)
        by_tile: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for m, nine in _lines(self.cols, self.nums, key):
            for i in _bits(m):
                by_tile[i].append((m, nine))
        for lst in by_tile:   # long lines first: they use up tiles quickly
            lst.sort(key=lambda ln: -ln[0].bit_count())
        self.by_tile = by_tile
        self.nodes = 0
        self.max_nodes = max_nodes
        self.gave_up = False
        # search state
        self.placed = 0
        self.nlines = [0] * n
        self.first_line = [-1] * n       # index of a tile's first line
        self.orient = [0] * n            # orientation of a tile's first line
        self.closed = 0                  # tiles processed: no more lines through them
        self.queue: list[int] = []
        self.lines: list[tuple[int, int, int]] = []   # (mask, orientation, nine mask)
        self.as9 = 0
        self.as6 = 0
        self.found: tuple[dict[int, Cell], int] | None = None
        self.embeds = 0                  # embeddings tried (a subtree without any failed abstractly)
        self.dead: set[tuple] = set()    # abstract states known to have no completion

    def _avail(self) -> int:
        """Tiles that can still join a line: unplaced, or placed with one line and open."""
        open_ = 0
        for i in self.queue:
            if self.nlines[i] == 1 and not self.closed >> i & 1:
                open_ |= 1 << i
        return (self.full & ~self.placed) | open_

    def _hopeless(self, avail: int) -> bool:
        """Some unplaced tile can no longer be given any line."""
        rest = self.full & ~self.placed
        while rest:
            low = rest & -rest
            rest ^= low
            for m, _ in self.by_tile[low.bit_length() - 1]:
                if not m & ~avail:
                    break
            else:
                return True
        return False

    def solve(self) -> bool:
        n = self.n
        if any(not lst for lst in self.by_tile):
            return False
        start = min(range(n), key=lambda i: (len(self.by_tile[i]), i))
        for m, nine in self.by_tile[start]:
            self._add_line(m, nine, ROW)
            if self._rec(0):
                return True
            self._remove_line()
            if self.gave_up:
                return False
        return False

    def _consistent(self, m: int, nine: int, o: int, t: int) -> bool:
        """A line grown from tile t: 6/9 choices agree, and every other placed member is
        open (one line, of the other orientation, not processed), no two on one line."""
        if nine & self.as6 or (m & self.sixes & ~nine) & self.as9:
            return False
        others = m & self.placed & ~(1 << t)
        if not others:
            return True
        seen = {self.first_line[t]}
        for i in _bits(others):
            if self.nlines[i] != 1 or self.closed >> i & 1 or self.orient[i] == o:
                return False
            if self.first_line[i] in seen:
                return False
            seen.add(self.first_line[i])
        return True

    def _add_line(self, m: int, nine: int, o: int) -> None:
        li = len(self.lines)
        self.lines.append((m, o, nine))
        for i in _bits(m):
            if self.placed >> i & 1:
                self.nlines[i] += 1
            else:
                self.placed |= 1 << i
                self.nlines[i] = 1
                self.first_line[i] = li
                self.orient[i] = o
                self.queue.append(i)
        self.as9 |= nine
        self.as6 |= m & self.sixes & ~nine

    def _remove_line(self) -> None:
        m, _, _ = self.lines.pop()
        li = len(self.lines)
        for i in _bits(m):
            if self.first_line[i] == li:
                self.placed &= ~(1 << i)
                self.nlines[i] = 0
                self.first_line[i] = -1
                self.queue.remove(i)
            else:
                self.nlines[i] -= 1
        as9 = as6 = 0
        for lm, _, nine in self.lines:
            as9 |= nine
            as6 |= lm & self.sixes & ~nine
        self.as9, self.as6 = as9, as6

    def _rec(self, qi: int) -> bool:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.gave_up = True
            return False
        if self.placed == self.full:
            self.embeds += 1
            emb = _Embedder(self.n, [(m, o) for m, o, _ in self.lines], self.embed_budget)
            pos = emb.run()
            self.embed_cut |= emb.cut
            if pos is not None:
                self.found = (pos, self.as9)
                return True
            return False
        queue = self.queue
        while qi < len(queue) and self.nlines[queue[qi]] == 2:
            qi += 1
        if qi == len(queue):
            return False
        avail = self._avail()
        if self._hopeless(avail):
            return False
        # What can still happen depends only on the tiles left, the open tiles (their
        # orientation, which of them share a line, their 6/9 values): not on the order.
        open_ = avail & self.placed
        groups = {}
        for i in _bits(open_):
            groups[self.first_line[i]] = groups.get(self.first_line[i], 0) | 1 << i
        state = (self.placed, tuple(sorted(groups.values())),
                 sum(1 << i for i in _bits(open_) if self.orient[i]), self.as9 & open_)
        if state in self.dead:
            return False
        embeds = self.embeds
        t = queue[qi]
        o = 1 - self.orient[t]
        bit = 1 << t
        self.closed |= bit
        unplaced = self.full & ~self.placed
        # lines through new tiles only first (trees embed easily), then lines closing a cycle
        cands = [ln for ln in self.by_tile[t] if not ln[0] & ~(unplaced | bit)]
        cands += [ln for ln in self.by_tile[t] if ln[0] & ~(unplaced | bit) and not ln[0] & ~avail]
        for m, nine in cands:
            if not self._consistent(m, nine, o, t):
                continue
            self._add_line(m, nine, o)
            if self._rec(qi + 1):
                return True
            self._remove_line()
            if self.gave_up:
                self.closed &= ~bit
                return False
        if self._rec(qi + 1):
            return True
        self.closed &= ~bit
        if self.embeds == embeds:
            self.dead.add(state)
        return False


# ---- the public API --------------------------------------------------------------------
def search(tiles: Sequence[int], key: int, max_nodes: int | None = None) -> tuple[Layout | None, bool]:
    """(a valid layout of all `tiles`, or None; exact). `exact` is False only when the
    search stopped at `max_nodes` abstract steps before deciding."""
    tiles = list(tiles)
    if not tiles:
        return {}, True
    if len(tiles) == 1:
        return {(0, 0): (tiles[0], number(tiles[0]))}, True
    s = _Search(tiles, key, max_nodes, EMBED_BUDGET)
    found = s.solve()
    if not found and s.embed_cut and not s.gave_up:
        # a layout was given up on: search again with exhaustive embeddings (rare)
        s = _Search(tiles, key, max_nodes)
        found = s.solve()
    if not found:
        return None, not s.gave_up
    assert s.found is not None
    pos, as9 = s.found
    return {cell: (tiles[i], 9 if as9 >> i & 1 else number(tiles[i])) for i, cell in pos.items()}, True


def arrange(tiles: Sequence[int], key: int) -> Layout | None:
    """A connected grid of valid lines holding every tile, or None when there is none."""
    return search(tiles, key)[0]


def solvable(tiles: Sequence[int], key: int) -> bool:
    return search(tiles, key)[0] is not None


def tile_to_return(tiles: Sequence[int], key: int, max_nodes: int | None = None) -> int | None:
    """After an exchange: a tile whose return leaves a solvable hand (the first found,
    trying awkward tiles first: those in the fewest valid lines), or None. With
    `max_nodes`, each try stops there (a faster answer that may miss a tile)."""
    tiles = list(tiles)
    if len(tiles) <= 1:
        return tiles[0] if tiles else None
    cols = [colour(t) for t in tiles]
    nums = [number(t) for t in tiles]
    count = [0] * len(tiles)
    for m, _ in _lines(cols, nums, key):
        for i in _bits(m):
            count[i] += 1
    for i in sorted(range(len(tiles)), key=lambda i: (count[i], i)):
        rest = tiles[:i] + tiles[i + 1:]
        if search(rest, key, max_nodes)[0] is not None:
            return tiles[i]
    return None


# ---- the oracle: exhaustive placement (tests and the benchmark's baseline) --------------
_SHAPES: dict[int, list[tuple[Cell, ...]]] = {}


def shapes(n: int) -> list[tuple[Cell, ...]]:
    """Every connected set of n cells (fixed polyominoes, up to translation), sorted cells."""
    if n not in _SHAPES:
        if n == 1:
            _SHAPES[1] = [((0, 0),)]
        else:
            grown: set[tuple[Cell, ...]] = set()
            for shape in shapes(n - 1):
                cells = set(shape)
                for r, c in shape:
                    for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                        if nb in cells:
                            continue
                        new = cells | {nb}
                        r0 = min(x for x, _ in new)
                        c0 = min(y for _, y in new)
                        grown.add(tuple(sorted((x - r0, y - c0) for x, y in new)))
            _SHAPES[n] = sorted(grown)
    return _SHAPES[n]


def brute_force_layout(tiles: Sequence[int], key: int) -> Layout | None:
    """A valid layout found by trying every shape and every assignment of tiles and 6/9
    values to its cells (in reading order, checking a run once it is complete, and colours
    as it grows), or None. Shares nothing with the solver above; feasible up to 7 tiles."""
    tiles = list(tiles)
    n = len(tiles)
    if n == 0:
        return {}
    for shape in shapes(n):
        cells = set(shape)
        layout: Layout = {}

        def run_back(cell: Cell, dr: int, dc: int) -> list[tuple[int, int]]:
            r, c = cell
            out = []
            while (r, c) in layout:
                out.append(layout[(r, c)])
                r, c = r - dr, c - dc
            return out

        def fill(k: int, used: int) -> bool:
            if k == n:
                return True
            cell = shape[k]
            r, c = cell
            for i, t in enumerate(tiles):
                if used >> i & 1:
                    continue
                for v in values(t):
                    layout[cell] = (t, v)
                    ok = True
                    for dr, dc in STEPS:
                        run = run_back(cell, dr, dc)
                        cols = [colour(x) for x, _ in run]
                        if len(set(cols)) != len(cols) or len(run) > MAX_LINE:
                            ok = False
                            break
                        if (r + dr, c + dc) not in cells and len(run) > 1 and sum(y for _, y in run) % key:
                            ok = False
                            break
                    if ok and fill(k + 1, used | 1 << i):
                        return True
                    del layout[cell]
        if fill(0, 0):
            return dict(layout)
    return None
