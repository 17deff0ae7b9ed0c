"""The App and `run(args)`: window options, settings kept across runs, the command line."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pygame
import pytest

from scenes import config
from scenes.app import App, parse_size, run
from scenes.ui import i18n
from test_scenes_framework import GAME, FakeTable, fake, finished_log, frames, key, make_app  # noqa: F401


def args(**kw: object) -> argparse.Namespace:
    base = dict(command=None, frames=3, screenshot=None, size=None, lang=None)
    base.update(kw)
    return argparse.Namespace(**base)


def test_pygame_is_ce() -> None:
    assert pygame.IS_CE


def test_settings_persist_across_app_instances(fake: Path) -> None:
    app = App((960, 540), fps=None)
    assert app.settings == config.Settings()          # nothing saved yet: the defaults
    app.settings.names[2] = "小美"
    app.settings.music_volume = 0.25
    app.settings.anim_speed = "off"
    app.set_lang("zh-TW")                              # saves
    again = App((960, 540), fps=None)
    assert again.settings.lang == "zh-TW" and i18n.lang() == "zh-TW"
    assert again.settings.names[2] == "小美" and again.player_name(2) == "小美"
    assert again.player_name(0) == "玩家 1"
    assert again.settings.music_volume == 0.25 and again.settings.anim_factor == 0.0
    i18n.set_lang("en")


def test_a_broken_settings_file_falls_back_to_defaults(fake: Path) -> None:
    path = config.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    assert config.load() == config.Settings()
    path.write_text(json.dumps({"lang": "xx", "sound_volume": 7, "names": ["A", 3], "anim_speed": "warp"}))
    s = config.load()
    assert s.lang == "en" and s.sound_volume == 1.0 and s.names[:2] == ["A", ""] and s.anim_speed == "normal"


def test_parse_size() -> None:
    assert parse_size("960x540") == (960, 540)
    assert parse_size(None) is None
    assert parse_size("100x100") == (640, 360)
    with pytest.raises(ValueError):
        parse_size("big")


def test_run_menu_frames_and_screenshot(fake: Path, tmp_path: Path) -> None:
    shot = tmp_path / "menu.png"
    assert run(args(frames=4, screenshot=str(shot), size="960x540", lang="zh-TW")) == 0
    img = pygame.image.load(str(shot))
    assert img.get_size() == (960, 540)
    assert img.get_at((480, 5))[:3] != (0, 0, 0)       # something was drawn
    i18n.set_lang("en")


def test_run_play_goes_straight_into_a_game_with_bots(fake: Path, tmp_path: Path, monkeypatch) -> None:
    seen = {}
    real_step = App.step

    def step(self: App) -> float:
        seen["top"] = self.stack.top
        seen["session"] = self.session
        return real_step(self)
    monkeypatch.setattr(App, "step", step)
    rc = run(args(command="play", game=GAME, variant="classic", seats=3, bots=2, level="hard", seed=5,
                  frames=2, screenshot=str(tmp_path / "p.png")))
    assert rc == 0 and isinstance(seen["top"], FakeTable)
    s = seen["session"]
    assert s.seed == 5 and [p["kind"] for p in s.players] == ["human", "bot", "bot"]
    assert s.players[2]["level"] == "hard" and s.options["variant"] == "classic"
    assert run(args(command="play", game=GAME, variant="short", seats=1, bots=None, level="normal",
                    seed=None)) == 2                        # short takes 2-3 seats
    assert run(args(command="play", game=GAME, variant="nope", seats=None, bots=None, level="normal",
                    seed=None)) == 2


def test_run_replay_opens_the_viewer(fake: Path, tmp_path: Path, monkeypatch) -> None:
    from scenes.common.replay import ReplayScene
    app = make_app()
    log, _ = finished_log(app, turns=1)
    seen = {}
    real_step = App.step

    def step(self: App) -> float:
        seen["top"] = self.stack.top
        return real_step(self)
    monkeypatch.setattr(App, "step", step)
    assert run(args(command="replay", file=str(log), frames=2)) == 0
    assert isinstance(seen["top"], ReplayScene) and seen["top"].path == log
    assert run(args(command="replay", file=str(tmp_path / "missing.ctlog"))) == 2


def test_resize_and_fullscreen_relayout_every_scene(fake: Path) -> None:
    app = make_app()
    frames(app)
    menu = app.stack.top
    old = menu.widgets["quit"].rect.copy()
    app.resize((960, 540))
    frames(app)
    assert app.size == (960, 540)
    new = menu.widgets["quit"].rect
    assert new.width < old.width and new.bottom <= 540
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen and config.load().fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (960, 540)


def test_quit_event_stops_the_loop(fake: Path) -> None:
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(frames=50) == 0
    assert app.frames < 50


def test_the_open_loop_sleeps_at_the_menu_until_something_happens(fake: Path) -> None:
    """`run()` with no frame count: at a still menu each loop step is followed by a sleep
    (counted naps, no clock), frames are drawn only for what happened, and a key pressed
    while asleep is handled on waking."""
    app = make_app()
    menu = app.stack.top
    if menu._scan is not None:
        menu._scan.wait(5)
    naps: list[float] = []

    def nap(seconds: float) -> bool:          # stands in for the sleep; acts as the person
        naps.append(seconds)
        if len(naps) == 50:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                                 scancode=0))
        if len(naps) == 100:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return False
    app.nap = nap
    focus = menu.focused
    assert app.run() == 0
    assert len(naps) == 100 and menu.focused is not focus       # the key was handled
    assert app.redraws <= 4                                     # first frames, the scan, the key
    assert app.frames <= 5                                      # a step per wake-up, not per nap


def test_every_scene_relayouts_when_the_window_is_resized(tmp_path: Path, monkeypatch) -> None:
    """With the real Sumoku: each screen is shown, then the window is resized under it (as
    the window manager or F11 would) and it is drawn again with nothing out of its box."""
    from engine.sumoku.bot import SumokuBot
    from scenes.common.handoff import HandoffCurtain
    from scenes.common.howto import HowToScene
    from scenes.common.logpicker import LogPickerScene
    from scenes.common.notice import Notice
    from scenes.common.pause import PauseOverlay
    from scenes.common.settings import SettingsScene
    from scenes.common.setup import SetupScene
    from scenes.ui.draw import record_text
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    app = App((1280, 720), lang="en", fps=None)
    app.settings.anim_speed = "off"
    app.stack.push(app.menu())
    players = [{"name": n, "kind": k, "level": "easy"} for n, k in (("Mei", "human"), ("Ada", "bot"), ("Bo", "bot"))]
    session = app.start_game("sumoku", {"seats": 3, "players": players, "variant": "classic", "seed": 8,
                                        "options": {"exchange": True}})
    bots = [SumokuBot("easy", s) for s in range(3)]
    while sum(ev["type"] == "placed" for ev in session.events) < 12 or session.view(None)["turn"] != 0:
        seat = session.view(None)["turn"]
        session.submit(bots[seat].choose(session.view(seat), seat))
    table = app.stack.top

    def check(name: str, lang: str) -> None:
        for size in ((960, 540), (1024, 768), (1600, 900), (1280, 720)):
            with record_text() as blits:
                app.resize(size)    # widget labels are measured when the scene is rebuilt for it
                frames(app, 1)
            assert app.size == size and blits, name
            assert all(b.surface_size == size for b in blits), (name, size, [(b.text, b.surface_size) for b in blits if b.surface_size != size][:4])
            bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
            assert not bad, f"{name} ({lang}) at {size}: {bad[:3]}"
            for el in getattr(app.stack.top, "widgets", {}).values():    # widgets moved with the window
                assert pygame.Rect(0, 0, *size).contains(el.rect), (name, size)
        assert table.layout.board.right <= 1280 and table.board_view.rect == table.layout.board

    overlays = [("table", None), ("pause", lambda: PauseOverlay(app)),
                ("handoff", lambda: HandoffCurtain(app, 1, "Ada")),
                ("settings", lambda: SettingsScene(app)),
                ("notice", lambda: Notice(app, "ui.replay.unreadable", name="x"))]
    for lang in ("en", "zh-TW"):
        app.set_lang(lang)
        for name, make in overlays:
            if make:
                app.stack.push(make())
            check(name, lang)
            if make:
                app.stack.pop()
    app.set_lang("en")
    while session.outcome() is None:
        seat = min(session.to_act())
        session.submit(bots[seat].choose(session.view(seat), seat))
    log = session.log_path
    app.show_results(session)
    check("results", "en")
    assert app.open_replay(log)
    app.stack.top.seek(30)
    check("replay", "en")
    app.stack.clear_to(app.menu())
    check("menu", "en")
    for name, make in (("setup", lambda: SetupScene(app, "sumoku")), ("howto", lambda: HowToScene(app, "sumoku")),
                       ("logs", lambda: LogPickerScene(app))):
        app.stack.push(make())
        check(name, "en")
        app.stack.pop()
    key(app, pygame.K_F11)                                   # F11: full screen, then back to the window
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 720)


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("zh-TW", (960, 540))])
def test_closing_the_window_mid_game_asks_first_and_the_game_is_kept(fake: Path, lang: str, size) -> None:
    """The window's close button during a game asks as Quit does; Stay (or Esc) goes back
    with the game clock as it was; closing again while asked, or Quit, ends the app, and
    the game is there to continue."""
    from scenes.common.confirm import Confirm
    from scenes.ui.draw import record_text
    from support.fits import assert_fits, cut_short
    from test_scenes_framework import human_setup
    app = make_app(size, lang)
    session = app.start_game(GAME, human_setup())
    frames(app)
    table = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    ask = app.stack.top
    assert app.running and isinstance(ask, Confirm) and app.stack.scenes[-2] is table
    with record_text() as blits:
        app.relayout()
        app.stack.request_redraw()
        frames(app, 1)
    words = [b.text for b in blits]
    assert i18n.t("ui.quit.stay") in words and i18n.t("ui.menu.quit") in words
    assert " ".join(words).replace(" ", "").find(i18n.t("ui.quit.question_game").replace(" ", "")[:8]) >= 0
    assert_fits(blits, size)
    assert not cut_short(blits)
    stopped = session.now_ms()
    assert session._paused_at is not None                        # the clock waits for the answer
    key(app, pygame.K_ESCAPE)                                     # Stay
    assert app.stack.top is table and app.running and session._paused_at is None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert isinstance(app.stack.top, Confirm) and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))           # closed again while asked: quits
    frames(app, 1)
    assert not app.running
    assert stopped >= 0
    path = session.log_path
    app.close_session()
    again = make_app(size, lang)
    resumed = again.continue_game(path)
    assert resumed is not None and len(resumed.events) == len(session.events)
    again.close_session()


def test_closing_the_window_at_the_menu_quits_at_once(fake: Path) -> None:
    app = make_app()
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def test_a_new_app_in_another_language_never_lays_out_the_last_apps_closed_window():
    """The language a new app sets is for its own window: the last app's (its display shut,
    as at the end of a run) is not laid out again and cannot fail the new one's start."""
    make_app((960, 540), "en")
    pygame.display.quit()
    app = make_app((1280, 720), "zh-TW")
    frames(app, 2)
    assert app.size == (1280, 720) and i18n.lang() == "zh-TW"
