"""NetworkSession (what the game client uses online) against a real relay on 127.0.0.1
in a background thread: lobby, play, host-run bots, refusals, a dropped link, a forced
desync and its resync, and a log file that `replay --verify` accepts."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from engine.core.logstore import read_log
from engine.registry import bot_for, spec_for
from net.fold import refold_room_log
from net.relay import Relay
from net.session import Lobby, NetworkSession
from support.blitz import COUNTDOWN_MS, LEVEL, use_blitz

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60.0       # a safety net against a hang, never a measure of speed


class RelayThread:
    """A relay on its own loop in a thread (the game's client runs threaded too)."""

    def __init__(self, data: Path, **limits: Any) -> None:
        self.data = data
        self.loop = asyncio.new_event_loop()
        self.relay = Relay(data, **limits)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.relay.start("127.0.0.1", 0), self.loop).result(5)
        self.port = self.relay.port

    def room_file(self, code: str) -> Path:
        return self.data / f"{code}.ctroom"

    def log_len(self, code: str) -> int:
        async def n() -> int:
            return len(self.relay.rooms[code].log)
        return asyncio.run_coroutine_threadsafe(n(), self.loop).result(5)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.relay.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[RelayThread]:
    r = RelayThread(tmp_path / "relay")
    yield r
    r.stop()


def pump(parties: list[Any], done: Callable[[], bool], timeout: float = WAIT,
         each: Callable[[], None] | None = None) -> None:
    """Poll every lobby/session until `done()`, blocking on the relay link (not sleeping)."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        for p in parties:
            q = p.client._messages
            with q.not_empty:                 # wait (briefly) for something to arrive
                if not q.queue:
                    q.not_empty.wait(0.01)
            p.poll()
        if each is not None:
            each()


def lobby_game(relay: RelayThread, names: list[str], seats: int, *, allow_bots: bool = False,
               options: dict | None = None, log_dir: Path, variant: str = "classic",
               **kw: Any) -> list[NetworkSession]:
    lobbies = [Lobby("127.0.0.1", relay.port, name=n, game="sumoku") for n in names]
    for lb in lobbies:
        lb.connect().result(5)
    room = lobbies[0].host(variant, seats, options or {}, allow_bots).result(5)
    for lb in lobbies[1:]:
        lb.join(room["code"].lower()).result(5)
        lb.set_ready(True)
    pump(lobbies, lambda: len(lobbies[0].members) == seats and all(
        m["ready"] for m in lobbies[0].members[1:len(names)]))
    lobbies[0].start()
    pump(lobbies, lambda: all(lb.started for lb in lobbies))
    assert len({lb.seed for lb in lobbies}) == 1
    return [lb.session(log_dir=log_dir, **kw) for lb in lobbies]


def verify_log(path: Path) -> str:
    out = subprocess.run([sys.executable, "main.py", "replay", str(path), "--verify"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    return out.stdout


def play_turns(sessions: list[NetworkSession], bots: dict[int, Any], done: Callable[[], bool],
               timeout: float = WAIT) -> None:
    """Each session's player answers on its turn (through `submit`), once per position."""
    acted: dict[int, int] = {}

    def act() -> None:
        for s in sessions:
            if s.outcome() is None and s.seat in s.to_act() and acted.get(s.seat) != s.seq:
                acted[s.seat] = s.seq
                s.submit(bots[s.seat].choose(s.view(s.seat), s.seat))
    pump(sessions, done, timeout, act)


def close_all(sessions: list[NetworkSession]) -> None:
    for s in sessions:
        s.close()


