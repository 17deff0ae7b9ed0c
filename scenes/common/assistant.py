"""The assistant of the deduction games (Hooky's worksheet, Wooolf!!'s notebook): its
levels, least help first (declared once: engine/core/options.py ASSISTANT), the table's
level read from the game's options, and the set-up's words for the option (each game's catalog)."""
from __future__ import annotations

from typing import Any, Mapping

from engine.core.options import ASSISTANT

LEVELS: tuple[str, ...] = ASSISTANT.values      # least help first (engine/core/options.py)
DEFAULT: str = ASSISTANT.default


def table_level(options: Mapping[str, Any] | None) -> str:
    """The table's level: the game's "assistant" option, "notes" when unset or unknown."""
    level = (options or {}).get("assistant", DEFAULT)
    return level if level in LEVELS else DEFAULT


def assistant_words(game: str, *, about: bool = False) -> dict[str, Any]:
    """The set-up's words for the option (scenes/common/setupspec.py): `<game>.opt.assistant`
    and one `<game>.opt.assistant.<level>` per level (and `<game>.opt.assistant.about`
    when the game explains it)."""
    words: dict[str, Any] = {"label": f"{game}.opt.assistant",
                             "choices": {lv: f"{game}.opt.assistant.{lv}" for lv in LEVELS}}
    if about:
        words["about"] = f"{game}.opt.assistant.about"
    return words
