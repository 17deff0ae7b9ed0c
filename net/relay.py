"""The rules-agnostic relay: rooms, seats, a stamped and stored log, broadcast.

It never runs game rules (deterministic lockstep): it stamps each accepted command with
the room's next sequence number, the sender's seat (never trusted from the client), the
time in ms since the room started and a random 64-bit salt, appends it to the room's
file and broadcasts it. Run it with `python -m net.relay` (or `python main.py relay`).
Connections live in net/conn.py; every limit is in net/limits.py and docs/protocol.md.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
import signal
import sys
import time
from pathlib import Path
from typing import Any, Callable

from net.buckets import Bucket, Pool
from net.conn import Conn
from net.limits import Limits, fair_victim
from net.openfiles import Opener, OpenFiles
from net.protocol import PROTOCOL_VERSION, encode, frame
from net.roomlog import RoomFile, room_files
from net.rooms import META_BUDGET, LogFull, Room, Seat, new_code

log = logging.getLogger("couchtop.relay")
RELAY_NAME = "couchtop-relay/1"
STAMP_OVERHEAD = 64        # bytes a stamped record (and its file tag) adds to a command frame
FILE_SLACK = 2 * META_BUDGET   # seat records and the like, beyond the commands' budget


class DiskUse:
    """Bytes of every room's file together (rooms add what they append)."""
    __slots__ = ("used",)

    def __init__(self) -> None:
        self.used = 0


def _less(counts: dict[str, int], key: str) -> None:
    """One fewer of `key` (a count that reaches zero is dropped)."""
    left = counts.get(key, 1) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


