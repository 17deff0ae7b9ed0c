"""The exact move generator against the naive brute force, the rules' worked examples
and the rules helper's judge (evaluate_play)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.core.errors import RuleError
from engine.sumoku.bruteforce import brute_plays, check_and_score
from engine.sumoku.movegen import best_play, best_plays, can_play, legal_plays
from engine.sumoku.positions import positions_along, random_position
from engine.sumoku.scoring import evaluate_play


def tile(colour: int, num: int, copy: int = 0) -> int:
    return colour * 16 + (num - 1) * 2 + copy


def plays_dict(plays) -> dict[frozenset, int]:
    out: dict[frozenset, int] = {}
    for p in plays:
        key = frozenset(p.placements)
        assert key not in out, f"play generated twice: {p}"
        out[key] = p.score
    return out


def score_of(board, hand, key, placements, *, first=False, scoring="cross") -> int:
    """The generator's score for exactly these placements (which it must generate)."""
    want = frozenset(placements)
    found = [p for p in legal_plays(board, hand, key, first_play=first, scoring=scoring)
             if frozenset(p.placements) == want]
    assert len(found) == 1, f"{placements} generated {len(found)} times"
    return found[0].score


# ---- the worked examples of the rules file (key 5) ---------------------------------
ONE, NINE, THREE, SEVEN = tile(0, 1), tile(1, 6), tile(2, 3), tile(3, 7)
ROW_1937 = {(0, 0): (ONE, 1), (0, 1): (NINE, 9), (0, 2): (THREE, 3), (0, 3): (SEVEN, 7)}


def test_example_first_play_scores_20():
    pl = tuple((t, 0, c, v) for c, ((_, _), (t, v)) in enumerate(sorted(ROW_1937.items())))
    assert score_of({}, [ONE, NINE, THREE, SEVEN], 5, pl, first=True) == 20


def test_example_extend_with_5_scores_25():
    five = tile(4, 5)
    assert score_of(ROW_1937, [five], 5, [(five, 0, 4, 5)]) == 25


@pytest.mark.parametrize("scoring,expected", [("cross", 35), ("formed", 15)])
def test_example_column_hanging_from_the_7(scoring, expected):
    five, three = tile(4, 5), tile(5, 3)
    assert score_of(ROW_1937, [five, three], 5, [(five, 1, 3, 5), (three, 2, 3, 3)],
                    scoring=scoring) == expected


def test_example_extend_and_column_scores_40():
    five, nine, one = tile(4, 5), tile(5, 6), tile(0, 1, 1)
    assert score_of(ROW_1937, [five, nine, one], 5,
                    [(five, 0, 4, 5), (nine, 1, 4, 9), (one, 2, 4, 1)]) == 40


def test_example_column_extending_3_7_scores_30():
    board = {(0, 0): (THREE, 3), (0, 1): (SEVEN, 7)}
    five, nine, one = tile(4, 5), tile(5, 6), tile(0, 1)
    assert score_of(board, [five, nine, one], 5,
                    [(five, 0, 2, 5), (nine, 1, 2, 9), (one, 2, 2, 1)]) == 30


def test_a_six_is_played_as_6_or_9_and_identical_tiles_once():
    # both copies of the same 6 in hand: each play uses the lower id, as 6 or as 9
    board = {(0, 0): (tile(0, 3), 3), (0, 1): (tile(1, 3), 3)}   # 3-3 sums to 6, key 3
    hand = [tile(2, 6, 1), tile(2, 6, 0)]
    plays = list(legal_plays(board, hand, 3, first_play=False))
    assert {p.placements[0][0] for p in plays} == {tile(2, 6, 0)}
    assert {p.placements[0][3] for p in plays} == {6, 9}
    assert len(plays) == len(plays_dict(plays))


def test_lone_tile_direction_has_no_sum_rule():
    # a tile hung under (0,0) makes a column line only: its row has no line, no sum rule
    board = {(0, 0): (tile(0, 2), 2), (0, 1): (tile(1, 2), 2)}   # 2-2 = 4, key 4
    hand = [tile(2, 2)]
    got = plays_dict(legal_plays(board, hand, 4, first_play=False))
    assert got[frozenset({(tile(2, 2), 1, 0, 2)})] == 4 + 4      # column 2-2 + the row crossed


def test_six_long_line_is_flagged():
    board = {(0, c): (tile(c, 5), 5) for c in range(5)}            # five 5s, key 5
    plays = list(legal_plays(board, [tile(5, 5)], 5, first_play=False))
    ends = [p for p in plays if len(p.placements) == 1 and p.placements[0][1] == 0]
    assert ends and all(p.makes_six and p.score == 30 for p in ends)


