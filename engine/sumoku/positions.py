"""Seeded random Sumoku positions for tests and benchmarks: a board grown by random
legal plays from a shuffled bag, and a hand drawn from what is left."""
from __future__ import annotations

from typing import NamedTuple

from engine.core.rng import Rng
from engine.sumoku.movegen import Board, legal_plays
from engine.sumoku.tiles import TILE_COUNT


class Position(NamedTuple):
    board: Board
    hand: list[int]
    key: int
    bag: list[int]      # the tiles neither on the board nor in the hand, in draw order


def grow_board(rng: Rng, key: int, plays: int, *, max_tiles: int = 3, grow_hand: int = 6) -> tuple[Board, list[int]]:
    """A board after up to `plays` random legal plays (each of at most `max_tiles` tiles)
    by hands of `grow_hand` tiles from a shuffled bag, and the bag left."""
    bag = list(range(TILE_COUNT))
    rng.shuffle(bag)
    board: Board = {}
    for _ in range(plays):
        hand = bag[:grow_hand]
        options = list(legal_plays(board, hand, key, first_play=not board, max_tiles=max_tiles))
        if not options:
            bag = bag[grow_hand:] + bag[:grow_hand]
            continue
        play = rng.choice(options)
        for tile, r, c, v in play.placements:
            board[(r, c)] = (tile, v)
            bag.remove(tile)
    return board, bag


def random_position(seed: int, *, key: int | None = None, plays: int | None = None,
                    hand_size: int | None = None, max_tiles: int = 2) -> Position:
    """A position from `seed`: key 3/4/5, 0-14 random plays, a hand of 1-8 tiles
    (each chosen from the seed unless given)."""
    rng = Rng(seed)
    key = key if key is not None else 3 + rng.below(3)
    plays = plays if plays is not None else rng.below(15)
    hand_size = hand_size if hand_size is not None else 1 + rng.below(8)
    board, bag = grow_board(rng, key, plays, max_tiles=max_tiles)
    return Position(board, bag[:hand_size], key, bag[hand_size:])


def positions_along(seed: int, steps: int, *, key: int | None = None,
                    hand_sizes: tuple[int, int] = (1, 8), max_tiles: int = 2) -> list[Position]:
    """`steps` + 1 positions along one growing board (from the empty board on): after each
    random play, a hand of a random size in `hand_sizes` from the tiles left. Cheaper than
    growing a board per position."""
    rng = Rng(seed)
    key = key if key is not None else 3 + rng.below(3)
    bag = list(range(TILE_COUNT))
    rng.shuffle(bag)
    board: Board = {}
    out: list[Position] = []
    lo, hi = hand_sizes
    for _ in range(steps + 1):
        size = lo + rng.below(hi - lo + 1)
        start = rng.below(len(bag))
        rest = bag[start:] + bag[:start]
        out.append(Position(dict(board), rest[:size], key, rest[size:]))
        hand = bag[:6]
        options = list(legal_plays(board, hand, key, first_play=not board, max_tiles=max_tiles))
        if not options:
            bag = bag[6:] + bag[:6]
            continue
        for tile, r, c, v in rng.choice(options).placements:
            board[(r, c)] = (tile, v)
            bag.remove(tile)
    return out
