"""Best-move search over the positions of 20 seeded 4-seat Sumoku games.

The games are played by the normal bot through LocalSession; at every turn the position
(board, hand, key) is kept. `best_play` is timed on each, and its score compared with the
best score of the naive brute force (engine/sumoku/bruteforce.py), which is also timed as
the baseline. Brute force takes ~0.5 s a position, so by default it checks every
`--check-every`-th position (1 = all); the JSON says how many were checked.

    python bench/sumoku_bot.py [--games 20] [--check-every 3]

Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.session import LocalSession  # noqa: E402
from engine.sumoku.bot import SumokuBot  # noqa: E402
from engine.sumoku.bruteforce import brute_plays  # noqa: E402
from engine.sumoku.movegen import best_play, legal_plays  # noqa: E402
from engine.sumoku.rules import SumokuRules  # noqa: E402
from engine.sumoku.views import view_board  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('positions', 'checked', 'matched_bruteforce', 'median_ms', 'p99_ms', 'max_ms', 'all_plays_median_ms', 'all_plays_p99_ms', 'plays_median', 'plays_max', 'bruteforce_median_ms', 'speedup_median')   # the keys of each JSON object printed


def game_positions(games: int, seats: int = 4) -> list[tuple]:
    """(board, hand, key, first_play, scoring) at every turn of `games` normal-bot games."""
    out = []
    rules = SumokuRules()
    for seed in range(games):
        session = LocalSession(rules, seats, {}, seed, log=False)
        bots = [SumokuBot("normal", seed=s) for s in range(seats)]
        while session.outcome() is None:
            seat = min(session.to_act())
            view = session.view(seat)
            out.append((view_board(view), list(view["hands"][seat]), view["key"],
                        view["first_play"], view["options"].get("scoring", "cross")))
            session.submit(bots[seat].choose(view, seat))
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--check-every", type=int, default=3)
    args = parse(ap, games=1, check_every=10**6)
    positions = game_positions(args.games)
    best_ms: list[float] = []
    all_ms: list[float] = []
    brute_ms: list[float] = []
    matched = checked = 0
    counts: list[int] = []
    for i, (board, hand, key, first, scoring) in enumerate(positions):
        t0 = time.perf_counter()
        best = best_play(board, hand, key, first_play=first, scoring=scoring)
        best_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        n = sum(1 for _ in legal_plays(board, hand, key, first_play=first, scoring=scoring))
        all_ms.append((time.perf_counter() - t0) * 1000)
        counts.append(n)
        if i % args.check_every == 0:
            t0 = time.perf_counter()
            brute = brute_plays(board, hand, key, first_play=first, scoring=scoring)
            brute_ms.append((time.perf_counter() - t0) * 1000)
            checked += 1
            want = max(brute.values()) if brute else None
            got = best.score if best is not None else None
            matched += want == got and len(brute) == n
    print(json.dumps({
        "positions": len(positions),
        "checked": checked,
        "matched_bruteforce": matched,
        "median_ms": round(statistics.median(best_ms), 2),
        "p99_ms": round(pct(best_ms, 0.99), 2),
        "max_ms": round(max(best_ms), 2),
        "all_plays_median_ms": round(statistics.median(all_ms), 2),
        "all_plays_p99_ms": round(pct(all_ms, 0.99), 2),
        "plays_median": statistics.median(counts),
        "plays_max": max(counts),
        "bruteforce_median_ms": round(statistics.median(brute_ms), 1) if brute_ms else None,
        "speedup_median": round(statistics.median(brute_ms) / statistics.median(best_ms), 1)
        if brute_ms else None,
    }))


if __name__ == "__main__":
    main()
