"""Sumoku classic rules through the engine: deal, start seat, turns, refills, extra plays,
passes, the exchange house rule, the end and the penalty, views, refolds."""
from __future__ import annotations

import copy
import random
import types

import pytest

from engine.core.errors import RuleError
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.sumoku import SumokuRules, view_board
import engine.sumoku.rules as sumoku_rules
from engine.sumoku.board import all_lines, touches
from engine.sumoku.scoring import evaluate_play
from engine.sumoku.tiles import bag_starting_with, colour, hand_value, tile_id as t, values
from engine.registry import rules_for, spec_for
from engine.core.rules import initial_state
from support.sumoku import run_with

O, S, G, Y, B, V = range(6)
RULES = SumokuRules()


def session(seats: int, first: list[int], key: int = 5, **options) -> LocalSession:
    opts = {"key": key, "bag_order": bag_starting_with(first), **options}
    return LocalSession(RULES, seats, opts, seed=7, log=False)


def assert_refolds(s: LocalSession) -> None:
    assert state_hash(RULES.to_data(s.refold())) == s.hash()


def place(s: LocalSession, seat: int, *tiles: tuple[int, int, int, int]) -> list[dict]:
    return s.submit({"type": "place", "seat": seat, "tiles": [list(p) for p in tiles]})


def kinds(events: list[dict]) -> list[str]:
    return [ev["type"] for ev in events]


def make_state(seats: int = 2, *, key: int = 5, hands, bag=(), board=None, scores=None, turn=0, **opts):
    """A mid-game state built by hand (for end-of-game corners no short deal reaches)."""
    st = RULES.initial(seats, {"key": key, **opts})
    st.key = key
    st.board = dict(board or {})
    st.hands = [list(h) for h in hands]
    st.bag = list(bag)
    st.ordered_bag = True
    st.scores = list(scores or [0] * seats)
    st.turn = turn
    return st


def run(state, cmd: dict) -> list[dict]:
    return run_with(state, cmd, Rng(1))


# ---- deal, key, start -----------------------------------------------------------------
def test_deal_and_start_seat_is_the_lowest_total_earliest_on_ties():
    high = [t(c, 8, k) for c in (O, S, G, Y) for k in (0, 1)]          # 64
    low_a = [t(c, n) for c in (O, S) for n in (1, 2, 3, 4)]             # 20
    low_b = [t(c, n) for c in (G, Y) for n in (1, 2, 3, 4)]             # 20
    s = session(3, high + low_a + low_b)
    hands = s.view(None)["hands"]
    assert hands == [high, low_a, low_b]
    assert s.view(None)["turn"] == 1 and s.to_act() == frozenset({1})
    rolled = [ev for ev in s.events if ev["type"] == "key_rolled"]
    assert rolled[0]["seat"] == 1 and rolled[0]["key"] == 5
    assert kinds(s.events) == ["dealt", "dealt", "dealt", "key_rolled", "started"]
    assert s.view(0)["bag_count"] == 96 - 24


def test_key_is_rolled_from_the_die_when_not_fixed():
    keys = {LocalSession(RULES, 2, {}, seed=seed, log=False).view(0)["key"] for seed in range(40)}
    assert keys == {3, 4, 5}


def test_random_deal_is_deterministic_per_seed_and_refolds():
    a = LocalSession(RULES, 4, {}, seed=11, log=False)
    b = LocalSession(RULES, 4, {}, seed=11, log=False)
    assert a.view(0)["hands"] == b.view(0)["hands"]
    dealt = [tile for h in a.view(0)["hands"] for tile in h]
    assert len(dealt) == len(set(dealt)) == 32
    assert_refolds(a)


def test_view_hides_the_bag_but_shows_every_hand():
    s = session(2, [], exchange=True)
    v = s.view(1)
    assert "bag" not in v and "bag_order" not in v["options"] and v["options"]["exchange"] is True
    assert v["bag_count"] == 80 and len(v["hands"][0]) == 8 and len(v["hands"][1]) == 8
    assert v == s.view(0) == s.view(None)
    for key in ("game", "variant", "key", "board", "hands", "bag_count", "scores", "turn", "to_act",
                "first_play", "extra_play", "passes", "stage", "exchanges_left", "ended",
                "options", "last_play", "seats"):
        assert key in v


