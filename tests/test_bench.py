"""Benchmarks that cannot rot: every script in bench/ runs once at its tiny size
(`--tiny`, bench/smoke.py), exits 0 and prints JSON objects holding its documented keys
(the script's KEYS). Nothing here asserts a time: the figures of a tiny run mean nothing.
"""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.diskcache import cache_dir

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p for p in (ROOT / "bench").glob("*.py") if p.name != "smoke.py")


def documented_keys(script: Path) -> tuple[str, ...]:
    """The script's KEYS, read from its source: importing a benchmark here would run its
    module-level set-up (a bench bot level, its own data folders) inside the test process."""
    tree = ast.parse(script.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "KEYS" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    return ()


def test_every_benchmark_is_in_the_list():
    assert {p.stem for p in SCRIPTS} >= {"frame", "idle", "replay", "relay", "words", "bot_levels"}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_benchmark_runs_at_its_tiny_size_and_prints_its_keys(script, tmp_path):
    keys = documented_keys(script)
    assert keys, f"{script.name} documents no KEYS"
    # each run in a data folder of its own, with the suite's cache (the finder's index, the
    # sounds: made once for the run, not once a benchmark)
    env = dict(os.environ, COUCHTOP_DATA=str(tmp_path), COUCHTOP_CACHE=str(cache_dir()),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(script), "--tiny"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)   # a hang guard, not a measure
    assert done.returncode == 0, done.stderr[-3000:]
    objects = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert objects, f"{script.name} printed no JSON object:\n{done.stdout[-2000:]}"
    for obj in objects:
        missing = [k for k in keys if k not in obj]
        assert not missing, f"{script.name} printed no {missing}"


def test_tiny_refuses_a_size_the_script_does_not_take():
    import argparse

    from bench.smoke import parse

    def parser() -> argparse.ArgumentParser:
        ap = argparse.ArgumentParser()
        ap.add_argument("--games", type=int, default=20)
        return ap

    assert parse(parser(), ["--tiny"], games=1).games == 1
    assert parse(parser(), [], games=1).games == 20
    with pytest.raises(AttributeError):
        parse(argparse.ArgumentParser(), ["--tiny"], hands=1)
