"""Paperback engine test set-up: a table dealt from a seed, commands decided and applied
straight on the state, a hand set to chosen cards, the check that a command of any
shape is either refused cleanly or applies, and the checks over a played game: every card
accounted for at every event and the log refolding to the live state (`keeps_every_card`),
no view or event view depending on a secret (`secrets_hold`)."""
from __future__ import annotations

import copy
from collections import Counter
from typing import Callable

from engine.core.errors import RuleError
from engine.core.followup import decide_all
from engine.core.rng import Rng
from engine.paperback import PaperbackRules
from engine.paperback.scramble import scramble, scramble_event
from engine.paperback.state import PaperbackState

RULES = PaperbackRules()


def table(seats=2, seed=1, start=0, **options):
    """A dealt table: `start` acts first, with `options` (declared in engine/paperback/spec.py)."""
    st = RULES.initial(seats, {"start": start, **options})
    for ev in RULES.setup(st, Rng(seed)):
        RULES.apply(st, ev)
    return st


def play(st, cmd, seed=0):
    """Decide `cmd` and apply its events to `st`; the events."""
    events = decide_all(RULES, st, cmd, Rng(seed))
    for ev in events:
        RULES.apply(st, ev)
    return events


def spell(st, cards, letters=None, seat=0, **kw):
    """Spell with `cards` (a wild's letter in `letters`); the first event."""
    return play(st, {"type": "spell", "seat": seat, "cards": cards, "letters": letters or {}, **kw})[0]


def give(st, seat, ids):
    """Put exactly `ids` in `seat`'s hand (taken from wherever they lie; the old hand goes
    back on top of the deck), keeping every card accounted for."""
    old = [c for c in st.hands[seat] if c not in ids]
    for zone in [*st.decks, *st.hands, *st.discards, *st.piles.values(), *st.fame.values(),
                 st.commons, st.trash]:
        for c in ids:
            if c in zone:
                zone.remove(c)
    for pid, c in list(st.front.items()):
        if c in ids:
            st.front[pid] = st.piles[pid].pop(0) if st.piles[pid] else None
    st.hands[seat] = list(ids)
    st.decks[seat] = old + st.decks[seat]


def decides_cleanly(state, cmd) -> None:
    """However malformed `cmd` is, deciding it never changes `state`: it is refused with a
    RuleError a player can read in both languages, or its events apply (to a copy)."""
    before = RULES.to_data(state)
    try:
        events = decide_all(RULES, state, cmd, Rng(1))
    except RuleError as e:
        assert e.message("en") != e.code and e.message("zh-TW") != e.code
    else:
        assert isinstance(events, list) and events
        after = copy.deepcopy(state)
        for ev in events:
            RULES.apply(after, ev)
    assert RULES.to_data(state) == before


# ---- checks over a played game ------------------------------------------------------------
def zones(st: PaperbackState) -> Counter:
    """Every card id where it lies (decks, hands, discards, the word on the table, the
    market, Fame, commons, trash, the box)."""
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
    """Fold the log event by event, checking the invariants after each: (state, words spelled)."""
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


def keeps_every_card(session) -> PaperbackState:
    """A finished bot game: every card accounted for at every event, words spelled, the
    log folded and refolded equal to the live state; the folded state."""
    assert session.outcome() is not None
    st, spells = replay_checking(RULES, session)
    assert spells > 0
    assert RULES.to_data(st) == RULES.to_data(session.state)
    assert RULES.to_data(session.refold()) == RULES.to_data(session.state)
    return st


def secrets_hold(session, rng: Rng, every: int, always: Callable[[dict], bool]) -> dict[str, int]:
    """After every `every`-th event, and after each event `always` picks, scrambling what a
    seat may not know (engine/paperback/scramble.py) changes neither its view nor what it
    learns of the event. Counts: {"changed": scrambles that changed something, "events": checked}."""
    st = RULES.initial(session.seats, session.options)
    changed = checked = 0
    for i, ev in enumerate(session.events):
        st = RULES.apply(st, ev)
        if i % every and not always(ev):
            continue
        checked += 1
        for seat in [None, *range(session.seats)]:
            other = scramble(st, seat, rng)
            changed += RULES.to_data(other) != RULES.to_data(st)
            assert RULES.view(other, seat) == RULES.view(st, seat), (ev["type"], seat)
            sev = scramble_event(ev, seat, rng)
            changed += sev != ev
            assert RULES.event_view(sev, seat) == RULES.event_view(ev, seat), (ev["type"], seat)
    assert changed > 0, "the scramble never changed anything: the check would be vacuous"
    return {"changed": changed, "events": checked}
