"""The client end to end with the real Sumoku game (not the fake plug-in), driven only by
posted mouse and keyboard events through `scenes.app.App`: menu -> set-up -> table ->
a legal first play -> confirm -> the score changes on screen; pause -> save and quit ->
Continue resumes the same game; the replay viewer over a finished bot game matches the
log's checkpoints step by step. No sleeps: every wait is a bounded loop of frames."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from engine.core.bots import play_out
from engine.core.hashing import state_hash
from engine.core.logstore import read_log
from engine.core.session import LocalSession
from engine.sumoku.bot import SumokuBot
from engine.sumoku.movegen import legal_plays
from engine.sumoku.rules import SumokuRules
from engine.sumoku.tiles import number
from engine.sumoku.views import view_board
from engine.registry import spec_for
from scenes.app import App
from scenes.common.logpicker import LogPickerScene
from scenes.common.menu import MenuScene
from scenes.common.pause import PauseOverlay
from scenes.common.replay import ReplayScene
from scenes.common.setup import SetupScene
from scenes.sumoku.table import TableScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from test_scenes_framework import click, frames, key
from support.scenes import redraw

SETUP_OPTIONS = {"variant": "classic", "scoring": "cross", "exchange": False}


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    i18n.set_lang("en")
    a = App((1280, 720), lang="en", fps=None)
    a.settings.anim_speed = "off"          # scores show at once (the count-up is real-time)
    a.stack.push(a.menu())
    frames(a, 2)
    yield a
    a.close_session()
    i18n.set_lang("en")


def until(app: App, done: Callable[[], bool], limit: int = 3000) -> None:
    """Run frames until `done()` (at most `limit` frames; never sleeps)."""
    for _ in range(limit):
        if done():
            return
        app.step()
    assert done(), "gave up waiting"


def mouse(app: App, kind: int, pos: tuple[int, int], button: int = 1) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=button))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    app.step()
    for k in (1, 2, 3):
        x, y = start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3
        mouse(app, pygame.MOUSEMOTION, (x, y))
        app.step()
    mouse(app, pygame.MOUSEBUTTONUP, end)
    app.step()


def press_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    mouse(app, pygame.MOUSEBUTTONDOWN, pos, button)
    mouse(app, pygame.MOUSEBUTTONUP, pos, button)
    app.step()


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def seed_where(first: Callable[[int], bool]) -> int:
    """A seed on which the seat that starts a 3-seat game passes `first`."""
    players = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "normal"}
               for i, n in enumerate(("Player 1", "Player 2", "Player 3"))]
    for seed in range(100):
        s = LocalSession(SumokuRules(), 3, SETUP_OPTIONS, seed, players, log=False)
        if first(s.view(None)["turn"]):
            return seed
    raise AssertionError("no such seed")


def visible_play(scene: TableScene) -> Any:
    """A legal first play of two or more tiles whose cells are all on screen."""
    v = scene.session.view(0)
    bv = scene.board_view
    for play in legal_plays(view_board(v), v["hands"][0], v["key"], first_play=v["first_play"]):
        cells = [(r, c) for _, r, c, _ in play.placements]
        if len(cells) >= 2 and all(bv.rect.contains(bv.cell_rect(cell)) for cell in cells):
            return play
    raise AssertionError("no legal first play fits the screen")


def card_texts(app: App, scene: TableScene, seat: int) -> list[str]:
    """The texts drawn inside `seat`'s card on the next frame."""
    with record_text() as blits:
        redraw(app)
    card = scene.layout.cards[seat]
    return [b.text for b in blits if card.contains(b.rect)]


