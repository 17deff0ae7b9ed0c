"""What a seat may not know of a Sumoku game, changed at random: the conformance suite
(tests/test_every_game.py) checks that no view or event_view depends on it.

Every tile is face up, so the one secret is the order of the bag (and a fixed
`bag_order` option, which is that order): `scramble` shuffles both. Events hold nothing
secret (a draw names only the tiles drawn), so `scramble_event` changes nothing.
"""
from __future__ import annotations

import copy

from engine.core.events import Event
from engine.core.rng import Rng
from engine.sumoku.state import SumokuState


def scramble(state: SumokuState, seat: int | None, rng: Rng) -> SumokuState:
    st = copy.deepcopy(state)
    rng.shuffle(st.bag)
    order = st.options.get("bag_order")
    if isinstance(order, list):
        order = list(order)
        rng.shuffle(order)
        st.options["bag_order"] = order
    return st


def scramble_event(ev: Event, seat: int | None, rng: Rng) -> Event:
    return copy.deepcopy(ev)
