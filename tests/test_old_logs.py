"""Logs written by an older release (tests/fixtures/logs, made before issue 8 changed the
engine) still replay, verify and continue with today's code: every checkpoint matches,
the replay cursor reaches the recorded end state (in the log's own hash form), and an
unfinished game resumes, is played to its end by bots and then verifies as a whole."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.commands.verify import EXIT_OK, EXIT_UNFINISHED, check
from engine.core.bots import play_on
from engine.core.checkpoints import checkpoint_hash
from engine.core.logstore import read_log
from engine.core.race import SimClock, race_on
from engine.core.replay import ReplayCursor
from engine.core.session import LocalSession
from engine.registry import bot_for, rules_for, spec_for

FIXTURES = Path(__file__).parent / "fixtures" / "logs"
MANIFEST = json.loads((FIXTURES / "manifest.json").read_text())


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_old_log_verifies_and_replays_to_its_recorded_end(name):
    want = MANIFEST[name]
    loaded = read_log(FIXTURES / name, spec_for)
    assert loaded.complete and len(loaded.events) == want["events"]
    code, message = check(loaded)
    assert code == (EXIT_OK if want["finished"] else EXIT_UNFINISHED), message
    cursor = ReplayCursor.from_log(loaded, rules_for)
    cursor.seek(len(cursor))
    assert (cursor.outcome() is not None) == want["finished"]
    h = loaded.header
    assert checkpoint_hash(cursor.rules, cursor.state, cursor.events, h["rules_version"]) == want["hash"]
    for seat in [None, *range(int(h["seats"]))]:
        assert isinstance(cursor.view(seat), dict)
        assert len(cursor.events_for(seat)) == len(cursor.events)


@pytest.mark.parametrize("name", sorted(n for n in MANIFEST if not MANIFEST[n]["finished"]))
def test_old_unfinished_log_continues_to_the_end_and_verifies(tmp_path, name):
    path = tmp_path / name
    shutil.copy(FIXTURES / name, path)
    h = read_log(path, spec_for).header
    game, variant, seats = h["game"], h["variant"], int(h["seats"])
    bots = {s: bot_for(game, variant, "normal", s, int(h["seed"])) for s in range(seats)}
    if spec_for(game).variant(variant).realtime:
        clock = SimClock()
        session = race_on(LocalSession.resume(path, rules_for, spec_for, clock=clock), clock, bots)
    else:
        session = play_on(LocalSession.resume(path, rules_for, spec_for), bots)
    assert session.outcome() is not None
    before = len(session.events)
    session.close()
    loaded = read_log(path, spec_for)
    assert len(loaded.events) == before > MANIFEST[name]["events"]
    assert loaded.header == h                         # still the old release's header
    code, message = check(loaded)
    assert code == EXIT_OK, message
    assert loaded.checkpoints and loaded.checkpoints[-1]["seq"] == before - 1
