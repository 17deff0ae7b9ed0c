"""The relay under attack: a legit race of bot clients while each attack runs beside it.

Each scenario gets a fresh relay in its own process (default limits, a temporary data
folder) and a legit Sumoku grab race of LEGIT bot clients on this process's loop; the
attack runs in a third process (`--attack NAME`), from other 127.x addresses, for as long
as the race lasts. The legit race's latency is the time from a client's send of a command
to its stamped copy coming back to that client. The relay's peak memory is its VmHWM
(peak resident set, /proc/PID/status) when the scenario ends: a fresh process per
scenario, so the peak is that scenario's.

Attacks (issue 10): "pad" (a room of four seats sending the largest command the relay
allows as fast as it reads them), "liar" (a fifth seat in the legit room that pads the
log and reports a wrong hash at every seq it sees), "rooms" (create a 1-seat room, start,
disconnect, as fast as possible), "lobbies" (hold connection slots in lobbies, trickling
one byte at a time), "slow_readers" (rooms whose members all send big commands and never read),
"flood" (pings far over the rate limit). Issue 20 adds "spread" (from 50 loopback addresses
127.0.1.1-50: each fills 6 one-seat rooms with the largest commands until the relay refuses
them, then holds two 8-seat lobbies pinging once a minute, 22 connections an address,
1,100 in all; the legit race comes from a
fresh address; "relay_disk_mb" is the most its data folder held), and the two-seat pair
"silent2" / "liar2" (one legit bot client and a second seat that is silent, or that pads
the log and reports a wrong hash at every seq for the whole race; "ratio_seconds" of
liar2 is against silent2: the honest seat's race time with a liar beside it).

Prints one JSON object: {"quiet": {...}, "<attack>": {...}, ..., "goal": {...}} where each
scenario has "p50_ms", "p99_ms", "finished" (every legit client folded the outcome),
"hashes_agree", "relay_peak_mb" (VmHWM), "relay_cpu_s", "relay_alive", "tracebacks",
"seconds" (of the races), "commands" (latency samples), "relay_log" (counts of what
the relay logged: desyncs told, readers cut, connections refused...), and each
attack "ratio_p50"/"ratio_p99" against the quiet run of this same invocation.
`--only NAME,...` runs some attacks; `--seats N` sizes the legit race; `--races N` races
per scenario (on the same relay; the liar joins each).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.registry import rules_for  # noqa: E402
from engine.sumoku import racebot  # noqa: E402
from engine.registry import bot_for  # noqa: E402
from net.botclient import BotClient  # noqa: E402
from net.protocol import FrameDecoder, decode_body, encode  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('legit', 'memory', 'quiet', 'goal')   # the keys of each JSON object printed

ATTACKS = ("pad", "liar", "rooms", "lobbies", "slow_readers", "flood", "spread", "silent2", "liar2")
PAIRED = ("silent2", "liar2")     # a two-seat race: one legit seat and the attacker's
LEGIT = 4
VARIANT = "grab"
LEVEL = "bench"
# Quick bots, so one race takes seconds (as the relay tests' "blitz" level).
racebot.PACES[LEVEL] = racebot.Pace(see_ms=300, put_ms=60, spot_ms=150, miss=0.0, plan_ms=150,
                                    team_put_ms=50)
HELLO = {"k": "hello", "proto": 1, "game": "sumoku", "rules_version": 1, "name": "attacker"}
SIGNS = {"desync_told": "desync at seq", "cut_slow": "error slow", "cut_budget": "output budget",
         "busy": "error busy", "rooms_full": "error rooms_full", "idle": "error idle",
         "rooms_closed": "closed:", "relay_full": "error relay_full", "evicted": "evicted",
         "log_budget": "commands refused past its"}


# ---- the relay, in its own process ------------------------------------------------------

def end(proc: subprocess.Popen) -> None:
    """Stop a child process: asked first, killed when it does not go within 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


