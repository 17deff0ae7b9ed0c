"""The Paperback table's option panels: what an option adds to the table (simultaneous
play, attacks' answers, Player Powers, the help bounty, themes, the co-op pyramid) as an
object the table scene owns, made only when the session plays that option (table.py's
PANELS). The scene asks its panels, in order, at each of the hooks below; a panel
answers only for its own option and otherwise leaves the hook's default (nothing).

`Table` is what a panel reads of the scene (scenes/paperback/table.py's PaperbackScene),
named here so that no panel imports the scene."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from engine.paperback.finder import Found
from scenes.paperback.layout import Places
from scenes.paperback.word import Building
from scenes.ui.buttons import Button, ButtonBar
from scenes.ui.geometry import Frame

Line = tuple[str, tuple[int, int, int]]          # a text and its colour (the banner, the info strip)
Rows = tuple[list[Button], list[Button]]         # the phase buttons' two rows


class Table(Protocol):
    """What the option panels read of the table."""
    view: dict
    places: Places
    fr: Frame
    bar: ButtonBar
    players: list[dict]
    session: Any
    message: Any                     # (scenes/common/turntable.py's Message, or None)
    hold: float                      # seconds the word just played stays up

    @property
    def viewer(self) -> int | None: ...
    @property
    def b(self) -> Building: ...
    @property
    def acting(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    def spelling(self) -> bool: ...
    def buying(self) -> bool: ...
    def submit(self, cmd: dict) -> bool: ...
    def check(self, cmd: dict) -> Any: ...
    def sound(self, name: str) -> None: ...
    def name(self, seat: int) -> str: ...
    def refresh(self) -> None: ...
    def request_redraw(self) -> None: ...
    def laid_as(self, view: dict, word: str) -> Found | None: ...


class OptionPanel:
    """An option's part of the table. Every hook's default is "nothing of mine"."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # the table's state, as every panel reads it
    @property
    def view(self) -> dict:
        return self.table.view

    @property
    def viewer(self) -> int | None:
        return self.table.viewer

    @property
    def b(self) -> Building:
        return self.table.b

    # ---- the session ------------------------------------------------------------------------
    def seen_view(self, view: dict) -> dict:
        """The view as the seat on screen may see it now."""
        return view

    def seen_events(self, events: list[dict]) -> list[dict]:
        return events

    def refresh(self) -> None:
        """After the view was read: drop what of the seat's half-made choice no longer applies."""

    def keeps(self, cid: str) -> bool:
        """A laid card that is not in the hand stays laid (a power's card)."""
        return False

    def outgoing(self, cmd: dict) -> dict:
        """A command on its way to the session (and to its dry run)."""
        return cmd

    def no_curtain(self) -> bool:
        """No hand-off curtain now, though the person on screen changes."""
        return False

    def takes_over(self, action: str) -> bool:
        """The table's "pass" or "buy" (of nothing) becomes a step of this panel's (True)."""
        return False

    # ---- per frame ----------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """The table's frame (not under the curtain or the pause menu)."""

    def timer_in(self) -> float | None:
        return None

    # ---- layout, hit targets and buttons (never in draw) ------------------------------------------
    def lay_out(self, places: Places) -> None:
        """The places at this window size, changed for this option."""

    def holds(self) -> bool:
        """A step of this panel's has the table: the hand and the market take no click."""
        return False

    def hits(self) -> list[tuple[str, str, pygame.Rect]]:
        return []

    def hand_toggles(self) -> list[Button]:
        """Buttons over the hand's cards (instead of the trash's)."""
        return []

    def slot_toggle(self, i: int, r: pygame.Rect) -> Button | None:
        """A button over laid slot i (instead of its "lay as")."""
        return None

    def word_toggles(self) -> list[Button]:
        """Buttons of the word being spelled (in the ¢ panel)."""
        return []

    def info_toggles(self, info: pygame.Rect) -> tuple[list[Button], pygame.Rect]:
        """Buttons in the info strip, and the rect left for the info line."""
        return [], info

    def prepare(self) -> None:
        """Per frame, outside drawing: what the drawing will read."""

    def rows(self) -> Rows | None:
        """The phase buttons, when this panel's step or phase is on."""
        return None

    def spell_buttons(self) -> list[Button]:
        """More buttons on the spelling row."""
        return []

    def buy_buttons(self) -> list[Button]:
        """More buttons on the buying row's second line."""
        return []

    def ballot(self) -> Any:
        """A vote of this option's the table is taking now (table.py's Ballot), or None."""
        return None

    def hot(self) -> str | None:
        """The market card lifted, when the pointer is on none."""
        return None

    def market(self) -> dict[str, Any]:
        """What the market's drawing shows of this option (panels.draw_market's keywords)."""
        return {}

    # ---- lines ------------------------------------------------------------------------------------
    def banner(self) -> Line | None:
        return None

    def info(self) -> Line | None:
        """The info strip's line for this panel's step (unless an error is shown)."""
        return None

    def quiet_info(self) -> Line | None:
        """The info strip's line when nothing else is said."""
        return None

    # ---- input --------------------------------------------------------------------------------------
    def key(self, ev: pygame.event.Event) -> bool | None:
        """A key while this panel's step is on: taken (True) or dropped (False); None: not mine."""
        return None

    def cancel(self) -> bool:
        return False

    def click(self, kind: str, key: str) -> bool:
        return False

    # ---- drawing (read-only) ------------------------------------------------------------------------
    def draw_word_area(self, surface: pygame.Surface) -> bool:
        """The word row and the hand, drawn instead of the table's (True)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table, before its buttons."""
