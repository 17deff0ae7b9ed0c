"""The phone host's limits, in one place (docs/phone-protocol.md lists each with what a
phone sees when it hits it). Every one can be overridden: `PhoneHost(limits=...)`."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class PhoneLimits:
    max_frame: int = 4096           # bytes in one inbound text frame (websockets closes: 1009)
    max_name: int = 24              # characters in a player's name
    max_depth: int = 4              # nesting of lists and objects in a command
    rate: float = 10.0              # messages a second per connection, sustained
    burst: int = 30                 # messages a connection may send at once
    max_conns_per_addr: int = 16    # open WebSockets from one IP address
    max_conns: int = 64             # open WebSockets in all
    join_rate: float = 0.5          # hello / join / resume attempts a second per address
    join_burst: int = 12            # attempts an address may make at once
    hello_timeout: float = 30.0     # seconds for a new socket to say hello or resume
    max_preview_cards: int = 24     # cards in a word a phone asks the ¢ of (a preview)

    def with_(self, **overrides: Any) -> "PhoneLimits":
        return replace(self, **overrides)

    def to_wire(self) -> dict[str, Any]:
        """What the welcome tells a phone (so the page can keep under them)."""
        return {"max_frame": self.max_frame, "max_name": self.max_name,
                "rate": self.rate, "burst": self.burst}
