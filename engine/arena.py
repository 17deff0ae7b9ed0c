"""Players against each other over seeded games, for any game: the tally behind
`engine/<game>/arena.py` and `bench/bot_levels.py`.

Each game seats the given players in rotation (so every player sits in every seat as
often), plays it out with `play_out` and credits the winners (a shared win is split).
The result is one plain dict: games, seats, seconds, per-player win rate (wins per seat
played), mean score, and `beats[a][b]`: of the (a, b) seat pairs over all games, the
share where a scored more than b (ties count half), and `ties[a][b]`: the share of those
pairs that tied (in a low-scoring game many do: `beats` then reads against 0.5 less sharply).
"""
from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from engine.core.bots import play_out


def arena(rules: Any, player: Callable[[str, int], Any], levels: Sequence[str], games: int,
          seats: int | None = None, seed: int = 0,
          options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """`games` seeded games of `rules` at `seats` players (default: as many as levels;
    levels repeat round the table when there are more seats); `player(name, seed)`
    makes a player."""
    n = seats or len(levels)
    names = list(dict.fromkeys(levels))
    wins = {lv: 0.0 for lv in names}
    points = {lv: 0 for lv in names}
    sits = {lv: 0 for lv in names}
    beat = {a: {b: [0.0, 0, 0] for b in names if b != a} for a in names}
    t0 = time.perf_counter()
    for g in range(games):
        table = [levels[(s + g) % len(levels)] for s in range(n)]
        bots = [player(lv, (seed + g) * 97 + s) for s, lv in enumerate(table)]
        out = play_out(rules, n, bots, seed=seed + g, options=dict(options or {})).outcome()
        assert out is not None
        for s, lv in enumerate(table):
            points[lv] += out.scores[s]
            sits[lv] += 1
            if s in out.winners:
                wins[lv] += 1.0 / len(out.winners)
            for o, other in enumerate(table):
                if other != lv:
                    d = out.scores[s] - out.scores[o]
                    beat[lv][other][0] += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
                    beat[lv][other][1] += 1
                    beat[lv][other][2] += d == 0
    return {"games": games, "seats": n, "seconds": round(time.perf_counter() - t0, 1),
            "win_rate": {lv: round(wins[lv] / max(sits[lv], 1), 3) for lv in names},
            "mean_score": {lv: round(points[lv] / max(sits[lv], 1), 2) for lv in names},
            "beats": {a: {b: round(x / max(m, 1), 3) for b, (x, m, _) in row.items()}
                      for a, row in beat.items() if row},
            "ties": {a: {b: round(t / max(m, 1), 3) for b, (_, m, t) in row.items()}
                     for a, row in beat.items() if row}}


# matchups bench/bot_levels.py plays (the stand-in a game scripts against its levels)
BEGINNER_MATCHES = (("beginner", "easy"), ("beginner", "normal"), ("beginner", "hard"),
                    ("normal", "easy"), ("hard", "normal"), ("hard", "easy"))
PEOPLE_MATCHES = (("beginner", "easy"), ("beginner", "normal"), ("beginner", "hard"),
                  ("careful", "easy"), ("careful", "normal"), ("careful", "hard"),
                  ("careful", "beginner"), ("normal", "easy"), ("hard", "normal"), ("hard", "easy"))

Figures = Callable[[int, int, int], dict[str, Any]]    # (games, seats, seed) -> figures


@dataclass(frozen=True)
class Bench:
    """What `bench/bot_levels.py` measures of a game, declared as `BENCH` in its
    `engine/<game>/arena.py` (the benchmark finds it through the registry).

    `arena(levels, games, seats, seed)` plays seeded games; each of `matches` is played
    `games` times at `seats` (half as many when `slow` is one of the pair's levels);
    `baseline(games, seats, seed)` is the same-run baseline (usually a stand-in against
    the core "random" level); `extra` adds the game's own figures. `tiny`: the (games,
    seats) of the suite's smoke run, None to leave the game out of it (its own seeded
    tests pin its levels)."""
    arena: Callable[..., dict[str, Any]]
    matches: tuple[tuple[str, str], ...]
    baseline: Figures
    games: int
    seats: int
    tiny: tuple[int, int] | None = None
    slow: str | None = None
    extra: Figures | None = None

    def games_for(self, pair: tuple[str, str], games: int) -> int:
        return max(2, games // 2) if self.slow in pair else games


def matchup(arena_fn: Callable[..., dict[str, Any]], *pair: str) -> Figures:
    """A baseline that is one matchup of `arena_fn`: {"a-b": its figures}."""
    return lambda games, seats, seed: {"-".join(pair): arena_fn(list(pair), games, seats, seed)}


def main(rules: Any, player: Callable[[str, int], Any], default_levels: list[str], default_games: int,
         doc: str | None, argv: list[str] | None = None) -> int:
    """The command line of a game's arena module: levels, --games, --seats, --seed."""
    p = argparse.ArgumentParser(description=doc)
    p.add_argument("levels", nargs="*", default=default_levels)
    p.add_argument("--games", type=int, default=default_games)
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    print(json.dumps(arena(rules, player, a.levels, a.games, a.seats, a.seed)))
    return 0
