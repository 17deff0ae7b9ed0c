"""The set-up screen says what the chosen bot level means: the line under the seats'
level controls follows the level chosen (by mouse and by keyboard), in both languages,
and fits its box at 960x540 and 1280x720 with the most seats the game allows."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest

from engine.registry import games
from scenes.common.setup import SetupScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from tests.support.scenes import english_after, key, make_app  # noqa: F401  (fixture)


@pytest.fixture(autouse=True)
def own_dirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))


LEVELS = ("easy", "normal", "hard")


def click(app, element) -> None:
    """Hover, press and release on a widget, as a mouse does (pygame_gui wants the hover)."""
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(3):
        app.step()


def open_setup(game: str, size=(1280, 720), lang="en") -> tuple[object, SetupScene]:
    app = make_app(size, lang)
    app.stack.push(SetupScene(app, game))
    app.step()
    return app, app.stack.top


def about_lines(app, scene: SetupScene) -> list:
    """The text drawn inside the level description's box in one frame (set-up redraws on
    demand: ask it to draw this one)."""
    scene.request_redraw()
    with record_text() as blits:
        app.step()
    box = scene.about_box()
    return [b for b in blits if box.contains(b.rect)]


def shown(app, scene: SetupScene) -> str:
    return "".join(b.text for b in about_lines(app, scene)).replace(" ", "")


def about(game: str, level: str, variant: str | None = None) -> str:
    key = f"{game}.level.{variant}.{level}.about"
    return i18n.t(key if variant and i18n.t(key) != key else f"{game}.level.{level}.about").replace(" ", "")


def bot_variants(game: str) -> list[str | None]:
    """The game's variants that seat bots (more than one seat)."""
    from scenes import registry
    spec = registry.plugin(game).SETUP
    return [vid for vid, _label, extra in spec.get("variants") or [(None, None, {})]
            if extra.get("seats", spec.get("seats", range(1, 9))).stop > 2]


@pytest.mark.parametrize("game", ["hooky", "sumoku"])
def test_the_description_follows_the_level_chosen(game: str) -> None:
    app, scene = open_setup(game)
    assert scene.setup_dict()["players"][1]["level"] == "normal"
    assert shown(app, scene) == about(game, "normal") != ""
    click(app, scene.widgets["kind_1"])            # normal bot -> hard bot
    assert scene.setup_dict()["players"][1]["level"] == "hard"
    assert shown(app, scene) == about(game, "hard")
    click(app, scene.widgets["kind_1"])            # hard bot -> human
    assert scene.setup_dict()["players"][1]["kind"] == "human"
    assert shown(app, scene) == about(game, "normal")          # the next bot seat's level
    scene.set_focus(scene.widgets["kind_2"])                   # keyboard: Left steps back
    with record_text() as blits:                               # drawn in the key's own frame
        key(app, pygame.K_LEFT)
    assert scene.setup_dict()["players"][2]["level"] == "easy"
    box = scene.about_box()
    assert "".join(b.text for b in blits if box.contains(b.rect)).replace(" ", "") == about(game, "easy")
    assert shown(app, scene) == about(game, "easy")
    for s in range(1, scene.seats):                             # no bot at all: no line
        while scene.setup_dict()["players"][s]["kind"] != "human":
            scene.step_kind(s, 1)
    app.step()
    assert about_lines(app, scene) == []


def sampled_seats(game: str, variant: str | None, lang: str, size, counts: range) -> list[tuple[int, str]]:
    """(seats, level) to check: every level at the most seats (the lowest, smallest box),
    and each level again at another count, seeded per case so that the levels take
    different counts. bench/setup_fit.py checks every count with every level."""
    others = list(counts)[:-1]
    random.Random(f"{game}/{variant}/{lang}/{size}").shuffle(others)
    out = [(counts[-1], level) for level in LEVELS]
    return out + [(others[i % len(others)], level) for i, level in enumerate(LEVELS) if others]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("game", games())
def test_every_description_fits_whole_with_any_number_of_seats(game: str, lang: str, size) -> None:
    """Every level's line, in every variant with bots, with the most seats (the smallest
    box) and a seeded sample of the other counts: whole (never cut with "…"), inside its
    box, at a readable size. (The box only grows with fewer seats; bench/setup_fit.py
    tries every count.)"""
    app, scene = open_setup(game, size, lang)
    for variant in bot_variants(game):
        scene.variant = variant
        rng = scene.seat_range()
        for seats, level in sampled_seats(game, variant, lang, size, range(max(rng.start, 2), rng.stop)):
            scene.seats = seats
            scene.kinds[1] = [k for k, (_, lv) in enumerate(scene_kinds()) if lv == level][0]
            scene.rebuild()
            scene.set_focus(scene.widgets["kind_1"])
            lines = about_lines(app, scene)
            where = (game, variant, lang, seats, level)
            assert lines, where
            assert all(b.fits for b in lines), [(b.text, b.rect, b.box) for b in lines]
            assert "".join(b.text for b in lines).replace(" ", "") == about(game, level, variant), where
            assert min(b.size for b in lines) >= scene.fs(18), where
            if lang == "zh-TW":
                assert any("\u4e00" <= ch <= "\u9fff" for b in lines for ch in b.text)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_race_set_up_describes_race_bots_with_their_pace(lang: str) -> None:
    """Speed race, grab and team race: the line describes the race bot's pace (the
    numbers of engine/sumoku/racebot.py's PACES), not the classic bot's play."""
    from engine.sumoku.racebot import PACES
    app, scene = open_setup("sumoku", lang=lang)
    seconds = lambda ms: f"{ms / 1000:g}"
    said = {"speed": lambda p: [seconds(p.see_ms), seconds(p.put_ms)], "grab": lambda p: [seconds(p.spot_ms)],
            "team": lambda p: [seconds(p.plan_ms)]}
    for variant, numbers in said.items():
        scene.variant = variant
        for level, pace in PACES.items():
            scene.kinds[1] = [k for k, (_, lv) in enumerate(scene_kinds()) if lv == level][0]
            scene.rebuild()
            scene.set_focus(scene.widgets["kind_1"])
            text = "".join(b.text for b in about_lines(app, scene))
            classic = i18n.t(f"sumoku.level.{level}.about")
            assert text and text.replace(" ", "") != classic.replace(" ", ""), (variant, level)
            for n in numbers(pace):
                assert re.search(rf"(?<![\d.]){re.escape(n)}(?![\d.])", text), (variant, level, n, text)


def scene_kinds():
    from scenes.common.setup import KINDS
    return KINDS
