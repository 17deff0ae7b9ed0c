"""The relay's limits, in one place (every one can be overridden by `Relay(**limits)`)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from net.protocol import MAX_FRAME


@dataclass(frozen=True)
class Limits:
    max_frame: int = MAX_FRAME        # bytes in one frame body (never above MAX_FRAME)
    rate: float = 200.0               # frames per second per connection, sustained
    burst: int = 400                  # frames a connection may send at once
    max_conns: int = 1024             # open connections
    max_rooms: int = 1000             # open rooms
    max_seats: int = 8                # seats per room
    max_log: int = 200_000            # stamped commands per room
    hello_timeout: float = 10.0       # seconds to send hello, then to create/join/resume
    idle_timeout: float = 60.0        # seconds without any frame from a connection
    grace: float = 60.0               # seconds a dropped seat is held before it is given up
    room_ttl: float = 3600.0          # seconds a room with nobody connected is kept
    write_buffer_cap: int = 1 << 20   # bytes queued to one slow reader before it is dropped
    sndbuf: int = 256 * 1024          # kernel send buffer per connection (0: the OS default)
    hash_window: int = 256            # checkpoint seqs remembered for desync detection

    def __post_init__(self) -> None:
        if not 1024 <= self.max_frame <= MAX_FRAME:
            raise ValueError(f"max_frame must be within 1024..{MAX_FRAME}")
        if self.rate <= 0 or self.burst < 1:
            raise ValueError("rate and burst must be positive")

    def with_(self, **overrides: Any) -> "Limits":
        known = {f.name for f in fields(self)}
        unknown = set(overrides) - known
        if unknown:
            raise TypeError(f"unknown relay limits: {sorted(unknown)}")
        return replace(self, **overrides)

    def to_wire(self) -> dict[str, Any]:
        """What the welcome message tells clients (ints only: no floats on the wire)."""
        d = asdict(self)
        return {"max_frame": d["max_frame"], "rate": int(d["rate"]), "burst": d["burst"],
                "max_seats": d["max_seats"], "idle_ms": int(self.idle_timeout * 1000),
                "grace_ms": int(self.grace * 1000)}
