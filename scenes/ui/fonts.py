"""Fonts: our Traditional Chinese + Latin font (assets/fonts), one face per weight."""
from __future__ import annotations

from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "NotoSansTC-Couchtop-Regular.otf"
BOLD = FONT_DIR / "NotoSansTC-Couchtop-Bold.otf"


def font_path(bold: bool = False) -> Path:
    path = BOLD if bold and BOLD.exists() else REGULAR
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: run `python tools/build_font.py`")
    return path


_FACES: dict[bool, pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The face of `bold` set to `size` px (pygame.font must be initialised). A face is
    loaded once per weight (loading one takes milliseconds; setting its size, a
    microsecond, and it then measures and draws exactly as one loaded at that size), so
    the face is for use at once: the next call may set another size."""
    face = _FACES.get(bold)
    if face is None:
        face = _FACES[bold] = pygame.font.Font(str(font_path(bold)), max(6, int(size)))
    face.point_size = max(6, int(size))
    return face
