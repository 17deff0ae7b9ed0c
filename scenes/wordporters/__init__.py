"""Word Porters on screen: the plug-in the framework calls (set-up options, the table
scene, the replay renderer, event descriptions, how-to pages, the score chart's series,
the results screen's line under each player).

The word language is a set-up option ("words": "ui" = the menus' language, "en", "zh",
"both"), remembered with the game's other set-up choices; when the game starts, "ui"
becomes "en" or "zh" (`session_options`), so the log says which language its words were
shown in. The rules keep it in the log header and ignore it."""
from __future__ import annotations

from typing import Any

from scenes.common.setupspec import setup_of
from engine.core.lazy import exports
from engine.wordporters.spec import SPEC
from scenes.ui.i18n import t

# imported when first used (engine/core/lazy.py): the picker needs only SETUP and the icon
__getattr__, __dir__ = exports(__name__, {
    "Page": "scenes.wordporters.howto:Page",
    "howto_pages": "scenes.wordporters.howto:howto_pages",
    "describe_event": "scenes.wordporters.narrate:describe_event",
    "event_describer": "scenes.wordporters.narrate:event_describer",
    "score_series": "scenes.wordporters.narrate:score_series",
})

SETUP: dict = setup_of(SPEC, {
    "words": {"label": "wordporters.opt.words", "about": "wordporters.opt.words.about",
              "choices": {"ui": "wordporters.opt.words.ui", "en": "wordporters.lang.en",
                          "zh": "wordporters.lang.zh", "both": "wordporters.lang.both"}},
})


def session_options(variant: str, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    """The set-up's choices as the game's options: the word language made definite."""
    from scenes.wordporters.words import resolve    # the word lists (and numpy): not for the picker
    return dict(options, words=resolve(options.get("words")))


def game_scene(app: Any, session: Any) -> Any:
    """The table for a Word Porters session (new or resumed)."""
    from scenes.wordporters.table import WordPortersScene
    return WordPortersScene(app, session)


def replay_renderer(app: Any) -> Any:
    from scenes.wordporters.replayview import ReplayRenderer
    return ReplayRenderer(app)


def result_note(outcome: dict, seat: int) -> str:
    """The results screen's line under a player: where their points came from, right
    guesses and others' right guesses of their own words ("11 from guessing · 16 from
    hints"); "" for an outcome without them."""
    detail = outcome.get("detail") or {}
    guessed, found = detail.get("guessed") or [], detail.get("found") or []
    if seat >= len(guessed) or seat >= len(found):
        return ""
    return t("wordporters.results.note", guessed=int(guessed[seat]), found=int(found[seat]))


__all__ = ["SETUP", "session_options", "game_scene", "replay_renderer", "describe_event", "event_describer",
           "howto_pages", "score_series", "result_note", "Page"]
