"""Word Porters bots: the exact odds and the exact best vote, a hint that singles the
word out rather than one that merely fits it, a guess read from markers, determinism,
and the quality measured in seeded bot-only games (share of right guesses)."""
from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest

from engine.core.bots import play_out
from engine.core.followup import decide_all
from engine.core.rng import Rng
from engine.core.turns import view_with_status
from engine.wordporters import WordPortersBot, WordPortersRules
from engine.wordporters.bot import best_assignment, joint_marginals
from engine.wordporters.content import content

RULES = WordPortersRules()


def test_joint_marginals_are_exact_over_distinct_positions():
    rng = Rng(3)
    like = np.array([[rng.random() + 0.01 for _ in range(6)] for _ in range(3)])
    allowed = [0, 1, 3, 4, 5]
    got = joint_marginals(like, allowed)
    want = np.zeros_like(like)
    total = 0.0
    for a in permutations(allowed, 3):
        w = like[0, a[0]] * like[1, a[1]] * like[2, a[2]]
        total += w
        for p in range(3):
            want[p, a[p]] += w
    assert np.allclose(got, want / total)
    assert np.allclose(got.sum(axis=1), 1.0) and np.all(got[:, 2] == 0)


def test_the_vote_is_the_best_assignment_of_distinct_numbers():
    rng = Rng(5)
    for _ in range(5):
        marg = np.array([[rng.random() for _ in range(10)] for _ in range(4)])
        pick = best_assignment(marg)
        assert len(set(pick)) == 4
        best = max(sum(marg[p, a[p]] for p in range(4)) for a in permutations(range(10), 4))
        assert sum(marg[p, pick[p]] for p in range(4)) == pytest.approx(best)
    # greedy would give both rows position 0; the exact assignment does not
    marg = np.array([[0.6, 0.5] + [0.0] * 8, [0.55, 0.0] + [0.0] * 8])
    assert best_assignment(marg) == [1, 0]


def board_state(words: list[str], hint_cards: list[str], numbers: list[int], start: int = 0):
    c = content()
    st = RULES.initial(3, {})
    by_id = {h.id: i for i, h in enumerate(c.hint_cards)}
    RULES.apply(st, {"type": "round_dealt", "seat": None, "round": 1, "start": start,
                     "word_cards": list(range(10)), "words": [c.word_ids[w] for w in words],
                     "hints": [by_id[h] for h in hint_cards], "reshuffled": False, "numbers": numbers})
    return st


# five yellow things: "yellow" fits the lemon best of all, but only "sour" singles it out
WORDS = ["lemon", "banana", "corn", "honey", "bee", "cat", "bed", "kite", "rock", "bus"]
CARDS = ["h23", "h10", "h01", "h02", "h03", "h04", "h11", "h12"]     # yellow/blue, salty/sour, ...


def test_a_hint_giver_singles_its_word_out_rather_than_naming_what_fits_it():
    c = content()
    st = board_state(WORDS, CARDS, numbers=[1, 6, 7])
    lemon, yellow, sour = c.word_ids["lemon"], c.hint_ids["yellow"], c.hint_ids["sour"]
    assert c.fit[lemon, yellow] == 3 and c.fit[lemon, sour] == 3
    cmd = WordPortersBot("hard", seed=1).choose(view_with_status(RULES, st, 0), 0)
    assert cmd["type"] == "place"
    assert RULES.view(st, 0)["hints"][cmd["card"]]["words"][cmd["side"]] == "sour"


def test_a_guesser_reads_the_markers():
    st = board_state(WORDS, CARDS, numbers=[6, 1, 7])     # seat 1 has the lemon (position 1)
    for seat, card, side in [(0, 2, 1), (1, 1, 1), (2, 3, 0)]:   # seat 1: "sour"
        for ev in decide_all(RULES, st, {"type": "place", "seat": seat, "card": card, "side": side}, Rng(0)):
            RULES.apply(st, ev)
    st.phase, st.turn = "vote", None
    for level in ("easy", "normal", "hard"):
        cmd = WordPortersBot(level, seed=2).choose(view_with_status(RULES, st, 0), 0)
        assert cmd["guesses"][1] == 1, level
        assert cmd["guesses"][0] is None and len(set(cmd["guesses"][1:])) == 2


