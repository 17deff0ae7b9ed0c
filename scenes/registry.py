"""The games the client can show. The engine registry (engine/registry.py) is the only
list of games; a game's scene package is found by convention at `scenes/<game>` (a game
registered with `engine.registry.register` names its own).

A game package (e.g. `scenes/sumoku/__init__.py`) is a plug-in; the framework (menu,
set-up, pause, results, replay viewer, how-to-play) only ever uses these names from it:

``SETUP: dict``
    What the generic set-up scene asks. A game makes it from its GameSpec with
    `scenes.common.setupspec.setup_of(SPEC, words)`: the seats, variants, options, their
    values, defaults, variants and partners are declared once in engine/<game>/spec.py
    (engine/core/options.py), and the scene gives only the words (catalog keys) and
    pictures; it refuses words for an option the spec does not offer, and an offered
    option without words. The form it makes (a fake game may write it by hand)::

        {"seats": range(1, 9),            # allowed seat counts (over all variants)
         "default_seats": 3,
         "variants": [("classic", "sumoku.variant.classic", {"seats": range(2, 6)}),
                      ("solitaire", "sumoku.variant.solitaire", {"seats": range(1, 2)})],
         "options": [{"key": "scoring", "label": "sumoku.opt.scoring", "type": "choice",
                      "choices": [("cross", "sumoku.opt.scoring.cross"), ...] or ["cross", ...],
                      "default": "cross", "variants": ["classic"]},
                     {"key": "exchange", "label": "...", "type": "bool", "default": False},
                     {"key": "time_limit_s", "label": "...", "type": "int",
                      "choices": [0, 300, 600], "default": 0}]}

    Labels are catalog keys. A choice is an id or an (id, catalog key) pair; an "int"
    option steps through its "choices". "variants" (optional) lists the variants an
    option applies to; "needs" (optional) the option it refines. The chosen variant id is passed as option "variant".

``def game_scene(app, session) -> Scene``
    The table for a LocalSession (new or resumed): a subclass of
    `scenes.common.turntable.TurnTable`, which already pauses on Esc, shows the results
    when the game ends, raises the hand-off curtain, plays bot seats off the main loop
    (through `engine.registry.bot_for`) and sends deadline ticks; the table adds only its
    drawing and play-building (see that module's docstring).

``def replay_renderer(app) -> Renderer``
    `Renderer.draw(surface, rect, view: dict)` draws a table view (`cursor.view(None)`, or
    a seat's once the game is over; it carries the header `view["status"]`) inside `rect`
    (the replay viewer and results screen call it). A renderer with a `players` attribute
    gets the log header's players, one with an `options` attribute its options (a game
    option that changes the picture, such as Word Porters' word language).

``def describe_event(ev: dict, players: list[dict] | None, variant: str | None) -> str``
    One line for the replay event list, in the current language (scenes.ui.i18n.t);
    `players` and `variant` come from the log header (names, wording). May return "" for events not worth a line.

``def howto_pages() -> list[Page]``
    `Page.title: str` (current language) and `Page.draw(surface, rect)`; pages are built
    again when the language changes.

``def score_series(events: list[dict], seats: int) -> list[list[int]]``
    Each seat's score after each turn (all lists the same length), for the chart.

Optional names (the framework does without them):

``def result_note(outcome: dict, seat: int) -> str``
    A short line the results screen shows under a player's name (Paperback: the best
    word); "" for nothing.

``def result_reason(outcome: dict) -> str | None``
    Why the game ended, a line the results screen shows under the headline (Paperback:
    "Two Fame piles are empty."); None for nothing.

``def result_headline(outcome: dict) -> str | None``
    The results screen's headline when the game words its own end (Paperback's co-op:
    the table won or lost together); it then stands for the winners line and the tie-break.

``def score_axis(events: list[dict], seats: int) -> list[str]``
    The label of each point of `score_series` under the results chart (Hooky: the start,
    rounds 4, 5, 6, the end); without it the points are numbered 0 (the start), 1, 2, ...
    The axis's name is the catalog's `<game>.results.axis` ("Round"), else "Turn".

``def event_describer(header: dict) -> Callable[[dict, list | None, str | None], str]``
    `describe_event` for one log, when its wording depends on the log header's options
    (Word Porters: the words in the word language the game was played in); the replay
    viewer's event list uses it.

``def session_options(variant: str, seats: int, options: dict) -> dict``
    The engine options for a set-up choice, before the session starts (Sumoku's races
    turn a team count into seat teams; Word Porters turns "the UI's language" into the
    language the log keeps). Without it the set-up's options go to the engine as chosen.

``def open_online(app) -> Scene``
    Push the game's online screens (connect, host or join, lobby) for its network
    variants (`VariantSpec.network`); the menu's Play online opens it for the game whose
    card was chosen last, or the first game that has one.

A game whose package fails to import, or lacks a required name, is not playable: the
picker shows it as a card that says it could not be loaded (`broken()`), and the error
goes to the log. Under the tests (the environment variable COUCHTOP_STRICT_PLUGINS=1,
set by tests/conftest.py) it raises `PluginError` instead, so a broken game fails loudly.
"""
from __future__ import annotations

