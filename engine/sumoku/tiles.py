"""The 96 tiles: 6 colours x numbers 1-8 x 2 copies, identified by id 0..95.

colour = id // 16, number = (id % 16) // 2 + 1. A tile with number 6 may be played
as a 9; the value chosen at placement is kept with the tile on the board.

Board coordinates are (row, col) pairs of ints; the first play goes through (0, 0)
(the middle of the table), and the board grows in every direction.
"""
from __future__ import annotations

TILE_COUNT = 96
COLOURS = ("orange", "sky", "green", "yellow", "blue", "vermillion")
MAX_LINE = 6
KEY_FACES = (3, 3, 4, 4, 5, 5)
HAND_SIZE = 8


def colour(tile: int) -> int:
    return tile // 16


def number(tile: int) -> int:
    return (tile % 16) // 2 + 1


def values(tile: int) -> tuple[int, ...]:
    """The values a tile may be placed as: (6, 9) for a 6, else its number."""
    n = number(tile)
    return (6, 9) if n == 6 else (n,)


def hand_value(tiles: list[int]) -> int:
    """Face value of tiles in hand (a 6 counts 6 until placed)."""
    return sum(number(t) for t in tiles)


def tile_id(colour_index: int, num: int, copy: int = 0) -> int:
    """The id of copy `copy` (0 or 1) of the tile `num` (1-8) in colour `colour_index` (0-5)."""
    return colour_index * 16 + (num - 1) * 2 + copy


def bag_starting_with(first: list[int]) -> list[int]:
    """A full bag order (for options["bag_order"]) that begins with `first`, the other ids
    following in ascending order: how tutorials and tests fix the deal."""
    rest = sorted(set(range(TILE_COUNT)) - set(first))
    return list(first) + rest