def test_a_bot_depends_only_on_its_seed_and_view():
    s = play_out(RULES, 4, [WordPortersBot("easy", seed=i) for i in range(4)], seed=6)
    again = play_out(RULES, 4, [WordPortersBot("easy", seed=i) for i in range(4)], seed=6)
    def untimed(evs):
        return [{k: x for k, x in e.items() if k != "t"} for e in evs]
    assert untimed(s.events) == untimed(again.events)
    view = s.view(2)
    view["phase"] = "vote"
    assert WordPortersBot("hard", seed=9).choose(view, 2) == WordPortersBot("hard", seed=9).choose(view, 2)
    with pytest.raises(ValueError):
        WordPortersBot("expert")


def accuracy(level: str, games: int, seats: int = 4, variant: str = "classic") -> float:
    right = total = 0
    for g in range(games):
        s = play_out(RULES, seats, [WordPortersBot(level, seed=100 * g + i) for i in range(seats)],
                     options={"variant": variant}, seed=g)
        for ev in s.events:
            if ev["type"] == "revealed":
                total += seats - 1
                right += len(ev["right"])
    return right / total


def test_guess_quality_in_seeded_bot_games():
    """Chance is about 1 in 9; the goal is that hard bots guess right at least half the
    time, and that the levels are ordered."""
    hard, normal, easy, rand = (accuracy(lv, 4) for lv in ("hard", "normal", "easy", "random"))
    assert hard >= 0.5
    assert hard > normal > easy > rand
    assert rand < 0.25
    assert accuracy("hard", 3, seats=6, variant="children") >= 0.5


def test_the_hard_reader_weighs_a_placement_against_the_ones_not_made():
    """Seat 1 put its 1 on "yellow" while "sour" was free: read literally, the lemon is as
    likely as the banana; read as a choice, a player with the lemon would have said
    "sour", so the banana is the likelier word."""
    from engine.wordporters.bot import odds, pragmatic_likelihood, word_scores, GIVE_BETA, PRAGMATIC
    c = content()
    st = board_state(WORDS, CARDS, numbers=[6, 2, 7], start=1)
    for ev in decide_all(RULES, st, {"type": "place", "seat": 1, "card": 0, "side": 0}, Rng(0)):   # yellow
        RULES.apply(st, ev)
    view = view_with_status(RULES, st, 0)
    board = [c.word_ids[w] for w in WORDS]
    lemon, banana = 0, 1
    literal = odds(word_scores(c.fit.astype(float), board, [(c.hint_ids["yellow"], 1)]), GIVE_BETA)
    assert literal[lemon] == pytest.approx(literal[banana])
    read = pragmatic_likelihood(c.fit.astype(float), board, view, 1, PRAGMATIC)
    assert read[banana] > 2 * read[lemon]
    assert read[banana] > read[WORDS.index("cat")]      # and yellow things stay above the rest


def test_under_the_childrens_rules_a_bot_declines_when_no_placement_helps():
    """Its 1 on "sour" singles out the lemon; every hint left fits some other word and
    not the lemon, or nothing at all: a further marker could only blur it (with "yellow"
    still free it would place: that sets the lemon apart from the words that are not
    yellow)."""
    c = content()
    cards = ["h01", "h10", "h02", "h03", "h04", "h11", "h12", "h45"]     # no yellow/blue
    st = RULES.initial(3, {"variant": "children"})
    by_id = {h.id: i for i, h in enumerate(c.hint_cards)}
    RULES.apply(st, {"type": "round_dealt", "seat": None, "round": 1, "start": 0,
                     "word_cards": list(range(10)), "words": [c.word_ids[w] for w in WORDS],
                     "hints": [by_id[h] for h in cards], "reshuffled": False, "numbers": [1, 6, 7]})
    for seat, card, side in [(0, 1, 1), (1, 2, 0), (2, 3, 0)]:          # seat 0: "sour"
        for ev in decide_all(RULES, st, {"type": "place", "seat": seat, "card": card, "side": side}, Rng(0)):
            RULES.apply(st, ev)
    view = view_with_status(RULES, st, 0)
    assert view["can_decline"] and view["legal"]
    assert WordPortersBot("hard", seed=1).choose(view, 0) == {"type": "decline", "seat": 0}
    st.children = False                                                  # classic: it must place
    assert WordPortersBot("hard", seed=1).choose(view_with_status(RULES, st, 0), 0)["type"] == "place"


