"""A brute-force oracle for the suspicion assistant: every deal of the cards this seat has
not got to the other holders (unordered pairs), and for each holder every order of its
two cards in each shuffle epoch anything was seen in, checked against every fact
straight from the raw knowledge: the seat's own peeks (physical cards), each marker's
announcement given the real identity of whoever laid it (a shepherd boy's "Wolf!"), and
each answer. A deal weighs the number of card orders that fit.

Only for small tables: 4 seats with the neutral seat or 5 seats (8 unknown cards, 2,520
deals). The assistant must agree with it exactly.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Iterator

from engine.wooolf.content import content
from engine.wooolf.knowledge import Knowledge
from engine.wooolf.rules import announcement
from engine.wooolf.scoring import arrow_right, holders_of


def deals(k: Knowledge) -> Iterator[dict[int, tuple[str, str]]]:
    """Every deal of the unseen cards: holder -> its two cards (sorted), own seat included."""
    others = [h for h in range(k.holders) if h != k.seat]
    pool = sorted(set(k.deck) - set(k.cards))
    seen = k.seen()
    deal: dict[int, tuple[str, str]] = {k.seat: tuple(sorted(k.cards))}  # type: ignore[dict-item]

    def place(i: int, free: list[str]) -> Iterator[dict[int, tuple[str, str]]]:
        if i == len(others):
            yield dict(deal)
            return
        h = others[i]
        for pair in combinations(free, 2):
            if all(x in pair for x in seen.get(h, ())):
                deal[h] = pair
                yield from place(i + 1, [x for x in free if x not in pair])
        deal.pop(h, None)

    yield from place(0, pool)


def weight(k: Knowledge, deal: dict[int, tuple[str, str]]) -> int:
    """How many card orders (per holder and observed epoch) make `deal` fit every fact."""
    c = content()
    ident = {h: c.identity(pair) for h, pair in deal.items()}
    shepherd = {p: ident[p] == "shepherd" for p in range(k.seats)}
    for t, q, ans in k.asks:
        pair = deal[t]
        if c.question(q).answer(ident[t], tuple(c.cards[x].role for x in pair)) != ans:
            return 0
    for by, h, pos, e, said, card in k.markers:
        if h == k.seat and by != k.seat:
            if announcement(c.cards[str(card)].public, ident[by]) != said:
                return 0
    w = 1
    for h, pair in deal.items():
        if h == k.seat:
            continue
        epochs = {e for hh, _, e, _ in k.peeks if hh == h} | {m[3] for m in k.markers if m[1] == h and m[0] != k.seat}
        for e in epochs:
            fits = 0
            for order in (pair, pair[::-1]):
                ok = all(order[pos] == card for hh, pos, ee, card in k.peeks if hh == h and ee == e)
                ok = ok and all(
                    announcement(c.cards[order[pos]].public, "shepherd" if shepherd[by] else "other") == said
                    for by, hh, pos, ee, said, _ in k.markers if hh == h and ee == e and by != k.seat)
                fits += ok
            w *= fits
            if not w:
                return 0
    return w


def brute_force(k: Knowledge) -> tuple[int, list[dict[str, int]], dict[str, int]]:
    """(z, per holder {role: weight}, {role: weight of deals where nobody holds it})."""
    c = content()
    z = 0
    roles = [{r: 0 for r in c.roles} for _ in range(k.holders)]
    absent = {r: 0 for r in c.roles}
    for deal in deals(k):
        w = weight(k, deal)
        if not w:
            continue
        z += w
        held = set()
        for h, pair in deal.items():
            r = c.identity(pair)
            roles[h][r] += w
            held.add(r)
        for r in c.roles:
            if r not in held:
                absent[r] += w
    return z, roles, absent


def brute_probabilities(k: Knowledge) -> tuple[list[dict[str, Fraction]], dict[str, Fraction]]:
    z, roles, absent = brute_force(k)
    if not z:
        raise ValueError("no deal fits this knowledge")
    return ([{r: Fraction(n, z) for r, n in per.items()} for per in roles],
            {r: Fraction(n, z) for r, n in absent.items()})


def brute_ask(k: Knowledge, holder: int, question: str) -> dict[tuple[bool, str], int]:
    """(answer, identity) -> weight, for `holder` asked `question` now."""
    c = content()
    q = c.question(question)
    out: dict[tuple[bool, str], int] = {}
    for deal in deals(k):
        w = weight(k, deal)
        if w:
            pair = deal[holder]
            ident = c.identity(pair)
            key = (q.answer(ident, tuple(c.cards[x].role for x in pair)), ident)
            out[key] = out.get(key, 0) + w
    return out


def brute_peek(k: Knowledge, holder: int, pos: int) -> dict[tuple[tuple[str, str], str], int]:
    """(kind a peek at (holder, pos) would show now, identity) -> weight; each card order of
    the holder's current epoch counted in full (the weights sum to twice the total)."""
    c = content()
    e = k.epochs[holder]
    blind = Knowledge(**{**k.__dict__,
                         "peeks": tuple(p for p in k.peeks if not (p[0] == holder and p[2] == e)),
                         "markers": tuple(m for m in k.markers if not (m[1] == holder and m[3] == e))})
    out: dict[tuple[tuple[str, str], str], int] = {}
    observed = any(p[0] == holder and p[2] == e for p in k.peeks) or \
        any(m[1] == holder and m[3] == e and m[0] != k.seat for m in k.markers)
    for deal in deals(k):
        if not weight(k, deal):
            continue
        w_rest = weight(blind, deal)          # every fact but those of the current epoch
        pair = deal[holder]
        for order in (pair, pair[::-1]):
            one = Knowledge(**{**k.__dict__, "peeks": tuple(p for p in k.peeks if p[0] == holder and p[2] == e),
                               "markers": tuple(m for m in k.markers if m[1] == holder and m[3] == e),
                               "asks": ()})
            fits = _order_fits(one, holder, e, order, deal) if observed else 1
            if fits:
                key = (c.cards[order[pos]].kind, c.identity(pair))
                out[key] = out.get(key, 0) + w_rest * (2 if observed else 1)
    return out


def _order_fits(k: Knowledge, holder: int, e: int, order: tuple[str, str], deal: dict[int, tuple[str, str]]) -> bool:
    c = content()
    if any(order[pos] != card for hh, pos, ee, card in k.peeks if hh == holder and ee == e):
        return False
    return all(announcement(c.cards[order[pos]].public, c.identity(deal[by])) == said
               for by, hh, pos, ee, said, _ in k.markers if hh == holder and ee == e and by != k.seat)


def brute_declaration(k: Knowledge, arrows: list[int]) -> Fraction:
    """The chance that this seat's dial with `arrows` is right, over every fitting deal."""
    c = content()
    targets = c.roles[c.identity(k.cards)].targets
    z = hit = 0
    for deal in deals(k):
        w = weight(k, deal)
        if w:
            z += w
            held = holders_of([deal[h] for h in range(k.holders)])
            if all(arrow_right(t, a, held) for t, a in zip(targets, arrows)):
                hit += w
    return Fraction(hit, z) if z else Fraction(0)
