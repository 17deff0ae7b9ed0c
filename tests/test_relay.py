"""The relay and its client, in process on 127.0.0.1 port 0: lobby, stamping, resends,
resume after a dropped client and after a relay restart, checkpoints, limits."""
from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from net.client import RelayClient, RelayError, ThreadedRelayClient
from net.protocol import FrameDecoder, decode_server, encode
from net.relay import Relay
from net.roomlog import read_records
from support.relays import FakeClock, bounded, relay_on

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 20.0
arun = bounded(TIMEOUT)


async def client(relay: Relay, name: str, rules_version: int = 1, **kw: Any) -> RelayClient:
    c = RelayClient("127.0.0.1", relay.port, game="sumoku", rules_version=rules_version, name=name, **kw)
    relay.test_clients.append(c)  # type: ignore[attr-defined]
    await c.connect()
    return c


async def wait_for(c: RelayClient, kind: str, pred: Callable[[dict], bool] = lambda m: True,
                   timeout: float = 5.0) -> dict:
    """The next message of `kind` passing `pred` (a client's Folder folds what goes by)."""
    while True:
        msg = await c.recv(timeout)
        folder = getattr(c, "folder", None)
        if folder is not None:
            folder.take(msg)
        if msg["k"] == kind and pred(msg):
            return msg


async def stamped(c: RelayClient, n: int, timeout: float = 5.0) -> list[dict]:
    """The next `n` stamped records `c` receives, whether live or in resync chunks."""
    out: list[dict] = []
    while len(out) < n:
        msg = await c.recv(timeout)
        if msg["k"] == "stamped":
            out.append({k: v for k, v in msg.items() if k != "k"})
        elif msg["k"] == "resync":
            out.extend(msg["log"])
    return out


class Folder:
    """What a game client does with the messages: keeps the ordered log."""

    def __init__(self, c: RelayClient) -> None:
        self.c = c
        self.log: list[dict] = []
        c.folder = self  # type: ignore[attr-defined]

    def take(self, msg: dict) -> None:
        if msg["k"] == "stamped":
            assert msg["seq"] == len(self.log) + 1, "gap or repeat in the live stream"
            self.log.append({k: v for k, v in msg.items() if k != "k"})
        elif msg["k"] == "resync":
            assert msg["from"] <= len(self.log) + 1
            del self.log[msg["from"] - 1:]
            self.log.extend(msg["log"])

    async def until(self, n: int, timeout: float = 5.0) -> list[dict]:
        while len(self.log) < n:
            self.take(await self.c.recv(timeout))
        return self.log


async def room_of(relay: Relay, n: int, seats: int | None = None, allow_bots: bool = False,
                  start: bool = True) -> list[RelayClient]:
    host = await client(relay, "P0")
    room = await host.create("speed", seats or n, {"tiles": 10}, allow_bots)
    clients = [host]
    for i in range(1, n):
        c = await client(relay, f"P{i}")
        await c.join(room["code"])
        c.set_ready(True)
        clients.append(c)
    if start:
        await wait_for(host, "lobby", lambda m: all(x["ready"] for x in m["members"][1:n]))
        host.start()
        seeds = {(await wait_for(c, "started"))["seed"] for c in clients}
        assert len(seeds) == 1
    return clients


async def close_all(clients: list[RelayClient]) -> None:
    for c in clients:
        await c.close()


async def raw_frames(reader: asyncio.StreamReader, timeout: float = 5.0) -> list[dict]:
    """Every frame until the relay closes the connection."""
    dec, out = FrameDecoder(), []
    while True:
        data = await asyncio.wait_for(reader.read(65536), timeout)
        if not data:
            return out
        out += [decode_server(b) for b in dec.feed(data)]


HELLO = {"k": "hello", "proto": 1, "game": "sumoku", "rules_version": 1, "name": "raw"}


# ---- handshake ----------------------------------------------------------------------