# ---- the levels measured against scripted stand-ins for a person (docs/bots.md) ----------
from engine.wordporters.arena import StandIn, accuracy as table_accuracy, arena  # noqa: E402


def test_the_beginner_names_what_fits_and_the_careful_player_what_sets_apart():
    """Lemon: "yellow" and "sour" both fit it fully; the beginner takes a best-fitting
    hint with no regard to the five other yellow things, the careful player "sour"."""
    c = content()
    st = board_state(WORDS, CARDS, numbers=[1, 6, 7])
    view = view_with_status(RULES, st, 0)
    lemon = c.word_ids["lemon"]
    for seed in range(4):
        cmd = StandIn("beginner", seed).choose(view, 0)
        hint = view["hints"][cmd["card"]]["words"][cmd["side"]]
        assert c.fit[lemon, c.hint_ids[hint]] == c.fit[lemon].max()
        cmd = StandIn("careful", seed).choose(view, 0)
        assert view["hints"][cmd["card"]]["words"][cmd["side"]] == "sour"


def test_the_beginner_guesses_by_the_single_best_fitting_marker():
    st = board_state(WORDS, CARDS, numbers=[6, 1, 7])     # seat 1 has the lemon (position 1)
    for seat, card, side in [(0, 2, 1), (1, 1, 1), (2, 3, 0)]:   # seat 1: "sour"
        for ev in decide_all(RULES, st, {"type": "place", "seat": seat, "card": card, "side": side}, Rng(0)):
            RULES.apply(st, ev)
    st.phase, st.turn = "vote", None
    cmd = StandIn("beginner", 3).choose(view_with_status(RULES, st, 0), 0)
    assert cmd["guesses"][1] == 1 and cmd["guesses"][0] is None
    assert len({x for x in cmd["guesses"] if x is not None}) == 2


def test_levels_against_a_beginner_and_a_careful_player():
    """Four seats, a small seeded run that pins each level's behaviour: the beginner
    outscores easy, the careful player is about even with normal, hard beats both, hard >
    normal > easy; and at a table of beginners, normal's hints are read right more often
    than easy's. How often, over many games, is the benchmark's to measure
    (`python bench/bot_levels.py --only wordporters`, docs/bots.md)."""
    beats = lambda a, b, games: arena([a, b], games, 4, 1000)["beats"][a][b]   # noqa: E731
    assert beats("beginner", "easy", 8) > 0.65
    assert 0.3 < beats("careful", "normal", 12) < 0.7
    assert beats("hard", "careful", 8) > 0.6
    assert beats("hard", "beginner", 6) > 0.75
    assert beats("hard", "normal", 10) > 0.55
    assert beats("normal", "easy", 6) > 0.75
    read = {lv: table_accuracy(["beginner"] * 3 + [lv], 6, 4, 1000)[lv]["read"] for lv in ("easy", "normal")}
    assert read["normal"] > read["easy"] + 0.1


def test_a_bots_private_fit_table_goes_with_the_bot():
    """Each bot senses the fit table in its own way (a float table of ~250 KB a seed);
    nothing keeps that once the bot is gone. What is kept is the compact noisy table of
    the last sixteen seeds (int8, read-only, shared), so game after game piles nothing up
    and a seed that comes back is not drawn again."""
    import gc
    import weakref

    from engine.wordporters.bot import STYLES, _noisy_fit
    _noisy_fit.cache_clear()
    bot = WordPortersBot("normal", 5)
    assert not np.array_equal(bot.fit, content().fit)                 # its own table
    again = WordPortersBot("normal", 5).fit
    assert np.array_equal(bot.fit, again) and bot.fit is not again    # the same for the same seed
    assert _noisy_fit.cache_info().hits == 1                          # drawn once
    again[0, 0] = 99.0                                                 # a bot's copy is its own
    assert WordPortersBot("normal", 5).fit[0, 0] == bot.fit[0, 0] != 99.0
    kept = _noisy_fit(5, STYLES["normal"].noise)
    assert kept.dtype == np.int8 and not kept.flags.writeable
    table = weakref.ref(bot.fit)
    del bot, again
    gc.collect()
    assert table() is None
    for seed in range(100, 140):
        WordPortersBot("normal", seed)
    assert _noisy_fit.cache_info().currsize == 16
    assert sum(_noisy_fit(s, STYLES["normal"].noise).nbytes for s in range(124, 140)) < 600_000
