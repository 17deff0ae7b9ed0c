"""Wooolf!!'s views and events hold only what a seat may know, checked after every
command of seeded games: a view must not change when every secret the seat cannot see
is changed, and another seat's event never carries its secret."""
from __future__ import annotations

import msgpack
import pytest

from engine.core.reading import seat_event
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.wooolf.rules import WooolfRules
from engine.wooolf.scramble import scramble, scramble_event
from engine.wooolf.state import NOBODY

RULES = WooolfRules()


def _games(seats: int, n: int):
    for g in range(n):
        s = LocalSession(RULES, seats, {"advanced": g % 2 == 0}, seed=100 + g, log=False)
        rng = Rng(g)
        yield s
        while s.outcome() is None:
            seat = min(s.to_act())
            s.submit(rng.choice(list(RULES.legal_commands(s.view(seat), seat))))
            yield s


@pytest.mark.parametrize("seats", [4, 5, 8])
def test_views_hold_no_secret_of_another_seat(seats):
    rng = Rng(seats)
    checked = 0
    for s in _games(seats, 3):
        if s.state.ended:
            continue
        for seat in list(range(seats)) + [None]:
            real = RULES.view(s.state, seat)
            other = RULES.view(scramble(s.state, seat, rng), seat)
            assert real == other, (seat, s.events[-1]["type"])
            ev = s.events[-1]
            assert seat_event(RULES, scramble_event(ev, seat, rng), seat) == seat_event(RULES, ev, seat)
            assert msgpack.unpackb(msgpack.packb(real), strict_map_key=False) == real
            checked += 1
    assert checked > 100


def test_a_view_never_shows_another_dial_or_peek():
    s = LocalSession(RULES, 5, {"start": 0}, seed=3, log=False)
    for seat in range(5):
        s.submit({"type": "peek", "seat": seat, "target": (seat + 1) % 5, "pos": 1})
    s.submit({"type": "declare", "seat": 0, "arrows": [NOBODY] * len(s.view(0)["targets"])})
    v = s.view(1)
    assert v["my_dial"] is None and v["early"] == [0] and v["declared"] == [0]
    assert len(v["my_peeks"]) == 1 and v["my_peeks"][0]["target"] == 2
    assert all("card" not in m for m in v["markers"])
    assert v["my_cards"] == s.state.cards[1] and "cards" not in v
    table = s.view(None)
    assert table["my_cards"] is None and table["my_peeks"] == [] and table["knowledge"] is None


def test_event_view_redacts_other_seats_secrets():
    s = LocalSession(RULES, 4, {"start": 0}, seed=5, log=False)
    s.submit({"type": "shuffle", "seat": 0})
    s.submit({"type": "peek", "seat": 0, "target": 4, "pos": 0})
    dealt, shuffled, peeked, neutral = s.events[:4]
    for seat in (None, 1, 2, 3):
        d = seat_event(RULES, dealt, seat)
        assert "cards" not in d and "questions" not in d
        if seat is not None:
            assert d["my_cards"] == dealt["cards"][seat] and d["my_questions"] == dealt["questions"][seat]
        assert "swapped" not in seat_event(RULES, shuffled, seat)
        assert "card" not in seat_event(RULES, peeked, seat)
        assert seat_event(RULES, peeked, seat)["announced"] == peeked["announced"]
    assert seat_event(RULES, shuffled, 0)["swapped"] == shuffled["swapped"]
    assert seat_event(RULES, peeked, 0)["card"] == peeked["card"]
    assert "swapped" not in seat_event(RULES, neutral, 0)
    assert s.events_for(2)[2] == seat_event(RULES, peeked, 2)


def test_final_declarations_and_declines_look_alike_to_others():
    s = LocalSession(RULES, 5, {"start": 0}, seed=9, log=False)
    for seat in range(5):
        s.submit({"type": "peek", "seat": seat, "target": (seat + 1) % 5, "pos": 0})
    for seat in (0, 1):
        s.submit({"type": "declare", "seat": seat, "arrows": [NOBODY] * len(s.view(seat)["targets"])})
    s.submit({"type": "decline", "seat": 2})
    s.submit({"type": "declare", "seat": 3, "arrows": [NOBODY] * len(s.view(3)["targets"])})
    a, b = s.events[-2], s.events[-1]
    assert seat_event(RULES, a, 4).keys() == seat_event(RULES, b, 4).keys()
    assert seat_event(RULES, a, 4)["type"] == seat_event(RULES, b, 4)["type"] == "declared"
