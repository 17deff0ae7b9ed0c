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


class Counted(Scene):
    """Counts its leavings and its removal."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.left = self.gone = 0

    def leave(self) -> None:
        self.left += 1

    def removed(self) -> None:
        assert self.left, "removed before it left"
        self.gone += 1


def test_a_scene_hears_once_that_it_is_off_the_stack_for_good_and_never_when_covered():
    app = make_app()
    stack = app.stack
    a, b, c, d = (Counted(app) for _ in range(4))
    stack.clear_to(a)
    stack.push(b)                                  # a is covered: it left, it is not gone
    assert (a.left, a.gone) == (1, 0)
    stack.pop()                                    # b popped
    assert (b.left, b.gone) == (1, 1) and a.gone == 0
    stack.push(c)
    stack.remove(a)                                # removed from under c
    assert (a.left, a.gone) == (2, 1)
    stack.replace(d)                               # c replaced
    assert (c.left, c.gone) == (1, 1)
    stack.clear_to(Counted(app))                   # d cleared
    assert (d.left, d.gone) == (1, 1)
    assert (a.gone, b.gone, c.gone) == (1, 1, 1)   # once each
