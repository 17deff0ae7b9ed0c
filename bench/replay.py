"""Refold speed: Sumoku logs of 10,000+ events in all, refolded (read, checked, upcast and
applied) against plain msgpack decoding of the same bytes, in the same run.

Prints {"events", "logs", "refold_events_per_s", "decode_events_per_s", "ratio"} where
ratio = decode speed / refold speed (goal: ratio <= 5 and >= 100,000 events/s).
A classic game is ~100-250 events, so the 10,000 events come from consecutive seeded
bot games; each is refolded from its own file bytes.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgpack  # noqa: E402

from engine.core.bots import play_out  # noqa: E402
from engine.core.events import upcast  # noqa: E402
from engine.core.logstore import parse_log  # noqa: E402
from engine.registry import bot_for, rules_for, spec_for  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('events', 'logs', 'refold_events_per_s', 'decode_events_per_s', 'ratio')   # the keys of each JSON object printed

TARGET_EVENTS = 10_000


def make_logs(tmp: Path, target: int = TARGET_EVENTS) -> list[bytes]:
    rules = rules_for("sumoku")
    blobs, total, seed = [], 0, 0
    while total < target:
        bots = [bot_for("sumoku", None, "easy", s, seed) for s in range(4)]
        s = play_out(rules, 4, bots, seed=seed, log=True, log_dir=tmp)
        s.close()
        blobs.append(s.log_path.read_bytes())
        total += len(s.events)
        seed += 1
    return blobs


def decode(blobs: list[bytes]) -> int:
    n = 0
    for data in blobs:
        up = msgpack.Unpacker(raw=False, max_buffer_size=len(data))
        up.feed(data)
        for tag, _crc, body in up:
            msgpack.unpackb(body, raw=False)
            n += tag == "E"
    return n


def refold(blobs: list[bytes]) -> int:
    rules = rules_for("sumoku")
    n = 0
    for data in blobs:
        loaded = parse_log(data, spec_for)
        h = loaded.header
        state = rules.initial(h["seats"], h["options"])
        for ev in loaded.events:
            state = rules.apply(state, upcast("sumoku", ev))
        assert rules.outcome(state) is not None
        n += len(loaded.events)
    return n


def best_rate(fn, blobs: list[bytes], repeats: int = 7) -> tuple[int, float]:
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        n = fn(blobs)
        rates.append(n / (time.perf_counter() - t0))
    return n, statistics.median(rates)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=TARGET_EVENTS, help="events in all, from whole games")
    ap.add_argument("--repeats", type=int, default=7)
    args = parse(ap, argv, events=1, repeats=1)
    with tempfile.TemporaryDirectory() as tmp:
        blobs = make_logs(Path(tmp), args.events)
    events, refold_rate = best_rate(refold, blobs, args.repeats)
    _, decode_rate = best_rate(decode, blobs, args.repeats)
    print(json.dumps({"events": events, "logs": len(blobs),
                      "refold_events_per_s": round(refold_rate),
                      "decode_events_per_s": round(decode_rate),
                      "ratio": round(decode_rate / refold_rate, 2)}))


if __name__ == "__main__":
    os.environ.setdefault("COUCHTOP_DATA", tempfile.mkdtemp())
    main()
