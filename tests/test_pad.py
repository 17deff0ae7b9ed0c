"""Game pads on every screen (scenes/ui/pad.py): the menu, the picker, set-up, the game
and its pause menu, how-to, results and replays, driven only by synthesized pad events
(JOYHATMOTION / JOYBUTTONDOWN / JOYAXISMOTION and the game-controller API's
CONTROLLERBUTTONDOWN) posted to the headless app; pad hints while a pad is in use, in
both languages at both sizes; the couch race still reads its pads itself."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.common.howto import HowToScene
from scenes.common.logpicker import LogPickerScene
from scenes.common.menu import MenuScene
from scenes.common.pause import PauseOverlay
from scenes.common.replay import ReplayScene
from scenes.common.results import ResultsScene
from scenes.common.settings import SettingsScene
from scenes.common.setup import SetupScene
from scenes.ui import i18n, pad
from scenes.ui.buttons import Button
from scenes.ui.draw import record_text
from support.scenes import english_after  # noqa: F401 (autouse: English and no pad after each test)
from test_scenes_framework import (GAME, FakeTable, all_scenes, fake, finished_log, frames,  # noqa: F401
                                   human_setup, make_app, wait_scan)

HAT = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}


def hat(app, direction: str, n: int = 1) -> None:
    """The D-pad pressed (and let go) `n` times, a frame after each."""
    for _ in range(n):
        pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=0, joy=0, hat=0,
                                             value=HAT[direction]))
        pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=0, joy=0, hat=0, value=(0, 0)))
        frames(app, 1)


def press(app, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=0, joy=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONUP, instance_id=0, joy=0, button=button))
    frames(app, 2)


def controller(app, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, which=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, which=0, button=button))
    frames(app, 2)


def focus_on(app, oid: str, direction: str = "down", limit: int = 30) -> None:
    """Move the focus ring with the D-pad until it is on widget `oid`."""
    scene = app.stack.top
    for _ in range(limit):
        if scene.focused is scene.widgets[oid]:
            return
        hat(app, direction)
    raise AssertionError(f"the D-pad never reached {oid}")


def texts(app) -> list[str]:
    with record_text() as blits:
        app.stack.request_redraw()
        frames(app, 1)
    return [b.text for b in blits]


def test_a_pad_alone_goes_from_the_menu_through_set_up_into_a_game_and_its_pause_menu(fake: Path) -> None:
    app = make_app()
    wait_scan(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.focused is menu.widgets["play_fakegame"]
    hat(app, "down")                                      # down to the row of buttons
    assert menu.focused in menu.row_widgets
    assert i18n.t("ui.menu.keys_pad") in texts(app)      # the menu's own key line speaks pad
    hat(app, "up")
    press(app, pad.A)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game == GAME
    shown = texts(app)
    assert "A" in shown and "B" in shown                 # on the focused widget and on Back
    focus_on(app, "seats")
    hat(app, "right")                                     # Left/Right change a choice
    assert setup.seats == 3
    hat(app, "left")
    assert setup.seats == 2
    focus_on(app, "start")
    press(app, pad.A)
    table = app.stack.top
    assert isinstance(table, FakeTable)
    press(app, pad.START)                                 # Start: the pause menu
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    focus_on(app, "settings")
    press(app, pad.A)
    assert isinstance(app.stack.top, SettingsScene)
    press(app, pad.B)                                     # B: back, one screen at a time
    assert app.stack.top is pause
    press(app, pad.B)
    assert app.stack.top is table
    press(app, pad.START)
    focus_on(app, "save_quit")
    press(app, pad.A)
    assert isinstance(app.stack.top, MenuScene) and app.session is None


def test_a_pad_leaves_results_steps_a_replay_and_pages_the_how_to(fake: Path) -> None:
    app = make_app()
    log, _ = finished_log(app, turns=3)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.focused is None
    hat(app, "right")                                     # the first press shows the focus
    assert results.focused is not None
    focus_on(app, "menu", "right")
    press(app, pad.A)
    wait_scan(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    hat(app, "down")
    focus_on(app, "replay", "right")
    press(app, pad.A)
    picker = app.stack.top
    assert isinstance(picker, LogPickerScene) and picker.logs[0].path == log
    press(app, pad.A)                                     # A opens the picked game
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.cursor.position == 0
    assert "B" in texts(app)
    hat(app, "right", 3)
    assert viewer.cursor.position == 3
    hat(app, "left")
    assert viewer.cursor.position == 2
    press(app, pad.B)
    assert app.stack.top is picker
    press(app, pad.B)
    assert app.stack.top is menu
    focus_on(app, "howto", "right")
    press(app, pad.A)
    how = app.stack.top
    assert isinstance(how, HowToScene) and how.page == 0
    press(app, pad.RB)                                    # the shoulder buttons turn pages
    assert how.page == 1
    press(app, pad.LB)
    assert how.page == 0
    hat(app, "right")
    assert how.page == 1
    shown = texts(app)
    assert "LB" in shown and "RB" in shown and "B" in shown
    press(app, pad.B)
    assert app.stack.top is menu


def test_the_game_controller_api_and_the_stick_move_the_same_focus(fake: Path) -> None:
    app = make_app()
    wait_scan(app)
    menu = app.stack.top
    controller(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert menu.focused in menu.row_widgets
    controller(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert menu.focused is menu.widgets["play_fakegame"]
    controller(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.stack.top, SetupScene)
    controller(app, pygame.CONTROLLER_BUTTON_B)
    assert app.stack.top is menu
    # the left stick: one move per push past the dead zone, none while held, none for drift
    stick = [(0.9, 1), (0.95, 0), (0.2, 0), (0.8, 1), (0.5, 0)]
    for value, moves in stick:
        before = menu.focus_index
        pygame.event.post(pygame.event.Event(pygame.JOYAXISMOTION, instance_id=0, joy=0, axis=1, value=value))
        frames(app, 1)
        assert (menu.focus_index != before) == bool(moves), value


def test_keys_and_the_mouse_take_the_pad_hints_away(fake: Path) -> None:
    app = make_app()
    wait_scan(app)
    press(app, pad.A)
    assert pad.in_use() and {"A", "B"} <= set(texts(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    frames(app, 1)
    assert not pad.in_use() and not {"A", "B"} & set(texts(app))


def test_a_button_shows_the_pad_button_that_presses_it() -> None:
    confirm = Button("confirm", lambda: None, "OK", keys=(pygame.K_RETURN,))
    menu = Button("menu", lambda: None, "Menu", keys=(pygame.K_ESCAPE,))
    hint = Button("hint", lambda: None, "Hint", keys=(pygame.K_h,))
    assert (confirm.key_hint(), menu.key_hint(), hint.key_hint()) == (i18n.t("kit.key.enter"), i18n.t("kit.key.esc"),
                                                                     "H")
    pad.set_in_use(True)
    assert (confirm.key_hint(), menu.key_hint(), hint.key_hint()) == ("A", "B", "")   # no pad button: no hint


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_pad_badges_fit_on_every_screen(fake: Path, lang: str, size: tuple[int, int]) -> None:
    """Every screen: A on the focused widget, B on the one that goes back, each inside its
    badge and readable (18 px or more at 720p)."""
    from scenes.stack import Scene
    app = make_app(size, lang)
    log, _ = finished_log(app, turns=3)
    # under each screen a bare scene, not the menu: the menu is not one of the screens
    # checked, and popping back onto it rebuilt its widgets nine times a case
    app.stack.clear_to(Scene(app))
    frames(app, 1)
    pad.set_in_use(True)
    for name, factory in all_scenes(app, log):
        app.stack.push(factory())
        scene = app.stack.top
        if hasattr(scene, "focus_shown"):
            scene.focus_shown = True                     # results: as after the first press
        with record_text() as blits:
            scene.rebuild()
            frames(app, 2)
        bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
        assert not bad, f"{name} ({lang}, {size}): {bad[:3]}"
        badges = [b for b in blits if b.text in ("A", "B")]
        if scene.focused is not None:
            assert any(b.text == "A" for b in badges), name
        if scene.back_oid in scene.widgets:
            assert any(b.text == "B" for b in badges), name
        if size == (1280, 720):
            assert all(b.size >= 18 for b in badges), name
        app.stack.pop()
    app.close_session()