# ---- a scripted game: refill, extra plays (chained), declining, passing ----------------
SEAT0 = [t(O, 1), t(S, 2), t(G, 3), t(Y, 6), t(B, 1), t(V, 2), t(S, 1), t(G, 1)]   # 17
SEAT1 = [t(c, 8, k) for c in (O, S, G, Y) for k in (0, 1)]                          # 64
REFILL = [t(Y, 1), t(B, 1, 1), t(V, 1), t(O, 7)]


def scripted(**options) -> LocalSession:
    return session(2, SEAT0 + SEAT1 + REFILL, key=3, **options)


def test_first_play_refills_exactly_from_the_bag_and_passes_the_turn():
    s = scripted()
    assert s.to_act() == frozenset({0})
    events = place(s, 0, (t(O, 1), 0, 0, 1), (t(S, 2), 0, 1, 2), (t(G, 3), 0, 2, 3), (t(Y, 6), 0, 3, 6))
    assert kinds(events) == ["placed", "drew"]
    assert events[0]["score"] == 12 and events[0]["extra"] is False
    assert events[1]["tiles"] == REFILL
    v = s.view(0)
    assert sorted(v["hands"][0]) == sorted(SEAT0[4:] + REFILL)
    assert v["turn"] == 1 and v["scores"] == [12, 0] and not v["first_play"]
    assert v["last_play"]["score"] == 12 and v["last_play"]["lines"][0]["values"] == [1, 2, 3, 6]
    assert_refolds(s)


def test_extra_plays_chain_and_may_be_declined():
    s = scripted(exchange=True)
    place(s, 0, (t(O, 1), 0, 0, 1), (t(S, 2), 0, 1, 2), (t(G, 3), 0, 2, 3), (t(Y, 6), 0, 3, 6))
    # Passing is allowed even when a play exists (nobody is forced to find one).
    assert kinds(s.submit({"type": "pass", "seat": 1})) == ["passed"]
    assert s.view(0)["passes"] == 1
    bag_before = s.view(0)["bag_count"]
    # The row grows to exactly 6: an extra play, before any refill.
    events = place(s, 0, (t(B, 1), 0, 4, 1), (t(V, 2), 0, 5, 2))
    assert kinds(events) == ["placed"] and events[0]["extra"] is True and events[0]["score"] == 15
    v = s.view(0)
    assert v["turn"] == 0 and v["extra_play"] and v["bag_count"] == bag_before and v["passes"] == 0
    with pytest.raises(RuleError) as info:
        s.submit({"type": "pass", "seat": 1})
    assert info.value.code == "err.not_your_turn"
    with pytest.raises(RuleError) as info:
        s.submit({"type": "exchange", "seat": 0, "tiles": [t(O, 7)]})
    assert info.value.code == "err.sumoku.exchange_extra"
    # The extra play makes a column of exactly 6: another extra play (chained).
    events = place(s, 0, (t(S, 1), 1, 0, 1), (t(G, 1), 2, 0, 1), (t(Y, 1), 3, 0, 1),
                   (t(B, 1, 1), 4, 0, 1), (t(V, 1), 5, 0, 1))
    assert events[0]["extra"] is True and events[0]["score"] == 6 + 15
    assert s.view(0)["extra_play"] and s.view(0)["hands"][0] == [t(O, 7)]
    # Declining it: refill to 8, the turn moves on, and it is no pass of a turn.
    events = s.submit({"type": "pass", "seat": 0})
    assert kinds(events) == ["passed", "drew"] and events[0]["declined"] is True
    assert len(events[1]["tiles"]) == 7
    v = s.view(0)
    assert v["turn"] == 1 and not v["extra_play"] and v["passes"] == 0 and len(v["hands"][0]) == 8
    assert v["scores"] == [12 + 15 + 21, 0]
    assert_refolds(s)


