"""race_out, the bot-race harness on a simulated clock, tested with a toy real-time game
(so the harness is shown not to know Sumoku), plus the helpers the Sumoku race tests share."""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

import pytest

from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.hashing import state_hash
from engine.core.race import SimClock, race_out
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.session import LocalSession
from engine.core.spec import CommandSpec, GameSpec, VariantSpec


# ---- helpers shared by the Sumoku race tests ------------------------------------------
class Table:
    """A session on a clock the test sets: `at(ms, cmd)` submits at exactly that time."""

    def __init__(self, rules: Any, seats: int, options: Mapping[str, Any], seed: int = 1) -> None:
        self.clock = SimClock()
        self.rules = rules
        self.s = LocalSession(rules, seats, options, seed=seed, log=False, clock=self.clock)

    def at(self, ms: int, cmd: dict) -> list[dict]:
        self.clock.ms = ms
        return self.s.submit(cmd)

    def tick(self, ms: int) -> list[dict]:
        return self.at(ms, {"type": "tick", "seat": None})

    def code(self, ms: int, cmd: dict) -> str:
        """The code of the RuleError refusing `cmd` (and that nothing changed)."""
        before = (len(self.s.events), self.s.hash())
        with pytest.raises(RuleError) as info:
            self.at(ms, cmd)
        assert (len(self.s.events), self.s.hash()) == before
        return info.value.code

    def view(self, seat: int | None = 0) -> dict:
        return self.s.view(seat)

    def refolds(self) -> bool:
        return state_hash(self.rules.to_data(self.s.refold())) == self.s.hash()


def kinds(events: list[dict]) -> list[str]:
    return [ev["type"] for ev in events]


def all_tiles(state: Any) -> list[int]:
    """Every tile of a Sumoku race state, wherever it is (each of the 96 once when sound)."""
    rs = state.race
    out = list(state.bag) + [x for h in state.hands for x in h] + list(rs.centre)
    out += [x for g in rs.grids for x, _v in g.values()] + [x for p in rs.pools for x in p]
    return sorted(out + [x for w in rs.won for x in w])


def same_race(a: LocalSession, b: LocalSession) -> bool:
    strip = ("seq",)
    return ([{k: v for k, v in ev.items() if k not in strip} for ev in a.events]
            == [{k: v for k, v in ev.items() if k not in strip} for ev in b.events])


# ---- a toy real-time game ----------------------------------------------------------------
class PressRules:
    """Press 3 times after the start (a deadline at 1000 ms); pressing before it or out of
    turn is refused. The state records the time of every accepted press."""
    spec: ClassVar[GameSpec] = GameSpec(
        name="press", variants=(VariantSpec("classic", range(1, 5), 2, realtime=True),),
        hidden_information=False, commands=(CommandSpec("press"), CommandSpec("tick")))
    game: ClassVar[str] = "press"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = range(1, 5)

    def initial(self, seats: int, options: Mapping[str, object]) -> dict:
        return {"seats": seats, "started": False, "presses": [[] for _ in range(seats)], "winner": None}

    def setup(self, state: dict, rng: Rng) -> list[dict]:
        return []

    def next_deadline(self, state: dict) -> int | None:
        return None if state["started"] else 1000

    def follow_up(self, state: dict, rng: Rng) -> list[dict]:
        return []

    def decide(self, state: dict, cmd: dict, rng: Rng) -> list[dict]:
        if cmd["type"] == "tick":
            return [event("go")] if not state["started"] and cmd["t"] >= 1000 else []
        if not state["started"]:
            raise RuleError("err.unknown")
        seat = cmd["seat"]
        if cmd.get("bad"):
            raise RuleError("err.unknown")
        evs = [event("pressed", seat, at=cmd["t"])]
        if len(state["presses"][seat]) == 2:
            evs.append(event("won", seat))
        return evs

    def apply(self, state: dict, ev: dict) -> dict:
        if ev["type"] == "go":
            state["started"] = True
        elif ev["type"] == "pressed":
            state["presses"][ev["seat"]].append(ev["at"])
        elif ev["type"] == "won":
            state["winner"] = ev["seat"]
        return state

    def to_act(self, state: dict) -> frozenset[int]:
        if state["started"] and state["winner"] is None:
            return frozenset(range(state["seats"]))
        return frozenset()

    def view(self, state: dict, seat: int | None) -> dict:
        return {"started": state["started"], "presses": [list(p) for p in state["presses"]]}

    def outcome(self, state: dict) -> Outcome | None:
        if state["winner"] is None:
            return None
        return Outcome([len(p) for p in state["presses"]], [state["winner"]])

    def legal_commands(self, view: dict, seat: int) -> list[dict]:
        return []

    def to_data(self, state: dict) -> Any:
        return state

    def progress(self, state: dict) -> tuple[str, int | None]:
        return ("over" if state["winner"] is not None else "race" if state["started"] else "wait"), None

    def event_view(self, ev: dict, seat: int | None) -> dict:
        return ev

    def legacy_data(self, state: dict, events: Any, rules_version: int) -> Any:
        raise ValueError("one rules version")


