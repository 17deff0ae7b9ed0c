"""The pause menu offers the game's how-to (scenes/common/pause.py): from a table and from
the hot-seat curtain, its button opens the rules of the game being played, Back returns
to the menu; every label fits in both languages at both sizes."""
from __future__ import annotations

import pygame
import pytest

from scenes.common.howto import HowToScene
from scenes.common.pause import PauseOverlay
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import assert_fits, cut_short
from support.scenes import click, english_after, key, make_app, redraw  # noqa: F401
from test_curtain import hot_seat

SIZES = ((1280, 720), (960, 540))


def drawn(app):
    with record_text() as blits:
        app.relayout()
        redraw(app)
    return blits


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_the_pause_menu_opens_the_games_how_to_and_back(lang, size) -> None:
    app = make_app(size, lang)
    session, scene = hot_seat(app)
    curtain = app.stack.top
    key(app, pygame.K_ESCAPE)                                    # the pause menu, over the curtain
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay) and pause.game() == "wooolf"
    blits = drawn(app)
    words = [b.text for b in blits]
    assert i18n.t("ui.menu.howto") in words
    assert_fits(blits, size)
    assert not cut_short(blits)
    click(app, pause.widgets["howto"].rect.center)
    app.step()
    howto = app.stack.top
    assert isinstance(howto, HowToScene) and howto.game == "wooolf"
    assert i18n.t("ui.howto.title", game=i18n.t("ui.game.wooolf")) in [b.text for b in drawn(app)]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is curtain
    curtain.armed_in = 0
    key(app, pygame.K_SPACE)
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)                                    # and from the table itself
    assert isinstance(app.stack.top, PauseOverlay) and "howto" in app.stack.top.widgets
    session.close()
