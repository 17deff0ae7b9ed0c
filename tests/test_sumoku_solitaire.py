"""Sumoku solitaire: 16 tiles, stages of 10, one exchange per stage, stop, the countdown."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.sumoku import SumokuRules, view_board
import engine.sumoku.rules as sumoku_rules
from engine.sumoku.board import all_lines
from engine.sumoku.tiles import bag_starting_with, tile_id as t
from support.sumoku import run_with

O, S, G, Y, B, V = range(6)
RULES = SumokuRules()
HAND = [t(c, n) for c in (O, S) for n in range(1, 9)]  # 16 tiles


def solo(first=HAND, key=5, **options) -> LocalSession:
    opts = {"variant": "solitaire", "key": key, "bag_order": bag_starting_with(list(first)), **options}
    return LocalSession(RULES, 1, opts, seed=3, log=False)


def assert_refolds(s: LocalSession) -> None:
    assert state_hash(RULES.to_data(s.refold())) == s.hash()


def make_state(*, hand, bag, board=None, key=5, stage=1, exchanges_left=1, scores=(0,), **opts):
    st = RULES.initial(1, {"variant": "solitaire", "key": key, **opts})
    st.key, st.turn, st.stage, st.exchanges_left = key, 0, stage, exchanges_left
    st.hands, st.bag, st.board = [list(hand)], list(bag), dict(board or {})
    st.scores, st.ordered_bag = list(scores), True
    return st


def run(state, cmd: dict) -> list[dict]:
    return run_with(state, cmd, Rng(2))


def kinds(events):
    return [ev["type"] for ev in events]


def code_of(fn) -> str:
    with pytest.raises(RuleError) as info:
        fn()
    return info.value.code


def test_setup_deals_sixteen_and_opens_stage_one():
    s = solo()
    v = s.view(0)
    assert v["hands"] == [HAND] and v["bag_count"] == 80 and v["key"] == 5
    assert v["stage"] == 1 and v["exchanges_left"] == 1 and v["turn"] == 0 and v["variant"] == "solitaire"
    assert kinds(s.events) == ["dealt", "key_rolled", "started"]


def test_score_is_tiles_placed_and_the_hand_is_not_refilled_mid_stage():
    s = solo()
    events = s.submit({"type": "place", "seat": 0, "tiles": [[t(O, 1), 0, 0, 1], [t(S, 4), 0, 1, 4]]})
    assert kinds(events) == ["placed"] and events[0]["score"] == 2 and events[0]["extra"] is False
    assert events[0]["lines"][0]["total"] == 5
    v = s.view(0)
    assert v["scores"] == [2] and len(v["hands"][0]) == 14 and v["bag_count"] == 80
    assert_refolds(s)


def test_a_six_long_line_gives_no_extra_play_in_solitaire():
    hand = [t(O, 1), t(S, 2), t(G, 3), t(Y, 4), t(B, 5), t(V, 6), t(O, 8)]
    st = make_state(hand=hand, bag=list(range(10)), key=3)
    events = run(st, {"type": "place", "seat": 0,
                      "tiles": [[tile, 0, i, n] for i, (tile, n) in enumerate(zip(hand[:6], range(1, 7)))]})
    assert events[0]["extra"] is False and not st.extra_play and st.scores == [6]


def test_using_up_the_hand_opens_the_next_stage_with_ten_tiles_and_a_fresh_exchange():
    st = make_state(hand=[t(O, 1), t(S, 4)], bag=list(range(40, 60)), exchanges_left=0)
    events = run(st, {"type": "place", "seat": 0, "tiles": [[t(O, 1), 0, 0, 1], [t(S, 4), 0, 1, 4]]})
    assert kinds(events) == ["placed", "stage_began", "drew"]
    assert st.stage == 2 and st.exchanges_left == 1 and st.hands[0] == list(range(40, 50))
    assert len(st.bag) == 10


def test_last_stage_draws_what_is_left():
    st = make_state(hand=[t(O, 1), t(S, 4)], bag=[t(G, 8), t(Y, 8), t(B, 8)], stage=8)
    run(st, {"type": "place", "seat": 0, "tiles": [[t(O, 1), 0, 0, 1], [t(S, 4), 0, 1, 4]]})
    assert st.stage == 9 and sorted(st.hands[0]) == sorted([t(G, 8), t(Y, 8), t(B, 8)]) and st.bag == []


def test_placing_every_tile_wins():
    board = {(0, 0): (t(O, 1), 1), (0, 1): (t(S, 4), 4)}
    st = make_state(hand=[t(G, 5)], bag=[], board=board, scores=(95,))
    events = run(st, {"type": "place", "seat": 0, "tiles": [[t(G, 5), 0, 2, 5]]})
    assert kinds(events) == ["placed", "ended"]
    out = RULES.outcome(st)
    assert out.scores == [96] and out.winners == [0] and out.detail["reason"] == "all_placed"


def test_one_exchange_per_stage_returns_one_and_draws_two():
    s = solo()
    events = s.submit({"type": "exchange", "seat": 0, "tiles": [t(O, 8)]})
    assert kinds(events) == ["exchanged"]
    assert events[0]["drawn"] == [t(O, 1, 1), t(O, 2, 1)] and events[0]["returned"] == [t(O, 8)]
    v = s.view(0)
    assert len(v["hands"][0]) == 17 and t(O, 8) not in v["hands"][0] and v["exchanges_left"] == 0
    assert v["bag_count"] == 79 and s.state.bag[-1] == t(O, 8)
    assert code_of(lambda: s.submit({"type": "exchange", "seat": 0, "tiles": [t(O, 7)]})) == "err.sumoku.exchange_used"
    assert_refolds(s)


def test_exchange_errors():
    s = solo()
    assert code_of(lambda: s.submit({"type": "exchange", "seat": 0, "tiles": [t(O, 7), t(O, 8)]})) \
        == "err.sumoku.exchange_one"
    assert code_of(lambda: s.submit({"type": "exchange", "seat": 0, "tiles": [t(V, 8)]})) == "err.sumoku.not_in_hand"
    st = make_state(hand=[t(O, 1)], bag=[])
    assert code_of(lambda: run(st, {"type": "exchange", "seat": 0, "tiles": [t(O, 1)]})) == "err.sumoku.bag_empty"
    st = make_state(hand=[t(O, 1)], bag=[t(S, 1)])
    assert run(st, {"type": "exchange", "seat": 0, "tiles": [t(O, 1)]})[0]["drawn"] == [t(S, 1)]
    assert st.hands[0] == [t(S, 1)] and st.bag == [t(O, 1)]


def test_stop_ends_the_game_scored_by_tiles_placed():
    s = solo()
    s.submit({"type": "place", "seat": 0, "tiles": [[t(O, 1), 0, 0, 1], [t(S, 4), 0, 1, 4]]})
    assert kinds(s.submit({"type": "stop", "seat": 0})) == ["ended"]
    out = s.outcome()
    assert out.scores == [2] and out.winners == [] and out.detail["reason"] == "stopped"
    assert s.to_act() == frozenset()
    assert code_of(lambda: s.submit({"type": "stop", "seat": 0})) == "err.game_over"
    assert_refolds(s)


def test_passing_is_not_part_of_solitaire():
    assert code_of(lambda: solo().submit({"type": "pass", "seat": 0})) == "err.sumoku.solitaire_pass"


def test_countdown_ends_at_the_limit():
    """The limit is a deadline in the state, checked against the session-stamped time:
    whatever a scene puts in a tick (an old "elapsed_ms") does not count."""
    from engine.core.race import SimClock
    clock = SimClock()
    opts = {"variant": "solitaire", "key": 5, "bag_order": bag_starting_with(HAND), "time_limit_s": 60}
    s = LocalSession(RULES, 1, opts, seed=3, log=False, clock=clock)
    assert s.next_deadline() == 60_000 and s.view(0)["status"]["deadline"] == 60_000
    s.submit({"type": "place", "seat": 0, "tiles": [[t(O, 1), 0, 0, 1], [t(S, 4), 0, 1, 4]]})
    clock.ms = 59_999
    assert s.submit({"type": "tick", "seat": None, "elapsed_ms": 60_000}) == []   # not yet, by the clock
    assert s.outcome() is None
    clock.ms = 60_000
    events = s.submit({"type": "tick", "seat": None})
    assert kinds(events) == ["ended"] and events[0]["seat"] is None and events[0]["t"] == 60_000
    out = s.outcome()
    assert out.detail["reason"] == "time" and out.scores == [2]
    assert s.next_deadline() is None and s.view(0)["status"]["ended"]
    clock.ms = 70_000
    assert s.submit({"type": "tick", "seat": None}) == []  # no second end
    assert code_of(lambda: s.submit({"type": "place", "seat": 0, "tiles": [[t(O, 2), 0, 2, 2]]})) == "err.game_over"
    assert_refolds(s)


def test_without_a_limit_ticks_do_nothing():
    s = solo()
    assert s.submit({"type": "tick", "seat": None, "elapsed_ms": 10**9}) == []
    assert s.outcome() is None and s.next_deadline() is None


def test_legal_commands_offer_an_exchange_per_tile_and_stop(monkeypatch):
    monkeypatch.setattr(sumoku_rules, "legal_plays", lambda *a, **k: iter(()))
    s = solo()
    cmds = list(RULES.legal_commands(s.view(0), 0))
    assert {"type": "stop", "seat": 0} in cmds and {"type": "pass", "seat": 0} not in cmds
    assert sorted(c["tiles"][0] for c in cmds if c["type"] == "exchange") == sorted(HAND)
    s.submit({"type": "exchange", "seat": 0, "tiles": [t(O, 8)]})
    assert [c["type"] for c in RULES.legal_commands(s.view(0), 0)] == ["stop"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_whole_solitaire_games_through_legal_commands(seed):
    """Take the first legal command each time (a play, else an exchange, else stop)."""
    s = LocalSession(RULES, 1, {"variant": "solitaire"}, seed=seed, log=False)
    stages_seen = {1}
    while s.outcome() is None:
        s.submit(next(iter(RULES.legal_commands(s.view(0), 0))))
        v = s.view(0)
        stages_seen.add(v["stage"])
        assert len(v["board"]) + len(v["hands"][0]) + v["bag_count"] == 96
        assert v["scores"] == [len(v["board"])]
    out = s.outcome()
    assert out.detail["reason"] in ("all_placed", "stopped")
    assert out.scores == [len(v["board"])]
    assert (out.winners == [0]) == (out.detail["reason"] == "all_placed") == (len(v["board"]) == 96)
    assert stages_seen == set(range(1, v["stage"] + 1))
    board = view_board(v)
    for _, cells in all_lines(board):
        assert sum(board[c][1] for c in cells) % v["key"] == 0
    assert_refolds(s)
