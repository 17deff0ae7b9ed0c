"""Fonts: our Traditional Chinese + Latin font (assets/fonts), cached by size."""
from __future__ import annotations

from pathlib import Path

import pygame

from scenes.ui.sizecache import sized_cache

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "NotoSansTC-Couchtop-Regular.otf"
BOLD = FONT_DIR / "NotoSansTC-Couchtop-Bold.otf"


def font_path(bold: bool = False) -> Path:
    path = BOLD if bold and BOLD.exists() else REGULAR
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: run `python tools/build_font.py`")
    return path


@sized_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A pygame Font of `size` px (pygame.font must be initialised)."""
    return pygame.font.Font(str(font_path(bold)), max(6, int(size)))
