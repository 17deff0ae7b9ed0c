"""Wooolf!! on screen: the plug-in the framework calls (set-up options, the table scene,
the replay renderer, event descriptions, how-to pages, the score chart's series).

The notebook's assistant level is a game option ("assistant": "off" | "notes" |
"certain" | "prob"); the rules keep it in the log header and ignore it."""
from __future__ import annotations

from typing import Any

from scenes.common.assistant import assistant_option
from scenes.wooolf.howto import Page, howto_pages
from scenes.wooolf.narrate import describe_event, score_series
from scenes.wooolf.replayview import ReplayRenderer

SETUP: dict = {
    "seats": range(4, 9),
    "default_seats": 5,
    "variants": [("classic", "wooolf.variant.classic", {"seats": range(4, 9)})],
    "options": [
        {"key": "advanced", "label": "wooolf.option.advanced", "about": "wooolf.option.advanced.about",
         "type": "bool", "default": False},
        assistant_option("wooolf", about=True),
    ],
}


def game_scene(app: Any, session: Any) -> Any:
    """The table for a Wooolf!! session (new or resumed)."""
    from scenes.wooolf.table import WooolfScene
    return WooolfScene(app, session)


def replay_renderer(app: Any) -> ReplayRenderer:
    return ReplayRenderer(app)


__all__ = ["SETUP", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series", "Page"]
