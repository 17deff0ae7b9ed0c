"""Do the bot levels mean something to a person? Seeded games between levels, and against
the scripted stand-ins for a new player: Hooky's pencil-and-paper player
(`engine.hooky.arena.PencilPlayer`, certainties only), Sumoku's beginner
(`engine.sumoku.arena.BeginnerPlayer`, the first short line it finds), Wooolf!!'s beginner
and careful player (`engine.wooolf.arena`, the literal reader of `engine.wooolf.literal`)
Word Porters' beginner and careful player (`engine.wordporters.arena.StandIn`) and
Paperback's beginner (`engine.paperback.arena.BeginnerPlayer`, the best everyday word).

    python bench/bot_levels.py [--hooky-games 24] [--sumoku-games 20] [--hooky-seats 4]
        [--wooolf-games 120] [--wordporters-games 40] [--paperback-games 30]
        [--only wooolf,wordporters,paperback]

Prints one JSON object: per game, per matchup, the games played, seats, each player's
win rate, mean score and `beats` (the share of seat pairs where one outscored the other,
ties half; `engine.arena`). The baseline, measured in the same run, is each scripted
player against a player with no skill (Hooky's "random" level; Sumoku's beginner
against itself, which shows how much the seat alone is worth), so the other figures
read against it. Targets (docs/bots.md): the pencil player beats Hooky easy most of the
time, is competitive with normal and loses to hard; hard > normal > easy; the beginner
beats Sumoku easy in a clear share of games; Wooolf!!'s and Word Porters' beginner beats
easy most of the time, their careful player is about even with normal, hard beats both
(and Paperback's beginner beats easy most of the time, loses to normal and hard;
Word Porters also reports guess accuracy per level at a table of three beginners:
`accuracy`, `guessing` = its own guesses right, `read` = the beginners' guesses at its
word right).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.hooky.arena import arena as hooky_arena  # noqa: E402
from engine.paperback.arena import arena as paperback_arena  # noqa: E402
from engine.sumoku.arena import arena as sumoku_arena  # noqa: E402
from engine.wooolf.arena import arena as wooolf_arena  # noqa: E402
from engine.wordporters.arena import accuracy as wordporters_accuracy  # noqa: E402
from engine.wordporters.arena import arena as wordporters_arena  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('baseline', 'seconds')   # the keys of each JSON object printed

HOOKY_MATCHES = [("pencil", "easy"), ("pencil", "normal"), ("pencil", "hard"),
                 ("normal", "easy"), ("hard", "normal"), ("hard", "easy")]
PEOPLE_MATCHES = [("beginner", "easy"), ("beginner", "normal"), ("beginner", "hard"),
                  ("careful", "easy"), ("careful", "normal"), ("careful", "hard"),
                  ("careful", "beginner"), ("normal", "easy"), ("hard", "normal"), ("hard", "easy")]
GAMES = ("hooky", "sumoku", "wooolf", "wordporters", "paperback")
BEGINNER_MATCHES = [("beginner", "easy"), ("beginner", "normal"), ("beginner", "hard"),
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
    p.add_argument("--wooolf-games", type=int, default=120)
    p.add_argument("--wooolf-seats", type=int, default=5)
    p.add_argument("--wordporters-games", type=int, default=40)
    p.add_argument("--wordporters-seats", type=int, default=4)
    p.add_argument("--paperback-games", type=int, default=30)
    p.add_argument("--paperback-seats", type=int, default=2)
    p.add_argument("--only", default=",".join(GAMES), help="games to measure, comma-separated")
    p.add_argument("--seed", type=int, default=1000)
    # tiny: the quick arenas only (Sumoku's and Paperback's have their own seeded tests)
    a = parse(p, argv, only="hooky,wooolf,wordporters", hooky_games=1, hooky_seats=3, wooolf_games=1,
              wooolf_seats=4, wordporters_games=1, wordporters_seats=3)
    only = set(a.only.split(","))
    t0 = time.perf_counter()
    out: dict = {"baseline": {}}
    if "hooky" in only:
        out["hooky"] = {f"{x}-{y}": hooky_arena([x, y], a.hooky_games, a.hooky_seats, a.seed)
                        for x, y in HOOKY_MATCHES}
        out["baseline"]["hooky"] = {"pencil-random": hooky_arena(["pencil", "random"], a.hooky_games,
                                                                 a.hooky_seats, a.seed)}
    if "sumoku" in only:
        # hard Sumoku games cost about a second and a half each: half as many of them
        out["sumoku"] = {f"{x}-{y}": sumoku_arena([x, y], a.sumoku_games if "hard" not in (x, y)
                                                  else max(2, a.sumoku_games // 2), a.sumoku_seats, a.seed)
                         for x, y in BEGINNER_MATCHES}
        out["baseline"]["sumoku"] = {"beginner-beginner": sumoku_seat_baseline(a.sumoku_games, a.seed)}
    if "wooolf" in only:
        out["wooolf"] = {f"{x}-{y}": wooolf_arena([x, y], a.wooolf_games, a.wooolf_seats, a.seed)
                         for x, y in PEOPLE_MATCHES}
        out["baseline"]["wooolf"] = {"beginner-random": wooolf_arena(["beginner", "random"], a.wooolf_games,
                                                                     a.wooolf_seats, a.seed)}
    if "wordporters" in only:
        n = a.wordporters_seats
        out["wordporters"] = {f"{x}-{y}": wordporters_arena([x, y], a.wordporters_games, n, a.seed)
                              for x, y in PEOPLE_MATCHES}
        out["wordporters"]["accuracy"] = {
            lv: wordporters_accuracy(["beginner"] * (n - 1) + [lv], a.wordporters_games, n, a.seed)
            for lv in ("beginner", "careful", "easy", "normal", "hard", "random")}
        out["baseline"]["wordporters"] = {"beginner-random": wordporters_arena(
            ["beginner", "random"], a.wordporters_games, n, a.seed)}
    if "paperback" in only:
        out["paperback"] = {f"{x}-{y}": paperback_arena([x, y], a.paperback_games, a.paperback_seats, a.seed)
                            for x, y in BEGINNER_MATCHES}
        out["baseline"]["paperback"] = {"beginner-random": paperback_arena(
            ["beginner", "random"], a.paperback_games, a.paperback_seats, a.seed)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
