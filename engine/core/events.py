"""Commands and events are plain dicts that travel through msgpack unchanged.

A command: {"type": "place", "seat": 1, ...payload}. An event: {"type": "placed",
"seq": 7, "seat": 1, "t": 1234, "v": 1, ...payload}. Events carry a schema version `v`;
`upcast` upgrades an old event through the upcasters registered for (type, v).
"""
from __future__ import annotations

from typing import Any, Callable

Command = dict[str, Any]
Event = dict[str, Any]

# (game, type, v) -> function returning the event at v + 1
_UPCASTERS: dict[tuple[str, str, int], Callable[[Event], Event]] = {}
# (game, type) -> the current schema version (1 when unregistered)
_CURRENT: dict[tuple[str, str], int] = {}


def event(etype: str, seat: int | None = None, **payload: Any) -> Event:
    """A new event as `decide` returns it; the session stamps seq, t and v."""
    ev: Event = {"type": etype, "seat": seat}
    ev.update(payload)
    return ev


def plain(x: Any) -> Any:
    """A fresh copy of plain data (dicts, and lists or tuples as lists): what `apply` keeps
    of an event, so the state never shares a list with the log."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x


def upcaster(game: str, etype: str, from_v: int) -> Callable[[Callable[[Event], Event]], Callable[[Event], Event]]:
    """Register a function that upgrades `etype` events of `game` from `from_v` to `from_v + 1`."""
    def register(fn: Callable[[Event], Event]) -> Callable[[Event], Event]:
        _UPCASTERS[(game, etype, from_v)] = fn
        key = (game, etype)
        _CURRENT[key] = max(_CURRENT.get(key, 1), from_v + 1)
        return fn
    return register


def current_version(game: str, etype: str) -> int:
    return _CURRENT.get((game, etype), 1)


def stamp(game: str, ev: Event, *, seq: int, t: int, cmd: int) -> Event:
    """Stamp a new event from `decide` (in place, and return it) as every session does:
    its index in the log `seq`, the game time `t`, its type's current schema version `v`
    and `cmd`, the count of accepted commands (0 for the setup)."""
    ev["seq"] = seq
    ev["t"] = t
    ev["v"] = current_version(game, ev["type"])
    ev["cmd"] = cmd
    return ev


def upcast(game: str, ev: Event) -> Event:
    """The event brought up to the current schema of its type."""
    if not _UPCASTERS:
        return ev
    v = int(ev.get("v", 1))
    etype = ev.get("type")
    while (fn := _UPCASTERS.get((game, etype, v))) is not None:
        ev = fn(dict(ev))
        v += 1
        ev["v"] = v
    return ev