class Presser:
    """Presses every `gap` ms, starting at `first`; remembers its plan until it runs.
    With `bad_first`, its first press is refused once (then it replans 1 ms later)."""

    def __init__(self, first: int, gap: int, bad_first: bool = False) -> None:
        self.first, self.gap, self.bad = first, gap, bad_first
        self.plans: list[int] = []
        self.pending: tuple[int, dict] | None = None
        self.done = 0

    def plan(self, view: dict, seat: int, now_ms: int) -> tuple[int, dict] | None:
        done = len(view["presses"][seat])
        if self.pending is not None and done == self.done:
            if self.pending[0] >= now_ms or not self.pending[1].get("bad"):
                return self.pending
            self.bad = False  # the refused press: try again, a little later
        self.done = done
        at = max(self.first if done == 0 else now_ms + self.gap, now_ms + 1 if self.pending else 0)
        cmd = {"type": "press", "seat": 99, "bad": self.bad}
        self.pending = (at, cmd)
        self.plans.append(at)
        return self.pending


def test_race_out_runs_plans_in_time_order_and_stamps_their_times():
    bots = [Presser(first=1200, gap=300), Presser(first=1100, gap=500)]
    s = race_out(PressRules(), 2, bots, seed=3)
    assert s.outcome().winners == [0]
    presses = s.state["presses"]
    assert presses == [[1200, 1500, 1800], [1100, 1600]]
    pressed = [ev for ev in s.events if ev["type"] == "pressed"]
    assert [ev["t"] for ev in pressed] == sorted(ev["t"] for ev in pressed)
    assert all(ev["t"] == ev["at"] for ev in pressed)  # cmd["t"] is the planned time exactly
    assert {ev["seat"] for ev in pressed} == {0, 1}     # the seat is stamped, never the bot's


def test_the_deadline_tick_comes_first_and_early_plans_are_refused_then_replanned():
    refused: list = []
    early = Presser(first=500, gap=100)       # plans before the start: refused, replans
    s = race_out(PressRules(), 2, [early, Presser(first=1000, gap=1000)], refused=refused)
    go = [ev for ev in s.events if ev["type"] == "go"]
    assert go and go[0]["t"] == 1000
    assert [(t, seat) for t, seat, _cmd, _err in refused] == [(500, 0)]
    # The replanned press comes after the tick; at 1000 the tick goes before the tie.
    assert s.state["presses"][0][0] > 500 and s.state["presses"][1][0] == 1000


def test_ties_go_to_the_lowest_seat_and_a_refusal_blocks_until_something_changes():
    refused: list = []
    bots = [Presser(first=1000, gap=50, bad_first=True), Presser(first=1000, gap=50)]
    s = race_out(PressRules(), 2, bots, refused=refused)
    assert refused[0][:2] == (1000, 0) and refused[0][3].code == "err.unknown"
    order = [(ev["t"], ev["seat"]) for ev in s.events if ev["type"] == "pressed"]
    assert order[0] == (1000, 1)          # seat 0 was refused at 1000, seat 1 went then
    assert s.outcome() is not None


def test_race_out_stops_at_the_bound_and_when_nothing_can_happen():
    s = race_out(PressRules(), 2, [Presser(first=1000, gap=10**7), Presser(first=1000, gap=10**7)],
                 max_ms=5000)
    assert s.outcome() is None and s.now_ms() <= 5000
    s = race_out(PressRules(), 2, {0: Presser(first=1000, gap=1)}, max_commands=3)
    assert s.outcome() is None and len(s.events) == 3  # go + 2 presses


def test_race_out_is_deterministic_and_refolds():
    def run() -> LocalSession:
        return race_out(PressRules(), 3, [Presser(1000 + 7 * i, 90 + 13 * i) for i in range(3)], seed=9)
    a, b = run(), run()
    assert same_race(a, b)
    assert state_hash(a.refold()) == a.hash()
