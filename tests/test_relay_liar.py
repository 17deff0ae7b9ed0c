"""A seat that lies about its state hashes (issue 20). With two seats there is no majority
and the relay runs no rules, so the relay-stamped log is what is believed: each client
checks itself against it by one refold, and a client whose refold gives its own hash
again keeps its fold and does not refold again for that seat's disagreements; the relay
raises a room's desyncs at most once per `desync_every` seconds and `desync_seqs`
sequence numbers; with three seats or more, a seat outvoted `desync_strikes` times is
removed and the race goes on (docs/protocol.md "Checkpoints and desync",
docs/rules-decisions.md)."""
from __future__ import annotations

import asyncio

import pytest

from engine.core.lockstep import Lockstep
from net.fold import Follower
from net.rooms import Room, Seat
from support.relays import FakeClock, bounded, close_all, relay_on, room
from support.toy import ToyRules

arun = bounded(60.0)


def two_seat_room(n: int = 200) -> Room:
    r = Room("ABCD", "sumoku", 1, "speed", {}, False, [Seat(0, status="here"), Seat(1, status="here")])
    r.log = [b"x"] * n
    return r


def test_a_room_raises_desyncs_at_most_once_per_interval_in_time_and_seq():
    r = two_seat_room()
    kw = dict(every=5.0, seqs=32)
    got = []
    t = 0.0
    for seq in range(1, 200):                 # a liar disagreeing at every seq, 10 a second
        t += 0.1
        r.note_hash(0, seq, f"h{seq}", 256, now=t, **kw)
        found = r.note_hash(1, seq, f"lie{seq}", 256, now=t, **kw)
        if found:
            got.append((t, seq, found[1], found[2]))
    assert got[0][1] == 1 and got[0][2] == [0, 1] and got[0][3] is False    # no majority
    times = [g[0] for g in got]
    seqs = [g[1] for g in got]
    assert all(b - a >= 5.0 for a, b in zip(times, times[1:]))
    assert all(b - a >= 32 for a, b in zip(seqs, seqs[1:]))
    assert len(got) == 4                      # 19.9 s of lies: at 0.1, 5.1, 10.1, 15.1 s


def toy_records(n: int) -> list[dict]:
    return [{"seq": i, "seat": 1, "by": 1, "t": i, "salt": i, "cid": i, "cmd": {"type": "add", "n": 1}}
            for i in range(1, n + 1)]


def test_a_refold_that_confirms_the_client_stops_that_seats_disagreements_costing_refolds():
    sent: list[tuple[int, str]] = []
    f = Follower(Lockstep(ToyRules(), 2, {}, 7), send_hash=lambda s, h: sent.append((s, h)),
                 checkpoint_every=4)
    recs = toy_records(8)
    for rec in recs:
        f.take({"k": "stamped", **rec})
    mine = f.hashes[8]
    notice = {"k": "desync", "seq": 8, "hashes": [[0, mine], [1, "lie"]]}
    assert f.on_desync(notice, 0)                       # the first time: check against the log
    f.take({"k": "resync", "from": 1, "log": recs, "done": True})
    assert f.refolds == 1 and f.distrusted == {1} and f.hashes[8] == mine
    for seq in (8, 12, 16):                             # the same disagreement again and again
        assert not f.on_desync({"k": "desync", "seq": seq, "hashes": [[0, "x"], [1, "lie"]]}, 0)
    # a client whose own fold was wrong is set right by its refold, and trusts nobody less
    g = Follower(Lockstep(ToyRules(), 2, {}, 7), checkpoint_every=4)
    for rec in recs:
        g.take({"k": "stamped", **rec})
    g.hashes[8] = "my-bug"                              # as if its fold had gone wrong
    assert g.on_desync({"k": "desync", "seq": 8, "hashes": [[0, "my-bug"], [1, mine]]}, 0)
    g.take({"k": "resync", "from": 1, "log": recs, "done": True})
    assert g.refolds == 1 and not g.distrusted and g.hashes[8] == mine


