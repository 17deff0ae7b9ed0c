"""Bot clients playing through a real relay on 127.0.0.1 (port 0): every client ends with
the state of the relay's room log refolded, through a killed client that resumes, a relay
killed and restarted on its data folder, a forged seat and a rule-refused command."""
from __future__ import annotations

import asyncio
from typing import Any, Callable

import pytest

from engine.registry import rules_for
from engine.registry import bot_for
from net.botclient import BotClient
from net.fold import refold_room_log
from net.relay import Relay
from support.blitz import COUNTDOWN_MS, LEVEL, use_blitz
from support.relays import bounded, relay_on

TIMEOUT = 45.0
RULES = rules_for("sumoku")
OPTIONS: dict[str, Any] = {"countdown_ms": COUNTDOWN_MS}


@pytest.fixture(autouse=True)
def blitz_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    use_blitz(monkeypatch)


arun = bounded(TIMEOUT)


async def room_of(relay: Relay, variant: str, n: int, seed: int = 0, **kw: Any) -> list[BotClient]:
    """`n` bot clients in one started room of `variant` (seat 0 hosts)."""
    clients = [BotClient("127.0.0.1", relay.port, RULES, name=f"Bot {s + 1}",
                         bot=bot_for("sumoku", variant, LEVEL, s, seed), **kw)
               for s in range(n)]
    await asyncio.gather(*(c.connect() for c in clients))
    room = await clients[0].create(variant, n, OPTIONS)
    for c in clients[1:]:
        await c.join(room["code"])
    await clients[0].start_when_ready()
    await asyncio.gather(*(c.wait_started() for c in clients[1:]))
    return clients


async def play_all(clients: list[BotClient], until: Callable[[BotClient], bool] | None = None) -> None:
    await asyncio.gather(*(c.play(TIMEOUT, until) for c in clients))


async def agree_with_room_log(relay: Relay, clients: list[BotClient]) -> Any:
    """Every client folded the whole room log and has its refolded state."""
    room = relay.rooms[clients[0].code]
    n = len(room.log)
    await asyncio.gather(*(c.catch_up(n) for c in clients))
    ref = refold_room_log(relay.data_dir / f"{room.code}.ctroom")
    assert ref.seq == n and ref.outcome() is not None
    for c in clients:
        assert c.lockstep.seq == n
        assert c.hash() == ref.hash(), f"seat {c.seat} differs"
        assert c.lockstep.events == ref.events
        assert [r.to_data() for r in c.lockstep.refusals] == [r.to_data() for r in ref.refusals]
    assert len({c.outcome_at for c in clients}) == 1          # the same seq and hash
    return ref


async def close_all(clients: list[BotClient]) -> None:
    for c in clients:
        await c.close()


@pytest.mark.parametrize("variant,n", [("grab", 8), ("team", 6), ("speed", 4)])
@arun
async def test_bot_clients_race_and_all_end_with_the_room_log_refolded(tmp_path, monkeypatch, variant, n):
    # the others' back-up tick (for a host away) waits 10 s, not 250 ms, so that on a loaded
    # machine a host merely slow to tick is not taken for one away: here only the host ticks
    monkeypatch.setattr("net.botclient.TICK_STAGGER_MS", 10_000)
    async with relay_on(tmp_path) as relay:
        clients = await room_of(relay, variant, n, seed=1)
        await play_all(clients)
        ref = await agree_with_room_log(relay, clients)
        ticks = [r for r in ref.records if r["cmd"]["type"] == "tick"]
        assert ticks and all(r["by"] == 0 for r in ticks)           # the host ticks
        assert ref.outcome().winners
        assert all(r["seat"] == r["by"] for r in ref.records)
        assert not any(c.desyncs for c in clients)
        assert all(c.follower.hashes for c in clients)              # checkpoints were sent
        await close_all(clients)


@arun
async def test_with_the_host_away_from_its_ticks_the_others_tick_and_the_race_ends(tmp_path, monkeypatch):
    """The back-up tick: a host that never ticks (asleep, say) does not stall the race; the
    others tick after their stagger, and everyone ends on the room log."""
    import net.botclient as botclient
    real = botclient.tick_delay
    monkeypatch.setattr(botclient, "tick_delay",
                        lambda seat, host: 10**9 if seat is not None and seat == host else real(seat, host))
    async with relay_on(tmp_path) as relay:
        clients = await room_of(relay, "speed", 4, seed=3)
        await play_all(clients)
        ref = await agree_with_room_log(relay, clients)
        ticks = [r for r in ref.records if r["cmd"]["type"] == "tick"]
        assert ticks and all(r["by"] != 0 for r in ticks)
        await close_all(clients)


