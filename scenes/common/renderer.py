"""The base of every game's replay renderer (the plug-in's `replay_renderer(app)`)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame


class Renderer:
    """`draw(surface, rect, view)` draws a table view inside `rect` (the replay viewer and
    the results screen call it). Set `players` (the log header's) to show names."""

    def __init__(self, app: Any = None, players: Sequence[dict] | None = None) -> None:
        self.app = app
        self.players: list[dict] = list(players or [])

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        raise NotImplementedError
