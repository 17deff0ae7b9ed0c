"""The turn banner: whose move it is, in their seat colour, read from the view's common
header (`view["status"]`: phase, acting, round, deadline, ended), the same for every game.
A game gives only its words."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from scenes.ui import style
from scenes.ui.i18n import t

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class BannerWords:
    """Catalog keys; each may use {name} and {phase} (the phase's own catalog key is
    `phase` with "{phase}" filled in)."""
    over: str          # the game is over
    mine: str          # the seat on screen acts
    bot: str           # a bot acts
    person: str        # another person acts
    others: str        # several seats act, the one on screen not among them
    phase: str = ""    # e.g. "hooky.phase.{phase}"


def banner_text(status: dict, viewer: int | None, words: BannerWords, name: Callable[[int], str],
                is_bot: Callable[[int], bool],
                phone: Callable[[int], str | None] | None = None) -> tuple[str, Colour]:
    """(text, colour) of the banner for the seat on screen (None: the table). `phone`
    gives a phone seat's state (TurnTable.phone_state): such a seat is waited for as one
    on its phone, away, past its grace (F2 hands it to a bot) or back while a bot plays."""
    if status.get("ended"):
        return t(words.over), style.ACCENT
    phase = str(status.get("phase", ""))
    acting = list(status.get("acting") or [])
    phase_text = t(words.phase.format(phase=phase)) if words.phase else phase
    if viewer is not None and viewer in acting:
        return t(words.mine.format(phase=phase), name=name(viewer)), style.seat_colour(viewer)
    if len(acting) == 1:
        who = acting[0]
        state = phone(who) if phone is not None else None
        if state is not None and state != "bot":
            return t(f"ui.banner.phone_{state}", name=name(who)), style.seat_colour(who)
        return t(words.bot if is_bot(who) else words.person, name=name(who)), style.seat_colour(who)
    if acting:
        return t(words.others, phase=phase_text), style.INK_DIM
    return "", style.INK
