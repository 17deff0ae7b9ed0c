"""Hooky on screen: the plug-in the framework calls (set-up options, the table scene,
the replay renderer, event descriptions, how-to pages, the score chart's series).

The table's assistant level is a game option ("assistant": "off" | "notes" | "certain"
| "prob"); the rules keep it in the log header and ignore it."""
from __future__ import annotations

from typing import Any

from scenes.common.assistant import assistant_words
from scenes.common.setupspec import setup_of
from engine.core.lazy import exports
from engine.hooky.spec import SPEC

# imported when first used (engine/core/lazy.py): the picker needs only SETUP and the icon
__getattr__, __dir__ = exports(__name__, {
    "Page": "scenes.hooky.howto:Page",
    "howto_pages": "scenes.hooky.howto:howto_pages",
    "describe_event": "scenes.hooky.narrate:describe_event",
    "score_series": "scenes.hooky.narrate:score_series",
    "score_axis": "scenes.hooky.narrate:score_axis",
})

SETUP: dict = setup_of(SPEC, {"assistant": assistant_words("hooky")},
                       variant_labels={"classic": "hooky.ui.variant.classic"})


def game_scene(app: Any, session: Any) -> Any:
    """The table for a Hooky session (new or resumed)."""
    from scenes.hooky.table import HookyScene
    return HookyScene(app, session)


def replay_renderer(app: Any) -> Any:
    from scenes.hooky.replayview import ReplayRenderer
    return ReplayRenderer(app)


__all__ = ["SETUP", "game_scene", "replay_renderer", "describe_event", "howto_pages", "score_series", "Page"]
