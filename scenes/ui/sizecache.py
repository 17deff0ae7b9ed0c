"""Caches keyed by pixel sizes (font faces, rendered text, tile faces, wrapped lines).

Every size on screen follows the window, so after a resize or a full-screen toggle what
was cached for the old sizes is never asked for again until the window goes back: the
app drops it all then (`drop`), instead of keeping it beside the new until an LRU pushes
it out. What the new layout needs is made again as it is drawn."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

_CLEARS: list[Callable[[], None]] = []


def register(clear: Callable[[], None]) -> Callable[[], None]:
    """`clear` empties one cache keyed by sizes; it runs at each `drop`."""
    _CLEARS.append(clear)
    return clear


def sized_cache(maxsize: int) -> Callable[[Callable[..., Any]], Any]:
    """functools.lru_cache(maxsize), dropped with the other size-keyed caches."""
    def wrap(fn: Callable[..., Any]) -> Any:
        cached = lru_cache(maxsize=maxsize)(fn)
        register(cached.cache_clear)
        return cached
    return wrap


def drop() -> None:
    """Empty every registered cache (the window's size changed)."""
    for clear in _CLEARS:
        clear()
