"""Bots for Sumoku's real-time races: `RaceBot(level, seed).plan(view, seat, now_ms)` says
when the bot will send its next command and which (None: nothing to do until the view
changes). The race harness (engine/core/race.py) and the relay's bot clients call it.

The bot keeps a *target*: the layout it is building (speed: its own grid; team: the team's
grid) or the claim it has spotted (grab). Each call compares the view with the target and
asks for the next step; the time of that step comes from the level's pace. When the view
no longer fits the target (new tiles, a teammate's or a rival's move, a refused command)
the bot plans again.

Thinking speeds (ms; each drawn with +-25 % jitter from the bot's seeded Rng):

| level  | speed: see a layout, then per tile | grab: spot a set (chance to miss it for a while) | team: plan, then per tile |
|--------|------------------------------------|--------------------------------------------------|---------------------------|
| easy   | 45000, then 6000 (about 105 s)     | 20000 (35 %: another 20000)                      | 15000, then 5000          |
| normal | 20000, then 3500 (about 55 s)      | 9000 (15 %: another 9000)                        | 8000, then 2500           |
| hard   | 6000, then 1500 (about 21 s)       | 3500 (never misses)                              | 3000, then 1000           |

A casual person needs minutes to fit 10 tiles, so easy is beatable; hard puts a tile down
every 1.5 s once it sees the layout: a real race. An exchange, a return, a lift or a call
each take one "per tile" step; new tiles in a speed hand cost half a "see" time.

Speed race: solve the hand exactly (arrange.py; past 12 tiles grow.py); place the tiles
one by one, moving or lifting tiles that are in the way; call when the grid is done. An
unsolvable hand is exchanged (draw 2), then the tile whose return leaves a solvable hand
goes back. Grab: every claim of the centre (grabsearch.py); easy bots pick any, the others
the first. Team race: every bot of a team computes the same layout of the team's tiles
(grow.py, seeded by the tiles themselves, not by the bot), so teammates agree without
talking; tiles are dealt to teammates in turn along the build order, each bot puts its own
share first and then helps with whatever is still loose. A team grid that no longer fits
is grown on from where it stands (when valid); a team with no layout votes "stuck".
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Mapping

from engine.core.rng import Rng
from engine.sumoku.arrange import layout_ok, search
from engine.sumoku.arrange import tile_to_return as exact_return
from engine.sumoku.grabsearch import claims
from engine.sumoku.grow import grow
from engine.sumoku.tiles import number

Cell = tuple[int, int]
Layout = dict[Cell, tuple[int, int]]
Command = dict[str, Any]

EXACT_MAX = 12          # hands up to this size are solved exactly
EXACT_NODES = 30_000    # abstract steps before the exact solver hands over to grow
RETURN_NODES = 3_000    # per tile tried as the one to give back after drawing 2
RETRY_MS = 400          # a refused command is retried (after replanning) this much later
JITTER = 0.25


@dataclass(frozen=True)
class Pace:
    see_ms: int          # speed: from a new hand to the first put
    put_ms: int          # speed: each later step
    spot_ms: int         # grab: to spot a set
    miss: float          # grab: chance to overlook the sets for another spot_ms
    plan_ms: int         # team: from the start to the first put
    team_put_ms: int     # team: each later put


PACES: dict[str, Pace] = {
    "easy": Pace(45000, 6000, 20000, 0.35, 15000, 5000),
    "normal": Pace(20000, 3500, 9000, 0.15, 8000, 2500),
    "hard": Pace(6000, 1500, 3500, 0.0, 3000, 1000),
}
LEVELS = tuple(PACES)


# ---- solving ---------------------------------------------------------------------------
def solve_tiles(tiles: list[int], key: int, seed: int = 0) -> Layout | None:
    """A valid layout of all `tiles` (exact up to EXACT_MAX tiles, else grown), centred on
    (0, 0), or None."""
    layout: Layout | None = None
    if len(tiles) <= EXACT_MAX:
        layout, exact = search(tiles, key, EXACT_NODES if len(tiles) > 10 else None)
        if layout is None and exact:
            return None
    if layout is None:
        layout = grow(tiles, key, seed=seed)
    return None if layout is None else centred(layout)


def centred(layout: Layout) -> Layout:
    """The layout moved so that the middle of its bounding box is (0, 0) (order kept)."""
    if not layout:
        return {}
    rows = [r for r, _ in layout]
    cols = [c for _, c in layout]
    dr = (min(rows) + max(rows)) // 2
    dc = (min(cols) + max(cols)) // 2
    return {(r - dr, c - dc): tv for (r, c), tv in layout.items()}


def return_choice(tiles: list[int], key: int) -> int:
    """The tile to give back after drawing 2: one whose return leaves a solvable hand,
    else the tile in the fewest lines with the others (a hand stays hard to fit)."""
    if len(tiles) <= EXACT_MAX:
        got = exact_return(tiles, key, RETURN_NODES)
        if got is not None:
            return got
    # no exact answer: give back a tile of the most crowded colour, the highest number
    by_colour: dict[int, int] = {}
    for t in tiles:
        by_colour[t // 16] = by_colour.get(t // 16, 0) + 1
    return max(tiles, key=lambda t: (by_colour[t // 16], number(t), t))


def grid_of(rows: list[list[int]]) -> Layout:
    return {(r, c): (t, v) for r, c, t, v in rows}


def _stable_seed(*parts: Any) -> int:
    """A seed every teammate computes alike from what they all see."""
    text = repr(parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


# ---- turning a target layout into the next command -----------------------------------
def next_build_step(grid: Layout, loose: list[int], target: Layout, order: list[int],
                    seat: int) -> Command | None:
    """The next command that brings `grid` closer to `target` (tiles in `order` first),
    or None when the grid is the target. A tile in the way is moved to its own place when
    that is free, else lifted."""
    where = {t: cell for cell, (t, _v) in grid.items()}
    goal = {t: (cell, v) for cell, (t, v) in target.items()}
    for t in order:
        cell, v = goal[t]
        here = where.get(t)
        if here == cell and grid[cell][1] == v:
            continue
        if here is None and t not in loose:
            continue                      # not ours to place any more (someone took it)
        occupant = grid.get(cell)
        if occupant is None:
            src: Any = "pool" if here is None else [here[0], here[1]]
            return {"type": "put", "seat": seat, "tile": t, "cell": [cell[0], cell[1]],
                    "value": v, "from": src}
        blocker = occupant[0]
        if blocker in goal and goal[blocker][0] != cell and goal[blocker][0] not in grid:
            bcell, bv = goal[blocker]
            return {"type": "put", "seat": seat, "tile": blocker, "cell": [bcell[0], bcell[1]],
                    "value": bv, "from": [cell[0], cell[1]]}
        return {"type": "lift", "seat": seat, "tile": blocker}
    for cell, (t, _v) in grid.items():
        if t not in goal:
            return {"type": "lift", "seat": seat, "tile": t}
    return None


def fits(grid: Layout, loose: list[int], target: Layout) -> bool:
    """Whether the target holds exactly the tiles of grid and loose."""
    return sorted([t for t, _ in grid.values()] + list(loose)) == sorted(t for t, _ in target.values())


def best_shift(grid: Layout, target: Layout) -> Layout:
    """The target translated so that as many grid tiles as possible are already in place."""
    if not grid:
        return target
    goal = {t: cell for cell, (t, _v) in target.items()}
    votes: dict[Cell, int] = {}
    for (r, c), (t, _v) in grid.items():
        if t in goal:
            gr, gc = goal[t]
            d = (r - gr, c - gc)
            votes[d] = votes.get(d, 0) + 1
    if not votes:
        return target
    dr, dc = max(sorted(votes), key=lambda d: votes[d])
    return {(r + dr, c + dc): tv for (r, c), tv in target.items()}


# ---- the bot -------------------------------------------------------------------------------
class _Refused(Exception):
    """The pending command is still wanted after its time: it was refused."""


class RaceBot:
    """A stateful race bot for one seat (speed, grab or team)."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in PACES:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.pace = PACES[level]
        self.rng = Rng(seed)
        self.seed = seed
        self._situation: Any = None       # what the current target was made for
        self._target: Layout | None = None
        self._order: list[int] = []
        self._claim: Command | None = None
        self._pending: tuple[int, Command] | None = None
        self._not_before = 0              # after a refusal: no command before this time
        self._no_layout: Any = None       # the situation found to have no layout

    # -- timing --
    def _jitter(self, ms: int) -> int:
        return int(ms * (1.0 + JITTER * (2.0 * self.rng.random() - 1.0)))

    def _schedule(self, now: int, cmd: Command | None, new_situation: bool,
                  think_ms: int, step_ms: int) -> tuple[int, Command] | None:
        """The time for `cmd`: a new situation costs thinking time, a further step the
        pace; the same command as before keeps its time. One still wanted after its time
        has passed was refused (or overtaken): _Refused, and the caller plans afresh."""
        if cmd is None:
            self._pending = None
            return None
        pending = self._pending
        if pending is not None and pending[1] == cmd and not new_situation:
            if now <= pending[0]:
                return pending
            raise _Refused
        if new_situation:
            at = now + self._jitter(think_ms)
        elif pending is None:
            at = now + self._jitter(step_ms)
        else:
            at = max(now, pending[0] + self._jitter(step_ms))
        self._pending = (max(at, self._not_before), cmd)
        return self._pending

    def plan(self, view: Mapping[str, Any], seat: int, now_ms: int) -> tuple[int, Command] | None:
        v = dict(view)
        if v.get("ended") or not v.get("live", True) or seat not in v.get("to_act", []) \
                or v.get("key") is None:
            self._pending = None
            return None
        planner = {"speed": self._plan_speed, "grab": self._plan_grab,
                   "team": self._plan_team}.get(v["variant"])
        if planner is None:
            return None
        try:
            return planner(v, seat, now_ms)
        except _Refused:
            self._target = None
            self._claim = None
            self._pending = None
            self._not_before = now_ms + RETRY_MS
            try:
                return planner(v, seat, now_ms)
            except _Refused:          # cannot happen: nothing is pending any more
                return None

    # -- speed race --
    def _plan_speed(self, v: dict, seat: int, now: int) -> tuple[int, Command] | None:
        key = v["key"]
        grid = grid_of(v["grids"][seat])
        hand = list(v["hands"][seat])
        tiles = sorted(hand + [t for t, _ in grid.values()])
        situation = ("speed", v["round"], key, tuple(tiles))
        new = situation != self._situation
        think = self.pace.see_ms
        if new and self._situation is not None and self._situation[1] == v["round"]:
            think //= 2                   # more tiles in the same round: a quicker look
        if new:
            self._situation = situation
            self._target = None
        cmd = self._speed_command(v, seat, key, grid, hand, tiles)
        return self._schedule(now, cmd, new, think, self.pace.put_ms)

    def _speed_command(self, v: dict, seat: int, key: int, grid: Layout, hand: list[int],
                       tiles: list[int]) -> Command | None:
        if v["pending_return"][seat]:
            return {"type": "return", "seat": seat, "tile": return_choice(tiles, key)}
        if self._target is None or not fits(grid, hand, self._target):
            layout = None if self._no_layout == self._situation else solve_tiles(tiles, key, self.seed)
            if layout is None:
                self._no_layout = self._situation
                self._target = None
                if v["bag_count"] > 0:
                    return {"type": "exchange", "seat": seat}
                return None
            self._target = best_shift(grid, layout)
            self._order = [t for t, _ in self._target.values()]
        step = next_build_step(grid, hand, self._target, self._order, seat)
        if step is not None:
            return step
        if not hand and layout_ok(grid, key):
            return {"type": "call", "seat": seat}
        return None

    # -- real-time grab --
    def _plan_grab(self, v: dict, seat: int, now: int) -> tuple[int, Command] | None:
        key = v["key"]
        centre = sorted(v["centre"])
        situation = ("grab", v["round"], key, tuple(centre))
        new = situation != self._situation
        think = self.pace.spot_ms
        if new:
            self._situation = situation
            found = claims(centre, key)
            if not found:
                self._claim = None
            else:
                pick = found[self.rng.below(len(found))] if self.level == "easy" else found[0]
                self._claim = pick.to_command(seat)
            if self.pace.miss and self.rng.random() < self.pace.miss:
                think *= 2                # overlooked the sets for a while
        if self._claim is None:
            found = claims(centre, key)
            self._claim = found[0].to_command(seat) if found else None
        return self._schedule(now, self._claim, new, think, self.pace.spot_ms)

    # -- team race --
    def _plan_team(self, v: dict, seat: int, now: int) -> tuple[int, Command] | None:
        key = v["key"]
        team = v["teams"][seat]
        grid = grid_of(v["grids"][team])
        pool = list(v["pools"][team])
        tiles = sorted(pool + [t for t, _ in grid.values()])
        situation = ("team", v["round"], key, tuple(tiles))
        new = situation != self._situation
        if new:
            self._situation = situation
            self._target = None
        cmd = self._team_command(v, seat, team, key, grid, pool, tiles)
        return self._schedule(now, cmd, new, self.pace.plan_ms, self.pace.team_put_ms)

    def _team_command(self, v: dict, seat: int, team: int, key: int, grid: Layout,
                      pool: list[int], tiles: list[int]) -> Command | None:
        if v["pending_return"][seat]:
            return {"type": "return", "seat": seat, "tile": return_choice(tiles, key)}
        if self._target is not None and not self._consistent(grid, pool):
            self._target = None
        if self._target is None and self._no_layout == (self._situation, len(grid)):
            return None
        if self._target is None:
            # the layout every teammate finds from the same tiles
            layout = grow(tiles, key, seed=_stable_seed(team, key, tiles))
            layout = centred(layout) if layout is not None else None
            if layout is not None and not self._consistent(grid, pool, layout) and grid \
                    and layout_ok(grid, key):
                # the grid went its own way: grow on from it
                layout = grow(pool, key, grid=grid, seed=_stable_seed(team, key, sorted(grid.items())))
            if layout is None:
                if not v["stuck"][team] and layout_ok(grid, key):
                    return {"type": "stuck", "seat": seat}
                self._no_layout = (self._situation, len(grid))
                return None
            self._target = layout
            mates = [s for s, tm in enumerate(v["teams"]) if tm == team]
            mine = mates.index(seat)
            build = [t for t, _ in layout.values()]
            own = [t for i, t in enumerate(build) if i % len(mates) == mine]
            self._order = own + [t for t in build if t not in set(own)]
        return next_build_step(grid, pool, self._target, self._order, seat)

    def _consistent(self, grid: Layout, pool: list[int], target: Layout | None = None) -> bool:
        """The target holds the team's tiles, and every grid tile sits where it says."""
        target = self._target if target is None else target
        if target is None or not fits(grid, pool, target):
            return False
        goal = {t: cell for cell, (t, _v) in target.items()}
        return all(goal[t] == cell for cell, (t, _v) in grid.items())
