"""Connection policing for the relay: who may connect and who must go.

Per-address connection counts and rates, the relay-wide and lobby connection caps (the
fairest one goes for a newcomer, net.limits.fair_victim), the output budget over every
write buffer, the resync byte rate and the idle timeouts of connections. Rooms' memory
and disk budgets are in net/roomspace.py; the message handlers in net/handlers.py.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Callable

from net.buckets import Bucket
from net.limits import Limits, fair_victim

if TYPE_CHECKING:
    from net.conn import Conn

log = logging.getLogger("couchtop.relay")


def less(counts: dict[str, int], key: str) -> None:
    """One fewer of `key` (a count that reaches zero is dropped)."""
    left = counts.get(key, 1) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def in_lobby(c: "Conn") -> bool:
    """Not in a started game: no room yet, or a room that has not started."""
    return c.room is None or not c.room.started


class Police:
    """The relay's connections (`conns`) kept within its limits. `clock` is the relay's."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self.conns: set[Conn] = set()
        self.per_addr: dict[str, int] = {}          # open connections by IP address
        self.connects: dict[str, Bucket] = {}       # new connections, by address
        self.syncs: dict[str, Bucket] = {}          # resync bytes sent, by address
        self.queued = 0                             # bytes in every write buffer, as last counted

    def opened(self, conn: "Conn") -> None:
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

    def lost(self, conn: "Conn") -> None:
        if conn in self.conns:
            self.conns.discard(conn)
            less(self.per_addr, conn.addr)
        self.queued -= conn.buffered
        conn.buffered = 0

    def _admit(self, conn: "Conn") -> bool:
        """Keep the connections within `max_conns`, and those not in a started game within
        `max_lobby_conns`, by letting go (error `evicted`) the oldest idle connection of
        the address holding the most (net.limits.fair_victim; lobby ones before players)
        when the newcomer's address holds fewer; False when nobody can fairly go."""
        lim = self.limits
        live = [c for c in self.conns if not c.closing and c is not conn]
        if len(live) + 1 > lim.max_conns:
            victim = fair_victim(live, lambda c: c.addr,
                                 lambda c: (not in_lobby(c), c.progress), conn.addr)
            if victim is None:
                log.warning("conn %d refused: %d connections is the relay's limit and no address "
                            "holds more than %s would", conn.id, lim.max_conns, conn.addr)
                return False
            self._evict(victim, f"{lim.max_conns} connections")
            live.remove(victim)
        lobby = [c for c in live if in_lobby(c)]
        if len(lobby) + 1 > lim.max_lobby_conns:
            victim = fair_victim(lobby, lambda c: c.addr, lambda c: c.progress, conn.addr)
            if victim is None:
                log.warning("conn %d refused: %d connections outside a started game is the "
                            "relay's limit", conn.id, lim.max_lobby_conns)
                return False
            self._evict(victim, f"{lim.max_lobby_conns} connections outside a started game")
        return True

    def _evict(self, victim: "Conn", what: str) -> None:
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

    def sync_bucket(self, addr: str) -> Bucket:
        """Resync bytes an address may be sent: a client (or many, from one machine)
        asking for the whole log again and again is served at this rate."""
        b = self.syncs.get(addr)
        now = self.clock()
        if b is None:
            b = self.syncs[addr] = Bucket(self.limits.sync_rate, self.limits.sync_burst, now)
        b.refill(now)
        return b

    def buffered(self, conn: "Conn", size: int) -> None:
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

    def sweep(self, now: float) -> None:
        """Forget addresses at rest; drop connections past their hello, idle or lobby time."""
        lim = self.limits
        for buckets in (self.connects, self.syncs):
            for addr in [a for a, b in buckets.items() if b.full(now)]:
                del buckets[addr]
        for c in list(self.conns):
            if c.closing:
                continue
            if c.room is None and now - c.opened > lim.hello_timeout:
                c.fail("hello_timeout", "no hello and room within the time allowed")
            elif now - c.last_rx > lim.idle_timeout:
                c.fail("idle", f"no complete frame received for {lim.idle_timeout:g} s")
            elif in_lobby(c) and now - c.progress > lim.lobby_idle:
                c.fail("idle", f"no progress in the lobby (a join, a ready, a start) for "
                               f"{lim.lobby_idle:g} s")
