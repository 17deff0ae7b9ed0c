"""Every game the engine knows: ONE entry per game, name -> its package.

A game package (`engine/<game>/__init__.py`) exposes `SPEC` (its GameSpec, declared in
`engine/<game>/spec.py` so that it is read without importing the rules), `Rules` (the class
implementing engine.core.rules.Rules, whose `spec` is that SPEC), `Bot` (turn bots: `Bot(level, seed)`, `choose`)
and `RaceBot` (bots for its real-time variants: `plan`; None when it has none). Everything
else (which variants exist, their seats, which run in real time or online, the levels)
is read from the spec; nothing else in the program lists the games. A game's scene
package is `scenes.<game>` (scenes/registry.py).

`register(name, engine_pkg, scenes_pkg)` / `unregister(name)` add a game from elsewhere
for the running process, and the environment variable COUCHTOP_TEST_GAMES
("name=engine.pkg:scenes.pkg", several separated by commas) does so at import for a
child process: the tests' hooks (tests/test_plugin_game.py registers a minimal game from
tests/support and finds it everywhere); the program itself never uses them.
"""
from __future__ import annotations

import os
from functools import lru_cache
from importlib import import_module
from types import ModuleType
from typing import Any

from engine.core.spec import GameSpec

GAMES: dict[str, str] = {
    "sumoku": "engine.sumoku",
    "hooky": "engine.hooky",
    "paperback": "engine.paperback",
    "wooolf": "engine.wooolf",
    "wordporters": "engine.wordporters",
}


# games registered by `register`: name -> its scene package (the others': scenes.<game>)
SCENES: dict[str, str] = {}


def register(name: str, engine_pkg: str, scenes_pkg: str) -> None:
    """Add a game for this process (tests only): its engine package (SPEC, Rules, Bot,
    RaceBot) and scene package (the plug-in of scenes/registry.py)."""
    if name in GAMES:
        raise ValueError(f"game {name!r} is registered already")
    GAMES[name] = engine_pkg
    SCENES[name] = scenes_pkg
    package.cache_clear()


def unregister(name: str) -> None:
    """Take back a game `register` added."""
    if name not in SCENES:
        raise ValueError(f"game {name!r} was not added by register()")
    del GAMES[name], SCENES[name]
    package.cache_clear()


def _from_environment(text: str) -> None:
    for entry in filter(None, (e.strip() for e in text.split(","))):
        name, _, pkgs = entry.partition("=")
        engine_pkg, _, scenes_pkg = pkgs.partition(":")
        if not (name and engine_pkg and scenes_pkg):
            raise ValueError(f"COUCHTOP_TEST_GAMES: expected name=engine.pkg:scenes.pkg, not {entry!r}")
        register(name, engine_pkg, scenes_pkg)


def scenes_package(game: str) -> str:
    """The module path of the game's scene package."""
    return SCENES.get(game, f"scenes.{game}")


def games() -> tuple[str, ...]:
    """Every registered game, in registry order."""
    return tuple(GAMES)


@lru_cache(maxsize=None)
def package(game: str) -> ModuleType:
    """The game's engine package; KeyError names the games there are."""
    try:
        target = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; games: {', '.join(GAMES)}") from None
    return import_module(target)


def rules_for(game: str) -> Any:
    """A Rules instance for `game`; KeyError names the games there are."""
    return package(game).Rules()


def spec_for(game: str) -> GameSpec:
    """The game's declared GameSpec (engine/core/spec.py); KeyError names the games there are."""
    return package(game).SPEC


def network_games() -> tuple[str, ...]:
    """The games with at least one variant played through the relay."""
    return tuple(g for g in GAMES if spec_for(g).network_variants)


def phone_games() -> tuple[str, ...]:
    """The games with at least one variant played with phones (a phone page,
    assets/phone/<game>.js; the spec's `phone_variants`)."""
    return tuple(g for g in GAMES if spec_for(g).phone_variants)


def is_race(game: str, variant: str | None) -> bool:
    """Is this variant played in real time (everyone at once, by race bots)?"""
    return spec_for(game).variant(variant).realtime


def bot_seed(game_seed: int, seat: int) -> int:
    """The one seed rule: the bot of `seat` in the game seeded `game_seed`."""
    return (int(game_seed) * 31 + int(seat)) & 0xFFFFFFFF


def bot_for(game: str, variant: str | None, level: str, seat: int, game_seed: int) -> Any:
    """The bot for `seat` of a `game`/`variant` (None = the default variant) seeded
    `game_seed`, at `level`: the race bot for a real-time variant, else the game's turn
    bot, seeded by `bot_seed`. An unknown variant is a KeyError naming the variants."""
    seed = bot_seed(game_seed, seat)
    pkg = package(game)
    if spec_for(game).variant(variant).realtime:
        if pkg.RaceBot is None:
            raise KeyError(f"{game} declares a real-time variant {variant!r} but no RaceBot")
        return pkg.RaceBot(level=level, seed=seed)
    return pkg.Bot(level=level, seed=seed)


_from_environment(os.environ.get("COUCHTOP_TEST_GAMES", ""))
