"""What a seat may not know of a Paperback game, changed at random: the conformance suite
checks that no view or event_view depends on it.

`scramble(state, seat, rng)`: every other seat's hand and deck are dealt again from the
same cards (the seat knows what each player owns, not where it lies), the seat's own
deck is reordered, and every market pile is reordered below its face-up cards. Once the
game is over hands are shown, so only deck orders change. `scramble_event(ev, seat, rng)`
changes the same secrets inside one event: other seats' decks and the piles' hidden
cards in the set-up, other seats' draws, the order of a reshuffled deck, another seat's
cards put back on its deck.
"""
from __future__ import annotations

import copy

from engine.core.events import Event
from engine.core.rng import Rng
from engine.paperback.content import content
from engine.paperback.plugins import PLUGINS, plugins_on
from engine.paperback.state import PaperbackState


def scramble(state: PaperbackState, seat: int | None, rng: Rng) -> PaperbackState:
    st = copy.deepcopy(state)
    for s in range(st.seats):
        if s == seat or st.ended:
            st.decks[s] = rng.shuffled(st.decks[s])
            continue
        pool = rng.shuffled(st.hands[s] + st.decks[s])
        k = len(st.hands[s])
        st.hands[s], st.decks[s] = pool[:k], pool[k:]
    for pid, _, spread in content().piles:
        pile = st.piles.get(pid, [])
        if not spread and len(pile) > 1:
            st.piles[pid] = pile[:1] + rng.shuffled(pile[1:])
    for p in plugins_on(st):                  # each option's secrets
        p.scramble(st, seat, rng)
    return st


def scramble_event(ev: Event, seat: int | None, rng: Rng) -> Event:
    out = copy.deepcopy(ev)
    etype = ev.get("type")
    if etype == "set_up":
        size = int(ev["hand_size"])
        out["decks"] = [d[:size] + rng.shuffled(d[size:]) if s == seat else rng.shuffled(d)
                        for s, d in enumerate(ev["decks"])]
        piles = {}
        for pid, _, spread in content().piles:
            pile = ev["piles"][pid]
            piles[pid] = pile if spread else pile[:2] + rng.shuffled(pile[2:])
        out["piles"] = piles
    elif etype == "turn_ended":
        if out["new_deck"] is not None:
            out["new_deck"] = rng.shuffled(out["new_deck"])
        if ev.get("seat") != seat:
            out["drawn"] = rng.shuffled(out["drawn"])[::-1]
    elif etype == "answered" and ev.get("seat") != seat:
        out["topdeck"] = ["x" + c for c in out["topdeck"]]
    for p in PLUGINS:
        p.scramble_event(ev, out, seat, rng)
    return out
