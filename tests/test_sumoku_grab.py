"""Sumoku real-time grab: the centre, right and wrong claims, conflicts between claims,
sitting out, void rounds, a centre with no set, the bag running dry, the goal, views,
refolds, and whole races through race_out."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.race import race_out
from engine.sumoku import SumokuRules
from engine.sumoku.grab import find_set, goal
from engine.sumoku.tiles import bag_starting_with, colour, tile_id as t, values
from support.sumoku import run
from test_race_harness import Table, kinds, same_race

RULES = SumokuRules()
O, S, G, Y, B, V = range(6)

# Key 5. Sets in this centre include SET_A and SET_B.
CENTRE = [t(O, 1), t(S, 2), t(G, 3), t(Y, 4), t(O, 8), t(S, 7), t(G, 6), t(B, 4), t(V, 1), t(V, 2)]
REFILL = [t(Y, 1), t(Y, 2), t(B, 1), t(B, 2)]
SET_A = [t(O, 1), t(S, 2), t(G, 3), t(Y, 4)]                  # 1 + 2 + 3 + 4 = 10
SET_B = ([t(O, 8), t(S, 7), t(G, 6), t(V, 1)], [8, 7, 9, 1])  # 25 with the 6 as a 9


def table(seats: int = 2, first=CENTRE + REFILL, key: int | None = 5, **opts) -> Table:
    options = {"variant": "grab", "bag_order": bag_starting_with(list(first)), **opts}
    if key is not None:
        options["key"] = key
    return Table(RULES, seats, options)


def started(seats: int = 2, **kw) -> Table:
    tb = table(seats, **kw)
    tb.tick(3000)
    return tb


def claim(seat: int, tiles, vals=None, multiple=None) -> dict:
    vals = list(vals) if vals is not None else [values(x)[0] for x in tiles]
    return {"type": "claim", "seat": seat, "tiles": list(tiles), "values": vals,
            "multiple": sum(vals) if multiple is None else multiple}


def make_state(seats: int, centre, *, won=None, bag=(), key=5):
    st = RULES.initial(seats, {"variant": "grab", "key": key})
    st.key, st.ordered_bag, st.bag = key, True, list(bag)
    rs = st.race
    rs.live, rs.round, rs.centre = True, 1, list(centre)
    rs.won = [list(w) for w in (won or [[] for _ in range(seats)])]
    return st


# ---- the centre and the round ---------------------------------------------------------------
def test_countdown_then_ten_face_up_tiles_and_one_key_for_the_game():
    tb = table(3, key=None)
    assert kinds(tb.s.events) == ["countdown"] and RULES.next_deadline(tb.s.state) == 3000
    assert tb.code(100, claim(0, SET_A)) == "err.sumoku.not_started"
    assert tb.tick(2000) == []
    events = tb.tick(3000)
    assert kinds(events) == ["key_rolled", "centre_drawn", "round_started"]
    v = tb.view(1)
    assert v["centre"] == CENTRE and v["bag_count"] == 86 and v["to_act"] == [0, 1, 2]
    assert v["won"] == [[], [], []] and v["live"] and v["key"] in (3, 4, 5)
    assert tb.refolds()


def test_a_right_claim_takes_the_tiles_and_the_centre_refills_after_the_countdown():
    tb = started()
    events = tb.at(3500, claim(1, SET_A))
    assert kinds(events) == ["claimed", "countdown"]
    assert events[0]["right"] and events[0]["multiple"] == 10 and events[1]["starts_at"] == 6500
    v = tb.view()
    assert v["won"] == [[], SET_A] and v["centre"] == CENTRE[4:] and not v["live"] and v["round"] == 2
    assert v["last_call"]["seat"] == 1 and v["last_call"]["tiles"] == SET_A
    events = tb.tick(6500)
    assert kinds(events) == ["centre_drawn", "round_started"] and events[0]["tiles"] == REFILL
    assert tb.view()["centre"] == CENTRE[4:] + REFILL and tb.view()["to_act"] == [0, 1]
    assert tb.refolds()


def test_a_six_may_be_claimed_as_a_nine():
    tb = started()
    six = t(G, 6)
    # O8 + S7 + G6-as-9 + V1 = 25; as a 6 it would be 22.
    assert kinds(tb.at(3500, claim(0, [t(O, 8), t(S, 7), six, t(V, 1)], [8, 7, 9, 1])))[0] == "claimed"
    assert tb.view()["last_call"]["right"] and tb.view()["won"][0] == [t(O, 8), t(S, 7), six, t(V, 1)]
    tb2 = started()
    not_a_six = claim(0, [t(O, 8), t(S, 7), t(O, 1), t(V, 1)], [8, 7, 9, 1])
    assert tb2.code(3500, not_a_six) == "err.sumoku.bad_value"


# ---- conflicts --------------------------------------------------------------------------------
def test_a_claim_just_after_anothers_is_told_who_took_the_tiles():
    tb = started(3)
    tb.at(3500, claim(2, SET_A))
    # Seat 0 sent a claim with the same tiles a moment later: the relay ordered it second.
    err = None
    with pytest.raises(RuleError) as info:
        tb.at(3501, claim(0, [t(O, 1), t(S, 7), t(G, 3), t(B, 4)]))
    err = info.value
    assert err.code == "err.sumoku.taken_by" and err.params == {"seat": 2, "player": 3}
    assert "player 3" in err.message("en") and "玩家 3" in err.message("zh-TW")
    assert tb.code(3502, claim(1, *SET_B)) == "err.sumoku.claimed_first"
    # In the next round, a tile won earlier is still named as taken, a tile in the bag is not there.
    tb.tick(6500)
    assert tb.code(7000, claim(0, [t(O, 1), t(S, 7), t(G, 6), t(B, 4)])) == "err.sumoku.taken_by"
    assert tb.code(7000, claim(0, [t(O, 2), t(S, 7), t(G, 6), t(B, 4)])) == "err.sumoku.not_in_centre"
    assert tb.view()["won"][0] == [] and tb.view()["out"] == [False, False, False]


def test_malformed_claims_are_refused_without_a_penalty():
    tb = started()
    for bad in (claim(0, SET_A[:3]), claim(0, SET_A[:3] + SET_A[:1]),
                {"type": "claim", "seat": 0, "tiles": SET_A, "values": [1, 2, 3, 4], "multiple": "10"},
                {"type": "claim", "seat": 0, "tiles": SET_A, "values": [1, 2, 3], "multiple": 10}):
        assert tb.code(3500, bad) == "err.sumoku.bad_claim"
    assert tb.code(3500, claim(0, SET_A, [1, 2, 3, 5])) == "err.sumoku.bad_value"
    assert tb.code(3500, {"type": "put", "seat": 0, "tile": 1, "cell": [0, 0]}) == "err.bad_command"
    assert tb.view()["out"] == [False, False]


# ---- wrong claims ----------------------------------------------------------------------------
@pytest.mark.parametrize("tiles, vals, multiple, reason, params", [
    ([t(O, 1), t(S, 2), t(G, 3), t(O, 8)], None, None, "err.sumoku.claim_colours", {}),
    (SET_A, None, 15, "err.sumoku.claim_sum", {"total": 10, "multiple": 15}),
    ([t(O, 1), t(S, 2), t(G, 3), t(V, 1)], None, None, "err.sumoku.claim_multiple",
     {"multiple": 7, "key_number": 5}),
])
def test_a_wrong_claim_puts_the_claimer_out_and_with_few_tiles_sits_out_the_next_round(
        tiles, vals, multiple, reason, params):
    tb = started(3)
    events = tb.at(3500, claim(0, tiles, vals, multiple))
    assert kinds(events) == ["claimed"]
    ev = events[0]
    assert not ev["right"] and ev["reason"] == reason and ev["params"] == params
    assert ev["forfeit"] == [] and ev["sit_next"] is True
    v = tb.view()
    assert v["out"] == [True, False, False] and v["to_act"] == [1, 2] and v["centre"] == CENTRE
    assert v["sit_next"] == [True, False, False]
    assert tb.code(3600, claim(0, SET_A)) == "err.sumoku.out_of_round"
    tb.at(3700, claim(1, SET_A))                               # the round goes on without seat 0
    tb.tick(6700)
    v = tb.view()
    assert v["sit_out"] == [True, False, False] and v["out"] == [False] * 3 and v["to_act"] == [1, 2]
    assert tb.code(7000, claim(0, *SET_B)) == "err.sumoku.sitting_out"
    tb.at(7100, claim(2, *SET_B))
    tb.tick(10_100)
    assert tb.view()["sit_out"] == [False] * 3 and tb.view()["to_act"] == [0, 1, 2]
    assert tb.refolds()


def test_a_wrong_claim_returns_the_four_tiles_won_last_to_the_bag():
    first, last = [t(Y, 1), t(B, 2), t(V, 3), t(O, 4)], [t(Y, 5), t(B, 6), t(V, 7), t(O, 2)]
    st = make_state(2, CENTRE, won=[first + last, []], bag=[90])
    events = run(st, claim(0, SET_A, multiple=20))
    assert events[0]["forfeit"] == last and events[0]["sit_next"] is False
    assert st.race.won[0] == first and st.bag == [90] + last and st.race.out == [True, False]


def test_when_everyone_is_out_the_round_ends_and_the_centre_stays():
    tb = started()
    tb.at(3100, claim(0, SET_A, multiple=5))
    events = tb.at(3200, claim(1, SET_A, multiple=5))
    assert kinds(events) == ["claimed", "round_void", "countdown"]
    assert tb.view()["won"] == [[], []] and not tb.view()["live"]
    events = tb.tick(6200)
    # Both sit out the next round (they had no tiles to give back): it is void at once.
    assert kinds(events) == ["round_started", "round_void", "countdown"]
    assert tb.view()["centre"] == CENTRE and tb.view()["sit_out"] == [True, True]
    events = tb.tick(9200)
    assert kinds(events) == ["round_started"] and tb.view()["to_act"] == [0, 1]
    assert tb.refolds()


# ---- the centre without a set, the bag running dry, the goal --------------------------------------
def test_a_centre_without_a_set_turns_up_tiles_until_it_has_one():
    three_colours = [t(c, n) for c in (O, S, G) for n in (1, 2, 3)] + [t(O, 4)]
    assert find_set(three_colours, 5) is None
    extra = [t(O, 5), t(Y, 7)]      # a fourth colour is needed: Y7 makes O1 S1 G1 Y7
    assert find_set(three_colours + extra[:1], 5) is None
    tb = started(first=three_colours + extra)
    drawn = next(ev for ev in tb.s.events if ev["type"] == "centre_drawn")
    assert drawn["tiles"] == three_colours + extra
    found = find_set(tb.view()["centre"], 5)
    assert found is not None and t(Y, 7) in found[0]


def test_the_game_ends_when_the_bag_is_empty_and_no_set_is_left():
    st = make_state(3, [t(O, 1), t(S, 2), t(G, 3), t(Y, 4), t(O, 2)],
                    won=[[1, 2, 3, 4], [5, 6, 7, 8], []])
    run(st, claim(2, SET_A))
    assert st.race.centre == [t(O, 2)] and RULES.next_deadline(st) == 8000
    events = run(st, {"type": "tick", "seat": None}, t=8000)
    assert kinds(events) == ["ended"] and events[0]["reason"] == "no_sets"
    assert st.final == [4, 4, 4] and st.winners == [0, 1, 2]      # ties share
    assert RULES.outcome(st).winners == [0, 1, 2] and RULES.next_deadline(st) is None


def test_the_centre_refills_with_what_is_left_when_the_bag_runs_short():
    st = make_state(2, CENTRE, bag=[t(Y, 1)])
    run(st, claim(0, SET_A))
    events = run(st, {"type": "tick", "seat": None}, t=9000)
    assert kinds(events) == ["centre_drawn", "round_started"] and events[0]["tiles"] == [t(Y, 1)]
    assert len(st.race.centre) == 7 and st.bag == []


@pytest.mark.parametrize("seats, need", [(2, 16), (4, 16), (5, 12), (8, 12)])
def test_the_first_to_the_goal_wins(seats, need):
    assert goal(seats) == need
    won = [[] for _ in range(seats)]
    won[1] = list(range(60, 60 + need - 4))
    st = make_state(seats, CENTRE, won=won)
    events = run(st, claim(1, SET_A))
    assert kinds(events) == ["claimed", "ended"] and events[-1]["reason"] == "tiles"
    assert st.winners == [1] and st.final[1] == need
    assert RULES.to_act(st) == frozenset()
    with pytest.raises(RuleError):
        run(st, claim(0, *SET_B))


# ---- views -----------------------------------------------------------------------------------
def test_the_view_shows_the_centre_and_the_won_tiles_but_not_the_bag():
    tb = started(3)
    tb.at(3500, claim(1, SET_A))
    v = tb.view(0)
    assert v == tb.view(2) == tb.view(None)
    assert "bag" not in v and "bag_order" not in v["options"]
    for key in ("game", "variant", "key", "seats", "round", "starts_at", "ended", "result", "to_act",
                "centre", "won", "out", "sit_out", "bag_count", "options"):
        assert key in v
    assert v["variant"] == "grab" and v["starts_at"] == 6500


# ---- whole races ---------------------------------------------------------------------------
class GrabBot:
    """Claims the first set it finds `delay` ms after it sees the centre; every `wrong`-th
    claim calls a wrong multiple. Keeps its planned claim while the tiles are there."""

    def __init__(self, delay: int, wrong: int = 0) -> None:
        self.delay, self.wrong = delay, wrong
        self.pending: tuple[int, dict] | None = None
        self.claims = 0

    def plan(self, view: dict, seat: int, now_ms: int):
        if not view["live"] or seat not in view["to_act"]:
            self.pending = None
            return None
        if self.pending is not None and all(x in view["centre"] for x in self.pending[1]["tiles"]):
            return self.pending
        found = find_set(view["centre"], view["key"])
        if found is None:
            return None
        self.claims += 1
        tiles, vals = found
        multiple = sum(vals) + (view["key"] if self.wrong and self.claims % self.wrong == 0 else 0)
        cmd = {"type": "claim", "seat": seat, "tiles": tiles, "values": vals, "multiple": multiple}
        self.pending = (now_ms + self.delay, cmd)
        return self.pending


def grab_race(seed: int, seats: int = 3):
    bots = [GrabBot(700 + 50 * s, wrong=3 if s == 0 else 0) for s in range(seats)]
    return race_out(RULES, seats, bots, options={"variant": "grab"}, seed=seed)


def test_whole_races_end_with_a_winner_and_refold():
    for seed in (1, 2):
        s = grab_race(seed)
        out = s.outcome()
        assert out is not None and out.detail["reason"] in ("tiles", "no_sets")
        v = s.view(None)
        if out.detail["reason"] == "tiles":
            assert len(v["won"][out.winners[0]]) >= 16
        claims = [ev for ev in s.events if ev["type"] == "claimed"]
        assert any(not ev["right"] for ev in claims) and sum(ev["right"] for ev in claims) >= 4
        held = [x for w in v["won"] for x in w] + v["centre"]
        assert len(held) == len(set(held)) and len(held) + v["bag_count"] == 96
        assert all(colour(x) in range(6) for x in held)
        assert RULES.to_data(s.refold()) == RULES.to_data(s.state)


def test_the_same_seed_gives_the_same_grab():
    assert same_race(grab_race(7, 5), grab_race(7, 5))


@pytest.mark.parametrize("seed, seats", [(1, 4), (2, 6)])
def test_racebots_grab_to_the_end(seed, seats):
    from engine.sumoku.racebot import RaceBot

    def run_once():
        bots = [RaceBot(level=("hard", "normal", "easy")[s % 3], seed=seed * 10 + s) for s in range(seats)]
        return race_out(RULES, seats, bots, options={"variant": "grab"}, seed=seed)
    s = run_once()
    out = s.outcome()
    assert out is not None and out.detail["reason"] in ("tiles", "no_sets")
    if out.detail["reason"] == "tiles":
        assert len(s.view(None)["won"][out.winners[0]]) >= goal(seats)
    assert RULES.to_data(s.refold()) == RULES.to_data(s.state)
    assert same_race(s, run_once())
