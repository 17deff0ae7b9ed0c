"""Colours, seat colours and sizes: bold and readable from a couch (see
shared notes/visual-style.md). Layout is designed at 1280x720 and scaled."""
from __future__ import annotations

import pygame

from scenes.ui.sizecache import sized_cache

Colour = tuple[int, int, int]

BG: Colour = (18, 22, 40)            # deep navy
BG_2: Colour = (30, 37, 66)          # panels
BG_3: Colour = (46, 56, 98)          # raised panels, buttons
INK: Colour = (250, 250, 250)        # main text (contrast with BG ≈ 17:1)
INK_DIM: Colour = (190, 198, 222)    # secondary text (≈ 10:1 on BG)
INK_DARK: Colour = (20, 20, 28)      # text on light fills (the accent, light tiles)
ACCENT: Colour = (240, 228, 66)      # focus ring, key numbers (Okabe–Ito yellow)
EDGE: Colour = (90, 106, 176)        # a button's border (the theme's normal_border)
GOOD: Colour = (80, 220, 150)
BAD: Colour = (255, 120, 90)
SHADE: tuple[int, int, int, int] = (8, 10, 20, 200)   # overlays dim what is below

# One accent per seat (Okabe–Ito, lightened where needed so each has >= 4.5:1 on BG).
SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 159, 0), (86, 180, 233), (0, 192, 139), (204, 121, 167),
    (240, 228, 66), (255, 122, 61), (157, 168, 255), (224, 224, 224),
)

DESIGN = (1280, 720)


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def scale(size: tuple[int, int]) -> float:
    """How much smaller (or larger) the window is than the 1280x720 design."""
    return min(size[0] / DESIGN[0], size[1] / DESIGN[1])


def px(n: float, size: tuple[int, int]) -> int:
    return max(1, round(n * scale(size)))


def font_px(n: int, size: tuple[int, int]) -> int:
    """A font size scaled with the window, never below 18 px (or `n` if smaller)."""
    return max(min(n, 18), round(n * scale(size)))


def luminance(c: Colour) -> float:
    """WCAG relative luminance."""
    def ch(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = c[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a: Colour, b: Colour) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(bg: Colour, dark: Colour = INK_DARK, light: Colour = INK) -> Colour:
    """`dark` or `light` text, whichever contrasts more with `bg` (dark on a tie)."""
    return dark if contrast(dark, bg) >= contrast(light, bg) else light


def fill_background(surface: pygame.Surface) -> None:
    """The shared backdrop: navy with a soft band of colour at the top."""
    surface.fill(BG)
    w, h = surface.get_size()
    band = max(4, h // 90)
    seg = w / len(SEAT_COLOURS)
    for i, c in enumerate(SEAT_COLOURS):
        pygame.draw.rect(surface, c, (round(i * seg), 0, round((i + 1) * seg) - round(i * seg), band))


def shade(surface: pygame.Surface, alpha: int = 200) -> None:
    veil(surface, (*SHADE[:3], alpha))


def veil(surface: pygame.Surface, rgba: tuple[int, int, int, int]) -> None:
    """The whole of `surface` seen through a flat colour (its alpha: how much of it)."""
    surface.blit(_veil(surface.get_size(), rgba), (0, 0))


@sized_cache(maxsize=2)
def _veil(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    # kept: a screen-sized surface made and filled for every frame a veil is drawn on (a
    # countdown, a paused game) was a millisecond or more each; two, as a screen drawn over
    # another may dim both
    v = pygame.Surface(size, pygame.SRCALPHA)
    v.fill(rgba)
    return v
