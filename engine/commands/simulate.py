"""`python main.py simulate GAME ...`: bot-versus-bot games without a window; one JSON object.

Turn-based variants are played by `play_out`, real-time races by `race_out` on a
simulated clock. (`--relay` sends bot clients through a running relay instead: that path
lives in net/botcli.py, since the engine never imports the network.)
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.core.bots import play_out
from engine.core.logstore import default_log_dir
from engine.core.options import undeclared
from engine.core.race import race_out
from engine.core.rules import initial_state
from engine.registry import bot_for, rules_for, spec_for


def parse_options(text: str | None) -> dict[str, Any]:
    """The game options of `--options JSON` (a JSON object); ValueError saying why not."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"--options is not JSON: {e}") from None
    if not isinstance(value, dict) or "variant" in value:
        raise ValueError("--options must be a JSON object of game options (the variant is --variant)")
    return value


def check_options(game: str, variant: str, seats: int, options: dict[str, Any]) -> str | None:
    """Why these options cannot be played (None when they can): a key the game does not
    declare (GameSpec.options, whatever the rules would keep), else the rules' check
    (the spec's, engine/core/options.py, and the shapes the rules check themselves)."""
    unknown = undeclared(spec_for(game), options)
    if unknown:
        return f"--options: {unknown}"
    try:
        initial_state(rules_for(game), seats, {"variant": variant, **options})
    except ValueError as e:
        return f"--options: {e}"
    return None


def check_args(args: Any) -> tuple[int, str | None]:
    """The seat count to use (the variant's default unless --seats), or an error message
    for a usage error; fills in `args.variant` when none was named and `args.game_options`
    from `--options`."""
    try:
        spec = spec_for(args.game)
        variant = spec.variant(args.variant)
    except KeyError as e:
        return 0, str(e.args[0] if e.args else e)
    args.variant = variant.id        # the default variant, when none was named
    seats = args.seats if args.seats is not None else variant.default_seats
    if seats not in variant.seats:
        return 0, f"{variant.id} takes {variant.seats.start}-{variant.seats.stop - 1} seats, not {seats}"
    if args.level not in spec.levels:
        return 0, f"{args.game} has no level {args.level!r} (levels: {', '.join(spec.levels)})"
    if args.games < 1:
        return 0, "--games must be at least 1"
    try:
        args.game_options = parse_options(getattr(args, "options", None))
    except ValueError as e:
        return 0, str(e)
    error = check_options(args.game, variant.id, seats, args.game_options)
    if error:
        return 0, error
    return seats, None


def simulate(game: str, variant: str | None, seats: int, games: int, seed: int, level: str,
             out: Path | None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    rules = rules_for(game)
    vid = spec_for(game).variant(variant).id
    out_dir = Path(out) if out else default_log_dir().parent / "simulations"
    harness = race_out if spec_for(game).variant(vid).realtime else play_out
    results: list[dict[str, Any]] = []
    logs: list[str] = []
    events = 0
    t0 = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        bots = [bot_for(game, vid, level, s, game_seed) for s in range(seats)]
        session = harness(rules, seats, bots, options={"variant": vid, **(options or {})}, seed=game_seed,
                          log=True, log_dir=out_dir)
        outcome = session.outcome()
        session.close()
        if outcome is None:
            raise RuntimeError(f"game {game_seed} did not finish")
        events += len(session.events)
        logs.append(str(session.log_path))
        results.append({"seed": game_seed, "events": len(session.events), "hash": session.hash(),
                        **outcome.to_data()})
    return {"game": game, "variant": vid, "options": dict(options or {}), "games": games, "events": events,
            "seconds": round(time.perf_counter() - t0, 3), "results": results, "logs": logs}


def run(args: Any) -> int:
    seats, error = check_args(args)
    if error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    summary = simulate(args.game, args.variant, seats, args.games, args.seed, args.level,
                       Path(args.out) if args.out else None, args.game_options)
    print(json.dumps(summary))
    return 0
