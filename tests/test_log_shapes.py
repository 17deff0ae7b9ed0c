"""Every event of every game is checked against its game's declared shape as a log is read
(engine/core/shapes.py, engine/<game>/shapes.py): the crafted logs of issue 20 (a 200 KB
string, a 200-deep list, 2^64 - 1, a float or bytes in any field of any event, a key
nobody declared holding 100,000 items, a seat's event without a seat, stamps and header
fields out of range, a variant the game does not have) stop reading at that record and
`replay --verify` exits 3 naming it; a log cut at a record boundary never verifies as a
finished game: it is "unfinished" (exit 4) or its last checkpoint is missing (exit 3)."""
from __future__ import annotations

import copy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.commands import verify
from engine.core.bots import play_out
from engine.core.logstore import LogError, pack_record, parse_log, read_log
from engine.core.shapes import STAMPED
from engine.registry import bot_for, games, rules_for, spec_for
from support.values import VALUES

HUGE = "x" * 200_000
DEEP: Any = 0
for _ in range(200):
    DEEP = [DEEP]
ATTACKS = [HUGE, DEEP, (1 << 64) - 1, -(1 << 63), 1.5, b"\x00"]


def handled(game: str) -> set[str]:
    """The event types the game's rules fold (their `_on_<type>` handlers, or Sumoku's
    per-variant dispatch tables)."""
    rules = rules_for(game)
    table = getattr(rules, "_apply", None)
    if isinstance(table, dict) and all(isinstance(per, dict) for per in table.values()):
        return {t for per in table.values() for t in per}
    if isinstance(table, dict):                  # PhasedRules: its own and its option plug-ins' handlers
        return set(table)
    return {n[len("_on_"):] for n in dir(rules) if n.startswith("_on_")}


@pytest.mark.parametrize("game", games())
def test_every_event_a_game_folds_has_a_declared_shape(game):
    assert set(spec_for(game).events) == handled(game)


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """One finished game of each registered game's first turn variant (bots, 2 or more seats)."""
    out = {}
    for game in games():
        spec = spec_for(game)
        v = next(v for v in spec.variants if not v.realtime)
        seats = max(v.seats.start, 2) if v.seats.stop > 2 else v.seats.start
        level = spec.levels[0]
        s = play_out(rules_for(game), seats, [bot_for(game, v.id, level, i, 3) for i in range(seats)],
                     options={"variant": v.id}, seed=3, log=True, log_dir=tmp_path_factory.mktemp(game))
        s.close()
        loaded = read_log(s.log_path, spec_for)
        assert loaded.complete
        out[game] = {"header": loaded.header, "events": loaded.events, "checkpoints": loaded.checkpoints,
                     "path": Path(s.log_path)}
    return out


def log_bytes(header: dict, events: list[dict], checkpoints: list[dict]) -> bytes:
    pack = lambda b: msgpack.packb(b, use_bin_type=True)   # noqa: E731
    at = {c["seq"]: c for c in checkpoints}
    parts = [pack_record("H", pack(header))]
    for ev in events:
        parts.append(pack_record("E", pack(ev)))
        if ev["seq"] in at:
            parts.append(pack_record("C", pack(at[ev["seq"]])))
    return b"".join(parts)


def verify_bytes(tmp_path: Path, data: bytes, capsys) -> tuple[int, str]:
    path = tmp_path / "crafted.ctlog"
    path.write_bytes(data)
    code = verify.run(SimpleNamespace(file=str(path), verify=True, json=False))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and len((out + err).strip().splitlines()) == 1
    return code, (out + err).strip()


def first_of_each_type(events: list[dict]) -> list[int]:
    seen: dict[str, int] = {}
    for i, ev in enumerate(events):
        seen.setdefault(ev["type"], i)
    return sorted(seen.values())


@pytest.mark.parametrize("game", games())
def test_any_field_of_any_event_set_to_an_attack_stops_reading_there(game, logs):
    base = logs[game]
    tried = 0
    for i in first_of_each_type(base["events"]):
        for key in sorted(set(base["events"][i]) - STAMPED):
            for value in ATTACKS:
                evs = copy.deepcopy(base["events"])
                evs[i][key] = value
                loaded = parse_log(log_bytes(base["header"], evs, base["checkpoints"]), spec_for)
                assert loaded.error == "malformed" and len(loaded.events) == i, (game, i, key)
                assert loaded.reason.startswith(f"event {i} ({evs[i]['type']!r}): {key}"), loaded.reason
                assert len(loaded.reason) < 300
                tried += 1
    assert tried >= 10


