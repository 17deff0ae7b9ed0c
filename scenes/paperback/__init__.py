"""Paperback on screen: the plug-in the framework calls (set-up, the table scene, the
replay renderer, event descriptions, how-to pages, the Fame chart's series).

The basic game as the box teaches it, 2-5 seats, and every option of the box (issue 12):
Space Bar and Dyslexia, attack cards, Player Powers, Awards, Themes (and strict themes),
the help bounty, the hand for a cube, the Offer discount, the vowels coming back, the
co-operative pyramid (and its hard mode) and simultaneous play; the set-up greys the
pairs the rules forbid (scenes/common/optionwords.py reads the game's declaration,
engine/paperback/spec.py)."""
from __future__ import annotations

from typing import Any

from scenes.common.setupspec import setup_of
from engine.core.lazy import exports
from engine.paperback.spec import SPEC
from scenes.ui.i18n import t

# imported when first used (engine/core/lazy.py): the picker needs only SETUP and the icon
__getattr__, __dir__ = exports(__name__, {
    "Page": "scenes.paperback.howto:Page",
    "howto_pages": "scenes.paperback.howto:howto_pages",
    "describe_event": "scenes.paperback.narrate:describe_event",
    "score_series": "scenes.paperback.narrate:score_series",
})

# the set-up (scenes/common/setupspec.py): the options, their values and partners are the
# spec's (engine/paperback/spec.py); here only their words, paperback.opt.<key> and its .about
SETUP: dict = setup_of(SPEC, {
    **{o.key: {"label": f"paperback.opt.{o.key}", "about": f"paperback.opt.{o.key}.about"}
       for o in SPEC.setup_options()},
    "coop_cubes": {"label": "paperback.opt.coop_cubes", "about": "paperback.opt.coop_cubes.about",
                   "choices": {5: "paperback.opt.coop_cubes.5", 4: "paperback.opt.coop_cubes.4"}},
})


def game_scene(app: Any, session: Any) -> Any:
    """The table for a Paperback session (new or resumed)."""
    from scenes.paperback.table import PaperbackScene
    return PaperbackScene(app, session)


def replay_renderer(app: Any) -> Any:
    from scenes.paperback.replayview import ReplayRenderer
    return ReplayRenderer(app)


def result_headline(outcome: dict) -> str | None:
    """Co-op: the table won or lost together (else the usual winners line)."""
    coop = (outcome.get("detail") or {}).get("coop")
    if not coop:
        return None
    return t("paperback.coop.headline.won" if coop.get("won") else "paperback.coop.headline.lost")


def result_note(outcome: dict, seat: int) -> str:
    """The results screen's line under a player: where their Fame came from ("5 wilds +
    14 Fame + 10 commons"; the parts worth nothing left out); a log from before the
    breakdown: their best word and its ¢."""
    detail = outcome.get("detail") or {}
    parts = detail.get("fame") or []
    if seat < len(parts):
        from scenes.paperback.narrate import fame_line
        return fame_line(parts[seat])
    best = detail.get("best_words") or []
    word = best[seat] if seat < len(best) else None
    if not word:
        return ""
    return t("paperback.ui.final.best", word=str(word["word"]).upper(), cents=word["cents"])


def result_reason(outcome: dict) -> str | None:
    """Why the game ended, under the results' headline (co-op words its end in the headline)."""
    reason = (outcome.get("detail") or {}).get("reason")
    return t(f"paperback.end.{reason}") if reason in ("fame", "commons") else None


__all__ = ["SETUP", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series",
           "result_note", "result_reason", "result_headline", "Page"]