@arun
async def test_handshake_and_protocol_version_mismatch(tmp_path):
    async with relay_on(tmp_path) as relay:
        c = await client(relay, "Mei")
        assert c.welcome["proto"] == 1 and c.welcome["limits"]["max_frame"] == 65536
        r, w = await asyncio.open_connection("127.0.0.1", relay.port)
        w.write(encode({**HELLO, "proto": 99}))
        frames = await raw_frames(r)
        assert [f["k"] for f in frames] == ["error"]
        assert frames[0]["code"] == "proto_version" and "99" in frames[0]["message"]
        with pytest.raises(RelayError) as info:
            await RelayClient("127.0.0.1", relay.port, game="sumoku", rules_version=1,
                              name="x\ty").connect()   # a name the schema refuses
        assert info.value.code == "bad_message"
        await c.close()


@arun
async def test_rules_version_mismatch_is_refused_with_a_clear_error(tmp_path):
    async with relay_on(tmp_path) as relay:
        host = await client(relay, "Host", rules_version=3)
        room = await host.create("grab", 3)
        old = await client(relay, "Old", rules_version=2)
        with pytest.raises(RelayError) as info:
            await old.join(room["code"])
        assert info.value.code == "rules_version"
        assert "3" in info.value.message and "2" in info.value.message
        other = RelayClient("127.0.0.1", relay.port, game="hooky", rules_version=3, name="H")
        await other.connect()
        with pytest.raises(RelayError) as info:
            await other.join(room["code"])
        assert info.value.code == "wrong_game"
        await close_all([host, old, other])


# ---- lobby ----------------------------------------------------------------------------

@arun
async def test_create_join_lobby_ready_start(tmp_path):
    async with relay_on(tmp_path) as relay:
        host = await client(relay, "Ann")
        room = await host.create("speed", 3, {"tiles": 10}, False)
        assert re.fullmatch(r"[A-Z]{5}", room["code"]) and not set(room["code"]) & set("ILOU")
        assert room["seat"] == 0 and room["host"] == 0 and not room["started"]
        bob = await client(relay, "Bob")
        joined = await bob.join(room["code"].lower())          # codes are case-insensitive
        assert joined["seat"] == 1 and joined["options"] == {"tiles": 10}
        assert joined["token"] != room["token"]
        lobby = await wait_for(host, "lobby", lambda m: m["members"][1]["status"] == "here")
        assert lobby["members"][1]["name"] == "Bob" and lobby["members"][2]["status"] == "open"

        bob.send_command({"type": "place"})
        assert (await wait_for(bob, "refused"))["reason"] == "not_started"
        bob.start()
        assert (await wait_for(bob, "refused"))["reason"] == "not_host"
        host.start()
        assert (await wait_for(host, "refused"))["reason"] == "not_ready"
        bob.set_ready(True)
        await wait_for(host, "lobby", lambda m: m["members"][1]["ready"])
        host.start()
        assert (await wait_for(host, "refused"))["reason"] == "seats_open"   # no bots allowed

        cid = await client(relay, "Cid")
        await cid.join(room["code"])
        cid.set_ready(True)
        await wait_for(host, "lobby", lambda m: m["members"][2]["ready"])
        host.start()
        seeds = [(await wait_for(c, "started"))["seed"] for c in (host, bob, cid)]
        assert len(set(seeds)) == 1 and host.started and bob.seed == seeds[0]

        late = await client(relay, "Late")
        with pytest.raises(RelayError) as info:
            await late.join(room["code"])
        assert info.value.code == "room_started"
        nobody = await client(relay, "Nobody")
        with pytest.raises(RelayError) as info:
            await nobody.join("ZZZZZ")
        assert info.value.code == "no_room"
        await close_all([host, bob, cid, late, nobody])


@arun
async def test_leaving_the_lobby_frees_the_seat_and_passes_the_host(tmp_path):
    async with relay_on(tmp_path) as relay:
        host, bob = await room_of(relay, 2, seats=3, start=False)
        await host.leave()
        lobby = await wait_for(bob, "lobby", lambda m: m["host"] == 1)
        assert lobby["members"][0]["status"] == "open"
        bob.start()
        assert (await wait_for(bob, "refused"))["reason"] == "seats_open"
        await bob.leave()
        assert not relay.rooms                       # an empty lobby closes
        await close_all([host, bob])


# ---- stamping -------------------------------------------------------------------------

