"""The ¢ a word earns (rules §5 step 4 and §8.3), for the rules, the word finder and the
brute-force oracle alike: one function, so all three agree by construction.

A word is a sequence of pieces `(card, text, ref)`: the card, the letters it is laid as
(a wild: the one letter it stands for) and `ref`, True only for the top common used by
reference (it earns the common bonus, counts one letter, is not a wild and cannot be
doubled). Resolution order (§8.3): (b) printed ¢ (wilds 0) plus the common bonus;
(c) first / last / nowild / long / wild_bonus; (d) double_adj adds the better neighbour's
printed ¢ once more (each doubler picks its own neighbour, so two doublers may both pick
the same card); (e) a pending attack's minus (not below 0); (f) double_word doubles the
total, once however many there are; (g) the extra draws for the next hand.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.paperback.content import CardDef

Piece = tuple[CardDef, str, bool]


@dataclass(frozen=True)
class Score:
    cents: int
    draws: int
    letters: int
    items: tuple[tuple[str, str, int], ...] = ()   # (catalog key, card id, ¢), when itemised


def printed(piece: Piece, common_bonus: int) -> int:
    card, _, ref = piece
    if ref:
        return common_bonus
    return 0 if card.wild else card.cents


def _doublable(piece: Piece) -> bool:
    return not piece[2] and not piece[0].wild


def score(pieces: Sequence[Piece], *, minus: int = 0, common_bonus: int = 1,
          itemise: bool = False) -> Score:
    """The ¢ and extra draws of a word laid as `pieces` (see the module docstring).

    A power common (the `space_dyslexia` option) lays no letter and earns its ¢ (the
    common bonus by reference, its printed ¢ from a hand). Dyslexia's ¢ join the printed
    ¢ of step (b). The Space Bar parts two words: each is scored alone (its own first and
    last letters, length, wilds, neighbours and double word), the two totals and the
    Space Bar's ¢ are added, then an attack's minus comes off the whole (not below 0);
    the letters and extra draws of both count."""
    powers = [p for p in pieces if p[0].power]
    if not powers:
        return _word(pieces, minus, common_bonus, itemise, 0, [])
    items: list[tuple[str, str, int]] = []
    base = 0
    for p in powers:
        v = printed(p, common_bonus)
        base += v
        if itemise and v:
            items.append(("paperback.score.common" if p[2] else "paperback.score.printed", p[0].id, v))
    if not any(p[0].power == "space" for p in powers):
        return _word([p for p in pieces if not p[0].power], minus, common_bonus, itemise, base, items)
    words: list[list[Piece]] = [[]]
    for p in pieces:
        if p[0].power == "space":
            words.append([])
        elif not p[0].power:
            words[-1].append(p)
    total, draws, letters = base, 0, 0
    for w in words:
        s = _word(w, 0, common_bonus, itemise, 0, items)
        total += s.cents
        draws += s.draws
        letters += s.letters
    if minus:
        cut = min(minus, total)
        total -= cut
        if itemise and cut:
            items.append(("paperback.score.minus", "", -cut))
    return Score(total, draws, letters, tuple(items))


def _word(pieces: Sequence[Piece], minus: int, common_bonus: int, itemise: bool, base: int,
          items: list[tuple[str, str, int]]) -> Score:
    """One word's ¢ (`base`: ¢ added with the printed ¢; `items` is added to)."""
    n = len(pieces)
    letters = 0
    wilds = 0
    for card, text, ref in pieces:
        letters += len(text)
        if not ref and card.wild:
            wilds += 1
    total = base
    for p in pieces:
        v = printed(p, common_bonus)
        total += v
        if itemise and v:
            items.append(("paperback.score.common" if p[2] else "paperback.score.printed", p[0].id, v))
    draws = 0
    double_word = False
    for i, (card, text, ref) in enumerate(pieces):
        if ref or card.wild:
            continue
        a = card.ability
        kind = a.kind
        bonus = 0
        if kind == "-":
            continue
        if kind == "first":
            bonus = a.n if i == 0 else 0
        elif kind == "last":
            bonus = a.n if i == n - 1 else 0
        elif kind == "nowild":
            bonus = a.n if wilds == 0 else 0
        elif kind == "long":
            bonus = a.n if letters >= a.length else 0
        elif kind == "wild_bonus":
            bonus = a.n * wilds
        elif kind == "double_adj":
            best = 0
            if i > 0 and _doublable(pieces[i - 1]):
                best = pieces[i - 1][0].cents
            if i + 1 < n and _doublable(pieces[i + 1]):
                best = max(best, pieces[i + 1][0].cents)
            bonus = best
        elif kind == "draw":
            draws += a.n
        elif kind == "draw_if_last":
            if i == n - 1:
                draws += a.n
        elif kind == "double_word":
            double_word = True
        if bonus:
            total += bonus
            if itemise:
                items.append((f"paperback.score.{kind}", card.id, bonus))
    if minus:
        cut = min(minus, total)
        total -= cut
        if itemise and cut:
            items.append(("paperback.score.minus", "", -cut))
    if double_word and total:
        if itemise:
            items.append(("paperback.score.double_word", "", total))
        total *= 2
    return Score(total, draws, letters, tuple(items))
