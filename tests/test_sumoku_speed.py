"""Sumoku speed race: countdowns and ticks, building (put, move, lift, 6 as 9), exchange and
return, right and wrong calls with their penalties, void rounds, rounds and the match end,
views, refolds, and whole races through race_out."""
from __future__ import annotations

from collections import Counter

import pytest

from hypothesis import given, settings, strategies as st

from engine.core.errors import RuleError
from engine.core.race import race_out
from engine.sumoku import SumokuRules
from engine.sumoku.grid import grid_errors, grid_ok
from engine.sumoku.state import RESULT_MS
from engine.sumoku.tiles import bag_starting_with, tile_id, values
from engine.core.rules import initial_state
from support.sumoku import run
from test_race_harness import Table, all_tiles, kinds, same_race

RULES = SumokuRules()
O, S, G, Y, B, V = range(6)

# A 2 x 5 block valid for key 5: rows 1-2-3-4-5 and 4-3-2-1-5, every column a 5 or 10.
# Each entry: (colour offset, number, value, cell); the block is rotated through colours.
P1 = [(0, 1, 1, (0, 0)), (1, 2, 2, (0, 1)), (2, 3, 3, (0, 2)), (3, 4, 4, (0, 3)), (4, 5, 5, (0, 4)),
      (1, 4, 4, (1, 0)), (2, 3, 3, (1, 1)), (3, 2, 2, (1, 2)), (4, 1, 1, (1, 3)), (5, 5, 5, (1, 4))]
# The same shape with a 6 played as a 9: rows 9-7-8-1-5 and 1-3-2-4-5.
P9 = [(0, 6, 9, (0, 0)), (1, 7, 7, (0, 1)), (2, 8, 8, (0, 2)), (3, 1, 1, (0, 3)), (4, 5, 5, (0, 4)),
      (1, 1, 1, (1, 0)), (2, 3, 3, (1, 1)), (3, 2, 2, (1, 2)), (4, 4, 4, (1, 3)), (5, 5, 5, (1, 4))]


def blocks(*specs: tuple[list, int]) -> list[dict[int, tuple[int, int, int]]]:
    """Layouts {tile: (row, col, value)} of the given (pattern, rotation) blocks, using
    each tile at most once (the second copy when the first is taken)."""
    used: Counter = Counter()
    out = []
    for pattern, rot in specs:
        layout = {}
        for off, num, val, (r, c) in pattern:
            col = (off + rot) % 6
            copy = used[(col, num)]
            assert copy < 2
            used[(col, num)] += 1
            layout[tile_id(col, num, copy)] = (r, c, val)
        out.append(layout)
    return out


# Rounds 1-3 for 2 seats: seat 0, seat 1 each round.
DEALS = blocks((P1, 0), (P1, 1), (P1, 3), (P1, 4), (P9, 2), (P9, 5))


def bag_for(layouts) -> list[int]:
    return bag_starting_with([t for lay in layouts for t in lay])


def table(seats: int = 2, layouts=DEALS, key: int = 5, **opts) -> Table:
    return Table(RULES, seats, {"variant": "speed", "key": key, "bag_order": bag_for(layouts), **opts})


def started(seats: int = 2, **kw) -> Table:
    tb = table(seats, **kw)
    tb.tick(3000)
    return tb


def put(seat: int, tile: int, r: int, c: int, v: int | None = None) -> dict:
    cmd = {"type": "put", "seat": seat, "tile": tile, "cell": [r, c]}
    if v is not None:
        cmd["value"] = v
    return cmd


def build(tb: Table, seat: int, layout: dict, t: int = 4000) -> int:
    for tile, (r, c, v) in layout.items():
        tb.at(t, put(seat, tile, r, c, v))
        t += 10
    return t


CALL0 = {"type": "call", "seat": 0}


def make_state(hands, *, grids=None, bag=(), key=5, out=None, wins=None, streak=None):
    """A running round built by hand, for corners a short deal does not reach."""
    n = len(hands)
    st = RULES.initial(n, {"variant": "speed", "key": key})
    st.key, st.ordered_bag = key, True
    st.hands, st.bag = [list(h) for h in hands], list(bag)
    rs = st.race
    rs.live, rs.round = True, 1
    rs.grids = [dict(g) for g in (grids or [{} for _ in range(n)])]
    rs.out = list(out or [False] * n)
    rs.wins = list(wins or [0] * n)
    rs.streak = list(streak or [0] * n)
    return st


