"""What a seat may not know of a Word Porters game, changed at random: the conformance
suite (tests/test_every_game.py) checks that no view or event_view depends on it.

`scramble(state, seat, rng)` gives the other seats new numbers (distinct, none equal to
`seat`'s own or to a number already revealed this round) and new votes, except once this
round's reveal has begun (every vote is shown from then on); nothing once the game is over (then everything
is shown). `scramble_event(ev, seat, rng)` changes the other seats' numbers in a deal
and the numbers of another seat's vote.
"""
from __future__ import annotations

import copy
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.wordporters.state import POSITIONS, WordPortersState


def _vote(rng: Rng, voter: int, seats: int) -> list[int | None]:
    pool = list(range(1, POSITIONS + 1))
    rng.shuffle(pool)
    return [None if s == voter else pool[s] for s in range(seats)]


def scramble(state: WordPortersState, seat: int | None, rng: Rng) -> WordPortersState:
    st = copy.deepcopy(state)
    if st.ended or not st.numbers:
        return st
    shown = {r["seat"] for r in st.reveals}
    keep = shown | ({seat} if seat is not None else set())
    fixed = {st.numbers[s] for s in keep}
    pool = [x for x in range(1, POSITIONS + 1) if x not in fixed]
    rng.shuffle(pool)
    it = iter(pool)
    st.numbers = [st.numbers[s] if s in keep else next(it) for s in range(st.seats)]
    for s in range(st.seats):
        if not st.reveals and s not in keep and st.votes[s] is not None:
            st.votes[s] = _vote(rng, s, st.seats)
    return st


def scramble_event(ev: Event, seat: int | None, rng: Rng) -> Event:
    out: dict[str, Any] = copy.deepcopy(ev)
    kind = out.get("type")
    if kind == "round_dealt":
        nums = out["numbers"]
        own = nums[seat] if seat is not None else None
        pool = [x for x in range(1, POSITIONS + 1) if x != own]
        rng.shuffle(pool)
        it = iter(pool)
        out["numbers"] = [own if s == seat else next(it) for s in range(len(nums))]
    elif kind == "voted" and out.get("seat") != seat:
        out["guesses"] = _vote(rng, out["seat"], len(out["guesses"]))
    return out
