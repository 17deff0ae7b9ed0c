"""Checkpoint hashes: the state hash a log records, in the form of the rules version
that wrote the log.

A log's header names the rules version it was made with. When a later version changes
what a state holds (Hooky 2 dropped the copy of its log kept inside the state), the
checkpoints of an older log still verify: the rules rebuild the older form from the
state and the events folded so far (`Rules.legacy_data`). A resumed old log goes on
writing checkpoints in its own version's form, so one file never mixes two forms.
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.core.events import Event
from engine.core.hashing import state_hash
from engine.core.rules import Rules

CHECKPOINT_EVERY = 64   # a checkpoint after every 64th event (and after the last one)


def checkpoint_hash(rules: Rules, state: Any, events: Sequence[Event],
                    rules_version: int | None = None) -> str:
    """The hash of `state` (after `events`) as a log made by `rules_version` (None: the
    current version) records it."""
    if rules_version is None or int(rules_version) == rules.rules_version:
        return state_hash(rules.to_data(state))
    return state_hash(rules.legacy_data(state, events, int(rules_version)))
