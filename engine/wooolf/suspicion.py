"""The suspicion assistant: from one seat's knowledge only, the exact probability of every
role for every holder (the neutral seat included), and of each role being held by nobody,
by exact counting over every consistent deal (no sampling).

The count is the one `engine.wooolf.bruteforce` makes: deals of the unseen cards to the
other holders, each weighed by how many orders of each holder's two cards, per observed
shuffle epoch, fit every fact. It is computed without enumerating deals:

- Cards of one kind (role, public identity) are interchangeable for every fact, except
  the physical cards this seat saw: those are fixed to their holder and taken out of the
  pool. A holder's factor then depends only on the multiset of kinds it draws.
- A shepherd boy's "Wolf!" couples the peeker's identity with the peeked card. Players
  whose shepherd-boy status matters to some "Wolf!" and is not forced (a player who ever
  announced anything but Wolf or "?" is no shepherd boy; a "Wolf!" at this seat's own
  non-wolf card makes its caller one) are split into cases, at most as many shepherd boys
  as there are shepherd-boy cards. Inside a case every fact is about one holder.
- Per case, a dynamic program over the holders whose state is how many cards of each
  kind are dealt so far (every sub-multiset of the pool, a few thousand at 8 seats),
  forward and backward, in exact integers (numpy int64 when the counts are known to fit,
  Python integers otherwise). A holder's marginal is forward x its draw x backward.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial, prod
from typing import Any, Callable

import numpy as np

from engine.wooolf.content import UNKNOWN, content
from engine.wooolf.knowledge import Knowledge
from engine.wooolf.rules import announcement
from engine.wooolf.state import NOBODY

Kind = tuple[str, str]               # (role, public identity)
INT64_SAFE = 1 << 62


# ---- the lattice of sub-multisets of a pool ------------------------------------------
class Lattice:
    """Every count vector u <= pool (cards of each kind dealt so far), indexed in mixed
    radix, and for each level (cards dealt) and draw size the transitions u -> u + m with
    their coefficient prod_k C(pool_k - u_k, m_k), grouped three ways for the passes."""

    def __init__(self, pool: tuple[int, ...]) -> None:
        self.pool = pool
        k = len(pool)
        radix = [c + 1 for c in pool]
        self.strides = [prod(radix[i + 1:]) for i in range(k)]
        self.size = prod(radix)
        grids = np.indices(radix).reshape(k, -1).T if k else np.zeros((1, 0), dtype=np.int64)
        self.states = grids.astype(np.int64)                  # row i is the state with index i
        self.level = self.states.sum(axis=1)
        self.full = self.size - 1
        self._steps: dict[tuple[int, int], Any] = {}
        self.draws: dict[int, list[tuple[int, ...]]] = {0: [()], 1: [], 2: []}
        for i in range(k):
            if pool[i] >= 1:
                self.draws[1].append((i,))
        for i, j in combinations_with_replacement(range(k), 2):
            if (i != j and pool[i] and pool[j]) or (i == j and pool[i] >= 2):
                self.draws[2].append((i, j))

    def step(self, level: int, n: int) -> "Step":
        key = (level, n)
        if key not in self._steps:
            self._steps[key] = Step(self, level, n)
        return self._steps[key]


class Step:
    """The transitions from the states of one level by a draw of n cards."""

    def __init__(self, lat: Lattice, level: int, n: int) -> None:
        at = np.nonzero(lat.level == level)[0]
        draws = lat.draws[n]
        strides = np.array(lat.strides, dtype=np.int64)
        rest = np.array(lat.pool, dtype=np.int64)[None, :] - lat.states[at]      # S x K cards left
        if n == 0:
            ok = np.ones((len(at), 1), dtype=bool)
            coef = np.ones((len(at), 1), dtype=np.int64)
            shift = np.zeros(1, dtype=np.int64)
        else:
            first = np.array([d[0] for d in draws], dtype=np.int64)
            last = np.array([d[-1] for d in draws], dtype=np.int64)
            ri, rj = rest[:, first], rest[:, last]                                # S x T
            if n == 1:
                ok, coef = ri >= 1, ri
            else:   # a draw of two: two of one kind, or one each of two kinds
                same = (first == last)[None, :]
                ok = np.where(same, ri >= 2, (ri >= 1) & (rj >= 1))
                coef = np.where(same, ri * (ri - 1) // 2, ri * rj)
            shift = strides[first] + (strides[last] if n == 2 else 0)
        si, ti = np.nonzero(ok)
        self.src = at[si]
        self.dst = self.src + shift[ti]
        self.take = ti.astype(np.int64)
        self.coef = coef[si, ti].astype(np.int64)
        self.by_dst = _groups(self.dst)
        self.by_src = _groups(self.src)
        self.by_take = _groups(self.take)


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(order, starts, unique keys): sort by key, then reduceat sums each group."""
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    if len(sk) == 0:
        return order, np.zeros(0, dtype=np.int64), sk
    starts = np.concatenate(([0], np.nonzero(np.diff(sk))[0] + 1))
    return order, starts, sk[starts]


