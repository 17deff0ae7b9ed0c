"""The scene stack: owns the window surface and the clock, routes input top-down and
draws from the topmost opaque scene upward, so overlays sit over the game."""
from __future__ import annotations

from typing import Any, Callable

import pygame


class Scene:
    """A screen. Scenes render from a session's view and turn input into commands;
    they never change game state themselves. `opaque=False` for overlays."""

    opaque = True

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def stack(self) -> "SceneStack":
        return self.app.stack

    def enter(self) -> None:
        """Called when the scene becomes active (pushed, or uncovered)."""

    def leave(self) -> None:
        """Called when the scene is popped or covered."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (also on language change: relayout)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed (not passed further down)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (only the top scene and the ones `live` below it)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, on top of what is below)."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start over with `scene` (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def handle(self, event: pygame.event.Event) -> None:
        for scene in reversed(list(self.scenes)):
            if scene.handle(event) or scene.opaque:
                return

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)
