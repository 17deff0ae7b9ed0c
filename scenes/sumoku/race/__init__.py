"""Sumoku's real-time races on one screen (couch play): speed race, real-time grab and
team race for 2-4 local players (mouse, two keyboard layouts, game pads) and bots.

What the rest of the client uses:
  RACE_WORDS        the set-up's words for the races' options (their values, seats and
                    variants are declared in engine/sumoku/spec.py)
  race_options(variant, seats, options) -> dict
                    the engine options for a set-up choice (a team count becomes
                    the "teams" list the rules take)
  race_scene(app, session, locals) -> Scene
                    the scene; `locals` says which seat each local device plays:
                    [{"seat": 0, "devices": ["keys1", "mouse"]}, {"seat": 1, "device": "keys2"},
                     {"seat": 2, "device": "pad:0"}]; None: from the human seats
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.sumoku.spec import RACES
from engine.sumoku.state import RESULT_MS

VARIANTS = RACES
VARIANT_WORDS = {v: f"race.variant.{v}" for v in RACES}
RACE_WORDS: dict = {
    "countdown_ms": {"label": "race.opt.countdown",     # classic and solitaire have no countdown
                     "choices": {3000: "race.opt.countdown.3", 5000: "race.opt.countdown.5",
                                 10000: "race.opt.countdown.10"}},
    "team_count": {"label": "race.opt.teams",
                   "choices": {2: "race.opt.teams.2", 3: "race.opt.teams.3", 4: "race.opt.teams.4"}},
}


def race_options(variant: str, seats: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Engine options for a race set-up: the variant, the countdown, the pause that shows
    a round's result (RESULT_MS unless given), and for the team race "teams" (seat s plays
    for team s % count; the count is capped by the seats)."""
    opts = {k: v for k, v in dict(options or {}).items() if k != "team_count" and v is not None}
    opts["variant"] = variant
    opts.setdefault("result_ms", RESULT_MS)
    if variant == "team" and "teams" not in opts:
        count = int((options or {}).get("team_count") or 2)
        count = max(2, min(4, count, seats))
        opts["teams"] = [s % count for s in range(seats)]
    return opts


def race_scene(app: Any, session: Any, locals: list[dict] | None = None, *, lobby: bool = True) -> Any:
    """The couch race scene for a race session (speed, grab or team). With `lobby` the
    players first see who plays with what, pads may join, and the countdown starts when
    everyone is ready."""
    from scenes.sumoku.race.scene import RaceScene
    return RaceScene(app, session, locals, lobby_first=lobby)


def default_locals(players: list[dict]) -> list[dict]:
    from scenes.sumoku.race.scene import default_locals as make
    return make(players)


__all__ = ["RACE_WORDS", "VARIANT_WORDS", "VARIANTS", "race_options", "race_scene", "default_locals"]