@arun
async def test_eight_clients_see_the_same_sequence_without_gaps(tmp_path):
    async with relay_on(tmp_path) as relay:
        clients = await room_of(relay, 8)
        per = 25
        for i in range(per):                       # interleaved, all in flight at once
            for c in clients:
                c.send_command({"type": "mark", "n": i})
        folders = [Folder(c) for c in clients]
        logs = [await f.until(8 * per) for f in folders]
        assert all(log == logs[0] for log in logs[1:])
        assert [r["seq"] for r in logs[0]] == list(range(1, 8 * per + 1))
        for seat in range(8):
            mine = [r for r in logs[0] if r["by"] == seat]
            assert [r["cmd"]["n"] for r in mine] == list(range(per))   # each sender's order kept
            assert all(r["seat"] == seat for r in mine)
            assert [r["cid"] for r in mine] == sorted(r["cid"] for r in mine)
        assert len({r["salt"] for r in logs[0]}) == 8 * per
        ts = [r["t"] for r in logs[0]]
        assert ts == sorted(ts)
        await close_all(clients)


@arun
async def test_seat_is_stamped_by_the_relay_not_trusted_from_the_client(tmp_path):
    async with relay_on(tmp_path) as relay:
        host, bob, _ = clients = await room_of(relay, 3, seats=4, allow_bots=True)
        fb = Folder(bob)
        bad = bob.send_command({"type": "place", "seat": 0})           # someone else's seat
        refused = await wait_for(bob, "refused")
        assert refused == {"k": "refused", "cid": bad, "reason": "seat", "seq": None}
        bob.send_command({"type": "place", "seat": 1})
        bob.send_command({"type": "place"})
        log = await fb.until(2)
        assert [(r["seat"], r["by"]) for r in log] == [(1, 1), (1, 1)]
        assert log[0]["cmd"] == {"type": "place", "seat": 1}

        # Seat 3 was open at the start and bots are allowed: it is bot-held, and only
        # the host (who runs the bots) may send for it.
        bob.send_command({"type": "place", "seat": 3})
        assert (await wait_for(bob, "refused"))["reason"] == "seat"
        host.send_command({"type": "place", "seat": 3})
        log = await fb.until(3)
        assert (log[2]["seat"], log[2]["by"]) == (3, 0)
        await close_all(clients)


@arun
async def test_a_resend_with_the_same_cid_is_not_applied_twice(tmp_path):
    async with relay_on(tmp_path) as relay:
        a, b = clients = await room_of(relay, 2)
        fb = Folder(b)
        a.send_command({"type": "x", "n": 1}, cid=5)
        a.send_command({"type": "x", "n": 1}, cid=5)
        a.send_command({"type": "x", "n": 2}, cid=3)       # older than the last accepted one
        a.send_command({"type": "x", "n": 3}, cid=6)
        reasons = [(await wait_for(a, "refused"))["reason"] for _ in range(2)]
        assert reasons == ["duplicate", "duplicate"]
        log = await fb.until(2)
        assert [(r["cid"], r["cmd"]["n"]) for r in log] == [(5, 1), (6, 3)]
        room = relay.rooms[a.code]
        assert len(room.log) == 2
        await close_all(clients)


# ---- resume -----------------------------------------------------------------------------

@arun
async def test_a_client_killed_mid_game_resumes_and_ends_with_the_same_log(tmp_path):
    async with relay_on(tmp_path) as relay:
        a, b, c = clients = await room_of(relay, 3)
        fa, fb, fc = (Folder(x) for x in clients)
        for i in range(10):
            a.send_command({"type": "x", "n": i})
        await fb.until(10)
        b._writer.transport.abort()                       # the link dies
        b.send_command({"type": "while-down", "n": 0})    # kept, re-sent after the resume
        assert (await wait_for(b, "link"))["up"] is False
        await wait_for(a, "lobby", lambda m: m["members"][1]["status"] == "away")
        for i in range(10, 20):
            a.send_command({"type": "x", "n": i})
        await fa.until(20)
        assert (await wait_for(b, "link"))["up"] is True   # after the resync chunks
        b.send_command({"type": "after", "n": 1})
        logs = [await f.until(22) for f in (fa, fb, fc)]
        assert logs[0] == logs[1] == logs[2]
        kinds = [r["cmd"]["type"] for r in logs[0]]
        assert kinds.count("while-down") == 1 and kinds.count("after") == 1
        assert relay.rooms[a.code].seats[1].status == "here"

        # A brand-new process for seat 2 (the old one is replaced) resumes from seq 7.
        c2 = await client(relay, "P2 again")
        room = await c2.resume(c.token, last_seq=7)
        assert room["seat"] == 2 and room["last_seq"] == 22 and room["last_cid"] == 0
        got = await stamped(c2, 15)
        assert got == logs[0][7:]
        assert (await wait_for(c, "closed"))["code"] == "replaced"
        await close_all(clients + [c2])