def test_six_line_with_the_last_tile_has_no_extra_play():
    # Row 1-2-3-6 on the table; the seat's last two tiles make it 6 long: no tile is left
    # for an extra play, so the turn ends with a refill.
    board = {(0, i): (tile, v) for i, (tile, v) in enumerate(
        [(t(O, 1), 1), (t(S, 2), 2), (t(G, 3), 3), (t(Y, 6), 6)])}
    bag = [t(O, 8), t(S, 8), t(G, 8)]
    st = make_state(key=3, board=board, hands=[[t(B, 1), t(V, 2)], [t(O, 5)]], bag=bag)
    events = run(st, {"type": "place", "seat": 0, "tiles": [[t(B, 1), 0, 4, 1], [t(V, 2), 0, 5, 2]]})
    assert kinds(events) == ["placed", "drew"] and events[0]["extra"] is False
    assert st.hands[0] == bag and st.turn == 1 and not st.extra_play


def test_six_as_nine_is_kept_for_the_rest_of_the_game():
    s = session(1, [t(O, 6), t(S, 1), t(G, 1), t(Y, 4), t(B, 2), t(V, 3), t(O, 2), t(S, 2)])
    place(s, 0, (t(O, 6), 0, 0, 9), (t(S, 1), 0, 1, 1))
    assert view_board(s.view(0))[(0, 0)] == (t(O, 6), 9)
    with pytest.raises(RuleError) as info:  # as a 6 this column 6-4 would make 10
        place(s, 0, (t(Y, 4), 1, 0, 4))
    assert info.value.code == "err.sumoku.line_sum" and "9-4" in str(info.value) and "13" in str(info.value)
    events = place(s, 0, (t(G, 1), 1, 0, 1))  # 9-1 = 10
    assert events[0]["score"] == 10 + 10
    assert_refolds(s)


FIRST_OFF_CENTRE = [[t(O, 1), 1, 1, 1], [t(S, 2), 1, 2, 2]]
NOT_HELD = [[t(O, 8), 0, 0, 8], [t(O, 1), 0, 1, 1]]
SEAT1_PAIR = [[t(O, 8), 0, 0, 8], [t(S, 8), 0, 1, 8]]
COMMAND_ERRORS = [
    ({"type": "place", "seat": 0, "tiles": FIRST_OFF_CENTRE}, "err.sumoku.first_play_centre"),
    ({"type": "place", "seat": 0, "tiles": NOT_HELD}, "err.sumoku.not_in_hand"),
    ({"type": "place", "seat": 1, "tiles": SEAT1_PAIR}, "err.not_your_turn"),
    ({"type": "place", "seat": 0, "tiles": "all"}, "err.sumoku.bad_placement"),
    ({"type": "exchange", "seat": 0, "tiles": [t(O, 1)]}, "err.sumoku.exchange_off"),
    ({"type": "stop", "seat": 0}, "err.sumoku.stop_classic"),
    ({"type": "dance", "seat": 0}, "err.bad_command"),
    ({"type": "pass", "seat": 9}, "err.seat"),
    ({"type": "pass", "seat": "0"}, "err.seat"),
]


def test_a_refused_command_changes_nothing():
    s = scripted()
    before = s.hash()
    n = len(s.events)
    for cmd, _ in COMMAND_ERRORS:
        with pytest.raises(RuleError):
            s.submit(cmd)
    assert s.hash() == before and len(s.events) == n


@pytest.mark.parametrize("cmd,code", COMMAND_ERRORS)
def test_command_errors_have_their_codes(cmd, code):
    with pytest.raises(RuleError) as info:
        scripted().submit(cmd)
    assert info.value.code == code


def test_tick_is_ignored_in_the_classic_game():
    s = scripted()
    assert s.submit({"type": "tick", "seat": None, "elapsed_ms": 10**9}) == []
    assert s.outcome() is None


# ---- exchange house rule ----------------------------------------------------------------
def test_exchange_draws_first_then_returns_to_the_back_of_the_bag():
    s = scripted(exchange=True)
    give = [t(O, 1), t(S, 2), t(G, 3)]
    events = s.submit({"type": "exchange", "seat": 0, "tiles": give})
    assert kinds(events) == ["exchanged"]
    assert events[0]["drawn"] == REFILL[:3] and events[0]["returned"] == give
    v = s.view(0)
    assert sorted(v["hands"][0]) == sorted(SEAT0[3:] + REFILL[:3])
    assert v["turn"] == 1 and v["bag_count"] == 80 and v["passes"] == 0
    assert s.state.bag[-3:] == give
    assert_refolds(s)