def grid_of(layout: dict) -> dict:
    return {(r, c): (t, v) for t, (r, c, v) in layout.items()}


# ---- seats, countdown, ticks ----------------------------------------------------------------
def test_seat_ranges_per_variant():
    assert RULES.seats_for("classic") == range(1, 9) and RULES.seats_for("solitaire") == range(1, 2)
    assert RULES.seats_for("speed") == range(2, 9) == RULES.seats_for("grab")
    assert RULES.seats_for("team") == range(2, 17)
    for variant, bad in (("speed", 1), ("speed", 9), ("grab", 1), ("team", 17), ("team", 1)):
        with pytest.raises(ValueError):
            initial_state(RULES, bad, {"variant": variant})
    for bad in ({"countdown_ms": -1}, {"countdown_ms": 1.5}, {"countdown_ms": True}):
        with pytest.raises(ValueError):
            initial_state(RULES, 2, {"variant": "speed", **bad})


def test_countdown_then_a_tick_at_the_deadline_deals_rolls_and_starts():
    tb = table(3, key=None)
    assert kinds(tb.s.events) == ["countdown"]
    v = tb.view()
    assert v["starts_at"] == 3000 and v["round"] == 1 and not v["live"] and v["to_act"] == []
    assert RULES.next_deadline(tb.s.state) == 3000 and tb.s.to_act() == frozenset()
    assert tb.code(2500, put(0, next(iter(DEALS[0])), 0, 0)) == "err.sumoku.not_started"
    assert tb.code(2500, CALL0) == "err.sumoku.not_started"
    assert tb.tick(2999) == []                                # early: nothing happens
    events = tb.tick(3001)
    assert kinds(events) == ["dealt"] * 3 + ["key_rolled", "round_started"]
    v = tb.view(2)
    assert v["hands"][0] == list(DEALS[0]) and v["hands"][1] == list(DEALS[1])
    assert len(v["hands"][2]) == 10 and v["key"] in (3, 4, 5) and v["live"]
    assert v["to_act"] == [0, 1, 2] and v["starts_at"] is None and v["bag_count"] == 66
    assert RULES.next_deadline(tb.s.state) is None
    assert tb.tick(9000) == []                                # nothing due any more
    assert tb.refolds()


def test_countdown_length_is_an_option():
    tb = table(countdown_ms=0)
    assert RULES.next_deadline(tb.s.state) == 0
    assert kinds(tb.tick(0))[-1] == "round_started"


# ---- building -----------------------------------------------------------------------------
def test_put_move_lift_and_six_as_nine_on_the_grid():
    tb = started()
    six = tile_id(O, 6)
    hand0 = tb.view()["hands"][0]
    a, b = hand0[0], hand0[1]
    tb.at(3100, put(0, a, 0, 0))
    tb.at(3200, put(0, a, 2, 3))                              # a tile already on the grid: a move
    assert tb.view()["grids"][0] == [[2, 3, a, 1]] and a not in tb.view()["hands"][0]
    assert tb.code(3300, put(0, b, 2, 3)) == "err.sumoku.cell_taken"
    assert tb.code(3300, put(0, a, 2, 3)) == "err.sumoku.already_there"
    assert tb.code(3300, put(0, b, 0, 0, 4)) == "err.sumoku.bad_value"
    assert tb.code(3300, put(0, tb.view()["hands"][1][0], 0, 0)) == "err.sumoku.not_yours"
    assert tb.code(3300, put(0, b, 0, 999)) == "err.sumoku.bad_cell"
    assert tb.code(3300, {"type": "put", "seat": 0, "tile": "x", "cell": [0, 0]}) == "err.bad_command"
    tb.at(3400, {"type": "lift", "seat": 0, "tile": a})
    assert tb.view()["grids"][0] == [] and a in tb.view()["hands"][0]
    assert tb.code(3500, {"type": "lift", "seat": 0, "tile": a}) == "err.sumoku.not_on_grid"
    # A 6 is a 6 or a 9 at each put, and keeps the value it was put with.
    st = make_state([[six], [tile_id(S, 1)]])
    run(st, put(0, six, 0, 0, 9))
    assert st.race.grids[0] == {(0, 0): (six, 9)}
    run(st, put(0, six, 0, 1, 6))
    assert st.race.grids[0] == {(0, 1): (six, 6)}
    with pytest.raises(RuleError) as info:
        run(st, put(0, six, 0, 2, 8))
    assert info.value.code == "err.sumoku.bad_value"
    assert tb.refolds()