class RelayProc:
    def __init__(self, data: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "net.relay", "--port", "0", "--data", data],
                                     stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        assert self.proc.stderr is not None
        self.port = 0
        for _ in range(50):
            m = re.search(r"listening on [\d.]+:(\d+)", self.proc.stderr.readline())
            if m:
                self.port = int(m.group(1))
                break
        if not self.port:
            self.proc.kill()
            raise RuntimeError("the relay did not start")
        self.tracebacks = 0
        self.tail: deque[str] = deque(maxlen=20)
        # What the relay logged of the attack: evidence that it engaged.
        self.seen = {name: 0 for name in SIGNS}
        # Drain its log so it never blocks on a full pipe; count what matters.
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.tail.append(line.rstrip())
            if line.startswith("Traceback"):
                self.tracebacks += 1
            for name, sign in SIGNS.items():
                if sign in line:
                    self.seen[name] += 1

    def peak_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024.0, 1)
        return float("nan")

    def cpu_s(self) -> float:
        """User + system CPU seconds the relay has used."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)

    def stop(self) -> bool:
        alive = self.proc.poll() is None
        end(self.proc)
        return alive


# ---- the legit race -----------------------------------------------------------------------

class TimedBot(BotClient):
    """A bot client that notes the latency of its own commands (send -> stamped back)."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.sent: dict[int, float] = {}
        self.lat: list[float] = []

    def _send(self, cmd: dict[str, Any]) -> int:
        cid = super()._send(cmd)
        self.sent[cid] = time.perf_counter()
        return cid

    def _handle(self, msg: dict[str, Any]) -> None:
        if msg["k"] == "stamped" and msg["by"] == self.seat:
            t0 = self.sent.pop(msg["cid"], None)
            if t0 is not None:
                self.lat.append(time.perf_counter() - t0)
        super()._handle(msg)


async def legit_race(port: int, seats: int, liar: "Attacker | None", timeout: float) -> dict[str, Any]:
    rules = rules_for("sumoku")
    n = seats + (1 if liar else 0)
    clients = [TimedBot("127.0.0.1", port, rules, name=f"Legit {s + 1}",
                        bot=bot_for("sumoku", VARIANT, LEVEL, s, 7)) for s in range(seats)]
    t0 = time.perf_counter()
    try:
        await asyncio.gather(*(c.connect() for c in clients))
        room = await clients[0].create(VARIANT, n, {"countdown_ms": 300})
        for c in clients[1:]:
            await c.join(room["code"])
        if liar is not None:
            liar.start(room["code"])
        await clients[0].start_when_ready(timeout=30)
        await asyncio.gather(*(c.wait_started(timeout=30) for c in clients[1:]))
        await asyncio.gather(*(c.play(timeout) for c in clients))
        finished = all(c.outcome_at is not None for c in clients)
    except (asyncio.TimeoutError, ConnectionError, OSError) as exc:
        finished = False
        print(f"legit race: {type(exc).__name__}: {exc}", file=sys.stderr)
    seconds = time.perf_counter() - t0
    outcomes = {c.outcome_at for c in clients if c.outcome_at is not None}
    lat = [x for c in clients for x in c.lat]
    for c in clients:
        try:
            await asyncio.wait_for(c.close(), 5)
        except (asyncio.TimeoutError, OSError):
            pass
    return {"finished": finished, "hashes_agree": finished and len(outcomes) == 1, "lat": lat,
            "desyncs": sum(c.desyncs for c in clients), "seconds": seconds}


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000.0


# ---- the attacks (in their own process) ----------------------------------------------------

