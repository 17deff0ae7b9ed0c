"""Folding the relay's stamped log through the rules: from a room file (`refold_room_log`,
the check that every client agrees with the relay), or live from relay messages
(`Follower`, shared by the game's NetworkSession and the bot clients).

`net` may use `engine` (never the other way round); the relay itself never does.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from engine.core.lockstep import Folded, Lockstep
from engine.core.logstore import LogWriter
from engine.registry import rules_for
from net.roomlog import read_records

CHECKPOINT_EVERY = 16     # folded records between the state hashes sent to the relay
LOG_CHECKPOINT_EVERY = 64  # events between checkpoints in the local log file (as LocalSession)
TICK_RETRY_MS = 500       # a tick that changed nothing is sent again after this long


def game_options(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rules' options of a room: the room's options with its variant."""
    return {**dict(options or {}), "variant": variant}


@dataclass
class RoomLog:
    """What a room file holds, as the fold needs it."""
    code: str
    game: str
    rules_version: int
    variant: str
    seats: int
    options: dict[str, Any]
    seed: int | None
    records: list[dict[str, Any]]
    ended: bool


def read_room_log(path: Path | str) -> RoomLog:
    """The room's settings, seed and stamped records (a cut tail is ignored)."""
    records, _ = read_records(Path(path))
    if not records or records[0][0] != "room" or not isinstance(records[0][1], dict):
        raise ValueError(f"{path}: not a room file")
    h = records[0][1]
    seed: int | None = None
    cmds: list[dict[str, Any]] = []
    ended = False
    for tag, body in records[1:]:
        if tag == "start":
            seed = int(body["seed"])
        elif tag == "cmd":
            cmds.append(dict(body))
        elif tag == "end":
            ended = True
    return RoomLog(str(h["code"]), str(h["game"]), int(h["rules_version"]), str(h["variant"]),
                   int(h["seats"]), dict(h["options"]), seed, cmds, ended)


def refold_room_log(path: Path | str, rules: Any = None) -> Lockstep:
    """The Lockstep after folding every stamped command of a started room's file
    (`rules` defaults to the registry's rules for the room's game)."""
    room = read_room_log(path)
    if room.seed is None:
        raise ValueError(f"{path}: room {room.code} has not started")
    if rules is None:
        rules = rules_for(room.game)
    ls = Lockstep(rules, room.seats, game_options(room.variant, room.options), room.seed)
    ls.fold_all(room.records)
    return ls


