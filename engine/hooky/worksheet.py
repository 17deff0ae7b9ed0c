"""A Hooky worksheet filled in with a pencil: what a person can be sure of, and a rough
sense of the odds, from one seat's `Knowledge` (the same input as the exact engine).

The grid has a row per letter and a column per seat plus one for the pool (the
playground and the hooky cards together: no answer ever tells them apart). A cell is
YES, NO or open. The marks a person makes, each by looking at one row, one column or
one clue line:

- own hand, flipped playground cards, revealed cards and own peeks are written in;
- row: a letter marked YES somewhere is NO everywhere else; a letter with one open
  place left and no YES is there;
- column: a seat (or the pool) whose YES marks fill it is NO for every other letter;
  one whose YES and open cells just fill it is YES on every open cell;
- "count" rule, one clue: when its YES letters already reach the answer, every open
  letter of the word is NO; when it needs every open letter to reach it, all are YES
  (a 0 answer is the first case);
- "cases" rule (a careful player): when a clue has only two letters left open (or
  `cases_open`), they are tried in every combination that reaches the answer and fits
  the seat's open cards; a letter in every combination is YES, in none NO (the rules'
  worked example, AWARD = 2 with D and R known, is this: A must be held, W not).

The rules are applied over and over until nothing changes. They are sound, so a
worksheet filled from true facts (or from only some of them: a player who forgot some
answers) never contradicts itself. It never reasons across two clues at once, nor
counts deals: that is the exact engine (`engine.hooky.deduction`).

`Sheet.belief()` turns the marks into probabilities as a person would sense them: each
letter spread over its open places, scaled so every place holds its number of cards
(iterative proportional fitting), the pool's share split between the unflipped
playground and hooky by their sizes. It has the columns and the small API of a
`Deduction` (`prob`, `col`, `p`, `known`), so a bot can read either.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable

import numpy as np

from engine.hooky.deduction import HOOKY, PLAYGROUND
from engine.hooky.knowledge import Knowledge

YES, NO, OPEN = 1, -1, 0
RULES = ("count", "cases")
FIT_ROUNDS = 40


@dataclass
class Belief:
    """Probabilities from a worksheet, laid out as `Deduction.prob`: a column per seat,
    then the playground, then hooky."""
    players: int
    prob: np.ndarray               # (letters, players + 2)
    sizes: tuple[int, ...]         # cards at each column
    alphabet: str

    def col(self, loc: int | str) -> int:
        if loc == PLAYGROUND:
            return self.players
        if loc == HOOKY:
            return self.players + 1
        return int(loc)

    def p(self, letter: str, loc: int | str) -> float:
        return float(self.prob[self.alphabet.index(letter), self.col(loc)])

    def known(self, loc: int | str) -> bool:
        """Every card of the place is certain."""
        c = self.col(loc)
        return int((self.prob[:, c] > 1 - 1e-9).sum()) == self.sizes[c]


class Sheet:
    """One seat's worksheet. `rules` is a subset of RULES; `clues` (default: all of the
    knowledge's) are the answers this player remembers."""

    def __init__(self, k: Knowledge, rules: Iterable[str] = RULES,
                 clues: Iterable[tuple[int, str, int]] | None = None, cases_open: int = 2) -> None:
        self.k = k
        self.cases_open = cases_open
        self.rules = frozenset(rules)
        unknown = self.rules - set(RULES)
        if unknown:
            raise ValueError(f"unknown worksheet rules: {sorted(unknown)}")
        self.n = k.players
        self.pool = self.n                       # column of the playground + hooky
        self.sizes = tuple(k.hand_sizes) + (k.playground_size + k.hooky_size,)
        self.alphabet = k.alphabet
        self.clues = tuple(k.clues if clues is None else clues)
        self.mark = np.zeros((len(self.alphabet), self.n + 1), dtype=np.int8)
        self._fill()

    # ---- marks ----------------------------------------------------------------------
    def _row(self, letter: str) -> int:
        return self.alphabet.index(letter)

    def _yes(self, letter: str, col: int) -> bool:
        i = self._row(letter)
        if self.mark[i, col] == YES:
            return False
        self.mark[i, :] = NO
        self.mark[i, col] = YES
        return True

    def _no(self, letter: str, col: int) -> bool:
        i = self._row(letter)
        if self.mark[i, col] != OPEN:
            return False
        self.mark[i, col] = NO
        return True

    def _fill(self) -> None:
        k = self.k
        for letter in self.alphabet:
            if letter not in k.hand:
                self._no(letter, k.seat)
        for letter in k.hand:
            self._yes(letter, k.seat)
        for letter in k.flipped:
            self._yes(letter, self.pool)
        for s, letters in enumerate(k.revealed):
            for letter in letters:
                self._yes(letter, s)
        for s, letter in k.peeks:
            self._yes(letter, s)
        changed = True
        while changed:
            changed = self._rows() | self._columns() | self._clue_lines()

    def _rows(self) -> bool:
        changed = False
        for i, letter in enumerate(self.alphabet):
            row = self.mark[i]
            if (row == YES).any():
                continue
            open_cols = np.flatnonzero(row == OPEN)
            if len(open_cols) == 1:
                changed |= self._yes(letter, int(open_cols[0]))
        return changed

    def _columns(self) -> bool:
        changed = False
        for col, size in enumerate(self.sizes):
            yes = int((self.mark[:, col] == YES).sum())
            open_rows = np.flatnonzero(self.mark[:, col] == OPEN)
            if not len(open_rows):
                continue
            if yes == size:
                for i in open_rows:
                    changed |= self._no(self.alphabet[i], col)
            elif yes + len(open_rows) == size:
                for i in open_rows:
                    changed |= self._yes(self.alphabet[i], col)
        return changed

    def _clue_lines(self) -> bool:
        changed = False
        for seat, word, answer in self.clues:
            counts: dict[str, int] = {}
            for c in word:
                counts[c] = counts.get(c, 0) + 1
            need = answer - sum(m for c, m in counts.items() if self.mark[self._row(c), seat] == YES)
            free = [c for c in counts if self.mark[self._row(c), seat] == OPEN]
            if not free:
                continue
            if "count" in self.rules:
                if need == 0:
                    for c in free:
                        changed |= self._no(c, seat)
                    continue
                if need == sum(counts[c] for c in free):
                    for c in free:
                        changed |= self._yes(c, seat)
                    continue
            if "cases" in self.rules and len(free) <= self.cases_open:
                room = self.sizes[seat] - int((self.mark[:, seat] == YES).sum())
                fits = [set(sub) for r in range(min(room, len(free)) + 1)
                        for sub in combinations(free, r) if sum(counts[c] for c in sub) == need]
                if not fits:        # cannot happen from true facts; leave the line alone
                    continue
                for c in free:
                    if all(c in f for f in fits):
                        changed |= self._yes(c, seat)
                    elif not any(c in f for f in fits):
                        changed |= self._no(c, seat)
        return changed

    # ---- reading --------------------------------------------------------------------
    def state(self, letter: str, col: int) -> int:
        """YES, NO or OPEN for a letter at a seat (or `pool`)."""
        return int(self.mark[self._row(letter), col])

    def held(self, seat: int) -> list[str]:
        """Letters marked YES for a seat (or the pool)."""
        return [self.alphabet[i] for i in np.flatnonzero(self.mark[:, seat] == YES)]

    def open_letters(self, seat: int) -> list[str]:
        return [self.alphabet[i] for i in np.flatnonzero(self.mark[:, seat] == OPEN)]

    def places(self, letter: str) -> int:
        """How many places the letter may still be in (1 when it is placed)."""
        return int((self.mark[self._row(letter)] != NO).sum())

    def hooky_candidates(self) -> list[str]:
        """Letters that may be hooky: possibly in the pool and not a flipped card."""
        return [c for c in self.alphabet if c not in self.k.flipped
                and self.mark[self._row(c), self.pool] != NO]

    def belief(self) -> Belief:
        k = self.k
        allowed = (self.mark != NO).astype(np.float64)
        p = allowed / np.maximum(allowed.sum(axis=1, keepdims=True), 1.0)
        sizes = np.array(self.sizes, dtype=np.float64)
        for _ in range(FIT_ROUNDS):
            col = p.sum(axis=0)
            p = p * np.where(col > 0, sizes / np.where(col > 0, col, 1.0), 0.0)
            p = p / np.maximum(p.sum(axis=1, keepdims=True), 1e-12)
        p[self.mark == YES] = 1.0
        p[self.mark == NO] = 0.0
        unflipped = k.playground_size - len(k.flipped)
        pool = p[:, self.pool]
        out = np.zeros((len(self.alphabet), self.n + 2))
        out[:, :self.n] = p[:, :self.n]
        share = k.hooky_size / max(unflipped + k.hooky_size, 1)
        for i, c in enumerate(self.alphabet):
            if c in k.flipped:
                out[i, self.n] = 1.0
            else:
                out[i, self.n] = pool[i] * (1 - share)
                out[i, self.n + 1] = pool[i] * share
        return Belief(self.n, out, tuple(k.hand_sizes) + (k.playground_size, k.hooky_size),
                      self.alphabet)
