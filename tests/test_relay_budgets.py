"""Budgets that bind whatever the spread of addresses (issue 20): the room logs of every
room together in memory and on disk (a room is guaranteed its reserve; past the total a
new room is refused `relay_full` unless rooms nobody is in can be evicted, longest empty
first, their files deleted), connections outside a started game capped, with a newcomer
from a fresh address admitted by letting the least active connection of the address
holding the most go (`evicted`), and a lobby idle timer that counts progress (a join, a
ready, the start), not frames. Loopback addresses stand for machines; time is a fake
clock the tests move."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from net.buckets import Pool
from net.limits import Limits, fair_victim
from support.relays import FakeClock, Raw, bounded, close_all, relay_on, room

arun = bounded(60.0)
PAD = "x" * 1000


# ---- the shared pieces (net/buckets.py, net/limits.py) -------------------------------------

def test_a_pool_keeps_spare_floors_for_newcomers():
    p = Pool(100, 20, spare=2)
    assert p.admit("a")
    assert p.may_grow("a", 60) and not p.may_grow("a", 61)   # 2 floors of 20 kept back
    p.grow("a", 60)
    assert p.admit("b") and p.admit("c") and not p.admit("d")
    assert p.may_grow("b", 20) and not p.may_grow("b", 21)   # its own floor, not past it


def test_a_pool_guarantees_each_holder_its_floor_and_never_passes_its_total():
    p = Pool(100, 30)
    assert p.admit("a") and p.admit("b") and p.admit("c")
    assert not p.fits_new() and not p.admit("d")           # 3 floors of 30: no room for a 4th
    p.grow("a", 30)                                        # within its floor: free
    assert p.committed == 90
    assert p.may_grow("a", 10) and not p.may_grow("a", 11)  # past it: the 10 nobody holds
    p.grow("a", 10)
    assert p.committed == 100
    for h in ("b", "c"):                                   # the others keep their floors
        assert p.may_grow(h, 30) and not p.may_grow(h, 31)
    p.release("a")
    assert p.committed == 60 and p.admit("d")


def test_the_fair_victim_is_the_least_active_of_the_address_holding_the_most():
    items = [("A", 5), ("A", 1), ("A", 3), ("B", 0), ("B", 2)]
    addr, rank = (lambda it: it[0]), (lambda it: it[1])
    assert fair_victim(items, addr, rank, "Z") == ("A", 1)          # a fresh address
    assert fair_victim(items[:4], addr, rank, "B") == ("A", 1)      # B will hold 2, A holds 3
    assert fair_victim(items, addr, rank, "B") is None              # B will hold 3, as A does
    assert fair_victim(items + [("B", 9)], addr, rank, "B") is None  # B would hold the most
    assert fair_victim([("A", 1), ("B", 2)], addr, rank, "Z") is None   # shared out evenly
    assert fair_victim([], addr, rank, "Z") is None


def test_budget_limits_are_checked():
    with pytest.raises(ValueError):
        Limits(room_reserve=0)
    with pytest.raises(ValueError):
        Limits(log_total=1 << 20, room_reserve=2 << 20)
    with pytest.raises(ValueError):
        Limits(log_total=64 << 20, disk_total=32 << 20)


# ---- room logs, memory and disk --------------------------------------------------------------

async def fill(c: Raw, cid: int) -> int:
    """Send padded commands until the relay refuses one; the next cid."""
    for _ in range(10_000):
        c.send({"k": "cmd", "cid": cid, "cmd": {"type": "pad", "pad": PAD}})
        got = await _stamped_or_refused(c, cid)
        cid += 1
        if got["k"] == "refused":
            assert got["reason"] == "log_full", got
            return cid
    raise AssertionError("never refused")


async def _stamped_or_refused(c: Raw, cid: int) -> dict:
    while True:
        while c.got:
            msg = c.got.pop(0)
            if msg["k"] in ("stamped", "refused") and msg.get("cid") == cid:
                return msg
            assert msg["k"] != "error", msg
        await c._more(10.0)


def disk_bytes(data: Path) -> int:
    return sum(p.stat().st_size for p in data.glob("*.ctroom"))


async def until(cond, rounds: int = 500) -> None:
    for _ in range(rounds):
        if cond():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the relay did not get there")


@arun
async def test_rooms_from_many_addresses_stay_within_the_total_and_idle_ones_make_way(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="couchtop.relay")
    clock = FakeClock()
    reserve, total = 16 << 10, 64 << 10
    async with relay_on(tmp_path, clock=clock, room_reserve=reserve, log_total=total, spare_rooms=2,
                        disk_total=4 << 20, max_log_bytes=64 << 10) as relay:
        attackers: list[Raw] = []
        for i in range(3):                              # three addresses, a room each, filled
            attackers += await room(relay, 1, [f"127.0.0.{i + 2}"])
            await fill(attackers[-1], 1)
        logged = [r.log_bytes for r in relay.rooms.values()]
        assert sum(logged) <= total and relay.pool.committed <= total
        assert all(b >= reserve - 1100 for b in logged), logged     # each got its reserve
        assert logged[0] > reserve + 8000                           # the first grew past it
        assert relay.disk.used == disk_bytes(tmp_path) <= 4 << 20
        # a fourth address: every room has its player connected, nothing to evict
        late = await Raw.open(relay, "127.0.0.9")
        late.send({"k": "create", "variant": "speed", "seats": 1, "options": {}, "allow_bots": False})
        frames = await late.closed_with()
        assert frames[-1]["code"] == "relay_full", frames
        assert "create refused: the relay is full" in caplog.text
        # the attackers leave (their connections drop): their rooms are kept, idle
        close_all(attackers)
        await until(lambda: all(not r.conns() for r in relay.rooms.values()))
        clock.advance(5)
        codes = set(relay.rooms)
        fresh = await room(relay, 1, ["127.0.0.10"])    # admitted: the longest empty room goes
        assert len(set(relay.rooms) - codes) == 1 and len(codes - set(relay.rooms)) == 1
        assert "evicted: nobody connected" in caplog.text
        assert relay.disk.used == disk_bytes(tmp_path)
        assert len(list(tmp_path.glob("*.ctroom"))) == len(relay.rooms) == 3
        # a playing room past its reserve makes way the same way
        await fill(fresh[0], 1)
        assert relay.rooms[fresh[0].room["code"]].log_bytes > reserve
        assert relay.pool.committed <= total and sum(r.log_bytes for r in relay.rooms.values()) <= total
        close_all(fresh)


@arun
async def test_a_restart_keeps_the_newest_room_files_within_the_budgets(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="couchtop.relay")
    reserve, total = 16 << 10, 48 << 10
    kw = dict(room_reserve=reserve, log_total=total, disk_total=4 << 20, max_log_bytes=64 << 10)
    async with relay_on(tmp_path, **kw) as relay:
        made = []
        for i in range(3):
            made += await room(relay, 1, [f"127.0.0.{i + 2}"])
            await fill(made[-1], 1)
        close_all(made)
    async with relay_on(tmp_path, **dict(kw, log_total=32 << 10)) as relay:
        assert relay.pool.committed <= 32 << 10 and len(relay.rooms) < 3
        assert "evicted at load" in caplog.text
        assert relay.disk.used == disk_bytes(tmp_path)
        assert len(list(tmp_path.glob("*.ctroom"))) == len(relay.rooms)


# ---- connections -------------------------------------------------------------------------

@arun
async def test_a_newcomer_from_a_fresh_address_is_admitted_when_every_slot_is_held(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="couchtop.relay")
    clock = FakeClock()
    async with relay_on(tmp_path, clock=clock, max_lobby_conns=8, max_conns=12,
                        hello_timeout=1000) as relay:
        held = []
        for addr, n in (("127.0.0.2", 5), ("127.0.0.3", 3)):      # every lobby slot held
            for _ in range(n):
                held.append(await Raw.open(relay, addr))
                clock.advance(1)
        oldest = held[0]
        newcomer = await Raw.open(relay, "127.0.0.9")             # welcomed
        frames = await oldest.closed_with()
        assert frames[-1]["code"] == "evicted", frames
        assert "evicted for a newcomer" in caplog.text
        # the hog itself is not let in by pushing others out
        hog = await Raw.open(relay, "127.0.0.2", hello=False)
        frames = await hog.closed_with()
        assert frames[-1]["code"] == "busy"
        # another fresh address: .2 still holds the most (4), so it gives one up again
        second = await Raw.open(relay, "127.0.0.10")
        assert (await held[1].closed_with())[-1]["code"] == "evicted"
        close_all(held[2:] + [newcomer, second])


@arun
async def test_slots_shared_out_evenly_refuse_the_next_newcomer(tmp_path):
    async with relay_on(tmp_path, max_lobby_conns=3, hello_timeout=1000) as relay:
        held = [await Raw.open(relay, f"127.0.0.{i}") for i in (2, 3, 4)]
        late = await Raw.open(relay, "127.0.0.5", hello=False)
        assert (await late.closed_with())[-1]["code"] == "busy"
        close_all(held)


@arun
async def test_the_lobby_idle_timer_counts_progress_not_pings(tmp_path):
    clock = FakeClock()
    async with relay_on(tmp_path, clock=clock, lobby_idle=100, idle_timeout=60,
                        hello_timeout=1000, lobby_ttl=10_000) as relay:
        alone = (await room(relay, 1, ["127.0.0.2"], start=False, seats=2))[0]
        joined = (await room(relay, 1, ["127.0.0.3"], start=False, seats=2))[0]
        friend = None
        for step in range(5):                           # a ping every 30 s: frames, no progress
            for c in (alone, joined) + ((friend,) if friend else ()):
                c.send({"k": "ping", "n": step})
                await c.next("pong")
            if step == 2:                               # at 60 s someone joins the second room
                friend = await Raw.open(relay, "127.0.0.4")
                friend.send({"k": "join", "code": joined.room["code"]})
                await friend.next("room")
            clock.advance(30)
            relay.sweep()
            if step == 3:
                break
        frames = await alone.closed_with()
        assert frames[-1]["code"] == "idle" and "progress" in frames[-1]["message"]
        joined.send({"k": "ping", "n": 99})
        assert (await joined.next("pong"))["n"] == 99    # the join was progress for the host
        close_all([joined, friend])


@arun
async def test_a_newcomers_room_takes_the_place_of_the_least_active_room_of_the_address_with_most(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="couchtop.relay")
    clock = FakeClock()
    reserve = 16 << 10
    async with relay_on(tmp_path, clock=clock, room_reserve=reserve, log_total=3 * reserve,
                        spare_rooms=0, disk_total=4 << 20, max_log_bytes=64 << 10) as relay:
        hog = []
        for _ in range(2):                                  # one address, two rooms in play
            hog += await room(relay, 1, ["127.0.0.2"])
            clock.advance(1)
        other = await room(relay, 1, ["127.0.0.3"])
        await hog[1].cmd(1, {"type": "pad"})                # the hog's second room is the active one
        fresh = await room(relay, 1, ["127.0.0.9"])         # admitted: the hog's idlest room goes
        frames = await hog[0].closed_with()
        assert frames[-1]["code"] == "evicted", frames
        assert "evicted for a room from 127.0.0.9" in caplog.text
        assert len(relay.rooms) == 3 and relay.pool.committed <= 3 * reserve
        late = await Raw.open(relay, "127.0.0.10")          # now shared out evenly: refused
        late.send({"k": "create", "variant": "speed", "seats": 1, "options": {}, "allow_bots": False})
        assert (await late.closed_with())[-1]["code"] == "relay_full"
        close_all(hog[1:] + other + fresh)


@arun
async def test_twenty_addresses_holding_every_lobby_slot_still_let_a_fresh_one_in(tmp_path):
    clock = FakeClock()
    async with relay_on(tmp_path, clock=clock, max_lobby_conns=60, hello_timeout=1000) as relay:
        held = []
        for i in range(20):                                  # 3 slots each: every slot held
            for _ in range(3):
                held.append(await Raw.open(relay, f"127.0.2.{i + 1}"))
                clock.advance(0.1)
        fresh = [await Raw.open(relay, f"127.0.3.{k + 1}") for k in range(5)]   # each welcomed
        await until(lambda: sum(1 for c in relay.conns if not c.closing) <= 60)
        live = [c for c in relay.conns if not c.closing]
        assert len(live) == 60 and {c.addr for c in live} >= {f"127.0.3.{k + 1}" for k in range(5)}
        per_addr: dict[str, int] = {}
        for c in live:
            per_addr[c.addr] = per_addr.get(c.addr, 0) + 1
        assert max(per_addr.values()) == 3 and sum(v == 2 for v in per_addr.values()) == 5
        close_all(fresh)
        close_all(held)
