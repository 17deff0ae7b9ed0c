"""Paperback bots: how long a hard bot's full turn takes (its spell and its buy), and how
the levels fare against each other.

Seeded three-seat games, one bot of each level, the seats rotated from game to game.
Prints one JSON object: hard_turn_median_ms / hard_turn_p99_ms (spell + buy choices of
the hard bot, timed on its own views), the same-run baseline normal_turn_median_ms, the
win rates per level (a shared win counts as a fraction), the mean game length in turns
(all seats) and in rounds, and how the games ended.

    nice -n 10 python bench/paperback_bot.py [--games 30] [--seed 1]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.session import LocalSession  # noqa: E402
from engine.paperback import PaperbackBot, PaperbackRules  # noqa: E402
from engine.paperback.finder import general_index  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('games', 'seats', 'hard_turn_median_ms', 'hard_turn_p99_ms', 'hard_turn_worst_ms', 'normal_turn_median_ms', 'easy_turn_median_ms', 'win_rate', 'mean_game_turns', 'mean_game_rounds', 'ended_by')   # the keys of each JSON object printed

LEVELS = ("hard", "normal", "easy")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = parse(ap, games=1)
    general_index()
    rules = PaperbackRules()
    turn_ms: dict[str, list[float]] = {lvl: [] for lvl in LEVELS}
    wins: Counter = Counter()
    turns, rounds, ends = [], [], Counter()
    for g in range(args.games):
        order = [LEVELS[(g + k) % 3] for k in range(3)]
        bots = {s: PaperbackBot(order[s], seed=args.seed * 1000 + g * 10 + s) for s in range(3)}
        session = LocalSession(rules, 3, {}, seed=args.seed * 7919 + g, log=False)
        pending: dict[int, float] = {}
        while session.outcome() is None:
            seat = min(session.to_act())
            view = session.view(seat)
            t = time.perf_counter()
            cmd = bots[seat].choose(view, seat)
            dt = (time.perf_counter() - t) * 1000
            if cmd["type"] in ("spell", "pass"):
                pending[seat] = dt
            if cmd["type"] in ("buy", "pass"):
                turn_ms[order[seat]].append(pending.pop(seat, 0.0) + (dt if cmd["type"] == "buy" else 0.0))
            session.submit(cmd)
        out = session.outcome()
        for s in out.winners:
            wins[order[s]] += 1 / len(out.winners)
        turns.append(sum(session.state.turns))
        rounds.append(max(session.state.turns))
        ends[session.state.result["reason"]] += 1
    print(json.dumps({
        "games": args.games, "seats": 3,
        "hard_turn_median_ms": round(statistics.median(turn_ms["hard"]), 2),
        "hard_turn_p99_ms": round(pct(turn_ms["hard"], 99), 2),
        "hard_turn_worst_ms": round(max(turn_ms["hard"]), 2),
        "normal_turn_median_ms": round(statistics.median(turn_ms["normal"]), 2),
        "easy_turn_median_ms": round(statistics.median(turn_ms["easy"]), 2),
        "win_rate": {lvl: round(wins[lvl] / args.games, 3) for lvl in LEVELS},
        "mean_game_turns": round(statistics.mean(turns), 1),
        "mean_game_rounds": round(statistics.mean(rounds), 1),
        "ended_by": dict(ends),
    }))


if __name__ == "__main__":
    main()