def test_two_players_and_a_host_run_bot_play_a_game_and_log_it(relay, tmp_path):
    a, b = sessions = lobby_game(relay, ["Ann", "Bob"], 3, allow_bots=True, log_dir=tmp_path / "logs")
    try:
        assert (a.seat, b.seat, a.is_host) == (0, 1, True)
        assert [p["kind"] for p in a.players] == ["human", "human", "bot"]
        a.run_bots(lambda seat: bot_for("sumoku", None, "normal", seat, 0))
        b.run_bots(lambda seat: bot_for("sumoku", None, "normal", seat, 0))   # not host: runs none
        seen: list[int] = []
        a.listeners.append(lambda s, new: seen.extend(e["seq"] for e in new))
        bots = {0: bot_for("sumoku", None, "normal", 0, 0), 1: bot_for("sumoku", None, "normal", 1, 0)}
        play_turns(sessions, bots, lambda: all(s.outcome() is not None for s in sessions))
        n = relay.log_len(a.code)
        pump(sessions, lambda: all(s.seq == n for s in sessions))
        ref = refold_room_log(relay.room_file(a.code))
        assert a.hash() == b.hash() == ref.hash()
        assert a.events == b.events == ref.events
        assert seen == [e["seq"] for e in a.events[len(a.events) - len(seen):]] and seen
        assert any(r["seat"] == 2 and r["by"] == 0 for r in ref.records)   # the bot's plays
        assert not any(r["by"] == 1 and r["seat"] == 2 for r in ref.records)
    finally:
        close_all(sessions)
    for s in sessions:
        loaded = read_log(s.log_path, spec_for)
        assert loaded.complete and loaded.header["online"] == {"code": a.code, "seat": s.seat}
        assert loaded.header["game"] == "sumoku" and loaded.header["seed"] == a.seed
        assert loaded.checkpoints
        assert verify_log(s.log_path).startswith(f"valid: {len(a.events)} events")


def test_refusals_reach_the_sender_and_are_the_same_on_every_client(relay, tmp_path):
    a, b = sessions = lobby_game(relay, ["Ann", "Bob"], 2, log_dir=tmp_path / "logs")
    errors: dict[int, list[dict]] = {0: [], 1: []}
    for s in sessions:
        s.error_listeners.append(lambda s, info: errors[s.seat].append(info))
    try:
        first = min(a.to_act())
        other = sessions[1 - first]
        cid = other.submit({"type": "pass"})             # not this seat's turn: the rules refuse
        pump(sessions, lambda: any(e["kind"] == "rule" for e in errors[other.seat])
             and all(s.seq >= 1 for s in sessions))
        (err,) = errors[other.seat]
        assert err["code"] == "err.not_your_turn" and err["cid"] == cid and err["seq"] == 1
        assert not errors[first]                      # only the sender is told
        assert [r.to_data() for r in a.lockstep.refusals] == [r.to_data() for r in b.lockstep.refusals]

        forged = other.submit({"type": "pass", "seat": first})   # someone else's seat
        pump(sessions, lambda: len(errors[other.seat]) == 2)
        assert errors[other.seat][1] == {"kind": "relay", "code": "net.refused.seat", "params": {},
                                         "seat": other.seat, "cid": forged, "seq": None}
        assert relay.log_len(a.code) == 1            # never stamped
    finally:
        close_all(sessions)


def test_a_dropped_link_shows_reconnecting_and_resumes_from_the_last_seq(relay, tmp_path):
    a, b = sessions = lobby_game(relay, ["Ann", "Bob"], 2, log_dir=tmp_path / "logs")
    states: list[str] = []
    b.listeners.append(lambda s, new: states.append(s.status) if not new else None)
    bots = {0: bot_for("sumoku", None, "normal", 0, 0), 1: bot_for("sumoku", None, "normal", 1, 0)}
    try:
        play_turns(sessions, bots, lambda: a.seq >= 6 and b.seq >= 6)
        link = b.client.client
        b.client._loop.call_soon_threadsafe(link._writer.transport.abort)
        pump(sessions, lambda: "reconnecting" in states)   # the scene shows "reconnecting…"
        play_turns(sessions, bots, lambda: all(s.outcome() is not None for s in sessions))
        assert b.status == "live" and "live" in states[states.index("reconnecting"):]
        n = relay.log_len(a.code)
        pump(sessions, lambda: all(s.seq == n for s in sessions))
        assert a.hash() == b.hash() == refold_room_log(relay.room_file(a.code)).hash()
        assert [r["seq"] for r in b.lockstep.records] == list(range(1, n + 1))
    finally:
        close_all(sessions)


def test_a_client_that_diverged_is_put_back_in_line_by_the_checkpoints(relay, tmp_path):
    a, b = sessions = lobby_game(relay, ["Ann", "Bob"], 2, log_dir=tmp_path / "logs",
                                 checkpoint_every=2)
    bots = {0: bot_for("sumoku", None, "normal", 0, 0), 1: bot_for("sumoku", None, "normal", 1, 0)}
    try:
        play_turns(sessions, bots, lambda: a.seq >= 3 and b.seq >= 3)
        b.lockstep.state.scores[0] += 50              # a local bug: b's state drifts
        assert a.hash() != b.hash()
        play_turns(sessions, bots, lambda: a.desyncs and b.desyncs and a.seq >= 10 and b.seq >= 10)
        play_turns(sessions, bots, lambda: all(s.outcome() is not None for s in sessions))
        n = relay.log_len(a.code)
        pump(sessions, lambda: all(s.seq == n for s in sessions))
        assert a.hash() == b.hash() == refold_room_log(relay.room_file(a.code)).hash()
        assert b.events == a.events
    finally:
        close_all(sessions)
    loaded = read_log(b.log_path, spec_for)                     # b's file was rewritten after the resync
    assert loaded.complete and len(loaded.events) == len(a.events)
    assert [e["seq"] for e in loaded.events] == list(range(len(a.events)))


