"""Adding a game is one registry entry: a minimal game (tests/support/minigame, its scene
plug-in tests/support/minigame_scenes; nothing shipped) registered through the tests'
hooks (engine.registry.register in process, COUCHTOP_TEST_GAMES for a child process) is
found by the game picker, `play`, `simulate`, `replay` (the viewer and --verify) and the
conformance suite, with no other file edited."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import engine.registry as engine_registry
import main
from scenes import registry
from test_scenes_framework import frames, key

ROOT = Path(__file__).resolve().parents[1]
GAME, ENGINE_PKG, SCENES_PKG = "minigame", "support.minigame", "support.minigame_scenes"


@pytest.fixture
def minigame(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    engine_registry.register(GAME, ENGINE_PKG, SCENES_PKG)
    yield tmp_path
    engine_registry.unregister(GAME)
    pygame.display.quit()


def test_register_refuses_a_name_twice_and_unregister_only_what_it_added() -> None:
    with pytest.raises(ValueError, match="registered already"):
        engine_registry.register("sumoku", ENGINE_PKG, SCENES_PKG)
    with pytest.raises(ValueError, match="not added by register"):
        engine_registry.unregister("sumoku")


def test_the_picker_shows_it_and_opens_its_set_up(minigame: Path) -> None:
    from scenes.app import App
    from scenes.common.setup import SetupScene
    assert engine_registry.games()[-1] == GAME and registry.playable()[-1] == GAME
    app = App((1280, 720), lang="en", fps=None)
    app.stack.push(app.menu())
    frames(app, 2)
    menu = app.stack.top
    card = menu.widgets[f"play_{GAME}"]
    menu.set_focus(card)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game == GAME


def test_play_simulate_and_replay_find_it(minigame: Path, capsys: pytest.CaptureFixture) -> None:
    assert main.main(["--frames", "3", "play", GAME, "--seats", "2", "--bots", "1"]) == 0
    capsys.readouterr()
    out = minigame / "sims"
    assert main.main(["simulate", GAME, "--games", "2", "--level", "random", "--out", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == GAME and summary["games"] == 2 and len(summary["logs"]) == 2
    assert all(len(r["scores"]) == 2 for r in summary["results"])
    for log in summary["logs"]:
        assert main.main(["replay", log, "--verify"]) == 0
    assert main.main(["--frames", "3", "replay", summary["logs"][0]]) == 0


def test_the_conformance_suite_plays_it() -> None:
    """tests/test_every_game.py, in a child process that registers the game through
    COUCHTOP_TEST_GAMES, collects and passes the game's cases."""
    env = dict(os.environ, COUCHTOP_TEST_GAMES=f"{GAME}={ENGINE_PKG}:{SCENES_PKG}")
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist",
                          "tests/test_every_game.py", "-k", GAME], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = int(run.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])   # "9 passed in 4s"
    assert passed >= 8, run.stdout[-500:]      # its every-variant, event-wording, replay and how-to cases
