"""The game picker (the main menu): a card per playable game with both names, players and
time from the game's declared spec, a picture; five cards fit at both window sizes in both
languages; keyboard and mouse agree with the focus ring; Quit asks first; no menu button
sits under another screen's Back; results open with no button focused."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

import engine.registry as engine_registry
from scenes import registry
from scenes.app import App
from scenes.common.confirm import Confirm
from scenes.common.menu import MenuScene
from scenes.common.picker import card_for
from scenes.ui import i18n
from scenes.ui.draw import record_text
from test_scenes_framework import click, frames, key

REAL = list(engine_registry.games())        # the registry is the only list of games


@pytest.fixture
def dirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    i18n.set_lang("en")
    yield tmp_path
    i18n.set_lang("en")


@pytest.fixture
def five(dirs: Path) -> list[str]:
    assert registry.playable() == REAL and len(REAL) == 5      # every registered game is built
    return REAL


def menu_app(size: tuple[int, int] = (1280, 720), lang: str = "en") -> tuple[App, MenuScene]:
    app = App(size, lang=lang, fps=None)
    app.stack.push(app.menu())
    menu = app.stack.top
    if menu._scan is not None:
        menu._scan.wait(5)
    frames(app, 2)
    return app, menu


def hover(app: App, el: Any) -> None:
    pos = el.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_five_game_cards_fit_with_both_names(five: list[str], size: tuple[int, int], lang: str) -> None:
    app, menu = menu_app(size, lang)
    with record_text() as blits:
        menu.rebuild()
        frames(app, 1)
    bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
    assert not bad, f"text out of its box ({lang}, {size}): {bad[:3]}"
    if size == (1280, 720):
        assert not [(b.text, b.size) for b in blits if b.size < 18]
    drawn = [b.text for b in blits]
    cards = [menu.widgets[f"play_{g}"] for g in five]
    window = pygame.Rect(0, 0, *size)
    row = [menu.widgets[k] for k in ("continue", "replay", "online", "howto", "settings", "quit")]
    for i, c in enumerate(cards):
        assert window.contains(c.rect.inflate(10, 10))           # its focus ring too
        assert not any(c.rect.colliderect(o.rect) for o in cards[i + 1:] + row)
    assert all(window.contains(b.rect) for b in row)
    labels = {b.text: b.size for b in blits if b.text in {w.text for w in row}}
    assert len(labels) == len(row) and len(set(labels.values())) == 1, labels   # one size along the row
    for name in ("Sumoku", "數目酷", "Hooky", "字母點點名", "Paperback", "金牌小說家", "Word Porters", "心電感應", "狼來了"):   # both scripts, any UI language
        assert name in drawn, name
    for g in five:
        card = card_for(g)
        assert card.players_text in drawn and card.minutes_text in drawn
    app.close_session()


def test_cards_say_what_the_spec_declares(dirs: Path) -> None:
    for game in REAL:
        spec = engine_registry.spec_for(game)
        card = card_for(game)
        assert card.names[0] == i18n.tr(spec.title_key, "en") != spec.title_key
        assert card.names[1] == i18n.tr(spec.title_key, "zh-TW")
        assert any("\u4e00" <= ch <= "\u9fff" for ch in card.names[1])
        lo, hi = spec.seats.start, spec.seats.stop - 1
        assert card.players_text == i18n.t("ui.menu.players_range", lo=lo, hi=hi)
        assert card.minutes_text == i18n.t("ui.menu.minutes_range", lo=spec.minutes[0], hi=spec.minutes[1])
    i18n.set_lang("zh-TW")
    assert card_for("hooky").players_text.endswith("人")
    assert card_for("hooky").names[0] == i18n.tr(engine_registry.spec_for("hooky").title_key, "en")   # English first


def test_each_built_game_draws_its_own_picture(dirs: Path) -> None:
    pygame.display.set_mode((320, 200))
    pictures = []
    for game in REAL:
        surface = pygame.Surface((200, 150))
        surface.fill((0, 0, 0))
        card_for(game).draw_icon(surface, surface.get_rect())
        colours = {surface.get_at((x, y))[:3] for x in range(0, 200, 2) for y in range(0, 150, 2)}
        assert len(colours) > 3                                  # a picture, not a blank or a flat tile
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] != pictures[1]


def test_only_games_that_are_built_appear(dirs: Path) -> None:
    app, menu = menu_app()
    assert [k[5:] for k in menu.widgets if k.startswith("play_")] == registry.playable()
    assert set(registry.playable()) <= set(REAL)


def test_keyboard_and_mouse_move_one_focus_ring_and_open_what_it_shows(five: list[str]) -> None:
    from scenes.common.setup import SetupScene
    app, menu = menu_app()
    cards = [menu.widgets[f"play_{g}"] for g in five]
    assert menu.focused is cards[0]
    key(app, pygame.K_RIGHT, n=2)
    assert menu.focused is cards[2]
    key(app, pygame.K_LEFT)
    assert menu.focused is cards[1]
    key(app, pygame.K_DOWN)                                      # to the row (Continue is disabled)
    assert menu.focused is menu.widgets["replay"]
    key(app, pygame.K_RIGHT)
    assert menu.focused is menu.widgets["online"]
    key(app, pygame.K_UP)                                        # back to the card it came from
    assert menu.focused is cards[1]
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game == "hooky"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    cards = [menu.widgets[f"play_{g}"] for g in five]            # rebuilt on coming back
    assert menu.focused is cards[1]
    hover(app, menu.widgets["settings"])                          # the pointer takes the ring
    assert menu.focused is menu.widgets["settings"]
    hover(app, cards[0])
    assert menu.focused is cards[0]
    key(app, pygame.K_RETURN)                                    # Enter opens what the ring shows
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game == "sumoku"
    key(app, pygame.K_ESCAPE)
    click(app, menu.widgets["play_hooky"])
    assert app.stack.top.game == "hooky"


def test_one_highlight_when_the_keys_move_away_from_the_pointer(dirs: Path) -> None:
    """The pointer rests on Settings, the keys move the ring to Quit: Settings then looks
    exactly like a button nobody points at (hover draws no outline of its own)."""
    app, menu = menu_app()
    settings, quit_ = menu.widgets["settings"], menu.widgets["quit"]
    hover(app, settings)
    key(app, pygame.K_RIGHT)
    assert menu.focused is quit_
    pointed = app.surface.subsurface(settings.rect.inflate(12, 12)).copy()
    hover(app, menu.widgets["continue"])                         # disabled: the ring stays on Quit
    assert menu.focused is quit_
    app.stack.request_redraw()
    frames(app, 1)
    unpointed = app.surface.subsurface(settings.rect.inflate(12, 12))
    assert pygame.image.tobytes(pointed, "RGB") == pygame.image.tobytes(unpointed, "RGB")


def test_quit_asks_first_and_a_double_click_does_not_answer(dirs: Path) -> None:
    app, menu = menu_app()
    quit_ = menu.widgets["quit"]
    click(app, quit_)
    assert isinstance(app.stack.top, Confirm) and app.running
    dialog = app.stack.top
    assert dialog.focused is dialog.widgets["no"]
    assert not any(quit_.rect.colliderect(w.rect) for w in dialog.widgets.values())
    click(app, quit_)                                            # the second click of a double click
    assert app.stack.top is dialog and app.running
    key(app, pygame.K_ESCAPE)                                    # Esc: stay
    assert app.stack.top is menu and app.running
    key(app, pygame.K_RETURN)                                    # Quit has the ring
    assert isinstance(app.stack.top, Confirm)
    key(app, pygame.K_RETURN)                                    # Enter on Stay
    assert app.stack.top is menu and app.running
    click(app, quit_)
    click(app, app.stack.top.widgets["yes"])
    assert not app.running


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_no_menu_button_sits_under_another_screens_back(dirs: Path, size: tuple[int, int]) -> None:
    """A double click on Back (or Menu) must not land on a menu button."""
    from scenes.common.results import ResultsScene
    from scenes.common.setup import SetupScene
    app, menu = menu_app(size)
    spots = [w.rect for k, w in menu.widgets.items()]
    screens = [("settings", menu.open_settings), ("howto", menu.open_howto), ("replays", menu.open_replays),
               ("online", menu.open_online)]
    screens += [(f"setup {g}", lambda g=g: app.stack.push(SetupScene(app, g))) for g in registry.playable()]
    header = {"seats": 2, "players": [{"name": "Mei"}, {"name": "Ann"}]}
    screens.append(("results", lambda: app.stack.push(
        ResultsScene(app, registry.playable()[0], header, [], {"scores": [3, 1], "winners": [0], "tiebreak": None},
                     None))))
    for name, open_ in screens:
        open_()
        frames(app, 1)
        scene = app.stack.top
        assert scene is not menu, name
        exits = [scene.widgets[k] for k in ("back", "menu") if k in scene.widgets]
        assert exits, name
        for w in exits:
            under = [r for r in spots if r.colliderect(w.rect)]
            assert not under, f"{name}: its {w.text!r} sits over a menu button at {size}"
        app.stack.clear_to(app.menu())
        menu = app.stack.top
        frames(app, 1)
    app.close_session()


def test_results_open_with_no_button_focused(dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.common.results import ResultsScene
    app, menu = menu_app()
    calls = []
    monkeypatch.setattr(app, "play_again", lambda: calls.append("again"))
    app.game, app.last_setup = registry.playable()[0], {"seats": 2}
    header = {"seats": 2, "players": [{"name": "Mei"}, {"name": "Ann"}]}
    scene = ResultsScene(app, app.game, header, [], {"scores": [3, 1], "winners": [0], "tiebreak": None}, None)
    app.stack.push(scene)
    frames(app, 1)
    assert scene.widgets["again"].is_enabled and scene.focused is None     # no focus ring drawn
    key(app, pygame.K_RETURN)                                    # the extra Enter from the game
    assert not calls and app.stack.top is scene
    assert scene.focused is scene.widgets["menu"]                # it showed the ring, on Menu
    key(app, pygame.K_UP)                                        # Watch replay has no log: skipped
    assert scene.focused is scene.widgets["again"]
    key(app, pygame.K_RETURN)
    assert calls == ["again"]


def test_how_to_play_opens_the_rules_of_the_card_chosen_last(dirs: Path) -> None:
    from scenes.common.howto import HowToScene
    app, menu = menu_app()
    games = registry.playable()
    key(app, pygame.K_RIGHT, n=len(games) - 1)                   # the last card
    key(app, pygame.K_DOWN)
    menu.set_focus(menu.widgets["howto"])
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HowToScene) and app.stack.top.game == games[-1]


def double_click(app: App, pos: tuple[int, int]) -> None:
    """A double click as SDL reports it: the second press and release carry clicks=2."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for clicks in (1, 2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=clicks))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=clicks))
        frames(app, 2)


