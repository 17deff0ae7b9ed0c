"""The lockstep fold: the relay's stamped commands, folded in order through the rules.

Every client of an online game (and the room-log check) folds the same ordered records
{seq, seat, by, t, salt, cid, cmd} and so reaches the same state. For each record the
command's "seat" and "t" are the relay's stamps (whatever the client put there is
ignored; a "tick" belongs to the table: seat None), `decide` draws chance from
`Rng.derive(seed, seq, salt)`, and the events are stamped seq/t/v/cmd as a LocalSession
stamps them. A command the rules refuse is recorded as a refusal (the RuleError's code
and params), identically on every machine; so is one that makes `decide` fail in any
other way (a malformed payload from a faulty client: "err.bad_command"), so no command
can stop the fold.

The setup events are drawn from `Rng.derive(seed, 0, 0)` (relay seqs count from 1).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from engine.core.errors import RuleError
from engine.core.events import Event, stamp
from engine.core.followup import settle
from engine.core.rng import Rng
from engine.core.reading import StateReader
from engine.core.session import fold_event
from engine.core.rules import Rules, initial_state

SNAPSHOT_EVERY = 64   # folded records between saved states (for a rewind)
TABLE_COMMANDS = frozenset({"tick"})   # commands that act for the table (seat None)


@dataclass
class Refusal:
    """A stamped command the rules refused: who sent it, for which seat, and why."""
    seq: int
    seat: int | None
    by: int
    cid: int
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "by": self.by, "cid": self.cid,
                "code": self.code, "params": dict(self.params)}


@dataclass
class Folded:
    """What one record did: the events it produced, or the refusal."""
    record: dict[str, Any]
    events: list[Event]
    refusal: Refusal | None = None


class Lockstep(StateReader):
    """`Lockstep(rules, seats, options, seed)`; `fold(record)` each stamped record in
    seq order (1, 2, ...). `seq` is the last folded seq."""

    def __init__(self, rules: Rules, seats: int, options: Mapping[str, Any] | None, seed: int) -> None:
        self.rules = rules
        self.seats = seats
        self.options: dict[str, Any] = dict(options or {})
        self.seed = int(seed)
        self.records: list[dict[str, Any]] = []
        self.refusals: list[Refusal] = []
        self.events: list[Event] = []
        self.seq = 0
        self._accepted = 0
        self.state = initial_state(rules, seats, self.options)
        self._record(rules.setup(self.state, Rng.derive(self.seed, 0, 0)), cmd=0, t=0)
        self._snapshots: dict[int, tuple[Any, int, int, int]] = {}
        self._snapshot()

    # ---- reading ----------------------------------------------------------------





    @property
    def last_t(self) -> int:
        return int(self.records[-1]["t"]) if self.records else 0

    # ---- folding ----------------------------------------------------------------
    def fold(self, record: Mapping[str, Any]) -> Folded:
        """Fold the next stamped record (its seq must be `self.seq + 1`)."""
        seq = int(record["seq"])
        if seq != self.seq + 1:
            raise ValueError(f"record {seq} folded after {self.seq}: the log has a gap")
        rec = dict(record)
        cmd = dict(rec["cmd"]) if isinstance(rec.get("cmd"), Mapping) else {}
        cmd["seat"] = None if cmd.get("type") in TABLE_COMMANDS else rec["seat"]
        cmd["t"] = int(rec["t"])
        self.records.append(rec)
        self.seq = seq
        try:
            if self.rules.outcome(self.state) is not None and cmd.get("type") != "tick":
                raise RuleError("err.game_over")
            rng = Rng.derive(self.seed, seq, int(rec["salt"]))
            new = self.rules.decide(self.state, cmd, rng)
        except RuleError as e:
            ref = Refusal(seq, cmd["seat"], int(rec["by"]), int(rec["cid"]), e.code, dict(e.params))
        except Exception:   # a payload the rules could not even read: refused the same way
            ref = Refusal(seq, cmd["seat"], int(rec["by"]), int(rec["cid"]), "err.bad_command", {})
        else:
            self._accepted += 1
            start = len(self.events)
            self._record(new, cmd=self._accepted, t=cmd["t"], rng=rng)
            self._maybe_snapshot()
            return Folded(rec, self.events[start:])
        self.refusals.append(ref)
        self._maybe_snapshot()
        return Folded(rec, [], ref)

    def fold_all(self, records: Iterable[Mapping[str, Any]]) -> list[Folded]:
        return [self.fold(r) for r in records]

    def _record(self, new: list[Event], cmd: int, t: int, rng: Rng | None = None) -> None:
        """Stamp and fold `new`; a command's (`rng` given) and what follows from it
        (engine/core/followup.py)."""
        game = self.rules.game

        def fold_batch(batch: list[Event]) -> None:
            for ev in batch:
                ev = stamp(game, ev, seq=len(self.events), t=t, cmd=cmd)
                self.state = fold_event(self.rules, self.state, self.events, ev)

        if rng is None:
            fold_batch(new)
        else:
            settle(self.rules, new, rng, lambda: self.state, fold_batch)

    # ---- rewinding (a resync that starts inside what was folded) --------------------
    def _snapshot(self) -> None:
        self._snapshots[self.seq] = (copy.deepcopy(self.state), len(self.events),
                                     len(self.refusals), self._accepted)

    def _maybe_snapshot(self) -> None:
        if self.seq % SNAPSHOT_EVERY == 0:
            self._snapshot()

    def rewind(self, seq: int) -> None:
        """Forget every record after `seq` (the state is as it was after folding `seq`)."""
        if seq >= self.seq:
            return
        seq = max(seq, 0)
        base = max(n for n in self._snapshots if n <= seq)
        state, n_events, n_refusals, accepted = self._snapshots[base]
        for n in [n for n in self._snapshots if n > base]:
            del self._snapshots[n]
        redo = self.records[base:seq]
        self.state = copy.deepcopy(state)
        del self.events[n_events:]
        del self.refusals[n_refusals:]
        del self.records[base:]
        self._accepted = accepted
        self.seq = base
        self.fold_all(redo)

    def refold(self) -> "Lockstep":
        """A fresh Lockstep over the same records (for checks)."""
        other = Lockstep(self.rules, self.seats, self.options, self.seed)
        other.fold_all(self.records)
        return other