class Raw(asyncio.Protocol):
    """A bare connection: reads and decodes (or, with read=False, never reads)."""

    def __init__(self) -> None:
        self.t: Any = None
        self.dec = FrameDecoder()
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.lost = asyncio.get_event_loop().create_future()
        self.keep = True

    def connection_made(self, transport: Any) -> None:
        self.t = transport

    def data_received(self, data: bytes) -> None:
        for body in self.dec.feed(data):
            msg = decode_body(body)
            if self.keep or msg["k"] in ("room", "welcome", "started", "error"):
                self.inbox.put_nowait(msg)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.lost.done():
            self.lost.set_result(None)

    def send(self, msg: dict) -> None:
        if not self.t.is_closing():
            self.t.write(encode(msg))

    async def expect(self, kinds: tuple[str, ...], timeout: float = 10.0) -> dict:
        while True:
            msg = await asyncio.wait_for(self.inbox.get(), timeout)
            if msg["k"] in kinds:
                return msg


async def raw(port: int, addr: str, hello: bool = True, rcvbuf: int | None = None) -> Raw:
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((addr, 0))
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    _, c = await loop.create_connection(Raw, sock=sock)
    if hello:
        c.send(HELLO)
        await c.expect(("welcome",))
    return c


async def own_room(port: int, addr: str, seats: int, rcvbuf: int | None = None) -> list[Raw]:
    """A started room of `seats` attacker connections from `addr` (the host first)."""
    host = await raw(port, addr)
    host.send({"k": "create", "variant": "speed", "seats": seats, "options": {}, "allow_bots": False})
    code = (await host.expect(("room", "error")))
    if code["k"] == "error":
        host.t.close()
        raise ConnectionError(code["code"])
    out = [host]
    for _ in range(seats - 1):
        c = await raw(port, addr, rcvbuf=rcvbuf)
        c.send({"k": "join", "code": code["code"]})
        c.send({"k": "ready", "ready": True})
        out.append(c)
    for c in out[1:]:
        await c.expect(("room",))
    await asyncio.sleep(0.05)
    host.send({"k": "start"})
    await host.expect(("started",))
    return out


async def spam(c: Raw, pad: str, stop: asyncio.Event, window: int = 32) -> None:
    """Send big commands as fast as the relay takes them (a window in flight); a
    connection that does not read just keeps its own send buffer topped up."""
    cid = 0
    while not stop.is_set() and not c.t.is_closing():
        if not c.keep and c.t.get_write_buffer_size() > 256 * 1024:
            await asyncio.sleep(0.05)
            continue
        for _ in range(window):
            cid += 1
            c.send({"k": "cmd", "cid": cid, "cmd": {"type": "pad", "p": pad}})
        if not c.keep:
            await asyncio.sleep(0.05)
            continue
        try:
            await asyncio.wait_for(c.expect(("stamped", "refused")), 2.0)
        except asyncio.TimeoutError:
            pass
        while not c.inbox.empty():
            c.inbox.get_nowait()
        await asyncio.sleep(0)


async def attack_pad(port: int, stop: asyncio.Event) -> None:
    pad = "x" * 8000     # just under the default 8 KiB command budget
    tasks = []
    for i in range(8):   # the per-address room limit
        try:
            room = await own_room(port, "127.0.0.2", 4)
        except (ConnectionError, asyncio.TimeoutError):
            break
        tasks += [asyncio.create_task(spam(c, pad, stop)) for c in room]
        await asyncio.sleep(0.5)
    await stop.wait()


async def attack_silent2(port: int, stop: asyncio.Event, code: str) -> None:
    """The second seat of a two-seat race that joins, readies and does nothing more."""
    c = await raw(port, "127.0.0.3")
    c.send({"k": "join", "code": code})
    c.send({"k": "ready", "ready": True})
    await c.expect(("room",))
    while not stop.is_set() and not c.t.is_closing():
        while not c.inbox.empty():
            c.inbox.get_nowait()
        await asyncio.sleep(0.05)


