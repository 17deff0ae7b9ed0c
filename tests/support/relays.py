"""Relay test helpers: async tests in a bounded fresh loop, and a relay on 127.0.0.1 for a test."""
from __future__ import annotations

import asyncio
import contextlib
import functools
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from net.relay import Relay


class FakeClock:
    """Simulated time for a relay (`Relay(clock=FakeClock())`): it moves only when a test
    calls `advance`, so rate limits and timeouts never depend on how fast the box is."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def bounded(timeout: float) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A decorator that runs an async test in a fresh loop, bounded by `timeout` seconds."""
    def arun(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kw: Any) -> Any:
            return asyncio.run(asyncio.wait_for(fn(*args, **kw), timeout))
        return wrapper
    return arun


@contextlib.asynccontextmanager
async def relay_on(data: Path | None, port: int = 0, **limits: Any) -> AsyncIterator[Relay]:
    """A relay on 127.0.0.1 (port 0: any free one) for the length of the block; the
    clients a test lists in `relay.test_clients` are closed after it stops."""
    relay = Relay(data, **limits)
    relay.test_clients = []  # type: ignore[attr-defined]
    await relay.start("127.0.0.1", port)
    try:
        yield relay
    finally:
        await relay.stop()
        for c in relay.test_clients:  # type: ignore[attr-defined]
            await c.close()