def test_a_restarted_game_resumes_its_seat_with_the_token_and_refolds(relay, tmp_path):
    a, b = sessions = lobby_game(relay, ["Ann", "Bob"], 2, log_dir=tmp_path / "logs")
    bots = {0: bot_for("sumoku", None, "normal", 0, 0), 1: bot_for("sumoku", None, "normal", 1, 0)}
    try:
        play_turns(sessions, bots, lambda: a.seq >= 5 and b.seq >= 5)
        token, seq = b.token, b.seq
        b.close()                                     # the game process quits (no leave)
        pump([a], lambda: a.members[1]["status"] == "away")
        lobby = Lobby("127.0.0.1", relay.port, name="Bob", game="sumoku")
        lobby.connect().result(5)
        room = lobby.resume(token).result(5)
        assert room["seat"] == 1 and room["started"]
        pump([lobby], lambda: lobby.started)
        b2 = lobby.session(log_dir=tmp_path / "logs2")
        sessions = [a, b2]
        pump(sessions, lambda: b2.seq >= seq)
        assert b2.events[:len(b.events)] == b.events[:len(b2.events)]
        play_turns(sessions, bots, lambda: all(s.outcome() is not None for s in sessions))
        n = relay.log_len(a.code)
        pump(sessions, lambda: all(s.seq == n for s in sessions))
        assert a.hash() == b2.hash() == refold_room_log(relay.room_file(a.code)).hash()
    finally:
        close_all(sessions)


def test_a_race_with_a_host_run_bot_ticks_and_replays(relay, tmp_path, monkeypatch):
    from engine.sumoku import racebot
    use_blitz(monkeypatch)
    a, b = sessions = lobby_game(relay, ["Ann", "Bob"], 3, allow_bots=True, variant="grab",
                                 options={"countdown_ms": COUNTDOWN_MS}, log_dir=tmp_path / "logs")
    try:
        assert a.view(0)["starts_at"] == COUNTDOWN_MS and not a.to_act()     # the countdown
        a.run_bots(lambda seat: racebot.RaceBot(LEVEL, seat))
        pump(sessions, lambda: all(s.outcome() is not None for s in sessions))
        n = relay.log_len(a.code)
        pump(sessions, lambda: all(s.seq == n for s in sessions))
        ref = refold_room_log(relay.room_file(a.code))
        assert a.hash() == b.hash() == ref.hash() and a.outcome().winners == [2]
        kinds = [(r["cmd"]["type"], r["seat"], r["by"]) for r in ref.records]
        assert ("tick", 0, 0) in kinds and ("claim", 2, 0) in kinds
        assert all(by == 0 for _, _, by in kinds)   # Bob's client sent nothing: the host ticks
        assert [e["t"] for e in a.events] == sorted(e["t"] for e in a.events)
    finally:
        close_all(sessions)
    for s in sessions:
        assert verify_log(s.log_path).startswith(f"valid: {len(a.events)} events")


class GatedPlanner:
    """A race bot whose plans wait until the test opens the gate (as a big team layout
    thinks for a long time), noting in `journal` when each plan started."""

    def __init__(self, bot: Any, journal: list[Any]) -> None:
        self.bot = bot
        self.journal = journal
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.stuck = False                  # the gate never opened: a safety net fired

    def plan(self, view: dict, seat: int, now_ms: int) -> Any:
        self.journal.append("plan")
        self.entered.set()
        if not self.gate.wait(60.0):
            self.stuck = True
        return self.bot.plan(view, seat, now_ms)


