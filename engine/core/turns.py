"""Turn structure presets, and the one header every view carries.

Games build `to_act` from these instead of hand-written branches:

- `in_turn(seat)`: one seat after another (the seat whose turn it is, or nobody);
  `next_seat(seat, seats)` is the next one round the table; `first_seat(options, seats,
  rng)` the one that starts (the "start" option, else drawn).
- `each_once(named, done)`: every named seat once, in secret (simultaneous votes and
  guesses); `closes(named, done, seat)` says that `seat`'s act is the last one, so the
  rules add the closing event (the reveal, the tally) to the events it makes.
- `responders(seats, by, answered)`: the others respond to `by` (an attack answered by
  each other player, a proposal voted on); once all have, play returns to `by`.

The header: `status(rules, state)` is `view["status"]`, added by the core (sessions,
lockstep, replays read views through `StateReader.view`) so no game can forget it:

    {"phase": str, "acting": sorted seats, "round": int | None,
     "deadline": int | None (ms of game time), "ended": bool}

`acting`, `deadline` and `ended` come from the rules' `to_act`, `next_deadline` and
`outcome`, so the header always agrees with them; `phase` and `round` from `progress`.
"""
from __future__ import annotations

from typing import Any, Collection, Iterable, Mapping

from engine.core.rng import Rng
from engine.core.rules import Rules


def in_turn(seat: int | None) -> frozenset[int]:
    """One seat after another: the seat to play, or nobody (None)."""
    return frozenset() if seat is None else frozenset((seat,))


def next_seat(seat: int, seats: int, step: int = 1) -> int:
    return (seat + step) % seats


def first_seat(options: Mapping[str, Any], seats: int, rng: Rng) -> int:
    """The seat that starts: the "start" option when set (fixed games, tests), else drawn."""
    start = options.get("start")
    return rng.below(seats) if start is None else int(start)


def each_once(named: Iterable[int], done: Collection[int]) -> frozenset[int]:
    """Every named seat once, in secret: those of `named` not yet in `done`."""
    return frozenset(s for s in named if s not in done)


def closes(named: Iterable[int], done: Collection[int], seat: int) -> bool:
    """Whether `seat`'s act is the last of `each_once(named, done)` (then the rules add
    the closing event)."""
    return each_once(named, done) == frozenset((seat,))


def responders(seats: int, by: int, answered: Collection[int]) -> frozenset[int]:
    """The other seats that still owe `by` an answer; when none is left, play returns."""
    return each_once((s for s in range(seats) if s != by), answered)


def status(rules: Rules, state: Any) -> dict[str, Any]:
    """The common view header (see the module docstring)."""
    phase, rnd = rules.progress(state)
    return {"phase": str(phase), "acting": sorted(rules.to_act(state)),
            "round": None if rnd is None else int(rnd),
            "deadline": rules.next_deadline(state),
            "ended": rules.outcome(state) is not None}


def view_with_status(rules: Rules, state: Any, seat: int | None) -> dict[str, Any]:
    """`rules.view(state, seat)` with the header in "status": what every seat and bot gets."""
    v = rules.view(state, seat)
    v["status"] = status(rules, state)
    return v
