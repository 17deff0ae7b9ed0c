"""Hooky's exact deduction engine against a brute-force enumerator, the rules' examples,
and consistency over whole random games."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from engine.hooky.bruteforce import TooLarge, brute_answer_distribution, brute_force
from engine.hooky.deduction import (HOOKY, PLAYGROUND, InfoModel, answer_distribution,
                                    answer_distribution_approx, deduce, entropy, expected_information)
from engine.hooky.knowledge import ALPHABET, SETUP, Knowledge, count_answer

# A small word list of our own (real 5-letter words, some with repeated letters).
WORDS = """award mirth never quick smart about above alarm apple bread chair crane
dizzy eagle fjord glyph happy ivory jumbo karma lemon mango night ocean piano query
river sugar tiger umbra vivid waltz xenon yacht zebra bloom civic dwarf empty fuzzy
gamma hello igloo jazzy kayak llama mummy ninja oxbow puppy quilt radar sassy teeth
usher vodka whisk pixie zesty blitz crypt lymph nymph proxy squib tryst wreck jumpy
vexed""".split()


# ---------------------------------------------------------------------------------------
# The rules' examples
# ---------------------------------------------------------------------------------------
def test_counting_rule_examples():
    assert count_answer("MIRTH", "AGHLU") == 1
    assert count_answer("NEVER", "AELNP") == 3      # E twice, N once
    assert count_answer("QUICK", "SMART") == 0
    assert count_answer("award", ["a", "d"]) == 3  # A twice, D once


def test_award_deduction():
    """Holding B-D-H-R-Y, hearing another player answer 2 to AWARD: they hold A (twice)
    and not W, and A is not hooky."""
    k = Knowledge.new(4, 0, "bdhry", clues=[(1, "award", 2)])
    d = deduce(k)
    assert d.must("a", 1) and d.p("a", 1) == 1.0
    assert d.cannot("w", 1)
    assert d.cannot("a", HOOKY) and d.cannot("a", PLAYGROUND)
    assert d.cannot("a", 2) and d.cannot("a", 3)
    assert not d.must("w", 2) and not d.cannot("w", 2)
    # seat 1: A plus 4 of the 19 letters left (W excluded); then 16 letters into two
    # hands of 5 and a pool of 6, the pool split 3 playground / 3 hooky.
    expected = math.comb(19, 4) * math.factorial(16) // (120 * 120 * 720) * math.comb(6, 3)
    assert d.z == expected
    # 'a' leaves seat 1 once the answer is 0, and seat 1 may not hold d or r at all
    d0 = deduce(Knowledge.new(4, 0, "bdhry", clues=[(1, "award", 0)]))
    assert d0.cannot("a", 1) and d0.cannot("w", 1) and not d0.cannot("a", HOOKY)


def test_own_hand_and_flips_are_certain():
    k = Knowledge.new(3, 1, "abcdefg", flipped=("z",))
    d = deduce(k)
    assert all(d.must(c, 1) for c in "abcdefg")
    assert d.must("z", PLAYGROUND) and d.cannot("z", HOOKY)
    assert d.hand_known == (False, True, False)
    # no clue: every other letter equally likely in each unknown place (7, 7, 1 + 3 of 18)
    assert d.p("q", 0) == pytest.approx(7 / 18) and d.p("q", HOOKY) == pytest.approx(3 / 18)
    assert d.p("q", PLAYGROUND) == pytest.approx(1 / 18)


def test_inconsistent_knowledge_has_no_deal():
    assert deduce(Knowledge.new(4, 0, "abcde", peeks=((1, "a"),))).z == 0
    assert deduce(Knowledge.new(4, 0, "abcde", clues=[(0, "award", 0)])).z == 0
    bad = Knowledge.new(4, 0, "abcde", clues=[(1, "fghij", 5), (2, "fghij", 1)])
    d = deduce(bad)
    assert d.z == 0 and not d.consistent and d.cannot("f", 1) and not d.must("f", 1)


def test_fully_known_hand_flag():
    k = Knowledge.new(5, 0, "abcd", revealed=((), ("e", "f"), (), (), ()), peeks=((1, "g"),),
                      clues=[(1, "hhijk", 2)])   # h is the last card: 2 from h, i/j/k out
    d = deduce(k)
    assert d.must("h", 1) and d.hand_known[1]
    assert d.certain(1) == ["e", "f", "g", "h"]
    assert not d.hand_known[2]


# ---------------------------------------------------------------------------------------
# Against brute force on small instances
# ---------------------------------------------------------------------------------------
def mini_instance(rnd: random.Random, players: int) -> tuple[Knowledge, list[list[str]]]:
    """A small game (10-15 letters) with starting clues, asks over random letter strings,
    reveals, peeks, flips; sometimes a wrong answer so inconsistent states are tested too."""
    hs = 2 if players == 5 else rnd.choice([2, 3])
    pg = rnd.choice([2, 3])
    hk = rnd.choice([2, 3])
    alphabet = ALPHABET[:players * hs + pg + hk]
    cards = list(alphabet)
    rnd.shuffle(cards)
    hands = [cards[i * hs:(i + 1) * hs] for i in range(players)]
    ground = cards[players * hs:players * hs + pg]
    seat = rnd.randrange(players)

    def word() -> str:
        return "".join(rnd.choice(alphabet) for _ in range(5))

    asked = list(range(players)) + [rnd.randrange(players) for _ in range(rnd.randrange(0, 8))]
    clues = [(s, w, count_answer(w, hands[s])) for s in asked for w in [word()]]
    if rnd.random() < 0.25:
        i = rnd.randrange(len(clues))
        s, w, a = clues[i]
        clues[i] = (s, w, max(0, a + rnd.choice([-1, 1])))
    revealed: list[list[str]] = [[] for _ in range(players)]
    for _ in range(rnd.randrange(0, 3)):
        s = rnd.randrange(players)
        c = rnd.choice(hands[s])
        if c not in revealed[s]:
            revealed[s].append(c)
    peeks = []
    for _ in range(rnd.randrange(0, 3)):
        s = rnd.randrange(players)
        if s != seat:
            peeks.append((s, rnd.choice(hands[s])))
    k = Knowledge(players=players, seat=seat, hand=tuple(hands[seat]), hand_sizes=(hs,) * players,
                  playground_size=pg, flipped=tuple(ground[:rnd.randrange(0, pg)]),
                  revealed=tuple(tuple(r) for r in revealed), peeks=tuple(peeks),
                  clues=tuple(clues), hooky_size=hk, alphabet=alphabet)
    return k, hands


def feasible_minis(players: int, count: int, seed: int, limit: int = 20_000):
    """`count` mini instances whose brute force fits in `limit` steps, with its result."""
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        k, _ = mini_instance(rnd, players)
        try:
            out.append((k, brute_force(k, limit)))
        except TooLarge:
            continue
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_matches_brute_force_exactly(players):
    zeros = 0
    for k, (z, counts) in feasible_minis(players, 40, seed=100 + players):
        d = deduce(k)
        assert d.z == z, k
        assert np.array_equal(d.counts, counts), k
        zeros += z == 0
        if z:
            assert np.allclose(d.prob.sum(axis=1), 1.0)
    assert 0 < zeros < 40      # both consistent and inconsistent states were compared


def test_answer_distribution_matches_brute_force():
    rnd = random.Random(7)
    checked = 0
    for k, (z, _) in feasible_minis(4, 12, seed=7):
        if z == 0:
            assert answer_distribution(k, (k.seat + 1) % 4, "abcde") == {}
            continue
        for _ in range(3):
            seat = rnd.randrange(k.players)
            word = "".join(rnd.choice(k.alphabet) for _ in range(5))
            exact = brute_answer_distribution(k, seat, word)
            got = answer_distribution(k, seat, word)
            assert set(got) == set(exact)
            for a, p in exact.items():
                assert got[a] == pytest.approx(float(p), abs=1e-12)
            assert expected_information(k, seat, word) == pytest.approx(
                -sum(float(p) * math.log2(p) for p in exact.values()), abs=1e-9)
            checked += 1
    assert checked >= 20


# ---------------------------------------------------------------------------------------
# Whole random games
# ---------------------------------------------------------------------------------------
def random_game(players: int, seed: int, reveal_p: float = 0.35):
    """Seat 0's knowledge after each event of a random game, and the true place of every
    letter (column numbers as in Deduction)."""
    rnd = random.Random(seed)
    per_hand, ground = SETUP[players]
    cards = list(ALPHABET)
    rnd.shuffle(cards)
    hands = [cards[i * per_hand:(i + 1) * per_hand] for i in range(players)]
    playground = cards[players * per_hand:players * per_hand + ground]
    truth = {c: s for s, h in enumerate(hands) for c in h}
    truth.update({c: players for c in playground})
    truth.update({c: players + 1 for c in cards[players * per_hand + ground:]})
    clues: list[tuple[int, str, int]] = []
    revealed: list[list[str]] = [[] for _ in range(players)]
    peeks: list[tuple[int, str]] = []
    flips = 0
    flip_after = (1, 2) if players == 3 else (1, 2, 3)
    states = []

    def snapshot():
        states.append(Knowledge.new(players, 0, hands[0], clues=clues, flipped=playground[:flips],
                                    revealed=revealed, peeks=peeks))

    for s in range(players):
        w = rnd.choice([w for w in WORDS if count_answer(w, hands[s]) > 0])
        clues.append((s, w, count_answer(w, hands[s])))
    snapshot()
    for rnd_no in range(1, 7):
        for s in range(players):
            if rnd_no >= 2 and rnd.random() < reveal_p:
                hidden = [c for c in hands[s] if c not in revealed[s]]
                if hidden:
                    revealed[s].append(rnd.choice(hidden))
                    t = rnd.choice([x for x in range(players) if x != s])
                    if s == 0:
                        peeks.append((t, rnd.choice(hands[t])))
            t = rnd.choice([x for x in range(players) if x != s])
            w = rnd.choice(WORDS)
            clues.append((t, w, count_answer(w, hands[t])))
            snapshot()
        if rnd_no in flip_after:
            flips += 1
            snapshot()
    return states, truth, hands


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (4, 4)])
def test_full_games_are_consistent(players, seed):
    states, truth, hands = random_game(players, seed)
    col = {c: i for i, c in enumerate(ALPHABET)}
    for k in states:
        d = deduce(k)
        assert d.z > 0
        for c, loc in truth.items():
            assert d.counts[col[c], loc] > 0            # the true deal is never excluded
        certain = d.counts == d.z
        truth_cols = np.array([truth[c] for c in ALPHABET])
        rows, cols = np.nonzero(certain)
        assert np.array_equal(cols, truth_cols[rows])   # every certainty is true
        assert np.allclose(d.prob.sum(axis=1), 1.0)
        for s in range(players):
            assert d.expected(s) == pytest.approx(len(hands[s]))
            assert d.known(s) == (len(d.certain(s)) == len(hands[s]))
        assert d.expected(PLAYGROUND) == pytest.approx(SETUP[players][1])
        assert d.expected(HOOKY) == pytest.approx(3)
        assert d.hand_known[0]
        approx = answer_distribution_approx(d, 1, "award")
        assert sum(approx.values()) == pytest.approx(1.0)
    # information builds up: by the end more letters are certain than at the start
    first, last = deduce(states[0]), deduce(states[-1])
    assert (last.counts == last.z).sum() > (first.counts == first.z).sum()
    assert last.z < first.z


def test_late_game_matches_brute_force():
    compared = 0
    for players, seed in [(3, 11), (4, 12), (5, 13), (3, 14), (4, 15)]:
        states, _, _ = random_game(players, seed)
        try:
            z, counts = brute_force(states[-1], limit=300_000)
        except TooLarge:
            continue
        d = deduce(states[-1])
        assert d.z == z and np.array_equal(d.counts, counts)
        compared += 1
        if compared == 2:
            break
    assert compared == 2


def test_expected_information_prefers_informative_words():
    states, _, _ = random_game(4, 21, reveal_p=0)
    k = states[3]
    d = deduce(k)
    exact = answer_distribution(k, 2, "crane")
    assert sum(exact.values()) == pytest.approx(1.0)
    # the answer's mean equals the sum of the word's letters' marginals in that hand
    mean = sum(a * p for a, p in exact.items())
    assert mean == pytest.approx(sum(d.p(c, 2) for c in "crane"))
    # asking about letters whose place is certain tells nothing
    known = "".join(d.certain(0))[:5]
    assert expected_information(k, 2, known) == pytest.approx(0.0)
    assert expected_information(k, 0, "crane") == 0.0
    model = InfoModel(k)                  # one model, many questions: same numbers
    for seat, word in [(1, "crane"), (2, "crane"), (3, "fuzzy"), (1, "award")]:
        assert model.information(seat, word) == pytest.approx(expected_information(k, seat, word))
        assert model.distribution(seat, word) == pytest.approx(answer_distribution(k, seat, word))
    assert entropy({0: 0.5, 1: 0.5}) == pytest.approx(1.0)


# ---------------------------------------------------------------------------------------
# Knowledge as plain data
# ---------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.sampled_from([3, 4, 5]))
def test_knowledge_round_trips_through_plain_data(seed, players):
    states, _, _ = random_game(players, seed)
    k = states[len(states) // 2]
    assert Knowledge.from_view(k.to_view()) == k
    view = k.to_view()
    view["revealed"] = {str(s): r for s, r in enumerate(view["revealed"])}   # msgpack-style keys
    view["clues"] = [[c["seat"], c["word"].upper(), c["answer"]] for c in view["clues"]]
    del view["alphabet"], view["hand_sizes"], view["playground_size"], view["hooky_size"]
    assert Knowledge.from_view(view) == k


def test_knowledge_rejects_bad_shapes():
    with pytest.raises(ValueError):
        Knowledge.new(4, 0, "abcd")                         # 4 cards, hands hold 5
    with pytest.raises(ValueError):
        Knowledge.new(4, 0, "abcde", clues=[(7, "award", 1)])
    with pytest.raises(ValueError):
        Knowledge(players=3, seat=0, hand=("a",), hand_sizes=(1, 1, 1), playground_size=1,
                  hooky_size=1, alphabet="abcdef")
