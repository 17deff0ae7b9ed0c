"""`race_out`: a whole real-time game with bots, on a simulated clock.

Real-time bots do not answer "your move"; each tells when it will send its next command:
`plan(view, seat, now_ms) -> (t_ms, command) | None`. The harness asks every bot seat,
runs the earliest plan (ties: the lowest seat) with the clock set to its time, so the
command is stamped exactly then, and sends `{"type": "tick", "seat": None}` when the
rules' `next_deadline(state)` comes first (a tick goes before a plan of the same time).
A refused command (RuleError) changes nothing; its bot replans, and until something
changes it must plan a later time. Nothing here knows any particular game.
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol

from engine.core.errors import RuleError
from engine.core.events import Command
from engine.core.session import LocalSession
from engine.core.rules import Rules

TICK: Command = {"type": "tick", "seat": None}


class RacingBot(Protocol):
    def plan(self, view: dict, seat: int, now_ms: int) -> tuple[int, Command] | None: ...


class SimClock:
    """A clock the harness sets: LocalSession reads seconds, and `now_ms()` must come
    out as exactly `ms` (half a millisecond keeps the float product from rounding down)."""

    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> float:
        return 0.0 if self.ms == 0 else (self.ms + 0.5) / 1000.0


def race_out(rules: Rules, seats: int, bots: Mapping[int, RacingBot] | list[RacingBot], *,
             options: Mapping[str, Any] | None = None, seed: int = 0,
             max_commands: int = 100_000, max_ms: int = 6 * 3_600_000,
             refused: list[tuple[int, int, Command, RuleError]] | None = None,
             **session_kw: Any) -> LocalSession:
    """Race bots (a seat without a bot never acts) until the outcome, or stop when
    `max_commands` commands (ticks and refusals included) were sent, the clock passes
    `max_ms`, or nothing is left to happen. Refusals go to `refused` as
    (t, seat, command, error) when a list is given."""
    if isinstance(bots, list):
        bots = dict(enumerate(bots))
    players = [{"name": f"Bot {s + 1}", "kind": "bot" if s in bots else "human",
                "level": getattr(bots.get(s), "level", "normal")} for s in range(seats)]
    clock = SimClock()
    session_kw.setdefault("log", False)
    session = LocalSession(rules, seats, options, seed, players, clock=clock, **session_kw)
    return race_on(session, clock, bots, max_commands=max_commands, max_ms=max_ms, refused=refused)


def race_on(session: LocalSession, clock: SimClock, bots: Mapping[int, RacingBot], *,
            max_commands: int = 100_000, max_ms: int = 6 * 3_600_000,
            refused: list[tuple[int, int, Command, RuleError]] | None = None) -> LocalSession:
    """Go on racing `session` (new or resumed, made with `clock`) as `race_out` does;
    times are the session's game time (a resumed session starts where its log stopped)."""
    offset = session.now_ms() - clock.ms     # game time = clock.ms + offset
    blocked: dict[int, int] = {}     # seat -> time of its refused command, until a change
    seen_events = len(session.events)
    for _ in range(max_commands):
        if session.outcome() is not None:
            break
        if len(session.events) != seen_events:
            seen_events = len(session.events)
            blocked.clear()
        now = session.now_ms()
        best: tuple[int, int, int | None, Command] | None = None
        deadline = session.next_deadline()
        if deadline is not None:
            best = (max(deadline, now), -1, None, TICK)
        for seat in sorted(bots):
            plan = bots[seat].plan(session.view(seat), seat, now)
            if plan is None:
                continue
            at = max(int(plan[0]), now)
            if seat in blocked and at <= blocked[seat]:
                continue
            if best is None or (at, seat) < best[:2]:
                best = (at, seat, seat, plan[1])
        if best is None or best[0] > max_ms:
            break
        clock.ms = best[0] - offset
        cmd = dict(best[3])
        cmd["seat"] = best[2]
        try:
            session.submit(cmd)
        except RuleError as err:
            if best[2] is None:
                raise
            blocked[best[2]] = best[0]
            if refused is not None:
                refused.append((best[0], best[2], cmd, err))
    return session
