"""Do the bot levels mean something to a person? Seeded games between levels, and against
the scripted stand-ins each game's `engine/<game>/arena.py` declares (its `BENCH`,
engine/arena.py): Hooky's pencil-and-paper player (certainties only), Sumoku's beginner
(the first short line it finds), Wooolf!!'s and Word Porters' beginner and careful
player, Paperback's beginner (the best everyday word). The games are the registry's:
a game whose arena module declares no BENCH is left out.

    python bench/bot_levels.py [--hooky-games 24] [--hooky-seats 4] [--sumoku-games 20]
        [--wooolf-games 120] [--wordporters-games 40] [--paperback-games 30]
        [--only wooolf,wordporters,paperback]      (--<game>-games / --<game>-seats each)

Prints one JSON object: per game, per matchup, the games played, seats, each player's
win rate and mean score, and `beats[a][b]`; "baseline" holds each game's same-run
baseline (a stand-in against the core "random" level; Sumoku: beginner against
beginner, the first seat's worth). Expected: the pencil player is about even with Hooky
easy, and hard beats normal beats easy; Sumoku's beginner beats Sumoku easy in a clear
share of games; Wooolf!!'s and Word Porters' beginner beats easy most of the time, their
careful player is about even with normal, hard beats both (and Paperback's beginner
beats easy most of the time, loses to normal and hard; Word Porters also reports guess
accuracy per level at a table of three beginners: `accuracy`, `guessing` = its own
guesses right, `read` = the beginners' guesses at its word right).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.arena import Bench  # noqa: E402
from engine.registry import GAMES, games  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('baseline', 'seconds')   # the keys of each JSON object printed


def benches() -> dict[str, Bench]:
    """Every registered game's declared BENCH, in registry order."""
    out: dict[str, Bench] = {}
    for game in games():
        try:
            module = import_module(f"{GAMES[game]}.arena")
        except ModuleNotFoundError as e:
            if e.name != f"{GAMES[game]}.arena":
                raise
            continue
        if isinstance(getattr(module, "BENCH", None), Bench):
            out[game] = module.BENCH
    return out


def main(argv: list[str] | None = None) -> int:
    found = benches()
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for game, b in found.items():
        p.add_argument(f"--{game}-games", type=int, default=b.games)
        p.add_argument(f"--{game}-seats", type=int, default=b.seats)
    p.add_argument("--only", default=",".join(found), help="games to measure, comma-separated")
    p.add_argument("--seed", type=int, default=1000)
    # tiny: the games whose BENCH names a tiny run (the others have their own seeded tests)
    tiny = {g: b.tiny for g, b in found.items() if b.tiny is not None}
    a = parse(p, argv, only=",".join(tiny), **{f"{g}_games": n for g, (n, _) in tiny.items()},
              **{f"{g}_seats": s for g, (_, s) in tiny.items()})
    only = set(a.only.split(","))
    t0 = time.perf_counter()
    out: dict = {"baseline": {}}
    for game, b in found.items():
        if game not in only:
            continue
        n, seats = getattr(a, f"{game}_games"), getattr(a, f"{game}_seats")
        out[game] = {f"{x}-{y}": b.arena([x, y], b.games_for((x, y), n), seats, a.seed) for x, y in b.matches}
        if b.extra is not None:
            out[game].update(b.extra(n, seats, a.seed))
        out["baseline"][game] = b.baseline(n, seats, a.seed)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
