"""The bots the table plays against and asks for hints (engine.sumoku.bot)."""
from __future__ import annotations

from typing import Any


def make_bot(level: str, seed: int) -> Any:
    from engine.sumoku.bot import SumokuBot
    return SumokuBot(level, seed)


def placements_of(answer: Any) -> list[list[int]] | None:
    """The placements of a hint (a Play, a place command, or None)."""
    if answer is None:
        return None
    if isinstance(answer, dict):
        if answer.get("type") not in (None, "place"):
            return None
        tiles = answer.get("tiles")
    else:
        tiles = getattr(answer, "placements", None)
    if not tiles:
        return None
    return [[int(x) for x in p] for p in tiles]
