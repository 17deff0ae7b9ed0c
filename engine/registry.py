"""Every game the engine knows, by name: one line per game."""
from __future__ import annotations

from importlib import import_module
from typing import Any

GAMES: dict[str, str] = {
    "sumoku": "engine.sumoku.rules:SumokuRules",
}


def rules_for(game: str) -> Any:
    """A Rules instance for `game`; KeyError names the games there are."""
    try:
        target = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; games: {', '.join(sorted(GAMES))}") from None
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)()
