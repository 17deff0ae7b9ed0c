"""The race solvers: the exact small-hand arranger (against an exhaustive placement search),
the grow solver for team pools, and the grab claim finder (against every 4-subset)."""
from __future__ import annotations

from itertools import combinations, product

import pytest

from engine.core.rng import Rng
from engine.sumoku.arrange import (arrange, brute_force_layout, layout_errors, layout_ok, search,
                                   shapes, solvable, tile_to_return)
from engine.sumoku.grabsearch import claims
from engine.sumoku.grid import grid_ok
from engine.sumoku.grow import grow
from engine.sumoku.tiles import colour, tile_id, values


def hands(seed: int, size: int, count: int) -> list[tuple[list[int], int]]:
    rng = Rng(seed)
    out = []
    for _ in range(count):
        bag = list(range(96))
        rng.shuffle(bag)
        out.append((bag[:size], rng.choice((3, 4, 5))))
    return out


def test_polyomino_counts() -> None:
    # fixed polyominoes of 1..6 cells: the oracle really tries every shape
    assert [len(shapes(n)) for n in range(1, 7)] == [1, 2, 6, 19, 63, 216]


@pytest.mark.parametrize("size,count", [(2, 60), (3, 80), (4, 80), (5, 45), (6, 10)])
def test_same_verdict_as_brute_force(size: int, count: int) -> None:
    verdicts = set()
    for hand, key in hands(size * 101, size, count):
        exact = arrange(hand, key)
        brute = brute_force_layout(hand, key)
        assert (exact is None) == (brute is None), (hand, key)
        verdicts.add(exact is None)
        for layout in (exact, brute):
            if layout is not None:
                assert layout_ok(layout, key, hand), layout_errors(layout, key, hand)
                assert grid_ok(layout, key)
    assert verdicts == {True, False}   # both kinds of hand were met


def square_hand(rng: Rng, key: int) -> list[int]:
    """Four tiles that make a valid 2x2 square (a layout with a cycle)."""
    while True:
        a, b, c, d = (rng.below(96) for _ in range(4))
        if len({a, b, c, d}) < 4:
            continue
        grid = {(0, 0): (a, values(a)[0]), (0, 1): (b, values(b)[0]),
                (1, 0): (c, values(c)[0]), (1, 1): (d, values(d)[0])}
        if layout_ok(grid, key):
            return [a, b, c, d]


def test_cycles_are_found() -> None:
    # hands that fit a 2x2 square, and a 3x2 block: the solver must also find layouts
    # whose lines make a cycle (every such hand here is solvable by construction)
    rng = Rng(9)
    for _ in range(25):
        key = rng.choice((3, 4, 5))
        hand = square_hand(rng, key)
        layout = arrange(hand, key)
        assert layout is not None and layout_ok(layout, key, hand)
    # a 3x2 block of six tiles (two cycles): same verdict as the exhaustive search
    for _ in range(3):
        key = rng.choice((3, 4, 5))
        hand = square_hand(rng, key)
        extra = [t for t in square_hand(rng, key) if t not in hand][:2]
        six = hand + extra
        assert (arrange(six, key) is None) == (brute_force_layout(six, key) is None)


def test_ten_tile_hands() -> None:
    bad = 0
    for hand, key in hands(77, 10, 60):
        layout = arrange(hand, key)
        if layout is None:
            bad += 1
            continue
        assert layout_ok(layout, key, hand) and grid_ok(layout, key)
    assert bad < 12    # most 10-tile hands fit (about 95 %)


def test_clumped_hand_is_impossible_and_return_fixes() -> None:
    # seven tiles of one colour need seven lines (a line holds one tile of a colour), each
    # with one of the three other tiles, but a tile is in at most two lines: impossible
    hand = [tile_id(0, n) for n in (1, 2, 3, 4, 5, 7, 8)] + [tile_id(1, 1), tile_id(2, 2), tile_id(3, 3)]
    assert not solvable(hand, 5)
    # draw two of other colours: the tile to return is an orange one and leaves a solvable hand
    drawn = hand + [tile_id(4, 4), tile_id(5, 5)]
    back = tile_to_return(drawn, 5)
    assert back is not None and colour(back) == 0
    assert solvable([t for t in drawn if t != back], 5)


def test_node_budget_is_not_a_proof() -> None:
    hand, key = hands(5, 10, 1)[0]
    layout, exact = search(hand, key, max_nodes=1)
    assert layout is None or layout_ok(layout, key, hand)
    if layout is None:
        assert not exact


def test_trivial_hands() -> None:
    assert arrange([], 3) == {}
    assert arrange([7], 4) == {(0, 0): (7, 4)}
    assert arrange([tile_id(0, 1), tile_id(0, 2)], 3) is None     # one colour twice
    got = arrange([tile_id(0, 1), tile_id(1, 2)], 3)
    assert got is not None and layout_ok(got, 3)


def test_checker_agrees_with_rules_checker() -> None:
    rng = Rng(3)
    for _ in range(300):
        cells = {}
        for _ in range(rng.randint(2, 7)):
            t = rng.below(96)
            cells[(rng.randint(0, 2), rng.randint(0, 2))] = (t, rng.choice(values(t)))
        if len({t for t, _ in cells.values()}) < len(cells):
            continue
        assert layout_ok(cells, 3) == grid_ok(cells, 3)


# ---- grow ----------------------------------------------------------------------------
@pytest.mark.parametrize("size", [24, 32, 48])
def test_grow_team_pools(size: int) -> None:
    for pool, key in hands(size, size, 4):
        layout = grow(pool, key, seed=1)
        assert layout is not None
        assert layout_ok(layout, key, pool) and grid_ok(layout, key)


def test_grow_extends_a_grid() -> None:
    for pool, key in hands(12, 40, 3):
        base = grow(pool[:20], key, seed=2)
        assert base is not None
        more = grow(pool[20:], key, grid=base, seed=3)
        assert more is not None and layout_ok(more, key, pool)
        assert all(more[cell] == tv for cell, tv in base.items())   # placed tiles stay


# ---- grab ----------------------------------------------------------------------------
def brute_claims(centre: list[int], key: int) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    out = set()
    for four in combinations(sorted(centre), 4):
        if len({colour(t) for t in four}) < 4:
            continue
        for vals in product(*(values(t) for t in four)):
            if sum(vals) % key == 0:
                out.add((four, vals))
    return out


def test_grab_claims_match_brute_force() -> None:
    rng = Rng(21)
    empty = 0
    for _ in range(150):
        bag = list(range(96))
        rng.shuffle(bag)
        centre = bag[:rng.randint(4, 14)]
        key = rng.choice((3, 4, 5))
        got = claims(centre, key)
        assert {(c.tiles, c.values) for c in got} == brute_claims(centre, key)
        assert len(got) == len({(c.tiles, c.values) for c in got})
        for c in got:
            assert c.multiple == sum(c.values) and c.multiple % key == 0
        empty += not got
    assert empty < 150
