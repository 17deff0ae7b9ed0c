"""Malformed and hostile commands are refused with a RuleError (a message a player can
read), never a crash, and deciding never changes the state."""
from __future__ import annotations

import copy
from functools import cache

from hypothesis import given, settings, strategies as st

from engine.core.session import LocalSession
from engine.paperback import PaperbackBot
from support.paperback import RULES, decides_cleanly



@cache
def positions():
    """A few states of one seeded game with attacks: spell, buy, vote and answer phases."""
    s = LocalSession(RULES, 3, {"attacks": True}, seed=13, log=False)
    bots = [PaperbackBot("hard", seed=k) for k in range(3)]
    out = []
    for i in range(60):
        if s.outcome() is not None:
            break
        if i % 5 == 0:
            out.append(copy.deepcopy(s.state))
        seat = min(s.to_act())
        s.submit(bots[seat].choose(s.view(seat), seat))
    vote = copy.deepcopy(out[0])
    RULES.apply(vote, {"type": "word_proposed", "seat": vote.turn, "word": "zzqx"})
    return out + [vote]


IDS = sorted(LocalSession(RULES, 3, {"attacks": True}, seed=13, log=False).state.cards) + ["common", "f5", "f17", "", "zz"]
atom = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=4),
                 st.sampled_from(IDS))
value = st.recursive(atom, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                   st.dictionaries(st.sampled_from(IDS), inner, max_size=4)),
                     max_leaves=12)
command = st.fixed_dictionaries(
    {"type": st.sampled_from(["spell", "pass", "buy", "propose", "vote", "answer", "tick", 7]),
     "seat": st.one_of(st.integers(-1, 4), st.none(), st.text(max_size=2))},
    optional={"cards": value, "letters": value, "trash": value, "trash_offer": value,
              "word": value, "accept": value, "discard": value, "discard_wild": value,
              "topdeck": value})


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(0, 12), command)
def test_hostile_commands_are_refused_cleanly(k, cmd):
    """(The positions are made when the test runs, not when the suite is collected.)"""
    assert len(positions()) == 13
    decides_cleanly(positions()[k], cmd)
