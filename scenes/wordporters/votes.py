"""A round's votes as the reveal shows them, from what a view or an event view carries
(never from the state): the whole vote table out of the round's `revealed` events (each
carries its revealer's vote), who voted which word for one player, each player's points
so far in the reveal, and the one-character tags that tell the players apart on a word
card. Shared by the table's reveal and the replay."""
from __future__ import annotations

from typing import Any, Sequence

Vote = list[int | None] | None


def vote_table(reveals: Sequence[dict[str, Any]], seats: int) -> list[Vote]:
    """Each seat's vote (a number for every other seat), from the round's reveal events."""
    out: list[Vote] = [None] * seats
    for r in reveals:
        s = int(r["seat"])
        if 0 <= s < seats and r.get("guesses") is not None:
            out[s] = list(r["guesses"])
    return out


def voters_by_word(votes: Sequence[Vote], seat: int) -> dict[int, list[int]]:
    """Position (1-10) -> the seats (in seat order) whose vote gave `seat` that number."""
    out: dict[int, list[int]] = {}
    for voter, vote in enumerate(votes):
        if voter == seat or vote is None or seat >= len(vote) or vote[seat] is None:
            continue
        out.setdefault(int(vote[seat]), []).append(voter)   # type: ignore[arg-type]
    return out


def points_so_far(seats: int, reveals: Sequence[dict[str, Any]]) -> list[int]:
    """Each seat's points from `reveals`: 1 per player who guessed its number, 1 per
    number it guessed."""
    out = [0] * seats
    for r in reveals:
        right = [int(x) for x in r.get("right") or []]
        out[int(r["seat"])] += len(right)
        for v in right:
            out[v] += 1
    return out


def tags(names: Sequence[str]) -> list[str]:
    """A player in one character: the name's initial, or the seat's number when another
    player's name starts alike ("Player 3", "Player 4")."""
    first = [n[:1] for n in names]
    return [str(s + 1) if not f or any(first[o].casefold() == f.casefold() for o in range(len(names)) if o != s)
            else f for s, f in enumerate(first)]
