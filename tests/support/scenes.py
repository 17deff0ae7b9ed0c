"""Scene test helpers: English back after each test, a headless app, synthesized input,
the hand-off curtain lifted, the texts a frame draws."""
from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from scenes.app import App
from scenes.ui import i18n, pad
from scenes.ui.draw import TextBlit, record_text


@pytest.fixture(autouse=True)
def english_after():
    """Autouse in a module that imports it: pygame's fonts are up before each test (a test
    that draws without an App must not depend on an earlier test on its worker having made
    one) and the language goes back to English after it."""
    pygame.font.init()
    yield
    i18n.set_lang("en")
    pad.set_in_use(False)


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


def frames_while_bots_play(app: App, scene, most: int) -> Iterator[list[TextBlit]]:
    """The texts of each redrawn frame while the table's bots play, up to `most` frames or
    the game's end. Each bot's answer is in before the next frame (BotTurns.wait), so a
    loaded machine gets as far in the game as an idle one."""
    frames = 0
    while frames < most and not scene.view.get("ended"):
        with record_text() as blits:
            redraw(app)
        frames += 1
        yield blits
        if scene.bots.thinking:
            scene.bots.wait(60)


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


class FakeTime:
    """Seconds that pass only when the loop says so, for an unattended app: the frame
    clock (`tick`, at least one frame of 1/60 s per step, as the frame cap would), idle()'s
    clock (`app.now`) and its sleep (`nap`: the time asked for passes at once). A nap
    really waits only while a worker thread is still working, and ends when it wakes the
    loop, so a worker's answer arrives as it would; nothing waits on the machine's speed.
    A session built with `clock=fake_time` reads the same seconds."""

    FRAME = 1 / 60

    def __init__(self) -> None:
        self.t = 0.0
        self._ticked = 0.0
        self.naps = 0

    def __call__(self) -> float:
        return self.t

    def tick(self, fps: int = 0) -> int:
        """pygame.time.Clock.tick: milliseconds since the last tick."""
        self.t = max(self.t, self._ticked + self.FRAME)
        ms = round((self.t - self._ticked) * 1000)
        self._ticked = self.t
        return ms

    def nap(self, seconds: float) -> bool:
        from scenes.stack import WOKEN
        from scenes.ui.worker import jobs_running
        self.naps += 1
        self.t += max(seconds, 1e-6)         # a float that moves on (a nap of 1e-16 s would not)
        if jobs_running():
            return WOKEN.wait(5.0)
        return WOKEN.is_set()

    def attach(self, app: App) -> "FakeTime":
        app.clock, app.now, app.nap = self, self, self.nap   # type: ignore[assignment]
        return self


def unattended(app: App, until, seconds: float = 120.0) -> float | None:
    """Run the app's real loop (a step, then idle() sleeping until something is due) with
    NO input at all, on fake time, until `until()` holds after a step or `seconds` of fake
    time have passed. Returns the fake time it took (None: it never happened). The app
    must be on a FakeTime (`FakeTime().attach(app)`)."""
    fake = app.now
    assert isinstance(fake, FakeTime), "attach a FakeTime first"
    end = fake.t + seconds
    start = fake.t
    while fake.t < end:
        app.step()
        if until():
            return fake.t - start
        app.idle(limit=end - fake.t)
    return None


def watch(app: App) -> list[list[str]]:
    """From now on, the texts of every frame the app draws (one list per frame drawn)."""
    from scenes.ui.draw import record_text
    shots: list[list[str]] = []
    draw = app.stack.draw

    def drawn(surface: pygame.Surface) -> None:
        with record_text() as blits:
            draw(surface)
        shots.append([b.text for b in blits])
    app.stack.draw = drawn      # type: ignore[method-assign]
    return shots


def on_screen(shots: list[list[str]], text: str) -> bool:
    """Is `text` in the last frame drawn (a wrapped sentence read across its lines)?"""
    return bool(shots) and text in " ".join(shots[-1])
