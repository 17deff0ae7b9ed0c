"""The local session: holds the log and the state, takes commands, tells listeners,
undoes a human's last play against bots, writes the log file as it goes."""
from __future__ import annotations

import copy
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from engine.core.checkpoints import CHECKPOINT_EVERY, checkpoint_hash
from engine.core.errors import RuleError
from engine.core.events import Command, Event, stamp, upcast
from engine.core.followup import settle
from engine.core.logstore import LoadedLog, LogWriter, SpecFor, make_header, new_log_path, read_log
from engine.core.rng import Rng
from engine.core.reading import Listener, Listening, StateReader
from engine.core.rules import Rules, initial_state


def fold(rules: Rules, seats: int, options: Mapping[str, Any], events: Iterable[Event],
         state: Any = None) -> Any:
    """The state after `events` (from the initial state unless `state` is given)."""
    if state is None:
        state = initial_state(rules, seats, options)
    apply = rules.apply
    for ev in events:
        state = apply(state, ev)
    return state


def fold_event(rules: Rules, state: Any, events: list[Event], ev: Event) -> Any:
    """Bring `ev` up to its type's current schema, append it to `events` and return the
    state after it."""
    ev = upcast(rules.game, ev)
    events.append(ev)
    return rules.apply(state, ev)


class LocalSession(StateReader, Listening):
    """One game in process: hot-seat humans and bots. `players` is one dict per seat:
    {"name": str, "kind": "human" | "bot", "level": str}. `log_dir=None` writes to the
    user data folder, `log=False` writes no file."""

    def __init__(self, rules: Rules, seats: int, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, players: list[dict[str, Any]] | None = None, *,
                 log: bool = True, log_dir: Path | None = None,
                 clock: Callable[[], float] | None = None, salt: int = 0,
                 _loaded: LoadedLog | None = None, _path: Path | None = None) -> None:
        self.state = initial_state(rules, seats, dict(options or {}))   # the options checked (ValueError)
        variant = rules.spec.variant((options or {}).get("variant"))
        self.rules = rules
        self.seats = seats
        self.options: dict[str, Any] = dict(options or {})
        self.seed = int(seed if seed is not None else time.time_ns() & 0xFFFFFFFF)
        self.players = players or [{"name": f"P{i + 1}", "kind": "bot", "level": "normal"} for i in range(seats)]
        self.salt = salt
        self._clock = clock or time.monotonic
        self._paused_at: float | None = None
        self.listeners: list[Listener] = []     # raw events: the log writer and the core only
        self.events: list[Event] = []
        self._snapshots: dict[int, Any] = {}
        self._cmd_count = 0
        self._snapshots[0] = copy.deepcopy(self.state)
        self.writer: LogWriter | None = None
        self.header = make_header(rules.game, variant.id, seats, self.seed, rules.rules_version,
                                  self.options, self.players)
        if _loaded is not None:  # resuming a log
            self.header = _loaded.header
            for ev in _loaded.events:
                self._fold_in(ev)
            self._t0 = self._clock() - (self.events[-1].get("t", 0) / 1000.0 if self.events else 0.0)
            self._cmd_count = max((ev.get("cmd", 0) for ev in self.events), default=0)
            if _path is not None:
                self.writer = LogWriter(_path, self.header, resume_at=_loaded.end_offset,
                                        event_offsets=_loaded.event_offsets)
            return
        self._t0 = self._clock()
        if log:
            self.writer = LogWriter(new_log_path(rules.game, variant.id, self.seed, log_dir), self.header)
        self._record(rules.setup(self.state, self._rng()), cmd=0)

    # ---- construction from a file -------------------------------------------------
    @classmethod
    def resume(cls, path: Path | str, rules_for: Callable[[str], Rules], spec_for: SpecFor, *,
               write: bool = True, **kw: Any) -> "LocalSession":
        """Continue a logged game (a cut tail is dropped, the file trimmed to the valid part).
        `rules_for` and `spec_for` are the registry's lookups (engine/registry.py): the core
        is handed them, it never imports the registry."""
        loaded = read_log(path, spec_for)
        h = loaded.header
        rules = rules_for(h["game"])
        return cls(rules, int(h["seats"]), h.get("options") or {}, int(h["seed"]), h.get("players"),
                   log=False, _loaded=loaded, _path=Path(path) if write else None, **kw)

    # ---- reading ----------------------------------------------------------------
    @property
    def log_path(self) -> Path | None:
        return self.writer.path if self.writer else None

    def is_bot(self, seat: int) -> bool:
        return self.players[seat].get("kind") == "bot"

    # ---- acting -----------------------------------------------------------------
    def _rng(self) -> Rng:
        return Rng.derive(self.seed, len(self.events), self.salt)

    def submit(self, cmd: Command) -> list[Event]:
        """Decide and fold one command; raises RuleError (nothing changes) when refused."""
        if self.rules.outcome(self.state) is not None and cmd.get("type") != "tick":
            raise RuleError("err.game_over")
        cmd = dict(cmd)
        cmd["t"] = self.now_ms()  # time is stamped by the session (or the relay), never trusted
        rng = self._rng()
        new = self.rules.decide(self.state, cmd, rng)
        self._cmd_count += 1
        self._record(new, cmd=self._cmd_count, t=cmd["t"], rng=rng)
        return new

    def now_ms(self) -> int:
        """Milliseconds of play since the game started, by the session's clock (time spent
        paused does not count)."""
        now = self._paused_at if self._paused_at is not None else self._clock()
        return int((now - self._t0) * 1000)

    def pause_clock(self) -> None:
        """Stop the game clock (the pause overlay): deadlines and bots wait."""
        if self._paused_at is None:
            self._paused_at = self._clock()

    def resume_clock(self) -> None:
        if self._paused_at is not None:
            self._t0 += self._clock() - self._paused_at
            self._paused_at = None

    def _record(self, new: list[Event], cmd: int, t: int | None = None, rng: Rng | None = None) -> None:
        """Stamp, fold and log `new`; a command's (`rng` given) is followed by what
        follows from it (engine/core/followup.py), appended to `new`, all told at once."""
        if t is None:
            t = self.now_ms()
        game = self.rules.game

        def fold_batch(batch: list[Event]) -> None:
            for ev in batch:
                self._fold_in(stamp(game, ev, seq=len(self.events), t=t, cmd=cmd))
                if self.writer:
                    self.writer.append(ev)
                    if ev["seq"] % CHECKPOINT_EVERY == CHECKPOINT_EVERY - 1:
                        self.writer.checkpoint(ev["seq"], self.checkpoint_hash())

        if rng is None:
            fold_batch(new)
        else:
            new[:] = settle(self.rules, new, rng, lambda: self.state, fold_batch)
        if self.writer and self.rules.outcome(self.state) is not None:
            self.writer.checkpoint(self.events[-1]["seq"], self.checkpoint_hash())
        self._tell(new)

    def checkpoint_hash(self) -> str:
        """The state hash in the form of the log's rules version (a resumed old log goes
        on in its own form; see engine/core/checkpoints.py)."""
        return checkpoint_hash(self.rules, self.state, self.events, self.header.get("rules_version"))

    def _fold_in(self, ev: Event) -> None:
        self.state = fold_event(self.rules, self.state, self.events, ev)
        n = len(self.events)
        if n % CHECKPOINT_EVERY == 0:
            self._snapshots[n] = copy.deepcopy(self.state)

    # ---- undo -------------------------------------------------------------------
    def _undo_start(self, seat: int) -> int | None:
        """Index of the first event of `seat`'s last command if only bots acted since."""
        for i in range(len(self.events) - 1, -1, -1):
            ev = self.events[i]
            s = ev.get("seat")
            if ev.get("cmd", 0) == 0:
                return None
            if s == seat and ev.get("cmd") is not None:
                c = ev["cmd"]
                j = i
                while j > 0 and self.events[j - 1].get("cmd") == c:
                    j -= 1
                return j
            if s is not None and not self.is_bot(s):
                return None
        return None

    def can_undo(self, seat: int) -> bool:
        """A human may take back their last command when every other seat is a bot, the
        game's spec declares that command undoable, and nothing secret was learnt since
        (no event the spec calls revealing, in that command or the bots' after it)."""
        if self.is_bot(seat) or any(not self.is_bot(s) for s in range(self.seats) if s != seat):
            return False
        start = self._undo_start(seat)
        if start is None:
            return False
        return self.rules.spec.undoable(self.events[start:])

    def undo(self, seat: int) -> bool:
        if not self.can_undo(seat):
            return False
        start = self._undo_start(seat)
        assert start is not None
        self.truncate(start)
        return True

    def truncate(self, keep: int) -> None:
        """Forget every event after the first `keep` and refold."""
        base = max(n for n in self._snapshots if n <= keep)
        for n in [n for n in self._snapshots if n > keep]:
            del self._snapshots[n]
        kept = self.events[:keep]
        self.state = fold(self.rules, self.seats, self.options, kept[base:],
                          copy.deepcopy(self._snapshots[base]))
        self.events = kept
        self._cmd_count = max((ev.get("cmd", 0) for ev in kept), default=0)
        if self.writer:
            self.writer.truncate_events(keep)
        self._tell([])

    def refold(self) -> Any:
        """The state rebuilt from the initial state and the whole log (for checks)."""
        return fold(self.rules, self.seats, self.options, self.events)

    def close(self) -> None:
        if self.writer:
            self.writer.close()
