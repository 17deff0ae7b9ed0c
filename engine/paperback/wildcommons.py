"""The words a hand can lay with the Space Bar and Dyslexia commons (option
`space_dyslexia`, the rules file's "wild commons" variant), on top of the exact finder.

A power common lays no letter and is the one common of its laying, so a laying with one
uses no other common (neither the top one nor a claimed one). It comes from the top of
the track (by reference, "common") or from the hand (a claimed one, by its id).

- Dyslexia: one two-letter card (not a `flip`, whose letters differ) is laid reversed;
  the finder runs once per such card type, with that card reversed, Dyslexia's piece
  scored with every arrangement (`blanks`) and the card required (`must`): exact.
- Space Bar: two words. Each word is scored alone and the totals add (scoring.py), so
  the best pair splits the hand's cards in two and takes the best word of each part: the
  best over every split of the hand (by card type) is exact in ¢ (and in extra draws and
  letters unless an attack's minus takes the whole total).

`find_layings` merges these with the plain words, one best laying per word, best first.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import Iterable, Sequence

from engine.paperback.content import CardDef
from engine.paperback.finder import COMMON, Found, Index, card_type, cut, find_words, tighter
from engine.paperback.scoring import Score


def _sources(hand: Sequence[CardDef], common: CardDef | None) -> list[tuple[CardDef, str, bool]]:
    """(power card, the id a spell command names it by, by reference) for each power in reach."""
    out = []
    if common is not None and common.power:
        out.append((common, COMMON, True))
    seen = set()
    for c in hand:
        if c.power and c.power not in seen:
            seen.add(c.power)
            out.append((c, c.id, False))
    return out


def find_layings(hand: Sequence[CardDef], common: CardDef | None = None, *, minus: int = 0,
                 common_bonus: int = 1, limit: int | None = None, min_letters: int = 2,
                 max_letters: int | None = None, exclude: frozenset[str] | set[str] = frozenset(),
                 extra_words: Iterable[str] = (), index: Index | None = None,
                 floor: tuple | None = None) -> list[Found]:
    """Like `find_words`, with the power commons in reach (the hand's and the top one). Each
    Dyslexia search takes as its floor the best `limit` found so far (`finder.cut`)."""
    plain_hand = [c for c in hand if not c.power]
    kw = dict(common_bonus=common_bonus, exclude=exclude, extra_words=tuple(extra_words), index=index)
    found = find_words(plain_hand, None if common is not None and common.power else common,
                       minus=minus, limit=limit, min_letters=min_letters, max_letters=max_letters,
                       floor=floor, **kw)
    sources = _sources(hand, common)
    if not sources:
        return found
    rest = [c for c in plain_hand if c.kind != "common"]       # one common per laying
    best = {f.word: f for f in found}
    for card, cid, ref in sources:
        if card.power == "dyslexia":
            more = _dyslexia(rest, (card, "", ref), cid, minus, limit, min_letters, max_letters, kw,
                             best, floor)
        else:
            more = _space(rest, (card, "", ref), cid, minus, min_letters, max_letters, kw)
        for f in more:
            old = best.get(f.word)
            if old is None or f.key() < old.key():
                best[f.word] = f
    ranked = sorted(best.values(), key=Found.key)
    if floor is not None and limit is not None:
        ranked = [f for f in ranked if f.key()[:3] <= tuple(floor[:3])]
    return ranked[:limit] if limit is not None else ranked


def _dyslexia(rest: list[CardDef], piece, cid: str, minus: int, limit, min_letters, max_letters,
              kw, best: dict[str, Found], floor: tuple | None) -> list[Found]:
    out: list[Found] = []
    seen = set()
    for i, c in enumerate(rest):
        if len(c.letters) != 2 or c.letters[0] == c.letters[1] or c.ability.kind == "flip":
            continue
        if card_type(c) in seen:
            continue                    # reversing either of two alike cards is the same
        seen.add(card_type(c))
        turned = rest[:i] + [replace(c, letters=c.letters[::-1])] + rest[i + 1:]
        for f in find_words(turned, None, minus=minus, limit=limit, min_letters=min_letters,
                            max_letters=max_letters, blanks=(piece,), must=c.id,
                            floor=tighter(floor, cut(best.values(), limit)), **kw):
            out.append(Found(f.word, f.score, f.cards + (cid,), f.texts + ("",)))
    return out


def _space(rest: list[CardDef], piece, cid: str, minus: int, min_letters, max_letters,
           kw) -> list[Found]:
    types: dict[tuple, list[CardDef]] = {}
    for c in rest:
        types.setdefault(card_type(c), []).append(c)
    groups = list(types.values())
    memo: dict[tuple[int, ...], Found | None] = {}

    def best_of(counts: tuple[int, ...]) -> Found | None:
        if counts not in memo:
            cards = [c for g, k in zip(groups, counts) for c in g[:k]]
            got = find_words(cards, None, limit=1, **kw) if len(cards) else []
            memo[counts] = got[0] if got else None
        return memo[counts]

    card, _, ref = piece
    bonus = kw["common_bonus"] if ref else card.cents
    top: Found | None = None
    full = tuple(len(g) for g in groups)
    for part in product(*(range(k + 1) for k in full)):
        other = tuple(k - p for k, p in zip(full, part))
        if part > other:
            continue                    # each split once (the two words in either order)
        a, b = best_of(part), best_of(other)
        if a is None or b is None:
            continue
        # the second part's cards are the hand's cards of each type after the first part's
        b_ids = _shift(groups, part, b)
        total = a.score.cents + b.score.cents + bonus
        s = Score(max(0, total - minus), a.score.draws + b.score.draws,
                  a.score.letters + b.score.letters)
        if s.letters < min_letters or (max_letters is not None and s.letters > max_letters):
            continue
        word = f"{a.word} {b.word}"
        f = Found(word, s, a.cards + (cid,) + b_ids, a.texts + ("",) + b.texts)
        if top is None or f.key() < top.key():
            top = f
    return [top] if top is not None else []


def _shift(groups: list[list[CardDef]], part: tuple[int, ...], found: Found) -> tuple[str, ...]:
    """`found`'s card ids, found among the cards each type keeps after the first part's."""
    where = {c.id: (g, k) for g, cs in enumerate(groups) for k, c in enumerate(cs)}
    return tuple(groups[where[x][0]][where[x][1] + part[where[x][0]]].id for x in found.cards)

