"""Crafted logs (every CRC valid, written by the project's own LogWriter) whose header,
checkpoints or events break the format: `replay --verify` and `--json` exit 3 with one
line, never a traceback, and the windowed viewer shows its error screen or the log up to
the bad event, never crashes."""
from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgpack
import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.commands import verify
from engine.core import play_out
from engine.core.logstore import LogWriter, pack_record, read_log
from engine.registry import bot_for, rules_for, spec_for
from support.values import VALUES

ROOT = Path(__file__).resolve().parents[1]
STAMPS = ("type", "seq", "seat", "t", "v", "cmd")


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> dict[str, Any]:
    """One finished two-seat Sumoku game: its header, events and checkpoints."""
    d = tmp_path_factory.mktemp("base")
    s = play_out(rules_for("sumoku"), 2, [bot_for("sumoku", None, "easy", i, 0) for i in range(2)], seed=5,
                 log=True, log_dir=d)
    s.close()
    loaded = read_log(s.log_path, spec_for)
    assert loaded.complete and len(loaded.checkpoints) >= 1
    return {"header": loaded.header, "events": loaded.events, "checkpoints": loaded.checkpoints}


def write_log(path: Path, header: dict[str, Any], events: list[dict[str, Any]],
              checkpoints: list[dict[str, Any]]) -> Path:
    """A log with valid CRCs: each checkpoint goes right after the event it names (a
    checkpoint whose seq is not an event's goes at the end)."""
    w = LogWriter(path, header)
    by_seq: dict[Any, list[dict[str, Any]]] = {}
    late = []
    seqs = {ev.get("seq") if isinstance(ev.get("seq"), int) else None for ev in events}
    for c in checkpoints:
        key = c.get("seq") if type(c.get("seq")) is int and c.get("seq") in seqs else None
        (by_seq.setdefault(key, []) if key is not None else late).append(c)
    for ev in events:
        w.append(ev)
        s = ev.get("seq")
        for c in by_seq.pop(s, []) if type(s) is int else []:
            w.write_raw(pack_record("C", msgpack.packb(c, use_bin_type=True)))
    for c in late + [c for cs in by_seq.values() for c in cs]:
        w.write_raw(pack_record("C", msgpack.packb(c, use_bin_type=True)))
    w.close()
    return path


def run_verify(path: Path, capsys, *, json: bool = False, check: bool = True) -> tuple[int, str, str]:
    code = verify.run(SimpleNamespace(file=str(path), verify=check, json=json))
    out, err = capsys.readouterr()
    return code, out, err


def mutated(base: dict[str, Any], where: str, key: str, value: Any = None, *, drop: bool = False,
            index: int = 3) -> tuple[dict, list, list]:
    h, evs, cps = copy.deepcopy(base["header"]), copy.deepcopy(base["events"]), copy.deepcopy(base["checkpoints"])
    target = {"header": h, "event": evs[index], "checkpoint": cps[0]}[where]
    if drop:
        target.pop(key, None)
    else:
        target[key] = value
    return h, evs, cps


# ---- the cases of the issue, one by one -----------------------------------------------

# (where, key, value, dropped, found by reading: else only the fold finds it, so --json
# alone, which does not fold, prints it)
CASES = [
    ("checkpoint", "seq", "63", False, True),
    ("checkpoint", "seq", 1.5, False, True),
    ("checkpoint", "seq", -1, False, True),
    ("checkpoint", "hash", 12, False, True),
    ("checkpoint", "extra", 1, False, True),
    ("header", "rules_version", "1", False, True),
    ("header", "rules_version", 1.0, False, True),
    ("header", "seats", -1, False, True),
    ("header", "seats", 10 ** 6, False, True),
    ("header", "seats", 9, False, False),          # well-formed, but no Sumoku game has 9 seats
    ("header", "options", "exchange", False, True),
    ("header", "options", {"variant": "nope"}, False, False),   # options the rules cannot set up
    ("header", "players", "Mei", False, True),
    ("header", "game", 7, False, True),
    ("event", "seat", -1, False, True),
    ("event", "seat", 10 ** 6, False, True),
    ("event", "seat", "0", False, True),
    ("event", "seat", None, True, True),           # an event without `seat`
    ("event", "type", "no_such_event", False, True),   # not an event Sumoku declares
    ("event", "type", None, True, True),
    ("event", "seq", 99, False, True),
    ("event", "t", "soon", False, True),
    ("event", "v", 0, False, True),
    ("event", "tiles", "x", False, True),          # tiles that are a string: not the declared shape
] + [("header", k, None, True, True) for k in ("format_version", "game", "variant", "seats", "seed",
                                                "rules_version", "options", "players", "created_at")]


