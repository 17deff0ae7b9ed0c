"""The declared follow-up (engine/core/followup.py): what follows from a command's events
is run by the core, batch after batch until nothing follows, stamped and logged as the
command's own, drawing from the command's generator; the log is the same as a game that
computed the same events inside `decide` on a copy (how games did it before)."""
from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from engine.core.events import event
from engine.core.followup import FOLLOW_UP_LIMIT, FollowUpLoop, decide_all
from engine.core.lockstep import Lockstep
from engine.core.logstore import read_log
from engine.core.rng import Rng
from engine.core.session import LocalSession
from tests.support.toy import ToyRules, ToyState


@dataclass
class ChimeState(ToyState):
    chimes: int = 0


class ChimeToy(ToyRules):
    """The toy, and a chime (with a random tone) for every three the total passes: what
    follows an add, one chime a batch (an add of 3 plus a bonus of 2 can pass two)."""

    def initial(self, seats, options):
        return ChimeState(seats=seats, adds=[0] * seats)

    def follow_up(self, state, rng):
        if state.winner is None and state.chimes < state.total // 3:
            return [event("chimed", None, at=(state.chimes + 1) * 3, tone=rng.below(100))]
        return []

    def apply(self, state, ev):
        if ev["type"] == "chimed":
            state.chimes += 1
            return state
        return super().apply(state, ev)


class InlineChimeToy(ChimeToy):
    """The same game the old way: `decide` copies the state and replays its own events to
    find the chimes, and declares no follow-up."""

    def decide(self, state, cmd, rng):
        out = super().decide(state, cmd, rng)
        tmp = copy.deepcopy(state)
        for ev in out:
            self.apply(tmp, ev)
        while more := ChimeToy.follow_up(self, tmp, rng):
            out.extend(more)
            for ev in more:
                self.apply(tmp, ev)
        return out

    def follow_up(self, state, rng):
        return []


def play(rules, **kw) -> LocalSession:
    s = LocalSession(rules, 2, {}, seed=21, clock=lambda: 0.0, **kw)
    heard: list[list[dict]] = []
    s.listeners.append(lambda session, evs: heard.append(list(evs)))
    s.heard = heard
    while s.outcome() is None:
        s.submit({"type": "add", "seat": s.state.turn, "n": 3})
    return s


def test_follow_ups_are_folded_stamped_and_told_as_the_commands_own(tmp_path):
    s = play(ChimeToy(), log_dir=tmp_path)
    chimes = [ev for ev in s.events if ev["type"] == "chimed"]
    assert [ev["at"] for ev in chimes] == [3 * k for k in range(1, len(chimes) + 1)]
    assert len(chimes) == s.state.chimes >= 3
    assert any(a["type"] == b["type"] == "chimed" for a, b in zip(s.events, s.events[1:]))  # two in a row
    for ev in chimes:                       # stamped as the add before it
        add = next(e for e in reversed(s.events[:ev["seq"]]) if e["type"] == "added")
        assert ev["cmd"] == add["cmd"] and ev["t"] == add["t"]
    # each command told once, its follow-ups included, in the log's order
    assert [ev for batch in s.heard for ev in batch] == s.events[1:]      # (after the set-up)
    assert [batch[0]["type"] for batch in s.heard] == ["added"] * len(s.heard)
    path = s.log_path
    s.close()
    loaded = read_log(path, lambda g: ToyRules.spec)
    assert [ev["type"] for ev in loaded.events] == [ev["type"] for ev in s.events]


def test_the_log_is_the_same_as_computing_the_follow_ups_inside_decide():
    follow, inline = play(ChimeToy()), play(InlineChimeToy())
    assert follow.events == inline.events
    assert any(ev["type"] == "chimed" for ev in follow.events)
    # the lockstep fold (a network game's clients) the same way
    recs = [{"seq": i + 1, "seat": ev["seat"], "by": ev["seat"], "t": 0, "salt": 9 + i, "cid": i,
             "cmd": {"type": "add", "n": 3}}
            for i, ev in enumerate(e for e in follow.events if e["type"] == "added")]
    a, b = Lockstep(ChimeToy(), 2, {}, seed=4), Lockstep(InlineChimeToy(), 2, {}, seed=4)
    folded = a.fold_all(recs)
    b.fold_all(recs)
    assert a.events == b.events and not a.refusals
    assert [ev for f in folded for ev in f.events] == a.events[1:]
    assert ChimeToy().to_data(a.state) == ChimeToy().to_data(b.state)


def test_a_dry_run_returns_the_follow_ups_and_changes_nothing():
    rules = ChimeToy()
    state = rules.initial(2, {})
    state.total = 2
    before = copy.deepcopy(state)
    evs = decide_all(rules, state, {"type": "add", "seat": 0, "n": 3}, Rng(5))
    assert state == before
    assert [ev["type"] for ev in evs][:2] == ["added", "chimed"]
    want = InlineChimeToy().decide(state, {"type": "add", "seat": 0, "n": 3}, Rng(5))
    assert evs == want


def test_the_setup_is_not_followed_up():
    class Early(ChimeToy):
        def initial(self, seats, options):
            st = super().initial(seats, options)
            st.total = 6                    # two chimes owed from the start
            return st

    s = LocalSession(Early(), 2, {}, seed=3, log=False, clock=lambda: 0.0)
    assert [ev["type"] for ev in s.events] == ["secret_set"]
    s.submit({"type": "add", "seat": 0, "n": 1})
    assert [ev["type"] for ev in s.events][1:4] == ["added", "chimed", "chimed"]


def test_a_follow_up_that_never_ends_is_a_clear_error():
    class Forever(ChimeToy):
        def follow_up(self, state, rng):
            return [event("chimed", None, at=0, tone=0)]

    s = LocalSession(Forever(), 2, {}, seed=3, log=False, clock=lambda: 0.0)
    with pytest.raises(FollowUpLoop, match=rf"toy: follow_up still answered after {FOLLOW_UP_LIMIT} batches"):
        s.submit({"type": "add", "seat": 0, "n": 1})
    with pytest.raises(FollowUpLoop):
        decide_all(Forever(), Forever().initial(2, {}), {"type": "add", "seat": 0, "n": 1}, Rng(1))