@arun
async def test_the_relay_restarted_on_its_data_dir_resumes_every_room(tmp_path):
    data = tmp_path / "relay"
    async with relay_on(data) as relay:
        port = relay.port
        rooms = [await room_of(relay, 2), await room_of(relay, 3)]
        folders = [[Folder(c) for c in cs] for cs in rooms]
        for cs in rooms:
            for i in range(5):
                for c in cs:
                    c.send_command({"type": "x", "n": i})
        for fs, cs in zip(folders, rooms):
            for f in fs:
                await f.until(5 * len(cs))
        survivors, relay.test_clients = relay.test_clients, []   # they outlive this relay
    # The relay is gone: every client saw a "shutdown" error and is reconnecting.
    assert len(list(data.glob("*.ctroom"))) == 2
    async with relay_on(data, port=port) as relay2:
        relay2.test_clients += survivors
        assert len(relay2.rooms) == 2
        for fs, cs in zip(folders, rooms):
            for c in cs:
                await wait_for(c, "link", lambda m: m["up"], timeout=10)
            for c in cs:
                c.send_command({"type": "after-restart"})
            n = 6 * len(cs)
            logs = [await f.until(n) for f in fs]
            assert all(log == logs[0] for log in logs)
            assert [r["seq"] for r in logs[0]] == list(range(1, n + 1))
            ts = [r["t"] for r in logs[0]]
            assert ts == sorted(ts)
            room = relay2.rooms[cs[0].code]
            assert room.seed == cs[0].seed and room.started
        await asyncio.gather(*(close_all(cs) for cs in rooms))
    records, _ = read_records(next(data.glob("*.ctroom")))
    assert records[0][0] == "room" and any(tag == "cmd" for tag, _ in records)


@arun
async def test_a_cut_room_file_tail_is_dropped_on_reload(tmp_path):
    async with relay_on(tmp_path) as relay:
        a, b = await room_of(relay, 2)
        fa = Folder(a)
        for i in range(4):
            a.send_command({"type": "x", "n": i})
        await fa.until(4)
        await close_all([a, b])
    path = next(tmp_path.glob("*.ctroom"))
    path.write_bytes(path.read_bytes()[:-3])
    async with relay_on(tmp_path) as relay:
        (room,) = relay.rooms.values()
        assert len(room.log) == 3
        c = await client(relay, "back")
        await c.resume(a.token, 0)
        assert [r["cmd"]["n"] for r in await stamped(c, 3)] == [0, 1, 2]
        c.send_command({"type": "x", "n": 9})
        assert (await stamped(c, 1))[0]["seq"] == 4
        await c.close()


@arun
async def test_a_long_log_resyncs_in_chunks(tmp_path):
    async with relay_on(tmp_path, rate=100_000, burst=100_000) as relay:
        a, b = clients = await room_of(relay, 2)
        fa = Folder(a)
        n = 1500
        for i in range(n):
            a.send_command({"type": "x", "pad": "p" * 200, "n": i})
        await fa.until(n, timeout=10)
        c = await client(relay, "again")
        await c.resume(b.token, 0)
        chunks = []
        while not chunks or not chunks[-1]["done"]:
            chunks.append(await wait_for(c, "resync"))
        assert len(chunks) > 3 and not any(ch["done"] for ch in chunks[:-1])
        got = [r for ch in chunks for r in ch["log"]]
        assert got == fa.log
        await close_all(clients + [c])


# ---- checkpoints ----------------------------------------------------------------------

