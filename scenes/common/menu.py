"""The main menu: a game picker (a card per playable game) over one row of Continue,
Watch a replay, Play online, How to play, Settings and Quit (which asks first).

Keyboard: Left/Right move along a row, Up/Down between the cards and the row (Tab and
Shift+Tab walk everything), Enter opens what has the focus ring; the mouse moves the
ring too (scenes/ui/gui.py), so the screen never shows two highlights."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from engine.registry import spec_for
from scenes import registry
from scenes.common.picker import GameCard, broken_card, card_for, card_rects, draw_card
from scenes.logs import last_unfinished
from scenes.stack import wake
from scenes.ui import pad, style
from scenes.ui.draw import text_in
from scenes.ui.fonts import font
from scenes.ui.gui import BORDER, PAD, GuiScene
from scenes.ui.ondemand import RedrawOnDemand
from scenes.ui.worker import Job, run_async
from scenes.common.setup import SetupScene
from scenes.common.logpicker import LogPickerScene
from scenes.common.howto import HowToScene
from scenes.common.settings import SettingsScene
from scenes.common.confirm import Confirm

# the row under the cards (design units): above y 640, where other screens keep Back
ROW_Y, ROW_H, ROW_GAP, ROW_FONT = 552, 64, 16, 26


def _scan_logs(games: set[str]) -> Path | None:
    try:
        return last_unfinished(games=games)
    finally:
        wake()          # the loop may be asleep: let the menu see the answer


class MenuScene(RedrawOnDemand, GuiScene):
    back_oid = None               # Esc (B) does nothing here; the key line says what the pad does
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.games = registry.playable()
        self.cards: list[GameCard] = [card_for(g) for g in self.games] + [broken_card(g) for g in registry.broken()]
        self.online = [g for g in self.games if spec_for(g).network_variants and registry.optional(g, "open_online")]
        self.continue_path: Path | None = None
        self._scan: Job | None = None
        self.continue_btn = None
        self.card_widgets: list[Any] = []
        self.row_widgets: list[Any] = []
        self._last_card = 0

    def enter(self) -> None:
        self.continue_path = None
        self._scan = run_async(_scan_logs, set(self.games))  # refolds logs: off the loop
        super().enter()

    def build(self) -> None:
        t = self.app.t
        self.card_widgets = []
        for card, (x, y, w, h) in zip(self.cards, card_rects(len(self.cards))):
            if card.broken:     # shown, never opened: the log says why
                self.button(self.r(x, y, w, h), "", lambda: None, oid=f"broken_{card.game}", enabled=False,
                            look="card")
                continue
            btn = self.button(self.r(x, y, w, h), "", lambda g=card.game: self.open_setup(g), oid=f"play_{card.game}",
                              look="card")
            self.card_widgets.append(btn)
        items = [
            ("ui.menu.continue", self.do_continue, "continue", self.continue_path is not None),
            ("ui.menu.replay", self.open_replays, "replay", True),
            ("net.menu.online", self.open_online, "online", bool(self.online)),
            ("ui.menu.howto", self.open_howto, "howto", bool(self.games)),
            ("ui.menu.settings", self.open_settings, "settings", True),
            ("ui.menu.quit", self.ask_quit, "quit", True),
        ]
        labels = [t(key) for key, *_ in items]
        self.row_widgets = []
        x = 48.0
        for (key, fn, oid, ok), label, w in zip(items, labels, self.row_widths(labels)):
            self.row_widgets.append(self.button(self.r(x, ROW_Y, w, ROW_H), label, fn, size=ROW_FONT, oid=oid,
                                                enabled=ok))
            x += w + ROW_GAP
        self.continue_btn = self.widgets["continue"]

    def row_widths(self, labels: list[str]) -> list[float]:
        """Design widths for the row's buttons: each as wide as its label needs at one shared
        font size, the room left over shared out evenly (so no label is shrunk alone)."""
        room = style.DESIGN[0] - 2 * 48 - (len(labels) - 1) * ROW_GAP
        f = font(self.fs(ROW_FONT), True)
        need = [(f.size(label)[0] + 2 * (BORDER + PAD) + 4) / self.k for label in labels]
        spare = room - sum(need)
        if spare < 0:           # too long even so: share the row in proportion (labels shrink to fit)
            return [room * n / sum(need) for n in need]
        return [n + spare / len(need) for n in need]

    def update(self, dt: float) -> None:
        if self._scan is not None and self._scan.done:
            job, self._scan = self._scan, None
            try:
                self.continue_path = job.result()
            except Exception:
                self.continue_path = None
            if self.continue_path is not None and self.continue_btn is not None:
                self.continue_btn.enable()
                self.request_redraw()
        super().update(dt)

    # ---- keyboard: two rows --------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> bool:
        used = super().handle(ev)
        if self.focused in self.card_widgets:       # keys or the mouse: How to play follows it
            self._last_card = self.card_widgets.index(self.focused)
        return used

    def handle_key(self, ev: pygame.event.Event) -> bool:
        on_cards = self.focused in self.card_widgets
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_focus(1 if ev.key == pygame.K_RIGHT else -1)
            return True
        if ev.key in (pygame.K_UP, pygame.K_DOWN):
            row = [b for b in self.row_widgets if self._enabled(b)]
            if on_cards and row:        # down to the row's start; up wraps round to its end
                self.set_focus(row[0] if ev.key == pygame.K_DOWN else row[-1])
            elif self.card_widgets:
                self.set_focus(self.card_widgets[min(self._last_card, len(self.card_widgets) - 1)])
            else:
                self.move_focus(1 if ev.key == pygame.K_DOWN else -1)
            return True
        return False

    def back(self) -> None:
        pass  # Esc on the menu does nothing (Quit is a button, and asks)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        text_in(surface, self.app.t("app.title"), self.r(40, 22, 1200, 88), self.fs(80), style.ACCENT, bold=True)
        text_in(surface, self.app.t("app.tagline"), self.r(40, 110, 1200, 40), self.fs(26), style.INK_DIM)
        if not self.games:
            text_in(surface, self.app.t("ui.menu.no_games"), self.r(40, 300, 1200, 60), self.fs(28),
                    style.INK_DIM)
        keys = "ui.menu.keys_pad" if pad.in_use() else "ui.menu.keys"
        text_in(surface, self.app.t(keys), self.r(40, 640, 1200, 44), self.fs(22), style.INK_DIM)

    def draw_front(self, surface: pygame.Surface) -> None:
        if self.manager is None:        # covered (by the Quit question): the widgets are gone
            return
        for card in self.cards:
            btn = self.widgets[f"{'broken' if card.broken else 'play'}_{card.game}"]
            draw_card(surface, card, btn.rect, self.k, self.fs)

    # ---- actions -------------------------------------------------------------
    def open_setup(self, game: str) -> None:
        self.stack.push(SetupScene(self.app, game))

    def open_online(self) -> None:
        """Play online for the game whose card was chosen last when it has network
        variants, else for the first game that has (its plug-in's `open_online`)."""
        if not self.online:
            return
        last = self.games[min(self._last_card, len(self.games) - 1)]
        game = last if last in self.online else self.online[0]
        registry.optional(game, "open_online")(self.app)

    def do_continue(self) -> None:
        if self.continue_path is not None:
            self.app.continue_game(self.continue_path)

    def open_replays(self) -> None:
        self.stack.push(LogPickerScene(self.app))

    def open_howto(self) -> None:
        """The rules of the game whose card was focused last (the first game at first)."""
        if self.games:
            self.stack.push(HowToScene(self.app, self.games[min(self._last_card, len(self.games) - 1)]))

    def open_settings(self) -> None:
        self.stack.push(SettingsScene(self.app))

    def ask_quit(self) -> None:
        self.stack.push(Confirm(self.app, "ui.quit.question", "ui.menu.quit", self.app.quit))
