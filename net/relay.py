"""The rules-agnostic relay: rooms, seats, a stamped and stored log, broadcast.

It never runs game rules (deterministic lockstep): it stamps each accepted command with
the room's next sequence number, the sender's seat (never trusted from the client), the
time in ms since the room started and a random 64-bit salt, appends it to the room's
file and broadcasts it. Run it with `python -m net.relay` (or `python main.py relay`).
This module holds the relay's life, its rooms and their timeouts; connections live in
net/conn.py, connection policing in net/policing.py, rooms' memory and disk budgets in
net/roomspace.py, the message handlers in net/handlers.py; every limit is in
net/limits.py and docs/protocol.md.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import time
from pathlib import Path
from typing import Any, Callable

from net import handlers
from net.conn import Conn
from net.limits import Limits
from net.openfiles import Opener, OpenFiles
from net.policing import Police, less
from net.protocol import encode
from net.roomlog import RoomFile, room_files
from net.rooms import LogFull, Room, Seat
from net.roomspace import FILE_SLACK, RoomSpace

log = logging.getLogger("couchtop.relay")


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
        self.rooms_by_addr: dict[str, int] = {}     # open rooms by the address that made them
        self.police = Police(self.limits, clock)
        self.conns = self.police.conns
        self.space = RoomSpace(self.limits, clock, self.rooms, self.close_room)
        self.pool = self.space.pool                 # rooms' log bytes
        self.disk = self.space.disk                 # rooms' file bytes
        self.server: asyncio.base_events.Server | None = None
        self.host = "127.0.0.1"
        self.port = 0
        self._next_id = 0
        self._sweeper: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[None]] = set()   # resyncs streaming
        self._dirty: list[Conn] = []
        self._flush_pending = False

    @property
    def queued(self) -> int:
        """Bytes in every write buffer, as last counted (net/policing.py)."""
        return self.police.queued

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
        for task in list(self.tasks):
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
        """`conn`'s write buffer holds `size` bytes (the output budget: net/policing.py)."""
        self.police.buffered(conn, size)

    def _make_conn(self) -> Conn:
        self._next_id += 1
        return Conn(self, self._next_id)

    def opened(self, conn: Conn) -> None:
        self.police.opened(conn)

    def lost(self, conn: Conn) -> None:
        self.police.lost(conn)
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is not None and seat is not None and seat.conn is conn:
            room.away(seat)
            self.lobby(room)

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
        self.police.sweep(now)
        for room in list(self.rooms.values()):
            if not room.started and now - room.created_at > lim.lobby_ttl:
                self.close_room(room, f"not started within {lim.lobby_ttl:g} s",
                                 ("lobby_timeout", f"room {room.code} did not start in time"))
                continue
            changed = False
            for seat in room.seats:
                if seat.status == "away" and seat.away_since is not None \
                        and now - seat.away_since > lim.grace:
                    self.guard(room, self._expire, room, seat)
                    changed = True
            if changed:
                if self.over(room):
                    continue
                self.guard(room, room.pass_host)
                self.lobby(room)
            if room.empty_since is not None and now - room.empty_since > lim.room_ttl:
                self.close_room(room, "nobody came back")

    def guard(self, room: Room, fn: Callable[..., Any], *args: Any) -> Any:
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

    def over(self, room: Room) -> bool:
        """Close a lobby nobody is in, or a game every player has left for good."""
        if not room.started and not room.humans():
            self.close_room(room, "everyone left the lobby")
            return True
        if room.started and all(s.token is None for s in room.seats):
            self.close_room(room, "every player left the game")
            return True
        return False

    def close_room(self, room: Room, why: str, notice: tuple[str, str] | None = None) -> None:
        log.info("room %s closed: %s", room.code, why)
        self.rooms.pop(room.code, None)
        if room.addr is not None:
            less(self.rooms_by_addr, room.addr)
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

    def handle(self, conn: Conn, msg: dict[str, Any], size: int) -> None:
        """One decoded message from `conn` (net/handlers.py)."""
        handlers.handle(self, conn, msg, size)

    def lobby(self, room: Room) -> None:
        self.broadcast(room, encode(room.lobby_msg()))

    @staticmethod
    def broadcast(room: Room, data: bytes, first: Conn | None = None) -> None:
        """Queue `data` for every connected seat that is not catching up. `first` (the
        sender of a command) is queued first, so its write goes out first this tick."""
        if first is not None and not first.syncing:
            first.send_raw(data)
        for seat in room.seats:
            c = seat.conn
            if c is not None and c is not first and not c.syncing:
                c.send_raw(data)


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