def test_exchange_resets_the_pass_count():
    s = scripted(exchange=True)
    s.submit({"type": "exchange", "seat": 0, "tiles": [t(O, 1)]})
    s.submit({"type": "pass", "seat": 1})
    s.submit({"type": "exchange", "seat": 0, "tiles": [t(S, 2)]})
    assert s.view(0)["passes"] == 0
    s.submit({"type": "pass", "seat": 1})
    assert s.outcome() is None


def test_exchange_needs_enough_tiles_in_the_bag():
    st = make_state(hands=[[t(O, 1), t(O, 2), t(O, 3)], [t(S, 1)]], bag=[t(G, 1), t(G, 2)], exchange=True)
    with pytest.raises(RuleError) as info:
        run(st, {"type": "exchange", "seat": 0, "tiles": [t(O, 1), t(O, 2), t(O, 3)]})
    assert info.value.code == "err.sumoku.exchange_bag" and "2" in str(info.value)
    with pytest.raises(RuleError) as info:
        run(st, {"type": "exchange", "seat": 0, "tiles": []})
    assert info.value.code == "err.sumoku.exchange_empty"
    with pytest.raises(RuleError) as info:
        run(st, {"type": "exchange", "seat": 0, "tiles": [t(S, 1)]})
    assert info.value.code == "err.sumoku.not_in_hand"
    assert kinds(run(st, {"type": "exchange", "seat": 0, "tiles": [t(O, 1), t(O, 2)]})) == ["exchanged"]


# ---- the end: a full round of passes, a seat out of tiles, the penalty, ties -----------
def test_full_round_of_passes_ends_with_the_hand_penalty_and_shared_win():
    # Equal hand totals (20 each): both lose 20 and share the win.
    a = [t(O, n) for n in (1, 2, 3, 4)] + [t(S, n) for n in (1, 2, 3, 4)]
    b = [t(G, n) for n in (1, 2, 3, 4)] + [t(Y, n) for n in (1, 2, 3, 4)]
    s = session(2, a + b)
    assert s.submit({"type": "pass", "seat": 0})[0]["type"] == "passed"
    assert s.outcome() is None
    events = s.submit({"type": "pass", "seat": 1})
    assert kinds(events) == ["passed", "ended"]
    out = s.outcome()
    assert out.scores == [-20, -20] and out.winners == [0, 1] and out.tiebreak is None
    assert out.detail["reason"] == "passes" and out.detail["penalties"] == [20, 20]
    assert s.to_act() == frozenset() and s.view(0)["ended"]
    with pytest.raises(RuleError):
        s.submit({"type": "pass", "seat": 0})
    assert_refolds(s)


def test_a_six_in_hand_costs_six():
    st = make_state(hands=[[t(O, 6)], [t(S, 1)]], scores=[10, 10])
    run(st, {"type": "pass", "seat": 0})
    events = run(st, {"type": "pass", "seat": 1})
    assert events[-1]["penalties"] == [6, 1] and events[-1]["final"] == [4, 9] and st.winners == [1]


def test_a_play_resets_the_round_of_passes():
    st = make_state(seats=3, key=5, board={(0, 0): (t(O, 1), 1), (0, 1): (t(S, 6), 9)},
                    hands=[[t(G, 5)], [t(Y, 5)], [t(B, 5)]], bag=[t(V, 1)])
    run(st, {"type": "pass", "seat": 0})
    run(st, {"type": "pass", "seat": 1})
    assert st.passes == 2
    run(st, {"type": "place", "seat": 2, "tiles": [[t(B, 5), 0, 2, 5]]})
    assert st.passes == 0 and st.turn == 0 and not st.ended


def test_going_out_with_the_bag_empty_ends_the_game():
    board = {(0, 0): (t(O, 1), 1), (0, 1): (t(S, 6), 9)}
    st = make_state(hands=[[t(G, 5)], [t(Y, 3), t(B, 4)]], board=board, scores=[20, 27])
    events = run(st, {"type": "place", "seat": 0, "tiles": [[t(G, 5), 0, 2, 5]]})
    assert kinds(events) == ["placed", "ended"]
    assert events[0]["score"] == 15
    out = RULES.outcome(st)
    assert out.scores == [35, 20] and out.winners == [0]
    assert out.detail["reason"] == "out" and out.detail["penalties"] == [0, 7]
    assert out.detail["scores"] == [35, 27]


