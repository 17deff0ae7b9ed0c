"""Paperback with options: are the bots as strong? Prints one JSON object.

Two-seat games of a hard bot against a normal one (the seats swapped every other game,
seeds 0..N-1) for the base game and each option named below: the hard bot's win rate
(a shared win counts half). Options the engine does not play yet are reported as null.
Then four hard bots at the co-operative pyramid, at coop_cubes 5 and 4: the table's win rate.

    python bench/paperback_options.py [--games N] [--cases base,simultaneous,...]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.bots import play_out  # noqa: E402
from engine.paperback import PaperbackBot, PaperbackRules  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('coop_win_rate',)   # the keys of each JSON object printed

CASES = {
    "base": {},
    "attacks": {"attacks": True},
    "powers": {"powers": True},
    "space_dyslexia": {"space_dyslexia": True},
    "themes": {"themes": True},
    "all_allowed": {"attacks": True, "powers": True, "space_dyslexia": True, "awards": True,
                    "discard_cube": True, "offer_discount": True, "vowel_reshuffle": True,
                    "bounty": True, "themes": True},
    "simultaneous": {"simultaneous": True},
    "simultaneous_allowed": {"simultaneous": True, "space_dyslexia": True, "awards": True,
                             "discard_cube": True, "themes": True},
}


def hard_rate(options: dict, games: int) -> dict:
    rules = PaperbackRules()
    won = 0.0
    t0 = time.perf_counter()
    for g in range(games):
        hard = g % 2
        bots = [PaperbackBot("hard" if s == hard else "normal", seed=g * 2 + s) for s in range(2)]
        out = play_out(rules, 2, bots, seed=g, options=options).outcome()
        if hard in out.winners:
            won += 1 / len(out.winners)
    return {"games": games, "hard_win_rate": round(won / games, 3),
            "seconds": round(time.perf_counter() - t0, 1)}


def coop_rate(cubes: int, games: int) -> dict:
    """Four hard bots at the co-operative pyramid: how often the table wins."""
    rules = PaperbackRules()
    won = 0
    t0 = time.perf_counter()
    for g in range(games):
        bots = [PaperbackBot("hard", seed=g * 4 + s) for s in range(4)]
        won += bool(play_out(rules, 4, bots, seed=g, options={"coop": True, "coop_cubes": cubes})
                    .outcome().winners)
    return {"games": games, "win_rate": round(won / games, 3), "seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--cases", default=None,
                    help=f"comma-separated cases to run (default all: {', '.join(CASES)}, coop)")
    args = parse(ap, games=1, cases=f"{next(iter(CASES))},coop")
    names = list(CASES) + ["coop"] if args.cases is None else args.cases.split(",")
    unknown = [n for n in names if n not in CASES and n != "coop"]
    if unknown:
        ap.error(f"unknown case(s) {unknown}")
    out = {name: hard_rate(CASES[name], args.games) for name in names if name in CASES}
    if "coop" in names:
        out["coop_win_rate"] = {f"coop_cubes_{k}": coop_rate(k, args.games) for k in (5, 4)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
