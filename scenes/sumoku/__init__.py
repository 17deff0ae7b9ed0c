"""Sumoku on screen: the plug-in the framework calls (set-up options, the table scene,
the replay renderer, event descriptions, how-to pages, the score chart's series)."""
from __future__ import annotations

from typing import Any

from scenes.common.setupspec import setup_of
from scenes.sumoku.race import RACE_WORDS, VARIANT_WORDS as RACE_VARIANT_WORDS, VARIANTS as RACE_VARIANTS
from scenes.sumoku.race import race_options, race_scene
from engine.core.lazy import exports
from engine.sumoku.spec import SPEC
from scenes.ui.i18n import t

# imported when first used (engine/core/lazy.py): the picker needs only SETUP and the icon
__getattr__, __dir__ = exports(__name__, {
    "Page": "scenes.sumoku.howto:Page",
    "howto_pages": "scenes.sumoku.howto:howto_pages",
    "describe_event": "scenes.sumoku.narrate:describe_event",
    "score_series": "scenes.sumoku.narrate:score_series",
})

# the set-up (scenes/common/setupspec.py): seats, variants and options are the spec's
# (engine/sumoku/spec.py); here only their words
SETUP: dict = setup_of(SPEC, {
    "scoring": {"label": "sumoku.opt.scoring",
                "choices": {"cross": "sumoku.opt.scoring.cross", "formed": "sumoku.opt.scoring.formed"}},
    "exchange": {"label": "sumoku.opt.exchange"},
    "time_limit_s": {"label": "sumoku.opt.time_limit",
                     "choices": {None: "sumoku.opt.time.off", 300: "sumoku.opt.time.5",
                                 600: "sumoku.opt.time.10", 900: "sumoku.opt.time.15"}},
    **RACE_WORDS,
}, variant_labels=RACE_VARIANT_WORDS)


def session_options(variant: str, seats: int, options: dict) -> dict:
    """The engine options for a set-up choice (races turn a team count into seat teams)."""
    if variant in RACE_VARIANTS:
        return race_options(variant, seats, options)
    return options


def open_online(app: Any) -> Any:
    """Play online: the connect screen for the races over the relay."""
    from scenes.sumoku.online import open_online as connect
    return connect(app)


def game_scene(app: Any, session: Any) -> Any:
    """The table for a Sumoku session: the classic/solitaire table, or the couch race."""
    if session.options.get("variant") in RACE_VARIANTS:
        return race_scene(app, session, None)
    from scenes.sumoku.table import TableScene
    return TableScene(app, session)


def replay_renderer(app: Any) -> Any:
    """Draws a replayed view: `draw(surface, rect, view)`; set `.players` for names."""
    from scenes.sumoku.replayview import ReplayRenderer
    return ReplayRenderer(app)


SOLITAIRE_ENDS = ("stopped", "time", "all_placed")     # only solitaire ends these ways


def result_reason(outcome: dict) -> str | None:
    """Why the game ended, under the results' headline ("Nobody could play on: a full
    round of passes.")."""
    reason = (outcome.get("detail") or {}).get("reason")
    key = f"sumoku.end.{reason}"
    return t(key) if reason and t(key) != key else None


def result_note(outcome: dict, seat: int) -> str:
    """Under a player's score: solitaire, what the score counts (tiles placed of 96);
    classic, the plays' points less the tiles left in hand, when there were any."""
    detail = outcome.get("detail") or {}
    scores = outcome.get("scores") or []
    if detail.get("reason") in SOLITAIRE_ENDS and seat < len(scores):
        return t("sumoku.results.placed", n=scores[seat])
    penalties = detail.get("penalties") or []
    played = detail.get("scores") or []
    if seat < len(penalties) and seat < len(played) and penalties[seat]:
        return t("sumoku.results.penalty", played=played[seat], left=penalties[seat])
    return ""


__all__ = ["SETUP", "result_reason", "result_note", "session_options", "open_online", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series", "Page"]