def _sum_by(values: np.ndarray, groups: tuple[np.ndarray, np.ndarray, np.ndarray], size: int,
            dtype: Any) -> np.ndarray:
    order, starts, keys = groups
    out = np.zeros(size, dtype=dtype)
    if len(starts):
        out[keys] = np.add.reduceat(values[order], starts)
    return out


@lru_cache(maxsize=24)
def lattice(pool: tuple[int, ...]) -> Lattice:
    return Lattice(pool)


# ---- one holder's facts ----------------------------------------------------------------
@dataclass
class Holder:
    """A holder other than this seat: the cards this seat saw there, and its facts by epoch."""
    index: int
    known: list[str]
    need: int
    epochs: dict[int, dict[str, list]] = field(default_factory=dict)   # e -> {"peeks", "marks"}
    asks: list[tuple[str, bool]] = field(default_factory=list)
    current: int = 0
    wolf_callers: tuple[int, ...] = ()          # who announced "Wolf!" here (their status matters)


@dataclass
class Suspicion:
    """The assistant's answer for one seat. Counts are exact integers over the consistent
    (deal, card order) pairs; `z` is their total. Probabilities are Fractions."""
    seat: int
    holders: int
    z: int
    roles: list[dict[str, int]]                 # per holder: role -> weight
    absent: dict[str, int]                      # role -> weight of "nobody holds it"
    peeks: dict[tuple[int, int], dict[tuple[Kind, str], int]]   # (holder, pos) -> (kind seen, identity) -> weight
    asks: dict[int, dict[tuple[tuple[str, ...], str], int]]     # player -> (its cards' roles, identity) -> weight

    @property
    def consistent(self) -> bool:
        return self.z > 0

    def p(self, holder: int, role: str) -> Fraction:
        return Fraction(self.roles[holder][role], self.z) if self.z else Fraction(0)

    def role_probs(self, holder: int) -> dict[str, Fraction]:
        return {r: self.p(holder, r) for r in self.roles[holder]}

    def p_absent(self, role: str) -> Fraction:
        return Fraction(self.absent[role], self.z) if self.z else Fraction(0)

    def certain(self, holder: int) -> str | None:
        """The holder's role when only one is possible."""
        live = [r for r, n in self.roles[holder].items() if n]
        return live[0] if len(live) == 1 else None

    def peek_outcomes(self, holder: int, pos: int) -> dict[tuple[Kind, str], int]:
        """What a peek at (holder, pos) now would show (the card's kind), jointly with the
        holder's identity, as weights summing to 2z (each card order counted in full)."""
        return self.peeks.get((holder, pos), {})

    def ask_outcomes(self, holder: int, question: str) -> dict[tuple[bool, str], int]:
        """The answer `holder` would give to `question`, jointly with its identity."""
        q = content().question(question)
        out: dict[tuple[bool, str], int] = {}
        for (roles_, ident), n in self.asks.get(holder, {}).items():
            key = (q.answer(ident, roles_), ident)
            out[key] = out.get(key, 0) + n
        return out


def _kinds(k: Knowledge) -> list[Kind]:
    c = content()
    return sorted({c.cards[x].kind for x in k.deck})


