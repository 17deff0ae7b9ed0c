"""The worksheet's assistant: what one seat's view proves (the "notes" level), and the
deduction engine run off the frame loop for the "certain" and "prob" levels.

Everything here is computed from one seat's view only (`view["knowledge"]`), and kept
per seat, so one seat's deductions are never shown to another."""
from __future__ import annotations

import json

from engine.hooky.deduction import HOOKY, PLAYGROUND, Deduction, deduce
from engine.hooky.knowledge import ALPHABET, Knowledge
from scenes.common.assistant import LEVELS, table_level
from scenes.ui.worker import Job, run_async

Loc = int | str          # a seat, "playground" or "hooky"
Cell = tuple[Loc, str]   # (location, letter)


def level_of(view: dict) -> str:
    """The table's level: the most help anyone at the table may have."""
    return table_level(view.get("options"))


def seat_level(table: str, chosen: str | None) -> str:
    """A seat's level: the one it chose, never above the table's."""
    if chosen not in LEVELS or LEVELS.index(chosen) > LEVELS.index(table):
        return table
    return chosen


def next_level_down(table: str, current: str) -> str:
    """The Assistant button: one level less help, and from pen and paper back to the
    table's level (the levels at or below the table's, in a ring)."""
    allowed = LEVELS[:LEVELS.index(table) + 1]
    return allowed[(allowed.index(seat_level(table, current)) - 1) % len(allowed)]


def rows_for(view: dict, seat: int) -> list[Loc]:
    """The worksheet's rows for `seat`: the other seats clockwise from the next one, then
    the playground and the hooky pile."""
    n = int(view["seats"])
    return [(seat + i) % n for i in range(1, n)] + [PLAYGROUND, HOOKY]


def known_facts(view: dict, seat: int) -> dict[Cell, str]:
    """What the seat's view states outright, over the worksheet's rows: its own hand (none
    of those letters is elsewhere), cards revealed by anyone, flipped playground cards and
    its own peeks. {(loc, letter): "has" | "not"}."""
    rows = rows_for(view, seat)
    out: dict[Cell, str] = {}

    def place(letter: str, where: Loc | None) -> None:
        for loc in rows:
            out[(loc, letter)] = "has" if loc == where else "not"

    for letter in view.get("hand") or []:
        place(letter, None)
    for s, letters in enumerate(view.get("revealed") or []):
        for letter in letters:
            place(letter, None if s == seat else s)
    for letter in view.get("flipped") or []:
        place(letter, PLAYGROUND)
    for p in view.get("peeks") or []:
        place(p["letter"], int(p["target"]))
    return out


def forced(d: Deduction, rows: list[Loc]) -> dict[Cell, str]:
    """The cells logic forces: {(loc, letter): "has" | "not"}."""
    out: dict[Cell, str] = {}
    if not d.consistent:
        return out
    for loc in rows:
        for letter in ALPHABET:
            if d.must(letter, loc):
                out[(loc, letter)] = "has"
            elif d.cannot(letter, loc):
                out[(loc, letter)] = "not"
    return out


def knowledge_key(view: dict) -> str:
    return json.dumps(view.get("knowledge"), sort_keys=True)


class Assistant:
    """Runs `deduce` for a seat's view in a thread whenever its knowledge changes; keeps
    the latest finished result per seat (still true while a newer one is computed, since
    knowledge only grows)."""

    def __init__(self) -> None:
        self.results: dict[int, tuple[str, Deduction]] = {}
        self._job: Job | None = None
        self._job_for: tuple[int, str] | None = None
        self.failed = False

    def want(self, seat: int, view: dict) -> None:
        """Ask for the deduction of this view (no-op when it is ready or running)."""
        if view.get("knowledge") is None:
            return
        key = knowledge_key(view)
        done = self.results.get(seat)
        if done is not None and done[0] == key:
            return
        if self._job is not None and self._job_for == (seat, key):
            return
        if self._job is not None and not self._job.done:
            return            # one at a time; asked again next frame
        k = Knowledge.from_view(view["knowledge"])
        self._job_for = (seat, key)
        self._job = run_async(deduce, k)

    def poll(self) -> bool:
        """Collect a finished job; True when a new result arrived."""
        job = self._job
        if job is None or not job.done:
            return False
        self._job = None
        assert self._job_for is not None
        seat, key = self._job_for
        try:
            self.results[seat] = (key, job.result())
        except Exception:          # an engine failure leaves the notes level working
            self.failed = True
            return False
        return True

    def thinking(self, seat: int, view: dict) -> bool:
        """The seat's grid is waiting for a newer deduction."""
        done = self.results.get(seat)
        return done is None or done[0] != knowledge_key(view)

    def latest(self, seat: int) -> Deduction | None:
        done = self.results.get(seat)
        return done[1] if done else None

    def forget(self, seat: int) -> None:
        """Drop what was worked out for `seat` (a play was taken back: its knowledge shrank,
        so an older result may hold facts it no longer has). A job running for it is
        dropped too (its thread finishes on its own)."""
        self.results.pop(seat, None)
        if self._job_for is not None and self._job_for[0] == seat:
            self._job = None
            self._job_for = None

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the running job ends and collect it (tests only)."""
        if self._job is not None:
            self._job.wait(timeout)
            self.poll()
