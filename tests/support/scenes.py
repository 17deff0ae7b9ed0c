"""Scene test helpers: English back after each test, a headless app, synthesized input,
the hand-off curtain lifted, the texts a frame draws."""
from __future__ import annotations

import pygame
import pytest

from scenes.app import App
from scenes.ui import i18n


@pytest.fixture(autouse=True)
def english_after():
    """Autouse in a module that imports it: the language goes back to English after each test."""
    yield
    i18n.set_lang("en")


def make_app(size=(1280, 720), lang="en") -> App:
    """A headless app with no frame cap, animations off (bots play without the visible pause)."""
    app = App(size, lang=lang, fps=None)
    app.settings.anim_speed = "off"
    return app


def click(app: App, pos, button=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def key(app: App, k, mod=0) -> None:
    """A key pressed and released, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=""))
    app.step()


def redraw(app: App) -> None:
    """One frame that is drawn whatever changed (scenes redraw on demand; a test that set
    state directly asks for the frame it looks at)."""
    app.stack.request_redraw()
    app.step()


def lift(app: App, seat: int) -> None:
    """The hand-off curtain is up for `seat`: that person presses Space (its arming delay
    skipped)."""
    from scenes.common.handoff import HandoffCurtain
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == seat
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)


def texts(app: App) -> list[str]:
    """Every text one redrawn frame draws."""
    from scenes.ui.draw import record_text
    with record_text() as blits:
        redraw(app)
    return [b.text for b in blits]
