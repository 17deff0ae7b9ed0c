"""A brute-force oracle for the deduction engine: enumerates whole deals (every other
seat's hand, the unflipped playground cards and the hooky cards) straight from the raw
knowledge and checks each against every fact, without the engine's reduction.

Only for small instances (tests use 10-14 letter alphabets) or late-game states where
each seat has few candidate hands. Hands are picked seat by seat; a seat's hand is
checked against that seat's facts as soon as it is picked.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Iterator

import numpy as np

from engine.hooky.knowledge import Knowledge, count_answer


class TooLarge(Exception):
    """The enumeration would visit more than the allowed number of partial deals."""


def _hand_ok(k: Knowledge, seat: int, hand: frozenset[str]) -> bool:
    if any(c not in hand for c in k.revealed[seat]):
        return False
    if any(s == seat and c not in hand for s, c in k.peeks):
        return False
    return all(count_answer(w, hand) == a for s, w, a in k.clues if s == seat)


def deals(k: Knowledge, limit: int = 5_000_000) -> Iterator[tuple[dict[int, frozenset[str]], frozenset[str], frozenset[str]]]:
    """Every deal consistent with `k`: (hand of each seat, playground, hooky), each once.
    Raises TooLarge after `limit` enumeration steps."""
    n = k.players
    own = frozenset(k.hand)
    flipped = frozenset(k.flipped)
    if not _hand_ok(k, k.seat, own) or own & flipped or len(flipped) != len(k.flipped):
        return
    others = [s for s in range(n) if s != k.seat]
    g_u = k.playground_size - len(k.flipped)
    budget = [limit]

    def spend(steps: int = 1) -> None:
        budget[0] -= steps
        if budget[0] < 0:
            raise TooLarge

    rest0 = [c for c in k.alphabet if c not in own and c not in flipped]
    candidates: dict[int, list[frozenset[str]]] = {}
    for s in others:
        cand = []
        for h in combinations(rest0, k.hand_sizes[s]):
            spend()
            fh = frozenset(h)
            if _hand_ok(k, s, fh):
                cand.append(fh)
        candidates[s] = cand
    deal: dict[int, frozenset[str]] = {k.seat: own}

    def place(i: int, free: frozenset[str]) -> Iterator[tuple[dict[int, frozenset[str]], frozenset[str], frozenset[str]]]:
        if i == len(others):
            for pg in combinations(sorted(free), g_u):
                spend()
                pg_set = frozenset(pg)
                yield dict(deal), pg_set | flipped, free - pg_set
            return
        s = others[i]
        for h in candidates[s]:
            spend()
            if h <= free:
                deal[s] = h
                yield from place(i + 1, free - h)
        deal.pop(s, None)

    yield from place(0, frozenset(rest0))


def brute_force(k: Knowledge, limit: int = 5_000_000) -> tuple[int, np.ndarray]:
    """(z, counts) with counts[i, col] the number of consistent deals putting letter
    alphabet[i] at column col (seats 0..players-1, playground, hooky), like `Deduction`."""
    n = k.players
    row = {c: i for i, c in enumerate(k.alphabet)}
    counts = np.zeros((len(k.alphabet), n + 2), dtype=np.int64)
    z = 0
    for hands, playground, hooky in deals(k, limit):
        z += 1
        for s, hand in hands.items():
            for c in hand:
                counts[row[c], s] += 1
        for c in playground:
            counts[row[c], n] += 1
        for c in hooky:
            counts[row[c], n + 1] += 1
    return z, counts


def brute_answer_distribution(k: Knowledge, seat: int, word: str, limit: int = 5_000_000) -> dict[int, Fraction]:
    """The exact distribution of `seat`'s answer to `word` over the consistent deals."""
    tally: dict[int, int] = {}
    for hands, _, _ in deals(k, limit):
        a = count_answer(word, hands[seat])
        tally[a] = tally.get(a, 0) + 1
    total = sum(tally.values())
    return {a: Fraction(v, total) for a, v in sorted(tally.items())}
