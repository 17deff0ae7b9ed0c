"""The replay viewer's picture of a Hooky view: the table as everyone may see it (every
card face down unless revealed or flipped; everything once the game is over)."""
from __future__ import annotations

import pygame

from scenes.common.renderer import Renderer
from scenes.hooky.tableview import draw_table
from scenes.hooky.widgets import Frame


class ReplayRenderer(Renderer):
    """`draw(surface, rect, view)`. Set `players` (the log header's) to show names."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        rect = pygame.Rect(rect)
        fr = Frame(surface.get_size())
        pad = fr.px(8)
        draw_table(surface, rect.inflate(-2 * pad, -2 * pad), fr, view, self.players)
