"""Word Porters rules: placement (lowest marker first, stacks on the 3, one stack per
colour per card, forced placement, passes, the end of placement, the children's decline),
the vote, each scoring line, the start player and its tie rule, the track, four rounds
and the shared win."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.errors import RuleError
from engine.core.followup import decide_all
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.wordporters import WordPortersBot, WordPortersRules
from engine.wordporters.content import content
from engine.wordporters.scoring import next_start, reveal_points, track, winners
from engine.wordporters.state import hint_count
from engine.core.rules import initial_state

RULES = WordPortersRules()


def dealt(seats: int = 3, start: int = 0, numbers: list[int] | None = None, children: bool = False,
          rnd: int = 1):
    """A state just after a hand-made deal: word cards 0-9, the first 2N + 2 hint cards."""
    st = RULES.initial(seats, {"variant": "children" if children else "classic"})
    side = "children" if children else "normal"
    deck = content().hint_deck(children)
    RULES.apply(st, {"type": "round_dealt", "seat": None, "round": rnd, "start": start,
                     "word_cards": list(range(10)), "words": [content().side_word(k, side) for k in range(10)],
                     "hints": deck[:hint_count(seats)], "reshuffled": False,
                     "numbers": numbers or list(range(1, seats + 1))})
    return st


def do(st, cmd: dict) -> list[dict]:
    evs = decide_all(RULES, st, cmd, Rng(7))
    for ev in evs:
        RULES.apply(st, ev)
    return evs


def place(st, seat: int, card: int, side: int = 0) -> list[dict]:
    return do(st, {"type": "place", "seat": seat, "card": card, "side": side})


def refused(st, cmd: dict) -> str:
    before = RULES.to_data(st)
    with pytest.raises(RuleError) as e:
        RULES.decide(st, cmd, Rng(1))
    assert RULES.to_data(st) == before
    return e.value.code


# ---- placement ------------------------------------------------------------------------------
def test_markers_go_lowest_first_one_on_an_empty_card():
    st = dealt()
    assert place(st, 0, 0)[0]["markers"] == [1]
    place(st, 1, 1)
    place(st, 2, 2)
    assert place(st, 0, 3, side=1)[0]["markers"] == [2]
    assert st.left[0] == [3]
    assert st.board[3] == [{"seat": 0, "side": 1, "markers": [2]}]


def test_on_a_card_another_colour_marked_the_lowest_marker_stacks_on_the_3():
    st = dealt()
    place(st, 0, 0)
    ev = place(st, 1, 0, side=1)[0]
    assert ev["markers"] == [3, 1]                 # the 3 underneath, the 1 on top
    assert st.left[1] == [2]
    assert st.board[0][1] == {"seat": 1, "side": 1, "markers": [3, 1]}


def test_a_card_takes_one_stack_or_marker_of_each_colour():
    st = dealt()
    place(st, 0, 0)
    place(st, 1, 0)
    place(st, 2, 1)
    assert refused(st, {"type": "place", "seat": 0, "card": 0, "side": 1}) == "err.wordporters.own_card"
    place(st, 0, 1)                                 # seat 2's card: seat 0 stacks there
    assert refused(st, {"type": "place", "seat": 1, "card": 0, "side": 0}) == "err.wordporters.own_card"


def test_a_stack_needs_the_3_and_a_lower_marker():
    st = dealt()
    place(st, 0, 0)
    place(st, 1, 0)                                 # seat 1 spends its 3 and its 1
    place(st, 2, 2)
    place(st, 0, 3)
    assert st.left[1] == [2]
    assert refused(st, {"type": "place", "seat": 1, "card": 2, "side": 0}) == "err.wordporters.stack_needs"
    assert place(st, 1, 4)[0]["markers"] == [2]     # an empty card still takes its 2


def test_only_the_3_left_cannot_stack_but_goes_on_an_empty_card():
    st = dealt()
    place(st, 0, 0)
    place(st, 1, 1)
    place(st, 2, 2)
    place(st, 0, 3)
    place(st, 1, 4)
    place(st, 2, 5)
    assert st.left[0] == [3]
    assert refused(st, {"type": "place", "seat": 0, "card": 1, "side": 0}) == "err.wordporters.stack_needs"
    assert place(st, 0, 6)[0]["markers"] == [3]


def test_placement_is_forced_while_one_is_legal():
    st = dealt()
    assert refused(st, {"type": "decline", "seat": 0}) == "err.wordporters.must_place"
    assert refused(st, {"type": "place", "seat": 1, "card": 0, "side": 0}) == "err.not_your_turn"
    assert refused(st, {"type": "place", "seat": 0, "card": 8, "side": 0}) == "err.wordporters.no_card"
    assert refused(st, {"type": "place", "seat": 0, "card": 0, "side": 2}) == "err.wordporters.side"


def test_a_seat_that_cannot_place_passes_and_placement_ends_when_nobody_can():
    st = dealt()                                    # 3 seats, 8 hint cards
    for seat, card in [(0, 0), (1, 1), (2, 2), (0, 3), (1, 4), (2, 5), (0, 6)]:
        place(st, seat, card)
    assert st.done == [True, False, False] and st.turn == 1     # seat 0 placed all three
    evs = place(st, 1, 7)                           # the last empty card
    # seat 2 holds only its 3 and every card is marked: it cannot place, so it passes
    assert [e["type"] for e in evs] == ["placed", "passed", "hints_ended"]
    assert evs[1]["seat"] == 2 and st.left[2] == [3]
    assert st.phase == "vote" and RULES.to_act(st) == frozenset({0, 1, 2})


def test_passes_come_in_turn_for_every_seat_that_cannot_place():
    st = dealt(seats=4)                             # 4 seats, 10 cards
    seq = [(0, 0), (1, 1), (2, 2), (3, 3), (0, 4), (1, 5), (2, 6), (3, 7), (0, 8)]
    for seat, card in seq:
        place(st, seat, card)
    evs = place(st, 1, 9)                           # seat 1's 3 on the last empty card
    # seats 2 and 3 hold only their 3 and every card is marked: each passes in turn;
    # seats 0 and 1 placed all three: everyone is done
    assert [e["type"] for e in evs] == ["placed", "passed", "passed", "hints_ended"]
    assert [e["seat"] for e in evs[1:3]] == [2, 3]
    assert st.left == [[], [], [3], [3]] and all(st.done)


def test_children_may_decline_and_keep_their_markers():
    st = dealt(children=True)
    evs = do(st, {"type": "decline", "seat": 0})
    assert evs[0]["type"] == "declined" and st.done[0] and st.left[0] == [1, 2, 3]
    assert st.turn == 1
    place(st, 1, 0)
    place(st, 2, 1)
    assert st.turn == 1                             # seat 0 is skipped from now on
    assert RULES.view(st, 1)["can_decline"] is True
    assert RULES.view(st, 0)["can_decline"] is False


def test_children_use_only_childrens_words_and_hints():
    s = LocalSession(RULES, 4, {"variant": "children"}, 3, log=False)
    v = s.view(0)
    c = content()
    assert all(c.word_by_id(w).side == "children" for w in v["words"])
    kids = {c.hint_cards[i].id for i in c.hint_deck(True)}
    assert {h["card"] for h in v["hints"]} <= kids
    s = LocalSession(RULES, 4, {}, 3, log=False)
    assert all(c.word_by_id(w).side == "normal" for w in s.view(0)["words"])


# ---- the vote ------------------------------------------------------------------------------
def voting(seats: int = 3, numbers: list[int] | None = None, start: int = 0, rnd: int = 1):
    st = dealt(seats=seats, numbers=numbers, start=start, rnd=rnd)
    st.phase, st.turn = "vote", None
    return st


def vote(st, seat: int, guesses) -> list[dict]:
    return do(st, {"type": "vote", "seat": seat, "guesses": guesses})


def test_vote_constraints():
    st = dealt()
    assert refused(st, {"type": "vote", "seat": 0, "guesses": [None, 1, 2]}) == "err.wordporters.not_now"
    st = voting()
    assert refused(st, {"type": "vote", "seat": 0, "guesses": [None, 2]}) == "err.wordporters.vote_shape"
    assert refused(st, {"type": "vote", "seat": 0, "guesses": {"1": 2}}) == "err.wordporters.vote_missing"
    assert refused(st, {"type": "vote", "seat": 0, "guesses": [None, 4, 4]}) == "err.wordporters.vote_twice"
    assert refused(st, {"type": "vote", "seat": 0, "guesses": [None, 0, 4]}) == "err.wordporters.vote_number"
    assert refused(st, {"type": "vote", "seat": 0, "guesses": [None, 11, 4]}) == "err.wordporters.vote_number"
    assert refused(st, {"type": "vote", "seat": 0, "guesses": {"0": 3, "1": 2, "2": 4}}) == "err.wordporters.vote_shape"
    # your own number may be given (the rules do not forbid it; it can only miss)
    assert vote(st, 0, {"1": 1, "2": 5})[0]["guesses"] == [None, 1, 5]
    assert refused(st, {"type": "vote", "seat": 0, "guesses": [None, 2, 3]}) == "err.wordporters.voted"
    assert RULES.to_act(st) == frozenset({1, 2})


def test_votes_are_secret_until_the_reveal():
    st = voting()
    ev = vote(st, 0, [None, 2, 3])[0]
    from engine.core.reading import seat_event        # the core drops a command's private fields
    assert "guesses" not in seat_event(RULES, ev, 1) and seat_event(RULES, ev, 0)["guesses"] == [None, 2, 3]
    assert "guesses" not in seat_event(RULES, ev, None)
    assert RULES.view(st, 1)["my_vote"] is None and RULES.view(st, 0)["my_vote"] == [None, 2, 3]
    assert RULES.view(st, 1)["voted"] == [True, False, False]


def test_every_vote_is_shown_once_the_reveal_has_begun():
    """A replay stops between one player's reveal and the next: from the first reveal on,
    every view shows every vote (at the table they all come out with the last vote)."""
    st = voting(numbers=[1, 2, 3], start=1)
    vote(st, 0, [None, 2, 5])
    vote(st, 1, [1, None, 3])
    assert RULES.view(st, 2)["votes"] is None and RULES.view(st, None)["votes"] is None
    evs = decide_all(RULES, st, {"type": "vote", "seat": 2, "guesses": [1, 7, None]}, Rng(7))
    RULES.apply(st, evs[0])                                    # the last vote
    assert RULES.view(st, 0)["votes"] is None
    RULES.apply(st, evs[1])                                    # the first reveal
    assert evs[1]["type"] == "revealed"
    for seat in (None, 0, 1, 2):
        assert RULES.view(st, seat)["votes"] == [[None, 2, 5], [1, None, 3], [1, 7, None]]


def test_each_scoring_line_at_the_reveal_clockwise_from_the_start():
    st = voting(numbers=[1, 2, 3], start=1)
    vote(st, 0, [None, 2, 5])      # right about seat 1
    vote(st, 1, [1, None, 3])      # right about seats 0 and 2
    evs = vote(st, 2, [1, 7, None])  # right about seat 0
    reveals = [e for e in evs if e["type"] == "revealed"]
    assert [e["seat"] for e in reveals] == [1, 2, 0]          # clockwise from the start
    assert {e["seat"]: e["right"] for e in reveals} == {0: [1, 2], 1: [0], 2: [1]}
    # seat 0: 1 (guessed seat 1) + 2 (guessed by two); seat 1: 2 guesses + 1 guessed by;
    # seat 2: 1 guess + 1 guessed by
    assert st.scores == [3, 3, 2]
    assert reveal_points(0, 1, [None, [1, None, 3], [1, 7, None]]) == [1, 2]


def test_the_lowest_scorer_starts_the_next_round_ties_nearest_clockwise_after_the_start():
    assert next_start([3, 3, 2], 0) == 2
    assert next_start([1, 0, 0, 5], 2) == 1          # 3, 0 then 1: the nearest after seat 2
    assert next_start([0, 1, 0], 0) == 2             # the start player itself comes last
    assert next_start([0, 1, 1], 0) == 0
    st = voting(numbers=[1, 2, 3], start=1)
    vote(st, 0, [None, 2, 5])
    vote(st, 1, [1, None, 3])
    evs = vote(st, 2, [1, 7, None])
    end = next(e for e in evs if e["type"] == "round_ended")
    assert end["scores"] == [3, 3, 2] and end["next_start"] == 2
    assert evs[-1]["type"] == "round_dealt" and evs[-1]["start"] == 2 and st.turn == 2 and st.round == 2


def test_the_score_track_wraps_at_20():
    assert track(0) == (0, 0) and track(19) == (19, 0) and track(20) == (0, 1) and track(43) == (3, 2)
    st = voting()
    st.scores = [19, 20, 41]
    assert RULES.view(st, None)["track"] == [[19, 0], [0, 1], [1, 2]]


def test_four_rounds_then_the_game_ends_and_ties_share_the_win():
    assert winners([5, 7, 7]) == [1, 2]
    st = voting(numbers=[1, 2, 3], rnd=4)
    st.scores = [10, 9, 9]
    vote(st, 0, [None, 5, 6])
    vote(st, 1, [4, None, 3])      # seat 1 guesses seat 2: both +1
    evs = vote(st, 2, [4, 5, None])
    assert evs[-1]["type"] == "game_ended" and st.phase == "over"
    out = RULES.outcome(st)
    assert out.scores == [10, 10, 10] and out.winners == [0, 1, 2]
    s = play_out(RULES, 5, [WordPortersBot("normal", seed=i) for i in range(5)], seed=4)
    dealt_rounds = [e["round"] for e in s.events if e["type"] == "round_dealt"]
    assert dealt_rounds == [1, 2, 3, 4] and s.events[-1]["type"] == "game_ended"
    assert s.outcome().winners == winners(s.outcome().scores)
    assert [h["round"] for h in s.state.history] == [1, 2, 3, 4]


def test_hint_cards_are_reshuffled_from_the_discard_when_the_deck_runs_out():
    # 6 seats lay 14 cards a round: classic's 53 run out in round 4; the children's 33 in
    # round 3, after which the reshuffled deck holds 19, enough for round 4
    for variant, seats, shuffles in (("classic", 6, [False, False, False, True]),
                                     ("children", 6, [False, False, True, False])):
        s = play_out(RULES, seats, [WordPortersBot("easy", seed=i) for i in range(seats)],
                     options={"variant": variant}, seed=9)
        deals = [e for e in s.events if e["type"] == "round_dealt"]
        assert [d["reshuffled"] for d in deals] == shuffles
        for d in deals:
            assert len(d["hints"]) == len(set(d["hints"])) == hint_count(seats)
        words = [w for d in deals for w in d["word_cards"]]
        assert len(words) == len(set(words)) == 40       # a word card is laid once a game


def test_every_seat_draws_a_different_number():
    s = LocalSession(RULES, 6, {}, 11, log=False)
    nums = s.state.numbers
    assert len(set(nums)) == 6 and all(1 <= x <= 10 for x in nums)


def test_options_are_checked():
    with pytest.raises(ValueError):
        initial_state(RULES, 2, {})
    with pytest.raises(ValueError):
        initial_state(RULES, 4, {"start": 4})
    with pytest.raises(ValueError):
        LocalSession(RULES, 7, {}, 1, log=False)
    s = LocalSession(RULES, 3, {"start": 2}, 1, log=False)
    assert s.state.start == 2 and s.to_act() == frozenset({2})
