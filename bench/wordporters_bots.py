"""Word Porters bots: how often each level guesses right, how long a bot takes to give a
hint or vote, and how the levels fare against each other.

- accuracy: seeded bot-only games at one level (every seat that level): the share of
  guesses that name the right word; `chance` is a blind guesser's (it knows only that
  the others' numbers differ from its own: 1 in 9).
- median_ms / p99_ms: every choose() of those games (hints and votes, all levels), timed
  on the bot's own view; hint_ms / vote_ms split them (median, p99).
- win_rate: three-seat games with one bot of each level, seats rotated; a shared win
  counts as a fraction.

    nice -n 10 python bench/wordporters_bots.py [--games 20] [--seats 4] [--seed 1]
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
from engine.wordporters import WordPortersBot, WordPortersRules  # noqa: E402
from engine.wordporters.state import POSITIONS  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('games', 'seats', 'accuracy', 'chance', 'median_ms', 'p99_ms', 'hint_ms', 'vote_ms', 'win_rate')   # the keys of each JSON object printed

LEVELS = ("easy", "normal", "hard")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def play(rules, bots, seats, seed, times=None):
    s = LocalSession(rules, seats, {}, seed=seed, log=False)
    while s.outcome() is None:
        seat = min(s.to_act())
        view = s.view(seat)
        t = time.perf_counter()
        cmd = bots[seat].choose(view, seat)
        if times is not None:
            times["hint" if cmd["type"] != "vote" else "vote"].append((time.perf_counter() - t) * 1000)
        s.submit(cmd)
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = parse(ap, games=1, seats=3)
    rules = WordPortersRules()
    times: dict[str, list[float]] = {"hint": [], "vote": []}
    accuracy = {}
    for level in LEVELS:
        right = total = 0
        for g in range(args.games):
            bots = {s: WordPortersBot(level, seed=args.seed * 1000 + g * 10 + s) for s in range(args.seats)}
            s = play(rules, bots, args.seats, args.seed * 7919 + g, times)
            for ev in s.events:
                if ev["type"] == "revealed":
                    total += args.seats - 1
                    right += len(ev["right"])
        accuracy[level] = round(right / total, 3)
    wins = {lv: 0.0 for lv in LEVELS}
    for g in range(args.games):
        order = [LEVELS[(g + k) % 3] for k in range(3)]
        bots = {s: WordPortersBot(order[s], seed=args.seed * 5000 + g * 10 + s) for s in range(3)}
        out = play(rules, bots, 3, args.seed * 104729 + g).outcome()
        for w in out.winners:
            wins[order[w]] += 1 / len(out.winners)
    every = times["hint"] + times["vote"]
    print(json.dumps({
        "games": args.games, "seats": args.seats,
        "accuracy": accuracy, "chance": round(1 / (POSITIONS - 1), 3),
        "median_ms": round(statistics.median(every), 3), "p99_ms": round(pct(every, 99), 3),
        "hint_ms": [round(statistics.median(times["hint"]), 3), round(pct(times["hint"], 99), 3)],
        "vote_ms": [round(statistics.median(times["vote"]), 3), round(pct(times["vote"], 99), 3)],
        "win_rate": {lv: round(wins[lv] / args.games, 3) for lv in ("hard", "normal", "easy")},
    }))


if __name__ == "__main__":
    main()
