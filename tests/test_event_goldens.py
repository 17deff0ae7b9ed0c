"""Seeded bot games give exactly the events they gave before the follow-up step moved
(engine/core/followup.py): each hash was taken from the code that computed the same
events inside `decide` (commit e9dd4fb). A log stores events, so a changed hash means
an old log would no longer continue the way it was played: never update one without a
rules_version step and a legacy path."""
from __future__ import annotations

import hashlib
import json

import pytest

from engine.core.bots import play_out
from engine.registry import bot_for, rules_for

GOLDEN = [
    ("wordporters", {"variant": "classic"}, 3, 1, 68, "eea4145d1de4343a"),
    ("wordporters", {"variant": "classic"}, 6, 1, 125, "d659f052b2bf6c4c"),
    ("wordporters", {"variant": "children"}, 3, 1, 65, "68acc9ab00b590d8"),
    ("wordporters", {"variant": "children"}, 6, 1, 123, "6318d517bd11232f"),
    ("paperback", {}, 3, 1, 149, "dfe97b25d1f6b876"),
    ("paperback", {"attacks": True, "awards": True, "powers": True, "themes": True}, 3, 1, 219,
     "b0d82f8febaeafe8"),
    ("paperback", {"bounty": True, "discard_cube": True, "vowel_reshuffle": True}, 4, 4, 222,
     "1673e75d1ff472f0"),                                    # (the vowels restocked once)
    ("paperback", {"simultaneous": True}, 2, 1, 97, "706863be071e5e33"),
    ("paperback", {"awards": True, "discard_cube": True, "simultaneous": True, "themes": True}, 3, 1, 107,
     "7b2a4d0c45ca6411"),
]


def events_hash(events: list[dict]) -> str:
    return hashlib.sha256(json.dumps(events, sort_keys=True, default=str).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game, options, seats, seed, count, digest", GOLDEN)
def test_a_seeded_bot_game_makes_the_events_it_made_before(game, options, seats, seed, count, digest):
    bots = [bot_for(game, options.get("variant"), "normal", s, seed) for s in range(seats)]
    session = play_out(rules_for(game), seats, bots, options=options, seed=seed, clock=lambda: 0.0)
    assert session.outcome() is not None
    assert (len(session.events), events_hash(session.events)) == (count, digest)
