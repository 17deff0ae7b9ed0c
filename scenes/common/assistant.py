"""The assistant of the deduction games (Hooky's worksheet, Wooolf!!'s notebook): its
levels, least help first, the table's level read from the game's options, and the set-up
option that chooses it (worded by each game's catalog)."""
from __future__ import annotations

from typing import Any, Mapping

LEVELS = ("off", "notes", "certain", "prob")      # least help first
DEFAULT = "notes"


def table_level(options: Mapping[str, Any] | None) -> str:
    """The table's level: the game's "assistant" option, "notes" when unset or unknown."""
    level = (options or {}).get("assistant", DEFAULT)
    return level if level in LEVELS else DEFAULT


def assistant_option(game: str, *, about: bool = False) -> dict[str, Any]:
    """The set-up option: `<game>.opt.assistant` and one `<game>.opt.assistant.<level>`
    per level (and `<game>.opt.assistant.about` when the game explains it)."""
    option: dict[str, Any] = {"key": "assistant", "label": f"{game}.opt.assistant", "type": "choice",
                              "choices": [(lv, f"{game}.opt.assistant.{lv}") for lv in LEVELS],
                              "default": DEFAULT}
    if about:
        option["about"] = f"{game}.opt.assistant.about"
    return option
