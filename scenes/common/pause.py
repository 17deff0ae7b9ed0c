"""The pause overlay (Esc in a game): resume, settings, save and quit to the menu."""
from __future__ import annotations

import pygame

from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand


class PauseOverlay(RedrawOnDemand, GuiScene):
    back_oid = "resume"            # B (Esc) does what this button does
    opaque = False
    modal = True

    def build(self) -> None:
        t = self.app.t
        for i, (key, fn, oid) in enumerate((("ui.pause.resume", self.back, "resume"),
                                            ("ui.menu.settings", self.open_settings, "settings"),
                                            ("ui.pause.quit", self.app.save_and_quit, "save_quit"))):
            self.button(self.r(420, 260 + i * 88, 440, 70), t(key), fn, oid=oid, size=30)

    def enter(self) -> None:
        super().enter()
        getattr(self.app.session, "pause_clock", lambda: None)()  # the game clock stops

    def over_curtain(self) -> bool:
        """Opened from the hand-off curtain: the curtain keeps the clock stopped."""
        from scenes.common.handoff import HandoffCurtain
        scenes = self.stack.scenes
        return self in scenes and scenes.index(self) > 0 and isinstance(scenes[scenes.index(self) - 1], HandoffCurtain)

    def back(self) -> None:
        if not self.over_curtain():
            getattr(self.app.session, "resume_clock", lambda: None)()
        super().back()

    def open_settings(self) -> None:
        from scenes.common.settings import SettingsScene
        self.stack.push(SettingsScene(self.app))

    def draw_back(self, surface: pygame.Surface) -> None:
        style.shade(surface, 190)
        panel(surface, self.r(360, 120, 560, 460), style.BG_2, border=style.ACCENT)
        text_in(surface, self.app.t("ui.pause.title"), self.r(380, 140, 520, 80), self.fs(52), style.INK, bold=True)
        text_in(surface, self.app.t("ui.pause.saved"), self.r(380, 520, 520, 44), self.fs(20), style.INK_DIM,
                wrap_lines=True)
