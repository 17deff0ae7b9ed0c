"""The relay's limits, in one place (every one can be overridden by `Relay(**limits)`;
docs/protocol.md lists each with what a client sees when it hits it)."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Iterable, TypeVar

from net.protocol import CMD_HEADROOM, MAX_FRAME

T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    max_frame: int = MAX_FRAME        # bytes in one frame body (never above MAX_FRAME)
    max_cmd: int = 8 * 1024           # bytes in one "cmd" frame body
    rate: float = 200.0               # frames per second per connection, sustained
    burst: int = 400                  # frames a connection may send at once
    byte_rate: int = 64 * 1024        # bytes per second per connection, sustained
    byte_burst: int = 256 * 1024      # bytes a connection may send at once
    max_conns: int = 1024             # open connections
    max_conns_per_addr: int = 64      # open connections from one IP address
    connect_rate: float = 20.0        # new connections per second from one IP address
    connect_burst: int = 64           # new connections one IP address may open at once
    max_rooms: int = 1000             # open rooms
    max_rooms_per_addr: int = 8       # open rooms created from one IP address
    max_seats: int = 8                # seats per room
    sync_rate: int = 1 << 20          # resync bytes per second sent to one IP address
    sync_burst: int = 8 << 20         # resync bytes one IP address may be sent at once
    max_log: int = 200_000            # stamped commands per room
    max_log_bytes: int = 2 << 20      # bytes of stamped commands per room (each seat a share)
    hello_timeout: float = 10.0       # seconds to send hello, then to create/join/resume
    idle_timeout: float = 60.0        # seconds without a complete frame from a connection
    grace: float = 60.0               # seconds a dropped seat is held before it is given up
    lobby_ttl: float = 900.0          # seconds a room may stay unstarted
    room_ttl: float = 900.0           # seconds a room with nobody connected is kept
    write_buffer_cap: int = 512 * 1024  # bytes queued to one slow reader before it is dropped
    output_budget: int = 32 << 20     # bytes queued to all connections together
    sndbuf: int = 256 * 1024          # kernel send buffer per connection (0: the OS default)
    hash_window: int = 256            # checkpoint seqs remembered for desync detection
    desync_every: float = 5.0         # seconds between the desyncs a room raises, at least
    desync_seqs: int = 32             # sequence numbers between them, at least
    desync_strikes: int = 3           # times a seat may be outvoted (3+ seats) before it is removed
    open_files: int = 64              # room files kept open at once (least recently used closed)
    # budgets that bind whatever the spread of addresses (docs/protocol.md, "Limits")
    max_lobby_conns: int = 512        # connections not in a started game (no room yet, or a lobby)
    lobby_idle: float = 300.0         # seconds outside a started game without progress
    log_total: int = 96 << 20         # bytes of stamped commands in all rooms together (memory)
    room_reserve: int = 256 << 10     # bytes of log_total each open room is guaranteed
    spare_rooms: int = 16             # reserves of log_total kept for new rooms (rooms grow past
                                      # their own reserve only into the rest)
    disk_total: int = 256 << 20       # bytes of room files on disk

    def __post_init__(self) -> None:
        if not 1024 <= self.max_frame <= MAX_FRAME:
            raise ValueError(f"max_frame must be within 1024..{MAX_FRAME}")
        if not 64 <= self.max_cmd <= self.max_frame - CMD_HEADROOM:
            raise ValueError(f"max_cmd must be within 64..max_frame - {CMD_HEADROOM}")
        if self.rate <= 0 or self.burst < 1 or self.byte_rate <= 0 or self.byte_burst < 1:
            raise ValueError("rates and bursts must be positive")
        if self.sync_rate <= 0 or self.sync_burst < 1:
            raise ValueError("sync_rate and sync_burst must be positive")
        if self.open_files < 1:
            raise ValueError("open_files must be at least 1")
        if not 0 < self.room_reserve <= self.log_total:
            raise ValueError("room_reserve must be within 1..log_total")
        if self.disk_total < self.log_total:
            raise ValueError("disk_total must be at least log_total")

    def with_(self, **overrides: Any) -> "Limits":
        known = {f.name for f in fields(self)}
        unknown = set(overrides) - known
        if unknown:
            raise TypeError(f"unknown relay limits: {sorted(unknown)}")
        return replace(self, **overrides)

    def to_wire(self) -> dict[str, Any]:
        """What the welcome message tells clients (ints only: no floats on the wire)."""
        return {"max_frame": self.max_frame, "max_cmd": self.max_cmd, "rate": int(self.rate),
                "burst": self.burst, "byte_rate": self.byte_rate, "max_seats": self.max_seats,
                "max_log_bytes": self.max_log_bytes, "idle_ms": int(self.idle_timeout * 1000),
                "grace_ms": int(self.grace * 1000), "lobby_ms": int(self.lobby_ttl * 1000)}


def fair_victim(items: Iterable[T], addr: Callable[[T], str], rank: Callable[[T], Any],
                newcomer: str) -> T | None:
    """Whom to let go so that a newcomer from address `newcomer` gets a slot: of the items
    (slots held) of the other address holding the most, the least by `rank` (the oldest
    idle first), when that address holds more than the newcomer's will once it is in.
    None otherwise (the slots are shared out evenly, or the newcomer's own address is the
    one holding the most): then the newcomer is refused. So a newcomer from a fresh
    address is admitted whenever any address holds two slots or more."""
    by_addr: dict[str, list[T]] = {}
    for it in items:
        by_addr.setdefault(addr(it), []).append(it)
    mine = len(by_addr.pop(newcomer, ())) + 1
    if not by_addr:
        return None
    top = max(by_addr, key=lambda a: len(by_addr[a]))
    if len(by_addr[top]) <= mine:
        return None
    return min(by_addr[top], key=rank)
