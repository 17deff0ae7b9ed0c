"""Race bots' thinking time: a hard bot fitting 10 tiles, and a team bot laying out 48.

Speed: seeded 10-tile hands for each key. For each, the time the hard bot's solver takes
to reach a valid layout, counting its exchanges (draw 2 from the rest of the bag, give back
the tile chosen by `return_choice`, solve again): median and p99, how often a hand needs an
exchange, how often one exchange is enough, and the solvable share per key. Every layout
is checked with the rules' grid checker. Also the race clock: how long (simulated ms) a
lone hard bot takes from the round's start to its right call, over a few seeded races.

Team: `grow` on seeded 48-tile pools (success, median, p99 ms).

Baselines measured in the same run: the rules' check of one finished 10-tile grid
(grid_ok), and the exhaustive placement search (arrange.brute_force_layout) beside the
exact solver on 6-tile hands, where it is feasible.

    python bench/race_bot.py [--hands 300] [--pools 60] [--brute 20]

Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.race import race_out  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.sumoku.arrange import arrange, brute_force_layout  # noqa: E402
from engine.sumoku.grid import grid_ok  # noqa: E402
from engine.sumoku.grow import grow  # noqa: E402
from engine.sumoku.racebot import RaceBot, return_choice, solve_tiles  # noqa: E402
from engine.sumoku.rules import SumokuRules  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('hands', 'hard_fit_median_ms', 'hard_fit_p99_ms', 'exchange_rate', 'solvable_share_by_key', 'invalid_layouts', 'hard_race_clock_median_s')   # the keys of each JSON object printed

MAX_EXCHANGES = 4


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def shuffled_bag(rng: Rng) -> list[int]:
    bag = list(range(96))
    rng.shuffle(bag)
    return bag


def timed(into: list[float], fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
    """`fn(*args, **kw)`, its time in ms appended to `into`."""
    t0 = time.perf_counter()
    out = fn(*args, **kw)
    into.append((time.perf_counter() - t0) * 1000)
    return out


def hard_fit(bag: list[int], key: int) -> tuple[float, int, dict | None]:
    """(ms, exchanges, layout) for the hard bot's solver on the first 10 tiles of `bag`."""
    hand = bag[:10]
    rest = bag[10:]
    exchanges = 0
    t0 = time.perf_counter()
    layout = solve_tiles(hand, key)
    while layout is None and exchanges < MAX_EXCHANGES and len(rest) >= 2:
        exchanges += 1
        hand = hand + rest[:2]
        rest = rest[2:]
        back = return_choice(hand, key)
        hand.remove(back)
        rest.append(back)
        layout = solve_tiles(hand, key)
    return (time.perf_counter() - t0) * 1000, exchanges, layout


def race_clock(seeds: int) -> list[int]:
    """Simulated ms from the round's start to a lone hard bot's right call."""
    rules = SumokuRules()
    out = []
    for seed in range(seeds):
        session = race_out(rules, 2, {0: RaceBot("hard", seed)}, options={"variant": "speed"},
                           seed=seed, max_commands=200)
        start = next(ev["t"] for ev in session.events if ev["type"] == "round_started")
        call = next(ev["t"] for ev in session.events if ev["type"] == "called" and ev["right"])
        out.append(call - start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=300, help="10-tile hands per key")
    ap.add_argument("--pools", type=int, default=60, help="48-tile team pools")
    ap.add_argument("--brute", type=int, default=20, help="6-tile hands for the brute-force baseline")
    ap.add_argument("--races", type=int, default=10)
    args = parse(ap, hands=1, pools=1, brute=1, races=1)
    rng = Rng(2024)

    fit_ms: list[float] = []
    check_ms: list[float] = []
    needed = 0
    fixed_by_one = 0
    solvable_share = {}
    invalid = 0
    for key in (3, 4, 5):
        first_try = 0
        for _ in range(args.hands):
            bag = shuffled_bag(rng)
            ms, exchanges, layout = hard_fit(bag, key)
            fit_ms.append(ms)
            first_try += exchanges == 0 and layout is not None
            needed += exchanges > 0
            fixed_by_one += exchanges == 1 and layout is not None
            if layout is None:
                continue
            ok = timed(check_ms, grid_ok, layout, key)
            invalid += not ok
        solvable_share[str(key)] = round(first_try / args.hands, 3)

    grow_ms: list[float] = []
    grown = 0
    for i in range(args.pools):
        bag = shuffled_bag(rng)
        key = (3, 4, 5)[i % 3]
        layout = timed(grow_ms, grow, bag[:48], key, seed=i)
        grown += layout is not None and grid_ok(layout, key)

    brute_ms: list[float] = []
    exact_ms: list[float] = []
    agree = 0
    for i in range(args.brute):
        bag = shuffled_bag(rng)
        key = (3, 4, 5)[i % 3]
        b = timed(brute_ms, brute_force_layout, bag[:6], key)
        a = timed(exact_ms, arrange, bag[:6], key)
        agree += (a is None) == (b is None)

    clock = race_clock(args.races)
    total = len(fit_ms)
    print(json.dumps({
        "hands": total,
        "hard_fit_median_ms": round(statistics.median(fit_ms), 2),
        "hard_fit_p99_ms": round(pct(fit_ms, 0.99), 2),
        "hard_fit_max_ms": round(max(fit_ms), 1),
        "exchange_rate": round(needed / total, 4),
        "fixed_by_one_exchange": round(fixed_by_one / needed, 3) if needed else None,
        "solvable_share_by_key": solvable_share,
        "invalid_layouts": invalid,
        "hard_race_clock_median_s": round(statistics.median(clock) / 1000, 1),
        "team48_pools": args.pools,
        "team48_solved": grown,
        "team48_median_ms": round(statistics.median(grow_ms), 1),
        "team48_p99_ms": round(pct(grow_ms, 0.99), 1),
        "baseline_grid_check_median_ms": round(statistics.median(check_ms), 3),
        "baseline_brute6_median_ms": round(statistics.median(brute_ms), 1),
        "exact6_median_ms": round(statistics.median(exact_ms), 2),
        "brute6_agree": f"{agree}/{args.brute}",
    }))


if __name__ == "__main__":
    main()
