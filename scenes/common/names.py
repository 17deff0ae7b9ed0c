"""A seat's name, as every screen shows it."""
from __future__ import annotations

from typing import Any, Sequence

from scenes.ui.i18n import t


def player_name(players: Sequence[Any] | None, seat: int) -> str:
    """The seat's name from the session's players (dicts with "name"), else "Player n"."""
    name = None
    if players and 0 <= seat < len(players) and isinstance(players[seat], dict):
        name = players[seat].get("name")
    return str(name) if name else t("ui.player_n", n=seat + 1)
