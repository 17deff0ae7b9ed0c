"""Running work off the main loop so no frame ever waits for it.

`run_async(fn, *args)` runs `fn` in a daemon thread and returns a Job to poll each
frame (`job.done`, then `job.result()`). `Sliced(gen)` runs a generator a few
milliseconds per frame instead, for work that must stay on the main thread.
`Latest` keeps only the newest of a stream of jobs and drops an answer that arrives for
a question no longer asked (a hint for a table that has moved on). `BotTurns` uses it to
let bots think while the window stays live."""
from __future__ import annotations

import threading
import time
from typing import Any, Callable, Generator, Generic, TypeVar

from scenes.stack import wake

T = TypeVar("T")

_running = [0]                 # jobs whose thread has not finished yet
_running_lock = threading.Lock()


def jobs_running() -> int:
    """How many jobs are still working (tests: a fake-time loop really waits only then)."""
    return _running[0]


class Job(Generic[T]):
    def __init__(self, fn: Callable[..., T], *args: Any, **kw: Any) -> None:
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self.started = time.monotonic()
        with _running_lock:
            _running[0] += 1

        def body() -> None:
            try:
                self._result = fn(*args, **kw)
            except BaseException as e:  # handed back to the main thread by result()
                self._error = e
            finally:
                self._done.set()
                wake()             # a sleeping frame loop looks at the answer at once
                with _running_lock:
                    _running[0] -= 1
        self._thread = threading.Thread(target=body, daemon=True, name=f"job-{getattr(fn, '__name__', 'fn')}")
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def result(self) -> T:
        """The return value (raises what the function raised). Only once `done`."""
        if not self.done:
            raise RuntimeError("job still running")
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done and its wake-up posted (tests and shutdown only; never inside
        a frame): the thread sets `done` before it wakes the loop, so it is joined."""
        self._thread.join(timeout)
        return self.done


def run_async(fn: Callable[..., T], *args: Any, **kw: Any) -> Job[T]:
    return Job(fn, *args, **kw)


class Sliced(Generic[T]):
    """Drive a generator for at most `budget_ms` per `step()`; its return value is
    `.value` once `.done`."""

    def __init__(self, gen: Generator[Any, None, T], budget_ms: float = 4.0) -> None:
        self._gen = gen
        self.budget = budget_ms / 1000.0
        self.done = False
        self.value: T | None = None

    def step(self) -> bool:
        end = time.perf_counter() + self.budget
        while not self.done and time.perf_counter() < end:
            try:
                next(self._gen)
            except StopIteration as stop:
                self.done = True
                self.value = stop.value
        return self.done


class Latest(Generic[T]):
    """One job at a time, tagged with a stamp (what it answers: a position of the game,
    a seat's knowledge). `ask(stamp, fn, ...)` starts a job, dropping the one running (its
    thread finishes on its own); `take(current)` returns the finished answer only when its
    stamp is still `current`, else drops it and returns None. `failed` holds what the last
    job raised, if anything."""

    def __init__(self) -> None:
        self._job: Job[T] | None = None
        self.stamp: Any = None
        self.failed: BaseException | None = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def ready(self) -> bool:
        return self._job is not None and self._job.done

    def ask(self, stamp: Any, fn: Callable[..., T], *args: Any) -> None:
        self._job = run_async(fn, *args)
        self.stamp = stamp

    def cancel(self) -> None:
        self._job = None
        self.stamp = None

    def take(self, current: Any) -> T | None:
        """The answer, once done and still for `current` (None otherwise, or on failure)."""
        job = self._job
        if job is None or not job.done:
            return None
        stamp, self._job, self.stamp = self.stamp, None, None
        try:
            result = job.result()
        except Exception as e:          # handed to the caller as `failed`
            self.failed = e
            return None
        self.failed = None
        return result if stamp == current else None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the running job ends (tests and shutdown only)."""
        return self._job.wait(timeout) if self._job is not None else True


class BotTurns:
    """Plays the bot seats of a session without blocking frames. Call `update(dt)` each
    frame: when a bot seat may act it asks `make_bot(seat, level)` for a bot, lets it
    think in a thread on a copy of its view, and submits the answer on the main thread
    after at least `delay` seconds (so people can follow). An answer thought out for a
    game that has moved on since (an undo, another seat's command) is dropped. Returns
    the new events of a submitted command, else None; a refused or failed move raises
    (the table falls back)."""

    def __init__(self, session: Any, make_bot: Callable[[int, str], Any], delay: float = 0.6) -> None:
        self.session = session
        self.make_bot = make_bot
        self.delay = delay
        self.paused = False
        self._bots: dict[int, Any] = {}
        self.worker: Latest[Any] = Latest()
        self.seat: int | None = None
        self._waited = 0.0

    @property
    def thinking(self) -> bool:
        return self.worker.busy

    def _bot(self, seat: int) -> Any:
        if seat not in self._bots:
            self._bots[seat] = self.make_bot(seat, self.session.players[seat].get("level", "normal"))
        return self._bots[seat]

    def _stamp(self, seat: int | None) -> tuple[int | None, int]:
        return (seat, len(self.session.events))

    def cancel(self) -> None:
        self.worker.cancel()  # a running thread finishes on its own; its answer is dropped

    def due_in(self) -> float | None:
        """Seconds until `update` has a move to start or to play (None: nothing before a
        worker's wake-up or an event), so a sleeping frame loop knows when to look again."""
        s = self.session
        if self.paused or s.outcome() is not None:
            return None
        if not self.worker.busy:
            return 0.0 if any(s.is_bot(seat) for seat in s.to_act()) else None
        if not self.worker.ready:
            return None
        return max(0.0, self.delay - self._waited)

    def wait(self, timeout: float | None = None) -> bool:
        """Tests: block until the bot thinking now has its answer."""
        return self.worker.wait(timeout)

    def update(self, dt: float) -> list[dict] | None:
        s = self.session
        if self.paused or s.outcome() is not None:
            return None
        if not self.worker.busy:
            bots = sorted(seat for seat in s.to_act() if s.is_bot(seat))
            if not bots:
                return None
            self.seat = bots[0]
            self._waited = 0.0
            self.worker.ask(self._stamp(self.seat), self._bot(self.seat).choose, s.view(self.seat), self.seat)
            return None
        self._waited += dt
        if not self.worker.ready or self._waited < self.delay:
            return None
        seat = self.seat
        cmd = self.worker.take(self._stamp(seat))
        if self.worker.failed is not None:
            raise self.worker.failed
        if cmd is None or seat not in s.to_act():
            return None
        return s.submit(cmd)
