"""The placement rules on plain data (a table card's markers, a seat's markers in hand),
shared by the rules and the bots (which read them from a view).

- Markers go in order 1 -> 2 -> 3: a seat always places its lowest marker.
- On a hint card with no markers: the lowest marker alone.
- On a hint card another colour has marked: the lowest marker stacked on top of the 3
  (the 3 underneath), beside either word: it costs two markers and needs both.
- A hint card holds at most one stack, or marker, of each colour (designed: a card your
  colour has marked is closed to you).
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.wordporters.state import STACK_BASE


def markers_for(card: Sequence[dict[str, Any]], left: Sequence[int], seat: int) -> list[int] | None:
    """The markers `seat` would place on a table card (bottom first), or None when it may not."""
    if not left:
        return None
    if not card:
        return [min(left)]
    if any(m["seat"] == seat for m in card):
        return None
    rest = [x for x in left if x != STACK_BASE]
    if STACK_BASE not in left or not rest:
        return None
    return [STACK_BASE, min(rest)]


def legal_placements(board: Sequence[Sequence[dict[str, Any]]], left: Sequence[int],
                     seat: int) -> list[tuple[int, int, list[int]]]:
    """Every (table card, side, markers) `seat` may place now."""
    out = []
    for c, card in enumerate(board):
        stack = markers_for(card, left, seat)
        if stack is not None:
            out.extend((c, side, stack) for side in (0, 1))
    return out


def can_place(board: Sequence[Sequence[dict[str, Any]]], left: Sequence[int], seat: int) -> bool:
    return any(markers_for(card, left, seat) is not None for card in board)


def emphasis(markers: Sequence[int]) -> int:
    """The number a placement signals: its top marker (a stack's 3 is only its cost)."""
    return int(markers[-1])