def test_out_of_tiles_with_tiles_left_in_the_bag_refills_and_goes_on():
    board = {(0, 0): (t(O, 1), 1), (0, 1): (t(S, 6), 9)}
    st = make_state(hands=[[t(G, 5)], [t(Y, 3)]], board=board, bag=[t(B, 4)])
    events = run(st, {"type": "place", "seat": 0, "tiles": [[t(G, 5), 0, 2, 5]]})
    assert kinds(events) == ["placed", "drew"] and st.hands[0] == [t(B, 4)] and not st.ended


# ---- helpers for bots, undo, purity -----------------------------------------------------
def test_legal_commands_wraps_movegen_and_adds_pass_and_exchange(monkeypatch):
    seen = {}

    def fake_legal_plays(board, hand, key, *, first_play, scoring="cross"):
        seen.update(board=board, hand=hand, key=key, first_play=first_play, scoring=scoring)
        yield types.SimpleNamespace(score=3, placements=((hand[0], 0, 0, 1), (hand[1], 0, 1, 2)))

    monkeypatch.setattr(sumoku_rules, "legal_plays", fake_legal_plays)
    s = scripted(exchange=True, scoring="formed")
    cmds = list(RULES.legal_commands(s.view(0), 0))
    assert cmds[0] == {"type": "place", "seat": 0, "tiles": [[SEAT0[0], 0, 0, 1], [SEAT0[1], 0, 1, 2]]}
    assert {"type": "pass", "seat": 0} in cmds
    assert {"type": "exchange", "seat": 0, "tiles": SEAT0} in cmds
    assert seen["first_play"] is True and seen["key"] == 3 and seen["scoring"] == "formed"
    assert list(RULES.legal_commands(s.view(1), 1)) == []  # not seat 1's turn


def test_options_are_checked():
    for bad in ({"variant": "relay"}, {"scoring": "all"}, {"key": 6}, {"bag_order": [0, 1]},
                {"variant": "solitaire"}):
        with pytest.raises(ValueError):
            initial_state(RULES, 2, bad)


# ---- whole games with a brute-force player ----------------------------------------------
def brute_command(view: dict, seat: int) -> dict:
    """A plain player: a first pair through the centre, then the best single tile."""
    board, hand, key = view_board(view), view["hands"][seat], view["key"]
    if view["first_play"]:
        for a in hand:
            for b in hand:
                for va in values(a):
                    for vb in values(b):
                        if a != b and colour(a) != colour(b) and (va + vb) % key == 0:
                            return {"type": "place", "seat": seat, "tiles": [[a, 0, 0, va], [b, 0, 1, vb]]}
        return {"type": "pass", "seat": seat}
    frontier = {n for cell in board for n in ((cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]),
                                               (cell[0], cell[1] + 1), (cell[0], cell[1] - 1))
                if n not in board}
    best = None
    for cell in sorted(frontier):
        for tile in hand:
            for v in values(tile):
                try:
                    sc = evaluate_play(board, key, [[tile, cell[0], cell[1], v]], first_play=False).score
                except RuleError:
                    continue
                if best is None or sc > best[0]:
                    best = (sc, [[tile, cell[0], cell[1], v]])
    if best is None:
        return {"type": "pass", "seat": seat}
    return {"type": "place", "seat": seat, "tiles": best[1]}