@arun
async def test_different_hashes_at_a_checkpoint_desync_and_resync_the_room(tmp_path):
    async with relay_on(tmp_path) as relay:
        a, b = clients = await room_of(relay, 2)
        fa, fb = Folder(a), Folder(b)
        for i in range(3):
            a.send_command({"type": "x", "n": i})
        await fa.until(3)
        await fb.until(3)
        a.send_hash(3, "aaaa")
        b.send_hash(3, "aaaa")
        a.send_hash(2, "cccc")
        b.send_hash(2, "dddd")
        for c, f in ((a, fa), (b, fb)):
            notice = await wait_for(c, "desync")
            assert notice == {"k": "desync", "seq": 2, "hashes": [[0, "cccc"], [1, "dddd"]]}
            chunk = await wait_for(c, "resync")         # the client asks for the log from 1
            assert chunk["from"] == 1 and chunk["done"] and len(chunk["log"]) == 3
            assert len(f.log) == 3
        assert fa.log == fb.log
        await close_all(clients)


# ---- seats held, bots -------------------------------------------------------------------

@arun
async def test_a_dropped_seat_is_held_then_a_bot_takes_it(tmp_path):
    clock = FakeClock()
    async with relay_on(tmp_path, clock=clock, grace=10) as relay:
        host, bob, cid = clients = await room_of(relay, 3, allow_bots=True)
        fh = Folder(host)
        bob.reconnect = False
        bob._writer.transport.abort()
        await wait_for(host, "lobby", lambda m: m["members"][1]["status"] == "away")
        host.set_bot(1, True)
        await wait_for(host, "lobby", lambda m: m["members"][1]["status"] == "bot")
        host.send_command({"type": "x", "seat": 1})
        assert [(r["seat"], r["by"]) for r in await fh.until(1)] == [(1, 0)]

        back = await client(relay, "Bob")
        await back.resume(bob.token, 1)
        await wait_for(host, "lobby", lambda m: m["members"][1]["status"] == "here")
        host.send_command({"type": "x", "seat": 1})
        assert (await wait_for(host, "refused"))["reason"] == "seat"

        cid.reconnect = False
        cid._writer.transport.abort()
        await wait_for(host, "lobby", lambda m: m["members"][2]["status"] == "away")
        # After the grace period, bots being allowed, a bot takes the seat by itself.
        clock.advance(11)
        relay.sweep()
        await wait_for(host, "lobby", lambda m: m["members"][2]["status"] == "bot", timeout=5)
        await close_all(clients + [back])


# ---- limits and transport ------------------------------------------------------------------

@arun
async def test_tcp_nodelay_is_on_at_both_ends(tmp_path):
    async with relay_on(tmp_path) as relay:
        c = await client(relay, "Mei")
        (conn,) = relay.conns
        relay_sock = conn.transport.get_extra_info("socket")
        client_sock = c._writer.get_extra_info("socket")
        for sock in (relay_sock, client_sock):
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        await c.close()


@arun
async def test_silent_connections_are_dropped(tmp_path):
    clock = FakeClock()
    async with relay_on(tmp_path, clock=clock, idle_timeout=30, hello_timeout=10) as relay:
        r, w = await asyncio.open_connection("127.0.0.1", relay.port)     # never says hello
        await asyncio.sleep(0)
        for _ in range(100):                       # until the relay has the connection
            if relay.conns:
                break
            await asyncio.sleep(0.01)
        clock.advance(11)
        relay.sweep()
        frames = await raw_frames(r)
        assert frames[-1]["code"] == "hello_timeout"
        host = await client(relay, "Host")
        await host.create("speed", 2)
        r, w = await asyncio.open_connection("127.0.0.1", relay.port)
        w.write(encode(HELLO) + encode({"k": "join", "code": host.code}))
        await wait_for(host, "lobby", lambda m: m["members"][1]["status"] == "here")
        clock.advance(20)
        await host.ping()      # the client library pings (every idle/3), as here: it stays
        clock.advance(20)      # 40 s since the joiner's last frame, 20 since the host's
        relay.sweep()
        frames = await raw_frames(r)                                         # then silence
        assert [f["k"] for f in frames] == ["welcome", "room", "lobby", "error"]
        assert frames[-1]["code"] == "idle"
        host.set_ready(True)
        await wait_for(host, "lobby", lambda m: m["members"][0]["ready"])
        assert host.connected
        await host.close()