def test_a_slow_bot_plan_does_not_hold_up_the_frame_loop(relay, tmp_path, monkeypatch):
    """Event order, not stopwatches: while the bot's plan cannot finish, poll() keeps
    returning and sends nothing for the bot; the bot's command goes out after the plan."""
    from engine.sumoku import racebot
    use_blitz(monkeypatch)
    a, = sessions = lobby_game(relay, ["Ann"], 2, allow_bots=True, variant="grab",
                               options={"countdown_ms": COUNTDOWN_MS}, log_dir=tmp_path / "logs")
    journal: list[Any] = []
    slow = GatedPlanner(racebot.RaceBot(LEVEL, 1), journal)
    send = a.client.send_command

    def noting(cmd: dict) -> int:
        journal.append(("send", cmd.get("seat"), dict(cmd)))
        return send(cmd)
    monkeypatch.setattr(a.client, "send_command", noting)
    try:
        assert a.members[1]["status"] == "bot"
        a.run_bots(lambda seat: slow)
        pump(sessions, slow.entered.is_set)
        for _ in range(20):                   # frames go on while the bot cannot finish
            a.poll()
        journal.append("opened")
        assert not slow.stuck
        assert not [e for e in journal if isinstance(e, tuple) and e[1] == 1]
        slow.gate.set()
        pump(sessions, lambda: any(r["seat"] == 1 for r in a.lockstep.records))
        assert not slow.stuck
        bot_sends = [i for i, e in enumerate(journal) if isinstance(e, tuple) and e[1] == 1]
        assert bot_sends and bot_sends[0] > journal.index("opened")
        first = journal[bot_sends[0]][2]
        (rec,) = [r for r in a.lockstep.records if r["seat"] == 1][:1]
        assert rec["by"] == 0 and rec["cmd"]["type"] == first["type"]
    finally:
        slow.gate.set()
        close_all(sessions)


class HandExecutor:
    """An executor whose jobs finish when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, tuple, Any]] = []

    def submit(self, fn: Any, *args: Any) -> Any:
        import concurrent.futures
        job: concurrent.futures.Future = concurrent.futures.Future()
        self.jobs.append((fn, args, job))
        return job

    def finish(self, i: int) -> None:
        fn, args, job = self.jobs[i]
        if job.set_running_or_notify_cancel():
            job.set_result(fn(*args))


class FakeLockstep:
    def __init__(self) -> None:
        self.seq, self.events, self.turn = 1, [], 1

    def outcome(self) -> None:
        return None

    def view(self, seat: int) -> dict:
        return {"seq": self.seq}

    def to_act(self) -> frozenset[int]:
        return frozenset({self.turn})


class EchoRacer:
    def plan(self, view: dict, seat: int, now_ms: int) -> tuple[int, dict]:
        return now_ms, {"type": "claim", "planned_at": view["seq"]}


class EchoChooser:
    def choose(self, view: dict, seat: int) -> dict:
        return {"type": "pass", "chosen_at": view["seq"]}


def test_a_bot_thinking_on_an_executor_sends_only_answers_for_the_current_position():
    from net.botclient import JOB_POLL_MS, BotSeats
    sent: list[dict] = []
    ex = HandExecutor()
    bots = BotSeats(lambda cmd: sent.append(cmd) or len(sent), executor=ex)
    bots.add(1, EchoRacer())
    ls = FakeLockstep()
    assert bots.act(ls, 100) == JOB_POLL_MS and bots.thinking and not sent
    ex.jobs[0][2].set_running_or_notify_cancel()        # the plan for seq 1 is running...
    ls.seq = 2                                          # ...when the view changes
    assert bots.act(ls, 110) == JOB_POLL_MS and len(ex.jobs) == 1   # one job per seat
    ex.jobs[0][2].set_result(EchoRacer().plan({"seq": 1}, 1, 100))
    bots.act(ls, 120)                                   # the stale plan is dropped, asked again
    assert not sent and len(ex.jobs) == 2 and ex.jobs[1][1][0] == {"seq": 2}
    ls.seq = 3                                          # changed again before it started:
    bots.act(ls, 125)                                   # the queued job is cancelled at once
    assert ex.jobs[1][2].cancelled() and len(ex.jobs) == 3
    ex.finish(2)
    assert bots.act(ls, 130) is None and not bots.thinking
    assert sent == [{"type": "claim", "planned_at": 3, "seat": 1}]

    bots.remove(1)
    bots.add(0, EchoChooser())                          # a turn bot, asked on its turn only
    ls.turn = 0
    bots.act(ls, 140)
    assert len(sent) == 1 and ex.jobs[3][1][0] == {"seq": 3}
    ex.finish(3)
    bots.act(ls, 150)
    assert sent[1] == {"type": "pass", "chosen_at": 3, "seat": 0}