# ---- against the brute force --------------------------------------------------------
def _check_position(pos, scoring: str) -> None:
    first = not pos.board
    brute = brute_plays(pos.board, pos.hand, pos.key, first_play=first, scoring=scoring)
    gen = plays_dict(legal_plays(pos.board, pos.hand, pos.key, first_play=first, scoring=scoring))
    assert gen == brute
    best = best_play(pos.board, pos.hand, pos.key, first_play=first, scoring=scoring)
    if brute:
        assert best is not None and best.score == max(brute.values())
        assert gen[frozenset(best.placements)] == best.score
    else:
        assert best is None
    assert can_play(pos.board, pos.hand, pos.key, first_play=first) == bool(brute)
    ranked = sorted(legal_plays(pos.board, pos.hand, pos.key, first_play=first, scoring=scoring),
                    key=lambda p: -p.score)
    for n in (1, 3, 16):          # the hard bot's candidates: the same plays in the same order
        assert best_plays(pos.board, pos.hand, pos.key, n, first_play=first, scoring=scoring) == ranked[:n]


@pytest.mark.parametrize("seed", range(12))
def test_generator_equals_brute_force_small_hands(seed):
    # 12 boards x 25 positions = 300: keys 3-5, boards of 0-24 random plays, hands of 1-4
    for i, pos in enumerate(positions_along(seed, 24, key=3 + seed % 3, hand_sizes=(1, 4))):
        _check_position(pos, "formed" if (seed + i) % 5 == 0 else "cross")


@pytest.mark.parametrize("seed", range(1000, 1012))
def test_generator_equals_brute_force_full_hands(seed):
    pos = random_position(seed, plays=3 + seed % 12, hand_size=5 + seed % 4)
    _check_position(pos, "cross" if seed % 3 else "formed")


def test_brute_force_first_play():
    pos = random_position(7, plays=0, hand_size=5, key=3)
    _check_position(pos, "cross")


def test_max_tiles_filters_exactly():
    pos = random_position(31, plays=10, hand_size=8)
    full = plays_dict(legal_plays(pos.board, pos.hand, pos.key, first_play=False))
    for n in (1, 2, 3):
        cut = plays_dict(legal_plays(pos.board, pos.hand, pos.key, first_play=False, max_tiles=n))
        assert cut == {k: v for k, v in full.items() if len(k) <= n}


# ---- against the rules helper's judge -----------------------------------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 30), scoring=st.sampled_from(["cross", "formed"]))
def test_every_generated_play_is_accepted_by_evaluate_play(seed, plays, scoring):
    pos = random_position(seed, plays=plays)
    first = not pos.board
    generated = list(legal_plays(pos.board, pos.hand, pos.key, first_play=first, scoring=scoring))
    for p in generated[:: max(1, len(generated) // 150)]:
        res = evaluate_play(pos.board, pos.key, [list(x) for x in p.placements], first_play=first,
                            scoring=scoring, hand=pos.hand)
        assert (res.score, res.makes_six) == (p.score, p.makes_six)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_brute_force_judge_agrees_with_evaluate_play(seed, data):
    """The oracle's own check agrees with the rules on random (mostly illegal) placements."""
    pos = random_position(seed, plays=1 + seed % 20, hand_size=8)
    cells = sorted({(r + dr, c + dc) for r, c in pos.board for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
                   - set(pos.board))
    for _ in range(20):
        n = data.draw(st.integers(1, 3))
        tiles = data.draw(st.lists(st.sampled_from(pos.hand), min_size=n, max_size=n, unique=True))
        start = data.draw(st.sampled_from(cells))
        vertical = data.draw(st.booleans())
        new = {}
        for i, t in enumerate(tiles):
            cell = (start[0] + i, start[1]) if vertical else (start[0], start[1] + i)
            v = data.draw(st.sampled_from([6, 9])) if (t % 16) // 2 == 5 else (t % 16) // 2 + 1
            new[cell] = (t, v)
        if any(c in pos.board for c in new):
            continue
        mine = check_and_score(pos.board, new, pos.key, False, "cross")
        try:
            theirs = evaluate_play(pos.board, pos.key, [[t, r, c, v] for (r, c), (t, v) in new.items()],
                                   first_play=False).score
        except RuleError:
            theirs = None
        assert mine == theirs