@arun
async def test_a_client_killed_mid_race_resumes_from_its_last_seq(tmp_path):
    async with relay_on(tmp_path) as relay:
        clients = await room_of(relay, "speed", 4, seed=2)
        victim, fresh = clients[1], clients[3]
        await play_all(clients, until=lambda c: victim.follower.seq >= 12)
        assert victim.outcome_at is None        # mid-race
        kept = victim.lockstep                  # what the dead process had folded
        at = kept.seq
        victim.kill()
        fresh.kill()
        others = [clients[0], clients[2]]
        # The others see both seats dropped (held for the grace period) and race on.
        await play_all(others, until=lambda c: all(
            m["status"] == "away" for m in c.members if m["seat"] in (1, 3)))

        back = BotClient("127.0.0.1", relay.port, RULES, name="Bot 2 again",
                         bot=bot_for("sumoku", "speed", LEVEL, 99, 0))
        await back.connect()
        room = await back.resume(victim.client.token, kept)
        assert room["seat"] == 1 and room["started"] and back.lockstep is kept
        again = BotClient("127.0.0.1", relay.port, RULES, name="Bot 4 again",
                          bot=bot_for("sumoku", "speed", LEVEL, 98, 0))
        await again.connect()
        await again.resume(fresh.client.token)  # a restarted process: refolds from seq 1
        clients = others + [back, again]
        await play_all(clients)
        await agree_with_room_log(relay, clients)
        recs = back.lockstep.records
        assert [r["seq"] for r in recs] == list(range(1, len(recs) + 1)) and len(recs) > at
        assert all(m["status"] == "here" for m in relay.rooms[back.code].members())
        await close_all(clients)


@arun
async def test_the_relay_killed_and_restarted_mid_race_resumes_every_room(tmp_path):
    data = tmp_path / "relay"
    async with relay_on(data) as relay:
        port = relay.port
        rooms = [await room_of(relay, "speed", 3, seed=3), await room_of(relay, "grab", 2, seed=4)]
        everyone = rooms[0] + rooms[1]
        await play_all(everyone, until=lambda c: c.follower.seq >= 4)
        assert all(c.outcome_at is None for c in everyone)      # mid-race
        before = {cs[0].code: len(relay.rooms[cs[0].code].log) for cs in rooms}
    # The relay is gone; every client is reconnecting on its own.
    async with relay_on(data, port=port) as relay2:
        assert {code: len(relay2.rooms[code].log) for code in before} == before
        await play_all(everyone)
        for cs in rooms:
            await agree_with_room_log(relay2, cs)
        assert all(c.links_lost >= 1 for c in everyone)
        await close_all(everyone)


@arun
async def test_a_command_for_someone_elses_seat_is_refused_by_the_relay(tmp_path):
    async with relay_on(tmp_path) as relay:
        a, b, c = clients = await room_of(relay, "grab", 3, seed=5)
        cid = b.client.send_command({"type": "claim", "seat": 2, "tiles": [1, 2, 3, 4],
                                     "values": [1, 2, 3, 4], "multiple": 10})
        host_cid = a.client.send_command({"type": "tick", "seat": 1})   # not a bot seat
        await play_all(clients, until=lambda x: len(b.relay_refusals) >= 1 and len(a.relay_refusals) >= 1)
        assert (b.relay_refusals[0]["cid"], b.relay_refusals[0]["reason"]) == (cid, "seat")
        assert (a.relay_refusals[0]["cid"], a.relay_refusals[0]["reason"]) == (host_cid, "seat")
        await play_all(clients)
        ref = await agree_with_room_log(relay, clients)
        assert not any(r["cid"] == cid and r["by"] == 1 for r in ref.records)
        assert all(r["seat"] == r["by"] for r in ref.records)
        await close_all(clients)


@arun
async def test_a_rule_refused_command_is_refused_identically_on_every_client(tmp_path):
    async with relay_on(tmp_path) as relay:
        clients = await room_of(relay, "grab", 4, seed=6)
        sender = clients[2]
        bad = {"type": "claim", "tiles": [900, 901, 902, 903], "values": [1, 2, 3, 4],
               "multiple": 10}                                       # no such tiles
        cid = sender.client.send_command(bad)
        await play_all(clients, until=lambda c: any(r.cid == cid and r.by == 2 for r in c.lockstep.refusals))
        await play_all(clients)
        ref = await agree_with_room_log(relay, clients)
        (refusal,) = [r for r in ref.refusals if r.cid == cid and r.by == 2]
        assert refusal.seat == 2 and refusal.code.startswith("err.")
        for c in clients:
            assert refusal.to_data() in [r.to_data() for r in c.lockstep.refusals]
        await close_all(clients)
