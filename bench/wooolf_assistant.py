"""Wooolf!!'s suspicion assistant after every action of seeded bot games: the exact
probabilities for every player's notebook, timed, and checked against brute force where
brute force is feasible (4 seats with the neutral seat, 5 seats).

One JSON object per seat count:
  {"seats", "actions", "runs", "median_ms", "p99_ms", "worst_ms", "matched_bruteforce",
   "checked", "bruteforce_median_ms"}
`actions` is the number of game actions after which the assistant ran, once for every
player (`runs` in all, each timed); `checked` how many runs were compared with brute
force (every one at 4 and 5 seats unless --check-every says otherwise);
`bruteforce_median_ms` is the same-run baseline. Goal at 8 seats: median <= 10 ms, worst
<= 100 ms.

    nice -n 10 python bench/wooolf_assistant.py [--games 3] [--seats 8 4]
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
from engine.wooolf.arena import seating  # noqa: E402
from engine.wooolf.bot import WooolfBot  # noqa: E402
from engine.wooolf.bruteforce import brute_force  # noqa: E402
from engine.wooolf.knowledge import Knowledge  # noqa: E402
from engine.wooolf.rules import WooolfRules  # noqa: E402
from engine.wooolf.suspicion import suspect  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('seats', 'actions', 'runs', 'median_ms', 'p99_ms', 'worst_ms', 'matched_bruteforce', 'checked')   # the keys of each JSON object printed

BRUTE_SEATS = (4, 5)


def run(seats: int, games: int, check_every: int) -> dict:
    rules = WooolfRules()
    times: list[float] = []
    brute_times: list[float] = []
    actions = 0
    checked = matched = 0
    for g in range(games):
        levels = seating(seats, g)
        bots = {s: WooolfBot(levels[s], seed=1000 + g * 31 + s) for s in range(seats)}
        session = LocalSession(rules, seats, {"advanced": g % 2 == 1}, seed=500 + g, log=False)
        while session.outcome() is None:
            seat = min(session.to_act())
            session.submit(bots[seat].choose(session.view(seat), seat))
            if session.state.phase not in ("turns", "final"):
                continue
            actions += 1
            for obs in range(seats):
                k = Knowledge.from_view(rules.view(session.state, obs)["knowledge"])
                t0 = time.perf_counter()
                s = suspect(k)
                times.append((time.perf_counter() - t0) * 1000)
                if seats in BRUTE_SEATS and len(times) % check_every == 0:
                    t0 = time.perf_counter()
                    z, roles, absent = brute_force(k)
                    brute_times.append((time.perf_counter() - t0) * 1000)
                    checked += 1
                    matched += (s.z, s.roles, s.absent) == (z, roles, absent)
    times.sort()
    return {
        "seats": seats, "actions": actions, "runs": len(times),
        "median_ms": round(statistics.median(times), 3),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
        "worst_ms": round(times[-1], 3),
        "matched_bruteforce": (matched == checked) if checked else None,
        "checked": checked,
        "bruteforce_median_ms": round(statistics.median(brute_times), 3) if brute_times else None,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seats", type=int, nargs="+", default=[8, 4])
    ap.add_argument("--check-every", type=int, default=1)
    a = parse(ap, argv, games=1, seats=[4], check_every=10)   # tiny: brute force after every tenth run
    for seats in a.seats:
        print(json.dumps(run(seats, a.games, a.check_every)), flush=True)


if __name__ == "__main__":
    main()
