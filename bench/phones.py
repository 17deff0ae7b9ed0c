"""Phones on loopback: 8 phones at a Wooolf!! table whose host runs a pygame loop at 60
frames a second (dummy video driver: a 1280x720 fill and a flip each frame, the phones'
queue drained once a frame, as the table scene does).

The phones are a child process (their own interpreter, so they neither share the host's
GIL nor count in its memory): each joins a seat; the seat to act sends a random legal
command and the time runs until every one of the 8 phones has received that command's
frame. In the same run, a bare WebSocket echo server (on its own loop in the host process,
while the pygame loop runs) gives the floor those figures stand on.

    python bench/phones.py [--commands 400] [--echoes 400] [--game paperback]

`--game paperback`: 5 phones (its most seats) at a Paperback table, the largest view.

Prints {"phones", "p50_ms", "p99_ms", "echo_p50_ms", "mem_per_phone_kb", "view_bytes",
"commands"}: command-to-every-phone-updated latency, the echo's round trip, the host's
resident memory grown per connected phone (8 joined, their views sent), and the mean size
of a view frame. Goal: p50 within one frame (16.7 ms) plus 5 ms, p99 within 50 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.smoke import parse  # noqa: E402

KEYS = ("game", "phones", "p50_ms", "p99_ms", "echo_p50_ms", "mem_per_phone_kb", "view_bytes", "commands")
SEATS = {"wooolf": 8, "paperback": 5}      # phones at the table: each game's most seats
FPS = 60
GAME = "wooolf"
PHONES = SEATS[GAME]


def use_game(game: str) -> None:
    global GAME, PHONES
    GAME, PHONES = game, SEATS[game]


def rss_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


# ---- the phones (child process) -------------------------------------------------------------
async def phones_main(port: int, code: str, echo_port: int, commands: int, echoes: int) -> dict:
    from websockets.asyncio.client import connect

    from engine.registry import rules_for
    rules = rules_for(GAME)
    origin = f"http://127.0.0.1:{port}"
    echo = await connect(f"ws://127.0.0.1:{echo_port}/", compression=None)
    rtts = []
    for i in range(echoes):
        t0 = time.perf_counter()
        await echo.send(json.dumps({"n": i}))
        await echo.recv()
        rtts.append((time.perf_counter() - t0) * 1000)
    await echo.close()

    socks, views, counts = [], [None] * PHONES, [0] * PHONES
    sizes: list[int] = []
    got = asyncio.Event()
    for seat in range(PHONES):
        ws = await connect(f"ws://127.0.0.1:{port}/ws", origin=origin, compression=None)
        await ws.send(json.dumps({"k": "hello", "code": code}))
        await ws.send(json.dumps({"k": "join", "seat": seat, "name": f"P{seat + 1}"}))
        socks.append(ws)

    async def listen(seat: int) -> None:
        async for text in socks[seat]:
            m = json.loads(text)
            if m["k"] in ("view", "events"):
                views[seat] = m["view"]
                if m["k"] == "view":
                    sizes.append(len(text.encode()))
                else:
                    counts[seat] += 1
                got.set()
    tasks = [asyncio.create_task(listen(s)) for s in range(PHONES)]

    async def until(pred) -> None:
        while not pred():
            got.clear()
            await asyncio.wait_for(got.wait(), 30)

    rng = random.Random(1)
    lat = []
    while len(lat) < commands:
        await until(lambda: all(v is not None and not v["status"]["ended"] and v["status"]["acting"] for v in views)
                    and len({json.dumps(v["status"]) for v in views}) == 1)
        seat = views[0]["status"]["acting"][0]
        options = list(rules.legal_commands(views[seat], seat))
        cmd = rng.choice(options)
        cmd = {k: v for k, v in cmd.items() if k != "seat"}
        before = list(counts)
        t0 = time.perf_counter()
        await socks[seat].send(json.dumps({"k": "cmd", "cmd": cmd}))
        await until(lambda: all(c > b for c, b in zip(counts, before)))
        lat.append((time.perf_counter() - t0) * 1000)
    for t in tasks:
        t.cancel()
    for ws in socks:
        await ws.close()
    return {"p50_ms": round(pct(lat, 0.5), 2), "p99_ms": round(pct(lat, 0.99), 2),
            "echo_p50_ms": round(pct(rtts, 0.5), 3), "view_bytes": int(statistics.mean(sizes)),
            "commands": len(lat)}


# ---- the TV (this process) -----------------------------------------------------------------
def echo_server() -> int:
    from websockets.asyncio.server import serve
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True, name="echo").start()

    async def handler(ws) -> None:
        async for msg in ws:
            await ws.send(msg)

    async def start():
        return await serve(handler, "127.0.0.1", 0, compression=None)
    server = asyncio.run_coroutine_threadsafe(start(), loop).result(5)
    return int(server.sockets[0].getsockname()[1])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--commands", type=int, default=400)
    ap.add_argument("--echoes", type=int, default=400)
    ap.add_argument("--game", choices=sorted(SEATS), default="wooolf")
    ap.add_argument("--phones-of", nargs=5, help=argparse.SUPPRESS)   # the child: port code echo n e
    args = parse(ap, argv, commands=10, echoes=10)
    use_game(args.game)
    if args.phones_of:
        port, code, echo, n, e = args.phones_of
        print(json.dumps(asyncio.run(phones_main(int(port), code, int(echo), int(n), int(e)))), flush=True)
        return

    import pygame

    from engine.core.session import LocalSession
    from engine.registry import rules_for
    from net.phones.host import PhoneHost
    from net.phones.limits import PhoneLimits
    from net.phones.table import PhoneTable
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    # every phone is on 127.0.0.1 here: the per-address join limit is for 8 phones at once
    host = PhoneHost(GAME, ["phone"] * PHONES, code="QRST", limits=PhoneLimits().with_(join_burst=4 * PHONES))
    host.start()
    echo_port = echo_server()
    rules = rules_for(GAME)
    base = rss_kb()
    child = subprocess.Popen([sys.executable, __file__, "--game", GAME, "--phones-of", str(host.port), host.code, str(echo_port),
                              str(args.commands), str(args.echoes)], stdout=subprocess.PIPE, text=True)
    table = session = None
    mem = None
    seed = 0
    frame = 1 / FPS
    due = time.perf_counter()
    while child.poll() is None:
        if table is None:
            host.poll()
            if all(s["state"] == "here" for s in host.seats()):
                players = [{"name": s["name"], "kind": "phone", "level": "normal"} for s in host.seats()]
                session = LocalSession(rules, PHONES, {}, seed, players, log=False)
                table = PhoneTable(host, session)
                host.lock()
                mem = None
        else:
            table.pump()
            if mem is None:
                mem = rss_kb() - base
            if session.outcome() is not None:       # the next game, for the same phones
                table.close()
                seed += 1
                session = LocalSession(rules, PHONES, {}, seed, session.players, log=False)
                table = PhoneTable(host, session)
        screen.fill((18, 22, 40))
        pygame.display.flip()
        due += frame
        time.sleep(max(0.0, due - time.perf_counter()))
    out = json.loads(child.stdout.read().strip().splitlines()[-1])
    host.stop()
    print(json.dumps({"game": GAME, "phones": PHONES, **out, "mem_per_phone_kb": round((mem or 0) / PHONES, 1)}))


if __name__ == "__main__":
    main()
