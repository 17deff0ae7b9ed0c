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


def bot_for(game: str, level: str = "normal", seed: int = 0) -> Any:
    """A bot for `game` at `level` (easy, normal, hard), seeded."""
    return _load(BOTS[game])(level=level, seed=seed)