def test_exchange_draws_two_and_a_return_must_follow_before_a_call():
    tb = started()
    bag_front = tb.s.state.bag[:2]
    tb.at(3100, {"type": "exchange", "seat": 0})
    v = tb.view()
    assert v["pending_return"] == [True, False] and v["hands"][0][-2:] == bag_front
    assert v["bag_count"] == 96 - 20 - 2
    assert tb.code(3200, {"type": "exchange", "seat": 0}) == "err.sumoku.return_first"
    assert tb.code(3200, CALL0) == "err.sumoku.return_first"
    back = {"type": "return", "seat": 1, "tile": v["hands"][1][0]}
    assert tb.code(3200, back) == "err.sumoku.no_return_owed"
    first = v["hands"][0][0]
    tb.at(3300, put(0, first, 0, 0))
    tb.at(3400, {"type": "return", "seat": 0, "tile": first})  # a grid tile may go back too
    v = tb.view()
    assert v["pending_return"] == [False, False] and v["grids"][0] == [] and len(v["hands"][0]) == 11
    assert tb.s.state.bag[-1] == first and v["bag_count"] == 96 - 20 - 1
    assert tb.refolds()


def test_exchange_with_an_empty_bag_is_refused_and_with_one_tile_draws_one():
    st = make_state([[1, 2], [3]], bag=[])
    with pytest.raises(RuleError) as info:
        run(st, {"type": "exchange", "seat": 0})
    assert info.value.code == "err.sumoku.bag_empty"
    st = make_state([[1, 2], [3]], bag=[40])
    events = run(st, {"type": "exchange", "seat": 0})
    assert events[0]["drawn"] == [40] and st.hands[0] == [1, 2, 40] and st.race.pending_return[0]


# ---- calls ---------------------------------------------------------------------------------
def test_a_right_call_wins_the_round_and_a_new_deal_follows_the_countdown():
    tb = started()
    t = build(tb, 0, DEALS[0])
    assert grid_ok({(r, c): (tile, v) for r, c, tile, v in tb.view()["grids"][0]}, 5)
    events = tb.at(t, CALL0)
    assert kinds(events) == ["called", "round_won", "countdown"]
    assert events[0]["right"] is True and events[2]["starts_at"] == t + 3000
    v = tb.view()
    assert v["wins"] == [1, 0] and v["streak"] == [1, 0] and not v["live"] and v["round"] == 2
    assert v["last_call"] == {"seat": 0, "right": True, "reason": None, "params": {}}
    assert len(v["grids"][0]) == 10                           # the winning grid stays on show
    assert tb.code(t + 10, put(1, v["hands"][1][0], 0, 0)) == "err.sumoku.not_started"
    with pytest.raises(RuleError) as info:                    # seat 1 called a moment too late
        tb.at(t + 1, {"type": "call", "seat": 1})
    assert info.value.code == "err.sumoku.called_first" and info.value.params["player"] == 1
    assert "player 1" in info.value.message("en") and "玩家 1" in info.value.message("zh-TW")
    assert tb.tick(t + 2999) == []
    events = tb.tick(t + 3000)
    assert kinds(events) == ["collected", "dealt", "dealt", "key_rolled", "round_started"]
    v = tb.view()
    assert v["hands"] == [list(DEALS[2]), list(DEALS[3])] and v["grids"] == [[], []]
    assert v["bag_count"] == 76 and v["live"] and v["to_act"] == [0, 1]
    assert tb.refolds()


def test_a_round_result_has_its_own_moment_before_the_next_countdown():
    """options["result_ms"] (the scene's races give RESULT_MS) delays the next round by
    that much more than the countdown; the first round and logs without it do not wait."""
    tb = table(result_ms=RESULT_MS)
    assert tb.view()["starts_at"] == 3000                    # round 1: the countdown only
    tb.tick(3000)
    t = build(tb, 0, DEALS[0])
    events = tb.at(t, CALL0)
    assert events[2]["starts_at"] == t + RESULT_MS + 3000
    assert tb.tick(t + RESULT_MS + 2999) == [] and tb.view()["grids"][0]   # the grid stays
    assert kinds(tb.tick(t + RESULT_MS + 3000))[-1] == "round_started"
    assert tb.refolds()
    void = table(result_ms=1500)                              # a void round waits too
    void.tick(3000)
    void.at(3100, {"type": "call", "seat": 0})
    assert void.at(3200, {"type": "call", "seat": 1})[-1]["starts_at"] == 3200 + 1500 + 3000
    for bad in (-1, 1.5, True, 60_001):
        with pytest.raises(ValueError):
            initial_state(RULES, 2, {"variant": "speed", "result_ms": bad})


