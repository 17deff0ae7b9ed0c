"""Redraw on demand (scenes/stack.py, App.step / App.idle): a screen that is not animating
is drawn once and then not again until something happens. Counted in frames drawn
(`app.redraws`) over simulated frames: nothing here depends on how fast the machine is."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame

from scenes.app import IDLE_SLICE_S
from scenes.stack import WAKE, Scene, wake
from scenes.ui.ondemand import BLINK_S
from test_scenes_framework import fake, frames, key, make_app, wait_scan  # noqa: F401


class Still(Scene):
    """Opted in: drawn only when due. Counts its updates and draws."""

    def __init__(self, app: Any, timer: float | None = None) -> None:
        super().__init__(app)
        self.timer = timer
        self.draws = 0
        self.events: list[int] = []
        self.dts: list[float] = []

    def animating(self) -> bool:
        return False

    def wake_after(self) -> float | None:
        return self.timer

    def handle(self, ev: pygame.event.Event) -> bool:
        self.events.append(ev.type)
        return True

    def update(self, dt: float) -> None:
        self.dts.append(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


class Always(Still):
    """Not opted in: the default `animating()`."""
    animating = Scene.animating


def on_top(make: Any) -> tuple[Any, Any]:
    """An app at the menu with `make(app)` pushed on top and two frames run. The menu's
    Continue scan has answered first: its wake-up, coming late, would end an idle early."""
    app = make_app()
    wait_scan(app)
    scene = make(app)
    app.stack.push(scene)
    frames(app, 2)
    return app, scene


def refuse_to_nap(seconds: float) -> bool:
    raise AssertionError("idle() slept although something was due")


def idle_menu(app: Any) -> None:
    wait_scan(app)                       # the Continue scan has answered (and woken the loop)
    frames(app, 3)


def test_the_menu_is_drawn_once_then_not_while_nothing_happens(fake: Path) -> None:
    app = make_app()
    frames(app, 1)
    assert app.redraws == 1              # the first frame is drawn
    idle_menu(app)
    before = app.redraws
    frames(app, 120)                     # two seconds' worth of frames with nothing happening
    assert app.redraws == before
    assert app.frames >= 120 and not app.stack.frame_due()


def test_an_input_event_draws_one_frame(fake: Path) -> None:
    app = make_app()
    idle_menu(app)
    menu = app.stack.top
    before, focus = app.redraws, menu.focused
    key(app, pygame.K_RIGHT)             # moves the focus ring: must be seen at once
    assert menu.focused is not focus
    assert app.redraws == before + 1
    frames(app, 30)
    assert app.redraws == before + 1


def test_the_one_frame_drawn_after_an_event_is_final(fake: Path) -> None:
    """pygame_gui settles within the frame that follows the event: drawing more frames
    afterwards changes no pixel, so drawing only one is enough."""
    app = make_app()
    idle_menu(app)
    target = app.stack.top.widgets["settings"]
    pygame.mouse.set_pos(target.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    assert app.stack.top.focused is target
    once = app.surface.copy()
    for _ in range(5):
        app.stack.request_redraw()
        frames(app, 1)
    assert pygame.image.tobytes(once, "RGB") == pygame.image.tobytes(app.surface, "RGB")


def test_a_scene_can_ask_for_a_frame(fake: Path) -> None:
    app, scene = on_top(Still)
    frames(app, 1)
    assert scene.draws == 1
    scene.request_redraw()
    frames(app, 3)
    assert scene.draws == 2


def test_a_scene_that_does_not_opt_in_is_drawn_every_frame(fake: Path) -> None:
    app, scene = on_top(Always)
    frames(app, 8)
    assert scene.draws == 10
    app.nap = refuse_to_nap
    app.idle()                           # never sleeps under an animating scene
    assert app.stack.frame_due()


def test_an_overlay_over_an_animating_scene_keeps_it_drawn(fake: Path) -> None:
    app = make_app()
    below, above = Always(app), Still(app)
    above.opaque = False
    app.stack.push(below)
    app.stack.push(above)
    frames(app, 5)
    assert below.draws == 5 and above.draws == 5


def test_idle_returns_with_the_event_that_woke_it(fake: Path) -> None:
    app, scene = on_top(Still)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    app.nap = refuse_to_nap              # an event is waiting: idle must not sleep at all
    app.idle(limit=30)
    draws = scene.draws
    frames(app, 1)
    assert pygame.KEYDOWN in scene.events and scene.draws == draws + 1


def test_a_worker_thread_wakes_the_loop(fake: Path) -> None:
    app, scene = on_top(Still)
    naps: list[float] = []
    real_nap = app.nap

    def nap(seconds: float) -> bool:
        naps.append(seconds)
        if len(naps) == 1:               # the worker finishes while the loop sleeps
            threading.Thread(target=wake).start()
        return real_nap(seconds)
    app.nap = nap
    app.idle(limit=30)
    assert naps and pygame.event.peek(WAKE)
    draws = scene.draws
    frames(app, 1)
    assert scene.draws == draws + 1 and WAKE in scene.events


def test_waiting_for_a_job_waits_for_its_wake_up_too(monkeypatch: Any) -> None:
    """A job sets `done` before it wakes the loop; a test that waited only for `done` found
    the wake-up arriving later and ending an idle it meant to measure."""
    import scenes.ui.worker as worker
    woken = threading.Event()

    def slow_wake() -> None:
        threading.Event().wait(0.05)     # the thread is slow to reach its wake-up
        woken.set()
    monkeypatch.setattr(worker, "wake", slow_wake)
    job = worker.run_async(lambda: 7)
    assert job.wait(5) and woken.is_set() and job.result() == 7


def test_a_scene_timer_wakes_it_for_an_update_and_a_frame(fake: Path) -> None:
    app, scene = on_top(lambda app: Still(app, timer=0.005))
    draws, updates = scene.draws, len(scene.dts)
    naps: list[float] = []
    app.nap = lambda s: naps.append(s) or False
    app.idle()                           # no limit: only the scene's timer can end the sleep
    assert app.stack.frame_due() and not pygame.event.peek()
    assert naps and max(naps) <= 0.005
    frames(app, 1)
    assert scene.draws == draws + 1 and len(scene.dts) == updates + 1


def test_no_timer_means_idle_sleeps_until_an_event(fake: Path) -> None:
    app, scene = on_top(Still)
    assert app.stack.next_wake() is None and not app.stack.frame_due()
    naps: list[float] = []
    app.nap = lambda s: naps.append(s) or False
    app.idle(limit=0.02)                 # nothing comes: it naps in slices, then no frame is due
    assert naps and max(naps) <= IDLE_SLICE_S and not app.stack.frame_due()


def test_a_focused_text_entry_wakes_for_its_cursor_blink(fake: Path) -> None:
    from scenes.common.settings import SettingsScene
    app = make_app()
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 1)
    assert settings.wake_after() is None and not settings.animating()
    settings.set_focus(settings.widgets["name_0"])
    settings.widgets["name_0"].focus()
    assert settings.wake_after() == BLINK_S
    assert app.stack.next_wake() == BLINK_S


def test_a_counted_run_never_sleeps(fake: Path) -> None:
    """`--frames N` (screenshots, tests) steps N frames without waiting for events."""
    app = make_app()
    assert app.run(frames=20) == 0
    assert app.frames == 20 and app.redraws < 20


def test_set_up_is_still_and_a_replay_is_drawn_only_while_playing(fake: Path) -> None:
    from scenes.common.setup import SetupScene
    from test_scenes_framework import GAME, finished_log
    app = make_app()
    setup = SetupScene(app, GAME)
    app.stack.push(setup)
    frames(app, 2)
    before = app.redraws
    frames(app, 30)
    assert app.redraws == before
    app.stack.pop()
    log, _ = finished_log(app, turns=4)
    assert app.open_replay(log)
    replay = app.stack.top
    frames(app, 2)
    before = app.redraws
    frames(app, 30)
    assert app.redraws == before and not replay.playing          # paused: still
    replay.toggle()
    frames(app, 5)
    assert replay.playing and app.redraws == before + 5          # playing: every frame
    app.close_session()
