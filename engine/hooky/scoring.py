"""Hooky's scoring and its three tie-breaks, as pure functions of plain data.

- each correct hooky letter guessed after round 4 or 5: 5 points; after round 6: 10;
- each correct letter named for another player's hand: 1 point;
- each other player whose whole hand was named exactly: 1 more point.
Ties, among the tied players only, in order:
1. the one who first guessed a hooky letter correctly (earliest round);
2. the one who earliest had the most hooky letters right: the most right in any one
   guess wins, and among equals the one who reached that number in the earliest round;
3. the one who revealed the fewest cards.
Players still tied share the win.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.hooky.state import GUESS_ROUNDS

HOOKY_POINTS = {4: 5, 5: 5, 6: 10}
NEVER = 99          # the "round" of something that never happened, for the tie-breaks
TIEBREAKS = ("hooky.tiebreak.first_correct", "hooky.tiebreak.most_correct",
             "hooky.tiebreak.fewest_reveals")


def correct_by_round(guesses: Mapping[int, Sequence[str]], hooky: Sequence[str]) -> dict[int, int]:
    """How many hooky letters each round's guess got right."""
    h = set(hooky)
    return {r: len(set(guesses.get(r, ())) & h) for r in GUESS_ROUNDS}


def breakdown(seat: int, hands: Sequence[Sequence[str]], hooky: Sequence[str],
              guesses: Mapping[int, Sequence[str]], named: Sequence[Sequence[str]] | None) -> dict[str, Any]:
    """One seat's points: per guess round, letters named right, exact hands, total."""
    right = correct_by_round(guesses, hooky)
    per_round = {str(r): right[r] * HOOKY_POINTS[r] for r in GUESS_ROUNDS}
    letters = exact = 0
    for other, hand in enumerate(hands):
        if other == seat or named is None:
            continue
        said = set(named[other]) if other < len(named) else set()
        letters += len(said & set(hand))
        exact += int(said == set(hand))
    total = sum(per_round.values()) + letters + exact
    return {"hooky": per_round, "letters": letters, "exact": exact, "total": total,
            "right": {str(r): right[r] for r in GUESS_ROUNDS}}


def rank(totals: Sequence[int], hooky: Sequence[str], guesses: Sequence[Mapping[int, Sequence[str]]],
         reveals: Sequence[int]) -> tuple[list[int], str | None]:
    """The winners and the catalog key of the last tie-break that narrowed them (None
    when the scores alone decided, or when no tie-break separated the tied players)."""
    top = max(totals)
    alive = [s for s, t in enumerate(totals) if t == top]
    decided: str | None = None
    right = [correct_by_round(g, hooky) for g in guesses]

    def first_correct(s: int) -> tuple[int, ...]:
        return (min((r for r in GUESS_ROUNDS if right[s][r] > 0), default=NEVER),)

    def most_correct(s: int) -> tuple[int, ...]:
        best = max(right[s].values())
        when = min((r for r in GUESS_ROUNDS if right[s][r] == best), default=NEVER) if best else NEVER
        return (-best, when)

    def fewest_reveals(s: int) -> tuple[int, ...]:
        return (reveals[s],)

    for key, fn in zip(TIEBREAKS, (first_correct, most_correct, fewest_reveals)):
        if len(alive) == 1:
            break
        best = min(fn(s) for s in alive)
        kept = [s for s in alive if fn(s) == best]
        if len(kept) < len(alive):
            decided = key
            alive = kept
    return alive, decided


def final_result(hands: Sequence[Sequence[str]], hooky: Sequence[str],
                 guesses: Sequence[Mapping[int, Sequence[str]]],
                 named: Sequence[Sequence[Sequence[str]] | None], reveals: Sequence[int]) -> dict[str, Any]:
    """Scores, per-seat breakdown, winners and the deciding tie-break, as plain data."""
    parts = [breakdown(s, hands, hooky, guesses[s], named[s]) for s in range(len(hands))]
    scores = [p["total"] for p in parts]
    winners, tiebreak = rank(scores, hooky, guesses, reveals)
    return {"scores": scores, "breakdown": parts, "winners": winners, "tiebreak": tiebreak}
