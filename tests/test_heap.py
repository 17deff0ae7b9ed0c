"""A screen left behind gives its memory back (scenes/ui/heap.py): the loop collects the
dropped scenes' reference cycles when it is next idle, with no input and no full
collection of Python's own to wait for."""
from __future__ import annotations

import gc
import weakref
from typing import Any

from scenes.stack import Scene
from scenes.ui import heap
from test_scenes_framework import make_app  # noqa: F401


class Cyclic(Scene):
    """A scene in a reference cycle, as a scene whose callbacks hold it is."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.callback = lambda: self

    def animating(self) -> bool:
        return False


def test_a_dropped_scene_is_collected_when_the_loop_is_next_idle():
    app = make_app()
    gc.disable()                     # only the loop's own collection may free it
    try:
        app.stack.clear_to(Cyclic(app))
        app.stack.push(Cyclic(app))
        gone = weakref.ref(app.stack.top)
        app.stack.pop()
        assert app.stack.dropped
        assert gone() is not None    # a cycle: reference counting alone keeps it
        app.step()                   # the frame after the pop is drawn
        app.idle(limit=0)            # then idle: collected
        assert gone() is None
        assert not app.stack.dropped
    finally:
        gc.enable()


def test_nothing_is_collected_while_a_frame_is_due():
    app = make_app()
    app.stack.clear_to(Cyclic(app))
    app.stack.request_redraw()
    app.idle(limit=0)
    assert app.stack.dropped         # the frame comes first; the collection waits


def test_collect_finds_unreachable_cycles():
    class Node:
        pass
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.disable()
    try:
        del a, b
        assert gone() is not None
        assert heap.collect() >= 2
        assert gone() is None
    finally:
        gc.enable()