def test_a_wrong_call_puts_the_caller_out_and_the_others_draw_two():
    tb = started(3)
    hands = tb.view()["hands"]
    front = tb.s.state.bag[:4]
    events = tb.at(3500, {"type": "call", "seat": 1})
    assert kinds(events) == ["called", "drew", "drew"]
    assert events[0]["right"] is False and events[0]["reason"] == "err.sumoku.hand_left"
    assert events[0]["params"] == {"count": 10}
    # Dealt one at a time from the caller's left: seat 2, seat 0, seat 2, seat 0.
    assert [ev["seat"] for ev in events[1:]] == [2, 0]
    assert events[1]["tiles"] == [front[0], front[2]] and events[2]["tiles"] == [front[1], front[3]]
    v = tb.view()
    assert v["out"] == [False, True, False] and v["to_act"] == [0, 2]
    assert len(v["hands"][0]) == 12 and len(v["hands"][1]) == 10 and v["hands"][0][:10] == hands[0]
    assert tb.code(3600, put(1, hands[1][0], 0, 0)) == "err.sumoku.out_of_round"
    assert tb.code(3600, {"type": "call", "seat": 1}) == "err.sumoku.out_of_round"
    assert tb.refolds()


def test_a_wrong_call_names_the_bad_line_or_the_split_grid():
    lay = DEALS[0]
    grid = grid_of(lay)
    grid[(3, 4)] = grid.pop((1, 4))                           # one tile off on its own
    st = make_state([[], [1]], grids=[grid, {}])
    events = run(st, CALL0)
    assert events[0]["reason"] == "err.sumoku.grid_split" and events[0]["params"] == {"pieces": 2}
    grid = grid_of(lay)
    assert grid[(0, 0)] == (tile_id(O, 1), 1)
    grid[(0, 0)] = (tile_id(O, 2), 2)                         # its row and column are off by 1
    st = make_state([[], [1]], grids=[grid, {}])
    events = run(st, CALL0)
    assert events[0]["reason"] == "err.sumoku.line_sum" and not events[0]["right"]
    assert [e.code for e in grid_errors(grid, 5)] == ["err.sumoku.line_sum"] * 2
    assert not grid_ok(grid, 5) and grid_ok(grid_of(lay), 5) and not grid_errors(grid_of(lay), 5)


def test_wrong_calls_when_the_bag_runs_short_share_what_is_left_round_the_table():
    st = make_state([[1], [2], [3], [4]], bag=[50, 51, 52, 53])
    events = run(st, {"type": "call", "seat": 1})
    # Seats 2, 3, 0 get one each, then seat 2 the last tile.
    assert [(ev["seat"], ev["tiles"]) for ev in events[1:]] == [(2, [50, 53]), (3, [51]), (0, [52])]
    st = make_state([[1], [2], [3]], bag=[])
    assert kinds(run(st, {"type": "call", "seat": 0})) == ["called"]


def test_everyone_out_voids_the_round_keeps_the_streaks_and_deals_again():
    tb = started()
    tb.at(3100, {"type": "call", "seat": 0})
    events = tb.at(3200, {"type": "call", "seat": 1})
    assert kinds(events) == ["called", "round_void", "countdown"]
    v = tb.view()
    assert v["wins"] == [0, 0] and v["round"] == 2 and v["starts_at"] == 6200 and not v["live"]
    assert kinds(tb.tick(6200))[-1] == "round_started"
    assert tb.view()["out"] == [False, False] and tb.view()["round"] == 2
    # A void round does not break a streak: 1 win, a void round, a win = two in a row.
    st = make_state([[], [5]], grids=[grid_of(DEALS[0]), {}], wins=[1, 0], streak=[1, 0],
                    out=[True, False])
    assert kinds(run(st, {"type": "call", "seat": 1})) == ["called", "round_void", "countdown"]
    assert st.race.streak == [1, 0] and st.race.wins == [1, 0]
    st.race.live, st.race.out = True, [False, False]          # the next round, same layout
    assert kinds(run(st, CALL0)) == ["called", "round_won", "ended"]


