"""Seeded Wooolf!! games between bot levels and scripted stand-ins for a person: win rates
per player (a shared win counts as a share; players sit round the table in turn, rotated
each game) and how often each one's declarations are right (early and final apart).

A player is a bot level ("easy", "normal", "hard", "random") or a stand-in (not a level
anyone plays against), both the literal reader of `engine.wooolf.literal`:
"beginner" (believes every announcement, declares once it has seen its targets) and
"careful" (the notebook's "certain" assistant on, doubts a "Wolf!", reads the answers).
`arena()` is `engine.arena`'s tally (beats, win rates, mean scores); `tally()` adds the
declarations.

    python -m engine.wooolf.arena --seats 5 --games 40 [beginner easy]
"""
from __future__ import annotations

import argparse
import json
from typing import Any, Sequence

from engine.arena import PEOPLE_MATCHES, Bench, arena as run_arena, matchup
from engine.core.bots import play_out
from engine.wooolf import literal
from engine.wooolf.bot import WooolfBot
from engine.wooolf.rules import WooolfRules

ORDER = ("hard", "normal", "easy")


def seating(seats: int, game: int, levels: Sequence[str] = ORDER) -> list[str]:
    """Levels round the table, rotated each game so no level keeps a seat."""
    return [levels[(s + game) % len(levels)] for s in range(seats)]


def play(seats: int, levels: Sequence[str], seed: int, **options: Any):
    bots = {s: player(levels[s], seed * 31 + s) for s in range(seats)}
    return play_out(WooolfRules(), seats, bots, seed=seed, options=options)


def tally(seats: int, games: int, seed0: int = 0, levels: Sequence[str] = ORDER) -> dict[str, Any]:
    stats = {lv: {"seated": 0, "wins": 0.0, "early": 0, "early_right": 0, "final": 0, "final_right": 0,
                  "declined": 0, "points": 0} for lv in levels}
    for g in range(games):
        lv = seating(seats, g, levels)
        session = play(seats, lv, seed0 + g)
        out = session.outcome()
        assert out is not None
        for s in range(seats):
            stats[lv[s]]["seated"] += 1
            stats[lv[s]]["points"] += out.scores[s]
        for w in out.winners:
            stats[lv[w]]["wins"] += 1 / len(out.winners)
        for rnd in session.state.rounds:
            for line in rnd["lines"]:
                st = stats[lv[line["seat"]]]
                if line["kind"] == "none":
                    st["declined"] += 1
                else:
                    st[line["kind"]] += 1
                    st[line["kind"] + "_right"] += int(line["right"])
    report = {}
    for lv, st in stats.items():
        n = st["seated"]
        report[lv] = {
            "win_share": round(st["wins"] / n, 3) if n else 0.0,          # games won per game seated
            "vs_fair": round(st["wins"] / n * seats, 3) if n else 0.0,     # 1.0 = a fair share (1/seats)
            "wins": round(st["wins"], 2), "seated": n,
            "points_per_game": round(st["points"] / n, 2) if n else 0.0,
            "early": st["early"], "early_right": round(st["early_right"] / st["early"], 3) if st["early"] else None,
            "final": st["final"], "final_right": round(st["final_right"] / st["final"], 3) if st["final"] else None,
            "declined": st["declined"],
        }
    return {"seats": seats, "games": games, "levels": report}


BEGINNER = "beginner"
CAREFUL = "careful"
STAND_INS = {BEGINNER: literal.BEGINNER, CAREFUL: literal.CAREFUL}


class StandIn:
    """A scripted stand-in for a person (not a level): the literal reader of
    `engine.wooolf.literal` with a beginner's or a careful player's habits."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self.level, self.seed, self.habits = name, seed, STAND_INS[name]

    def choose(self, view: dict, seat: int) -> dict:
        return literal.literal_choice(view, seat, self.habits, self.seed)


def player(name: str, seed: int) -> Any:
    """A bot level or a scripted stand-in ("beginner", "careful")."""
    if name in STAND_INS:
        return StandIn(name, seed)
    return WooolfBot(name, seed)


def arena(levels: Sequence[str], games: int, seats: int | None = 5, seed: int = 0) -> dict[str, Any]:
    """Wooolf!! games between `levels` (bot levels or stand-ins); see `engine.arena.arena`."""
    return run_arena(WooolfRules(), player, levels, games, seats or 5, seed)


BENCH = Bench(arena, PEOPLE_MATCHES, matchup(arena, BEGINNER, "random"), games=120, seats=5, tiny=(1, 4))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seats", type=int, default=5)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("levels", nargs="*", default=list(ORDER))
    a = ap.parse_args(argv)
    print(json.dumps(tally(a.seats, a.games, a.seed, tuple(a.levels))))


if __name__ == "__main__":
    main()
