"""Paperback engine test set-up: a table dealt from a seed, commands decided and applied
straight on the state, a hand set to chosen cards, and the check that a command of any
shape is either refused cleanly or applies."""
from __future__ import annotations

import copy

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.paperback import PaperbackRules

RULES = PaperbackRules()


def table(seats=2, seed=1, start=0, **options):
    """A dealt table: `start` acts first, with `options` (engine/paperback/options.py)."""
    st = RULES.initial(seats, {"start": start, **options})
    for ev in RULES.setup(st, Rng(seed)):
        RULES.apply(st, ev)
    return st


def play(st, cmd, seed=0):
    """Decide `cmd` and apply its events to `st`; the events."""
    events = RULES.decide(st, cmd, Rng(seed))
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
        events = RULES.decide(state, cmd, Rng(1))
    except RuleError as e:
        assert e.message("en") != e.code and e.message("zh-TW") != e.code
    else:
        assert isinstance(events, list) and events
        after = copy.deepcopy(state)
        for ev in events:
            RULES.apply(after, ev)
    assert RULES.to_data(state) == before
