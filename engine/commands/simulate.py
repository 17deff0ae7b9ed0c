"""`python main.py simulate GAME ...`: bot-versus-bot games without a window; one JSON object.

Turn-based variants are played by `play_out`, real-time races by `race_out` on a
simulated clock. (`--relay` sends bot clients through a running relay instead: that path
lives in net/botclient.py, since the engine never imports the network.)
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.core.bots import play_out
from engine.core.logstore import default_log_dir
from engine.core.race import race_out
from engine.registry import bot_for, is_race, rules_for

DEFAULT_SEATS = {"classic": 4, "solitaire": 1, "speed": 4, "grab": 4, "team": 4}


def check_args(args: Any) -> tuple[int, str | None]:
    """The seat count to use, or an error message for a usage error."""
    try:
        rules = rules_for(args.game)
    except KeyError as e:
        return 0, str(e)
    variants = getattr(rules, "variants", ("classic",))
    if args.variant not in variants:
        return 0, f"{args.game} has no variant {args.variant!r} (variants: {', '.join(variants)})"
    seats_for = getattr(rules, "seats_for", None)
    ok_seats = seats_for(args.variant) if seats_for else rules.seats
    seats = args.seats if args.seats is not None else DEFAULT_SEATS.get(args.variant, ok_seats.start)
    if seats not in ok_seats:
        return 0, f"{args.variant} takes {ok_seats.start}-{ok_seats.stop - 1} seats, not {seats}"
    if args.games < 1:
        return 0, "--games must be at least 1"
    return seats, None


def simulate(game: str, variant: str, seats: int, games: int, seed: int, level: str,
             out: Path | None) -> dict[str, Any]:
    rules = rules_for(game)
    out_dir = Path(out) if out else default_log_dir().parent / "simulations"
    harness = race_out if is_race(game, variant) else play_out
    results: list[dict[str, Any]] = []
    logs: list[str] = []
    events = 0
    t0 = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        bots = [bot_for(game, level, game_seed * 31 + s, variant) for s in range(seats)]
        session = harness(rules, seats, bots, options={"variant": variant}, seed=game_seed,
                          log=True, log_dir=out_dir)
        outcome = session.outcome()
        session.close()
        if outcome is None:
            raise RuntimeError(f"game {game_seed} did not finish")
        events += len(session.events)
        logs.append(str(session.log_path))
        results.append({"seed": game_seed, "events": len(session.events), "hash": session.hash(),
                        **outcome.to_data()})
    return {"game": game, "variant": variant, "games": games, "events": events,
            "seconds": round(time.perf_counter() - t0, 3), "results": results, "logs": logs}


def run(args: Any) -> int:
    seats, error = check_args(args)
    if error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    summary = simulate(args.game, args.variant, seats, args.games, args.seed, args.level,
                       Path(args.out) if args.out else None)
    print(json.dumps(summary))
    return 0
