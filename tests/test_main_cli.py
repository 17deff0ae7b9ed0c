"""main.py's command line: the window options count before the subcommand as after it,
headless commands refuse them, and a one-off --lang is not saved."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import main
from scenes import config
from scenes.ui import i18n
from support.scenes import english_after  # noqa: F401

WINDOW = ["--lang", "zh-TW", "--size", "960x540", "--frames", "3"]


@pytest.mark.parametrize("argv", [
    WINDOW + ["play", "wooolf"],                     # before the subcommand (as --help shows them)
    ["play", "wooolf"] + WINDOW,                     # after it
    ["--lang=zh-TW", "--size=960x540", "play", "wooolf", "--frames", "3"],   # mixed, with =
])
def test_window_options_count_in_either_place(argv: list[str]) -> None:
    args = main.build_parser().parse_args(argv)
    assert (args.command, args.game, args.lang, args.size, args.frames) == ("play", "wooolf", "zh-TW", "960x540", 3)
    assert args.screenshot is None


def test_the_subcommand_s_copy_wins_over_the_top_s() -> None:
    args = main.build_parser().parse_args(["--lang", "en", "replay", "x.ctlog", "--lang", "zh-TW"])
    assert args.lang == "zh-TW" and args.file == "x.ctlog"


def test_frames_and_screenshot_before_play_quit_and_save(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    shot = tmp_path / "wooolf.png"
    rc = main.main(["--lang", "zh-TW", "--size", "960x540", "--frames", "3", "--screenshot", str(shot),
                    "play", "wooolf", "--seats", "4", "--bots", "3"])
    assert rc == 0
    assert pygame.image.load(str(shot)).get_size() == (960, 540)
    assert i18n.lang() == "zh-TW"


def test_a_one_off_lang_is_not_saved(tmp_path: Path, monkeypatch) -> None:
    from scenes.app import App
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path))
    app = App((960, 540), lang="zh-TW", fps=None)           # python main.py --lang zh-TW
    assert app.settings.lang == "zh-TW" and i18n.lang() == "zh-TW"
    app.settings.music_volume = 0.25
    app.save_settings()                                     # any other setting saved meanwhile
    saved = config.load()
    assert saved.lang == "en" and saved.music_volume == 0.25
    app.set_lang("zh-TW")                                   # chosen on the settings screen: saved
    assert config.load().lang == "zh-TW"
    app.set_lang("en")


@pytest.mark.parametrize("argv", [
    ["--frames", "3", "simulate", "hooky"],
    ["--lang", "en", "replay", "x.ctlog", "--verify"],
])
def test_headless_commands_refuse_window_options(argv: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as e:
        main.main(argv)
    assert e.value.code == 2 and "open a window" in capsys.readouterr().err


def test_window_options_before_relay_are_refused(capsys) -> None:
    assert main.main(["--lang", "en", "relay"]) == 2
    assert "do not apply to the relay" in capsys.readouterr().err


def test_command_position_skips_window_options_and_their_values() -> None:
    assert main._command_at(["--lang", "en", "--frames=3", "relay", "--port", "1"]) == 3
    assert main._command_at(["relay"]) == 0
    assert main._command_at(["--size", "960x540"]) == 2


@pytest.mark.parametrize("game", ["sumoku", "hooky", "paperback", "wooolf", "wordporters"])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_undeclared_option_key_is_refused_naming_the_options(game: str, command: str, capsys,
                                                                tmp_path: Path, monkeypatch) -> None:
    """A key the game's spec does not declare is a usage error for every game (not kept and
    ignored), naming the key and the options the game has."""
    from engine.registry import spec_for
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    assert main.main([command, game, "--options", '{"no_such_option": true}']) == 2
    err = capsys.readouterr().err
    assert "'no_such_option'" in err and ", ".join(spec_for(game).option_keys) in err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_wrong_option_value_names_the_option_and_the_values_it_takes(command: str, capsys) -> None:
    assert main.main([command, "sumoku", "--variant", "speed", "--options", '{"countdown_ms": -5}']) == 2
    assert "countdown_ms must be 3000, 5000 or 10000, or a whole number from 0 to 60000, not -5" in \
        capsys.readouterr().err
    assert main.main([command, "wordporters", "--options", '{"words": "klingon"}']) == 2
    assert "words must be ui, en, zh or both, not 'klingon'" in capsys.readouterr().err