def test_menu_to_setup_to_a_first_play_and_the_score_shows(app: App) -> None:
    seed = seed_where(lambda seat: seat == 0)             # the person makes the first play
    menu = app.stack.top
    click(app, menu.widgets["play_sumoku"])                          # mouse: Play Sumoku
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game == "sumoku"
    click(app, setup.widgets["seats"])                               # 3 -> 4 seats ...
    assert setup.seats == 4
    key(app, pygame.K_LEFT)                                          # ... and back with the keyboard
    assert setup.seats == 3
    assert [k["kind"] for k in setup.setup_dict()["players"]] == ["human", "bot", "bot"]
    click(app, setup.widgets["seed"])
    type_text(app, str(seed))
    key(app, pygame.K_TAB)                                           # leave the entry
    click(app, setup.widgets["start"])
    scene = app.stack.top
    assert isinstance(scene, TableScene) and app.session is scene.session
    session = app.session
    assert session.seed == seed and session.seats == 3
    assert [p["kind"] for p in session.players] == ["human", "bot", "bot"]
    assert scene.my_turn and scene.view["first_play"]
    assert "0" in card_texts(app, scene, 0)

    play = visible_play(scene)
    first, *rest = play.placements
    tile, r, c, value = first                                        # the first tile: by mouse
    if number(tile) == 6 and value == 9:
        press_at(app, scene.hand_rects[scene.hand().index(tile)].center, button=3)   # right-click: 6 -> 9
    drag(app, scene.hand_rects[scene.hand().index(tile)].center, scene.board_view.cell_rect((r, c)).center)
    assert scene.pending.tiles == [[tile, r, c, value]]
    for tile, r, c, value in rest:                                   # the others: by keyboard
        key(app, pygame.K_1 + scene.hand().index(tile))              # a number names its slot as drawn
        assert scene.selected == tile
        if number(tile) == 6 and value == 9:
            key(app, pygame.K_r)
        for _ in range(40):
            cur = scene.cursor
            if cur == (r, c):
                break
            if cur[0] != r:
                key(app, pygame.K_DOWN if r > cur[0] else pygame.K_UP)
            else:
                key(app, pygame.K_RIGHT if c > cur[1] else pygame.K_LEFT)
        assert scene.cursor == (r, c)
        key(app, pygame.K_SPACE)
    assert sorted(map(tuple, scene.pending.tiles)) == sorted(map(tuple, play.placements))
    with record_text() as blits:                                     # the score is previewed before confirming
        redraw(app)
    assert scene.analysis.ok and scene.analysis.score == play.score > 0
    preview = i18n.t("sumoku.ui.preview.score", score=play.score)
    assert any(preview in b.text for b in blits)
    assert session.view(None)["board"] == []                         # nothing sent yet
    press_at(app, scene.buttons["confirm"].rect.center)              # confirm with the button
    assert session.view(None)["scores"][0] == play.score
    assert {(r, c) for r, c, _, _ in session.view(None)["board"]} == {(r, c) for _, r, c, _ in play.placements}
    assert str(play.score) in card_texts(app, scene, 0)              # and the HUD shows it


def test_pause_save_and_quit_then_continue_is_the_same_game(app: App) -> None:
    players = [{"name": "Mei", "kind": "human", "level": "normal"},
               {"name": "Ada", "kind": "bot", "level": "easy"}, {"name": "Bo", "kind": "bot", "level": "easy"}]
    seed = seed_where(lambda seat: seat != 0)                         # a bot starts
    session = app.start_game("sumoku", {"seats": 3, "players": players, "variant": "classic", "seed": seed,
                                        "options": {"scoring": "cross", "exchange": False}})
    scene = app.stack.top
    assert not scene.my_turn
    until(app, lambda: scene.my_turn)                                 # the bots play off the main loop
    assert any(ev["type"] in ("placed", "passed") for ev in session.events)
    hand = scene.hand()
    drag(app, scene.hand_rects[0].center, scene.board_view.cell_rect(scene.board_view.cell_at(
        scene.board_view.rect.center)).center)                       # a tile put down, not confirmed
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay) and app.stack.scenes[-2] is scene
    count, digest, path, view = len(session.events), session.hash(), session.log_path, session.view(None)
    frames(app, 5)                                                    # paused: nothing moves beneath
    assert len(session.events) == count
    click(app, pause.widgets["save_quit"])
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and app.session is None
    until(app, lambda: menu.continue_path is not None and menu.widgets["continue"].is_enabled)
    assert menu.continue_path == path
    click(app, menu.widgets["continue"])
    table = app.stack.top
    assert isinstance(table, TableScene) and table is not scene
    resumed = app.session
    assert resumed.log_path == path and len(resumed.events) == count and resumed.hash() == digest
    assert resumed.view(None) == view and table.hand() == hand and not table.pending
    assert table.my_turn                                              # still the person's turn