@bounded(120.0)
async def test_a_two_seat_liar_lying_the_whole_race_costs_the_honest_seat_one_refold(tmp_path, monkeypatch):
    """A grab race of two seats: an honest bot client and a seat that pads the log and
    reports a wrong hash for every seq it sees, from the start to the end. The relay's
    rate limit is off (every disagreement is raised): the client's own rule alone bounds
    the cost. The honest seat refolds once, finishes the race with the room log's state,
    and nobody is removed (two seats: no majority)."""
    from engine.registry import bot_for
    from net.botclient import BotClient
    from support.blitz import COUNTDOWN_MS, LEVEL, use_blitz
    from test_relay_race import RULES, agree_with_room_log
    from support.relays import Raw
    use_blitz(monkeypatch)
    async with relay_on(tmp_path, desync_every=0, desync_seqs=0) as relay:
        honest = BotClient("127.0.0.1", relay.port, RULES, name="Honest",
                           bot=bot_for("sumoku", "grab", LEVEL, 11, 0), checkpoint_every=4)
        await honest.connect()
        room_msg = await honest.create("grab", 2, {"countdown_ms": COUNTDOWN_MS})
        liar = await Raw.open(relay, "127.0.0.9")
        liar.send({"k": "join", "code": room_msg["code"]})
        liar.room = await liar.next("room")  # type: ignore[attr-defined]
        liar.send({"k": "ready", "ready": True})
        await honest.start_when_ready()
        stop = asyncio.Event()
        told: list[int] = []
        lies = 0

        async def lie() -> None:
            nonlocal lies
            cid = 0
            while not stop.is_set():
                cid += 1
                liar.send({"k": "cmd", "cid": cid, "cmd": {"type": "pad", "p": "x" * 2000}})
                try:
                    await liar._more(0.05)
                except (asyncio.TimeoutError, EOFError):
                    pass
                for m in liar.got:
                    if m["k"] == "stamped":
                        liar.send({"k": "hash", "seq": m["seq"], "hash": f"lie{m['seq']}"})
                        lies += 1
                    elif m["k"] == "desync":
                        told.append(m["seq"])
                        liar.send({"k": "sync", "from": 1})      # it even resyncs, and lies on
                liar.got.clear()
        liar_task = asyncio.create_task(lie())
        await honest.play(90.0)
        stop.set()
        await liar_task
        assert lies > 50 and len(told) > 3                  # it lied all along, and was told
        assert honest.desyncs > 3                           # ...and so was the honest seat
        assert honest.follower.refolds == 1                 # which refolded once, no more
        assert honest.follower.distrusted == {1}
        await agree_with_room_log(relay, [honest])          # the race ended with the log's state
        room_ = relay.rooms[room_msg["code"]]
        assert room_.seats[1].status == "here" and not room_.strikes   # nobody outvoted
        liar.close()
        await honest.close()


@arun
async def test_a_seat_outvoted_again_and_again_is_removed_and_the_race_goes_on(tmp_path):
    async with relay_on(tmp_path, desync_every=0, desync_seqs=0, desync_strikes=3) as relay:
        liar, a, b = players = await room(relay, 3)
        frames: list[dict] = []
        for seq in range(1, 4):
            await a.cmd(seq, {"type": "pad"})
            for p in (liar, b):
                await p.next("stamped", lambda m, s=seq: m["seq"] == s)
            a.send({"k": "hash", "seq": seq, "hash": f"good{seq}"})
            b.send({"k": "hash", "seq": seq, "hash": f"good{seq}"})
            liar.send({"k": "hash", "seq": seq, "hash": f"lie{seq}"})
            if seq < 3:
                assert (await liar.next("desync"))["seq"] == seq
        frames = await liar.closed_with()
        assert frames[-1]["k"] == "error" and frames[-1]["code"] == "diverged"
        lobby = await a.next("lobby", lambda m: m["members"][0]["status"] != "here")
        assert lobby["members"][0]["status"] in ("gone", "bot")
        await a.cmd(4, {"type": "pad"})                     # the race goes on
        assert (await b.next("stamped", lambda m: m["seq"] == 4))["by"] == a.room["seat"]
        close_all([a, b])
