"""The order the suite runs in. xdist's worksteal gives each worker a contiguous share of
the collection and moves work only from the end of a worker's queue. The browser tests
mostly wait (on Chromium, on the phone host): about 400 s of wall time for about 100 CPU-s.
Run one after another on one worker, they were the whole suite's critical path, while
the other workers shared the cores. Spread through the collection, each module stays
whole (one Chromium each), and each worker's share holds a few of them."""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


def spread(items: Sequence[T], module: Callable[[T], str], waits: Callable[[str], bool]) -> list[T]:
    """`items` with the modules `waits` names spaced evenly between the others (each module's
    items kept together and in order; the others keep their order)."""
    groups: dict[str, list[T]] = {}
    rest: list[T] = []
    for it in items:
        m = module(it)
        if waits(m):
            groups.setdefault(m, []).append(it)
        else:
            rest.append(it)
    if not groups or not rest:
        return list(items)
    slow = list(groups.values())
    out: list[T] = []
    step = len(rest) / len(slow)
    start = 0
    for k, g in enumerate(slow):
        end = round(step * k + step / 2)      # each one in the middle of its stretch
        out += rest[start:end]
        out += g
        start = end
    out += rest[start:]
    return out


def browser_module(module: str) -> bool:
    return module.startswith(("tests/browser/", "browser/"))


def run_order(items: Sequence[T]) -> list[T]:
    """The suite's items (pytest's, by `nodeid`) in the order they run."""
    return spread(items, lambda it: it.nodeid.split("::")[0], browser_module)  # type: ignore[attr-defined]
