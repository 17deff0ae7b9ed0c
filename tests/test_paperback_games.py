"""Property tests over seeded bot games at every seat count: every card accounted for at
every event, ¢ never carried over, the log refolds to the live state, the views and
event views never depend on a secret."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.bots import play_out
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.paperback import PaperbackBot, PaperbackRules
from engine.paperback.scramble import scramble, scramble_event
from engine.paperback.state import PaperbackState

LEVELS = ("hard", "normal", "easy", "hard", "normal")


def zones(st: PaperbackState) -> Counter:
    where: Counter = Counter()
    for s in range(st.seats):
        where.update(st.decks[s])
        where.update(st.hands[s])
        where.update(st.discards[s])
    where.update(st.play)
    for p in st.piles.values():
        where.update(p)
    where.update(c for c in st.front.values() if c is not None)
    for p in st.fame.values():
        where.update(p)
    where.update(st.commons)
    where.update(st.trash)
    where.update(st.boxed)
    return where


def replay_checking(rules, session):
    """Fold the log event by event, checking the invariants after each."""
    st = rules.initial(session.seats, session.options)
    box = Counter(list(st.cards))
    spells = 0
    for ev in session.events:
        before_phase = st.phase
        st = rules.apply(st, ev)
        assert zones(st) == box, f"card lost or doubled after {ev['type']} #{ev['seq']}"
        if ev["type"] == "turn_ended":
            assert st.cents == 0 and st.draws == 0 and st.play == []      # ¢ never carried over
            assert len(st.hands[ev["seat"]]) == min(len(ev["drawn"]), len(st.owned(ev["seat"])))
        if ev["type"] == "spelled":
            spells += 1
            # (simultaneous play: a word is laid when its turn in announcement order comes)
            assert before_phase == ("resolve" if st.sim is not None else "spell")
    return st, spells


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("attacks", [False, True])
def test_bot_games_keep_every_card_and_refold(seats, attacks):
    rules = PaperbackRules()
    bots = [PaperbackBot(LEVELS[s], seed=s) for s in range(seats)]
    session = play_out(rules, seats, bots, seed=seats * 10 + attacks, options={"attacks": attacks})
    out = session.outcome()
    assert out is not None
    st, spells = replay_checking(rules, session)
    assert spells > 0
    assert rules.to_data(st) == rules.to_data(session.state)
    assert rules.to_data(session.refold()) == rules.to_data(session.state)
    # the end: two Fame piles empty or the last common claimed, after a whole turn
    assert (sum(1 for p in st.fame.values() if not p) >= 2) or not st.commons
    assert session.events[-2]["type"] == "turn_ended"
    assert out.scores == [sum(st.cards[c].fame for c in st.owned(s)) for s in range(seats)]


def test_spent_never_exceeds_the_word():
    rules = PaperbackRules()
    session = play_out(rules, 3, [PaperbackBot("hard", 1), PaperbackBot("normal", 2),
                                  PaperbackBot("easy", 3)], seed=7)
    cents = 0
    for ev in session.events:
        if ev["type"] == "spelled":
            cents = ev["cents"]
        elif ev["type"] == "passed":
            cents = 0
        elif ev["type"] == "bought":
            assert ev["spent"] <= cents
            cents = 0


@pytest.mark.parametrize("seats", [2, 4])
def test_no_view_or_event_view_depends_on_a_secret(seats):
    rules = PaperbackRules()
    session = play_out(rules, seats, [PaperbackBot("normal", s) for s in range(seats)], seed=3,
                       options={"attacks": True})
    rng = Rng(5)
    st = rules.initial(seats, session.options)
    changed = 0
    for i, ev in enumerate(session.events):
        st = rules.apply(st, ev)
        if i % 3 and ev["type"] not in ("set_up", "turn_ended", "answered"):
            continue
        for seat in [None, *range(seats)]:
            other = scramble(st, seat, rng)
            changed += rules.to_data(other) != rules.to_data(st)
            assert rules.view(other, seat) == rules.view(st, seat)
            sev = scramble_event(ev, seat, rng)
            changed += sev != ev
            assert rules.event_view(sev, seat) == rules.event_view(ev, seat)
    assert changed > 0


def test_views_hold_only_the_seats_own_hand():
    rules = PaperbackRules()
    session = LocalSession(rules, 3, {}, seed=11, log=False)
    st = session.state
    for seat in range(3):
        v = session.view(seat)
        assert v["hand"] == st.hands[seat]
        text = repr(v)
        for other in range(3):
            if other != seat:
                for cid in st.hands[other]:
                    if cid.startswith(f"s{other}."):
                        assert cid not in text
        # deck order never: only what it holds
        assert v["deck_cards"] == sorted(st.decks[seat])
    table = session.view(None)
    assert table["hand"] is None and table["deck_cards"] is None
    first = session.events[0]
    for seat in range(3):
        seen = rules.event_view(first, seat)
        assert "decks" not in seen and seen["hand"] == st.hands[seat]
        assert all(len(p) <= 2 for pid, p in seen["offer"].items() if pid != "p2")
