"""`python main.py simulate GAME ...`: bot-versus-bot games without a window; one JSON object."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.core.bots import play_out
from engine.core.logstore import default_log_dir
from engine.registry import bot_for, rules_for

DEFAULT_SEATS = {"classic": 4, "solitaire": 1}


def simulate(game: str, variant: str, seats: int, games: int, seed: int, level: str,
             out: Path | None) -> dict[str, Any]:
    rules = rules_for(game)
    out_dir = Path(out) if out else default_log_dir().parent / "simulations"
    results: list[dict[str, Any]] = []
    logs: list[str] = []
    events = 0
    t0 = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        bots = [bot_for(game, level, game_seed * 31 + s) for s in range(seats)]
        session = play_out(rules, seats, bots, options={"variant": variant}, seed=game_seed,
                           log=True, log_dir=out_dir)
        outcome = session.outcome()
        assert outcome is not None
        session.close()
        events += len(session.events)
        logs.append(str(session.log_path))
        results.append({"seed": game_seed, "events": len(session.events), "hash": session.hash(),
                        **outcome.to_data()})
    return {"game": game, "variant": variant, "games": games, "events": events,
            "seconds": round(time.perf_counter() - t0, 3), "results": results, "logs": logs}


def run(args: Any) -> int:
    rules = rules_for(args.game)
    variants = getattr(rules, "variants", ("classic",))
    if args.variant not in variants:
        print(f"error: {args.game} has no variant {args.variant!r} (variants: {', '.join(variants)})",
              file=sys.stderr)
        return 2
    seats = args.seats if args.seats is not None else DEFAULT_SEATS.get(args.variant, 2)
    if args.variant == "solitaire":
        ok_seats = range(1, 2)
    else:
        ok_seats = rules.seats
    if seats not in ok_seats:
        print(f"error: {args.variant} takes {ok_seats.start}-{ok_seats.stop - 1} seats, not {seats}",
              file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    summary = simulate(args.game, args.variant, seats, args.games, args.seed, args.level,
                       Path(args.out) if args.out else None)
    print(json.dumps(summary))
    return 0
