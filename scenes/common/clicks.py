"""Click routing for the tables: a left click goes to the first target under it.

A target is `(find, act)`: `find(pos)` names what is under the pointer (None: nothing
of this target), and `act(found)` is what a click on it does. `among(hits)` is the
finder over a list of `(item, rect)` hit targets built in a table's `controls()`."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence, TypeVar

import pygame

T = TypeVar("T")
Pos = tuple[int, int]
Target = tuple[Callable[[Pos], Any], Callable[[Any], Any]]


def left_click(ev: pygame.event.Event) -> Pos | None:
    """Where the left button went down (None for any other event)."""
    return ev.pos if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 else None


def among(hits: Sequence[tuple[T, pygame.Rect]]) -> Callable[[Pos], T | None]:
    """A finder over hit targets: the first item whose rect holds the position."""
    return lambda pos: next((item for item, r in hits if r.collidepoint(pos)), None)


def route(pos: Pos, targets: Iterable[Target]) -> bool:
    """Act on the first target with something under `pos`; True when one took the click."""
    for find, act in targets:
        found = find(pos)
        if found is not None:
            act(found)
            return True
    return False