async def attack_spread(port: int, stop: asyncio.Event) -> None:
    """50 addresses, 8 rooms each filled with the largest commands, then lobby slots held."""
    pad = "x" * 8000
    addrs = [f"127.0.1.{i}" for i in range(1, 51)]

    async def fill(c: Raw) -> None:
        cid = 0
        while not stop.is_set() and not c.t.is_closing():
            for _ in range(16):
                cid += 1
                c.send({"k": "cmd", "cid": cid, "cmd": {"type": "pad", "p": pad}})
            try:
                while True:
                    m = await c.expect(("stamped", "refused"), 10.0)
                    if m["k"] == "refused" and m["reason"] == "log_full":
                        return
                    if m.get("cid") == cid:
                        break
            except asyncio.TimeoutError:
                pass

    async def lobby(addr: str) -> list[Raw]:
        """An 8-seat lobby room of this address's connections, never started."""
        host = await raw(port, addr)
        host.send({"k": "create", "variant": "speed", "seats": 8, "options": {}, "allow_bots": False})
        m = await host.expect(("room", "error"))
        out = [host]
        if m["k"] == "room":
            for _ in range(7):
                c = await raw(port, addr)
                c.send({"k": "join", "code": m["code"]})
                out.append(c)
        return out

    async def fill_from(addr: str) -> list[Raw]:
        held: list[Raw] = []
        for _ in range(6):
            try:
                held += await own_room(port, addr, 1)
            except (ConnectionError, OSError, asyncio.TimeoutError):
                break
        await asyncio.gather(*(fill(c) for c in held))
        for _ in range(2):                   # and slots in lobbies, kept with a ping a minute
            try:
                held += await lobby(addr)
            except (ConnectionError, OSError, asyncio.TimeoutError):
                break
        return held

    held = [c for got in await asyncio.gather(*(fill_from(a) for a in addrs)) for c in got]
    n = 0
    while not stop.is_set():
        n += 1
        for c in held:
            c.send({"k": "ping", "n": n})
            while not c.inbox.empty():
                c.inbox.get_nowait()
        try:
            await asyncio.wait_for(stop.wait(), 60.0)
        except asyncio.TimeoutError:
            pass


async def attack_liar(port: int, stop: asyncio.Event, code: str) -> None:
    c = await raw(port, "127.0.0.3")
    c.send({"k": "join", "code": code})
    c.send({"k": "ready", "ready": True})
    await c.expect(("room",))
    await c.expect(("started",))
    pad = "x" * 8000
    cid = 0
    while not stop.is_set() and not c.t.is_closing():
        seqs = []
        told = False
        while not c.inbox.empty():
            m = c.inbox.get_nowait()
            if m["k"] == "stamped":
                seqs.append(m["seq"])
            told = told or m["k"] == "desync"
        for s in seqs:
            c.send({"k": "hash", "seq": s, "hash": f"lie{s}"})
        if told:
            c.send({"k": "sync", "from": 1})   # it even does as told, and lies on
        for _ in range(8):
            cid += 1
            c.send({"k": "cmd", "cid": cid, "cmd": {"type": "pad", "p": pad}})
        await asyncio.sleep(0.02)


async def attack_rooms(port: int, stop: asyncio.Event) -> None:
    made = refused = 0
    while not stop.is_set():
        for addr in ("127.0.0.4", "127.0.0.5"):
            try:
                c = await raw(port, addr)
                c.send({"k": "create", "variant": "speed", "seats": 1, "options": {}, "allow_bots": False})
                m = await c.expect(("room", "error"))
                if m["k"] == "room":
                    c.send({"k": "start"})
                    made += 1
                else:
                    refused += 1
                c.t.close()
            except (OSError, asyncio.TimeoutError):
                refused += 1
        await asyncio.sleep(0)


