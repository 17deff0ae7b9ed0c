"""`python main.py simulate GAME --relay HOST:PORT`: bot clients race through a relay.

The command line over net/botclient.py (the library: BotSeats, BotClient, play_room): each
game is played by one bot client per seat on one asyncio loop, and the summary of a local
simulation is printed as JSON with "hashes_match" and "relay".
"""
from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any, Mapping

from engine.commands.simulate import check_args
from engine.core.logstore import default_log_dir
from engine.registry import bot_for, rules_for
from net.botclient import play_room
from net.client import parse_address

RELAY_MAX_SEATS = 8


def simulate_relay(game: str, variant: str, seats: int, games: int, seed: int, level: str,
                   out: Path | None, address: str, *, options: Mapping[str, Any] | None = None,
                   timeout: float = 900.0) -> dict[str, Any]:
    """`simulate --relay`: each game played by one bot client per seat through the relay
    at `address`, all on one asyncio loop. The summary of a local simulation, plus
    "hashes_match" (every client's state hash equal at the outcome and when it stopped)
    and "relay"."""
    host, port = parse_address(address)
    rules = rules_for(game)
    out_dir = Path(out) if out else default_log_dir().parent / "simulations"
    results: list[dict[str, Any]] = []
    logs: list[str] = []
    events = 0
    match = True
    t0 = time.perf_counter()
    for g in range(games):
        bots = [bot_for(game, variant, level, s, seed + g) for s in range(seats)]
        r = asyncio.run(play_room(host, port, rules, variant, seats, options=options,
                                  log_dir=out_dir, timeout=timeout, bots=bots))
        match = match and len(r.hashes) == seats and len(set(r.hashes)) == 1 \
            and len(set(r.final)) == 1
        events += r.events
        if r.log is not None:
            logs.append(str(r.log))
        results.append({"seed": r.seed, "events": r.events, "hash": r.hashes[0], "room": r.code,
                        **r.outcome})
    return {"game": game, "variant": variant, "games": games, "events": events,
            "seconds": round(time.perf_counter() - t0, 3), "results": results, "logs": logs,
            "hashes_match": match, "relay": f"{host}:{port}"}


def run_cli(args: Any) -> int:
    """`python main.py simulate GAME --relay HOST:PORT ...`: prints the local summary's JSON
    plus "hashes_match" and "relay"; exit 1 when the hashes differ or the relay fails."""
    seats, error = check_args(args)
    if error is None:
        try:
            parse_address(args.relay)
        except ValueError as e:
            error = f"--relay: {e}"
    if error is None and seats > RELAY_MAX_SEATS:
        error = f"a relay room has at most {RELAY_MAX_SEATS} seats"
    if error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        summary = simulate_relay(args.game, args.variant, seats, args.games, args.seed, args.level,
                                 Path(args.out) if args.out else None, args.relay)
    except (OSError, ConnectionError, TimeoutError) as e:
        print(f"error: relay {args.relay}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    print(json.dumps(summary))
    return 0 if summary["hashes_match"] else 1
