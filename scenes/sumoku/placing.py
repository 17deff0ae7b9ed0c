"""How a person builds a Sumoku play at the table (a mixin of TableScene): tiles picked
by number key, Tab or click, walked with the arrows and dropped, dragged with the mouse,
taken back, turned from 6 to 9; the board panned and zoomed. The buttons' own keys
(Enter, Backspace, H, P, X, U, Esc) are the kit's button bar's.

The keyboard scheme (said on screen by `key_hint`): a hand slot's number (1-9; Tab and
Shift+Tab reach every tile) picks that tile up, the same number again puts it back (so
does Esc); the arrows walk the cursor; Enter or Space drops the tile in hand. Nothing is
ever picked up automatically, so Enter with no tile in hand is always the Confirm
button, and Backspace the Take back button (the whole play)."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.sumoku.widgets import can_flip
from scenes.ui.i18n import t

Cell = tuple[int, int]
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
PAN_KEYS = {pygame.K_w: (0, 1), pygame.K_s: (0, -1), pygame.K_a: (1, 0), pygame.K_d: (-1, 0),
            pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1), pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0)}
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Placing:
    """Input that builds the play; the state it works on is TableScene's."""

    view: dict
    board_view: Any
    pending: Any
    selected: int | None
    cursor: Cell | None
    drag: dict | None
    exchange_mode: bool
    exchange_pick: set[int]
    held: set[int]

    # ---- input -------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Esc: drop a half-made choice first."""
        if self.drag or self.selected is not None or self.exchange_mode:
            self.drag = None
            self.selected = None
            self.cursor = None
            self.exchange_mode = False
            self.exchange_pick.clear()
            return True
        return False

    def on_input(self, ev: pygame.event.Event) -> bool:
        et = ev.type
        if et == pygame.KEYUP:
            self.held.discard(ev.key)
            return False
        if et == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(ev)
        if et == pygame.MOUSEBUTTONUP:
            return self._mouse_up(ev)
        if et == pygame.MOUSEMOTION:
            return self._mouse_move(ev)
        if et == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.board_view.rect.collidepoint(pos):
                self.board_view.zoom_step(1 if ev.y > 0 else -1, pos)
            return True
        return False

    def on_key(self, ev: pygame.event.Event) -> bool:
        """Keys that place tiles; the buttons' own keys (Enter, Backspace, H, P, X, U) are
        the bar's, unless a tile is picked or under the cursor."""
        k = ev.key
        mods = getattr(ev, "mod", 0)
        if k in DIGIT_KEYS:
            self.select_slot(DIGIT_KEYS[k] - 1)
            return True
        if k == pygame.K_TAB:
            self.select_next(-1 if mods & pygame.KMOD_SHIFT else 1)
            return True
        if k in ARROWS and (self.selected is not None or self.cursor is not None):
            dr, dc = ARROWS[k]
            cur = self.cursor or self._start_cursor()
            self.cursor = (cur[0] + dr, cur[1] + dc)
            self.board_view.ensure_visible(self.cursor)
            return True
        if k in PAN_KEYS and not mods & pygame.KMOD_CTRL:
            self.held.add(k)
            return True
        if k in ENTER + (pygame.K_SPACE,):
            if self.selected is not None and self.cursor is not None:
                self.drop_selected()
            elif self.selected is not None:
                self.cursor = self._start_cursor()
            else:
                return k == pygame.K_SPACE     # Enter: the confirm button's
            return True
        if k == pygame.K_r:
            tile = self.selected
            if tile is None and self.cursor and self.pending.at(self.cursor):
                tile = self.pending.at(self.cursor)[0]
            if tile is None and self.pending:
                tile = next((p[0] for p in reversed(self.pending.tiles) if can_flip(p[0])), None)
            if tile is not None:
                self.flip(tile)
            return True
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.board_view.zoom_step(1)
            return True
        if k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.board_view.zoom_step(-1)
            return True
        if k == pygame.K_HOME or k == pygame.K_f:
            self.board_view.refit()
            return True
        return False

    def key_hint(self) -> str:
        """The keys that work now, in one short line (shown under the board)."""
        if not self.my_turn:
            return ""
        hand = self.hand()
        n = min(9, len(hand))
        digits = "1" if n == 1 else f"1–{n}"
        if self.exchange_mode:
            return t("sumoku.ui.keys.exchange", keys=digits)
        if self.selected is not None:
            slot = hand.index(self.selected) if self.selected in hand else 99
            if slot < 9:
                return t("sumoku.ui.keys.held", key=str(slot + 1))
            return t("sumoku.ui.keys.held_tab")
        if self.pending:
            return t("sumoku.ui.keys.pending" if self.analysis.ok else "sumoku.ui.keys.pending_bad", keys=digits)
        if len(hand) > 9:
            return t("sumoku.ui.keys.pick_more", keys=digits, count=len(hand))
        return t("sumoku.ui.keys.pick", keys=digits)

    def _start_cursor(self) -> Cell:
        if self.pending.tiles:
            p = self.pending.tiles[-1]
            return (p[1], p[2] + 1)
        last = self.view.get("last_play")
        if last and last["tiles"]:
            p = last["tiles"][-1]
            return (p[1] + 1, p[2])
        return (0, 0)

    def select_slot(self, i: int) -> None:
        """The number key of hand slot i (as the hand shows it): pick that tile up, or put
        it back if it is the one in hand. A slot whose tile is on the board does nothing."""
        hand = self.hand()
        if not 0 <= i < len(hand):
            return
        if self.exchange_mode:
            self.exchange_pick ^= {hand[i]}
            return
        if self.selected == hand[i]:
            self.selected = None
            return
        self.pick(hand[i])

    def pick(self, tile: int) -> None:
        if not self.my_turn or tile not in self.free_tiles():
            return
        self.selected = tile
        if self.cursor is None:
            self.cursor = self._start_cursor()
            self.board_view.ensure_visible(self.cursor)

    def select_next(self, step: int) -> None:
        free = self.free_tiles()
        if not free or not self.my_turn:
            return
        i = free.index(self.selected) + step if self.selected in free else (0 if step > 0 else -1)
        self.pick(free[i % len(free)])

    def drop_selected(self) -> None:
        if self.selected is None or self.cursor is None:
            return
        if self.put(self.selected, self.cursor):
            self.selected = None           # nothing is picked up for you: Enter now confirms
            nxt = self._next_cell()        # the cursor moves on along the play
            if nxt is not None:
                self.cursor = nxt
                self.board_view.ensure_visible(nxt)

    def _next_cell(self) -> Cell | None:
        cells = sorted((p[1], p[2]) for p in self.pending.tiles)
        if not cells:
            return None
        board = {(r, c) for r, c, _, _ in self.view["board"]} | set(cells)
        r, c = cells[-1]
        if len(cells) >= 2 and cells[0][1] == c:  # a column
            step = (1, 0)
        else:
            step = (0, 1)
        while (r, c) in board:
            r, c = r + step[0], c + step[1]
        return (r, c)

    def _hand_tile_at(self, pos: tuple[int, int]) -> int | None:
        for tile, r in zip(self.hand(), self.hand_rects):
            if r.collidepoint(pos):
                return tile
        return None


    def _mouse_down(self, ev: pygame.event.Event) -> bool:
        pos = ev.pos
        if ev.button == 1:
            tile = self._hand_tile_at(pos)
            if tile is not None:
                if self.exchange_mode:
                    self.exchange_pick ^= {tile}
                elif self.my_turn and tile not in self.pending.tile_ids():
                    self.drag = {"tile": tile, "pos": pos, "start": pos, "moved": False, "from_cell": None}
                return True
            cell = self.board_view.cell_at(pos)
            if cell is not None:
                p = self.pending.at(cell)
                if p is not None and self.my_turn:
                    self.drag = {"tile": p[0], "pos": pos, "start": pos, "moved": False, "from_cell": cell}
                    return True
                if self.selected is not None:
                    self.cursor = cell
                    self.drop_selected()
                    return True
            return False
        if ev.button in (2, 3):
            if self.board_view.rect.collidepoint(pos):
                self.board_view.begin_drag(pos)
                return True
            if ev.button == 3:
                tile = self._hand_tile_at(pos)
                if tile is not None:
                    self.flip(tile)
                    return True
        return False

    def _mouse_move(self, ev: pygame.event.Event) -> bool:
        pos = ev.pos
        if self.board_view.dragging:
            self.board_view.drag_to(pos)
            return True
        if self.drag is not None:
            sx, sy = self.drag["start"]
            if abs(pos[0] - sx) + abs(pos[1] - sy) > 4:
                self.drag["moved"] = True
            self.drag["pos"] = pos
            return True
        return False

    def _mouse_up(self, ev: pygame.event.Event) -> bool:
        pos = ev.pos
        if ev.button in (2, 3) and self.board_view.dragging:
            moved = self.board_view.end_drag()
            if not moved and ev.button == 3:  # a right click: turn a 6 into a 9
                cell = self.board_view.cell_at(pos)
                p = self.pending.at(cell) if cell else None
                if p is not None:
                    self.flip(p[0])
            return True
        if ev.button != 1 or self.drag is None:
            return False
        drag, self.drag = self.drag, None
        tile, from_cell = drag["tile"], drag["from_cell"]
        if not drag["moved"]:
            if from_cell is not None:      # a click on a pending tile takes it back
                self.take_back(from_cell)
            else:                          # a click on a hand tile picks it (then click a cell)
                self.selected = None if self.selected == tile else tile
                if self.selected is not None and self.cursor is None:
                    self.cursor = self._start_cursor()
            return True
        cell = self.board_view.cell_at(pos)
        if cell is not None:
            if not self.put(tile, cell) and from_cell is not None:
                pass  # dropped on a taken cell: the tile stays where it was
        elif from_cell is not None:
            self.take_back(from_cell)      # dragged off the board: back to the hand
        return True