class RelayClock:
    """The relay's game time (ms since the start) as seen from here: the stamp of the
    latest live record plus the local time since it arrived (it lags by the one-way
    latency, never runs ahead of a stamp seen)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._base_t = 0
        self._base_local = clock()

    def started(self, at_t: int = 0) -> None:
        self._base_t, self._base_local = at_t, self._clock()

    def saw(self, t: int) -> None:
        """A live stamp with time `t` has just arrived."""
        self._base_t, self._base_local = int(t), self._clock()

    def now_ms(self) -> int:
        return self._base_t + int((self._clock() - self._base_local) * 1000)

    def local(self) -> float:
        """The local clock (seconds)."""
        return self._clock()


class Follower:
    """Keeps a Lockstep in step with the relay's messages ("stamped", "resync"), writes
    the local log file as it goes, and says when to send a checkpoint hash or a tick.

    `take(msg)` returns the Folded results of the records it folded (and sets `gap`
    when a record is missing: ask the relay for `sync {from: gap}`)."""

    def __init__(self, lockstep: Lockstep, *, writer: LogWriter | None = None,
                 send_hash: Callable[[int, str], None] | None = None,
                 checkpoint_every: int = CHECKPOINT_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lockstep = lockstep
        self.writer = writer
        self.send_hash = send_hash
        self.checkpoint_every = checkpoint_every
        self.clock = RelayClock(clock)
        self.gap: int | None = None
        self.hashes: dict[int, str] = {}   # the checkpoint hashes sent (seq -> hash)
        self._last_tick: tuple[int, float] | None = None
        # desyncs (docs/protocol.md "Checkpoints and desync"): the seats whose hashes a
        # refold from the relay's log has shown wrong, the check a refold is for, refolds
        self.distrusted: set[int] = set()
        self._check: tuple[int, str | None, set[int]] | None = None
        self.refolds = 0
        self._written = 0
        self._next_log_cp = LOG_CHECKPOINT_EVERY
        self._write_new()

    @property
    def seq(self) -> int:
        return self.lockstep.seq

    def take(self, msg: Mapping[str, Any]) -> list[Folded]:
        k = msg.get("k")
        if k == "stamped":
            seq = int(msg["seq"])
            if seq <= self.seq:
                return []
            if seq != self.seq + 1:
                self.gap = self.seq + 1
                return []
            self.clock.saw(int(msg["t"]))
            rec = {key: v for key, v in msg.items() if key != "k"}
            return self._fold([rec])
        if k == "resync":
            start = int(msg["from"])
            if start > self.seq + 1:
                self.gap = self.seq + 1
                return []
            if start <= self.seq:
                self.rewind(start - 1)
            out = self._fold(msg["log"], catching_up=True)
            if msg.get("done") and self.lockstep.records:
                # After a resume the relay's clock is at least the last stamp (exactly
                # that after a relay restart): a lower bound, so ticks are never early.
                self.clock.saw(self.lockstep.last_t)
            if msg.get("done"):
                self._judge_refold()
            return out
        if k == "started":
            self.clock.started(0)
        return []

    def on_desync(self, msg: Mapping[str, Any], seat: int | None) -> bool:
        """Whether to refold from the relay's log (ask `sync {from: 1}`) on this desync
        notice. Not when every seat that differs from this one has already been shown
        wrong: a refold from the relay's log gave this client its own hash again, so the
        log's state is this client's and the difference is theirs (the same disagreement
        does not cost a second refold)."""
        mine = next((h for s, h in msg.get("hashes", ()) if s == seat), None)
        others = {int(s) for s, h in msg.get("hashes", ()) if s != seat and h != mine}
        if others and others <= self.distrusted:
            return False
        seq = int(msg["seq"])
        self._check = (seq, self.hashes.get(seq, mine), others)
        return True

    def _judge_refold(self) -> None:
        """After a refold asked for by `on_desync`: if this client's hash at that seq came
        out as before, the seats that differed are the ones wrong."""
        if self._check is None:
            return
        seq, before, others = self._check
        self._check = None
        self.refolds += 1
        if before is not None and self.hashes.get(seq) == before:
            self.distrusted |= others

    def rewind(self, seq: int) -> None:
        self.lockstep.rewind(seq)
        n = len(self.lockstep.events)
        if self.writer is not None and n < self._written:
            self.writer.truncate_events(n)
        self._written = min(self._written, n)
        self._next_log_cp = (n // LOG_CHECKPOINT_EVERY + 1) * LOG_CHECKPOINT_EVERY
        for s in [s for s in self.hashes if s > seq]:
            del self.hashes[s]

    def _fold(self, records: list[Mapping[str, Any]], catching_up: bool = False) -> list[Folded]:
        """Fold records in order. Catching up (a resync chunk) only the last checkpoint
        of the chunk is sent: a client refolding a long log must not answer it with a
        burst of hashes the relay has already compared."""
        out: list[Folded] = []
        ls = self.lockstep
        last: int | None = None
        for rec in records:
            if int(rec["seq"]) <= ls.seq:
                continue
            out.append(ls.fold(rec))
            self.gap = None
            if ls.seq % self.checkpoint_every == 0:
                last = self._checkpoint(send=not catching_up) or last
        if out and ls.outcome() is not None:
            last = self._checkpoint(send=not catching_up) or last
        if catching_up and last is not None and self.send_hash is not None:
            self.send_hash(last, self.hashes[last])
        self._write_new()
        return out

    def _checkpoint(self, send: bool = True) -> int | None:
        """Note the state hash at this seq (and send it); the seq, or None if noted already."""
        seq = self.lockstep.seq
        if seq in self.hashes:
            return None
        digest = self.lockstep.hash()
        self.hashes[seq] = digest
        if send and self.send_hash is not None:
            self.send_hash(seq, digest)
        return seq

    def _write_new(self) -> None:
        """Append the events folded since the last call to the local log file."""
        ls = self.lockstep
        events = ls.events
        w = self.writer
        if w is None:
            self._written = len(events)
            return
        # A checkpoint goes after the last event of a record (the state mid-record is
        # not one anyone else can compute), at least every LOG_CHECKPOINT_EVERY events.
        if self._written >= len(events):
            return
        while self._written < len(events):
            w.append(events[self._written])
            self._written += 1
        if self._written >= self._next_log_cp or ls.outcome() is not None:
            self._next_log_cp = (self._written // LOG_CHECKPOINT_EVERY + 1) * LOG_CHECKPOINT_EVERY
            w.checkpoint(events[-1]["seq"], ls.hash())

    # ---- ticks for timed games ----------------------------------------------------------
    def tick_due(self, delay_ms: int = 0) -> bool:
        """True when a tick should be sent now: the rules' next deadline has passed
        (by `delay_ms`, a stagger so not every client sends it) by the relay's clock,
        and this client has not sent one for it in the last TICK_RETRY_MS."""
        d = self.lockstep.next_deadline()
        if d is None:
            return False
        now = self.clock.now_ms()
        if now < d + delay_ms:
            return False
        local = self.clock.local()
        if self._last_tick is not None and self._last_tick[0] == d \
                and (local - self._last_tick[1]) * 1000 < TICK_RETRY_MS:
            return False
        self._last_tick = (d, local)
        return True

    def ms_until_tick(self, delay_ms: int = 0) -> int | None:
        """Milliseconds until `tick_due` may become true (None: no deadline)."""
        d = self.lockstep.next_deadline()
        if d is None:
            return None
        wait = d + delay_ms - self.clock.now_ms()
        if self._last_tick is not None and self._last_tick[0] == d:
            since = int((self.clock.local() - self._last_tick[1]) * 1000)
            wait = max(wait, TICK_RETRY_MS - since)
        return max(wait, 0)