@pytest.mark.parametrize("game", games())
def test_unknown_keys_wrong_seats_and_stamps_out_of_range_are_refused(game, logs, tmp_path, capsys):
    base = logs[game]
    spec = spec_for(game)
    table = next(i for i, ev in enumerate(base["events"]) if ev["seat"] is None)
    mine = next(i for i, ev in enumerate(base["events"]) if ev["seat"] is not None)
    cases = [
        (mine, "padding", list(range(100_000))),           # a key nobody declared
        (table, "padding", {"k": HUGE}),
        (mine, "seat", None),                              # a seat's event without a seat
        (table, "seat", 0),                                # the table's event naming a seat
        (mine, "t", (1 << 64) - 1), (mine, "v", (1 << 64) - 1), (mine, "v", 2),
        (mine, "cmd", (1 << 64) - 1), (mine, "type", "no_such_event"),
    ]
    assert spec.events[base["events"][table]["type"]].table
    for i, key, value in cases:
        evs = copy.deepcopy(base["events"])
        evs[i][key] = value
        code, message = verify_bytes(tmp_path, log_bytes(base["header"], evs, base["checkpoints"]), capsys)
        assert code == verify.EXIT_CORRUPT, (key, message)
        assert f"event {i}" in message and "malformed" in message, message


@pytest.mark.parametrize("game", games())
def test_header_fields_out_of_range_are_not_a_log(game, logs, tmp_path, capsys):
    base = logs[game]
    for key, value in (("variant", "zz"), ("seed", -1), ("seed", (1 << 64) - 1),
                       ("created_at", HUGE), ("padding", list(range(100_000))),
                       ("options", {"bag": DEEP}), ("players", [{"name": HUGE}])):
        h = dict(base["header"], **{key: value})
        data = log_bytes(h, base["events"], base["checkpoints"])
        with pytest.raises(LogError, match="malformed header"):
            parse_log(data, spec_for)
        code, message = verify_bytes(tmp_path, data, capsys)
        assert code == verify.EXIT_CORRUPT and "malformed header" in message, (key, message)


@pytest.mark.parametrize("game", games())
def test_a_log_cut_at_a_record_boundary_is_never_a_finished_game(game, logs, tmp_path, capsys):
    base = logs[game]
    h, evs, cps = base["header"], base["events"], base["checkpoints"]
    assert verify_bytes(tmp_path, base["path"].read_bytes(), capsys)[0] == verify.EXIT_OK
    # the last checkpoint cut off: every event is there and the game ended, but unproven
    code, message = verify_bytes(tmp_path, log_bytes(h, evs, cps[:-1]), capsys)
    assert code == verify.EXIT_CORRUPT and "checkpoint after the last event" in message, message
    # cut after any event before the end: unfinished, its own exit status
    for n in (1, len(evs) // 2, len(evs) - 1):
        code, message = verify_bytes(tmp_path, log_bytes(h, evs[:n], [c for c in cps if c["seq"] < n]),
                                     capsys)
        assert code == verify.EXIT_UNFINISHED and message.startswith("unfinished"), (n, message)




@pytest.mark.parametrize("game", games())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_field_of_any_event_set_to_anything_is_refused_or_folded_never_a_traceback(
        game, logs, tmp_path, capsys, data):
    base = logs[game]
    evs = copy.deepcopy(base["events"])
    i = data.draw(st.integers(0, len(evs) - 1))
    key = data.draw(st.sampled_from(sorted(set(evs[i]) - STAMPED) + ["extra"]))
    evs[i][key] = data.draw(VALUES)
    code, message = verify_bytes(tmp_path, log_bytes(base["header"], evs, base["checkpoints"]), capsys)
    assert code in (verify.EXIT_OK, verify.EXIT_MISMATCH, verify.EXIT_CORRUPT, verify.EXIT_UNFINISHED)
    shape = spec_for(game).events[evs[i]["type"]]
    if shape.problem(evs[i], base["header"]["seats"]) is not None:
        assert code == verify.EXIT_CORRUPT and f"event {i}" in message, message
