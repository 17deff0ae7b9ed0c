"""How a person plays at the Hooky table (a mixin of HookyScene): letters spell the word
(or pick the hooky letters, or the card to reveal), Enter does the phase's main action,
Tab switches to the worksheet, where arrows move the cursor and H / N / M (1 / 2 / 3)
mark a cell; the mouse marks cells, picks a seat by its row name and a card to reveal.
U, Ctrl+U and Ctrl+Z take back a play against bots (U only when letters are not typed)."""
from __future__ import annotations

from typing import Any

import pygame

from engine.hooky.knowledge import ALPHABET

LETTER_KEYS = {getattr(pygame, f"K_{c}"): c for c in ALPHABET}
MARK_KEYS = {pygame.K_h: "has", pygame.K_n: "not", pygame.K_m: "maybe",
             pygame.K_1: "has", pygame.K_2: "not", pygame.K_3: "maybe",
             pygame.K_KP1: "has", pygame.K_KP2: "not", pygame.K_KP3: "maybe"}
UNDO_KEYS = (pygame.K_u, pygame.K_z)    # U (when letters are not being typed), Ctrl+U, Ctrl+Z
CLEAR_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_0, pygame.K_KP0)
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Entry:
    """Input that builds the shown seat's play; the state is HookyScene's."""

    view: dict
    viewer: int | None
    ui: Any
    grid: Any
    marks: Any
    card_hits: list

    # ---- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        used = super().handle(event)
        self.flush_marks()                # a mark is on disk as soon as it is made
        return used

    def cancel(self) -> bool:
        """Esc leaves the reveal first."""
        if self.viewer is not None and self.ui.reveal_mode:
            self.ui.reveal_mode = False
            return True
        return False

    def _typing_letters(self) -> bool:
        """Letter keys spell the word (or pick the hooky letters) just now."""
        return (self.ui.focus == "entry" and self.acting
                and (self.view.get("phase") in ("clue", "turn", "guess") or self.ui.reveal_mode))

    def on_key(self, ev: pygame.event.Event) -> bool:
        k = ev.key
        if self.view.get("ended"):
            if k in ENTER or k == pygame.K_SPACE:
                self.results()
            return True
        ctrl = bool(ev.mod & pygame.KMOD_CTRL)
        if k in UNDO_KEYS and (ctrl or (k == pygame.K_u and not self._typing_letters())):
            if self.undo_seat is not None:
                self.undo()
                return True
        if k == pygame.K_TAB:
            self.ui.focus = "grid" if self.ui.focus == "entry" else "entry"
            return True
        if self.ui.focus == "grid" and self.viewer is not None:
            return self._grid_key(k)
        # typing
        if self.view["phase"] == "vote" and k in (pygame.K_y, pygame.K_n):
            self.vote(k == pygame.K_y)
            return True
        if k in LETTER_KEYS:
            self.type_letter(LETTER_KEYS[k])
            return True
        if k == pygame.K_BACKSPACE:
            self.backspace()
            return True
        if k in ENTER:
            self.primary()
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.step_target(1 if k == pygame.K_DOWN else -1)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ui.focus = "grid"
            self.move_cursor(0, 1 if k == pygame.K_RIGHT else -1)
            return True
        return False

    def _grid_key(self, k: int) -> bool:
        if k in ARROWS:
            self.move_cursor(*ARROWS[k])
        elif k in MARK_KEYS:
            self.set_mark(MARK_KEYS[k])
        elif k in CLEAR_KEYS:
            self.set_mark(None)
        elif k in ENTER:
            self.primary()
        elif k == pygame.K_SPACE:
            cell = self.cell_under_cursor()
            if cell is not None:
                self.marks.cycle(self.viewer, cell)
        else:
            return False
        return True

    def on_input(self, ev: pygame.event.Event) -> bool:
        if ev.type != pygame.MOUSEBUTTONDOWN:
            return False
        pos = ev.pos
        if ev.button == 1:
            for letter, r in self.card_hits:
                if r.collidepoint(pos):
                    if self.ui.reveal_mode:
                        self.type_letter(letter)
                    return True
        if self.viewer is None:
            return False
        cell = self.grid.cell_at(pos)
        if cell is not None:
            self.ui.focus = "grid"
            self.ui.cursor = cell
            loc = self.grid.rows[cell[0]]
            if ev.button == 1:
                self.marks.cycle(self.viewer, (loc, ALPHABET[cell[1]]))
            elif ev.button == 3:
                self.marks.set(self.viewer, (loc, ALPHABET[cell[1]]), None)
            return True
        letter = self.grid.header_at(pos)
        if letter is not None and ev.button == 1:
            if self.view["phase"] == "guess" and self.acting:
                self.toggle_pick(letter)
            return True
        loc = self.grid.label_at(pos)
        if isinstance(loc, int) and ev.button == 1:
            self.choose_target(loc)
            return True
        return False