@dataclass
class Problem:
    """One seat's knowledge set up for counting: the pool lattice, the other holders with
    their draws (slot pairs: (kind, physical card or None)), and per shepherd-boy case the
    holders' weights per draw (`cases`: (w0/w1 per holder, weights per holder, dtype))."""
    k: Knowledge
    lat: Lattice
    holders: list[Holder]
    slots: list[list[tuple[tuple[Kind, str | None], tuple[Kind, str | None]]]]
    my_identity: str
    value: dict[str, int]
    cases: list[tuple[list[tuple[list[int], list[int]]], list[np.ndarray], Any]]

    roles: tuple[str, ...] = ()
    ident_ix: list[np.ndarray] = field(default_factory=list)   # per holder: role index of each draw

    def __post_init__(self) -> None:
        self.roles = tuple(self.value)
        rix = {r: i for i, r in enumerate(self.roles)}
        self.ident_ix = [np.array([rix[self.ident(j, t)] for t in range(len(sl))], dtype=np.int64)
                         for j, sl in enumerate(self.slots)]

    def ident(self, j: int, t: int) -> str:
        a, b = self.slots[j][t]
        return max((a[0][0], b[0][0]), key=self.value.__getitem__)

    def count(self, keep: Callable[[int, str], bool]) -> int:
        """The weight of the deals in which every other holder h's identity r has keep(h, r)."""
        masks = [np.array([keep(hd.index, r) for r in self.roles])[self.ident_ix[j]]
                 for j, hd in enumerate(self.holders)]
        total = 0
        for _, w, dtype in self.cases:
            masked = [np.where(masks[j], w[j], 0).astype(dtype) for j in range(len(self.holders))]
            f, _ = _forward(self.lat, self.holders, masked, dtype)
            total += int(f[-1][self.lat.full])
        return total


def problem(k: Knowledge) -> Problem | None:
    """Set `k` up for counting (None: no deal can fit it)."""
    c = content()
    kinds = _kinds(k)
    kind_ix = {kd: i for i, kd in enumerate(kinds)}
    value = {r: c.roles[r].value for r in c.roles}
    me = k.seat
    seen = k.seen()
    pool_cards = [x for x in k.deck if x not in k.cards and all(x not in v for v in seen.values())]
    pool = [0] * len(kinds)
    for x in pool_cards:
        pool[kind_ix[c.cards[x].kind]] += 1
    lat = lattice(tuple(pool))

    # who may be a shepherd boy: allowed statuses per player (True: is one)
    allowed = {p: {True, False} for p in range(k.seats) if p != me}
    callers: dict[int, set[int]] = {}
    for by, h, pos, e, said, card in k.markers:
        if by == me:
            continue
        if h == me:
            pub = c.cards[str(card)].public
            allowed[by] &= {s for s in (True, False) if announcement(pub, "shepherd" if s else "") == said}
        elif said == "wolf":
            callers.setdefault(h, set()).add(by)
        elif said != UNKNOWN:
            allowed[by] &= {False}
    if any(not a for a in allowed.values()):
        return None
    split = sorted(p for p, a in allowed.items() if len(a) == 2 and any(p in v for v in callers.values()))
    forced = {p: next(iter(a)) for p, a in allowed.items() if len(a) == 1}
    # at most one shepherd boy per shepherd-boy card this seat does not hold
    max_sb = sum(1 for x in k.deck if c.cards[x].role == "shepherd" and x not in k.cards)

    holders: list[Holder] = []
    for h in range(k.holders):
        if h == me:
            continue
        kn = list(seen.get(h, []))
        if len(kn) > 2:
            return None
        hd = Holder(h, kn, 2 - len(kn), current=k.epochs[h] if h < len(k.epochs) else 0,
                    wolf_callers=tuple(sorted(callers.get(h, ()))))
        for hh, pos, e, card in k.peeks:
            if hh == h:
                hd.epochs.setdefault(e, {"peeks": [], "marks": []})["peeks"].append((pos, card))
        for by, hh, pos, e, said, _ in k.markers:
            if hh == h and by != me:
                hd.epochs.setdefault(e, {"peeks": [], "marks": []})["marks"].append((pos, by, said))
        hd.asks = [(q, a) for t, q, a in k.asks if t == h]
        holders.append(hd)

    slots: list[list[tuple[tuple[Kind, str | None], tuple[Kind, str | None]]]] = []
    for hd in holders:
        known = [(c.cards[x].kind, x) for x in hd.known]
        slots.append([tuple(known + [(kinds[i], None) for i in draw])  # type: ignore[misc]
                      for draw in lat.draws[hd.need]])

    deals = factorial(len(pool_cards)) // prod(factorial(hd.need) for hd in holders) if holders else 1
    cases = []
    memo: dict[tuple, tuple[list[int], list[int]]] = {}     # a holder's weights hang on few statuses
    for bits in product((False, True), repeat=len(split)):
        status = dict(forced)
        status.update(zip(split, bits))
        if sum(1 for x in status.values() if x) > max_sb:
            continue
        ws = []
        for j, hd in enumerate(holders):
            key = (j, status.get(hd.index), tuple(status.get(p) for p in hd.wolf_callers))
            if key not in memo:
                memo[key] = _factors(hd, slots[j], status, c, value)
            ws.append(memo[key])
        bound = deals * prod(max(_total(hd, wv), default=0) for hd, wv in zip(holders, ws))
        if bound == 0:
            continue
        dtype: Any = np.int64 if bound < INT64_SAFE else object
        w = [np.array(_total(hd, wv), dtype=dtype) for hd, wv in zip(holders, ws)]
        cases.append((ws, w, dtype))
    return Problem(k, lat, holders, slots, c.identity(k.cards), value, cases)