def case_id(case: tuple) -> str:
    where, key, value, drop, _ = case
    return f"{where}-{key}-{'dropped' if drop else repr(value)}"


def tiles_event(base: dict[str, Any]) -> int:
    return next(i for i, ev in enumerate(base["events"]) if "tiles" in ev and ev["type"] == "placed")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_verify_and_json_exit_3_with_one_line(base, tmp_path, capsys, case):
    where, key, value, drop, found_by_reading = case
    index = tiles_event(base) if key == "tiles" else 3
    h, evs, cps = mutated(base, where, key, value, drop=drop, index=index)
    path = write_log(tmp_path / "bad.ctlog", h, evs, cps)
    for json_ in (False, True):
        code, out, err = run_verify(path, capsys, json=json_)
        assert code == verify.EXIT_CORRUPT, (code, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    code, out, err = run_verify(path, capsys, json=True, check=False)
    assert code == (verify.EXIT_CORRUPT if found_by_reading else verify.EXIT_OK), (code, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == (1 if found_by_reading else 0)


def test_a_malformed_event_keeps_the_events_before_it(base, tmp_path, capsys):
    h, evs, cps = mutated(base, "event", "seat", drop=True, index=10)
    path = write_log(tmp_path / "noseat.ctlog", h, evs, cps)
    loaded = read_log(path, spec_for)
    assert loaded.error == "malformed" and "no seat" in (loaded.reason or "")
    assert loaded.events == base["events"][:10]
    code, out, err = run_verify(path, capsys, json=True, check=False)
    assert code == verify.EXIT_CORRUPT and "event 10: no seat" in err
    assert len(out.splitlines()) == 1 + 10            # the header and the ten good events


def test_an_intact_log_still_verifies_and_a_lying_checkpoint_is_still_1(base, tmp_path, capsys):
    good = write_log(tmp_path / "good.ctlog", base["header"], base["events"], base["checkpoints"])
    assert run_verify(good, capsys)[0] == verify.EXIT_OK
    lie = copy.deepcopy(base["checkpoints"])
    lie[-1]["hash"] = "0" * 24
    liar = write_log(tmp_path / "liar.ctlog", base["header"], base["events"], lie)
    code, _, err = run_verify(liar, capsys)
    assert code == verify.EXIT_MISMATCH and "does not match" in err


def test_a_map_key_json_cannot_hold_is_exit_3_in_json(base, tmp_path, capsys):
    h, evs, cps = mutated(base, "event", "extra", {b"k": 1}, index=4)
    path = write_log(tmp_path / "bytes_key.ctlog", h, evs, cps)
    code, out, err = run_verify(path, capsys, json=True, check=False)
    # a key the declared shape does not know: refused as the log is read, before JSON
    assert code == verify.EXIT_CORRUPT and "event 4 ('placed')" in err
    assert len(out.splitlines()) == 1 + 4


def test_the_command_line_says_one_line_and_exits_3(base, tmp_path):
    h, evs, cps = mutated(base, "checkpoint", "seq", "63")
    path = write_log(tmp_path / "cli.ctlog", h, evs, cps)
    for flags in (["--verify"], ["--verify", "--json"]):
        r = subprocess.run([sys.executable, str(ROOT / "main.py"), "replay", str(path), *flags],
                           capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert r.returncode == 3, r.stderr
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


# ---- hypothesis: any one field of a real log set to anything --------------------------



@st.composite
def mutations(draw, base: dict[str, Any]) -> tuple[str, str, Any, bool, int]:
    where = draw(st.sampled_from(["header", "event", "event", "checkpoint"]))
    index = draw(st.integers(0, len(base["events"]) - 1))
    if where == "header":
        keys = sorted(base["header"])
    elif where == "event":
        keys = sorted(set(base["events"][index]) | set(STAMPS))
    else:
        keys = ["seq", "hash"]
    key = draw(st.sampled_from(keys + ["extra"]))
    drop = draw(st.booleans())
    value = None if drop else draw(VALUES)
    return where, key, value, drop, index


def _apply(base: dict[str, Any], m: tuple) -> tuple[dict, list, list]:
    where, key, value, drop, index = m
    return mutated(base, where, key, value, drop=drop, index=index)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_one_field_set_to_anything_never_crashes_the_verifier(base, tmp_path, capsys, data):
    m = data.draw(mutations(base))
    path = write_log(tmp_path / "m.ctlog", *_apply(base, m))
    for json_, check in ((False, True), (True, False), (True, True)):
        code, _out, err = run_verify(path, capsys, json=json_, check=check)
        assert code in (verify.EXIT_OK, verify.EXIT_MISMATCH, verify.EXIT_CORRUPT), m
        if code:
            assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (m, err)
    where, key, value, drop, index = m
    if where == "event" and (drop and key in STAMPS or key == "seq" and not (type(value) is int and value == index)):
        assert code == verify.EXIT_CORRUPT, m      # a stamped field gone or out of place


# ---- the windowed viewer ---------------------------------------------------------------

@pytest.fixture(scope="module")
def app(tmp_path_factory):
    d = tmp_path_factory.mktemp("app")
    saved = {k: os.environ.get(k) for k in ("COUCHTOP_DATA", "COUCHTOP_CONFIG")}
    os.environ["COUCHTOP_DATA"], os.environ["COUCHTOP_CONFIG"] = str(d / "data"), str(d / "config")
    from scenes.app import App
    from scenes.ui import i18n
    i18n.set_lang("en")
    app = App((1280, 720), lang="en", fps=None)
    yield app
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def watch(app: Any, path: Path) -> Any:
    """Open the viewer on `path` as "Watch a replay" does, run frames, play it to the end.
    Under it a bare scene, not the menu: the menu plays no part in it and its widgets take
    longer to build than the viewer takes to run."""
    from scenes.common.replay import ReplayScene
    from scenes.stack import Scene
    app.stack.clear_to(Scene(app))
    app.open_replay(path)
    top = app.stack.top
    for _ in range(2):
        app.step()
    if isinstance(top, ReplayScene) and app.stack.top is top:
        for k in (pygame.K_END, pygame.K_HOME, pygame.K_RIGHT, pygame.K_SPACE):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
            app.step()
        top.update(100.0)
        app.step()
    return app.stack.top


def test_the_viewer_shows_the_good_part_or_its_error_screen(base, tmp_path, app):
    from scenes.common.notice import Notice
    from scenes.common.replay import ReplayScene
    # an event without a seat (the KeyError of the issue): the ten events before it, cut
    h, evs, cps = mutated(base, "event", "seat", drop=True, index=10)
    top = watch(app, write_log(tmp_path / "noseat.ctlog", h, evs, cps))
    assert isinstance(top, ReplayScene) and not top.loaded.complete and len(top.cursor) == 10
    # an event the rules refuse to fold: shown up to the one before it
    i = tiles_event(base)
    h, evs, cps = mutated(base, "event", "tiles", "x", index=i)
    top = watch(app, write_log(tmp_path / "tiles.ctlog", h, evs, cps))
    assert isinstance(top, ReplayScene) and not top.loaded.complete and len(top.cursor) == i
    # a header whose options cannot set up a game, or with seats -1: the error screen
    for key, value in (("options", {"variant": "nope"}), ("seats", -1), ("options", "exchange")):
        h, evs, cps = mutated(base, "header", key, value)
        top = watch(app, write_log(tmp_path / f"{key}.ctlog", h, evs, cps))
        assert isinstance(top, Notice) and top.key == "ui.replay.unreadable", (key, value)
    # the intact log still plays
    top = watch(app, write_log(tmp_path / "good.ctlog", base["header"], base["events"], base["checkpoints"]))
    assert isinstance(top, ReplayScene) and top.loaded.complete and top.cursor.at_end


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_one_field_set_to_anything_never_crashes_the_viewer(base, tmp_path, app, data):
    from scenes.common.notice import Notice
    from scenes.common.replay import ReplayScene
    m = data.draw(mutations(base))
    top = watch(app, write_log(tmp_path / "v.ctlog", *_apply(base, m)))
    assert isinstance(top, (Notice, ReplayScene)), m