async def attack_lobbies(port: int, stop: asyncio.Event) -> None:
    conns: list[Raw] = []
    for addr in ("127.0.0.6", "127.0.0.7"):
        for _ in range(8):
            try:
                host = await raw(port, addr)
            except (OSError, asyncio.TimeoutError):
                break
            host.send({"k": "create", "variant": "speed", "seats": 8, "options": {}, "allow_bots": False})
            m = await host.expect(("room", "error"))
            conns.append(host)
            if m["k"] != "room":
                break
            for _ in range(7):
                try:
                    c = await raw(port, addr)
                except (OSError, asyncio.TimeoutError):
                    break
                c.send({"k": "join", "code": m["code"]})
                conns.append(c)
    ping = encode({"k": "ping", "n": 1})
    i = 0
    while not stop.is_set():          # a byte at a time: never a whole frame
        for c in conns:
            if not c.t.is_closing():
                c.t.write(ping[i % (len(ping) - 1):i % (len(ping) - 1) + 1])
        i += 1
        await asyncio.sleep(0.5)


async def attack_slow_readers(port: int, stop: asyncio.Event) -> None:
    pad = "x" * 8000
    rooms = []
    for addr in ("127.0.0.8", "127.0.0.9"):
        for _ in range(8):
            try:
                room = await own_room(port, addr, 8, rcvbuf=4096)
            except (ConnectionError, OSError, asyncio.TimeoutError):
                break
            for c in room:
                c.keep = False
                c.t.pause_reading()          # never read again, but keep sending
            rooms.append(room)
    for room in rooms:
        for c in room:
            asyncio.create_task(spam(c, pad, stop, window=8))
    await stop.wait()


async def attack_flood(port: int, stop: asyncio.Event) -> None:
    conns = [await raw(port, "127.0.0.10") for _ in range(8)]
    burst = b"".join(encode({"k": "ping", "n": i}) for i in range(2000))
    while not stop.is_set():
        for c in conns:
            if not c.t.is_closing() and c.t.get_write_buffer_size() < 1 << 20:
                c.t.write(burst)
            while not c.inbox.empty():
                c.inbox.get_nowait()
        await asyncio.sleep(0.01)


def run_attack(name: str, port: int, code: str | None) -> None:
    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        import signal
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        print("ready", flush=True)
        fn = {"pad": attack_pad, "rooms": attack_rooms, "lobbies": attack_lobbies,
              "slow_readers": attack_slow_readers, "flood": attack_flood,
              "spread": attack_spread}.get(name)
        joiner = {"liar": attack_liar, "liar2": attack_liar, "silent2": attack_silent2}.get(name)
        task = asyncio.create_task(joiner(port, stop, code or "") if joiner is not None
                                   else fn(port, stop))   # type: ignore[misc]
        await stop.wait()
        task.cancel()
    try:
        asyncio.run(go())
    except Exception as exc:     # an attacker that dies is reported, not a bench failure
        print(f"attacker {name}: {type(exc).__name__}: {exc}", file=sys.stderr)


class Attacker:
    def __init__(self, name: str, port: int) -> None:
        self.name, self.port = name, port
        self.proc: subprocess.Popen | None = None

    def start(self, code: str | None = None) -> None:
        args = [sys.executable, __file__, "--attack", self.name, "--port", str(self.port)]
        if code:
            args += ["--code", code]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, cwd=ROOT,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert self.proc.stdout is not None
        self.proc.stdout.readline()       # "ready"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            end(self.proc)


# ---- the scenarios -------------------------------------------------------------------------

def disk_mb(data: str) -> float:
    total = 0
    for entry in os.scandir(data):
        try:
            total += entry.stat().st_size
        except OSError:
            pass
    return total / (1 << 20)


