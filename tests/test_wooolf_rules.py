"""Wooolf!!'s rules, one test per rule, on fixed deals (options `deals`, `question_deals`,
`start`), and the reveal's scoring lines on hand-made tables."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.wooolf.content import content
from engine.wooolf.rules import WooolfRules
from engine.wooolf.scoring import reveal, winners
from engine.wooolf.state import NOBODY
from engine.core.rules import initial_state

RULES = WooolfRules()
# 5 players: 0 shepherd boy (B02 hunter-faced + sheep), 1 wolf (sheep-faced), 2 hunter,
# 3 hound, 4 hunter (B07 "?" + B08 a hound that shows Wolf)
DEAL5 = ["B02", "B05", "B01", "B06", "B03", "B09", "B04", "B10", "B07", "B08"]
Q5 = ["wolf_hunter_shepherd", "card_hound", "sheep_hunter_shepherd", "card_hunter",
      "card_sheep", "wolf_hunter_shepherd", "card_hound", "card_hunter", "card_sheep",
      "sheep_hunter_shepherd"]
# 4 players + the neutral seat (holder 4): 0 hunter, 1 wolf, 2 sheep, 3 shepherd boy, neutral hound
DEAL4 = ["B03", "B05", "B01", "B06", "B09", "B10", "B02", "B07", "B04", "B08"]


def game(seats=5, deals=None, start=0, questions=None, **opts) -> LocalSession:
    c = content()
    if deals is None:
        deals = [DEAL5 if seats == 5 else c.deck(seats)]
    if questions is None:
        questions = [Q5[:2 * seats] if seats <= 5 else c.question_deck()[:2 * seats]]
    options = {"deals": deals, "question_deals": questions * len(deals), "start": start, **opts}
    return LocalSession(RULES, seats, options, seed=1, log=False)


def peek(s, seat, target, pos=0):
    return s.submit({"type": "peek", "seat": seat, "target": target, "pos": pos})


def declare(s, seat, *arrows):
    return s.submit({"type": "declare", "seat": seat, "arrows": list(arrows)})


def refused(s, cmd, code):
    with pytest.raises(RuleError) as e:
        s.submit(cmd)
    assert e.value.code == code, e.value.code
    assert e.value.message("en") != code and e.value.message("zh-TW") != code


def everyone_peeks(s, target_of=lambda seat: (seat + 1) % 5):
    for _ in range(s.seats):
        seat = s.state.turn
        peek(s, seat, target_of(seat))


# ---- the deal and the turn order ---------------------------------------------------------
def test_deal_two_cards_each_two_questions_each_and_the_start_player():
    s = game(start=2)
    st = s.state
    assert st.cards == [DEAL5[i:i + 2] for i in range(0, 10, 2)]
    assert all(len(q) == 2 for q in st.questions) and st.markers_left == [6] * 5
    assert st.turn == 2 and s.to_act() == {2}
    peek(s, 2, 0)
    assert s.to_act() == {3}
    assert [st.identity(h) for h in range(5)] == ["shepherd", "wolf", "hunter", "hound", "hunter"]


def test_start_of_next_round_is_left_of_the_last_declarer():
    s = game(deals=[DEAL5, DEAL5])
    everyone_peeks(s)
    declare(s, 0, 1, 2)          # right early: wolf 1, a sheep? nobody holds sheep -> wrong
    declare(s, 1, NOBODY)        # the wolf: nobody is a sheep -> right; threshold 2 reached
    assert s.state.phase == "final" and s.to_act() == {2, 3, 4}
    for seat in (2, 3, 4):
        s.submit({"type": "decline", "seat": seat})
    assert s.state.round == 2 and s.state.start == 2 and s.to_act() == {2}


def test_random_start_and_deal_come_from_the_events():
    s = LocalSession(RULES, 6, {}, seed=7, log=False)
    dealt = s.events[0]
    assert dealt["type"] == "round_dealt" and s.state.turn == dealt["start"]
    assert sorted(c for p in dealt["cards"] for c in p) == sorted(content().deck(6))
    assert RULES.to_data(s.refold()) == RULES.to_data(s.state)


# ---- peeking ---------------------------------------------------------------------------------
def test_shepherd_boy_must_announce_wolf():
    s = game(start=0, deals=[DEAL5])
    ev = peek(s, 0, 2, 0)[0]             # B03 shows Hunter; seat 0 is the shepherd boy
    assert ev["announced"] == "wolf" and ev["card"] == "B03"
    assert s.state.peeks[-1]["announced"] == "wolf"
    ev = peek(s, 1, 2, 0)[0]             # the wolf is truthful
    assert ev["announced"] == "hunter"
    ev = peek(s, 2, 1, 0)[0]             # B01 the wolf card shows Sheep: truthful "sheep"
    assert ev["announced"] == "sheep"


def test_question_mark_is_always_i_dont_know():
    s = game(start=0)
    assert peek(s, 0, 4, 0)[0]["announced"] == "unknown"     # shepherd boy on B07 ("?")
    assert peek(s, 1, 4, 0)[0]["announced"] == "unknown"     # the wolf on B07
    assert peek(s, 2, 4, 1)[0]["announced"] == "wolf"        # B08 shows Wolf, the hunter says so


def test_peek_limits_and_markers():
    s = game(start=0)
    refused(s, {"type": "peek", "seat": 0, "target": 0, "pos": 0}, "err.wooolf.peek_self")
    refused(s, {"type": "peek", "seat": 0, "target": 1, "pos": 2}, "err.wooolf.card_position")
    refused(s, {"type": "peek", "seat": 0, "target": 9, "pos": 0}, "err.seat")
    refused(s, {"type": "peek", "seat": 1, "target": 0, "pos": 0}, "err.not_your_turn")
    for _ in range(6):
        everyone_peeks(s)
    assert s.state.markers_left == [0] * 5
    refused(s, {"type": "peek", "seat": 0, "target": 1, "pos": 0}, "err.wooolf.no_markers")


def test_ask_answers_truthfully_and_the_card_stays_in_front():
    s = game(start=0)
    ev = s.submit({"type": "ask", "seat": 0, "target": 1, "question": "wolf_hunter_shepherd"})[0]
    assert ev["answer"] is True and s.state.questions[0] == ["card_hound"]
    ev = s.submit({"type": "ask", "seat": 1, "target": 2, "question": "sheep_hunter_shepherd"})[0]
    assert ev["answer"] is True                                  # a hunter
    ev = s.submit({"type": "ask", "seat": 2, "target": 4, "question": "card_sheep"})[0]
    assert ev["answer"] is False                                 # B07 hunter, B08 hound
    v = s.view(3)
    assert [(a["target"], a["question"], a["answer"]) for a in v["asks"]] == [
        (1, "wolf_hunter_shepherd", True), (2, "sheep_hunter_shepherd", True), (4, "card_sheep", False)]
    refused(s, {"type": "ask", "seat": 3, "target": 3, "question": "card_hound"}, "err.wooolf.ask_self")
    refused(s, {"type": "ask", "seat": 3, "target": 0, "question": "card_sheep"}, "err.wooolf.no_question")


def test_shuffle_is_private_once_a_turn_and_not_an_action():
    seen = set()
    for seed in range(12):
        s = LocalSession(RULES, 5, {"deals": [DEAL5], "start": 0}, seed=seed, log=False)
        before = list(s.state.cards[0])
        ev = s.submit({"type": "shuffle", "seat": 0})[0]
        seen.add(ev["swapped"])
        assert s.state.cards[0] == (before[::-1] if ev["swapped"] else before)
        assert s.to_act() == {0} and s.state.epoch[0] == 1
        refused(s, {"type": "shuffle", "seat": 0}, "err.wooolf.shuffled")
        assert "swapped" not in RULES.event_view(ev, 1) and "swapped" in RULES.event_view(ev, 0)
        assert s.view(0)["my_cards"] == s.state.cards[0]
        peek(s, 0, 1)
        assert s.to_act() == {1}
    assert seen == {True, False}


def test_an_early_declarer_may_still_shuffle_whenever_they_like_any_number_of_times():
    """The rule sheet: a player who declared early may still swap their two cards, as often
    as they like, whenever they like (not only on a turn, which they no longer have)."""
    s = game(start=0)
    everyone_peeks(s)
    declare(s, 0, 1, NOBODY)
    assert s.to_act() == {1}
    assert s.view(0)["can_shuffle"] and not s.view(2)["can_shuffle"]
    epochs = []
    for _ in range(3):                     # off turn, again and again
        before = list(s.state.cards[0])
        ev = s.submit({"type": "shuffle", "seat": 0})[0]
        assert s.state.cards[0] == (before[::-1] if ev["swapped"] else before)
        assert "swapped" not in RULES.event_view(ev, 1)
        epochs.append(s.state.epoch[0])
        assert s.to_act() == {1}           # it gives nobody a turn, takes nobody's
    assert epochs == [1, 2, 3]
    # the player to act still has their own once-a-turn shuffle
    s.submit({"type": "shuffle", "seat": 1})
    refused(s, {"type": "shuffle", "seat": 1}, "err.wooolf.shuffled")
    s.submit({"type": "shuffle", "seat": 0})
    peek(s, 1, 0)
    # a player who has not declared may not shuffle off turn
    refused(s, {"type": "shuffle", "seat": 3}, "err.not_your_turn")
    peek(s, 2, 0)
    s.submit({"type": "shuffle", "seat": 0})
    # during the final declarations too, until the reveal; a finalist may not
    declare(s, 3, 0, NOBODY)
    assert s.state.phase == "final" and 0 not in s.to_act()
    s.submit({"type": "shuffle", "seat": 0})
    refused(s, {"type": "shuffle", "seat": 1}, "err.wooolf.not_now")
    assert RULES.to_data(s.refold()) == RULES.to_data(s.state)


# ---- declaring -------------------------------------------------------------------------------
def test_early_declaration_from_the_second_turn():
    s = game(start=0)
    refused(s, {"type": "declare", "seat": 0, "arrows": [1, 2]}, "err.wooolf.early_first_turn")
    everyone_peeks(s)
    refused(s, {"type": "declare", "seat": 0, "arrows": [1]}, "err.wooolf.arrows")
    refused(s, {"type": "declare", "seat": 0, "arrows": [0, 2]}, "err.wooolf.arrow_self")
    refused(s, {"type": "declare", "seat": 0, "arrows": [1, 7]}, "err.wooolf.arrow_seat")
    refused(s, {"type": "decline", "seat": 0}, "err.wooolf.decline_early")
    declare(s, 0, 1, NOBODY)
    assert s.state.early == [0] and s.to_act() == {1}
    v1 = s.view(1)
    assert v1["early"] == [0] and v1["my_dial"] is None
    assert s.view(0)["my_dial"] == {"early": True, "arrows": [1, NOBODY]}
    # the early declarer is skipped from now on, and can still be peeked at
    peek(s, 1, 0)
    peek(s, 2, 0)
    peek(s, 3, 0)
    peek(s, 4, 0)
    assert s.to_act() == {1}
    refused(s, {"type": "peek", "seat": 0, "target": 1, "pos": 0}, "err.wooolf.declared")


@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
def test_declaration_threshold_per_seat_count(seats):
    expected = {4: 2, 5: 2, 6: 3, 7: 3, 8: 4}[seats]
    s = game(seats=seats, deals=[DEAL4] if seats == 4 else None)
    for _ in range(seats):
        seat = s.state.turn
        peek(s, seat, (seat + 1) % seats)
    for i in range(expected):
        assert s.state.phase == "turns"
        seat = s.state.turn
        targets = s.view(seat)["targets"]
        declare(s, seat, *[NOBODY] * len(targets))
    assert s.state.phase == "final" and len(s.state.early) == expected
    assert s.to_act() == {x for x in range(seats) if x not in s.state.early}


def test_forced_early_declaration():
    s = game(start=0)
    for _ in range(6):
        everyone_peeks(s)
    for seat in range(5):      # every question card played: seat k asks k+1
        q = s.state.questions[seat][0]
        s.submit({"type": "ask", "seat": seat, "target": (seat + 1) % 5, "question": q})
    for seat in range(3):
        q = s.state.questions[seat][0]
        s.submit({"type": "ask", "seat": seat, "target": (seat + 1) % 5, "question": q})
    assert s.state.turn == 3 and s.state.must_declare(0)
    assert s.view(3)["must_declare"] is False and s.view(3)["can_declare_early"]
    s.submit({"type": "ask", "seat": 3, "target": 4, "question": s.state.questions[3][0]})
    s.submit({"type": "ask", "seat": 4, "target": 0, "question": s.state.questions[4][0]})
    v = s.view(0)
    assert v["must_declare"] and v["can_declare_early"]
    assert [c["type"] for c in RULES.legal_commands(v, 0)] == ["shuffle"] + ["declare"] * 25
    refused(s, {"type": "peek", "seat": 0, "target": 1, "pos": 0}, "err.wooolf.must_declare")
    refused(s, {"type": "ask", "seat": 0, "target": 1, "question": "card_hound"}, "err.wooolf.must_declare")


def test_forced_declaration_wins_over_the_first_turn_rule_and_red_x_stuck_players_wait():
    s = game(start=0)
    st = s.state
    st.markers_left[0] = 0          # a position no real round reaches on a first turn
    st.questions[0] = []
    assert s.view(0)["can_declare_early"]
    st.x_tokens[0] = ["red"]
    assert not st.able(0)
    assert not s.view(0)["can_declare_early"]


def test_red_x_forbids_early_declaration_next_round_then_turns_black():
    s = game(deals=[DEAL5, DEAL5, DEAL5])
    everyone_peeks(s)
    declare(s, 0, 2, 3)            # the shepherd boy: wolf at 2 is wrong -> red X
    declare(s, 1, NOBODY)          # the wolf: nobody is a sheep: right, 2 points
    for seat in (2, 3, 4):
        s.submit({"type": "decline", "seat": seat})
    assert s.state.x_tokens[0] == ["red"] and s.state.scores[1] == 2
    assert s.state.round == 2 and s.view(0)["red"][0]
    # round 2 starts left of seat 1
    while s.state.turn != 0:
        seat = s.state.turn
        peek(s, seat, (seat + 1) % 5)
    peek(s, 0, 1)
    while s.state.turn != 0:
        seat = s.state.turn
        peek(s, seat, (seat + 1) % 5)
    assert not s.view(0)["can_declare_early"]
    refused(s, {"type": "declare", "seat": 0, "arrows": [1, NOBODY]}, "err.wooolf.red_x")
    peek(s, 0, 1)
    for _ in range(2):
        seat = s.state.turn
        declare(s, seat, *[NOBODY] * len(s.view(seat)["targets"]))
    assert s.state.phase == "final" and 0 in s.to_act()
    for seat in sorted(s.to_act()):
        s.submit({"type": "decline", "seat": seat})
    assert s.state.round == 3 and s.state.x_tokens[0] == ["black"] and not s.state.red(0)


# ---- the neutral seat ---------------------------------------------------------------------
def test_neutral_seat_limits():
    s = game(seats=4, deals=[DEAL4], start=0)
    st = s.state
    assert st.neutral == 4 and st.holders == 5 and len(st.questions) == 4
    assert st.identity(4) == "hound"
    refused(s, {"type": "ask", "seat": 0, "target": 4, "question": st.questions[0][0]}, "err.wooolf.ask_neutral")
    both = set()
    for seed in range(10):
        g = LocalSession(RULES, 4, {"deals": [DEAL4], "start": 0}, seed=seed, log=False)
        evs = peek(g, 0, 4, 1)
        assert [e["type"] for e in evs] == ["peeked", "neutral_shuffled"]
        assert evs[0]["card"] == "B08" and evs[0]["announced"] == "wolf"
        both.add(evs[1]["swapped"])
        assert sorted(g.state.cards[4]) == ["B04", "B08"] and g.state.epoch[4] == 1
        assert all("swapped" not in RULES.event_view(evs[1], x) for x in (None, 0, 1, 2, 3))
        assert g.view(1)["markers"][0] == {"by": 0, "target": 4, "pos": 1, "epoch": 0, "announced": "wolf"}
    assert both == {True, False}
    # the neutral seat never acts; the turns go 0-1-2-3
    order = []
    for _ in range(8):
        order.append(s.state.turn)
        peek(s, s.state.turn, 4)
    assert order == [0, 1, 2, 3] * 2 and 4 not in s.to_act()


def test_neutral_seat_counts_for_targets():
    c = content()
    cards = [DEAL4[i:i + 2] for i in range(0, 10, 2)]   # neutral holder 4 is the hound
    # the hunter (0) hunts Wolf > Hound: the hound is only the neutral seat
    r = reveal(cards, [{"early": False, "arrows": [1, 4]}, None, None, None], [[], [], [], []])
    assert r["lines"][0]["right"] and r["points"][0] == c.points["final_right"]
    r = reveal(cards, [{"early": False, "arrows": [1, NOBODY]}, None, None, None], [[], [], [], []])
    assert not r["lines"][0]["right"]


# ---- scoring lines -------------------------------------------------------------------------
CARDS5 = [DEAL5[i:i + 2] for i in range(0, 10, 2)]   # shepherd, wolf, hunter, hound, hunter


def test_target_held_by_nobody_needs_zero():
    cards = [["B05", "B06"], ["B01", "B09"], ["B03", "B10"], ["B07", "B02"], ["B04", "B08"]]
    # identities: sheep, wolf, hunter, shepherd, hound; the sheep hunts Hound > Hunter
    dials = [{"early": False, "arrows": [4, 2]}, None, None, None, None]
    assert reveal(cards, dials, [[]] * 5)["lines"][0]["right"]
    cards2 = [["B05", "B06"], ["B01", "B09"], ["B03", "B10"], ["B07", "B02"], ["B08", "B13"]]
    # now seat 4 is a second wolf: nobody is a hound, so the first arrow must be 0
    assert not reveal(cards2, dials, [[]] * 5)["lines"][0]["right"]
    dials0 = [{"early": False, "arrows": [NOBODY, 2]}, None, None, None, None]
    assert reveal(cards2, dials0, [[]] * 5)["lines"][0]["right"]


def test_target_held_by_two_seats_accepts_either():
    # two hunters (2 and 4): the sheep at 0 hunts Hound > Hunter, either hunter is right
    sheep = [["B05", "B06"], ["B01", "B09"], ["B03", "B10"], ["B04", "B12"], ["B07", "B08"]]
    for hunter in (2, 4):
        dial = [{"early": False, "arrows": [3, hunter]}] + [None] * 4
        assert reveal(sheep, dial, [[]] * 5)["lines"][0]["right"]
    assert not reveal(sheep, [{"early": False, "arrows": [3, 1]}] + [None] * 4, [[]] * 5)["lines"][0]["right"]
    # two wolves (1 and 4): the shepherd boy at 0 is right with either (and no sheep: 0)
    wolves = [["B02", "B05"], ["B01", "B09"], ["B03", "B10"], ["B04", "B06"], ["B13", "B08"]]
    for wolf in (1, 4):
        dial = [{"early": True, "arrows": [wolf, 3]}] + [None] * 4
        assert not reveal(wolves, dial, [[]] * 5)["lines"][0]["right"]      # 3 is a hound, not a sheep
        dial = [{"early": True, "arrows": [wolf, NOBODY]}] + [None] * 4
        assert reveal(wolves, dial, [[]] * 5)["lines"][0]["right"]


def test_every_scoring_line():
    p = content().points
    dials = [
        {"early": True, "arrows": [1, NOBODY]},     # shepherd: wolf 1 right, no sheep right -> early right
        {"early": False, "arrows": [0]},            # wolf: a sheep at 0? no -> wrong final: black X
        {"early": True, "arrows": [3, 3]},          # hunter: wolf arrow at a hound -> wrong early: red X
        {"early": False, "arrows": [4, 0]},         # hound: wolf arrow at a hunter -> wrong final
        None,                                       # hunter 4: no declaration
    ]
    r = reveal(CARDS5, dials, [["red"], [], [], [], []])
    lines = r["lines"]
    assert (lines[0]["kind"], lines[0]["right"], lines[0]["points"], lines[0]["x"]) == ("early", True, p["early_right"], None)
    assert (lines[1]["kind"], lines[1]["right"], lines[1]["x"]) == ("final", False, "black")
    assert (lines[2]["kind"], lines[2]["x"]) == ("early", "red")
    assert (lines[3]["kind"], lines[3]["x"]) == ("final", "black")
    assert (lines[4]["kind"], lines[4]["points"], lines[4]["x"]) == ("none", 0, None)
    # the shepherd boy earns a point for each hunter or hound whose wolf arrow missed
    assert lines[0]["fooled"] == [2, 3] and lines[0]["bonus"] == 2 * p["shepherd_bonus"]
    assert r["points"] == [p["early_right"] + 2 * p["shepherd_bonus"], 0, 0, 0, 0]
    # the old red X turned black, the new ones are added
    assert r["x_tokens"] == [["black"], ["black"], ["red"], ["black"], []]
    right_final = reveal(CARDS5, [None, None, {"early": False, "arrows": [1, 3]}, None, None], [[]] * 5)
    assert right_final["points"][2] == p["final_right"] and right_final["lines"][0]["bonus"] == 0
    # an arrow at 0 is no seat: it earns the shepherd boy nothing
    zero = reveal(CARDS5, [None, None, {"early": False, "arrows": [NOBODY, 3]}, None, None], [[]] * 5)
    assert zero["lines"][0]["fooled"] == [] and zero["lines"][2]["x"] == "black"


def test_tie_breaks():
    assert winners([3, 5, 5], [0, 1, 0]) == ([2], "wooolf.tiebreak.fewer_x")
    assert winners([3, 5, 5], [0, 1, 1]) == ([1, 2], None)
    assert winners([4, 2, 1], [2, 0, 0]) == ([0], None)


# ---- the end ---------------------------------------------------------------------------------
def test_game_ends_after_three_rounds_with_a_shared_win():
    s = game(deals=[DEAL5] * 3, start=0)
    for rnd in (1, 2, 3):
        assert s.outcome() is None and s.state.round == rnd
        while s.state.phase == "turns":
            seat = s.state.turn
            if seat == 0 and s.view(0)["can_declare_early"]:
                declare(s, 0, 1, NOBODY)          # the shepherd boy: wolf at 1, nobody a sheep
            elif seat == 1 and s.view(1)["can_declare_early"]:
                declare(s, 1, NOBODY)             # the wolf: nobody a sheep
            else:
                peek(s, seat, (seat + 1) % 5)
        for seat in sorted(s.to_act()):
            s.submit({"type": "decline", "seat": seat})
    out = s.outcome()
    assert out is not None and len(s.state.rounds) == 3
    assert out.scores == [6, 6, 0, 0, 0] and out.winners == [0, 1] and out.tiebreak is None
    assert s.state.x_tokens == [[]] * 5


def test_game_ends_when_a_player_holds_two_x():
    s = game(deals=[DEAL5] * 3, start=0)
    everyone_peeks(s)
    declare(s, 0, 2, 3)                  # wrong: red X
    declare(s, 1, NOBODY)                # right
    for seat in (2, 3, 4):
        s.submit({"type": "decline", "seat": seat})
    assert s.outcome() is None and s.state.round == 2
    while s.state.turn != 0 or s.state.turns_taken[0] == 0:
        seat = s.state.turn
        peek(s, seat, (seat + 1) % 5)
    # seat 0 may not declare early (red): the others close the round, seat 0 declares wrong
    while s.state.phase == "turns":
        seat = s.state.turn
        if seat != 0 and s.view(seat)["can_declare_early"]:
            declare(s, seat, *[NOBODY] * len(s.view(seat)["targets"]))
        else:
            peek(s, seat, (seat + 1) % 5)
    for seat in sorted(s.to_act()):
        if seat == 0:
            declare(s, 0, 3, 3)
        else:
            s.submit({"type": "decline", "seat": seat})
    assert len(s.state.x_tokens[0]) == 2
    out = s.outcome()
    assert out is not None and len(s.state.rounds) == 2
    assert s.events[-1]["type"] == "game_ended"


def test_three_round_end_and_options():
    with pytest.raises(ValueError):
        initial_state(RULES, 9, {})
    with pytest.raises(ValueError):
        initial_state(RULES, 5, {"deals": [["B01"] * 10]})
    with pytest.raises(ValueError):
        initial_state(RULES, 5, {"advanced": "yes"})
    adv = LocalSession(RULES, 5, {"advanced": True}, seed=3, log=False)
    dealt = sorted(c for p in adv.events[0]["cards"] for c in p)
    assert dealt == sorted(content().deck(5, advanced=True))


def test_random_games_always_end_and_refold():
    for seats in range(4, 9):
        for g in range(4):
            s = LocalSession(RULES, seats, {"advanced": g % 2 == 1}, seed=g, log=False)
            rng = Rng(g * 10 + seats)
            for _ in range(2000):
                if s.outcome() is not None:
                    break
                seat = min(s.to_act())
                s.submit(rng.choice(list(RULES.legal_commands(s.view(seat), seat))))
            out = s.outcome()
            assert out is not None and 1 <= len(s.state.rounds) <= 3
            assert RULES.to_data(s.refold()) == RULES.to_data(s.state)
            assert s.view(0)["status"]["ended"]


def test_spec_and_legal_commands_agree_with_the_rules():
    spec = WooolfRules.spec
    assert spec.name == "wooolf" and spec.default_variant.seats == range(4, 9)
    assert spec.default_variant.default_seats == 5 and spec.hidden_information
    assert spec.command("declare").private == ("arrows",)       # the arrows stay the declarer's
    assert not spec.command("decline").makes                      # declining says nothing to anyone
    assert not spec.command("peek").private
    for seats in (4, 5, 8):
        s = LocalSession(RULES, seats, {}, seed=seats, log=False)
        rng = Rng(seats)
        for _ in range(40):
            if s.outcome() is not None:
                break
            seat = min(s.to_act())
            legal = list(RULES.legal_commands(s.view(seat), seat))
            assert legal and all(s.check(cmd) is None for cmd in legal)
            other = next(iter(x for x in range(seats) if x != seat))
            assert s.check({"type": "peek", "seat": seat, "target": seat, "pos": 0}) is not None
            if other not in s.to_act():      # only an early declarer's shuffle, off turn
                off = list(RULES.legal_commands(s.view(other), other))
                early = other in s.state.early
                assert off == ([{"type": "shuffle", "seat": other}] if early else [])
                assert all(s.check(cmd) is None for cmd in off)
            s.submit(rng.choice(legal))
        assert RULES.progress(s.state)[0] in ("turns", "final", "over")
        assert s.view(0)["status"]["phase"] == s.state.phase