def suspect(k: Knowledge, *, absent: bool = True) -> Suspicion:
    """Exact role probabilities for every holder from `k` (see the module docstring)."""
    c = content()
    pb = problem(k)
    if pb is None:
        return _empty(k)
    lat, holders, slots, me = pb.lat, pb.holders, pb.slots, k.seat
    total = 0
    # per holder and draw, summed over the cases: the weight, and the weight of each order
    # of the current epoch (o = 0: position 0 holds slot a), each order counted in full
    acc = [np.zeros(len(sl), dtype=object) for sl in slots]
    acc0 = [np.zeros(len(sl), dtype=object) for sl in slots]
    acc1 = [np.zeros(len(sl), dtype=object) for sl in slots]
    for ws, w, dtype in pb.cases:
        fwd, level = _forward(lat, holders, w, dtype)
        z = int(fwd[-1][lat.full])
        if z == 0:
            continue
        total += z
        bwd = _backward(lat, holders, w, level, dtype)
        for j, hd in enumerate(holders):
            rest = _rest(lat, hd.need, level[j], fwd[j], bwd[j + 1], len(w[j]), dtype).astype(object)
            acc[j] += rest * w[j].astype(object)
            if hd.current in hd.epochs:
                acc0[j] += 2 * rest * np.array(ws[j][0], dtype=object)
                acc1[j] += 2 * rest * np.array(ws[j][1], dtype=object)
    roles_w = [{r: 0 for r in c.roles} for _ in range(k.holders)]
    absent_w = {r: 0 for r in c.roles}
    peeks: dict[tuple[int, int], dict[tuple[Kind, str], int]] = {}
    ask_tally: dict[int, dict[tuple[tuple[str, ...], str], int]] = {}
    for j, hd in enumerate(holders):
        observed = hd.current in hd.epochs
        tabs = (peeks.setdefault((hd.index, 0), {}), peeks.setdefault((hd.index, 1), {}))
        tally = ask_tally.setdefault(hd.index, {}) if hd.index < k.seats else None
        for t, (a, b) in enumerate(slots[j]):
            x = int(acc[j][t])
            if not x:
                continue
            ident = pb.roles[pb.ident_ix[j][t]]
            roles_w[hd.index][ident] += x
            x0, x1 = (int(acc0[j][t]), int(acc1[j][t])) if observed else (x, x)
            for pos in (0, 1):
                for o, xo in ((0, x0), (1, x1)):
                    if xo:
                        kd = (a if (pos == 0) == (o == 0) else b)[0]
                        tabs[pos][(kd, ident)] = tabs[pos].get((kd, ident), 0) + xo
            if tally is not None:
                key = (tuple(sorted((a[0][0], b[0][0]))), ident)
                tally[key] = tally.get(key, 0) + x
    if absent and total:
        for r in c.roles:
            if pb.my_identity != r:
                absent_w[r] = pb.count(lambda h, ident, r=r: ident != r)
    roles_w[me][pb.my_identity] = total
    return Suspicion(me, k.holders, total, roles_w, absent_w, peeks, ask_tally)


def _total(hd: Holder, wv: tuple[list[int], list[int]]) -> list[int]:
    """A holder's weight per draw: both orders of its current epoch when anything was seen
    in it, else one (an unobserved epoch does not multiply the count)."""
    w0, w1 = wv
    if hd.current in hd.epochs:
        return [x + y for x, y in zip(w0, w1)]
    return list(w0)


def _ident(s: tuple[tuple[Kind, Any], tuple[Kind, Any]], value: dict[str, int]) -> str:
    return max((s[0][0][0], s[1][0][0]), key=value.__getitem__)


def _empty(k: Knowledge) -> Suspicion:
    c = content()
    return Suspicion(k.seat, k.holders, 0, [{r: 0 for r in c.roles} for _ in range(k.holders)],
                     {r: 0 for r in c.roles}, {}, {})


