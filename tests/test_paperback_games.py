"""Property tests over seeded bot games at every seat count: every card accounted for at
every event, ¢ never carried over, the log refolds to the live state, the views and
event views never depend on a secret."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.paperback import PaperbackBot, PaperbackRules
from support.paperback import keeps_every_card, secrets_hold

LEVELS = ("hard", "normal", "easy", "hard", "normal")


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("attacks", [False, True])
def test_bot_games_keep_every_card_and_refold(seats, attacks):
    rules = PaperbackRules()
    bots = [PaperbackBot(LEVELS[s], seed=s) for s in range(seats)]
    session = play_out(rules, seats, bots, seed=seats * 10 + attacks, options={"attacks": attacks})
    out = session.outcome()
    st = keeps_every_card(session)
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
    secrets_hold(session, Rng(5), every=3, always=lambda ev: ev["type"] in ("set_up", "turn_ended", "answered"))


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