def test_a_double_click_on_a_card_opens_set_up_and_presses_nothing_there(dirs: Path) -> None:
    from scenes.common.setup import SetupScene
    app, menu = menu_app()
    pos = menu.widgets["play_sumoku"].rect.center
    fresh = SetupScene(app, "sumoku")
    app.stack.push(fresh)
    frames(app, 1)
    under = [k for k, w in fresh.widgets.items() if w.rect.collidepoint(pos)]
    assert under, "the test needs a set-up widget under the card"   # so a stray click would change it
    want = fresh.setup_dict()
    app.stack.pop()
    frames(app, 1)
    double_click(app, pos)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game == "sumoku"
    assert setup.setup_dict() == want and setup.focused is not setup.widgets[under[0]]


def test_a_double_click_within_one_screen_is_two_presses(dirs: Path) -> None:
    from scenes.common.settings import SettingsScene
    from scenes.config import ANIM_SPEEDS
    app, menu = menu_app()
    app.stack.push(SettingsScene(app))
    frames(app, 1)
    settings = app.stack.top
    start = ANIM_SPEEDS.index(app.settings.anim_speed)
    double_click(app, settings.widgets["anim"].rect.center)
    assert app.settings.anim_speed == ANIM_SPEEDS[(start + 2) % len(ANIM_SPEEDS)]


def test_play_online_opens_the_online_screens_a_network_game_s_plug_in_names(dirs: Path, monkeypatch) -> None:
    import scenes.sumoku
    opened = []
    monkeypatch.setattr(scenes.sumoku, "open_online", lambda app: opened.append(app))
    app, menu = menu_app()
    assert menu.online == [g for g in REAL if engine_registry.spec_for(g).network_variants] == ["sumoku"]
    key(app, pygame.K_RIGHT, n=len(REAL) - 1)        # the last card chosen: no network variant
    menu.set_focus(menu.widgets["online"])
    key(app, pygame.K_RETURN)
    assert opened == [app]                           # the first game that has one
