"""What the Sumoku scenes ask of the app (scenes/app.py): the animation speed, sounds,
the pause overlay, the results scene, player names. Each call tolerates a bare app
(a renderer used on its own, a test's stand-in)."""
from __future__ import annotations

from typing import Any, Sequence

from scenes.ui.i18n import t


def anim_factor(app: Any) -> float:
    """How long animations take relative to normal (0 = off: instant)."""
    settings = getattr(app, "settings", None)
    factor = getattr(settings, "anim_factor", None)
    return float(factor) if isinstance(factor, (int, float)) else 1.0


def play_sound(app: Any, name: str) -> None:
    player = getattr(app, "sound", None)
    if player is not None:
        player.play(name)


def open_pause(app: Any) -> bool:
    pause = getattr(app, "pause", None)
    if pause is None:
        return False
    pause()
    return True


def show_results(app: Any, session: Any) -> None:
    show = getattr(app, "show_results", None)
    if show is not None:
        show(session)


def player_name(players: Sequence[dict] | None, seat: int) -> str:
    """The seat's name from the session's players, else "Player n"."""
    name = None
    if players and 0 <= seat < len(players) and isinstance(players[seat], dict):
        name = players[seat].get("name")
    return str(name) if name else t("ui.player_n", n=seat + 1)