def _factors(hd: Holder, slots: list, status: dict[int, bool], c: Any, value: dict[str, int]
             ) -> tuple[list[int], list[int]]:
    """Per draw, the weight with the current epoch's order 0 and order 1 (the product of
    the other observed epochs' fitting orders, times the holder's own constraints)."""
    mine = status.get(hd.index)
    w0: list[int] = []
    w1: list[int] = []
    for a, b in slots:
        ident = max((a[0][0], b[0][0]), key=value.__getitem__)
        if mine is not None and (ident == "shepherd") != mine:
            w0.append(0), w1.append(0)
            continue
        roles_ = (a[0][0], b[0][0])
        if any(c.question(q).answer(ident, roles_) != ans for q, ans in hd.asks):
            w0.append(0), w1.append(0)
            continue
        base = 1
        cur = [1, 1]             # an unobserved current epoch: either order, counted once
        for e, obs in hd.epochs.items():
            fit = [_fits(obs, (a, b) if o == 0 else (b, a), status) for o in (0, 1)]
            if e == hd.current:
                cur = fit
            else:
                base *= fit[0] + fit[1]
                if not base:
                    break
        w0.append(base * cur[0])
        w1.append(base * cur[1])
    return w0, w1


def _fits(obs: dict[str, list], order: tuple, status: dict[int, bool]) -> int:
    for pos, card in obs["peeks"]:
        if order[pos][1] != card:
            return 0
    for pos, by, said in obs["marks"]:
        pub = order[pos][0][1]
        if said == UNKNOWN:
            if pub != UNKNOWN:
                return 0
        elif said == "wolf":
            if status[by]:
                if pub == UNKNOWN:
                    return 0
            elif pub != "wolf":
                return 0
        elif pub != said:
            return 0
    return 1


def _forward(lat: Lattice, holders: list[Holder], w: list[np.ndarray], dtype: Any
             ) -> tuple[list[np.ndarray], list[int]]:
    vec = np.zeros(lat.size, dtype=dtype)
    vec[0] = 1
    fwd = [vec]
    level = [0]
    for j, hd in enumerate(holders):
        st = lat.step(level[-1], hd.need)
        vals = fwd[-1][st.src] * st.coef.astype(dtype) * w[j][st.take]
        fwd.append(_sum_by(vals, st.by_dst, lat.size, dtype))
        level.append(level[-1] + hd.need)
    return fwd, level


def _backward(lat: Lattice, holders: list[Holder], w: list[np.ndarray], level: list[int], dtype: Any
              ) -> list[np.ndarray]:
    last = np.zeros(lat.size, dtype=dtype)
    last[lat.full] = 1
    bwd = [last]
    for j in range(len(holders) - 1, -1, -1):
        st = lat.step(level[j], holders[j].need)
        vals = bwd[0][st.dst] * st.coef.astype(dtype) * w[j][st.take]
        bwd.insert(0, _sum_by(vals, st.by_src, lat.size, dtype))
    return bwd


def _rest(lat: Lattice, need: int, level: int, fwd: np.ndarray, bwd_next: np.ndarray, n: int,
          dtype: Any) -> np.ndarray:
    """Per draw of this holder: the weight of everything else (forward x coef x backward)."""
    st = lat.step(level, need)
    vals = fwd[st.src] * st.coef.astype(dtype) * bwd_next[st.dst]
    return _sum_by(vals, st.by_take, n, dtype)


def suspect_view(view: dict, **kw: Any) -> Suspicion:
    """The assistant for the seat whose view this is."""
    return suspect(Knowledge.from_view(view), **kw)


def declaration_odds(k: Knowledge, arrows: list[int], pb: Problem | None = None) -> Fraction:
    """The exact chance that a dial with these arrows (one per target of this seat's
    identity; -1 for 0, nobody) is right: every arrow at a holder of its target, or at 0
    when nobody holds it."""
    c = content()
    pb = pb if pb is not None else problem(k)
    if pb is None:
        return Fraction(0)
    targets = c.roles[pb.my_identity].targets
    if len(arrows) != len(targets):
        raise ValueError("one arrow per target")
    need: dict[int, str] = {}
    absent: set[str] = set()
    for t, a in zip(targets, arrows):
        if a == NOBODY:
            absent.add(t)
        elif a in need and need[a] != t or a == k.seat:
            return Fraction(0)
        else:
            need[a] = t
    if pb.my_identity in absent:
        return Fraction(0)
    z = pb.count(lambda h, ident: True)
    if not z:
        return Fraction(0)
    hit = pb.count(lambda h, ident: (ident == need[h] if h in need else True) and ident not in absent)
    return Fraction(hit, z)
