"""Follow-up events: what the rules say follows from a state, run by the core.

A command's `decide` returns only what the command itself does. After the core folds
that batch it asks the rules' `follow_up(state, rng)` for the events that follow (a
seat that must pass, the end of a phase, the next round's deal), folds them, and asks
again until the answer is empty: in the spirit of boardgame.io's `endIf`/`onEnd`. The
follow-ups are stamped with the command's time and number, as if `decide` had returned
them, and they draw from the command's own `Rng` after `decide` did, so the log holds
the same events whichever side of the line a game draws it. The set-up is not followed
up (a game's `setup` returns its whole opening).

`settle` is the loop, handed how to read and fold the state (a session folds into its
own state and log); `decide_all` is the dry run on a copy (bots, tests, previews).
"""
from __future__ import annotations

import copy
from typing import Any, Callable

from engine.core.events import Command, Event
from engine.core.rng import Rng
from engine.core.rules import Rules

FOLLOW_UP_LIMIT = 1000    # batches after one command: more is a rules bug (a loop)


class FollowUpLoop(RuntimeError):
    """The rules' follow_up kept answering: a bug in the rules, never a refusal."""


def settle(rules: Rules, events: list[Event], rng: Rng, state_now: Callable[[], Any],
           fold: Callable[[list[Event]], None]) -> list[Event]:
    """Fold `events` (what `decide` returned), then every batch the rules' follow_up
    answers, until it answers nothing; every event in order. `state_now()` is the state
    after the folds so far."""
    out: list[Event] = []
    batch = events
    for _ in range(FOLLOW_UP_LIMIT):
        fold(batch)
        out.extend(batch)
        batch = rules.follow_up(state_now(), rng)
        if not batch:
            return out
    raise FollowUpLoop(f"{rules.game}: follow_up still answered after {FOLLOW_UP_LIMIT} batches "
                       f"(the last: {[ev.get('type') for ev in batch]})")


def decide_all(rules: Rules, state: Any, cmd: Command, rng: Rng) -> list[Event]:
    """Every event `cmd` would make now, its follow-ups included, without changing
    `state` (they are folded into a copy); raises RuleError as `decide` does."""
    events = rules.decide(state, cmd, rng)
    box = [copy.deepcopy(state)]

    def fold(batch: list[Event]) -> None:
        for ev in batch:
            box[0] = rules.apply(box[0], ev)

    return settle(rules, events, rng, lambda: box[0], fold)