def test_the_match_ends_on_two_wins_in_a_row_or_three_in_all():
    st = make_state([[], [5]], grids=[grid_of(DEALS[0]), {}], wins=[2, 1], streak=[0, 1])
    events = run(st, CALL0)
    assert kinds(events) == ["called", "round_won", "ended"]
    assert events[-1]["reason"] == "rounds" and events[-1]["final"] == [3, 1] and st.winners == [0]
    out = RULES.outcome(st)
    assert out.winners == [0] and out.scores == [3, 1] and out.detail["reason"] == "rounds"
    assert RULES.next_deadline(st) is None and RULES.to_act(st) == frozenset()
    st = make_state([[], [5]], grids=[grid_of(DEALS[0]), {}], wins=[1, 1], streak=[0, 1])
    assert kinds(run(st, CALL0))[-1] == "countdown"           # 2 wins, not in a row: play on
    assert st.race.streak == [1, 0] and st.race.wins == [2, 1]


# ---- views, refolds, bad commands -----------------------------------------------------------
def test_the_view_shows_every_tile_but_not_the_bag_order():
    tb = started(3)
    v = tb.view(0)
    assert v == tb.view(1) == tb.view(None)
    assert "bag" not in v and "bag_order" not in v["options"] and v["options"]["variant"] == "speed"
    for key in ("game", "variant", "key", "seats", "round", "starts_at", "ended", "result", "to_act",
                "grids", "hands", "out", "wins", "streak", "pending_return", "bag_count", "options"):
        assert key in v
    v["hands"][0].clear()
    assert len(tb.view(0)["hands"][0]) == 10                  # a view is a copy


def test_commands_from_nowhere_are_refused():
    tb = started()
    assert tb.code(3100, {"type": "call", "seat": 5}) == "err.seat"
    assert tb.code(3100, {"type": "claim", "seat": 0}) == "err.bad_command"
    assert tb.code(3100, {"type": "stuck", "seat": 0}) == "err.bad_command"


def test_events_are_not_aliased_by_the_state():
    tb = started()
    dealt = next(ev for ev in tb.s.events if ev["type"] == "dealt")
    tb.at(3100, put(0, dealt["tiles"][0], 0, 0))
    assert len(dealt["tiles"]) == 10


# ---- whole races ---------------------------------------------------------------------------
class LayoutBot:
    """Plays a known layout for a deal it knows, a tile every `step` ms, then calls;
    does nothing with a deal it does not know. Keeps its planned time until it runs."""

    def __init__(self, layouts, step: int) -> None:
        self.known = {frozenset(lay): lay for lay in layouts}
        self.step = step
        self.pending: tuple[int, dict] | None = None

    def plan(self, view: dict, seat: int, now_ms: int):
        if not view["live"] or seat not in view["to_act"]:
            self.pending = None
            return None
        hand, grid = view["hands"][seat], view["grids"][seat]
        mine = frozenset(hand) | {t for _r, _c, t, _v in grid}
        layout = self.known.get(mine)
        if layout is None:
            return None
        at_cell = {t: (r, c, v) for r, c, t, v in grid}
        todo = [t for t in layout if at_cell.get(t) != layout[t]]
        if todo:
            r, c, v = layout[todo[0]]
            cmd = {"type": "put", "seat": seat, "tile": todo[0], "cell": [r, c], "value": v}
        else:
            cmd = {"type": "call", "seat": seat}
        if self.pending is None or self.pending[1] != cmd:
            self.pending = (now_ms + self.step, cmd)
        return self.pending


def layout_race(seed: int = 0):
    bots = [LayoutBot([DEALS[0]], 100), LayoutBot([DEALS[3], DEALS[5]], 120)]
    opts = {"variant": "speed", "key": 5, "bag_order": bag_for(DEALS)}
    return race_out(RULES, 2, bots, options=opts, seed=seed)


