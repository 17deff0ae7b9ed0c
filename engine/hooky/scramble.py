"""What a seat may not know of a Hooky game, changed at random: the conformance suite
(tests/test_every_game.py) checks that no view or event_view depends on it.

`scramble(state, seat, rng)` permutes every letter `seat` cannot place (other seats'
face-down cards, the unflipped playground, the hooky cards) and replaces other seats'
guesses and named hands (nothing once the game is over: then everything is shown);
`scramble_event(ev, seat, rng)` changes what an event holds that
`seat` may not learn from it (other hands in the deal, other seats' peeks, guesses and
named hands).
"""
from __future__ import annotations

import copy
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.hooky.knowledge import ALPHABET
from engine.hooky.state import HookyState


def _letters(rng: Rng, k: int) -> list[str]:
    pool = list(ALPHABET)
    rng.shuffle(pool)
    return sorted(pool[:k])


def scramble(state: HookyState, seat: int | None, rng: Rng) -> HookyState:
    """A copy of `state` in which everything `seat` may not know is changed: the other
    seats' face-down cards, the unflipped playground and the hooky cards are permuted
    among themselves (the letters `seat` knows stay put), other seats' peeks follow the
    permutation, and other seats' guesses and named hands are replaced at random."""
    st = copy.deepcopy(state)
    if st.ended:                     # once the game is over, every view shows everything
        return st
    n = st.seats
    known = {c for r in st.revealed for c in r} | set(st.playground[:st.flipped])
    if seat is not None:
        known |= set(st.hands[seat]) | {p["letter"] for p in st.peeks if p["seat"] == seat}
    slots: list[tuple[str, int]] = []
    for s in range(n):
        for i, c in enumerate(st.hands[s]):
            if c not in known:
                slots.append(("hand", s * 100 + i))
    for i in range(st.flipped, len(st.playground)):
        slots.append(("ground", i))
    for i in range(len(st.hooky)):
        slots.append(("hooky", i))

    def get(slot):
        kind, i = slot
        if kind == "hand":
            return st.hands[i // 100][i % 100]
        return (st.playground if kind == "ground" else st.hooky)[i]

    letters = [get(sl) for sl in slots]
    shuffled = list(letters)
    rng.shuffle(shuffled)
    sigma = dict(zip(letters, shuffled))
    for sl, new in zip(slots, shuffled):
        kind, i = sl
        if kind == "hand":
            st.hands[i // 100][i % 100] = new
        elif kind == "ground":
            st.playground[i] = new
        else:
            st.hooky[i] = new
    st.hands = [sorted(h) for h in st.hands]
    st.hooky = sorted(st.hooky)

    for p in st.peeks:
        if p["seat"] != seat:
            p["letter"] = sigma.get(p["letter"], p["letter"])
    for s in range(n):
        if s == seat:
            continue
        st.guesses[s] = {r: _letters(rng, 3) for r in st.guesses[s]}
        if st.named[s] is not None:
            st.named[s] = [[] if t == s else _letters(rng, 2) for t in range(n)]
    return st


def scramble_event(ev: Event, seat: int | None, rng: Rng) -> Event:
    out: dict[str, Any] = copy.deepcopy(ev)
    kind = out.get("type")
    if kind == "dealt":
        own = set(out["hands"][seat]) if seat is not None else set()
        rest = [c for h in out["hands"] for c in h if c not in own] + out["playground"] + out["hooky"]
        rng.shuffle(rest)
        it = iter(rest)
        out["hands"] = [list(h) if s == seat else sorted(next(it) for _ in h)
                        for s, h in enumerate(out["hands"])]
        out["playground"] = [next(it) for _ in out["playground"]]
        out["hooky"] = sorted(next(it) for _ in out["hooky"])
    elif out.get("seat") != seat:
        if kind == "card_peeked":
            out["letter"] = _letters(rng, 1)[0]
        elif kind == "hooky_guessed":
            out["letters"] = _letters(rng, 3)
        elif kind == "hands_named":
            out["hands"] = [_letters(rng, 2) for _ in out["hands"]]
    return out
