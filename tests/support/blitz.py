"""Race bots quick enough for tests that race through a relay in real time: the "blitz"
pace (far quicker than "hard") and a short countdown before each round. What the tests
check never depends on the pace (the clients agree with the room log); the pace only
sets how many seconds a race lasts."""
from __future__ import annotations

import pytest

from engine.sumoku import racebot

LEVEL = "blitz"
PACE = racebot.Pace(see_ms=150, put_ms=30, spot_ms=75, miss=0.0, plan_ms=75, team_put_ms=25)
COUNTDOWN_MS = 100


def use_blitz(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "blitz" level plays at PACE for this test."""
    monkeypatch.setitem(racebot.PACES, LEVEL, PACE)
