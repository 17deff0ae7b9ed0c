"""A QR code drawn into a pygame Surface: segno makes the module matrix, we draw the
squares (dark on white, with the four-module quiet zone scanners need)."""
from __future__ import annotations

import pygame

QUIET = 4           # modules of white round the code


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules, True for dark, with the quiet zone."""
    import segno        # (start-up: its writers take ~50 ms to import; loaded when a code is drawn)
    code = segno.make(text, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QUIET)]


def qr_surface(text: str, size: int) -> pygame.Surface:
    """The code of `text` as a square Surface at most `size` pixels wide (whole pixels a
    module, so every module is sharp)."""
    rows = qr_matrix(text)
    n = len(rows)
    px = max(1, size // n)
    surf = pygame.Surface((n * px, n * px))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), (x * px, y * px, px, px))
    return surf
