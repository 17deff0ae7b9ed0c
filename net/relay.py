"""The rules-agnostic relay: rooms, seats, a stamped and stored log, broadcast.

It never runs game rules (deterministic lockstep): it stamps each accepted command with
the room's next sequence number, the sender's seat (never trusted from the client), the
time in ms since the room started and a random 64-bit salt, appends it to the room's
file and broadcasts it. Run it with `python -m net.relay` (or `python main.py relay`).
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
import signal
import socket
import sys
import time
from pathlib import Path
from typing import Any, Callable

from net.limits import Limits
from net.protocol import (CMD_HEADROOM, PROTOCOL_VERSION, FrameDecoder, ProtocolError,
                          decode_client, encode, error, frame)
from net.roomlog import room_files
from net.rooms import Room, Seat, new_code

log = logging.getLogger("couchtop.relay")
RELAY_NAME = "couchtop-relay/1"


class Conn(asyncio.Protocol):
    """One client connection: framing, rate limit, batched writes, drop on misbehaviour."""

    def __init__(self, relay: "Relay", cid: int) -> None:
        self.relay = relay
        self.id = cid
        self.limits = relay.limits
        self.decoder = FrameDecoder(self.limits.max_frame)
        self.transport: asyncio.Transport | None = None
        self.peer = "?"
        self.out: list[bytes] = []
        self.flush_scheduled = False
        self.closing = False
        self.syncing = False
        self.tokens = float(self.limits.burst)
        self.opened = self.last_rx = self.last_fill = relay.clock()
        self.hello: dict[str, Any] | None = None
        self.room: Room | None = None
        self.seat: Seat | None = None
        self._paused = False
        self._drain: list[asyncio.Future[None]] = []
        self.closed = asyncio.get_running_loop().create_future()

    # ---- asyncio.Protocol -------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.limits.sndbuf:
                # Bounded kernel memory per client, and a reader that stops reading shows
                # up in the write buffer (and is dropped) soon, not after megabytes.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.sndbuf)
        transport.set_write_buffer_limits(high=max(self.limits.write_buffer_cap // 4, 16 * 1024))
        peer = transport.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        log.info("conn %d open from %s", self.id, self.peer)
        self.relay.opened(self)

    def data_received(self, data: bytes) -> None:
        if self.closing:
            return
        now = self.relay.clock()
        self.last_rx = now
        try:
            bodies = self.decoder.feed(data)
        except ProtocolError as exc:
            self.fail(exc.code, exc.message)
            return
        if not bodies:
            return
        lim = self.limits
        self.tokens = min(float(lim.burst), self.tokens + (now - self.last_fill) * lim.rate)
        self.last_fill = now
        for body in bodies:
            if self.tokens < 1.0:
                self.fail("rate", f"more than {lim.rate:g} frames per second")
                return
            self.tokens -= 1.0
            try:
                msg = decode_client(body, lim.max_frame)
            except ProtocolError as exc:
                self.fail(exc.code, exc.message)
                return
            self.relay.handle(self, msg, len(body))
            if self.closing:
                return

    def eof_received(self) -> bool:
        if self.decoder.pending and not self.closing:
            self.fail("bad_frame", "connection ended inside a frame")
        return False   # the transport closes once what is queued has been written

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        self.out.clear()
        for fut in self._drain:
            if not fut.done():
                fut.set_result(None)
        self._drain.clear()
        log.info("conn %d closed%s", self.id, f" ({exc})" if exc else "")
        self.relay.lost(self)
        if not self.closed.done():
            self.closed.set_result(None)

    def pause_writing(self) -> None:
        self._paused = True

    def resume_writing(self) -> None:
        self._paused = False
        for fut in self._drain:
            if not fut.done():
                fut.set_result(None)
        self._drain.clear()

    # ---- writing ----------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        self.send_raw(encode(msg, self.limits.max_frame))

    def send_raw(self, data: bytes) -> None:
        """Queue one frame; every frame queued in this loop tick goes out in one write."""
        if self.closing:
            return
        self.out.append(data)
        if not self.flush_scheduled:
            self.flush_scheduled = True
            self.relay.dirty(self)

    def flush(self) -> None:
        self.flush_scheduled = False
        out, t = self.out, self.transport
        if not out or t is None or t.is_closing():
            out.clear()
            return
        t.write(out[0] if len(out) == 1 else b"".join(out))
        out.clear()
        if t.get_write_buffer_size() > self.limits.write_buffer_cap and not self.closing:
            log.info("conn %d error slow: write buffer over %d bytes", self.id, self.limits.write_buffer_cap)
            self.closing = True
            t.abort()   # a reader this slow would never take the error frame either

    async def drain(self, timeout: float) -> None:
        if self._paused and not self.closing:
            fut = asyncio.get_running_loop().create_future()
            self._drain.append(fut)
            await asyncio.wait_for(fut, timeout)

    def fail(self, code: str, message: str) -> None:
        """Send an error frame, then close: the way every protocol violation ends."""
        if self.closing:
            return
        log.info("conn %d error %s: %s", self.id, code, message)
        self.send(error(code, message))
        self.flush()
        self.end()

    def end(self) -> None:
        """Finish writing, then close. The write side is half-closed first and whatever
        the peer still sends is read and dropped, so the last frame (an error, "bye") is
        not lost to a TCP reset; the connection is cut after a second in any case."""
        self.closing = True
        t = self.transport
        if t is None or t.is_closing():
            return
        try:
            if t.can_write_eof():
                t.write_eof()
            else:
                t.close()
        except OSError:      # the peer is already gone
            t.abort()
            return
        asyncio.get_running_loop().call_later(1.0, t.abort)


class Relay:
    """The relay server. `Relay(data_dir, **limits)`; `await start(host, port)`;
    `await stop()`. Port 0 picks a free port (`relay.port`)."""

    def __init__(self, data_dir: Path | str | None = None, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic, **overrides: Any) -> None:
        self.limits = (limits or Limits()).with_(**overrides)
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, tuple[Room, Seat]] = {}
        self.conns: set[Conn] = set()
        self.server: asyncio.base_events.Server | None = None
        self.host = "127.0.0.1"
        self.port = 0
        self._next_id = 0
        self._sweeper: asyncio.Task[None] | None = None
        self._syncs: set[asyncio.Task[None]] = set()
        self._dirty: list[Conn] = []
        self._flush_pending = False
        self._handlers: dict[str, Callable[[Conn, dict[str, Any], int], None]] = {
            "hello": self._hello, "create": self._create, "join": self._join,
            "resume": self._resume, "ready": self._ready, "start": self._start,
            "cmd": self._cmd, "hash": self._hash, "bot": self._bot, "sync": self._sync,
            "ping": self._ping, "leave": self._leave,
        }

    # ---- life -------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._load_rooms()
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(self._make_conn, host, port)
        sockname = self.server.sockets[0].getsockname()
        self.host, self.port = sockname[0], sockname[1]
        self._sweeper = asyncio.create_task(self._sweep())
        log.info("relay listening on %s:%d (%d rooms loaded)", self.host, self.port, len(self.rooms))

    async def stop(self) -> None:
        if self.server is None:
            return
        self.server.close()
        if self._sweeper:
            self._sweeper.cancel()
        for task in list(self._syncs):
            task.cancel()
        conns = list(self.conns)
        for c in conns:
            c.fail("shutdown", "the relay is shutting down")
        if conns:
            await asyncio.wait([c.closed for c in conns], timeout=2.0)
        for room in self.rooms.values():
            room.shut()
        self.server = None
        log.info("relay stopped")

    def _load_rooms(self) -> None:
        if self.data_dir is None:
            return
        self.data_dir.mkdir(parents=True, exist_ok=True)
        for path in room_files(self.data_dir):
            room = Room.load(path, self.clock)
            if room is None:
                continue
            self.rooms[room.code] = room
            for seat in room.seats:
                if seat.token:
                    self.tokens[seat.token] = (room, seat)

    def dirty(self, conn: Conn) -> None:
        """`conn` has frames queued: write them (with every other client's) this tick."""
        self._dirty.append(conn)
        if not self._flush_pending:
            self._flush_pending = True
            asyncio.get_running_loop().call_soon(self._flush_dirty)

    def _flush_dirty(self) -> None:
        self._flush_pending = False
        dirty, self._dirty = self._dirty, []
        for conn in dirty:
            if conn.flush_scheduled:
                conn.flush()

    def _make_conn(self) -> Conn:
        self._next_id += 1
        return Conn(self, self._next_id)

    def opened(self, conn: Conn) -> None:
        self.conns.add(conn)
        if len(self.conns) > self.limits.max_conns:
            conn.fail("busy", "the relay has too many connections")

    def lost(self, conn: Conn) -> None:
        self.conns.discard(conn)
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is not None and seat is not None and seat.conn is conn:
            room.away(seat)
            self._lobby(room)

    async def _sweep(self) -> None:
        lim = self.limits
        period = max(0.02, min(1.0, lim.idle_timeout / 4, lim.hello_timeout / 4, lim.grace / 4))
        while True:
            await asyncio.sleep(period)
            now = self.clock()
            for c in list(self.conns):
                if c.closing:
                    continue
                if c.room is None and now - c.opened > lim.hello_timeout:
                    c.fail("hello_timeout", "no hello and room within the time allowed")
                elif now - c.last_rx > lim.idle_timeout:
                    c.fail("idle", f"nothing received for {lim.idle_timeout:g} s")
            rnow = now
            for room in list(self.rooms.values()):
                changed = False
                for seat in room.seats:
                    if seat.status == "away" and seat.away_since is not None \
                            and rnow - seat.away_since > lim.grace:
                        self._expire(room, seat)
                        changed = True
                if changed:
                    if not room.started and not room.humans():
                        self._close_room(room, "everyone left the lobby")
                        continue
                    room.pass_host()
                    self._lobby(room)
                if room.empty_since is not None and rnow - room.empty_since > lim.room_ttl:
                    self._close_room(room, "nobody came back")

    def _expire(self, room: Room, seat: Seat) -> None:
        log.info("room %s seat %d given up after the grace period", room.code, seat.index)
        if room.started:
            room.give_up(seat)
        else:
            self.tokens.pop(seat.token or "", None)
            room.free(seat)

    def _close_room(self, room: Room, why: str) -> None:
        log.info("room %s closed: %s", room.code, why)
        room.close()
        self.rooms.pop(room.code, None)
        for seat in room.seats:
            self.tokens.pop(seat.token or "", None)

    # ---- messages -----------------------------------------------------------------
    def handle(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        kind = msg["k"]
        if conn.hello is None and kind != "hello":
            conn.fail("hello_first", "the first message must be hello")
            return
        if kind in ("create", "join", "resume"):
            if conn.room is not None:
                conn.fail("bad_state", "already in a room")
                return
        elif kind not in ("hello", "ping") and conn.room is None:
            conn.fail("no_room", f"{kind} needs a room: create, join or resume first")
            return
        self._handlers[kind](conn, msg, size)

    def _lobby(self, room: Room) -> None:
        self._broadcast(room, encode(room.lobby_msg()))

    @staticmethod
    def _broadcast(room: Room, data: bytes, first: Conn | None = None) -> None:
        """Queue `data` for every connected seat that is not catching up. `first` (the
        sender of a command) is queued first, so its write goes out first this tick."""
        if first is not None and not first.syncing:
            first.send_raw(data)
        for seat in room.seats:
            c = seat.conn
            if c is not None and c is not first and not c.syncing:
                c.send_raw(data)

    def _hello(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        if conn.hello is not None:
            conn.fail("bad_state", "hello was already sent")
            return
        if msg["proto"] != PROTOCOL_VERSION:
            conn.fail("proto_version", f"the relay speaks protocol {PROTOCOL_VERSION}, "
                                       f"the client {msg['proto']}: update the game")
            return
        conn.hello = msg
        log.info("conn %d hello %r %s v%d", conn.id, msg["name"], msg["game"], msg["rules_version"])
        conn.send({"k": "welcome", "proto": PROTOCOL_VERSION, "relay": RELAY_NAME,
                   "limits": self.limits.to_wire()})

    def _check_game(self, conn: Conn, room: Room) -> bool:
        h = conn.hello
        assert h is not None
        if h["game"] != room.game:
            conn.fail("wrong_game", f"room {room.code} plays {room.game}, not {h['game']}")
            return False
        if h["rules_version"] != room.rules_version:
            conn.fail("rules_version", f"room {room.code} plays {room.game} rules version "
                                       f"{room.rules_version}; this client has version "
                                       f"{h['rules_version']}")
            return False
        return True

    def _enter(self, conn: Conn, room: Room, seat: Seat) -> None:
        conn.room, conn.seat = room, seat
        if seat.token:
            self.tokens[seat.token] = (room, seat)
        conn.send(room.room_msg(seat))

    def _create(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        lim = self.limits
        if len(self.rooms) >= lim.max_rooms:
            conn.fail("rooms_full", "the relay has no room for another room")
            return
        if msg["seats"] > lim.max_seats:
            conn.fail("too_many_seats", f"a room has at most {lim.max_seats} seats")
            return
        h = conn.hello
        assert h is not None
        code = new_code(lambda c: c in self.rooms or (self.data_dir is not None
                                                      and (self.data_dir / f"{c}.ctroom").exists()))
        room = Room.create(code, h["game"], h["rules_version"], msg["variant"], msg["seats"],
                           msg["options"], msg["allow_bots"], self.data_dir, self.clock)
        self.rooms[code] = room
        seat = room.seats[0]
        room.claim(seat, h["name"], conn)
        log.info("conn %d created room %s (%s %s, %d seats)", conn.id, code, h["game"],
                 msg["variant"], msg["seats"])
        self._enter(conn, room, seat)

    def _join(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room = self.rooms.get(msg["code"])
        if room is None:
            conn.fail("no_room", f"there is no room {msg['code']}")
            return
        if not self._check_game(conn, room):
            return
        if room.started:
            conn.fail("room_started", f"room {room.code} has started")
            return
        seat = room.open_seat()
        if seat is None:
            conn.fail("room_full", f"room {room.code} is full")
            return
        assert conn.hello is not None
        room.claim(seat, conn.hello["name"], conn)
        log.info("conn %d joined room %s seat %d", conn.id, room.code, seat.index)
        self._enter(conn, room, seat)
        self._lobby(room)

    def _resume(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        found = self.tokens.get(msg["token"])
        if found is None:
            conn.fail("bad_token", "that seat is not held any more")
            return
        room, seat = found
        if not self._check_game(conn, room):
            return
        old = seat.conn
        if old is not None and old is not conn:
            old.room = old.seat = None
            old.fail("replaced", "this seat was resumed from another connection")
        room.come_back(seat, conn)
        log.info("conn %d resumed room %s seat %d after seq %d", conn.id, room.code, seat.index,
                 msg["last_seq"])
        self._enter(conn, room, seat)
        if room.started:
            last = msg["last_seq"]
            self._start_resync(conn, room, last + 1 if last <= len(room.log) else 1)
        self._lobby(room)

    def _ready(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        assert conn.room is not None and conn.seat is not None
        if conn.room.started:
            conn.send({"k": "refused", "cid": None, "reason": "started", "seq": None})
            return
        conn.seat.ready = msg["ready"]
        self._lobby(conn.room)

    def _refuse(self, conn: Conn, reason: str, cid: int | None = None) -> None:
        conn.send({"k": "refused", "cid": cid, "reason": reason, "seq": None})

    def _start(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, seat = conn.room, conn.seat
        assert room is not None and seat is not None
        if seat.index != room.host:
            return self._refuse(conn, "not_host")
        if room.started:
            return self._refuse(conn, "started")
        if any(s.status == "away" or (s.status == "here" and not s.ready and s.index != room.host)
               for s in room.seats):
            return self._refuse(conn, "not_ready")
        if room.open_seat() is not None and not room.allow_bots:
            return self._refuse(conn, "seats_open")
        room.start(secrets.randbits(63))
        log.info("room %s started", room.code)
        self._broadcast(room, encode({"k": "started", "seed": room.seed, "members": room.members()}))

    def _cmd(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, by = conn.room, conn.seat
        assert room is not None and by is not None
        cid = msg["cid"]
        if size > self.limits.max_frame - CMD_HEADROOM:
            return self._refuse(conn, "too_big", cid)
        if cid <= by.last_cid:
            return self._refuse(conn, "duplicate", cid)
        if not room.started:
            return self._refuse(conn, "not_started", cid)
        cmd = msg["cmd"]
        seat = cmd.get("seat", by.index)
        if seat != by.index and not (by.index == room.host and seat < len(room.seats)
                                     and room.seats[seat].status == "bot"):
            return self._refuse(conn, "seat", cid)
        if len(room.log) >= self.limits.max_log:
            return self._refuse(conn, "log_full", cid)
        self._broadcast(room, frame(room.stamp(by.index, seat, cid, cmd)), conn)

    def _hash(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, seat = conn.room, conn.seat
        assert room is not None and seat is not None
        notice = room.note_hash(seat.index, msg["seq"], msg["hash"], self.limits.hash_window)
        if notice is not None:
            log.info("room %s desync at seq %d", room.code, msg["seq"])
            self._broadcast(room, encode(notice))

    def _bot(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, seat = conn.room, conn.seat
        assert room is not None and seat is not None
        if seat.index != room.host:
            return self._refuse(conn, "not_host")
        if not room.allow_bots:
            return self._refuse(conn, "no_bots")
        i = msg["seat"]
        if i >= len(room.seats) or i == room.host:
            return self._refuse(conn, "bad_seat")
        target = room.seats[i]
        allowed = ("away", "gone", "open") if msg["on"] else ("bot",)
        if target.status not in allowed or (target.status == "open" and room.started):
            return self._refuse(conn, "bad_seat")
        room.set_bot(target, msg["on"])
        if target.status == "open":
            self.tokens.pop(target.token or "", None)
        self._lobby(room)

    def _sync(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room = conn.room
        assert room is not None
        if not room.started:
            return self._refuse(conn, "not_started")
        if not conn.syncing:
            self._start_resync(conn, room, min(msg["from"], len(room.log) + 1))

    def _ping(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        conn.send({"k": "pong", "n": msg["n"]})

    def _leave(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, seat = conn.room, conn.seat
        assert room is not None and seat is not None
        log.info("conn %d left room %s seat %d", conn.id, room.code, seat.index)
        conn.room = conn.seat = None
        self.tokens.pop(seat.token or "", None)
        room.leave(seat)
        conn.send({"k": "bye"})
        conn.flush()
        conn.end()
        if not room.started and not room.humans():
            self._close_room(room, "everyone left the lobby")
            return
        room.pass_host()
        self._lobby(room)

    # ---- resync -------------------------------------------------------------------
    def _start_resync(self, conn: Conn, room: Room, start: int) -> None:
        """Send the log from `start` in chunks. Live broadcasts to this connection wait
        until it has caught up; a long log is streamed with flow control."""
        budget = self.limits.max_frame - 256
        body, nxt = room.resync_body(start, budget)
        conn.send_raw(frame(body))
        if nxt > len(room.log):
            return
        conn.syncing = True
        task = asyncio.create_task(self._stream(conn, room, nxt, budget))
        self._syncs.add(task)
        task.add_done_callback(self._syncs.discard)

    async def _stream(self, conn: Conn, room: Room, start: int, budget: int) -> None:
        try:
            while not conn.closing:
                conn.flush()
                await conn.drain(self.limits.idle_timeout)
                if conn.closing or conn.room is not room:
                    return
                body, start = room.resync_body(start, budget)
                conn.send_raw(frame(body))
                if start > len(room.log):
                    conn.syncing = False   # no await since the chunk: nothing was missed
                    return
        except asyncio.TimeoutError:
            conn.fail("slow", "the resync was not read in time")
        finally:
            conn.syncing = False


async def serve(host: str = "127.0.0.1", port: int = 7777, data_dir: Path | str | None = None,
                *, stop: asyncio.Event | None = None, ready: Callable[[Relay], None] | None = None,
                **limits: Any) -> None:
    """Run a relay until `stop` is set (or the task is cancelled), then shut it down cleanly."""
    relay = Relay(data_dir, **limits)
    await relay.start(host, port)
    if ready is not None:
        ready(relay)
    try:
        await (stop.wait() if stop is not None else asyncio.Event().wait())
    finally:
        await relay.stop()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py relay", description="Run the Couchtop relay.")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    p.add_argument("--port", type=int, default=7777, help="TCP port (0 picks a free one)")
    p.add_argument("--data", default=None, help="folder for room logs (default: the user data folder)")
    p.add_argument("--rate", type=float, default=None, help="frames per second per connection")
    p.add_argument("--burst", type=int, default=None, help="frames a connection may send at once")
    p.add_argument("--grace", type=float, default=None, help="seconds a dropped seat is held")
    p.add_argument("--idle", type=float, default=None, help="seconds of silence before a drop")
    p.add_argument("--max-rooms", type=int, default=None)
    p.add_argument("-v", "--verbose", action="store_true", help="log at debug level")
    return p.parse_args(argv)


def default_data_dir() -> Path:
    import os
    env = os.environ.get("COUCHTOP_DATA")
    if env:
        return Path(env) / "relay"
    import platformdirs
    return Path(platformdirs.user_data_dir("Couchtop", "Couchtop")) / "relay"


def main(argv: list[str] | None = None) -> int:
    """`python main.py relay [--host H] [--port P] [--data DIR]`; Ctrl-C stops it cleanly."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(message)s")
    limits = {name: value for name, value in (("rate", args.rate), ("burst", args.burst),
                                              ("grace", args.grace), ("idle_timeout", args.idle),
                                              ("max_rooms", args.max_rooms)) if value is not None}
    data = Path(args.data) if args.data else default_data_dir()

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):   # Windows: KeyboardInterrupt instead
                pass
        await serve(args.host, args.port, data, stop=stop, **limits)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        log.error("relay could not start: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
