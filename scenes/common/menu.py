"""The main menu: the playable games, Continue, Watch a replay, How to play, Settings, Quit."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from scenes import registry
from scenes.logs import last_unfinished
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.gui import GuiScene
from scenes.ui.worker import Job, run_async


class MenuScene(GuiScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.games = registry.playable()
        self.continue_path: Path | None = None
        self._scan: Job | None = None
        self.continue_btn = None

    def enter(self) -> None:
        self.continue_path = None
        self._scan = run_async(last_unfinished, games=set(self.games))  # refolds logs: off the loop
        super().enter()

    def build(self) -> None:
        t = self.app.t
        items: list[tuple[str, Any, str, bool]] = []
        for g in self.games:
            items.append((t("ui.menu.play", game=t(f"ui.game.{g}")), lambda g=g: self.open_setup(g), f"play_{g}", True))
        items += [
            (t("ui.menu.continue"), self.do_continue, "continue", self.continue_path is not None),
            (t("ui.menu.replay"), self.open_replays, "replay", True),
            (t("net.menu.online"), self.open_online, "online", True),
            (t("ui.menu.howto"), self.open_howto, "howto", bool(self.games)),
            (t("ui.menu.settings"), self.open_settings, "settings", True),
            (t("ui.menu.quit"), self.app.quit, "quit", True),
        ]
        n = len(items)
        gap = 14
        h = min(72, (720 - 210 - 30 - gap * (n - 1)) // n)
        top = 210 + max(0, (720 - 240 - n * h - gap * (n - 1)) // 2)
        for i, (text, action, oid, enabled) in enumerate(items):
            btn = self.button(self.r(400, top + i * (h + gap), 480, h), text, action, size=32, oid=oid,
                              enabled=enabled)
            if oid == "continue":
                self.continue_btn = btn

    def update(self, dt: float) -> None:
        if self._scan is not None and self._scan.done:
            job, self._scan = self._scan, None
            try:
                self.continue_path = job.result()
            except Exception:
                self.continue_path = None
            if self.continue_path is not None and self.continue_btn is not None:
                self.continue_btn.enable()
        super().update(dt)

    def back(self) -> None:
        pass  # Esc on the menu does nothing (Quit is a button)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        text_in(surface, self.app.t("app.title"), self.r(40, 40, 1200, 110), self.fs(96), style.ACCENT, bold=True)
        text_in(surface, self.app.t("app.tagline"), self.r(40, 150, 1200, 40), self.fs(26), style.INK_DIM)
        if not self.games:
            text_in(surface, self.app.t("ui.menu.no_games"), self.r(40, 660, 1200, 40), self.fs(22),
                    style.INK_DIM)

    # ---- actions -------------------------------------------------------------
    def open_setup(self, game: str) -> None:
        from scenes.common.setup import SetupScene
        self.stack.push(SetupScene(self.app, game))

    def open_online(self) -> None:
        from scenes.online import open_online
        open_online(self.app)

    def do_continue(self) -> None:
        if self.continue_path is not None:
            self.app.continue_game(self.continue_path)

    def open_replays(self) -> None:
        from scenes.common.logpicker import LogPickerScene
        self.stack.push(LogPickerScene(self.app))

    def open_howto(self) -> None:
        from scenes.common.howto import HowToScene
        if self.games:
            self.stack.push(HowToScene(self.app, self.games[0]))

    def open_settings(self) -> None:
        from scenes.common.settings import SettingsScene
        self.stack.push(SettingsScene(self.app))
