"""Bot levels against each other over seeded games: `python -m engine.hooky.arena`.

Each game seats the given levels in rotation (so every level sits in every seat as
often), plays it out and credits the winners (a shared win is split). Prints one JSON
object: games, seats, per-level win rate (wins per seat played) and mean score.
"""
from __future__ import annotations

import argparse
import json
import time
from typing import Any, Sequence

from engine.core.bots import play_out
from engine.hooky.bot import HookyBot
from engine.hooky.rules import HookyRules


def arena(levels: Sequence[str], games: int, seats: int | None = None, seed: int = 0) -> dict[str, Any]:
    """Win shares of `levels` over `games` seeded games at `seats` players (default: as
    many as levels; levels repeat round the table when there are more seats)."""
    rules = HookyRules()
    n = seats or len(levels)
    wins = {lv: 0.0 for lv in levels}
    points = {lv: 0 for lv in levels}
    sits = {lv: 0 for lv in levels}
    t0 = time.perf_counter()
    for g in range(games):
        table = [levels[(s + g) % len(levels)] for s in range(n)]
        bots = [HookyBot(lv, (seed + g) * 97 + s) for s, lv in enumerate(table)]
        out = play_out(rules, n, bots, seed=seed + g).outcome()
        assert out is not None
        for s, lv in enumerate(table):
            points[lv] += out.scores[s]
            sits[lv] += 1
            if s in out.winners:
                wins[lv] += 1.0 / len(out.winners)
    return {"games": games, "seats": n, "seconds": round(time.perf_counter() - t0, 1),
            "win_rate": {lv: round(wins[lv] / max(sits[lv], 1), 3) for lv in levels},
            "mean_score": {lv: round(points[lv] / max(sits[lv], 1), 2) for lv in levels}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("levels", nargs="*", default=["hard", "normal", "easy"])
    p.add_argument("--games", type=int, default=45)
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    print(json.dumps(arena(a.levels, a.games, a.seats, a.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
