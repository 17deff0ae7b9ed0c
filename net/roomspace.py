"""Rooms' memory and disk budgets for the relay: what fits, and which idle rooms go.

Every room's log bytes share a Pool (net/buckets.py: each open room guaranteed
`room_reserve`), every room's file bytes one DiskUse. When a new room or a playing room's
command does not fit, rooms nobody is connected to are evicted (the longest empty
first); when every room is in use, the least active room of the address that made the
most goes for a newcomer's (net.limits.fair_victim).
"""
from __future__ import annotations

import logging
from typing import Callable

from net.buckets import Pool
from net.limits import Limits, fair_victim
from net.rooms import META_BUDGET, Room

log = logging.getLogger("couchtop.relay")
FILE_SLACK = 2 * META_BUDGET   # seat records and the like, beyond the commands' budget
EVICTED_FOR_NEWCOMER = ("evicted", "the relay is full: a room from another address took "
                                   "this room's place (it was the least active room of the "
                                   "address that made the most)")


class DiskUse:
    """Bytes of every room's file together (rooms add what they append)."""
    __slots__ = ("used",)

    def __init__(self) -> None:
        self.used = 0


class RoomSpace:
    """The budgets over `rooms` (the relay's own dict). `close(room, why, notice)` is the
    relay's way to close a room."""

    def __init__(self, limits: Limits, clock: Callable[[], float], rooms: dict[str, Room],
                 close: Callable[..., None]) -> None:
        self.limits = limits
        self.clock = clock
        self.rooms = rooms
        self.close = close
        self.pool = Pool(limits.log_total, limits.room_reserve, limits.spare_rooms)  # log bytes
        self.disk = DiskUse()                                                          # file bytes

    def fits(self, extra: int = 0, room: Room | None = None) -> bool:
        """Whether a new room (`room` None) or `extra` more log bytes for `room` fit the
        memory and disk budgets."""
        lim = self.limits
        if room is None:
            return self.pool.fits_new() and self.disk.used + lim.room_reserve + FILE_SLACK <= lim.disk_total
        return self.pool.may_grow(room.code, extra) and self.disk.used + extra <= lim.disk_total

    def make_space(self, fits: Callable[[], bool], keep: Room | None, why: str) -> bool:
        """Evict rooms nobody is connected to (the longest empty first, unstarted ones
        and started ones alike) until `fits()`; whether it fits."""
        if fits():
            return True
        idle = sorted((r for r in self.rooms.values() if r is not keep and not r.conns()),
                      key=lambda r: r.empty_since if r.empty_since is not None else r.created_at)
        for room in idle:
            log.warning("room %s evicted: nobody connected for %.0f s and %s", room.code,
                        self.clock() - (room.empty_since or room.created_at), why)
            self.close(room, "evicted to make space")
            if fits():
                return True
        return False

    def share(self, addr: str) -> bool:
        """With every room in use: close the least active room of the address that made
        the most, while it made more than `addr` will have (net/limits.py fair_victim), so a
        newcomer's address gets its room; whether one now fits."""
        while not self.fits():
            victim = fair_victim(list(self.rooms.values()), lambda r: r.addr or "?",
                                 lambda r: r.active_at, addr)
            if victim is None:
                return False
            log.warning("room %s evicted for a room from %s: %s made the most rooms and this "
                        "was its least active", victim.code, addr, victim.addr)
            self.close(victim, "evicted for a newcomer's room", EVICTED_FOR_NEWCOMER)
        return True

    def text(self) -> str:
        lim = self.limits
        return (f"{self.pool.committed} of {lim.log_total} bytes of room logs in memory, "
                f"{self.disk.used} of {lim.disk_total} on disk")
