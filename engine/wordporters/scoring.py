"""Word Porters' scoring, the score track and the next start player, as pure functions.

- Reveal: each player who guessed the revealing player's number scores 1; the revealing
  player scores 1 per player who guessed it.
- The score track shows 0-19 and wraps past 20 (a lap marker counts the wraps).
- The lowest-scoring player starts the next round; among tied players, the nearest
  clockwise after this round's start player (the start player itself last, designed).
- After round 4 the highest total wins; ties share the win.
"""
from __future__ import annotations

from typing import Sequence

TRACK = 20


def reveal_points(seat: int, number: int, votes: Sequence[Sequence[int | None] | None]) -> list[int]:
    """Who guessed `seat`'s number, in seat order."""
    return [v for v, vote in enumerate(votes) if v != seat and vote is not None and vote[seat] == number]


def track(score: int) -> tuple[int, int]:
    """(position on the 0-19 track, laps completed)."""
    return score % TRACK, score // TRACK


def next_start(scores: Sequence[int], start: int) -> int:
    n = len(scores)
    low = min(scores)
    for step in range(1, n + 1):
        seat = (start + step) % n
        if scores[seat] == low:
            return seat
    raise AssertionError("unreachable")


def winners(scores: Sequence[int]) -> list[int]:
    top = max(scores)
    return [s for s, x in enumerate(scores) if x == top]
