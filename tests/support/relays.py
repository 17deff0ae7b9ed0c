"""Relay test helpers: async tests in a bounded fresh loop, and a relay on 127.0.0.1 for a test."""
from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from net.protocol import MAX_FRAME, FrameDecoder, decode_server, encode
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


HELLO = {"k": "hello", "proto": 1, "game": "sumoku", "rules_version": 1, "name": "p"}


class Raw:
    """A bare protocol client from a chosen loopback address (no library behaviour)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.r, self.w = reader, writer
        self.dec = FrameDecoder(MAX_FRAME)
        self.got: list[dict] = []
        self.eof = False

    @classmethod
    async def open(cls, relay: Any, addr: str = "127.0.0.1", hello: bool = True,
                   rcvbuf: int | None = None) -> "Raw":
        if rcvbuf is None:
            r, w = await asyncio.open_connection("127.0.0.1", relay.port, local_addr=(addr, 0))
        else:                     # a small receive buffer before connecting: a slow reader
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            s.bind((addr, 0))
            s.setblocking(False)
            await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", relay.port))
            r, w = await asyncio.open_connection(sock=s)
        raw = cls(r, w)
        if hello:
            raw.send(HELLO)
            await raw.next("welcome")
        return raw

    def send(self, msg: dict) -> None:
        self.w.write(encode(msg))

    async def _more(self, timeout: float) -> None:
        data = await asyncio.wait_for(self.r.read(1 << 16), timeout)
        if not data:
            self.eof = True
            raise EOFError("the relay closed the connection")
        self.got.extend(decode_server(b) for b in self.dec.feed(data))

    async def next(self, kind: str, pred: Callable[[dict], bool] = lambda m: True,
                   timeout: float = 10.0) -> dict:
        """The next message of `kind` (messages before it are dropped; an error fails)."""
        while True:
            while self.got:
                msg = self.got.pop(0)
                if msg["k"] == kind and pred(msg):
                    return msg
                assert msg["k"] != "error" or kind == "error", msg
            await self._more(timeout)

    async def closed_with(self, timeout: float = 10.0) -> list[dict]:
        """Every message until the relay closes the connection."""
        out: list[dict] = []
        try:
            while True:
                out += self.got
                self.got = []
                await self._more(timeout)
        except (EOFError, ConnectionResetError):
            out += self.got
            self.got = []
        return out

    async def cmd(self, cid: int, cmd: dict, kind: str = "stamped") -> dict:
        """Send a command; its stamped copy (or refusal) to this client."""
        self.send({"k": "cmd", "cid": cid, "cmd": cmd})
        seat = getattr(self, "room", {}).get("seat")
        return await self.next(kind, lambda m: m.get("cid") == cid and m.get("by", seat) == seat)

    def close(self) -> None:
        self.w.close()


async def room(relay: Any, n: int, addrs: list[str] | None = None, start: bool = True,
               allow_bots: bool = False, seats: int | None = None) -> list[Raw]:
    addrs = addrs or ["127.0.0.1"] * n
    host = await Raw.open(relay, addrs[0])
    host.send({"k": "create", "variant": "speed", "seats": seats or n, "options": {},
               "allow_bots": allow_bots})
    host.room = await host.next("room")  # type: ignore[attr-defined]
    out = [host]
    for i in range(1, n):
        c = await Raw.open(relay, addrs[i])
        c.send({"k": "join", "code": host.room["code"]})  # type: ignore[attr-defined]
        c.room = await c.next("room")  # type: ignore[attr-defined]
        c.send({"k": "ready", "ready": True})
        out.append(c)
    if start:
        if n > 1:
            await host.next("lobby", lambda m: all(x["ready"] for x in m["members"][1:n]))
        host.send({"k": "start"})
        for c in out:
            await c.next("started")
    return out


def close_all(raws: list[Raw]) -> None:
    for r in raws:
        r.close()