class Relay:
    """The relay server. `Relay(data_dir, **limits)`; `await start(host, port)`;
    `await stop()`. Port 0 picks a free port (`relay.port`). `clock` is the time every
    limit reads (tests pass a fake one and call `sweep()`); `opener` makes room files
    (tests pass one whose writes fail, as on a full disk)."""

    def __init__(self, data_dir: Path | str | None = None, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic, opener: Opener | None = None,
                 **overrides: Any) -> None:
        self.limits = (limits or Limits()).with_(**overrides)
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.clock = clock
        self.files = OpenFiles(self.limits.open_files, opener or RoomFile)
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, tuple[Room, Seat]] = {}
        self.conns: set[Conn] = set()
        self.per_addr: dict[str, int] = {}          # open connections by IP address
        self.rooms_by_addr: dict[str, int] = {}     # open rooms by the address that made them
        self.connects: dict[str, Bucket] = {}       # new connections, by address
        self.syncs: dict[str, Bucket] = {}          # resync bytes sent, by address
        self.queued = 0                             # bytes in every write buffer, as last counted
        self.pool = Pool(self.limits.log_total, self.limits.room_reserve,
                         self.limits.spare_rooms)   # rooms' log bytes
        self.disk = DiskUse()                       # rooms' file bytes
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
        self._sweeper = asyncio.create_task(self._sweep_loop())
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
        self.files.close_all()
        self.server = None
        log.info("relay stopped")

    def _load_rooms(self) -> None:
        if self.data_dir is None:
            return
        self.data_dir.mkdir(parents=True, exist_ok=True)
        cap = 2 * self.limits.max_log_bytes + FILE_SLACK   # room for per-record overhead

        def newest_first(path: Path) -> float:
            try:
                return -path.stat().st_mtime
            except OSError:
                return 0.0
        for path in sorted(room_files(self.data_dir), key=newest_first):
            try:
                size = path.stat().st_size
            except OSError as exc:
                log.warning("room file %s not loaded: %s", path.name, exc)
                continue
            if size > cap:
                log.warning("room file %s not loaded: %d bytes is over the %d-byte budget",
                            path.name, size, cap)
                continue
            try:
                room = Room.load(path, self.clock, self.files)
            except OSError as exc:
                log.warning("room file %s not loaded: %s", path.name, exc)
                continue
            if room is None:
                continue
            if len(self.rooms) >= self.limits.max_rooms:
                log.warning("room file %s not loaded: over %d rooms", path.name, self.limits.max_rooms)
                continue
            if self.disk.used + room.file_bytes > self.limits.disk_total \
                    or not self.pool.admit(room.code, room.log_bytes):
                log.warning("room %s evicted at load: its %d-byte file is over the relay's budgets "
                            "(%d of %d bytes on disk, %d of %d in memory taken by newer rooms)",
                            room.code, room.file_bytes, self.disk.used, self.limits.disk_total,
                            self.pool.committed, self.pool.total)
                self.disk.used += room.file_bytes
                self._drop_file(room)
                continue
            self.disk.used += room.file_bytes
            room.disk = self.disk
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

    def buffered(self, conn: Conn, size: int) -> None:
        """`conn`'s write buffer holds `size` bytes: keep every connection's together
        within the output budget, cutting the slowest readers first."""
        self.queued += size - conn.buffered
        conn.buffered = size
        budget = self.limits.output_budget
        if self.queued <= budget:
            return
        total = 0                 # the count is an upper bound (buffers drain): count again
        for c in self.conns:
            t = c.transport
            c.buffered = t.get_write_buffer_size() if t is not None and not c.closing else 0
            total += c.buffered
        self.queued = total
        for c in sorted(self.conns, key=lambda c: c.buffered, reverse=True):
            if self.queued <= budget:
                break
            log.warning("conn %d cut: %d bytes queued to all readers is over the %d-byte "
                        "output budget; it held the most (%d)", c.id, self.queued, budget, c.buffered)
            self.queued -= c.buffered
            c.buffered = 0
            c.cut("the relay's output budget is spent")

    def _make_conn(self) -> Conn:
        self._next_id += 1
        return Conn(self, self._next_id)

    def opened(self, conn: Conn) -> None:
        lim = self.limits
        self.conns.add(conn)
        n = self.per_addr[conn.addr] = self.per_addr.get(conn.addr, 0) + 1
        if n > lim.max_conns_per_addr:
            conn.fail("busy", f"more than {lim.max_conns_per_addr} connections from {conn.addr}")
        elif not self._may_connect(conn.addr):
            conn.fail("busy", f"more than {lim.connect_rate:g} new connections a second "
                              f"from {conn.addr}")
        elif not self._admit(conn):
            conn.fail("busy", "the relay has too many connections")

    @staticmethod
    def _in_lobby(c: Conn) -> bool:
        """Not in a started game: no room yet, or a room that has not started."""
        return c.room is None or not c.room.started

    def _admit(self, conn: Conn) -> bool:
        """Keep the connections within `max_conns`, and those not in a started game within
        `max_lobby_conns`, by letting go (error `evicted`) the oldest idle connection of
        the address holding the most (net.limits.fair_victim; lobby ones before players)
        when the newcomer's address holds fewer; False when nobody can fairly go."""
        lim = self.limits
        live = [c for c in self.conns if not c.closing and c is not conn]
        if len(live) + 1 > lim.max_conns:
            victim = fair_victim(live, lambda c: c.addr,
                                 lambda c: (not self._in_lobby(c), c.progress), conn.addr)
            if victim is None:
                log.warning("conn %d refused: %d connections is the relay's limit and no address "
                            "holds more than %s would", conn.id, lim.max_conns, conn.addr)
                return False
            self._evict(victim, f"{lim.max_conns} connections")
            live.remove(victim)
        lobby = [c for c in live if self._in_lobby(c)]
        if len(lobby) + 1 > lim.max_lobby_conns:
            victim = fair_victim(lobby, lambda c: c.addr, lambda c: c.progress, conn.addr)
            if victim is None:
                log.warning("conn %d refused: %d connections outside a started game is the "
                            "relay's limit", conn.id, lim.max_lobby_conns)
                return False
            self._evict(victim, f"{lim.max_lobby_conns} connections outside a started game")
        return True

    def _evict(self, victim: Conn, what: str) -> None:
        log.warning("conn %d from %s evicted for a newcomer: the relay holds %s and %s holds "
                    "the most; it made no progress for %.0f s", victim.id, victim.addr, what,
                    victim.addr, self.clock() - victim.progress)
        victim.fail("evicted", "the relay is full: a newcomer took this connection's slot "
                               "(it was the least active of the address holding the most)")

    def _may_connect(self, addr: str) -> bool:
        """A token bucket of new connections per address."""
        lim, now = self.limits, self.clock()
        b = self.connects.get(addr)
        if b is None:
            b = self.connects[addr] = Bucket(lim.connect_rate, lim.connect_burst, now)
        if b.refill(now) < 1.0:
            return False
        b.spend(1)
        return True

    def _sync_bucket(self, addr: str) -> Bucket:
        """Resync bytes an address may be sent: a client (or many, from one machine)
        asking for the whole log again and again is served at this rate."""
        b = self.syncs.get(addr)
        now = self.clock()
        if b is None:
            b = self.syncs[addr] = Bucket(self.limits.sync_rate, self.limits.sync_burst, now)
        b.refill(now)
        return b

    def lost(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.discard(conn)
            _less(self.per_addr, conn.addr)
        self.queued -= conn.buffered
        conn.buffered = 0
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is not None and seat is not None and seat.conn is conn:
            room.away(seat)
            self._lobby(room)

    async def _sweep_loop(self) -> None:
        lim = self.limits
        period = max(0.02, min(1.0, lim.idle_timeout / 4, lim.hello_timeout / 4, lim.grace / 4))
        while True:
            await asyncio.sleep(period)
            self.sweep()

    def sweep(self) -> None:
        """Apply every timeout at the clock's time now (the loop calls it a few times a
        second; tests with a fake clock call it after moving the clock)."""
        lim = self.limits
        now = self.clock()
        for buckets in (self.connects, self.syncs):       # forget addresses at rest
            for addr in [a for a, b in buckets.items() if b.full(now)]:
                del buckets[addr]
        for c in list(self.conns):
            if c.closing:
                continue
            if c.room is None and now - c.opened > lim.hello_timeout:
                c.fail("hello_timeout", "no hello and room within the time allowed")
            elif now - c.last_rx > lim.idle_timeout:
                c.fail("idle", f"no complete frame received for {lim.idle_timeout:g} s")
            elif self._in_lobby(c) and now - c.progress > lim.lobby_idle:
                c.fail("idle", f"no progress in the lobby (a join, a ready, a start) for "
                               f"{lim.lobby_idle:g} s")
        for room in list(self.rooms.values()):
            if not room.started and now - room.created_at > lim.lobby_ttl:
                self._close_room(room, f"not started within {lim.lobby_ttl:g} s",
                                 ("lobby_timeout", f"room {room.code} did not start in time"))
                continue
            changed = False
            for seat in room.seats:
                if seat.status == "away" and seat.away_since is not None \
                        and now - seat.away_since > lim.grace:
                    self._guard(room, self._expire, room, seat)
                    changed = True
            if changed:
                if self._over(room):
                    continue
                self._guard(room, room.pass_host)
                self._lobby(room)
            if room.empty_since is not None and now - room.empty_since > lim.room_ttl:
                self._close_room(room, "nobody came back")

    def _guard(self, room: Room, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a room change outside any client's request; a failed write is logged."""
        try:
            return fn(*args)
        except (OSError, LogFull) as exc:
            log.error("room %s: could not write its file: %s", room.code, exc)
            return None

    def _expire(self, room: Room, seat: Seat) -> None:
        log.info("room %s seat %d given up after the grace period", room.code, seat.index)
        if room.started:
            room.give_up(seat)
        else:
            self.tokens.pop(seat.token or "", None)
            room.free(seat)

    def _over(self, room: Room) -> bool:
        """Close a lobby nobody is in, or a game every player has left for good."""
        if not room.started and not room.humans():
            self._close_room(room, "everyone left the lobby")
            return True
        if room.started and all(s.token is None for s in room.seats):
            self._close_room(room, "every player left the game")
            return True
        return False

    def _close_room(self, room: Room, why: str, notice: tuple[str, str] | None = None) -> None:
        log.info("room %s closed: %s", room.code, why)
        self.rooms.pop(room.code, None)
        if room.addr is not None:
            _less(self.rooms_by_addr, room.addr)
        for seat in room.seats:
            self.tokens.pop(seat.token or "", None)
            c = seat.conn
            if c is not None and notice is not None:
                c.room = c.seat = None
                c.fail(*notice)
        self.pool.release(room.code)
        self._drop_file(room)

    def _drop_file(self, room: Room) -> None:
        """Close the room and delete its file, counting its bytes off the disk budget."""
        room.disk = None
        room.close()
        self.disk.used -= room.file_bytes

    def _room_fits(self, extra: int = 0, room: Room | None = None) -> bool:
        """Whether a new room (`room` None) or `extra` more log bytes for `room` fit the
        memory and disk budgets."""
        lim = self.limits
        if room is None:
            return self.pool.fits_new() and self.disk.used + lim.room_reserve + FILE_SLACK <= lim.disk_total
        return self.pool.may_grow(room.code, extra) and self.disk.used + extra <= lim.disk_total

    def _make_space(self, fits: Callable[[], bool], keep: Room | None, why: str) -> bool:
        """Evict rooms nobody is connected to (the longest empty first, unstarted ones
        and started ones alike) until `fits()`; whether it fits."""
        if fits():
            return True
        idle = sorted((r for r in self.rooms.values() if r is not keep and not r.conns()),
                      key=lambda r: r.empty_since if r.empty_since is not None else r.created_at)
        for room in idle:
            log.warning("room %s evicted: nobody connected for %.0f s and %s", room.code,
                        self.clock() - (room.empty_since or room.created_at), why)
            self._close_room(room, "evicted to make space")
            if fits():
                return True
        return False

    def _share_rooms(self, addr: str) -> bool:
        """With every room in use: close the least active room of the address that made
        the most, while it made more than `addr` will have (net/limits.py fair_victim), so a
        newcomer's address gets its room; whether one now fits."""
        while not self._room_fits():
            victim = fair_victim(list(self.rooms.values()), lambda r: r.addr or "?",
                                 lambda r: r.active_at, addr)
            if victim is None:
                return False
            log.warning("room %s evicted for a room from %s: %s made the most rooms and this "
                        "was its least active", victim.code, addr, victim.addr)
            self._close_room(victim, "evicted for a newcomer's room",
                             ("evicted", "the relay is full: a room from another address took "
                                         "this room's place (it was the least active room of the "
                                         "address that made the most)"))
        return True

    def _budget_text(self) -> str:
        lim = self.limits
        return (f"{self.pool.committed} of {lim.log_total} bytes of room logs in memory, "
                f"{self.disk.used} of {lim.disk_total} on disk")

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
        try:
            self._handlers[kind](conn, msg, size)
        except LogFull as exc:       # the room's seat records are spent
            log.info("conn %d %s refused: %s", conn.id, kind, exc)
            if kind in ("create", "join", "resume"):
                conn.fail("room_full", str(exc))
            else:
                self._refuse(conn, "log_full", msg.get("cid"))
        except OSError as exc:       # the room's file could not be written (a full disk)
            log.error("conn %d %s: could not write the room file: %s", conn.id, kind, exc)
            if kind == "cmd":
                self._refuse(conn, "storage", msg["cid"])
            else:
                conn.fail("storage", "the relay could not store that (its disk may be full)")

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
        conn.progress = self.clock()
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

    def _progress(self, room: Room) -> None:
        """The room moved on (a join, a ready, the start): each member's idle timer in the
        lobby starts again (chatter, pings and the like never do)."""
        now = self.clock()
        for c in room.conns():
            c.progress = now

    def _enter(self, conn: Conn, room: Room, seat: Seat) -> None:
        conn.room, conn.seat = room, seat
        conn.progress = self.clock()
        if seat.token:
            self.tokens[seat.token] = (room, seat)
        conn.send(room.room_msg(seat))

    def _create(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        lim = self.limits
        if len(self.rooms) >= lim.max_rooms:
            conn.fail("rooms_full", "the relay has no room for another room")
            return
        if self.rooms_by_addr.get(conn.addr, 0) >= lim.max_rooms_per_addr:
            conn.fail("rooms_full", f"{conn.addr} already has {lim.max_rooms_per_addr} open rooms")
            return
        if msg["seats"] > lim.max_seats:
            conn.fail("too_many_seats", f"a room has at most {lim.max_seats} seats")
            return
        if not self._make_space(self._room_fits, None, "a new room needs space") \
                and not self._share_rooms(conn.addr):
            log.warning("conn %d create refused: the relay is full (%s)", conn.id, self._budget_text())
            conn.fail("relay_full", "the relay holds as many rooms as its memory and disk budgets "
                                    "allow; try again later")
            return
        h = conn.hello
        assert h is not None
        code = new_code(lambda c: c in self.rooms or (self.data_dir is not None
                                                      and (self.data_dir / f"{c}.ctroom").exists()))
        room = Room.create(code, h["game"], h["rules_version"], msg["variant"], msg["seats"],
                           msg["options"], msg["allow_bots"], self.data_dir, self.clock, self.files)
        self.rooms[code] = room
        self.pool.admit(room.code)
        self.disk.used += room.file_bytes
        room.disk = self.disk
        room.addr = conn.addr
        self.rooms_by_addr[conn.addr] = self.rooms_by_addr.get(conn.addr, 0) + 1
        seat = room.seats[0]
        try:
            room.claim(seat, h["name"], conn)
        except OSError:
            self._close_room(room, "its file could not be written")
            raise
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
        self._progress(room)
        self._lobby(room)

    def _resume(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        token = msg["token"]
        found = self.tokens.get(token)
        if found is not None and (found[0].closed or found[1].token is None
                                  or not secrets.compare_digest(found[1].token, token)):
            del self.tokens[token]       # the seat changed hands: this token is dead
            found = None
        if found is None:
            conn.fail("bad_token", "that seat is not held any more")
            return
        room, seat = found
        if not self._check_game(conn, room):
            return
        old = seat.conn
        room.come_back(seat, conn)       # written first: on a failed write nothing changed
        if old is not None and old is not conn:
            old.room = old.seat = None
            old.fail("replaced", "this seat was resumed from another connection")
        last = msg["last_seq"]
        log.info("conn %d resumed room %s seat %d after seq %d", conn.id, room.code, seat.index, last)
        self._enter(conn, room, seat)
        if room.started:
            self._start_resync(conn, room, last + 1 if last <= len(room.log) else 1)
        self._lobby(room)

    def _ready(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        assert conn.room is not None and conn.seat is not None
        if conn.room.started:
            conn.send({"k": "refused", "cid": None, "reason": "started", "seq": None})
            return
        if conn.seat.ready != msg["ready"]:
            conn.progress = self.clock()
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
        self._progress(room)
        log.info("room %s started", room.code)
        self._broadcast(room, encode({"k": "started", "seed": room.seed, "members": room.members()}))

    def _cmd(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, by = conn.room, conn.seat
        assert room is not None and by is not None
        cid = msg["cid"]
        lim = self.limits
        if size > lim.max_cmd:
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
        need = size + STAMP_OVERHEAD
        fits = room.has_room_for(seat, need, lim.max_log_bytes)
        if len(room.log) >= lim.max_log or not fits:
            return self._refuse(conn, "log_full", cid)
        if not self._make_space(lambda: self._room_fits(need, room), room, "a playing room needs space"):
            if not room.over_budget:
                room.over_budget = True
                log.warning("room %s: commands refused past its %d guaranteed bytes: the relay is "
                            "full (%s)", room.code, lim.room_reserve, self._budget_text())
            return self._refuse(conn, "log_full", cid)
        before = room.log_bytes
        self._broadcast(room, frame(room.stamp(by.index, seat, cid, cmd)), conn)
        self.pool.grow(room.code, room.log_bytes - before)
        conn.progress = self.clock()

    def _hash(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        room, seat = conn.room, conn.seat
        assert room is not None and seat is not None
        lim = self.limits
        found = room.note_hash(seat.index, msg["seq"], msg["hash"], lim.hash_window,
                               now=self.clock(), every=lim.desync_every, seqs=lim.desync_seqs)
        if found is None:
            return
        notice, tell, outvoted = found
        log.info("room %s desync at seq %d: seats %s differ%s", room.code, msg["seq"], tell,
                 " from the majority" if outvoted else "")
        data = encode(notice)
        for i in tell:
            c = room.seats[i].conn
            if c is not None:
                c.send_raw(data)
            if outvoted:
                room.strikes[i] = room.strikes.get(i, 0) + 1
                if room.strikes[i] >= lim.desync_strikes and c is not None:
                    self._remove_diverged(room, room.seats[i], c)

    def _remove_diverged(self, room: Room, seat: Seat, conn: Conn) -> None:
        """A seat outvoted `desync_strikes` times (its hash against the agreed one after the
        resyncs it was told to do): it leaves the race, which goes on without it."""
        log.warning("room %s seat %d removed: its hash differed from the majority's %d times",
                    room.code, seat.index, room.strikes[seat.index])
        conn.room = conn.seat = None
        self.tokens.pop(seat.token or "", None)
        self._guard(room, room.leave, seat)
        conn.fail("diverged", f"this seat's state differed from the room's "
                              f"{self.limits.desync_strikes} times after resyncing: it was "
                              f"removed from the game")
        if not self._over(room):
            self._guard(room, room.pass_host)
            self._lobby(room)

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
        old = target.token
        room.set_bot(target, msg["on"])
        if old is not None and target.token != old:
            self.tokens.pop(old, None)
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
        try:
            room.leave(seat)
        finally:
            conn.send({"k": "bye"})
            conn.flush()
            conn.end()
        if self._over(room):
            return
        room.pass_host()
        self._lobby(room)

    # ---- resync -------------------------------------------------------------------
    def _start_resync(self, conn: Conn, room: Room, start: int) -> None:
        """Send the log from `start` in chunks. Live broadcasts to this connection wait
        until it has caught up; a long log is streamed with flow control, and within
        the address's resync byte rate."""
        budget = self.limits.max_frame - 256
        bucket = self._sync_bucket(conn.addr)
        if bucket.tokens >= 0.0:
            body, nxt = room.resync_body(start, budget)
            bucket.spend(len(body))
            conn.send_raw(frame(body))
            if nxt > len(room.log):
                return
            start = nxt
        conn.syncing = True
        task = asyncio.create_task(self._stream(conn, room, start, budget))
        self._syncs.add(task)
        task.add_done_callback(self._syncs.discard)

    async def _stream(self, conn: Conn, room: Room, start: int, budget: int) -> None:
        try:
            while not conn.closing:
                conn.flush()
                await conn.drain(self.limits.idle_timeout)
                bucket = self._sync_bucket(conn.addr)
                while bucket.tokens < 0.0 and not conn.closing:
                    await asyncio.sleep(min(max(bucket.wait(), 0.005), 0.25))
                    bucket = self._sync_bucket(conn.addr)
                if conn.closing or conn.room is not room:
                    return
                body, start = room.resync_body(start, budget)
                bucket.spend(len(body))
                conn.send_raw(frame(body))
                if start > len(room.log):
                    conn.syncing = False   # no await since the chunk: nothing was missed
                    return
        except asyncio.TimeoutError:
            conn.cut("the resync was not read in time")
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


# Command-line flags for limits: (flag, Limits field, type, help). Defaults come from Limits.
LIMIT_FLAGS: tuple[tuple[str, str, type, str], ...] = (
    ("--rate", "rate", float, "frames per second per connection; a faster sender is read slower"),
    ("--burst", "burst", int, "frames a connection may send at once"),
    ("--byte-rate", "byte_rate", int, "bytes per second per connection; a faster sender is read slower"),
    ("--byte-burst", "byte_burst", int, "bytes a connection may send at once"),
    ("--grace", "grace", float, "seconds a dropped seat is held"),
    ("--idle", "idle_timeout", float, "seconds without a complete frame before a drop"),
    ("--lobby-ttl", "lobby_ttl", float, "seconds a room may stay unstarted"),
    ("--room-ttl", "room_ttl", float, "seconds a room with nobody connected is kept"),
    ("--max-rooms", "max_rooms", int, "open rooms"),
    ("--max-rooms-per-addr", "max_rooms_per_addr", int, "open rooms created from one address"),
    ("--max-conns", "max_conns", int, "open connections"),
    ("--max-conns-per-addr", "max_conns_per_addr", int, "open connections from one address"),
    ("--connect-rate", "connect_rate", float, "new connections per second from one address"),
    ("--connect-burst", "connect_burst", int, "new connections one address may open at once"),
    ("--max-cmd", "max_cmd", int, "bytes in one command frame"),
    ("--sync-rate", "sync_rate", int, "bytes of resync per second to one address"),
    ("--sync-burst", "sync_burst", int, "bytes of resync one address may be sent at once"),
    ("--max-log-bytes", "max_log_bytes", int,
     "bytes of stamped commands per room (each seat gets an equal share)"),
    ("--max-log", "max_log", int, "stamped commands per room"),
    ("--write-buffer", "write_buffer_cap", int, "bytes queued to one reader before it is cut"),
    ("--output-budget", "output_budget", int,
     "bytes queued to all readers together; over it the slowest are cut"),
    ("--open-files", "open_files", int, "room files kept open at once"),
    ("--max-lobby-conns", "max_lobby_conns", int,
     "connections not in a started game; past it the least active of the address holding the most goes"),
    ("--lobby-idle", "lobby_idle", float, "seconds outside a started game without progress (join, ready, start)"),
    ("--log-total", "log_total", int, "bytes of stamped commands in all rooms together"),
    ("--room-reserve", "room_reserve", int, "bytes of --log-total each open room is guaranteed"),
    ("--spare-rooms", "spare_rooms", int, "room reserves of --log-total kept for new rooms"),
    ("--disk-total", "disk_total", int, "bytes of room files on disk"),
    ("--desync-every", "desync_every", float, "seconds between the desyncs a room raises"),
    ("--desync-seqs", "desync_seqs", int, "sequence numbers between the desyncs a room raises"),
    ("--desync-strikes", "desync_strikes", int,
     "times a seat may be outvoted on its hash (3+ seats) before it is removed"),
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="main.py relay", description="Run the Couchtop relay.",
        epilog="Every limit, and what a client sees when it hits one: docs/protocol.md.")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    p.add_argument("--port", type=int, default=7777, help="TCP port (0 picks a free one)")
    p.add_argument("--data", default=None, help="folder for room logs (default: the user data folder)")
    defaults = Limits()
    for flag, name, kind, text in LIMIT_FLAGS:
        value = getattr(defaults, name)
        shown = f"{value:,}" if isinstance(value, int) else f"{value:g}"
        p.add_argument(flag, dest=name, type=kind, default=None, metavar=kind.__name__.upper(),
                       help=f"{text} (default: {shown})")
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
    limits = {name: getattr(args, name) for _, name, _, _ in LIMIT_FLAGS
              if getattr(args, name) is not None}
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