def scenario(name: str, seats: int, timeout: float, n_races: int, lead: float = 1.0) -> dict[str, Any]:
    joins = name in ("liar", *PAIRED)             # the attacker is a seat of the legit room
    if name in PAIRED:
        seats = 1
    with tempfile.TemporaryDirectory() as data:
        relay = RelayProc(data)
        attacker = None if name == "quiet" else Attacker(name, relay.port)
        peak_disk = [0.0]
        done = threading.Event()

        def sample() -> None:
            while not done.wait(0.5):
                peak_disk[0] = max(peak_disk[0], disk_mb(data))
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        try:
            if attacker is not None and not joins:
                attacker.start()
                time.sleep(lead if name != "spread" else 40.0)   # the attack is under way first
            races = []
            for i in range(n_races):
                liar = attacker if joins else None
                races.append(asyncio.run(legit_race(relay.port, seats, liar, timeout)))
                if liar is not None and i + 1 < n_races:
                    liar.stop()                 # a liar for each race
            lat = [x for r in races for x in r["lat"]]
            result: dict[str, Any] = {
                "finished": all(r["finished"] for r in races),
                "hashes_agree": all(r["hashes_agree"] for r in races),
                "p50_ms": round(pct(lat, 0.5), 3), "p99_ms": round(pct(lat, 0.99), 3),
                "commands": len(lat), "races": n_races,
                "desyncs": sum(r["desyncs"] for r in races),
                "seconds": round(sum(r["seconds"] for r in races), 2)}
            result["relay_peak_mb"] = relay.peak_mb()
            result["relay_cpu_s"] = relay.cpu_s()
            done.set()
            result["relay_disk_mb"] = round(max(peak_disk[0], disk_mb(data)), 1)
        finally:
            done.set()
            if attacker is not None:
                attacker.stop()
            alive = relay.stop()
        result["relay_alive"] = alive
        result["tracebacks"] = relay.tracebacks
        result["relay_log"] = {k: v for k, v in relay.seen.items() if v}
        if relay.tracebacks:
            result["relay_log_tail"] = list(relay.tail)[-5:]
        return result


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--attack", default=None, help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--code", default=None, help=argparse.SUPPRESS)
    p.add_argument("--only", default=",".join(ATTACKS), help="attacks to run, comma-separated")
    p.add_argument("--seats", type=int, default=LEGIT, help="legit bot clients in the race")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds a race may take")
    p.add_argument("--races", type=int, default=3, help="legit races per scenario")
    p.add_argument("--lead", type=float, default=1.0, help="seconds an attack runs before the races start")
    args = parse(p, only="flood", seats=2, races=1, lead=0.2)
    if args.attack:
        run_attack(args.attack, args.port, args.code)
        return
    out: dict[str, Any] = {"legit": {"clients": args.seats, "variant": VARIANT},
                           "memory": "relay VmHWM (peak RSS) from /proc/PID/status, a fresh relay process per scenario"}
    out["quiet"] = quiet = scenario("quiet", args.seats, args.timeout, args.races)
    for name in [a for a in args.only.split(",") if a]:
        r = scenario(name, args.seats, args.timeout, args.races, args.lead)
        if quiet["commands"] and r["commands"] and name not in PAIRED:
            r["ratio_p50"] = round(r["p50_ms"] / quiet["p50_ms"], 2)
            r["ratio_p99"] = round(r["p99_ms"] / quiet["p99_ms"], 2)
        out[name] = r
    if "liar2" in out and "silent2" in out and out["silent2"]["seconds"]:
        out["liar2"]["ratio_seconds"] = round(out["liar2"]["seconds"] / out["silent2"]["seconds"], 2)
    attacks = [out[a] for a in args.only.split(",") if a in out and a not in PAIRED]
    out["goal"] = {
        "all_finished_agreeing": all(r["finished"] and r["hashes_agree"] for r in [quiet, *attacks]),
        "latency_within_2x": all(r.get("ratio_p50", 99) <= 2 and r.get("ratio_p99", 99) <= 2 for r in attacks),
        "memory_under_150mb": all(r["relay_peak_mb"] < 150 for r in [quiet, *attacks] if r is not out.get("spread")),
        "spread_under_300mb": out["spread"]["relay_peak_mb"] < 300 if "spread" in out else None,
        "liar2_within_1_5x": out["liar2"].get("ratio_seconds", 99) <= 1.5 if "liar2" in out else None,
        "median_ratio_p50": round(statistics.median([r.get("ratio_p50", 0) for r in attacks]), 2) if attacks else None,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