def finished_bot_log(app: App) -> tuple[Path, list[str]]:
    """A whole 3-bot game, logged; and the state hash after each event, folded here."""
    rules = SumokuRules()
    session = play_out(rules, 3, [SumokuBot("easy", s) for s in range(3)], seed=21,
                       options=SETUP_OPTIONS, log=True)
    path = session.log_path
    session.close()
    state = rules.initial(3, dict(session.options))
    hashes = [state_hash(rules.to_data(state))]
    for ev in read_log(path, spec_for).events:
        state = rules.apply(state, dict(ev))
        hashes.append(state_hash(rules.to_data(state)))
    return path, hashes


def test_replay_viewer_steps_and_seeks_matching_the_checkpoints(app: App) -> None:
    path, hashes = finished_bot_log(app)
    loaded = read_log(path, spec_for)
    checkpoints = {c["seq"] + 1: c["hash"] for c in loaded.checkpoints}
    assert len(checkpoints) >= 2 and max(checkpoints) == len(loaded.events)   # periodic ones and the end
    click(app, app.stack.top.widgets["replay"])                      # menu -> Watch a replay
    picker = app.stack.top
    assert isinstance(picker, LogPickerScene) and picker.logs[0].path == path
    key(app, pygame.K_RETURN)                                        # Open (focused)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.path == path
    cur = viewer.cursor
    n = len(cur)
    assert n == len(loaded.events) and cur.position == 0 and cur.hash() == hashes[0]
    matched = 0
    for pos in range(1, n + 1):                                       # forward, one key at a time
        key(app, pygame.K_RIGHT)
        assert cur.position == pos and cur.hash() == hashes[pos]
        if pos in checkpoints:
            assert cur.hash() == checkpoints[pos]
            matched += 1
    assert matched == len(checkpoints) and cur.at_end
    for pos in range(n - 1, n // 3, -1):                              # back: the button and the key
        if pos % 4 == 0:
            click(app, viewer.widgets["step_back"])
        else:
            key(app, pygame.K_LEFT)
        assert cur.position == pos and cur.hash() == hashes[pos]
        if pos in checkpoints:
            assert cur.hash() == checkpoints[pos]
    key(app, pygame.K_HOME)
    assert cur.position == 0 and cur.hash() == hashes[0]
    track = viewer.track_rect()
    for frac in (0.25, 0.8, 0.5):                                     # seek: a click on the slider's track
        press_at(app, (track.x + round(track.w * frac), track.centery))
        assert abs(cur.position - frac * n) <= 1 and cur.hash() == hashes[cur.position]
        assert viewer.widgets["seek"].get_current_value() == cur.position
    for pos in sorted(checkpoints):                                   # to each checkpoint: click, then arrows
        press_at(app, (min(track.right - 1, track.x + round(track.w * pos / n)), track.centery))
        for _ in range(15):
            if cur.position != pos:
                key(app, pygame.K_RIGHT if cur.position < pos else pygame.K_LEFT)
        assert cur.position == pos and cur.hash() == checkpoints[pos] == hashes[pos]
    key(app, pygame.K_END)
    assert cur.at_end and cur.hash() == hashes[n] == checkpoints[n]