def test_a_whole_race_seat_0_then_seat_1_twice_in_a_row():
    s = layout_race()
    out = s.outcome()
    assert out is not None and out.winners == [1] and out.scores == [1, 2]
    won = [(ev["seat"], ev["round"]) for ev in s.events if ev["type"] == "round_won"]
    assert won == [(0, 1), (1, 2), (1, 3)]
    calls = [ev for ev in s.events if ev["type"] == "called"]
    assert all(ev["right"] for ev in calls)
    # Round 1 starts at 3000; seat 0 puts 10 tiles 100 ms apart and calls 100 ms later.
    assert calls[0]["t"] == 3000 + 11 * 100
    assert s.view(0)["grids"][1] and grid_ok({(r, c): (t, v) for r, c, t, v in s.view(0)["grids"][1]}, 5)
    assert s.refold() is not None and RULES.to_data(s.refold()) == RULES.to_data(s.state)


def test_the_same_seed_gives_the_same_race():
    assert same_race(layout_race(5), layout_race(5))


def racebot_race(seed: int, seats: int):
    from engine.sumoku.racebot import RaceBot
    bots = [RaceBot(level=("hard", "normal", "easy")[s % 3], seed=seed * 10 + s) for s in range(seats)]
    return race_out(RULES, seats, bots, options={"variant": "speed"}, seed=seed)


@pytest.mark.parametrize("seed, seats", [(1, 2), (2, 4)])
def test_racebots_race_to_the_end(seed, seats):
    s = racebot_race(seed, seats)
    out = s.outcome()
    assert out is not None and out.detail["reason"] == "rounds"
    wins, streak = s.view(None)["wins"], s.view(None)["streak"]
    (w,) = out.winners
    assert wins[w] == 3 or streak[w] == 2
    assert all(ev["right"] for ev in s.events if ev["type"] == "called" and ev["seat"] == w)
    assert RULES.to_data(s.refold()) == RULES.to_data(s.state)
    assert same_race(s, racebot_race(seed, seats))


# ---- any sequence of commands --------------------------------------------------------------
KINDS = ("put", "put", "put", "lift", "exchange", "return", "call", "claim", "claim", "stuck", "tick")
STEP = st.tuples(st.integers(0, 1500), st.integers(0, 3), st.sampled_from(KINDS), st.integers(0, 200),
                 st.integers(-2, 2), st.integers(-2, 2), st.booleans())


def random_command(v: dict, seat: int, kind: str, idx: int, r: int, c: int, flag: bool) -> dict:
    """A command made from the view, so that many are legal (and some are not)."""
    if kind == "claim":
        centre = v.get("centre") or [0, 1, 2, 3]
        tiles = [centre[(idx + i) % len(centre)] for i in range(4)]
        vals = [max(values(x)) if flag else min(values(x)) for x in tiles]
        return {"type": "claim", "seat": seat, "tiles": tiles, "values": vals,
                "multiple": sum(vals) + (idx % 2)}
    if kind in ("tick", "exchange", "call", "stuck"):
        return {"type": kind, "seat": None if kind == "tick" else seat}
    owner = v["teams"][seat] if "teams" in v else seat
    loose = (v.get("pools") or v.get("hands") or [[]] * 4)[owner] if "centre" not in v else []
    on_grid = [x for _r, _c, x, _v in v["grids"][owner]] if "grids" in v else []
    mine = loose + on_grid or [idx % 96]
    tile = mine[idx % len(mine)]
    if kind == "put":
        return {"type": "put", "seat": seat, "tile": tile, "cell": [r, c],
                "value": max(values(tile)) if flag else min(values(tile))}
    return {"type": kind, "seat": seat, "tile": tile}


@pytest.mark.parametrize("variant", ["speed", "grab", "team"])
@settings(max_examples=30, deadline=None)
@given(steps=st.lists(STEP, max_size=60), seed=st.integers(0, 50))
def test_any_command_sequence_keeps_all_96_tiles_and_refolds(variant, steps, seed):
    tb = Table(RULES, 4, {"variant": variant, "countdown_ms": 500}, seed=seed)
    now = 0
    for dt, seat, kind, idx, r, c, flag in steps:
        now += dt
        deadline = RULES.next_deadline(tb.s.state)
        if deadline is not None and deadline <= now:
            tb.tick(now)
        cmd = random_command(tb.view(seat), seat, kind, idx, r, c, flag)
        try:
            tb.at(now, cmd)
        except RuleError as err:
            assert err.message("en") != err.code and err.message("zh-TW") != err.code
        assert all_tiles(tb.s.state) == list(range(96))
    assert tb.refolds()
