"""The scene stack: owns the window surface and the clock, routes input top-down and
draws from the topmost opaque scene upward, so overlays sit over the game.

Redraw on demand: the stack draws a frame only when one is due. One is due after any
event (input, window, a worker's wake-up), after a push/pop/resize, when a scene asked
with `request_redraw()`, and every frame while a visible scene says it is `animating()`.
A scene that changes without input (a clock showing seconds, a bot move due) says when it
next wants a frame with `wake_after()`; the app's loop then sleeps on
the first of those or the next event (App.idle). A worker thread
wakes the loop with `wake()`. When a scene stops animating, one more frame shows where
it came to rest. An update that changed something itself (a bot's move
submitted, a worker's answer taken: the scene asked for a redraw during `update`) is
`settling`: the loop runs one more update before it sleeps, so work that the change
starts (a suggestion, the notebook's reckoning for the new position) starts at once
rather than at the next input. Scenes that do not opt in keep `animating()` True: they are
drawn every frame, as before."""
from __future__ import annotations

import threading
from typing import Any, Callable

import pygame

# A user event worker threads post to wake a sleeping loop (it carries no data: the scene
# that started the work polls its result in `update`, as it always did), and the flag the
# sleeping loop naps on, so the wake-up is seen at once rather than at the next look.
WAKE = pygame.event.custom_type()
WOKEN = threading.Event()


def wake() -> None:
    """Wake the main loop from any thread (a job finished, a message arrived). Harmless
    when no window is open (engine tests, headless tools)."""
    if pygame.get_init() and pygame.display.get_init():
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass
    WOKEN.set()


class Scene:
    """A screen. Scenes render from a session's view and turn input into commands;
    they never change game state themselves. `opaque=False` for overlays."""

    opaque = True

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def stack(self) -> "SceneStack":
        return self.app.stack

    def enter(self) -> None:
        """Called when the scene becomes active (pushed, or uncovered)."""

    def leave(self) -> None:
        """Called when the scene is popped or covered."""

    def removed(self) -> None:
        """Called once the scene is off the stack for good (popped, replaced, removed or
        cleared; after `leave`): what it kept for when it is shown again may go."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (also on language change: relayout)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed (not passed further down)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, on top of what is below)."""

    # ---- redraw on demand ------------------------------------------------------
    def animating(self) -> bool:
        """True while the scene changes on its own (a tween, a countdown, a pulse): it is
        then drawn every frame. The default is True, so a scene that does not opt in is
        drawn every frame. A scene that only changes on input returns False, and calls
        `request_redraw()` when something else changed it (a job's answer arrived)."""
        return True

    def wake_after(self) -> float | None:
        """Seconds until this scene next needs an update and a frame without any input
        (the next second of a clock, a bot move due, a cursor blink); None: not before the
        next event. Asked every frame, so it may change freely."""
        return None

    def request_redraw(self) -> None:
        """Draw the next frame (this scene changed without input)."""
        self.app.stack.request_redraw()


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._dirty = True
        self._pressed_on: Scene | None = None     # the top scene when the mouse was last pressed
        self._updating = False
        self._stirred = False                     # a redraw was asked for during update
        self.settling = False                     # the last update changed something itself
        self._animated = False                    # a visible scene was animating at the last look
        self.dropped = False     # scenes were removed since the loop last collected (scenes/ui/heap.py)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()     # a covered screen drops its widgets (rebuilt when shown again)
            self.dropped = True
        self.scenes.append(scene)
        scene.enter()
        self._dirty = True

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._gone(scene)
        if self.scenes:
            self.scenes[-1].enter()
        self._dirty = True
        return scene

    def remove(self, scene: Scene) -> None:
        """Drop `scene` from wherever it is in the stack (the top one: as `pop`)."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)       # not on top: it has left already
            self._gone(scene, left=True)
            self._dirty = True

    def _gone(self, scene: Scene, left: bool = False) -> None:
        """`scene` is off the stack for good: it leaves (unless it `left` when covered),
        hears that it is removed, and its memory goes back when the loop is next idle."""
        if not left:
            scene.leave()
        scene.removed()
        self.dropped = True

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self._gone(self.scenes.pop())
        self.scenes.append(scene)
        scene.enter()
        self._dirty = True

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start over with `scene` (e.g. back to the menu)."""
        while self.scenes:
            self._gone(self.scenes.pop())
        self.scenes.append(scene)
        scene.enter()
        self._dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        self._dirty = True      # whatever happened may show: one frame after every event
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            # The second click of a double click whose first click changed the screen
            # belongs to the screen that is gone: a double click on Back (or on a game's
            # card) must not also press what lies under the pointer on the next screen.
            if getattr(event, "clicks", 1) > 1 and self.top is not self._pressed_on:
                return
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._pressed_on = self.top
        for scene in reversed(list(self.scenes)):
            if scene.handle(event) or scene.opaque:
                return

    def update(self, dt: float) -> None:
        self._updating, self._stirred = True, False
        try:
            if self.scenes:
                self.scenes[-1].update(dt)
        finally:
            self._updating = False
        self.settling = self._stirred

    def resize(self, size: tuple[int, int]) -> None:
        self._dirty = True
        self.dropped = True     # each screen's layout for the old size goes as it is rebuilt
        for scene in self.scenes:
            scene.resize(size)

    def visible(self) -> list[Scene]:
        """The scenes drawn: the topmost opaque one and the overlays above it."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return list(self.scenes)

    # ---- redraw on demand ------------------------------------------------------
    def request_redraw(self) -> None:
        self._dirty = True
        if self._updating:
            self._stirred = True

    def frame_due(self) -> bool:
        """Is a frame due now: something changed, or a visible scene is animating, or one
        just stopped (the animation's last state, a flip come to rest, is drawn too)?"""
        moving = any(s.animating() for s in self.visible())
        if self._animated and not moving:
            self._dirty = True
        self._animated = moving
        return self._dirty or moving

    def next_wake(self) -> float | None:
        """Seconds until the soonest timer a visible scene asked for (None: none)."""
        waits = [w for w in (s.wake_after() for s in self.visible()) if w is not None]
        return max(0.0, min(waits)) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        self._dirty = False
        for scene in self.visible():
            scene.draw(surface)
