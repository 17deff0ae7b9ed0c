"""Sumoku bot levels against each other over seeded classic games:
`python -m engine.sumoku.arena beginner easy --games 20`.

A player is a bot level ("easy", "normal", "hard") or "beginner", the scripted player
below, which stands in for a new player when measuring the levels (it is not a level
anyone plays against). The games and the tally are `engine.arena`'s; prints its one
JSON object (win rates, mean scores, beat rates).
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.arena import BEGINNER_MATCHES, Bench, arena as run_arena, main as arena_main
from engine.core.bots import play_out
from engine.sumoku.bot import SumokuBot
from engine.sumoku.movegen import Play, legal_plays
from engine.sumoku.rules import SumokuRules

BEGINNER = "beginner"
BEGINNER_TILES = 3             # a new player looks for a short line


class BeginnerPlayer:
    """A new player, scripted: plays the first legal line of at most three tiles it finds
    (the move generator's order: the board scanned row by row, then column by column),
    or the first longer one when no short line fits; passes when nothing fits. It never
    compares scores."""

    level = BEGINNER

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict, seat: int) -> dict:
        if view.get("ended") or view.get("turn") != seat:
            return {"type": "pass", "seat": seat}
        board = {(r, c): (t, v) for r, c, t, v in view["board"]}
        hand = list(view["hands"][seat])
        scoring = str(view.get("options", {}).get("scoring", "cross"))
        first = bool(view["first_play"])
        play: Play | None = None
        for limit in (BEGINNER_TILES, None):
            play = next(iter(legal_plays(board, hand, view["key"], first_play=first,
                                         scoring=scoring, max_tiles=limit)), None)
            if play is not None:
                return play.to_command(seat)
        return {"type": "pass", "seat": seat}


def player(name: str, seed: int) -> Any:
    """A bot level or the scripted beginner."""
    return BeginnerPlayer(seed) if name == BEGINNER else SumokuBot(name, seed)


def arena(levels: Sequence[str], games: int, seats: int | None = None, seed: int = 0,
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Classic Sumoku games between `levels` (bot levels or "beginner"); see
    `engine.arena.arena`."""
    return run_arena(SumokuRules(), player, levels, games, seats, seed, options)


def seat_baseline(games: int, seats: int, seed: int) -> dict[str, Any]:
    """Beginner against beginner: the first seat's win rate (the seat's own worth)."""
    first = 0.0
    for g in range(games):
        out = play_out(SumokuRules(), 2, [BeginnerPlayer(g * 2), BeginnerPlayer(g * 2 + 1)],
                       seed=seed + g).outcome()
        first += (1.0 / len(out.winners)) if 0 in out.winners else 0.0
    return {"beginner-beginner": {"games": games, "seats": 2,
                                  "first_seat_win_rate": round(first / max(games, 1), 3)}}


# hard Sumoku games cost about a second and a half each: half as many of them; no smoke
# run (its seeded tests pin the levels)
BENCH = Bench(arena, BEGINNER_MATCHES, seat_baseline, games=20, seats=2, slow="hard")


def main(argv: list[str] | None = None) -> int:
    return arena_main(SumokuRules(), player, ["beginner", "easy"], 20, __doc__, argv)


if __name__ == "__main__":
    raise SystemExit(main())
