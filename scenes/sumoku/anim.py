"""Motion on the Sumoku table: tiles flying from a hand to the board, score pops."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.sumoku import style
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.tileart import tile_surface
from scenes.ui.text import render

Cell = tuple[int, int]


def ease_out(x: float) -> float:
    x = max(0.0, min(1.0, x))
    return 1 - (1 - x) ** 3


@dataclass
class Flight:
    tile: int
    value: int
    start: pygame.Rect       # where it leaves from (screen)
    cell: Cell               # where it lands
    delay: float
    duration: float


@dataclass
class Pop:
    text: str
    cell: Cell
    colour: tuple[int, int, int]
    delay: float
    duration: float


class Animator:
    """Runs flights and pops; `busy` while anything moves. A factor of 0 skips it all."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.pops: list[Pop] = []
        self.t = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.pops)

    def flying_cells(self) -> frozenset[Cell]:
        return frozenset(f.cell for f in self.flights)

    def add_play(self, tiles: list[tuple[int, int, Cell, pygame.Rect | None]], score_text: str | None,
                 factor: float, colour: tuple[int, int, int] = style.ACCENT) -> None:
        """Fly each (tile, value, cell, start) in turn; pop `score_text` when they land."""
        if factor <= 0:
            return
        base = self.t
        each, step = 0.28 * factor, 0.09 * factor
        last = tiles[-1][2] if tiles else None
        for i, (tile, value, cell, start) in enumerate(tiles):
            if start is not None:
                self.flights.append(Flight(tile, value, start, cell, base + i * step, each))
        if score_text and last is not None:
            land = base + max(0, len([x for x in tiles if x[3] is not None]) - 1) * step + each
            self.pops.append(Pop(score_text, last, colour, land, 0.9 * factor))

    def update(self, dt: float) -> None:
        self.t += dt
        self.flights = [f for f in self.flights if self.t < f.delay + f.duration]
        self.pops = [p for p in self.pops if self.t < p.delay + p.duration]
        if not self.busy:
            self.t = 0.0

    def clear(self) -> None:
        self.flights.clear()
        self.pops.clear()
        self.t = 0.0

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        for f in self.flights:
            k = ease_out((self.t - f.delay) / f.duration) if self.t >= f.delay else 0.0
            end = view.cell_rect(f.cell)
            size = round(f.start.w + (end.w - f.start.w) * k)
            x = round(f.start.x + (end.x - f.start.x) * k)
            y = round(f.start.y + (end.y - f.start.y) * k - 40 * view.scale * 4 * k * (1 - k))
            surface.blit(tile_surface(f.tile, f.value, max(8, size)), (x, y))
        for p in self.pops:
            if self.t < p.delay:
                continue
            k = (self.t - p.delay) / p.duration
            size = max(18, round(40 * view.scale))
            text = render(p.text, size, p.colour, True).copy()
            shadow = render(p.text, size, (0, 0, 0), True).copy()
            r = view.cell_rect(p.cell)
            pos = text.get_rect(midbottom=(r.centerx, r.top - round(60 * view.scale * ease_out(k))))
            alpha = 255 if k < 0.6 else max(0, round(255 * (1 - (k - 0.6) / 0.4)))
            shadow.set_alpha(alpha)
            text.set_alpha(alpha)
            surface.blit(shadow, pos.move(2, 2))
            surface.blit(text, pos)
