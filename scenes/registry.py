"""The games the client can show. The engine registry (engine/registry.py) is the only
list of games; a game's scene package is found by convention at `scenes/<game>`.

A game package (e.g. `scenes/sumoku/__init__.py`) is a plug-in; the framework (menu,
set-up, pause, results, replay viewer, how-to-play) only ever uses these names from it:

``SETUP: dict``
    What the generic set-up scene asks::

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
    option applies to. The chosen variant id is passed as option "variant".

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

``def option_parent(key: str) -> str | None``
    The option `key` refines: the set-up shows it only while that one is on.

``def option_conflict(options: dict, key: str | None = None) -> str | None``
    With `key`: why that option cannot be switched on beside `options` (the set-up greys
    it and shows the reason); without: why `options` cannot be played together (Start
    stays off). None when nothing is wrong.

``def event_describer(header: dict) -> Callable[[dict, list | None, str | None], str]``
    `describe_event` for one log, when its wording depends on the log header's options
    (Word Porters: the words in the word language the game was played in); the replay
    viewer's event list uses it.

The menu lists only games whose package imports and has the required names.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

# None: every game of the engine registry, its package at scenes/<game>. Tests pin a
# table {game: module} here to show a fake game; nothing else sets it.
GAMES: dict[str, str] | None = None

REQUIRED = ("SETUP", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series")
OPTIONAL = ("result_note", "result_reason", "result_headline", "event_describer", "option_parent", "option_conflict",
            "score_axis")


def _table() -> dict[str, str]:
    if GAMES is not None:
        return GAMES
    from engine.registry import games
    return {g: f"scenes.{g}" for g in games()}


def plugin(game: str) -> ModuleType | None:
    """The game's package, or None when it is missing or incomplete."""
    target = _table().get(game)
    if target is None:
        return None
    try:
        mod = importlib.import_module(target)
    except ImportError:
        return None
    if not all(name in dir(mod) for name in REQUIRED):   # dir(): lazy names stay unimported
        return None
    return mod


def playable() -> list[str]:
    """The games that can be played, in registry order."""
    return [g for g in _table() if plugin(g) is not None]


def optional(game: str, name: str) -> Any:
    """One of the OPTIONAL names of the game's package, or None when it has none."""
    if name not in OPTIONAL:
        raise KeyError(f"{name!r} is not an optional plug-in name ({', '.join(OPTIONAL)})")
    mod = plugin(game)
    return getattr(mod, name, None) if mod is not None else None
