"""Colours of the Sumoku screens: the shared palette (scenes.ui.style) plus the table's own."""
from __future__ import annotations

from scenes.ui import style as ui

Colour = tuple[int, int, int]

BG: Colour = ui.BG
PANEL: Colour = ui.BG_2
PANEL_HI: Colour = ui.BG_3
TEXT: Colour = ui.INK
INK_DARK: Colour = ui.INK_DARK
MUTED: Colour = ui.INK_DIM
ACCENT: Colour = ui.ACCENT
OK: Colour = ui.GOOD
BAD: Colour = (255, 84, 84)
BAD_BG: Colour = (110, 18, 28)
TABLE: Colour = (22, 52, 58)
TABLE_GRID: Colour = (34, 70, 78)
TABLE_CENTRE: Colour = (110, 160, 170)
HIGHLIGHT: Colour = (255, 255, 255)

seat_colour = ui.seat_colour