def test_threaded_client_for_the_pygame_loop(tmp_path):
    async def run_relay(started: asyncio.Future, stop: asyncio.Event) -> None:
        async with relay_on(tmp_path) as relay:
            started.set_result(relay.port)
            await stop.wait()

    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    started = loop.create_future()
    task = loop.create_task(run_relay(started, stop))
    port = loop.run_until_complete(asyncio.wait_for(started, 5))
    import threading
    t = threading.Thread(target=loop.run_until_complete, args=(task,), daemon=True)
    t.start()
    a = ThreadedRelayClient("127.0.0.1", port, game="sumoku", rules_version=1, name="A")
    b = ThreadedRelayClient("127.0.0.1", port, game="sumoku", rules_version=1, name="B")
    try:
        a.connect().result(5)
        b.connect().result(5)
        code = a.create("team", 2).result(5)["code"]
        assert b.join(code).result(5)["seat"] == 1
        b.set_ready(True)

        def next_of(c: ThreadedRelayClient, kind: str) -> dict:
            for _ in range(100):
                msg = c.get(timeout=5)
                assert msg is not None, f"no {kind}"
                if msg["k"] == kind:
                    return msg
            raise AssertionError(kind)
        while not next_of(a, "lobby")["members"][1]["ready"]:
            pass
        a.start_game()
        next_of(b, "started")
        cid = b.send_command({"type": "place"})
        got = next_of(a, "stamped")
        assert (got["seat"], got["cid"]) == (1, cid)
        assert b.poll() == [] or all(m["k"] in ("lobby", "stamped") for m in b.poll())
    finally:
        a.close()
        b.close()
        loop.call_soon_threadsafe(stop.set)
        t.join(5)
        loop.close()


def test_relay_command_line_logs_and_stops_cleanly_on_sigint(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "net.relay", "--port", "0", "--data",
                             str(tmp_path)], stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        line = proc.stderr.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, line
        with socket.create_connection(("127.0.0.1", int(m.group(1))), timeout=5) as s:
            s.sendall(encode(HELLO))
            dec, frames = FrameDecoder(), []
            while not frames:
                frames = dec.feed(s.recv(65536))
            assert decode_server(frames[0])["k"] == "welcome"
            proc.send_signal(signal.SIGINT)
            assert proc.wait(10) == 0
        err = proc.stderr.read()
        assert "conn 1 open" in err and "conn 1 hello" in err and "relay stopped" in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


UNSAFE_MODULES = ("pickle", "marshal", "shelve", "dill", "copyreg")
UNSAFE_CALLS = ("eval", "exec", "compile")


def unsafe(path: Path, also: tuple[str, ...] = ()) -> list[str]:
    """What in `path` could unpickle or evaluate data (an import of a pickling module or of
    `also`, a call of eval, exec or compile), read with ast (nothing is imported)."""
    import ast
    text = path.read_text(encoding="utf-8")
    if not any(word in text for word in UNSAFE_MODULES + UNSAFE_CALLS + also):
        return []                        # nothing to look at: spares parsing the whole project
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        found += [f"{path.name} imports {n}" for n in names if n.split(".")[0] in UNSAFE_MODULES + also]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in UNSAFE_CALLS:
            found.append(f"{path.name} calls {node.func.id}")
    return found


def test_nothing_in_the_project_unpickles_or_evaluates_and_net_never_imports_scenes():
    files = [ROOT / "main.py", *(p for d in ("engine", "scenes", "net", "tools", "bench", "tests")
                                 for p in (ROOT / d).rglob("*.py"))]
    assert len(files) > 300
    problems = [x for f in files for x in unsafe(f, ("scenes",) if f.parent.name == "net" else ())]
    assert problems == []


def test_the_unsafe_check_sees_what_it_looks_for(tmp_path: Path):
    bad = tmp_path / "bad.py"
    bad.write_text("import pickle\nfrom marshal import loads\nx = eval('1')\nimport scenes.app\n")
    assert sorted(unsafe(bad, ("scenes",))) == ["bad.py calls eval", "bad.py imports marshal",
                                                "bad.py imports pickle", "bad.py imports scenes.app"]