"""Race bots at the couch: each bot seat's `RaceBot.plan` runs off the frame loop
(scenes.ui.worker.run_async, one job per bot at a time), and the planned command is sent
when the session's clock reaches its time. A bot plans again whenever the log grows and
after a refusal (RaceBot then waits a little before retrying)."""
from __future__ import annotations

import logging
from typing import Any, Callable

from engine.core.errors import RuleError
from scenes.ui.worker import Job, run_async

log = logging.getLogger(__name__)

Command = dict[str, Any]


def make_race_bot(level: str, seed: int) -> Any:
    from engine.sumoku.racebot import LEVELS, RaceBot
    return RaceBot(level if level in LEVELS else "normal", seed)


class _Seat:
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.job: Job | None = None
        self.job_stamp = -1          # the log length the running job planned for
        self.plan: tuple[int, Command] | None = None
        self.stamp = -1              # the log length `plan` was made for
        self.idle = False            # planned None for `stamp`: nothing to do until a change


class BotDriver:
    """Drives every bot seat of a session. `update()` once a frame returns what it sent as
    (seat, command, events or RuleError)."""

    def __init__(self, session: Any, seats: list[int],
                 make_bot: Callable[[int, str], Any] | None = None) -> None:
        self.session = session
        seed = int(getattr(session, "seed", 0))
        players = getattr(session, "players", None) or []

        def default(seat: int, level: str) -> Any:
            return make_race_bot(level, (seed * 7919 + seat * 104729) & 0xFFFFFFFF)
        make = make_bot or default
        self.seats: dict[int, _Seat] = {}
        for s in seats:
            level = players[s].get("level", "normal") if s < len(players) else "normal"
            self.seats[s] = _Seat(make(s, level))
        self.paused = False

    def _log_len(self) -> int:
        return len(self.session.events)

    def update(self) -> list[tuple[int, Command, Any]]:
        sent: list[tuple[int, Command, Any]] = []
        if self.paused or self.session.outcome() is not None:
            return sent
        now = self.session.now_ms()
        # 1. send what is due (in time order, ties to the lowest seat)
        due = sorted((st.plan[0], seat) for seat, st in self.seats.items()
                     if st.plan is not None and st.plan[0] <= now)
        for _at, seat in due:
            st = self.seats[seat]
            assert st.plan is not None
            cmd = dict(st.plan[1])
            cmd["seat"] = seat
            st.plan = None
            st.stamp = -1
            try:
                result: Any = self.session.submit(cmd)
            except RuleError as err:
                result = err              # refused: the bot plans again (and waits a little)
            sent.append((seat, cmd, result))
        # 2. collect finished plans; plan again where the log moved on
        n = self._log_len()
        for seat, st in self.seats.items():
            if st.job is not None and st.job.done:
                job, st.job = st.job, None
                try:
                    plan = job.result()
                except Exception:
                    log.exception("race bot at seat %s failed to plan", seat)
                    plan = None
                if st.job_stamp == n:
                    st.plan, st.stamp, st.idle = plan, n, plan is None
            if st.job is None and st.stamp != n and not (st.idle and st.stamp == n):
                st.plan = None
                st.job_stamp = n
                st.job = run_async(st.bot.plan, self.session.view(seat), seat, self.session.now_ms())
        return sent

    @property
    def thinking(self) -> bool:
        return any(st.job is not None for st in self.seats.values())

    def wait_all(self, timeout: float = 5.0) -> None:
        """Block until every running plan is done (tests only, never inside a frame)."""
        for st in self.seats.values():
            if st.job is not None:
                st.job.wait(timeout)

    def next_time(self, seat: int) -> int | None:
        st = self.seats.get(seat)
        return st.plan[0] if st is not None and st.plan is not None else None