@pytest.mark.parametrize("seats,key,scoring", [(2, 5, "cross"), (3, 3, "formed"), (4, 4, "cross")])
def test_whole_game_keeps_the_invariants_and_refolds(seats, key, scoring):
    s = LocalSession(RULES, seats, {"key": key, "scoring": scoring}, seed=seats * 100 + key, log=False)
    dealt = copy.deepcopy(s.events)
    for _ in range(2000):
        if s.outcome() is not None:
            break
        (seat,) = s.to_act()
        s.submit(brute_command(s.view(seat), seat))
        v = s.view(None)
        placed = len(v["board"])
        assert placed + sum(len(h) for h in v["hands"]) + v["bag_count"] == 96
        assert all(len(h) <= 8 for h in v["hands"])
    out = s.outcome()
    assert out is not None
    v = s.view(None)
    assert out.detail["reason"] in ("passes", "out")
    points = [0] * seats
    for ev in s.events:
        if ev["type"] == "placed":
            points[ev["seat"]] += ev["score"]
    assert points == v["scores"]
    assert out.scores == [p - hand_value(h) for p, h in zip(points, v["hands"])]
    assert out.winners == [i for i, x in enumerate(out.scores) if x == max(out.scores)]
    board = view_board(v)
    for _, cells in all_lines(board):
        vals = [board[c][1] for c in cells]
        assert sum(vals) % key == 0 and len(cells) <= 6
    assert all(touches(board, cell) for cell in board)
    assert s.events[:len(dealt)] == dealt  # apply never mutated an event's lists
    assert_refolds(s)


def test_three_idle_rounds_of_exchanges_end_the_game():
    s = scripted(exchange=True)
    for i in range(5):
        s.submit({"type": "exchange", "seat": i % 2, "tiles": [s.view(0)["hands"][i % 2][0]]})
    assert s.outcome() is None and s.view(0)["idle_turns"] == 5
    events = s.submit({"type": "exchange", "seat": 1, "tiles": [s.view(0)["hands"][1][0]]})
    assert kinds(events) == ["exchanged", "ended"]
    out = s.outcome()
    assert out.detail["reason"] == "idle"
    v = s.view(0)
    assert out.detail["penalties"] == [hand_value(h) for h in v["hands"]]
    assert_refolds(s)


@pytest.mark.parametrize("seats,key,options", [(2, 4, {}), (3, 5, {"exchange": True, "scoring": "formed"})])
def test_whole_game_through_legal_commands(seats, key, options):
    """Random legal plays from the real move generator, played to the end."""
    rnd = random.Random(seats)
    s = LocalSession(RULES, seats, {"key": key, **options}, seed=seats, log=False)
    while s.outcome() is None:
        (seat,) = s.to_act()
        cmds = list(RULES.legal_commands(s.view(seat), seat))
        places = [c for c in cmds if c["type"] == "place"]
        others = {c["type"]: c for c in cmds if c["type"] != "place"}
        cmd = rnd.choice(places) if places else others.get("exchange", others["pass"])
        s.submit(cmd)
        v = s.view(None)
        assert len(v["board"]) + sum(len(h) for h in v["hands"]) + v["bag_count"] == 96
    v = s.view(None)
    out = s.outcome()
    assert out.detail["reason"] in ("out", "passes", "idle")
    assert out.scores == [p - hand_value(h) for p, h in zip(v["scores"], v["hands"])]
    if out.detail["reason"] == "out":
        assert v["bag_count"] == 0 and any(not h for h in v["hands"])
    board = view_board(v)
    for _, cells in all_lines(board):
        assert sum(board[c][1] for c in cells) % key == 0 and len(cells) <= 6
    assert_refolds(s)


def test_a_logged_game_resumes_from_its_file_to_the_same_state(tmp_path):
    opts = {"key": 3, "bag_order": bag_starting_with(SEAT0 + SEAT1 + REFILL), "exchange": True}
    s = LocalSession(RULES, 2, opts, seed=5, log=True, log_dir=tmp_path)
    place(s, 0, (t(O, 1), 0, 0, 1), (t(S, 2), 0, 1, 2), (t(G, 3), 0, 2, 3), (t(Y, 6), 0, 3, 6))
    s.submit({"type": "exchange", "seat": 1, "tiles": [t(O, 8)]})
    place(s, 0, (t(B, 1), 0, 4, 1), (t(V, 2), 0, 5, 2))
    s.close()
    resumed = LocalSession.resume(s.log_path, rules_for, spec_for, write=False)
    assert resumed.hash() == s.hash() and resumed.view(0) == s.view(0)
    assert resumed.view(0)["extra_play"] and resumed.to_act() == frozenset({0})
