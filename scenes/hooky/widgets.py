"""The small pieces of the Hooky screens: a design-unit frame (1280x720 scaled and
centred), buttons, letter cards (face and back), the mark symbols of the worksheet."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in

Colour = tuple[int, int, int]

PANEL: Colour = style.BG_2
PANEL_HI: Colour = style.BG_3
CARD_FACE: Colour = (246, 238, 214)        # cream card, dark letter (contrast ~15:1)
CARD_INK: Colour = (28, 26, 40)
CARD_BACK: Colour = (70, 58, 132)
CARD_BACK_LINE: Colour = (120, 108, 190)
ASSIST: Colour = (120, 214, 214)           # what the assistant filled in (teal)
ASSIST_BG: Colour = (30, 62, 74)
HEAT: Colour = (230, 120, 40)              # the heat map's hot end
BUTTON: Colour = (58, 70, 112)
BUTTON_HOT: Colour = (84, 100, 150)
BUTTON_PRIMARY: Colour = (24, 128, 84)
BUTTON_OFF: Colour = (36, 42, 64)
INK_OFF: Colour = (150, 156, 172)


class Frame:
    """Rects given in 1280x720 design units, scaled and centred in a surface of `size`."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.k = style.scale(size)
        self.ox = (size[0] - style.DESIGN[0] * self.k) / 2
        self.oy = (size[1] - style.DESIGN[1] * self.k) / 2

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        k = self.k
        return pygame.Rect(round(self.ox + x * k), round(self.oy + y * k), round(w * k), round(h * k))

    def px(self, n: float) -> int:
        return max(1, round(n * self.k))

    def fs(self, n: float) -> int:
        """A font size scaled with the window (18 design px = the smallest readable)."""
        return max(8, round(n * self.k))

    @property
    def min_fs(self) -> int:
        return self.fs(18)


@dataclass
class Button:
    name: str
    label: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    primary: bool = False
    colour: Colour | None = None       # a seat's button: its colour as the border
    selected: bool = False
    hot: bool = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, fr: Frame, size: int = 22) -> None:
        if self.rect.w <= 0:
            return
        if not self.enabled:
            bg, fg = BUTTON_OFF, INK_OFF
        elif self.selected:
            bg = self.colour or style.ACCENT
            fg = style.ink_on(bg)
        elif self.primary:
            bg, fg = ((48, 170, 108) if self.hot else BUTTON_PRIMARY), style.INK
        else:
            bg, fg = (BUTTON_HOT if self.hot else BUTTON), style.INK
        rad = fr.px(10)
        pygame.draw.rect(surface, bg, self.rect, border_radius=rad)
        if self.enabled:
            edge = self.colour or ((255, 255, 255) if self.hot else (110, 124, 160))
            pygame.draw.rect(surface, edge, self.rect, max(2, fr.px(3)), border_radius=rad)
        pad = fr.px(8)
        text_in(surface, self.label, self.rect.inflate(-2 * pad, -pad), fr.fs(size), fg, bold=True,
                min_size=fr.min_fs, ellipsis=True)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, letter: str | None, fr: Frame, *,
              revealed: bool = False, dim: bool = False, selected: bool = False,
              border: Colour | None = None) -> None:
    """A letter card: its face (a capital letter) or, with `letter=None`, its back.
    `revealed` marks a card turned face up for the table (an accent corner)."""
    rad = max(3, rect.w // 7)
    if letter is None:
        pygame.draw.rect(surface, CARD_BACK, rect, border_radius=rad)
        inner = rect.inflate(-max(4, rect.w // 5), -max(4, rect.w // 5))
        pygame.draw.rect(surface, CARD_BACK_LINE, inner, max(1, rect.w // 16), border_radius=max(2, rad // 2))
        pygame.draw.line(surface, CARD_BACK_LINE, inner.topleft, inner.bottomright, max(1, rect.w // 18))
        pygame.draw.line(surface, CARD_BACK_LINE, inner.topright, inner.bottomleft, max(1, rect.w // 18))
    else:
        face = tuple(int(c * 0.7) for c in CARD_FACE) if dim else CARD_FACE
        pygame.draw.rect(surface, face, rect, border_radius=rad)
        text_in(surface, letter.upper(), rect.inflate(-rect.w // 6, -rect.h // 5), round(rect.h * 0.62),
                CARD_INK, bold=True, min_size=min(fr.min_fs, round(rect.h * 0.5)))
        if revealed:
            c = max(6, rect.w // 3)
            pygame.draw.polygon(surface, style.ACCENT, [(rect.right - c, rect.y), (rect.right, rect.y),
                                                         (rect.right, rect.y + c)])
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(2, rect.w // 16), border_radius=rad)
    if selected:
        pygame.draw.rect(surface, style.ACCENT, rect.inflate(6, 6), 3, border_radius=rad + 2)


def cards_row(area: pygame.Rect, n: int, max_w: int, gap: int, ratio: float = 1.25) -> list[pygame.Rect]:
    """`n` card rects (w x w*ratio) centred in one row of `area`, as big as fit."""
    if n <= 0:
        return []
    w = min(max_w, (area.w - gap * (n - 1)) // n, int(area.h / ratio))
    w = max(6, w)
    h = int(w * ratio)
    total = n * w + (n - 1) * gap
    x0 = area.x + (area.w - total) // 2
    y0 = area.y + (area.h - h) // 2
    return [pygame.Rect(x0 + i * (w + gap), y0, w, h) for i in range(n)]


def draw_mark(surface: pygame.Surface, cell: pygame.Rect, mark: str, colour: Colour, big: bool = True) -> None:
    """A worksheet mark drawn as a shape (no glyph needed): has = a filled dot, not = a
    cross, maybe = a ring. `big` for the player's own marks, small for the assistant's."""
    c = cell.center
    rad = max(3, int(min(cell.w, cell.h) * (0.32 if big else 0.2)))
    width = max(2, rad // 3)
    if mark == "has":
        pygame.draw.circle(surface, colour, c, rad)
    elif mark == "not":
        d = int(rad * 0.8)
        pygame.draw.line(surface, colour, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), width)
        pygame.draw.line(surface, colour, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), width)
    elif mark == "maybe":
        pygame.draw.circle(surface, colour, c, rad, width)


def lerp(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def seat_name(players: Any, seat: int) -> str:
    """The seat's name from the players list (dicts with "name"), else "Player n"."""
    from scenes.ui.i18n import t
    if players and 0 <= seat < len(players) and isinstance(players[seat], dict) and players[seat].get("name"):
        return str(players[seat]["name"])
    return t("ui.player_n", n=seat + 1)
