"""Do the bot levels mean something to a person? Seeded games between levels, and against
the scripted stand-ins for a new player: Hooky's pencil-and-paper player
(`engine.hooky.arena.PencilPlayer`, certainties only) and Sumoku's beginner
(`engine.sumoku.arena.BeginnerPlayer`, the first short line it finds).

    python bench/bot_levels.py [--hooky-games 24] [--sumoku-games 20] [--hooky-seats 4]

Prints one JSON object: per game, per matchup, the games played, seats, each player's
win rate, mean score and `beats` (the share of seat pairs where one outscored the other,
ties half; `engine.arena`). The baseline, measured in the same run, is each scripted
player against a player with no skill (Hooky's "random" level; Sumoku's beginner
against itself, which shows how much the seat alone is worth), so the other figures
read against it. Targets (docs/bots.md): the pencil player beats Hooky easy most of the
time, is competitive with normal and loses to hard; hard > normal > easy; the beginner
beats Sumoku easy in a clear share of games.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.hooky.arena import arena as hooky_arena  # noqa: E402
from engine.sumoku.arena import arena as sumoku_arena  # noqa: E402

HOOKY_MATCHES = [("pencil", "easy"), ("pencil", "normal"), ("pencil", "hard"),
                 ("normal", "easy"), ("hard", "normal"), ("hard", "easy")]
SUMOKU_MATCHES = [("beginner", "easy"), ("beginner", "normal"), ("beginner", "hard"),
                  ("normal", "easy"), ("hard", "normal"), ("hard", "easy")]


def sumoku_seat_baseline(games: int, seed: int) -> dict:
    """Beginner against beginner: the first seat's win rate (the seat's own worth)."""
    from engine.core.bots import play_out
    from engine.sumoku.arena import BeginnerPlayer
    from engine.sumoku.rules import SumokuRules
    first = 0.0
    for g in range(games):
        out = play_out(SumokuRules(), 2, [BeginnerPlayer(g * 2), BeginnerPlayer(g * 2 + 1)],
                       seed=seed + g).outcome()
        first += (1.0 / len(out.winners)) if 0 in out.winners else 0.0
    return {"games": games, "seats": 2, "first_seat_win_rate": round(first / max(games, 1), 3)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hooky-games", type=int, default=24)
    p.add_argument("--hooky-seats", type=int, default=4)
    p.add_argument("--sumoku-games", type=int, default=20)
    p.add_argument("--sumoku-seats", type=int, default=2)
    p.add_argument("--seed", type=int, default=1000)
    a = p.parse_args(argv)
    t0 = time.perf_counter()
    hooky = {f"{x}-{y}": hooky_arena([x, y], a.hooky_games, a.hooky_seats, a.seed)
             for x, y in HOOKY_MATCHES}
    # hard Sumoku games cost about a second and a half each: half as many of them
    sumoku = {f"{x}-{y}": sumoku_arena([x, y], a.sumoku_games if "hard" not in (x, y)
                                       else max(2, a.sumoku_games // 2), a.sumoku_seats, a.seed)
              for x, y in SUMOKU_MATCHES}
    baseline = {"hooky": {"pencil-random": hooky_arena(["pencil", "random"], a.hooky_games,
                                                       a.hooky_seats, a.seed)},
                "sumoku": {"beginner-beginner": sumoku_seat_baseline(a.sumoku_games, a.seed)}}
    print(json.dumps({"hooky": hooky, "sumoku": sumoku, "baseline": baseline,
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
