"""Bots that play through a relay: `BotSeats` (drives the bots of some seats from a
Lockstep: shared with the game's NetworkSession, whose host runs the bot-held seats)
and `BotClient` (one relay connection on an asyncio loop, as many as you like on one
loop: `simulate --relay` and the end-to-end tests).

Two kinds of bots are driven: a turn bot (`choose(view, seat) -> cmd`, engine.core.bots)
acts when its seat is to act; a race bot (`plan(view, seat, now_ms) -> (at_ms, cmd) | None`,
engine/sumoku/racebot.py) says when it will send its next command, on the relay's clock.
A seat has at most one command in flight: the bot is not asked again until that command
has come back stamped (folded: accepted or refused) or been refused by the relay.

Given an `executor` (the game window's NetworkSession gives a thread pool), a bot thinks
on it, at most one job per seat: `act` sends a seat's command once its answer is ready
(and, for a race bot, due), and drops an answer made for an older log position (the view
changed): the bot is asked again. Without one (the headless bot clients) bots think inline.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from engine.core.lockstep import Folded, Lockstep
from engine.core.logstore import LogWriter, make_header, new_log_path
from engine.registry import bot_for
from net.client import RelayClient
from net.fold import Follower, game_options

MAX_REFUSALS = 50         # refusals in a row after which a turn bot is stopped (a bot bug)
REFUSED_BACKOFF_MS = 250  # a race bot refused waits this long, or for a change, before its next try
TICK_STAGGER_MS = 250     # non-host clients tick this long (plus 50 ms per seat) after a deadline
JOB_POLL_MS = 5           # how soon to look again at a bot still thinking on an executor

Send = Callable[[dict[str, Any]], int]
Job = concurrent.futures.Future
_THINKING = object()      # a bot's answer is not ready yet


def clean_command(cmd: Mapping[str, Any]) -> dict[str, Any]:
    """A command as it goes on the wire: no time (the relay stamps it), and no seat
    for a table command (a tick); the relay stamps the sender's seat when none is given."""
    out = {k: v for k, v in cmd.items() if k != "t"}
    if out.get("seat") is None:
        out.pop("seat", None)
    if out.get("type") == "tick":
        out.pop("seat", None)
    return out


def tick_delay(seat: int | None, host: int | None) -> int:
    """How long after a deadline this client sends the tick: the host at once, the
    others later, in case the host is away (a tick that comes too late changes nothing)."""
    if seat is None or seat == host:
        return 0
    return TICK_STAGGER_MS + 50 * seat


@dataclass
class SeatBot:
    seat: int
    bot: Any
    in_flight: int | None = None         # cid awaited
    acted_at_seq: int = -1               # the fold position a turn bot last acted on
    # The race bot's plan: (seq planned at, at_ms, cmd); at_ms/cmd None for "nothing to do".
    plan: tuple[int, int | None, dict[str, Any] | None] | None = None
    sent_at: int = 0                     # the planned time of the command in flight
    refusals: int = 0
    stopped: bool = False
    # After a refusal, until the events change: (events then, plan time refused, ms before a retry)
    blocked: tuple[int, int, int] | None = None
    job: Job | None = None               # the bot thinking (plan or choose), on the executor
    job_seq: int = -1                    # the fold position that job was asked about

    @property
    def racing(self) -> bool:
        return hasattr(self.bot, "plan")


