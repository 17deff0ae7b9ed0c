"""The Sumoku table (classic and solitaire): the board, every hand, the HUD, and the
input that builds a play. The turn-table kit (scenes/common/turntable.py) does the rest:
the session, bots, undo, the end, pause. It never changes game state itself: it submits
commands and redraws from the session's view."""
from __future__ import annotations

import logging
from typing import Any

import pygame

from engine.sumoku.tiles import TILE_COUNT, number, values
from engine.sumoku.views import view_board
from scenes.common.banner import BannerWords, banner_text
from scenes.common.confirm import Confirm
from scenes.common.logpanel import draw_recent
from scenes.common.turntable import TurnTable
from scenes.sumoku import style
from scenes.sumoku.anim import Animator
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.bots import placements_of
from scenes.sumoku.layout import TableLayout, table_layout
from scenes.sumoku.narrate import log_lines
from scenes.sumoku.pending import Analysis, Pending, analyse
from scenes.sumoku.placing import ENTER, PAN_KEYS, Placing
from scenes.sumoku.tileart import tile_surface
from scenes.sumoku.widgets import can_flip, draw_hand, draw_seat_card, hand_layout, seat_card_tiles, stat_box
from scenes.ui.buttons import Button
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, t
from scenes.ui.worker import Latest

log = logging.getLogger(__name__)

Cell = tuple[int, int]
WORDS = BannerWords(over="sumoku.ui.game_over", mine="sumoku.ui.turn", bot="sumoku.ui.thinking",
                    person="sumoku.ui.turn", others="sumoku.ui.turn")


