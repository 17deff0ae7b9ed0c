"""Every game the engine knows, by name: one line per game."""
from __future__ import annotations

from importlib import import_module
from typing import Any

GAMES: dict[str, str] = {
    "sumoku": "engine.sumoku.rules:SumokuRules",
    "hooky": "engine.hooky.rules:HookyRules",
}
BOTS: dict[str, str] = {
    "sumoku": "engine.sumoku.bot:SumokuBot",
    "hooky": "engine.hooky.bot:HookyBot",
}
# real-time variants are played by race bots (`plan(view, seat, now_ms)`), not turn bots
RACE_BOTS: dict[tuple[str, str], str] = {
    ("sumoku", "speed"): "engine.sumoku.racebot:RaceBot",
    ("sumoku", "grab"): "engine.sumoku.racebot:RaceBot",
    ("sumoku", "team"): "engine.sumoku.racebot:RaceBot",
}


def _load(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)


def rules_for(game: str) -> Any:
    """A Rules instance for `game`; KeyError names the games there are."""
    try:
        target = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; games: {', '.join(sorted(GAMES))}") from None
    return _load(target)()


def spec_for(game: str) -> Any:
    """The game's declared GameSpec (engine/core/spec.py); KeyError names the games there are."""
    return type(rules_for(game)).spec


def is_race(game: str, variant: str | None) -> bool:
    """Is this variant played in real time (everyone at once, by race bots)?"""
    return (game, variant) in RACE_BOTS


def bot_for(game: str, level: str = "normal", seed: int = 0, variant: str | None = None) -> Any:
    """A bot for `game` (and `variant`) at `level` (easy, normal, hard), seeded."""
    target = RACE_BOTS.get((game, variant or "")) or BOTS[game]
    return _load(target)(level=level, seed=seed)
