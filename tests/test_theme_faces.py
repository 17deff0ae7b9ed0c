"""Memory the screens keep: pygame_gui opens a face of our font only when a widget draws
with it (the theme names 24 sizes and weights, a screen uses a few), every manager
shares them, and a screen's old layout goes back when the window changes size (faces,
rendered text and the old manager with its surfaces), with nothing held for good.
Counts and references only: no timings."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import pygame

from scenes.ui import fonts, sizecache, text, theme
from scenes.ui.theme import FONT_NAME, SIZES, faces_loaded, make_manager
from test_scenes_framework import frames, make_app


def widget_faces(scene: Any) -> set[tuple[int, bool]]:
    """(size, bold) of the `@f<size>[b]` class of each widget of a screen."""
    out = set()
    for el in scene.widgets.values():
        for cls in el.class_ids:
            if cls and cls.startswith("@f"):
                out.add((int(cls[2:].rstrip("b")), cls.endswith("b")))
    return out


def couchtop_fonts_in(manager: Any) -> list[str]:
    """Our font's faces in the manager's own font dictionary (where pygame_gui's eager
    loading, or a preload, puts them)."""
    return [k for k in manager.get_theme().get_font_dictionary().loaded_fonts if k.startswith(FONT_NAME)]


def test_the_menu_opens_only_the_faces_its_widgets_use():
    theme._FACES.clear()
    app = make_app()
    frames(app, 2)
    menu = app.stack.top
    used = widget_faces(menu)
    assert used, "the menu's buttons name a font class"
    assert set(faces_loaded()) == used
    assert len(faces_loaded()) < len(SIZES)            # not 2 x 12 sizes
    assert couchtop_fonts_in(menu.manager) == []


def test_every_manager_shares_the_faces():
    app = make_app()
    frames(app, 2)
    before = faces_loaded()
    first = app.stack.top.manager
    app.stack.top.resize(app.size)          # laid out anew (as for a new size): a new manager
    app.stack.top.rebuild()
    frames(app, 2)
    assert faces_loaded() == before
    assert app.stack.top.manager is not first
    assert couchtop_fonts_in(app.stack.top.manager) == []


def test_no_manager_is_kept_for_good():
    """pygame_gui keeps the first manager ever made as its 'default' (a whole screen,
    with its surfaces): ours are made and let go."""
    from pygame_gui.core.utility import get_default_manager
    app = make_app()
    frames(app, 2)
    assert get_default_manager() is None


def test_a_resize_drops_the_old_layout_and_what_was_cached_for_the_old_sizes():
    app = make_app()
    frames(app, 2)
    old = weakref.ref(app.stack.top.manager)
    text.render("probe", 97)
    fonts.font(97)
    gc.disable()                     # only the loop's own collection may free the old manager
    try:
        app.resize((960, 540))
        assert fonts.font.cache_info().currsize == 0
        app.stack.request_redraw()
        app.step()                   # the menu rebuilt at the new size
        app.idle(limit=0)            # then idle: the old layout collected
        assert old() is None
    finally:
        gc.enable()
    misses = text.render.cache_info().misses
    text.render("probe", 97)
    assert text.render.cache_info().misses == misses + 1   # made again, not kept from before
    assert app.stack.top.manager.window_resolution == (960, 540)


def test_toggling_back_and_forth_keeps_the_caches_bounded():
    app = make_app()
    frames(app, 2)
    sizes = []
    for size in ((960, 540), (1280, 720)) * 3:
        app.resize(size)
        app.stack.request_redraw()
        app.step()
        app.idle(limit=0)
        sizes.append((fonts.font.cache_info().currsize, text.render.cache_info().currsize, len(faces_loaded())))
    assert sizes[2:] == sizes[:2] * 2     # each size refills the same, never more


def test_same_size_relayout_keeps_the_caches():
    app = make_app()
    frames(app, 2)
    kept = fonts.font.cache_info().currsize
    app.relayout()                   # a language change: the sizes stay
    assert fonts.font.cache_info().currsize == kept > 0


def test_every_size_cache_is_registered():
    """The caches keyed by sizes are dropped together (faces, text, theme faces)."""
    fonts.font(21)
    text.render("x", 21)
    theme.face(SIZES[0], False)
    sizecache.drop()
    assert fonts.font.cache_info().currsize == 0
    assert text.render.cache_info().currsize == 0
    assert faces_loaded() == []


def test_screens_made_one_after_another_keep_one_translations_folder_to_search():
    """pygame_gui adds its translations folder to python-i18n's search path for every
    manager, and each label with a "." searches the whole path: the path stays one of each
    however many screens are made (it grew by one a screen, and a button took 14 ms)."""
    from pygame_gui.core.utility import i18n as gui_i18n
    pygame.init()
    pygame.display.set_mode((640, 360))
    make_manager((640, 360))
    kept = list(gui_i18n.load_path)
    for _ in range(20):
        make_manager((640, 360))
    assert gui_i18n.load_path == kept and len(set(kept)) == len(kept)


def test_a_widget_draws_only_its_normal_picture_ahead_and_another_when_first_shown():
    """pygame_gui would draw every state of every button (hovered, selected, active) in the
    frames after a screen is made; only the normal one is drawn ahead, and a state is drawn
    when it is first shown: a selected button looks selected."""
    import pygame_gui
    app = make_app()
    frames(app, 6)
    buttons = [w for w in app.stack.top.widgets.values() if isinstance(w, pygame_gui.elements.UIButton)]
    assert len(buttons) >= 5
    for b in buttons:
        shape = b.drawable_shape
        shown = shape.active_state.state_id                      # (a disabled button shows "disabled")
        assert {k for k, st in shape.states.items() if st.generated} == {"normal", shown}
        assert not shape.states_to_redraw_queue
    b = app.stack.top.widgets["settings"]
    b.select()                              # as keyboard focus does
    shape = b.drawable_shape
    assert shape.active_state.state_id == "selected" and shape.states["selected"].generated
    pictures = {k: pygame.image.tobytes(shape.states[k].surface, "RGBA") for k in ("normal", "selected")}
    assert pictures["selected"] != pictures["normal"]                   # drawn, in its own colours
    assert pygame.image.tobytes(shape.get_fresh_surface(), "RGBA") == pictures["selected"]   # and shown
