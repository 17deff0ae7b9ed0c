"""The pause overlay (Esc in a game): resume, the game's how-to, the seats (a game with
phones: who plays at the TV, who on a phone), settings, save and quit to the menu."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand
from scenes.common.confirm import Confirm
from scenes.common.seatspanel import SeatsPanel
from scenes import registry
from scenes.common.turntable import TurnTable
from scenes.common.howto import HowToScene
from scenes.common.handoff import HandoffCurtain
from scenes.common.settings import SettingsScene


def stops_game(scenes: list) -> bool:
    """Is the game stopped by an overlay: the pause menu (with what it opened over it:
    settings, the how-to), the seats panel or the quit question? Phones then show the pause too
    (net/phones/table.py `hold`)."""
    return any(isinstance(s, (PauseOverlay, SeatsPanel)) or (isinstance(s, Confirm) and s.question == "ui.quit.question_game")
               for s in scenes)


class PauseOverlay(RedrawOnDemand, GuiScene):
    back_oid = "resume"            # B (Esc) does what this button does
    opaque = False
    modal = True

    def build(self) -> None:
        t = self.app.t
        items = [("ui.pause.resume", self.back, "resume")]
        if self.game() is not None:
            items.append(("ui.menu.howto", self.open_howto, "howto"))
        if self.table() is not None:
            items.append(("ui.pause.seats", self.open_seats, "seats"))
        items += [("ui.menu.settings", self.open_settings, "settings"),
                  ("ui.pause.quit", self.app.save_and_quit, "save_quit")]
        step, h = (84, 68) if len(items) <= 4 else (70, 58)     # under the title, above the saved note
        top = 244 if len(items) <= 3 else 200 if len(items) == 4 else 192
        for i, (key, fn, oid) in enumerate(items):
            self.button(self.r(420, top + i * step, 440, h), t(key), fn, oid=oid, size=30)

    def game(self) -> str | None:
        """The game being played (the table beneath's), if it has a how-to."""
        below = [s for s in self.stack.scenes if s is not self]
        game = next((s.game for s in reversed(below) if getattr(s, "game", None)), None) or self.app.game
        plugin = registry.plugin(str(game)) if game else None
        return str(game) if plugin is not None and hasattr(plugin, "howto_pages") else None

    def table(self):
        """The table beneath, when its seats may move between the TV and phones."""
        below = [s for s in self.stack.scenes if isinstance(s, TurnTable)]
        return below[-1] if below and below[-1].can_hand_over() else None

    def open_seats(self) -> None:
        table = self.table()
        if table is not None:
            table.open_seats()

    def open_howto(self) -> None:
        game = self.game()
        if game is not None:
            self.stack.push(HowToScene(self.app, game))

    def enter(self) -> None:
        super().enter()
        getattr(self.app.session, "pause_clock", lambda: None)()  # the game clock stops

    def over_curtain(self) -> bool:
        """Opened from the hand-off curtain: the curtain keeps the clock stopped."""
        scenes = self.stack.scenes
        return self in scenes and scenes.index(self) > 0 and isinstance(scenes[scenes.index(self) - 1], HandoffCurtain)

    def back(self) -> None:
        if not self.over_curtain():
            getattr(self.app.session, "resume_clock", lambda: None)()
        super().back()

    def open_settings(self) -> None:
        self.stack.push(SettingsScene(self.app))

    def draw_back(self, surface: pygame.Surface) -> None:
        style.shade(surface, 190)
        panel(surface, self.r(360, 90, 560, 540), style.BG_2, border=style.ACCENT)
        text_in(surface, self.app.t("ui.pause.title"), self.r(380, 108, 520, 80), self.fs(52), style.INK, bold=True)
        text_in(surface, self.app.t("ui.pause.saved"), self.r(380, 540, 520, 70), self.fs(20), style.INK_DIM,
                wrap_lines=True)
