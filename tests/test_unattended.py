"""What happens off the frame loop reaches the screen with NO input at all: a worker's
answer, a timer, a bot's move, an animation coming to rest. The app runs its real loop
(a step, then idle() asleep until something is due) on fake time (tests/support/scenes.py:
FakeTime, unattended); nothing is ever posted to the event queue, so a result that waits
for the mouse to move never shows and the test fails."""
from __future__ import annotations

from typing import Any

import pygame

from engine.core.session import LocalSession
from engine.wooolf.bot import WooolfBot
from engine.wooolf.rules import WooolfRules
from scenes.stack import Scene
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.i18n import t
from scenes.ui.worker import run_async
from scenes.wooolf.narrate import reveal_lines
from scenes.wooolf.table import WooolfScene
from support.scenes import FakeTime, english_after, make_app, on_screen, unattended, watch  # noqa: F401

NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve"]


class Asker(Scene):
    """A table in miniature: each update first collects a worker's answer and asks the
    worker about the position now, then a "bot" moves when its timer is due (after the
    asking, as a table's bots move after its own per-frame work). Drawn only when due."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.position, self.clock = 0, 0.0
        self.answer: tuple[int, int] | None = None
        self.job: Any = None

    def animating(self) -> bool:
        return False

    def wake_after(self) -> float | None:
        return max(0.0, 1.0 - self.clock) if self.position == 0 else None

    def update(self, dt: float) -> None:
        if self.job is not None and self.job.done:
            self.answer, self.job = self.job.result(), None
            self.request_redraw()
        if self.job is None and (self.answer is None or self.answer[0] != self.position):
            self.job = run_async(lambda p: (p, p * 10), self.position)
        self.clock += dt
        if self.position == 0 and self.clock >= 1.0:
            self.position = 1                        # the bot's move
            self.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.BG)
        said = "thinking" if self.answer is None or self.answer[0] != self.position else f"answer {self.answer[1]}"
        text_in(surface, said, pygame.Rect(100, 100, 600, 80), 40, style.INK)


class Settling(Scene):
    """Animates for half a second, then rests: only its resting frame says "at rest"."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.clock = 0.0

    def animating(self) -> bool:
        return self.clock < 0.5

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.BG)
        text_in(surface, "moving" if self.clock < 0.5 else "at rest", pygame.Rect(100, 100, 600, 80), 40, style.INK)


def pushed(make: Any) -> tuple[Any, Any, list[list[str]]]:
    app = make_app()
    FakeTime().attach(app)
    scene = make(app)
    app.stack.push(scene)
    return app, scene, watch(app)


def test_a_worker_answer_for_a_move_made_by_a_timer_is_drawn_without_input() -> None:
    app, scene, shots = pushed(Asker)
    took = unattended(app, lambda: scene.position == 1 and on_screen(shots, "answer 10"), seconds=30)
    assert took is not None, shots[-1:]
    assert 1.0 <= took < 2.0                         # the bot moved on time, its answer came at once
    assert not pygame.event.peek(pygame.MOUSEMOTION) and not pygame.event.peek(pygame.KEYDOWN)


def test_an_animation_that_comes_to_rest_is_drawn_at_rest_without_input() -> None:
    app, scene, shots = pushed(Settling)
    took = unattended(app, lambda: on_screen(shots, "at rest"), seconds=30)
    assert took is not None and took < 1.0, shots[-1:]


def test_the_loop_then_sleeps_until_something_is_due() -> None:
    app, scene, shots = pushed(Asker)
    unattended(app, lambda: on_screen(shots, "answer 10"), seconds=30)
    drawn, fake = app.redraws, app.now
    assert unattended(app, lambda: False, seconds=60) is None
    assert app.redraws == drawn                      # nothing changed: nothing drawn
    assert app.frames < 10 and fake.naps > 60 / 0.01 * 0.5     # asleep, not spinning


# ---- the real tables ----------------------------------------------------------------------------
def wooolf(level: str = "notes", clock: Any = None) -> LocalSession:
    players = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "normal"} for i, n in enumerate(NAMES)]
    return LocalSession(WooolfRules(), 5, {"assistant": level, "start": 1}, 7, players, log=False, clock=clock)


def bots_until(session: LocalSession, done: Any) -> None:
    while not done():
        seat = min(session.to_act())
        session.submit(WooolfBot("normal", 77 + seat).choose(session.view(seat), seat))


def table(session_for: Any, lang: str = "en", size: tuple[int, int] = (1280, 720)):
    app = make_app(size, lang)
    app.settings.anim_speed = "normal"
    fake = FakeTime().attach(app)
    session = session_for(fake)
    return app, session, fake


def test_wooolf_notebook_shows_its_reckoning_after_the_bots_move_without_input() -> None:
    """Bots move first; the person's notebook (exact odds) must show its answer, not
    "working it out…", and the loop must not wait for the mouse to show it."""
    app, session, fake = table(lambda clock: wooolf("prob", clock))
    scene = WooolfScene(app, session)
    app.stack.push(scene)
    shots = watch(app)
    thinking = t("wooolf.ui.notebook.thinking")

    def shown() -> bool:
        return (0 in session.to_act() and scene.suspicion() is not None and bool(shots)
                and thinking not in shots[-1] and any(s.endswith("%") for s in shots[-1]))
    took = unattended(app, shown, seconds=60)
    assert took is not None, shots[-1:]
    assert len(session.events) > 2                   # bots moved before the person's turn


def test_wooolf_last_reveal_is_explained_without_input() -> None:
    """The game's last round is revealed by the bots' final declarations: the flip ends
    and every sentence explaining it is drawn, with no input."""
    app, session, fake = table(lambda clock: wooolf("notes", clock))
    bots_until(session, lambda: (session.view(None)["round"] == 3 and session.view(None)["phase"] == "final"
                                 and 0 not in session.to_act()))
    assert session.to_act()                          # bots still to declare
    scene = WooolfScene(app, session)
    app.stack.push(scene)
    shots = watch(app)

    def explained() -> bool:
        return scene.reveal is not None and all(on_screen(shots, w) for _, w in reveal_lines(scene.reveal, NAMES))
    assert unattended(app, explained, seconds=60) is not None, shots[-1:]
    assert session.outcome() is not None


def test_while_a_reveal_is_read_the_bots_wait_and_the_loop_sleeps() -> None:
    """A reveal up with bots to act next: nothing is due (the bots wait for it to be read),
    so the loop sleeps instead of waking every frame for them."""
    app, session, fake = table(lambda clock: wooolf("notes", clock))
    bots_until(session, lambda: session.view(None)["phase"] == "final" and 0 not in session.to_act())
    scene = WooolfScene(app, session)
    app.stack.push(scene)
    assert unattended(app, lambda: scene.reveal is not None and scene.still(), seconds=60) is not None
    assert not scene.humans or scene.bots_wait()
    frames, events = app.frames, len(session.events)
    assert unattended(app, lambda: False, seconds=30) is None
    assert app.frames - frames < 10 and len(session.events) == events
