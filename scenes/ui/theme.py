"""The pygame_gui theme: assets/themes/couchtop.json, with our own font files (never
pygame_gui's bundled Simplified-style CJK font) and one `@f<size>` / `@f<size>b` class per
font size, so a widget's label can be shrunk to fit by picking a class. A face is opened
when a widget first draws with it (`LazyFontTheme`), not for every class the theme names.

Every screen has a manager of its own, and so a theme of its own; the theme files
(pygame_gui's default theme and ours) are read and checked once per process (`_template`),
and each manager's theme is a copy of that one with its own font dictionary, faces and
caches (`LazyFontTheme.copy_for`): ~2 ms of CPU a manager instead of ~9."""
from __future__ import annotations

import copy
import json
import os
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import BlockingThreadedResourceLoader, UIAppearanceTheme
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShapeState
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_font_dictionary import UIFontDictionary
from pygame_gui.core.ui_shadow import ShadowGenerator
from pygame_gui.core.utility import get_default_manager, i18n as gui_i18n, set_default_manager

from scenes.ui.fonts import font_path
from scenes.ui.sizecache import register

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


class ThemeFace:
    """A theme's font for one element, opened when a widget first draws with it (never when
    the theme is read): a theme names 24 sizes, a screen uses a few. Ours (`couchtop`) comes
    from `face`, shared by every manager; any other (pygame_gui's own theme names its
    symbols font) from the theme's font dictionary, as pygame_gui would."""

    def __init__(self, theme: UIAppearanceTheme, info: dict[str, Any]) -> None:
        self._theme = theme
        self._info = info
        self._font: Any = None

    @property
    def loaded_font(self) -> Any:
        if self._font is None:
            i = self._info
            if i["name"] == FONT_NAME:
                self._font = face(int(i["size"]), bool(i["bold"]))
            else:
                with warnings.catch_warnings():     # "not already loaded": it is loaded now, on purpose
                    warnings.simplefilter("ignore", UserWarning)
                    self._font = self._theme.get_font_dictionary().find_font_resource(
                        i["size"], i["name"], i["bold"], i["italic"], i["antialiased"], i["script"],
                        i["direction"]).loaded_font
        return self._font


# pygame_gui's faces of our font, by (size, bold): at most one per theme size and weight.
_FACES: dict[tuple[int, bool], Any] = {}
register(_FACES.clear)


def face(size: int, bold: bool) -> Any:
    """pygame_gui's face of our font at `size` px, shared by every manager."""
    key = (int(size), bool(bold))
    if key not in _FACES:
        style = {"bold": bold, "italic": False, "antialiased": True, "script": "Latn",
                 "direction": pygame.DIRECTION_LTR}
        _FACES[key] = GUIFontPygame(str(font_path(bold)), key[0], False, style)
    return _FACES[key]


def faces_loaded() -> list[tuple[int, bool]]:
    """The (size, bold) faces pygame_gui has opened so far, in this process."""
    return sorted(_FACES)


class LazyFontTheme(UIAppearanceTheme):
    """A theme whose fonts are opened when first drawn with, not when the theme is read
    (pygame_gui opens every font the theme names, in every size, on each load)."""

    def _load_fonts(self) -> None:
        for element, by_locale in self.ui_element_fonts_info.items():
            for locale, info in by_locale.items():
                self.ele_font_res.setdefault(element, {})[locale] = ThemeFace(self, info)

    def copy_for(self, resource_loader: Any, locale: str) -> "LazyFontTheme":
        """This theme as a new manager's own: the tables read from the theme files (colours,
        fonts, images, misc) are shared, as they are only read once loaded; the font
        dictionary, the faces (which look fonts up in it) and the caches are new, as a
        freshly loaded theme's are (the shape cache is the shared one)."""
        theme = copy.copy(self)
        theme._resource_loader = resource_loader
        theme._locale = locale
        theme.font_dict = UIFontDictionary(resource_loader, locale)
        theme.shadow_generator = ShadowGenerator()
        theme.shadow_generator.preloaded_shadow_corners = dict(self.shadow_generator.preloaded_shadow_corners)
        theme.shape_cache = shape_cache()
        theme.unique_theming_ids = dict(self.unique_theming_ids)
        theme.ele_font_res = {}
        theme._load_fonts()
        theme.st_cache_clear_timer = 0.0
        theme.need_to_rebuild_data_manually_changed = False
        return theme


