"""Paperback's word finder on seeded hands (0-5 wilds, with and without two-letter cards
and the Q, with and without the top common), beside the brute force on a subset.

Prints one JSON object: hands, median_ms, p99_ms, worst_ms (the finder asked for the best
`--limit` words, as the hint asks), matched_bruteforce / checked (hands whose best words
agree with the brute force's: the same keys, each word's exact ¢, ties at the cut aside;
`engine.paperback.bruteforce.agrees`), and the same-run baseline: one vectorised numpy
"can this hand spell it" filter over the letter counts of the whole list (the plain scan
the index replaces), its median and p99, the index build time, and the time to read it
back as it is kept on disk between starts (engine/core/diskcache.py).

    nice -n 10 python bench/paperback_words.py [--hands 500] [--check-every 10] [--limit 10]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from engine.paperback.bruteforce import _matrix, agrees, brute_force, random_cases  # noqa: E402
from engine.paperback.finder import (Index, find_words, general_index, general_words,  # noqa: E402
                                     index_bytes, index_from_bytes)
from bench.smoke import parse  # noqa: E402

KEYS = ('hands', 'limit', 'median_ms', 'p99_ms', 'worst_ms', 'matched_bruteforce', 'checked', 'baseline_numpy_filter_median_ms', 'baseline_numpy_filter_p99_ms', 'index_build_s', 'index_read_s')   # the keys of each JSON object printed


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def numpy_filter(hand, common, matrix: np.ndarray) -> int:
    avail = np.zeros(26, dtype=np.int16)
    wilds = 0
    for c in hand:
        if c.wild:
            wilds += 1
        for ch in c.letters:
            avail[ord(ch) - 97] += 1
    if common is not None:
        avail[ord(common.letters) - 97] += 1
    deficit = np.maximum(matrix - avail, 0).sum(axis=1)
    return int((deficit <= wilds).sum())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--check-every", type=int, default=10)
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2026)
    args = parse(ap, hands=2, check_every=1)
    words = general_words()
    t = time.perf_counter()
    built = Index(words)
    build_s = time.perf_counter() - t
    kept = index_bytes(built)
    t = time.perf_counter()
    index_from_bytes(kept)
    read_s = time.perf_counter() - t
    general_index()
    _, matrix, _ = _matrix()
    matrix = matrix.astype(np.int16)
    cases = list(random_cases(args.hands, args.seed))
    times, base, matched, checked = [], [], 0, 0
    for i, (hand, common, minus) in enumerate(cases):
        t = time.perf_counter()
        found = find_words(hand, common, minus=minus, limit=args.limit)
        times.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        numpy_filter(hand, common, matrix)
        base.append((time.perf_counter() - t) * 1000)
        if i % args.check_every == 0:
            oracle = brute_force(hand, common, minus=minus)
            checked += 1
            matched += agrees(found, oracle, args.limit)
    print(json.dumps({
        "hands": len(cases), "limit": args.limit,
        "median_ms": round(statistics.median(times), 3), "p99_ms": round(pct(times, 99), 3),
        "worst_ms": round(max(times), 3),
        "matched_bruteforce": matched, "checked": checked,
        "baseline_numpy_filter_median_ms": round(statistics.median(base), 3),
        "baseline_numpy_filter_p99_ms": round(pct(base, 99), 3),
        "index_build_s": round(build_s, 2), "index_read_s": round(read_s, 3),
    }))


if __name__ == "__main__":
    main()