import importlib
import logging
import os
from types import ModuleType
from typing import Any
from engine.registry import games, scenes_package

# None: every game of the engine registry, its package at scenes/<game>. Tests pin a
# table {game: module} here to show a fake game (or register one through
# engine.registry.register, which names its scene package); nothing else sets it.
GAMES: dict[str, str] | None = None
STRICT_ENV = "COUCHTOP_STRICT_PLUGINS"

REQUIRED = ("SETUP", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series")
OPTIONAL = ("result_note", "result_reason", "result_headline", "event_describer", "session_options", "open_online", "score_axis")

log = logging.getLogger(__name__)
_reported: set[tuple[str, str]] = set()


class PluginError(ImportError):
    """A registered game's scene package is broken (raised only under COUCHTOP_STRICT_PLUGINS=1)."""


def _table() -> dict[str, str]:
    if GAMES is not None:
        return GAMES
    return {g: scenes_package(g) for g in games()}


def problem(game: str) -> str | None:
    """Why a registered game cannot be played (its package fails to import, or lacks a
    required name), or None when it can (or is not registered)."""
    target = _table().get(game)
    if target is None:
        return None
    try:
        mod = importlib.import_module(target)
    except Exception as e:          # any error while importing: the game is broken, not the menu
        return _broken(game, f"{target} does not import: {type(e).__name__}: {e}", e)
    missing = [name for name in REQUIRED if name not in dir(mod)]   # dir(): lazy names stay unimported
    if missing:
        return _broken(game, f"{target} lacks {', '.join(missing)}")
    return None


def _broken(game: str, reason: str, cause: BaseException | None = None) -> str:
    if os.environ.get(STRICT_ENV) == "1":
        raise PluginError(f"game {game!r}: {reason}") from cause
    if (game, reason) not in _reported:     # said once per process, not once a frame
        _reported.add((game, reason))
        log.error("game %r cannot be played: %s", game, reason, exc_info=cause)
    return reason


def plugin(game: str) -> ModuleType | None:
    """The game's package, or None when it is not registered or is broken (`problem`)."""
    if game not in _table() or problem(game) is not None:
        return None
    return importlib.import_module(_table()[game])


def playable() -> list[str]:
    """The games that can be played, in registry order."""
    return [g for g in _table() if problem(g) is None]


def broken() -> dict[str, str]:
    """The registered games that cannot be played, in registry order: {game: why}."""
    out: dict[str, str] = {}
    for g in _table():
        why = problem(g)
        if why is not None:
            out[g] = why
    return out


def optional(game: str, name: str) -> Any:
    """One of the OPTIONAL names of the game's package, or None when it has none."""
    if name not in OPTIONAL:
        raise KeyError(f"{name!r} is not an optional plug-in name ({', '.join(OPTIONAL)})")
    mod = plugin(game)
    return getattr(mod, name, None) if mod is not None else None
