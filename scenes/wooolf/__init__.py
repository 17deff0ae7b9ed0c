"""Wooolf!! on screen: the plug-in the framework calls (set-up options, the table scene,
the replay renderer, event descriptions, how-to pages, the score chart's series).

The notebook's assistant level is a game option ("assistant": "off" | "notes" |
"certain" | "prob"); the rules keep it in the log header and ignore it."""
from __future__ import annotations

from typing import Any

from scenes.common.assistant import assistant_words
from scenes.common.setupspec import setup_of
from engine.core.lazy import exports
from engine.wooolf.spec import SPEC
from scenes.ui.i18n import t

# imported when first used (engine/core/lazy.py): the picker needs only SETUP and the icon
__getattr__, __dir__ = exports(__name__, {
    "Page": "scenes.wooolf.howto:Page",
    "howto_pages": "scenes.wooolf.howto:howto_pages",
    "describe_event": "scenes.wooolf.narrate:describe_event",
    "score_series": "scenes.wooolf.narrate:score_series",
})

SETUP: dict = setup_of(SPEC, {
    "advanced": {"label": "wooolf.option.advanced", "about": "wooolf.option.advanced.about"},
    "assistant": assistant_words("wooolf", about=True),
})


def game_scene(app: Any, session: Any) -> Any:
    """The table for a Wooolf!! session (new or resumed)."""
    from scenes.wooolf.table import WooolfScene
    return WooolfScene(app, session)


def replay_renderer(app: Any) -> Any:
    from scenes.wooolf.replayview import ReplayRenderer
    return ReplayRenderer(app)


def result_note(outcome: dict, seat: int) -> str:
    """The results screen's line under a player: their X tokens, and in how many of the
    rounds played their declaration was right ("1 X token · right in 2 of 3 rounds")."""
    detail = outcome.get("detail") or {}
    xs, rounds, right = detail.get("x_tokens") or [], detail.get("rounds"), detail.get("right") or []
    if seat >= len(xs) or not isinstance(rounds, int):
        return ""
    x = int(xs[seat])
    x_words = t("wooolf.results.x_none") if x == 0 else t("wooolf.results.x_one" if x == 1 else "wooolf.results.x_many", n=x)
    per = "one" if rounds == 1 else "many"
    rounds_words = (t(f"wooolf.results.right_{per}", right=int(right[seat]), rounds=rounds) if seat < len(right)
                    else t(f"wooolf.results.rounds_{per}", rounds=rounds))
    return t("wooolf.results.note", x=x_words, rounds=rounds_words)


def result_reason(outcome: dict) -> str | None:
    """Why the game ended, under the results' headline: someone's X tokens, or the last round."""
    from engine.wooolf.content import content
    detail = outcome.get("detail") or {}
    xs, rounds = detail.get("x_tokens") or [], detail.get("rounds")
    if not isinstance(rounds, int):
        return None
    most = max((int(x) for x in xs), default=0)
    if most >= content().x_to_end:
        return t("wooolf.end.x_tokens", n=most, round=rounds)
    return t("wooolf.end.rounds", rounds=rounds)


__all__ = ["SETUP", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series", "result_note",
           "result_reason", "Page"]