# A widget's shape has a picture per state (normal, hovered, selected, active, disabled).
# pygame_gui draws the normal one when the widget is made and every other but "disabled"
# in the frames after, one a frame, whether or not it is ever shown; it draws any state
# the moment it is first shown anyway (DrawableShape.set_active_state). Most of a screen's
# buttons are never hovered or pressed before the screen is rebuilt, so only the normal
# picture is drawn ahead: a fifth of the drawing a screen's widgets cost, and their
# memory. (pygame_gui sets the flag on each state it makes; it has no setting for it.)
_made_state = DrawableShapeState.__init__


def _drawn_when_shown(state: DrawableShapeState, state_id: str) -> None:
    _made_state(state, state_id)
    state.should_auto_pregen = state_id == "normal"


DrawableShapeState.__init__ = _drawn_when_shown  # type: ignore[method-assign]


class LoaderWithoutIdleThreads(BlockingThreadedResourceLoader):
    """pygame_gui's blocking loader, which starts its five loading threads only when it has
    something to load: a manager of ours has nothing (our faces open lazily, the theme names
    no image), and each manager built (every screen, every rebuild) started and joined five
    threads for nothing."""

    def start(self) -> None:
        if self._threaded_loading_queue.qsize() == 0:
            self.num_loading_threads = 0
        super().start()


# pygame_gui's cache of drawn widget shapes (a rounded button is drawn at 4x and smoothed
# down: the costly part of building a widget), shared by every manager: a screen rebuilt for
# a click, or opened again, finds the shapes it drew before. pygame_gui keys a shape by
# everything that draws it (size, colours, borders, radius, shadow) and keeps at most three
# 1024x1024 sheets of them; dropped with the other caches keyed by size.
_SHAPES: list[SurfaceCache] = []


def _drop_shapes() -> None:
    _SHAPES.clear()


register(_drop_shapes)


def shape_cache() -> SurfaceCache:
    if not _SHAPES:
        _SHAPES.append(SurfaceCache())
    return _SHAPES[0]


_TEMPLATE: list[LazyFontTheme] = []


def _template() -> LazyFontTheme:
    """pygame_gui's default theme with ours over it, read and checked once per process."""
    if not _TEMPLATE:
        loader = LoaderWithoutIdleThreads()
        theme = LazyFontTheme(loader, "en")
        theme.load_theme(copy.deepcopy(theme_data()))
        loader.start()
        loader.update()
        _TEMPLATE.append(theme)
    return _TEMPLATE[0]


class LazyFontManager(pygame_gui.UIManager):
    """A UIManager with a LazyFontTheme and the shared shape cache: a copy of the process's
    template when made with no theme path (`make_manager`), else one loaded from it."""

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        if theme_path is None:
            return _template().copy_for(self.resource_loader, self._locale)
        theme = LazyFontTheme(self.resource_loader, self._locale)
        theme.shape_cache = shape_cache()
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A fresh UIManager for one scene. pygame must be initialised first."""
    if not pygame.font.get_init():
        pygame.font.init()
    loader = LoaderWithoutIdleThreads()
    manager = LazyFontManager(size, None, resource_loader=loader)
    # each UIManager adds pygame_gui's translations folder to python-i18n's search path
    # again, and every label with a "." in it searches the whole path: a thousand screens
    # on, a button took 14 ms to make instead of 0.5. The path is kept to one of each.
    gui_i18n.load_path[:] = dict.fromkeys(os.path.normpath(p) for p in gui_i18n.load_path)
    loader.start()
    loader.update()
    if get_default_manager() is manager:
        set_default_manager(None)   # pygame_gui would keep its first manager (a whole screen) for good
    return manager
