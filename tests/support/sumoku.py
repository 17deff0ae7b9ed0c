"""Sumoku rule-test helpers: decide a command on a hand-built state and apply what it gives."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.sumoku import SumokuRules

RULES = SumokuRules()


def run_with(state, cmd: dict, rng: Rng) -> list[dict]:
    """The events `cmd` decides on `state` (chance from `rng`), applied to `state` in place."""
    events = RULES.decide(state, cmd, rng)
    for ev in events:
        RULES.apply(state, ev)
    return events


def run(state, cmd: dict, t: int = 5000) -> list[dict]:
    """A real-time race command stamped at game time `t` (chance from Rng(4))."""
    return run_with(state, {**cmd, "t": t}, Rng(4))
