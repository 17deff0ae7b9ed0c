"""What the phone lobby and the table's seats panel both draw: how a phone joins (the QR
code of the page with the room code in its #fragment, the room code, the address in large
type, what to check when no phone arrives) and one seat's row (its colour, its name, where
it is played)."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.qr import qr_surface

Colour = tuple[int, int, int]


def join_text(host: Any) -> str:
    """The QR code's text: the page and, in its #fragment, the room code (a fragment is
    never sent over the network; the seat token never appears in a URL)."""
    return f"{host.url}#{host.code}" if host is not None else ""


class JoinCard:
    """The left half of the screen: how a phone joins `host`. Keeps its QR code drawn."""

    def __init__(self) -> None:
        self._qr: tuple[str, int, pygame.Surface] | None = None

    def qr(self, text: str, size: int) -> pygame.Surface:
        if self._qr is None or self._qr[:2] != (text, size):
            self._qr = (text, size, qr_surface(text, size))
        return self._qr[2]

    def draw(self, scene: Any, surface: pygame.Surface, host: Any, note: str = "phonetv.help") -> None:
        """`note`: the catalog key of the lines under the address."""
        t, r, fs = scene.app.t, scene.r, scene.fs
        box = r(40, 100, 300, 300)
        code = self.qr(join_text(host), box.w)
        surface.blit(code, code.get_rect(center=box.center))
        text_in(surface, t("phonetv.scan"), r(360, 100, 300, 90), fs(22), style.INK_DIM,
                align="left", valign="top", wrap_lines=True, min_size=fs(16))
        text_in(surface, t("phonetv.code"), r(360, 200, 300, 36), fs(22), style.INK_DIM, align="left")
        text_in(surface, host.code, r(360, 236, 300, 90), fs(72), style.ACCENT, bold=True, align="left")
        text_in(surface, host.url, r(40, 410, 620, 70), fs(48), style.INK, bold=True, align="left")
        text_in(surface, t(note), r(40, 486, 620, 140), fs(20), style.INK_DIM,
                align="left", valign="top", wrap_lines=True, min_size=fs(14))


def seat_rows(scene: Any, n: int) -> list[pygame.Rect]:
    """The right half of the screen: one row a seat."""
    h = min(56, (520 - 8 * n) // max(n, 1))
    return [scene.r(680, 130 + i * (h + 8), 580, h) for i in range(n)]


def draw_seat(scene: Any, surface: pygame.Surface, row: pygame.Rect, seat: int, name: str, label: str,
              colour: Colour, right: int) -> None:
    """One seat's row: its colour at the left, `name` over `label` (in `colour`), both
    ending `right` pixels from the row's left (the row's buttons are beyond)."""
    fs = scene.fs
    pygame.draw.rect(surface, style.seat_colour(seat), (row.x, row.y, max(4, row.h // 7), row.h), border_radius=3)
    half = row.h // 2
    text_in(surface, name, (row.x + 16, row.y, right, half + 2), fs(24), style.INK, bold=True,
            align="left", min_size=fs(12))
    text_in(surface, label, (row.x + 16, row.y + half, right, row.h - half), fs(20), colour,
            align="left", min_size=fs(12))