@dataclass
class BotSeats:
    """The bots of some seats, sending through `send(cmd) -> cid`; they think on
    `executor` when given (else inline, in `act`)."""
    send: Send
    seats: dict[int, SeatBot] = field(default_factory=dict)
    executor: concurrent.futures.Executor | None = None

    def add(self, seat: int, bot: Any) -> None:
        if seat not in self.seats:
            self.seats[seat] = SeatBot(seat, bot)

    def remove(self, seat: int) -> None:
        sb = self.seats.pop(seat, None)
        if sb is not None and sb.job is not None:
            sb.job.cancel()                    # a job already running finishes unheard

    def settle(self, folded: list[Folded], my_seat: int | None, ls: Lockstep | None = None,
               now_ms: int = 0) -> None:
        """Clear the in-flight commands that came back. A refused race bot is held back
        (as race_out does) until the events change, or it plans a later time and a short
        backoff has passed: a bot that insists is not allowed to flood the relay."""
        for f in folded:
            rec = f.record
            if rec["by"] != my_seat:
                continue
            sb = self.seats.get(rec["seat"])
            if sb is None or sb.in_flight != rec["cid"]:
                continue
            sb.in_flight = None
            sb.plan = None
            if f.refusal is None:
                sb.refusals = 0
                continue
            sb.refusals += 1
            if sb.refusals >= MAX_REFUSALS and not sb.racing:
                sb.stopped = True
            if ls is not None:
                sb.blocked = (len(ls.events), sb.sent_at, now_ms + REFUSED_BACKOFF_MS)

    def relay_refused(self, cid: int | None) -> None:
        for sb in self.seats.values():
            if cid is not None and sb.in_flight == cid:
                sb.in_flight = None
                sb.plan = None

    @property
    def thinking(self) -> bool:
        """Whether some bot is still thinking on the executor."""
        return any(sb.job is not None for sb in self.seats.values())

    def _run(self, fn: Callable[..., Any], *args: Any) -> Job:
        if self.executor is not None:
            return self.executor.submit(fn, *args)
        job: Job = concurrent.futures.Future()
        try:
            job.set_result(fn(*args))
        except Exception as e:                 # raised again by result(), as inline
            job.set_exception(e)
        return job

    def _answer(self, sb: SeatBot, seq: int, ask: Callable[[], Job]) -> Any:
        """The bot's answer for fold position `seq`, or _THINKING: starts `ask()` when no
        job runs for the seat; an answer for another position is dropped and asked again."""
        job = sb.job
        if job is not None:
            if not job.done():
                if sb.job_seq == seq or not job.cancel():
                    return _THINKING           # one job per seat: a stale one runs out first
            sb.job = None
            if sb.job_seq == seq:
                return job.result()
        sb.job, sb.job_seq = ask(), seq
        if sb.job.done():                      # inline
            job, sb.job = sb.job, None
            return job.result()
        return _THINKING

    def act(self, ls: Lockstep, now_ms: int) -> int | None:
        """Send what is due; returns ms until the next planned command (None: nothing
        planned until something changes)."""
        if ls.outcome() is not None:
            return None
        wake: int | None = None
        to_act = None
        for seat in sorted(self.seats):
            sb = self.seats[seat]
            if sb.in_flight is not None or sb.stopped:
                continue
            if sb.racing:
                if sb.plan is None or sb.plan[0] != ls.seq:
                    # Asked again after a change, a bot must not take a plan it could not
                    # carry out in time (this loop wakes a little late) for a refusal: the
                    # change is shown to it at the planned time at the latest.
                    old_at = sb.plan[1] if sb.plan is not None else None
                    asked = now_ms if old_at is None else min(now_ms, old_at)
                    p = self._answer(sb, ls.seq, lambda: self._run(sb.bot.plan, ls.view(seat), seat, asked))
                    if p is _THINKING:
                        wake = JOB_POLL_MS if wake is None else min(wake, JOB_POLL_MS)
                        continue
                    sb.plan = (ls.seq, None, None) if p is None else (ls.seq, int(p[0]), dict(p[1]))
                _, at, cmd = sb.plan
                if at is None or cmd is None:
                    continue
                if sb.blocked is not None:
                    n_events, refused_at, retry = sb.blocked
                    if n_events != len(ls.events):
                        sb.blocked = None
                    elif at <= refused_at:
                        continue                  # the same try again: wait for a change
                    else:
                        at = max(at, retry)
                if at > now_ms:
                    wake = at - now_ms if wake is None else min(wake, at - now_ms)
                    continue
                sb.plan = None
                sb.sent_at = at
            else:
                if to_act is None:
                    to_act = ls.to_act()
                if seat not in to_act or sb.acted_at_seq == ls.seq:
                    continue
                cmd = self._answer(sb, ls.seq, lambda: self._run(sb.bot.choose, ls.view(seat), seat))
                if cmd is _THINKING:
                    wake = JOB_POLL_MS if wake is None else min(wake, JOB_POLL_MS)
                    continue
                sb.acted_at_seq = ls.seq
            cmd = dict(cmd)
            cmd["seat"] = seat
            sb.in_flight = self.send(clean_command(cmd))
        return wake


