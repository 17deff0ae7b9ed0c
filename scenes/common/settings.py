"""Settings: language (live), player names, sound and music volume, fullscreen,
animation speed. Every change applies at once and is saved."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.config import ANIM_SPEEDS, LANGS
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand

NAME_SLOTS = 8


class SettingsScene(RedrawOnDemand, GuiScene):
    title_key = "ui.settings.title"

    ROWS = ("lang", "sound", "music", "fullscreen", "anim")
    ROW_Y0, ROW_H = 118, 66

    def build(self) -> None:
        t, st = self.app.t, self.app.settings
        y = {k: self.ROW_Y0 + i * self.ROW_H for i, k in enumerate(self.ROWS)}
        self.button(self.r(640, y["lang"], 480, 54), t(f"lang.{st.lang}"), lambda: self.step_lang(1),
                    step=self.step_lang, oid="lang", size=26)
        self.slider(self.r(640, y["sound"] + 8, 480, 40), st.sound_volume, 0.0, 1.0, self.set_sound, oid="sound")
        self.slider(self.r(640, y["music"] + 8, 480, 40), st.music_volume, 0.0, 1.0, self.set_music, oid="music")
        self.cycler(self.r(640, y["fullscreen"], 480, 54), t("ui.on" if st.fullscreen else "ui.off"),
                    self.toggle_fullscreen, oid="fullscreen", size=26)
        self.cycler(self.r(640, y["anim"], 480, 54), t(f"ui.anim.{st.anim_speed}"), self.step_anim,
                    oid="anim", size=26)
        ny = self.ROW_Y0 + len(self.ROWS) * self.ROW_H + 46
        for i in range(NAME_SLOTS):
            col, row = i % 4, i // 4
            self.entry(self.r(80 + col * 286, ny + row * 56, 270, 48), st.names[i],
                       lambda text, i=i: self.set_name(i, text),
                       placeholder=t("ui.player_n", n=i + 1), max_len=16, size=22, oid=f"name_{i}")
        self.button(self.r(490, 650, 300, 58), t("ui.back"), self.back, oid="back", size=28)

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        t = self.app.t
        for i, key in enumerate(self.ROWS):
            text_in(surface, t(f"ui.settings.{key}"), self.r(160, self.ROW_Y0 + i * self.ROW_H, 450, 54),
                    self.fs(28), style.INK, bold=True, align="right")
        for i, key in ((1, "sound_volume"), (2, "music_volume")):
            n = round(getattr(self.app.settings, key) * 100)
            text_in(surface, t("ui.percent", n=n), self.r(1130, self.ROW_Y0 + i * self.ROW_H, 110, 54),
                    self.fs(26), style.INK, bold=True, align="left")
        ny = self.ROW_Y0 + len(self.ROWS) * self.ROW_H
        text_in(surface, t("ui.settings.names"), self.r(80, ny + 4, 1120, 38), self.fs(26), style.INK,
                bold=True, align="left")

    # ---- changes -------------------------------------------------------------
    def _save(self) -> None:
        self.app.save_settings()

    def step_lang(self, d: int) -> None:
        i = LANGS.index(self.app.settings.lang)
        self.app.set_lang(LANGS[(i + d) % len(LANGS)])   # every scene relayouts

    def set_sound(self, v: float) -> None:
        self.app.settings.sound_volume = round(float(v), 2)
        self.app.sound.set_volume(self.app.settings.sound_volume)
        self.app.sound.play("place")
        self._save()

    def set_music(self, v: float) -> None:
        self.app.settings.music_volume = round(float(v), 2)
        self.app.sound.set_music_volume(self.app.settings.music_volume)
        self._save()

    def toggle_fullscreen(self, d: int = 1) -> None:
        st = self.app.settings
        st.fullscreen = not st.fullscreen
        self._save()
        self.app.set_fullscreen(st.fullscreen)
        self.rebuild()

    def step_anim(self, d: int) -> None:
        st = self.app.settings
        st.anim_speed = ANIM_SPEEDS[(ANIM_SPEEDS.index(st.anim_speed) + d) % len(ANIM_SPEEDS)]
        self._save()
        self.rebuild()

    def set_name(self, i: int, text: str) -> None:
        self.app.settings.names[i] = text.strip()[:16]
        self._save()

    def back(self) -> None:
        self._save()
        self.stack.pop()


