"""What a seat may not know of a Wooolf!! game, changed at random: the conformance suite
(tests/test_every_game.py) checks that no view or event_view depends on it.

`scramble(state, seat, rng)` permutes the cards of the other holders that `seat` never
saw, changes what the other players' peeks saw and whether their (and the neutral
seat's) shuffles swapped, and replaces the other players' question hands and dials;
`scramble_event(ev, seat, rng)` changes what an event holds that `seat` may not learn
from it (other holders' cards and question hands in the deal, another player's peeked
card, shuffle result or dial, the neutral seat's shuffle).
"""
from __future__ import annotations

import copy
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.wooolf.content import content
from engine.wooolf.state import NOBODY, WooolfState


def _question(rng: Rng) -> str:
    return rng.choice([q.id for q in content().questions])


def _arrows(rng: Rng, n: int, holders: int) -> list[int]:
    return [rng.randint(NOBODY, holders - 1) for _ in range(n)]


def scramble(state: WooolfState, seat: int | None, rng: Rng) -> WooolfState:
    st = copy.deepcopy(state)
    if not st.cards:
        return st
    seen: set[str] = set()
    if seat is not None:
        seen = set(st.cards[seat]) | {p["card"] for p in st.peeks if p["seat"] == seat}
    slots = [(h, i) for h in range(st.holders) if h != seat for i in (0, 1) if st.cards[h][i] not in seen]
    cards = [st.cards[h][i] for h, i in slots]
    rng.shuffle(cards)
    for (h, i), c in zip(slots, cards):
        st.cards[h][i] = c
    deck = content().deck(st.seats, bool(st.options.get("advanced", False)))
    for p in st.peeks:
        if p["seat"] != seat and p["target"] != seat:
            p["card"] = rng.choice(deck)
    for sh in st.shuffles:
        if sh["seat"] != seat:
            sh["swapped"] = not sh["swapped"]
    for s in range(st.seats):
        if s == seat:
            continue
        st.questions[s] = [_question(rng) for _ in st.questions[s]]
        d = st.dials[s] if st.dials else None
        if d is not None:
            n = len(d["arrows"]) if d["arrows"] is not None else 1
            st.dials[s] = {"early": d["early"],
                           "arrows": None if not d["early"] and rng.below(2) else _arrows(rng, n, st.holders)}
    return st


def scramble_event(ev: Event, seat: int | None, rng: Rng) -> Event:
    out: dict[str, Any] = copy.deepcopy(ev)
    etype = ev.get("type")
    if etype == "round_dealt":
        deck = [c for pair in ev["cards"] for c in pair]
        for h, pair in enumerate(out["cards"]):
            if h != seat:
                out["cards"][h] = [rng.choice(deck), rng.choice(deck)]
        for s, hand in enumerate(out["questions"]):
            if s != seat:
                out["questions"][s] = [_question(rng) for _ in hand]
    elif etype == "neutral_shuffled":
        out["swapped"] = not ev["swapped"]
    elif ev.get("seat") != seat:
        if etype == "peeked":
            out["card"] = rng.choice(sorted(content().cards))
        elif etype == "shuffled":
            out["swapped"] = not ev["swapped"]
        elif etype == "declared":
            out["arrows"] = None if ev["arrows"] is not None else [NOBODY]
    return out
