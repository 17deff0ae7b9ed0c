"""The set-up screen remembers, per game, the number of seats, who is a bot and each
bot's level (with the variant and options); the Players count goes down as well as up by
mouse (− and +) and keys; each set-up opens its game's how-to."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from engine.registry import games
from scenes import config
from scenes.common.howto import HowToScene
from scenes.common.setup import SetupScene
from test_setup_levels import click, open_setup, own_dirs  # noqa: F401  (own_dirs: autouse)
from tests.support.scenes import english_after, key, make_app  # noqa: F401  (fixture)


def kinds(scene: SetupScene) -> list[tuple[str, str]]:
    return [(p["kind"], p["level"]) for p in scene.setup_dict()["players"]]


def test_seats_bots_and_levels_are_remembered_per_game() -> None:
    app, scene = open_setup("wooolf")
    assert scene.seats == 5
    click(app, scene.widgets["seats_more"])                 # 5 -> 6 by mouse
    assert scene.seats == 6
    click(app, scene.widgets["kind_1"])                      # seat 2: normal -> hard bot
    click(app, scene.widgets["kind_2"])                      # seat 3: normal -> hard -> human
    click(app, scene.widgets["kind_2"])
    click(app, scene.widgets["kind_5"])                      # seat 6: normal -> hard -> human -> easy
    click(app, scene.widgets["kind_5"])
    click(app, scene.widgets["kind_5"])
    chosen = kinds(scene)
    assert chosen == [("human", "normal"), ("bot", "hard"), ("human", "normal"), ("bot", "normal"),
                      ("bot", "normal"), ("bot", "easy")]
    click(app, scene.widgets["start"])
    assert app.session is not None
    app.close_session()
    saved = config.load()                                     # in the settings file
    assert saved.setups["wooolf"]["seats"] == 6
    again = make_app()                                        # the next run
    back = SetupScene(again, "wooolf")
    assert back.seats == 6 and kinds(back) == chosen
    other = SetupScene(again, "hooky")                        # per game: Hooky keeps its own
    assert other.seats == 4 and [k for k, _ in kinds(other)] == ["human", "bot", "bot", "bot"]


def test_a_remembered_count_is_kept_inside_the_variant_s_range() -> None:
    app, scene = open_setup("sumoku")
    scene.seats = 8
    scene.remember()
    scene.step_variant(1)                                     # classic -> solitaire: one seat
    scene.remember()
    back = SetupScene(app, "sumoku")
    assert back.variant == "solitaire" and back.seats == 1
    back.step_variant(-1)
    assert back.seats == 1


def test_a_broken_remembered_set_up_falls_back_to_the_defaults(tmp_path: Path) -> None:
    path = config.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"setups": {
        "wooolf": {"seats": 99, "players": [{"kind": "bot", "level": "hard"}, {"kind": "alien"}]},
        "hooky": {"seats": 3, "players": [{"kind": "human"}, {"kind": "bot", "level": "godlike"}]}}}))
    app = make_app()
    wooolf = SetupScene(app, "wooolf")
    assert wooolf.seats == 5 and kinds(wooolf)[:2] == [("human", "normal"), ("bot", "normal")]
    hooky = SetupScene(app, "hooky")
    assert hooky.seats == 3 and kinds(hooky) == [("human", "normal"), ("bot", "normal"), ("bot", "normal")]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_players_count_goes_down_and_up_by_mouse_and_keys(size) -> None:
    app, scene = open_setup("wooolf", size)
    less, more = scene.widgets["seats_less"], scene.widgets["seats_more"]
    assert less.rect.right < scene.widgets["seats"].rect.left < scene.widgets["seats"].rect.right < more.rect.left
    click(app, scene.widgets["seats_less"])
    assert scene.seats == 4 and not scene.widgets["seats_less"].is_enabled     # the fewest
    click(app, scene.widgets["seats_less"])
    assert scene.seats == 4
    for n in (5, 6, 7, 8):
        click(app, scene.widgets["seats_more"])
        assert scene.seats == n
    assert not scene.widgets["seats_more"].is_enabled                          # the most
    scene.set_focus(scene.widgets["seats"])
    key(app, pygame.K_LEFT)
    assert scene.seats == 7 and scene.widgets["seats_more"].is_enabled
    assert scene.focused is scene.widgets["seats"]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game", games())
def test_each_set_up_opens_its_game_s_how_to_and_comes_back(game: str, lang: str) -> None:
    app, scene = open_setup(game, (960, 540), lang)
    assert scene.focused is scene.widgets["start"]           # Enter on arrival still starts
    click(app, scene.widgets["howto"])
    assert isinstance(app.stack.top, HowToScene) and app.stack.top.game == game
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_the_team_race_set_up_offers_the_eight_seats_it_has_room_for() -> None:
    """The team race takes 2-16 seats; the set-up shows at most eight (pressing past eight
    built a ninth seat it had no slot for, and crashed)."""
    app, scene = open_setup("sumoku", (960, 540))
    scene.step_variant(0)
    while scene.variant != "team":
        scene.step_variant(1)
    for _ in range(10):
        click(app, scene.widgets["seats_more"])
    assert scene.seats == 8 and not scene.widgets["seats_more"].is_enabled
    scene.set_focus(scene.widgets["seats"])
    key(app, pygame.K_RIGHT)                     # the count's own step wraps round to the fewest
    assert scene.seats == 2
