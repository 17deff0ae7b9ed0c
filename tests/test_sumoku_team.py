"""Sumoku team race: teams and pools, a shared grid, conflicts between teammates, the win
checked after every put, exchange and return, the stuck vote, views, refolds, and whole
races through race_out."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.race import race_out
from engine.sumoku import SumokuRules
from engine.sumoku.board import neighbours, run_cells
from engine.sumoku.grid import grid_ok
from engine.sumoku.tiles import colour, values
from engine.core.rules import initial_state
from support.sumoku import run
from test_race_harness import Table, kinds, same_race
from test_sumoku_speed import DEALS, grid_of

RULES = SumokuRules()
O, S, G, Y, B, V = range(6)
LAYOUT = DEALS[0]                      # 10 tiles in a valid 2 x 5 block for key 5


def table(seats: int = 4, key: int = 5, **opts) -> Table:
    return Table(RULES, seats, {"variant": "team", "key": key, **opts})


def started(seats: int = 4, **kw) -> Table:
    tb = table(seats, **kw)
    tb.tick(3000)
    return tb


def put(seat: int, tile: int, r: int, c: int, v: int | None = None, **extra) -> dict:
    cmd = {"type": "put", "seat": seat, "tile": tile, "cell": [r, c], **extra}
    if v is not None:
        cmd["value"] = v
    return cmd


def make_state(pools, *, grids=None, teams=(0, 1, 0, 1), bag=(), key=5, last_put=None):
    st = RULES.initial(len(teams), {"variant": "team", "key": key, "teams": list(teams)})
    st.key, st.ordered_bag, st.bag = key, True, list(bag)
    rs = st.race
    rs.live, rs.round = True, 1
    rs.pools = [list(p) for p in pools]
    rs.grids = [dict(g) for g in (grids or [{} for _ in pools])]
    rs.last_put = list(last_put or [None] * len(pools))
    return st


def refused(state, cmd: dict) -> RuleError:
    with pytest.raises(RuleError) as info:
        run(state, cmd)
    return info.value


# ---- teams and the deal -------------------------------------------------------------------------
@pytest.mark.parametrize("teams, share", [([0, 1, 0, 1], 48), ([0, 1, 2], 32),
                                          ([0, 1, 2, 3, 0, 1, 2, 3], 24)])
def test_each_team_gets_its_share_after_the_countdown(teams, share):
    tb = table(len(teams), teams=teams)
    assert kinds(tb.s.events) == ["countdown"] and tb.view()["to_act"] == []
    events = tb.tick(3000)
    n = max(teams) + 1
    assert kinds(events) == ["pool_dealt"] * n + ["key_rolled", "round_started"]
    v = tb.view()
    assert [len(p) for p in v["pools"]] == [share] * n and v["bag_count"] == 0
    assert v["teams"] == teams and v["to_act"] == list(range(len(teams)))
    assert v["stuck"] == [False] * n and v["last_put"] == [None] * n
    dealt = [x for p in v["pools"] for x in p]
    assert sorted(dealt) == list(range(96))
    assert tb.refolds()


def test_teams_default_to_alternate_seats_and_are_checked():
    assert table(5).view()["teams"] == [0, 1, 0, 1, 0]
    assert table(16).view()["seats"] == 16
    for bad in ([0, 0, 0, 0], [0, 1, 2, 3, 4, 0], [0, 2, 0, 2], [0, 1], [0, 1, 1, "x"], [0, 1, 0, -1]):
        with pytest.raises(ValueError):
            initial_state(RULES, 4 if len(bad) != 6 else 6, {"variant": "team", "teams": bad})


# ---- one grid per team ---------------------------------------------------------------------------
def test_teammates_build_move_and_lift_on_one_grid():
    tb = started()
    pool0 = tb.view()["pools"][0]
    a, b = pool0[0], pool0[1]
    tb.at(3100, put(0, a, 0, 0))
    tb.at(3200, put(2, a, 0, 1, **{"from": [0, 0]}))          # seat 2 moves seat 0's tile
    tb.at(3300, put(2, b, 1, 1))
    v = tb.view()
    assert v["grids"][0] == sorted([[0, 1, a, values(a)[0]], [1, 1, b, values(b)[0]]])
    assert v["grids"][1] == [] and v["last_put"] == [3300, None]
    assert len(v["pools"][0]) == 46
    tb.at(3400, {"type": "lift", "seat": 0, "tile": b})
    assert b in tb.view()["pools"][0] and tb.view()["last_put"] == [3300, None]
    # The other team's tiles are not ours.
    assert tb.code(3500, put(1, a, 5, 5)) == "err.sumoku.not_yours"
    assert tb.code(3500, {"type": "lift", "seat": 1, "tile": a}) == "err.sumoku.not_on_grid"
    assert tb.refolds()


def test_conflicts_between_teammates_are_settled_by_order():
    tb = started()
    pool0 = tb.view()["pools"][0]
    a, b, c = pool0[:3]
    tb.at(3100, put(0, a, 0, 0))
    # Seat 2 sent its put for the same square a moment later.
    with pytest.raises(RuleError) as info:
        tb.at(3101, put(2, b, 0, 0))
    assert info.value.code == "err.sumoku.teammate_cell"
    assert info.value.message("en") == "A teammate has just placed a tile there (0, 0)."
    assert "隊友" in info.value.message("zh-TW")
    # Seat 2 also wanted tile a, from the pool: it is gone (a teammate has just put it).
    assert tb.code(3102, put(2, a, 3, 3, **{"from": "pool"})) == "err.sumoku.teammate_moved"
    # Seat 0 on its own square again: the plain "taken" message.
    assert tb.code(3103, put(0, b, 0, 0)) == "err.sumoku.cell_taken"
    tb.at(3104, {"type": "lift", "seat": 2, "tile": a})
    assert tb.code(3105, {"type": "lift", "seat": 0, "tile": a}) == "err.sumoku.not_on_grid"
    assert tb.code(3105, put(0, a, 0, 0, **{"from": [0, 0]})) == "err.sumoku.teammate_moved"
    tb.at(3106, put(0, c, 4, 4))
    assert tb.view()["grids"][0] == [[4, 4, c, values(c)[0]]]
    assert tb.refolds()


# ---- the win ---------------------------------------------------------------------------------------
def test_the_first_team_with_an_empty_pool_and_one_valid_grid_wins():
    grid = grid_of(LAYOUT)
    last_cell = (1, 4)
    last, v = grid.pop(last_cell)
    st = make_state([[last], [1, 2]], grids=[grid, {}])
    # Put in the wrong place first: the pool is empty but the grid is split — play on.
    events = run(st, put(2, last, 5, 5, v), t=6000)
    assert kinds(events) == ["put"] and not st.ended
    events = run(st, put(0, last, *last_cell, v), t=7000)    # a move completes the grid
    assert kinds(events) == ["put", "ended"]
    end = events[-1]
    assert end["reason"] == "team_done" and end["winners"] == [0, 2] and end["final"] == [10, 0, 10, 0]
    assert RULES.outcome(st).winners == [0, 2] and st.race.last_put == [7000, None]


def test_exchange_then_return_and_no_win_while_a_return_is_owed():
    grid = grid_of(LAYOUT)
    last, v = grid.pop((1, 4))
    assert grid_ok(grid, 5)                                   # the block without its corner is valid
    st = make_state([[last], [1]], grids=[grid, {}], bag=[80, 81, 82])
    assert refused(st, {"type": "return", "seat": 0, "tile": last}).code == "err.sumoku.no_return_owed"
    events = run(st, {"type": "exchange", "seat": 2})
    assert events[0]["drawn"] == [80, 81] and st.race.pools[0] == [last, 80, 81]
    assert st.race.pending_return == [False, False, True, False]
    assert refused(st, {"type": "exchange", "seat": 2}).code == "err.sumoku.return_first"
    run(st, {"type": "exchange", "seat": 0})                  # a teammate may exchange as well
    assert st.race.pools[0] == [last, 80, 81, 82] and st.bag == []
    run(st, {"type": "return", "seat": 2, "tile": 80})
    run(st, {"type": "return", "seat": 0, "tile": 81})
    assert st.bag == [80, 81] and st.race.pending_return == [False] * 4
    # Pool down to [last, 82]; seat 2 exchanges again, then both go back to the grid.
    run(st, {"type": "exchange", "seat": 2})
    run(st, {"type": "return", "seat": 2, "tile": 82})
    assert sorted(st.race.pools[0]) == sorted([last, 80, 81]) and st.race.pending_return[2] is False
    # A full pool left and a return owed: the pool empties by returns and puts only.
    st = make_state([[last], [1]], grids=[grid, {}])
    st.race.pending_return[0] = True
    assert kinds(run(st, put(2, last, 1, 4, v))) == ["put"]   # seat 0 still owes a return
    events = run(st, {"type": "return", "seat": 0, "tile": last})
    assert kinds(events) == ["returned", "ended"] and st.winners == [0, 2]
    assert st.bag == [last] and st.final == [9, 0, 9, 0]


def test_exchange_with_the_empty_bag_of_a_full_deal_is_refused():
    tb = started()
    assert tb.code(3100, {"type": "exchange", "seat": 1}) == "err.sumoku.bag_empty"


# ---- stuck -----------------------------------------------------------------------------------------
def test_the_stuck_vote_needs_a_valid_grid_toggles_and_is_withdrawn_by_a_put():
    grid = grid_of(LAYOUT)
    st = make_state([[1, 2, 3], [4, 5, 6]], grids=[grid, {}])
    assert kinds(run(st, {"type": "stuck", "seat": 0})) == ["stuck_voted"]
    assert st.race.stuck == [True, False]
    assert kinds(run(st, {"type": "stuck", "seat": 2})) == ["stuck_voted"]    # a teammate toggles
    assert st.race.stuck == [False, False]
    run(st, {"type": "stuck", "seat": 2})
    run(st, put(0, 1, 9, 9))                                  # playing on withdraws the vote
    assert st.race.stuck == [False, False]
    err = refused(st, {"type": "stuck", "seat": 0})           # the stray tile splits the grid
    assert err.code == "err.sumoku.stuck_invalid" and err.params == {"problems": 1}
    run(st, {"type": "lift", "seat": 2, "tile": 1})
    run(st, {"type": "stuck", "seat": 0})
    assert st.race.stuck == [True, False] and not st.ended


def test_when_every_team_is_stuck_the_fewest_tiles_left_wins():
    st = make_state([[1, 2], [3, 4, 5], [6, 7]], teams=(0, 1, 2, 0), last_put=[900, 100, 800])
    run(st, {"type": "stuck", "seat": 0})
    run(st, {"type": "stuck", "seat": 1})
    events = run(st, {"type": "stuck", "seat": 2})
    assert kinds(events) == ["stuck_voted", "ended"]
    # Teams 0 and 2 have 2 left each; team 2 placed its last tile earlier.
    assert events[-1]["reason"] == "stuck" and st.winners == [2]
    assert st.final == [0, 0, 0, 0]                         # nothing on the grids
    st = make_state([[1], [2]], teams=(0, 1), last_put=[None, None])
    run(st, {"type": "stuck", "seat": 0})
    run(st, {"type": "stuck", "seat": 1})
    assert st.winners == [0, 1]                               # a full tie is shared
    st = make_state([[1], [2]], teams=(0, 1), last_put=[None, 400])
    run(st, {"type": "stuck", "seat": 1})
    run(st, {"type": "stuck", "seat": 0})
    assert st.winners == [1]                                  # never placing comes last


# ---- views ------------------------------------------------------------------------------------------
def test_the_view_shows_pools_and_grids_but_not_the_bag():
    tb = started(3)
    a = tb.view()["pools"][1][0]
    tb.at(3100, put(1, a, 0, 0))
    v = tb.view(0)
    assert v == tb.view(1) == tb.view(None)
    assert "bag" not in v and "bag_order" not in v["options"]
    for key in ("game", "variant", "key", "seats", "round", "starts_at", "ended", "result", "to_act",
                "teams", "grids", "pools", "stuck", "last_put", "bag_count", "options"):
        assert key in v
    assert v["grids"][1] == [[0, 0, a, values(a)[0]]] and v["last_put"] == [None, 3100]


# ---- whole races -------------------------------------------------------------------------------------
def fits(grid: dict, cell, tile: int, value: int, key: int) -> bool:
    """Whether the lines through `cell` stay valid with the tile there."""
    trial = dict(grid)
    trial[cell] = (tile, value)
    for direction in ("row", "col"):
        cells = run_cells(trial, cell, direction)
        if len(cells) < 2:
            continue
        if len(cells) > 6 or len({colour(trial[x][0]) for x in cells}) < len(cells):
            return False
        if sum(trial[x][1] for x in cells) % key:
            return False
    return True


class GrowBot:
    """Grows the team grid keeping it valid after every tile (the first fit in an order
    that differs by seat); votes stuck when nothing fits. Keeps its plan until it runs."""

    def __init__(self, step: int) -> None:
        self.step = step
        self.pending: tuple[int, dict] | None = None
        self.dead: tuple | None = None

    def plan(self, view: dict, seat: int, now_ms: int):
        if not view["live"] or seat not in view["to_act"]:
            return None
        team = view["teams"][seat]
        pool = view["pools"][team]
        grid = {(r, c): (x, v) for r, c, x, v in view["grids"][team]}
        if self.pending is not None:
            cmd = self.pending[1]
            if cmd["type"] == "put" and cmd["tile"] in pool and tuple(cmd["cell"]) not in grid:
                return self.pending
            if cmd["type"] == "stuck" and not view["stuck"][team]:
                return self.pending
        sig = (tuple(sorted(pool)), tuple(sorted(grid)))
        cmd = None if sig == self.dead else self.grow(grid, pool, view["key"], seat)
        if cmd is None:
            self.dead = sig
            if not pool or view["stuck"][team]:
                self.pending = None
                return None
            cmd = {"type": "stuck", "seat": seat}
        self.pending = (now_ms + self.step, cmd)
        return self.pending

    @staticmethod
    def grow(grid: dict, pool: list[int], key: int, seat: int) -> dict | None:
        if not pool:
            return None
        tiles = sorted(pool)
        tiles = tiles[seat % len(tiles):] + tiles[:seat % len(tiles)]
        if not grid:
            return {"type": "put", "seat": seat, "tile": tiles[0], "cell": [0, 0], "from": "pool"}
        frontier = sorted({n for cell in grid for n in neighbours(cell) if n not in grid})
        for tile in tiles:
            for cell in frontier:
                for v in values(tile):
                    if fits(grid, cell, tile, v, key):
                        return {"type": "put", "seat": seat, "tile": tile, "cell": list(cell),
                                "value": v, "from": "pool"}
        return None


def team_race(seed: int, teams=(0, 1, 0, 1)):
    bots = [GrowBot(200 + 37 * s) for s in range(len(teams))]
    return race_out(RULES, len(teams), bots, options={"variant": "team", "teams": list(teams)},
                    seed=seed)


def test_whole_team_races_end_and_refold():
    for seed, teams in ((1, (0, 1, 0, 1)), (2, (0, 1, 2))):
        s = team_race(seed, teams)
        out = s.outcome()
        assert out is not None and out.detail["reason"] in ("stuck", "team_done")
        v = s.view(None)
        for grid in v["grids"]:
            assert grid_ok({(r, c): (x, val) for r, c, x, val in grid}, v["key"])
        if out.detail["reason"] == "stuck":
            left = [len(p) for p in v["pools"]]
            fewest = [i for i, n in enumerate(left) if n == min(left)]
            assert all(v["teams"][w] in fewest for w in out.winners)
        assert RULES.to_data(s.refold()) == RULES.to_data(s.state)
        putters = {ev["seat"] for ev in s.events if ev["type"] == "put"}
        assert {teams[p] for p in putters} == set(teams)      # every team built
        if len(teams) > len(set(teams)):
            assert len(putters) > len(set(teams))             # teammates built one grid together
        assert sum(len(g) for g in v["grids"]) > 20


def test_the_same_seed_gives_the_same_team_race():
    assert same_race(team_race(4), team_race(4))


@pytest.mark.parametrize("seed, teams", [(1, (0, 1, 0, 1)), (2, (0, 1, 2))])
def test_racebots_team_race_to_the_end(seed, teams):
    from engine.sumoku.racebot import RaceBot

    def run_once():
        bots = [RaceBot(level=("hard", "normal", "easy")[s % 3], seed=seed * 10 + s)
                for s in range(len(teams))]
        return race_out(RULES, len(teams), bots, options={"variant": "team", "teams": list(teams)},
                        seed=seed)
    s = run_once()
    out = s.outcome()
    assert out is not None and out.detail["reason"] in ("team_done", "stuck")
    v = s.view(None)
    if out.detail["reason"] == "team_done":
        team = teams[out.winners[0]]
        assert v["pools"][team] == [] and out.winners == [p for p, tm in enumerate(teams) if tm == team]
        assert grid_ok({(r, c): (x, val) for r, c, x, val in v["grids"][team]}, v["key"])
    assert RULES.to_data(s.refold()) == RULES.to_data(s.state)
    assert same_race(s, run_once())
