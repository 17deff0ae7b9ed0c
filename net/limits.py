"""The relay's limits, in one place (every one can be overridden by `Relay(**limits)`;
docs/protocol.md lists each with what a client sees when it hits it)."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from net.protocol import CMD_HEADROOM, MAX_FRAME


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
    open_files: int = 64              # room files kept open at once (least recently used closed)

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