class BotClient:
    """One bot client on the running asyncio loop: its own relay connection, its own
    Lockstep, its own bot for its seat (and, as host, bots for the bot-held seats when
    `bot_factory` is given). `await play()` runs until the game's outcome is folded."""

    def __init__(self, host: str, port: int, rules: Any, *, name: str, bot: Any = None,
                 bot_factory: Callable[[int], Any] | None = None, log_dir: Path | None = None,
                 checkpoint_every: int | None = None, reconnect_timeout: float = 60.0) -> None:
        self.rules = rules
        self.name = name
        self.bot = bot
        self.bot_factory = bot_factory
        self.log_dir = log_dir
        self.checkpoint_every = checkpoint_every
        self.client = RelayClient(host, port, game=rules.game, rules_version=rules.rules_version,
                                  name=name, reconnect_timeout=reconnect_timeout, auto_resync=False)
        self.room: dict[str, Any] | None = None
        self.members: list[dict[str, Any]] = []
        self.follower: Follower | None = None
        self.bots = BotSeats(self._send)
        self.writer: LogWriter | None = None
        self.outcome_at: tuple[int, str] | None = None   # (seq, hash) when the outcome was folded
        self.desyncs = 0
        self.links_lost = 0
        self.relay_refusals: list[dict[str, Any]] = []

    # ---- lobby ---------------------------------------------------------------------
    async def connect(self) -> None:
        await self.client.connect()

    async def create(self, variant: str, seats: int, options: Mapping[str, Any] | None = None,
                     allow_bots: bool = False) -> dict[str, Any]:
        self.room = await self.client.create(variant, seats, dict(options or {}), allow_bots)
        self.members = list(self.room["members"])
        return self.room

    async def join(self, code: str) -> dict[str, Any]:
        self.room = await self.client.join(code)
        self.members = list(self.room["members"])
        self.client.set_ready(True)
        return self.room

    async def resume(self, token: str, lockstep: Lockstep | None = None) -> dict[str, Any]:
        """Take a seat back on a new connection, from `lockstep`'s last seq (the state a
        killed client had; None: refold the whole log)."""
        last = lockstep.seq if lockstep is not None else 0
        self.room = await self.client.resume(token, last)
        self.members = list(self.room["members"])
        if self.room["started"]:
            self._begin(int(self.room["seed"]), lockstep)
        return self.room

    async def wait_started(self, timeout: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.follower is None:
            self._handle(await self.client.recv(max(end - loop.time(), 0.001)))

    async def start_when_ready(self, timeout: float = 10.0) -> None:
        """Host: wait until every other seat is here and ready, then start."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not all(m["status"] == "here" and (m["ready"] or m["seat"] == self.seat)
                      for m in self.members):
            self._handle(await self.client.recv(max(end - loop.time(), 0.001)))
        self.client.start()
        await self.wait_started(max(end - loop.time(), 0.001))

    # ---- reading ---------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def code(self) -> str | None:
        return self.client.code

    @property
    def lockstep(self) -> Lockstep:
        assert self.follower is not None, "the game has not started"
        return self.follower.lockstep

    def hash(self) -> str:
        return self.lockstep.hash()

    @property
    def log_path(self) -> Path | None:
        return self.writer.path if self.writer else None

    # ---- playing ---------------------------------------------------------------------
    def _begin(self, seed: int, lockstep: Lockstep | None = None) -> None:
        assert self.room is not None
        variant = str(self.room["variant"])
        options = game_options(variant, self.room["options"])
        seats = len(self.room["members"])
        ls = lockstep or Lockstep(self.rules, seats, options, seed)
        if self.log_dir is not None and self.writer is None:
            players = [{"name": m["name"] or f"P{m['seat'] + 1}", "kind": "bot",
                        "level": getattr(self.bot, "level", "normal")} for m in self.members]
            header = make_header(self.rules.game, variant, seats, seed, self.rules.rules_version,
                                 options, players)
            header["online"] = {"code": self.code, "seat": self.seat}
            self.writer = LogWriter(new_log_path(self.rules.game, variant, seed, self.log_dir), header)
        kw = {} if self.checkpoint_every is None else {"checkpoint_every": self.checkpoint_every}
        self.follower = Follower(ls, writer=self.writer, send_hash=self.client.send_hash, **kw)
        self.follower.clock.started(ls.last_t)
        if self.bot is not None and self.seat is not None:
            self.bots.add(self.seat, self.bot)
        self._check_outcome()

    def _send(self, cmd: dict[str, Any]) -> int:
        return self.client.send_command(cmd)

    def _handle(self, msg: dict[str, Any]) -> None:
        k = msg["k"]
        if k in ("room", "lobby", "started"):
            self.members = list(msg["members"])
            if k == "started" and self.follower is None:
                self._begin(int(msg["seed"]))
            self._host_bots()
        if k in ("stamped", "resync") and self.follower is not None:
            folded = self.follower.take(msg)
            if self.follower.gap is not None:
                self.client.request_sync(self.follower.gap)
            self.bots.settle(folded, self.seat, self.follower.lockstep, self.follower.clock.now_ms())
            self._check_outcome()
        elif k == "refused":
            self.relay_refusals.append(msg)
            self.bots.relay_refused(msg["cid"])
        elif k == "desync":
            self.desyncs += 1
            if self.follower is not None and self.follower.on_desync(msg, self.seat):
                self.client.request_sync(1)
        elif k == "link" and not msg["up"]:
            self.links_lost += 1
        elif k == "closed":
            raise ConnectionError(f"{self.name}: relay session closed: {msg['code']} {msg['message']}")

    def _host_bots(self) -> None:
        """As host, run a bot for every bot-held seat (and stop for seats taken back)."""
        if self.bot_factory is None or self.seat is None:
            return
        host = self.client.host_seat == self.seat
        for m in self.members:
            s = m["seat"]
            if s == self.seat:
                continue
            if host and m["status"] == "bot":
                if s not in self.bots.seats:
                    self.bots.add(s, self.bot_factory(s))
            else:
                self.bots.remove(s)

    def _check_outcome(self) -> None:
        ls = self.follower.lockstep if self.follower else None
        if ls is not None and self.outcome_at is None and ls.outcome() is not None:
            self.outcome_at = (ls.seq, ls.hash())

    def _act(self) -> float:
        """Send what is due; seconds until something else may be due."""
        f = self.follower
        if f is None:
            return 1.0
        now = f.clock.now_ms()
        wake = self.bots.act(f.lockstep, now)
        delay = tick_delay(self.seat, self.client.host_seat)
        if f.tick_due(delay):
            self._send({"type": "tick"})
        t = f.ms_until_tick(delay)
        waits = [w for w in (wake, t) if w is not None]
        return max(min(waits), 1) / 1000.0 if waits else 1.0

    async def play(self, timeout: float = 120.0, until: Callable[["BotClient"], bool] | None = None) -> None:
        """Play until the outcome is folded (or `until(self)`), within `timeout` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        done = until or (lambda c: c.outcome_at is not None)
        while not (self.follower is not None and done(self)):
            left = end - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"{self.name}: the game did not end in {timeout} s")
            wait = min(self._act(), left)
            try:
                msg = await self.client.recv(wait)
            except asyncio.TimeoutError:
                continue
            self._handle(msg)
            while not self.client.inbox.empty():
                self._handle(self.client.inbox.get_nowait())

    async def catch_up(self, seq: int, timeout: float = 10.0) -> None:
        """Fold until `seq` (the relay's log length), without acting."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.follower is None or self.follower.seq < seq:
            self._handle(await self.client.recv(max(end - loop.time(), 0.001)))

    async def close(self, leave: bool = False) -> None:
        if leave:
            await self.client.leave()
        else:
            await self.client.close()
        if self.writer is not None:
            self.writer.close()

    def kill(self) -> None:
        """Drop dead, as a crashed process would: no leave, no reconnect."""
        self.client.abort(reconnect=False)
        if self.writer is not None:
            self.writer.close()


@dataclass
class RaceResult:
    code: str
    seed: int
    hashes: list[str]            # every client's hash at the outcome
    final: list[str]             # every client's hash when it stopped
    outcome: dict[str, Any]
    events: int
    log: Path | None
    commands: int


async def play_room(host: str, port: int, rules: Any, variant: str, seats: int, *,
                    options: Mapping[str, Any] | None = None, level: str = "normal",
                    seed: int = 0, log_dir: Path | None = None, timeout: float = 300.0,
                    bots: list[Any] | None = None) -> RaceResult:
    """One game with a bot client per seat on this loop: seat 0 hosts, the others join,
    everyone plays to the outcome. The host's client writes the log (with `log_dir`)."""
    made = bots or [bot_for(rules.game, variant, level, s, seed) for s in range(seats)]
    clients = [BotClient(host, port, rules, name=f"Bot {s + 1}", bot=made[s],
                         log_dir=log_dir if s == 0 else None) for s in range(seats)]
    try:
        await asyncio.gather(*(c.connect() for c in clients))
        room = await clients[0].create(variant, seats, options or {}, False)
        for c in clients[1:]:
            await c.join(room["code"])
        await clients[0].start_when_ready()
        await asyncio.gather(*(c.wait_started() for c in clients[1:]))
        await asyncio.gather(*(c.play(timeout) for c in clients))
    finally:
        for c in clients:
            await c.close(leave=True)
    ls = clients[0].lockstep
    out = ls.outcome()
    assert out is not None
    return RaceResult(room["code"], ls.seed, [c.outcome_at[1] for c in clients if c.outcome_at],
                      [c.hash() for c in clients], out.to_data(), len(ls.events),
                      clients[0].log_path, ls.seq)
