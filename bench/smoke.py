"""The `--tiny` flag every benchmark takes: the smallest run that still goes through
all of the script's code and prints its JSON with every documented key (its `KEYS`).

The suite (tests/test_bench.py) runs each script so, asserting no timing: a benchmark
that breaks fails CI instead of rotting until somebody next measures. Figures printed
by a tiny run mean nothing.
"""
from __future__ import annotations

import argparse
from typing import Any

HELP = "a smoke run at the smallest size, for the test suite (its figures mean nothing)"


def parse(ap: argparse.ArgumentParser, argv: list[str] | None = None, **tiny: Any) -> argparse.Namespace:
    """ap's arguments plus --tiny, which sets each of `tiny`'s arguments to its value."""
    ap.add_argument("--tiny", action="store_true", help=HELP)
    args = ap.parse_args(argv)
    if args.tiny:
        for name, value in tiny.items():
            if not hasattr(args, name):
                raise AttributeError(f"--tiny sets {name!r}, which the script does not take")
            setattr(args, name, value)
    return args
