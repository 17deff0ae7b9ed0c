"""The pygame_gui theme: assets/themes/couchtop.json, with our own font files (never
pygame_gui's bundled Simplified-style CJK font) and one `@f<size>` / `@f<size>b` class per
font size, so a widget's label can be shrunk to fit by picking a class."""
from __future__ import annotations

import copy
import json
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme

from scenes.ui.fonts import BOLD, REGULAR, font_path

THEME_FILE = Path(__file__).resolve().parents[2] / "assets" / "themes" / "couchtop.json"
FONT_NAME = "couchtop"
# The font sizes widgets may use (px). Text shrinks down this ladder until it fits.
SIZES: tuple[int, ...] = (14, 16, 18, 20, 22, 24, 26, 28, 32, 36, 40, 48)


def size_class(size: int, bold: bool = False) -> str:
    return f"@f{size}{'b' if bold else ''}"


def nearest_size(px: int) -> int:
    """The largest theme size <= px (the smallest when px is below all of them)."""
    fits = [s for s in SIZES if s <= px]
    return fits[-1] if fits else SIZES[0]


@lru_cache(maxsize=1)
def theme_data() -> dict[str, Any]:
    with open(THEME_FILE, encoding="utf-8") as f:
        data = json.load(f)
    font_block = data["defaults"]["font"]
    font_block["name"] = FONT_NAME
    font_block["regular_path"] = str(font_path(False))
    font_block["bold_path"] = str(font_path(True))
    for s in SIZES:
        for bold in (False, True):
            data[size_class(s, bold)] = {"font": {"name": FONT_NAME, "size": str(s), "bold": "1" if bold else "0"}}
    return data


# Fonts loaded by one manager, shared with every later one: a theme with 24 font classes
# otherwise costs ~250 ms of font loading each time a scene is entered.
_FONT_CACHE: dict[str, Any] = {}


class SharedFontManager(pygame_gui.UIManager):
    """A UIManager whose theme starts with the fonts earlier managers loaded."""

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        theme = UIAppearanceTheme(self.resource_loader, self._locale)
        fonts = theme.get_font_dictionary().loaded_fonts
        fonts.update(_FONT_CACHE)
        if theme_path is not None:
            theme.load_theme(theme_path)
        for font_id, res in fonts.items():
            _FONT_CACHE.setdefault(font_id, res)
        return theme


def make_manager(size: tuple[int, int], preload: Iterable[tuple[int, bool]] = ()) -> pygame_gui.UIManager:
    """A fresh UIManager for one scene. pygame must be initialised first."""
    if not pygame.font.get_init():
        pygame.font.init()
    manager = SharedFontManager(size, copy.deepcopy(theme_data()))
    manager.add_font_paths(FONT_NAME, str(REGULAR), str(BOLD if BOLD.exists() else REGULAR))
    fonts = [{"name": FONT_NAME, "point_size": s, "style": "bold" if b else "regular"}
             for s, b in sorted(set(preload))]
    if fonts:
        with warnings.catch_warnings():   # "already loaded" is harmless
            warnings.simplefilter("ignore", UserWarning)
            manager.preload_fonts(fonts)
    return manager
