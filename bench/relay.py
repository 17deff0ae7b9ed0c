"""Relay latency and throughput over loopback, beside a bare asyncio echo server.

8 clients in one room each send 50 commands a second for 10 seconds; the latency of a
command is the time from its send to its stamped broadcast coming back to the sender.
The same clients then send as fast as they can (each keeping a window of commands in
flight) for a few seconds: the throughput ceiling in stamped commands per second.
The baseline: the same client code against a bare echo server (each frame written
straight back), measured in the same run. The relay and the echo server each run in
their own process, as they would in use.

Prints {"clients", "p50_ms", "p99_ms", "echo_p50_ms", "echo_p99_ms", "throughput_per_s"}
(plus "ratio_p50" = relay p50 / echo p50). Goal: p99 <= 5 ms and ratio_p50 <= 2.
`--seconds S` shortens the latency phase; `--echo-server` runs the baseline server.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from net.protocol import FrameDecoder, decode_body, encode  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('clients', 'p50_ms', 'p99_ms', 'echo_p50_ms', 'echo_p99_ms', 'throughput_per_s')   # the keys of each JSON object printed

CLIENTS = 8
RATE = 50
WINDOW = 16


# ---- the baseline server (its own process) ----------------------------------------

class Echo(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.t = transport

    def data_received(self, data: bytes) -> None:
        self.t.write(data)   # type: ignore[attr-defined]


async def echo_server() -> None:
    server = await asyncio.get_running_loop().create_server(Echo, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()


# ---- the bench client ---------------------------------------------------------------

class BenchClient(asyncio.Protocol):
    """A lean client: frames in, decoded maps out, latency of its own commands."""

    def __init__(self, echo: bool) -> None:
        self.echo = echo
        self.dec = FrameDecoder()
        self.t: Any = None
        self.seat: int | None = None
        self.sent: dict[int, float] = {}
        self.lat: list[float] = []
        self.seen = 0
        self.cid = 0
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.on_own: Any = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.t = transport

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        for body in self.dec.feed(data):
            msg = decode_body(body)
            k = msg["k"]
            if k == "stamped" or (self.echo and k == "cmd"):
                self.seen += 1
                if self.echo or msg["by"] == self.seat:
                    t0 = self.sent.pop(msg["cid"], None)
                    if t0 is not None:
                        self.lat.append(now - t0)
                    if self.on_own is not None:
                        self.on_own()
                continue
            self.inbox.put_nowait(msg)

    async def expect(self, kind: str, pred: Any = lambda m: True) -> dict:
        while True:
            msg = await asyncio.wait_for(self.inbox.get(), 10)
            if msg["k"] == kind and pred(msg):
                return msg

    def send(self, msg: dict) -> None:
        self.t.write(encode(msg))

    def command(self, n: int) -> None:
        self.cid += 1
        self.sent[self.cid] = time.perf_counter()
        self.t.write(encode({"k": "cmd", "cid": self.cid, "cmd": {"type": "mark", "n": n}}))


async def connect(port: int, echo: bool) -> BenchClient:
    _, c = await asyncio.get_running_loop().create_connection(lambda: BenchClient(echo), "127.0.0.1", port)
    return c


async def relay_room(port: int) -> list[BenchClient]:
    clients = [await connect(port, False) for _ in range(CLIENTS)]
    for i, c in enumerate(clients):
        c.send({"k": "hello", "proto": 1, "game": "sumoku", "rules_version": 1, "name": f"bench{i}"})
        await c.expect("welcome")
    clients[0].send({"k": "create", "variant": "speed", "seats": CLIENTS, "options": {}, "allow_bots": False})
    room = await clients[0].expect("room")
    clients[0].seat = 0
    for c in clients[1:]:
        c.send({"k": "join", "code": room["code"]})
        c.seat = (await c.expect("room"))["seat"]
        c.send({"k": "ready", "ready": True})
    await clients[0].expect("lobby", lambda m: all(x["ready"] for x in m["members"][1:]))
    clients[0].send({"k": "start"})
    for c in clients:
        await c.expect("started")
    return clients


async def latency_phase(clients: list[BenchClient], seconds: float) -> list[float]:
    loop = asyncio.get_running_loop()
    period = 1.0 / RATE
    n_each = int(seconds * RATE)
    done = loop.create_future()
    remaining = [len(clients)]

    def tick(c: BenchClient, k: int) -> None:
        if k >= n_each:
            remaining[0] -= 1
            if remaining[0] == 0 and not done.done():
                done.set_result(None)
            return
        c.command(k)
        loop.call_later(period, tick, c, k + 1)

    for i, c in enumerate(clients):   # staggered so the sends spread over each period
        loop.call_later(period * i / len(clients), tick, c, 0)
    await done
    for _ in range(200):              # let the last replies land (bounded)
        if not any(c.sent for c in clients):
            break
        await asyncio.sleep(0.01)
    return [x for c in clients for x in c.lat]


async def throughput_phase(clients: list[BenchClient], seconds: float) -> float:
    for c in clients:
        c.on_own = (lambda c=c: c.command(0))
        for _ in range(WINDOW):
            c.command(0)
    watcher = clients[-1]
    await asyncio.sleep(0.5)          # warm up
    n0, t0 = watcher.seen, time.perf_counter()
    await asyncio.sleep(seconds)
    n1, t1 = watcher.seen, time.perf_counter()
    for c in clients:
        c.on_own = None
    return (n1 - n0) / (t1 - t0)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000.0


def spawn(args: list[str], pattern: str, stream: str) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kw: dict[str, Any] = {"stdout": subprocess.PIPE} if stream == "stdout" else {"stderr": subprocess.PIPE}
    proc = subprocess.Popen([sys.executable, *args], text=True, env=env, cwd=ROOT, **kw)
    pipe = proc.stdout if stream == "stdout" else proc.stderr
    assert pipe is not None
    for _ in range(50):
        line = pipe.readline()
        m = re.search(pattern, line)
        if m:
            return proc, int(m.group(1))
    proc.kill()
    raise RuntimeError(f"{args} did not start")


async def run(seconds: float, flood_seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        echo_proc, echo_port = spawn([__file__, "--echo-server"], r"^(\d+)", "stdout")
        relay_proc, relay_port = spawn(["-m", "net.relay", "--port", "0", "--data", data,
                                        "--rate", "1000000", "--burst", "1000000",
                                        "--byte-rate", str(1 << 30), "--byte-burst", str(1 << 30),
                                        "--max-log-bytes", str(1 << 30)],   # speed, not limits
                                       r"listening on [\d.]+:(\d+)", "stderr")
        try:
            echo_clients = [await connect(echo_port, True) for _ in range(CLIENTS)]
            echo_lat = await latency_phase(echo_clients, seconds)
            for c in echo_clients:
                c.t.close()
            clients = await relay_room(relay_port)
            lat = await latency_phase(clients, seconds)
            thr = await throughput_phase(clients, flood_seconds)
            for c in clients:
                c.t.close()
        finally:
            for p in (echo_proc, relay_proc):
                p.terminate()
                p.wait(5)
    out = {"clients": CLIENTS, "p50_ms": round(pct(lat, 0.5), 3), "p99_ms": round(pct(lat, 0.99), 3),
           "echo_p50_ms": round(pct(echo_lat, 0.5), 3), "echo_p99_ms": round(pct(echo_lat, 0.99), 3),
           "throughput_per_s": round(thr)}
    out["ratio_p50"] = round(statistics.median(lat) / statistics.median(echo_lat), 2)
    out["samples"] = len(lat)
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--echo-server", action="store_true")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--flood-seconds", type=float, default=3.0)
    args = parse(p, seconds=0.1, flood_seconds=0.1)   # tiny: 5 commands a client a phase
    if args.echo_server:
        asyncio.run(echo_server())
        return
    print(json.dumps(asyncio.run(run(args.seconds, args.flood_seconds))))


if __name__ == "__main__":
    main()