class TableScene(Placing, TurnTable):
    bot_pause = 0.45
    table_at_end = False

    def __init__(self, app: Any, session: Any) -> None:
        self.view: dict = session.view(None)
        self.solitaire = self.view.get("variant") == "solitaire"
        self.board_view = BoardView()
        self.pending = Pending()
        self.analysis = Analysis()
        self._analysed: tuple = ()
        self.flipped: dict[int, int] = {}         # a 6 in hand turned to 9: tile -> 9
        self.selected: int | None = None         # hand tile picked with the keyboard or a click
        self.cursor: Cell | None = None
        self.drag: dict | None = None            # {"tile", "pos", "start", "moved", "from_cell"}
        self.exchange_mode = False
        self.exchange_pick: set[int] = set()
        self.anim = Animator()
        self.hints: Latest[Any] = Latest()
        self.held: set[int] = set()
        self.shown_scores = [float(x) for x in self.view["scores"]]
        self.layout: TableLayout | None = None
        self.hand_rects: list[pygame.Rect] = []
        self.card_tiles: dict[int, list[pygame.Rect]] = {}
        self.log_lines: list[str] = []
        self.new_stage = False
        super().__init__(app, session)
        self.buttons = self.bar
        self.bar.set([
            Button("confirm", self.confirm, keys=ENTER, primary=True),
            Button("take_back", self.take_back_all, keys=(pygame.K_BACKSPACE, pygame.K_DELETE)),
            Button("hint", self.ask_hint, keys=(pygame.K_h,)),
            Button("pass", self.pass_turn, keys=(pygame.K_p,)),
            Button("exchange", self.toggle_exchange, keys=(pygame.K_x,)),
            self.undo_button("sumoku.ui.undo"),
            self.menu_button("sumoku.ui.menu"),
        ])
        self.refresh()

    # ---- seats -----------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        return self.view.get("turn")

    @property
    def my_turn(self) -> bool:
        """A person at the TV sits at the seat to play (a phone seat plays on its phone)."""
        return (self.turn is not None and not self.is_bot(self.turn) and not self.on_phone(self.turn)
                and not self.view["ended"])

    @property
    def hand_seat(self) -> int:
        """The hand shown large at the bottom: the person to play, else the one at the screen."""
        if self.my_turn or (self.viewer is not None and len(self.humans) == 1):
            return self.turn if self.my_turn else self.viewer
        return self.turn if self.turn is not None else (self.viewer or 0)

    @property
    def phone_turn(self) -> bool:
        """The seat to play is on its phone (and not handed to a bot)."""
        return (self.turn is not None and self.on_phone(self.turn) and not self.is_bot(self.turn)
                and not self.view["ended"])

    def phone_draft(self) -> list[list[int]]:
        """The tiles the phone to play has put down but not confirmed (its `draft`,
        net/phones/table.py), as far as they fit the table: its own tiles, on free squares."""
        phones = getattr(self.app, "phones", None)
        draft = phones.drafts.get(self.turn) if phones is not None and self.phone_turn else None
        if not isinstance(draft, dict) or draft.get("type") != "place" or not isinstance(draft.get("tiles"), list):
            return []
        hand = set(self.view["hands"][self.turn])
        taken = {(r, c) for r, c, _, _ in self.view["board"]}
        out: list[list[int]] = []
        for p in draft["tiles"][:len(hand)]:
            if (isinstance(p, list) and len(p) == 4 and all(type(x) is int for x in p) and p[0] in hand
                    and p[3] in values(p[0]) and (p[1], p[2]) not in taken and all(abs(x) <= 64 for x in p[1:3])):
                taken.add((p[1], p[2]))
                hand.discard(p[0])
                out.append(list(p))
        return out

    # ---- the session -------------------------------------------------------------------
    def leave(self) -> None:
        super().leave()
        self.held.clear()

    def refresh(self) -> None:
        self.view = self.session.view(None)
        last = self.view.get("last_play")
        hl = [(p[1], p[2]) for p in last["tiles"]] if last else []
        self.board_view.set_board_list(self.view["board"], hl)
        hand = set(self.view["hands"][self.hand_seat]) if self.view["hands"] else set()
        # forget what no longer fits the table
        if any(p[0] not in hand for p in self.pending.tiles) or not self.my_turn:
            self.pending.clear()
        board = {(r, c) for r, c, _, _ in self.view["board"]}
        if any((p[1], p[2]) in board for p in self.pending.tiles):
            self.pending.clear()
        if self.phone_turn:          # the play the phone is building, shown large here
            self.pending.set(self.phone_draft())
            self.board_view.extra_fit = {(p[1], p[2]) for p in self.pending.tiles}
        if self.selected is not None and self.selected not in hand:
            self.selected = None
        self.exchange_pick &= hand
        self.flipped = {k: v for k, v in self.flipped.items() if k in hand}
        if len(self.shown_scores) != len(self.view["scores"]):
            self.shown_scores = [float(x) for x in self.view["scores"]]
        self._analysed = ()
        seen = self.events_seen()
        self.log_lines = log_lines(seen, self.players, self.view.get("variant"))
        # solitaire: a stage just began (its tiles drawn, none placed yet), said until the first play
        kinds = [e.get("type") for e in seen[-2:]]
        self.new_stage = self.solitaire and kinds == ["stage_began", "drew"]

    def on_events(self, events: list[dict]) -> None:
        before = self.view
        pending_cells = {(p[1], p[2]) for p in self.pending.tiles}
        factor = self.anim_factor
        for ev in events:
            if ev.get("type") == "placed":
                self._animate_play(before, ev, pending_cells, factor)
                self.sound("place")
                if ev.get("extra"):
                    self.sound("extra")
        if factor <= 0:
            self.shown_scores = [float(x) for x in self.session.view(None)["scores"]]

    def on_undone(self) -> None:
        """The table jumps back."""
        self.anim.clear()
        self.pending.clear()
        self.shown_scores = [float(x) for x in self.session.view(None)["scores"]]

    def _animate_play(self, before: dict, ev: dict, pending_cells: set[Cell], factor: float) -> None:
        seat = ev["seat"]
        hand = before["hands"][seat] if before["hands"] else []
        starts = self.hand_rects if seat == self.hand_seat else self.card_tiles.get(seat, [])
        flights = []
        for tile, r, c, v in ev["tiles"]:
            start = None
            if (r, c) not in pending_cells and tile in hand and hand.index(tile) < len(starts):
                start = starts[hand.index(tile)]
            flights.append((tile, v, (r, c), start))
        self.anim.add_play(flights, f"+{ev.get('score', 0)}", factor, style.seat_colour(seat))

    def still(self) -> bool:
        return not self.anim.busy

    def moving(self) -> bool:
        """Scores still counting up, or the board panning under a held key."""
        return bool(self.held) or any(abs(a - b) >= 0.5 for a, b in zip(self.shown_scores, self.view["scores"]))

    def timer_in(self) -> float | None:
        """The solitaire clock shows whole seconds: the next one turns in this long."""
        due = self.view["status"]["deadline"]
        if due is None or self.view["ended"]:
            return None
        return ((due - self.session.now_ms()) % 1000 or 1000) / 1000 + 0.005

    # ---- buttons -----------------------------------------------------------------------
    def controls(self) -> None:
        """Buttons, labels and the hand's hit targets for the state now."""
        self._analyse()
        v = self.view
        mine = self.my_turn and not self.anim.busy
        b = self.bar
        labels = {"confirm": "sumoku.ui.confirm", "take_back": "sumoku.ui.take_back", "hint": "sumoku.ui.hint",
                  "pass": ("sumoku.ui.stop" if self.solitaire else
                           "sumoku.ui.decline" if v.get("extra_play") else "sumoku.ui.pass"),
                  "exchange": "sumoku.ui.cancel" if self.exchange_mode else "sumoku.ui.exchange",
                  "undo": "sumoku.ui.undo", "menu": "sumoku.ui.menu"}
        for name, key in labels.items():
            b[name].label = t(key)
        if self.exchange_mode:
            b["confirm"].enabled = mine and bool(self.exchange_pick) and (
                len(self.exchange_pick) == 1 if self.solitaire else True)
            b["take_back"].enabled = False
        else:
            b["confirm"].enabled = mine and self.analysis.ok
            b["take_back"].enabled = mine and bool(self.pending)
        b["hint"].enabled = mine and not self.hints.busy and not self.exchange_mode
        b["pass"].enabled = mine and not self.exchange_mode
        b["exchange"].enabled = mine and self.can_exchange()
        b["exchange"].visible = self.solitaire or bool(v["options"].get("exchange"))
        b["undo"].enabled = self.can_undo()
        b["undo"].visible = self.undo_seat is not None
        b.hover(b.mouse)
        if self.layout is not None:
            s = self.layout.scale
            self.hand_rects = hand_layout(self.layout.hand, len(self.hand()), round(84 * s), round(8 * s))
            self.card_tiles = {seat: seat_card_tiles(card, s, len(v["hands"][seat]))
                               for seat, card in enumerate(self.layout.cards)}

    def can_exchange(self) -> bool:
        v = self.view
        if self.exchange_mode:
            return True
        if self.solitaire:
            return v["exchanges_left"] > 0 and v["bag_count"] > 0
        hand = v["hands"][self.hand_seat]
        return bool(v["options"].get("exchange")) and not v["extra_play"] and v["bag_count"] >= 1 and bool(hand)

    # ---- actions -----------------------------------------------------------------------
    def hand(self) -> list[int]:
        return list(self.view["hands"][self.hand_seat]) if self.view["hands"] else []

    def free_tiles(self) -> list[int]:
        """Hand tiles not yet put on the board."""
        away = self.pending.tile_ids()
        return [x for x in self.hand() if x not in away]

    def value_of(self, tile: int) -> int:
        """How the tile reads: as put down (a pending tile), else as turned in hand."""
        down = next((p[3] for p in self.pending.tiles if p[0] == tile), None)
        return down if down is not None else self.flipped.get(tile, number(tile))

    def put(self, tile: int, cell: Cell) -> bool:
        if not self.my_turn or self.exchange_mode:
            return False
        board = {(r, c) for r, c, _, _ in self.view["board"]}
        if cell in board or tile not in self.hand():
            return False
        self.pending.put(tile, cell, self.value_of(tile))
        self.board_view.extra_fit = {(p[1], p[2]) for p in self.pending.tiles}
        self.sound("place")
        self.message = None
        return True

    def take_back(self, cell: Cell | None = None) -> None:
        """Lift one pending tile (a click on it): back in hand as the tile it is."""
        tile = self.pending.take_back(cell)
        if tile is not None:
            self.flipped.pop(tile, None)
            self.board_view.extra_fit = {(p[1], p[2]) for p in self.pending.tiles}
            self.message = None

    def take_back_all(self) -> None:
        """The Take back button (Backspace): the whole pending play back in hand."""
        for tile in self.pending.tile_ids():
            self.flipped.pop(tile, None)
        self.pending.clear()
        self.selected = None
        self.board_view.extra_fit = set()
        self.message = None

    def flip(self, tile: int) -> bool:
        """Turn a 6 into a 9 (or back), in hand or on the board."""
        if not can_flip(tile) or not self.my_turn:
            return False
        if tile in self.pending.tile_ids():        # on the board: the pending tile turns
            self.pending.flip(tile)
            return True
        self.flipped[tile] = 9 if self.value_of(tile) == 6 else 6
        return True

    def confirm(self) -> None:
        if not self.my_turn or self.anim.busy:
            return
        seat = self.turn
        if self.exchange_mode:
            if self.submit({"type": "exchange", "seat": seat, "tiles": sorted(self.exchange_pick)}):
                self.exchange_mode = False
                self.exchange_pick.clear()
            return
        if not self.pending:
            return
        cmd = self.pending.command(seat)
        if self.submit(cmd):
            self.selected = None
            self.cursor = None
            self.sound("score")

    def pass_turn(self) -> None:
        """Pass (solitaire: end the game) asks first: a stray click or P must not end a
        turn, still less a whole solitaire game, which no undo brings back."""
        if not self.my_turn or self.anim.busy:
            return
        what = "stop" if self.solitaire else "skip" if self.view.get("extra_play") else "pass"
        self.stack.push(Confirm(self.app, f"sumoku.ui.{what}_question", f"sumoku.ui.{what}_yes", self.pass_now,
                                no="sumoku.ui.keep_playing"))

    def pass_now(self) -> None:
        if not self.my_turn or self.anim.busy:
            return
        self.pending.clear()
        kind = "stop" if self.solitaire else "pass"
        self.submit({"type": kind, "seat": self.turn})

    def toggle_exchange(self) -> None:
        if not self.my_turn:
            return
        if self.exchange_mode:
            self.exchange_mode = False
            self.exchange_pick.clear()
        elif self.can_exchange():
            self.pending.clear()
            self.selected = None
            self.exchange_mode = True


    def ask_hint(self) -> None:
        if not self.my_turn or self.hints.busy:
            return
        from engine.sumoku.bot import hint
        self.hints.ask(len(self.session.events), hint, self.session.view(self.turn), self.turn)
        self.message = (t("sumoku.ui.hint_busy"), "info")

    def _finish_hint(self) -> None:
        if not self.hints.ready:
            return
        self.request_redraw()                    # the answer (or its absence) shows
        placements = placements_of(self.hints.take(len(self.session.events)))
        if self.hints.failed is not None:
            log.warning("hint failed: %r", self.hints.failed)
        if not placements:
            self.message = (t("sumoku.ui.hint_none"), "info")
            return
        self.message = None
        self.selected = None
        self.pending.set(placements)             # a 6 read as 9 is the pending tile's value, not the hand's
        self.board_view.extra_fit = {(p[1], p[2]) for p in placements}
        for p in placements:
            self.board_view.ensure_visible((p[1], p[2]))

    # ---- per frame -----------------------------------------------------------------------
    def step(self, dt: float) -> None:
        dt = min(dt, 0.25)
        self.anim.update(dt)
        self.board_view.hidden = self.anim.flying_cells()
        # scores count up
        factor = self.anim_factor
        for i, target in enumerate(self.view["scores"]):
            cur = self.shown_scores[i]
            if factor <= 0 or abs(target - cur) < 0.5:
                self.shown_scores[i] = float(target)
            elif not self.anim.flights:
                self.shown_scores[i] = cur + (target - cur) * min(1.0, dt * 8 / max(factor, 0.1))
        # held pan keys
        if self.held:
            speed = 900 * self.board_view.scale * dt
            dx = sum(PAN_KEYS[k][0] for k in self.held) * speed
            dy = sum(PAN_KEYS[k][1] for k in self.held) * speed
            if dx or dy:
                self.board_view.pan_px(dx, dy)
        self._finish_hint()
        if self.phone_turn and self.phone_draft() != self.pending.tiles:     # the phone moved a tile
            self.refresh()
            self.request_redraw()

    def time_left(self) -> int | None:
        """Whole seconds to the deadline on the session's clock (which stops while paused)."""
        due = self.view["status"]["deadline"]
        if due is None:
            return None
        return max(0, int((due - self.session.now_ms()) / 1000 + 0.999))

    # ---- layout and drawing ---------------------------------------------------------------
    def lay_out(self, fr: Frame) -> None:
        n_stats = 6 if self.solitaire else 2
        if self.solitaire and not self.view["options"].get("time_limit_s"):
            n_stats = 5
        self.layout = table_layout(fr, self.view["seats"], n_stats, side_panel=not self.solitaire)
        self.board_view.set_rect(self.layout.board, self.layout.scale)
        for b, r in zip(self.bar, self.layout.buttons + [self.layout.menu]):
            b.rect = r
            b.size = 24

    def _analyse(self) -> None:
        key = (self.pending.version, len(self.view["board"]), self.view["key"])
        if key == self._analysed:
            return
        self._analysed = key
        self.analysis = analyse(view_board(self.view), self.view["key"], self.pending.tiles,
                                first_play=self.view["first_play"],
                                scoring=self.view["options"].get("scoring", "cross"))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        surface.fill(style.BG)
        self._draw_board(surface)
        self._draw_top(surface, lay)
        if not self.solitaire:
            self._draw_cards(surface, lay)
        self._draw_keys(surface, lay)
        self._draw_bottom(surface, lay)
        self.bar.draw(surface, self.fr)
        self._draw_drag(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        bv = self.board_view
        a = self.analysis
        ghosts = [(p[0], p[3], (p[1], p[2]), a.ok) for p in self.pending.tiles]
        drop = None
        if self.drag is not None and self.drag["moved"]:
            cell = bv.cell_at(self.drag["pos"])
            if cell is not None:
                drop = (self.drag["tile"], self.value_of(self.drag["tile"]), cell)
            # the tile being moved is not shown at its old cell
            if self.drag["from_cell"] is not None:
                ghosts = [g for g in ghosts if g[2] != self.drag["from_cell"]]
        cursor = self.cursor if (self.selected is not None or self.cursor is not None) and self.my_turn else None
        bv.draw(surface, ghosts=ghosts, lines=a.outlined if self.pending else (), cursor=cursor,
                cursor_colour=style.seat_colour(self.hand_seat), drop=drop)
        if cursor is not None and self.selected is not None and not self.pending.at(cursor):
            r = bv.cell_rect(cursor)
            ghost = tile_surface(self.selected, self.value_of(self.selected), max(8, r.w - 8)).copy()
            ghost.set_alpha(150)
            surface.blit(ghost, r.inflate(-8, -8).topleft)
        self.anim.draw(surface, bv)


    def _draw_top(self, surface: pygame.Surface, lay: TableLayout) -> None:
        s = lay.scale
        v = self.view
        pygame.draw.rect(surface, style.PANEL, lay.top)
        key = str(v["key"]) if v["key"] is not None else "?"
        stats = [(t("sumoku.ui.key"), key, style.ACCENT), (t("sumoku.ui.bag"), str(v["bag_count"]), None)]
        if self.solitaire:
            stats += [(t("sumoku.ui.stage"), str(v["stage"]), None),
                      (t("sumoku.ui.placed"), f"{len(v['board'])}/{TILE_COUNT}", None),
                      (t("sumoku.ui.exchanges"), str(v["exchanges_left"]), None)]
            left = self.time_left()
            if left is not None:
                colour = style.BAD if left <= 30 else style.TEXT
                stats.append((t("sumoku.ui.time"), f"{left // 60}:{left % 60:02d}", colour))
        for (label, value, accent), rect in zip(stats, lay.stats):
            colour = accent if accent == style.BAD else style.TEXT
            stat_box(surface, rect, label, value, s, colour=colour if accent != style.ACCENT else style.ACCENT,
                     accent=style.ACCENT if accent == style.ACCENT else None)
        # whose turn, big, in the seat's colour
        st = lay.status
        text, colour = banner_text(v["status"], self.viewer, WORDS, self.name, self.is_bot, self.phone_state)
        if v.get("extra_play") and not v["ended"]:
            badge_w = min(st.w // 3, round(190 * s))
            badge = pygame.Rect(st.right - badge_w, st.y + round(8 * s), badge_w, st.h - round(16 * s))
            pygame.draw.rect(surface, style.ACCENT, badge, border_radius=badge.h // 2)
            text_in(surface, t("sumoku.ui.extra_play"), badge.inflate(-round(16 * s), -round(6 * s)),
                    round(24 * s), style.INK_DARK, bold=True, min_size=round(18 * s))
            st = pygame.Rect(st.x, st.y, st.w - badge_w - lay.pad, st.h)
        if text:
            text_in(surface, text, st.inflate(-2 * lay.pad, -lay.pad), round(36 * s), colour, bold=True,
                    min_size=round(18 * s))


    def _draw_keys(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """The keys that work now, under the board (they change with what is in hand)."""
        pygame.draw.rect(surface, style.BG, lay.keys)
        text = self.key_hint()
        if text:
            text_in(surface, text, lay.keys.inflate(-2 * lay.pad, -max(2, lay.pad // 2)), round(20 * lay.scale),
                    style.MUTED, min_size=round(18 * lay.scale), align="left", ellipsis=True)

    def _draw_cards(self, surface: pygame.Surface, lay: TableLayout) -> None:
        v = self.view
        pygame.draw.rect(surface, style.PANEL, lay.side)
        for seat, card in enumerate(lay.cards):
            draw_seat_card(surface, card, lay.scale, name=self.name(seat), colour=style.seat_colour(seat),
                           score=str(round(self.shown_scores[seat])), hand=v["hands"][seat],
                           tiles=self.card_tiles.get(seat, []), active=seat == self.turn and not v["ended"])
        if lay.log.h:       # what everyone did, so a person sees what the bots played and scored
            draw_recent(surface, lay.log, self.log_lines, round(18 * lay.scale), lay.pad, lay.pad, self.log_view)

    def _draw_bottom(self, surface: pygame.Surface, lay: TableLayout) -> None:
        s = lay.scale
        pygame.draw.rect(surface, style.PANEL, lay.bottom)
        seat = self.hand_seat
        colour = style.seat_colour(seat)
        pygame.draw.rect(surface, colour, (lay.bottom.x, lay.bottom.y, lay.bottom.w, max(2, round(4 * s))))
        # the preview line: what the play would score, or what is wrong, or what to do
        text, tcol = self._preview_text()
        text_in(surface, text, lay.preview, round(24 * s), tcol, bold=True, min_size=round(18 * s),
                align="left", wrap_lines=True, max_lines=2, ellipsis=True)
        draw_hand(surface, self.hand_rects, self.hand(), values=lambda x: self.flipped.get(x),
                  away=self.pending.tile_ids() | ({self.drag["tile"]} if self.drag and self.drag["moved"] else set()),
                  selected=self.selected, marked=self.exchange_pick, dim=not self.my_turn,
                  lift=round(8 * s))
        if self.my_turn:
            self._draw_slot_keys(surface, s)

    def _draw_slot_keys(self, surface: pygame.Surface, s: float) -> None:
        """The number key of each of the first nine hand slots, in the slot's corner."""
        away = self.pending.tile_ids()
        d = max(round(22 * s), 14)
        lift = round(8 * s)
        for i, (tile, r) in enumerate(zip(self.hand(), self.hand_rects[:9])):
            if tile in away:
                continue
            rr = r.move(0, -lift) if (tile == self.selected or tile in self.exchange_pick) else r
            badge = pygame.Rect(rr.right - d + max(2, d // 5), rr.bottom - d + max(2, d // 5), d, d)
            pygame.draw.rect(surface, style.BG, badge, border_radius=d // 3)
            pygame.draw.rect(surface, style.ACCENT if tile == self.selected else style.MUTED, badge, 1,
                             border_radius=d // 3)
            text_in(surface, str(i + 1), badge, round(18 * s), style.TEXT, bold=True, min_size=round(18 * s))


    def _preview_text(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if self.message is not None:
            return self.message[0], (style.BAD if self.message[1] == "error" else style.MUTED)
        if v["ended"]:
            return t("sumoku.ui.game_over"), style.ACCENT
        if self.phone_turn and self.pending:     # what the phone's play would do, as for a play built here
            a = self.analysis
            if a.ok:
                said = (t("sumoku.ui.preview.count", count=len(self.pending)) if self.solitaire
                        else t("sumoku.ui.preview.score", score=a.score))
                return t("sumoku.ui.preview.phone", name=self.name(self.turn), text=said), style.OK
            if a.error is not None:
                return t("sumoku.ui.preview.phone", name=self.name(self.turn), text=a.error.message(lang())), style.BAD
        if not self.my_turn:
            return (t("sumoku.ui.preview.wait", name=self.name(self.turn)) if self.turn is not None else "",
                    style.MUTED)
        if self.exchange_mode:
            return t("sumoku.ui.preview.exchange_one" if self.solitaire else "sumoku.ui.preview.exchange"), style.ACCENT
        a = self.analysis
        if self.pending:
            if a.ok:
                text = (t("sumoku.ui.preview.count", count=len(self.pending)) if self.solitaire
                        else t("sumoku.ui.preview.score", score=a.score))
                if a.makes_six and not self.solitaire:
                    text += "  ·  " + t("sumoku.ui.preview.six")
                return text, style.OK
            if a.error is not None:
                return a.error.message(lang()), style.BAD
        if self.selected is not None and can_flip(self.selected):
            return t("sumoku.ui.preview.flip"), style.MUTED
        if v.get("extra_play"):
            return t("sumoku.ui.preview.idle_extra"), style.ACCENT
        if self.new_stage:
            stage = int(v.get("stage") or 2)
            return t("sumoku.ui.preview.stage", done=stage - 1, stage=stage, count=len(self.hand())), style.ACCENT
        return t("sumoku.ui.preview.idle"), style.MUTED

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is None or not self.drag["moved"]:
            return
        tile = self.drag["tile"]
        size = self.board_view.cell if self.board_view.rect.collidepoint(self.drag["pos"]) else \
            (self.hand_rects[0].w if self.hand_rects else 64)
        img = tile_surface(tile, self.value_of(tile), size)
        surface.blit(img, img.get_rect(center=self.drag["pos"]))
