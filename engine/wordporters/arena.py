"""Word Porters bot levels against each other and against scripted stand-ins for a person,
over seeded games: `python -m engine.wordporters.arena beginner easy --games 20 --seats 4`.

A player is a bot level ("easy", "normal", "hard", "random") or a stand-in (not a level
anyone plays against):

- "beginner": a new player. It places each marker on the hint word that fits its own word
  best, with no regard to the other nine words (the fit table's 0-3; a tie goes to a
  single marker before a stack, then at random), never declines, and guesses each player's
  word by the single best-fitting marker: the board word that one of that player's hint
  words fits best (ties: the lower marker number, then at random); its own word is out,
  and a word already guessed for another player goes to the next best.
- "careful": a careful player. It places each marker on the hint word that sets its word
  apart most: the fit to its word less the best fit of that hint to any other board word
  (ties: the better fit to its own word, then a single marker); it guesses each player's
  word by adding up the fits of all that player's hint words (marker 1 counted fully,
  later ones a little less, as the rules say the number is the order of thought) and
  gives each player a distinct word, the surest first.

The games and the win tally are `engine.arena`'s. `accuracy()` adds what a co-operative-
competitive game needs: per player, the share of its guesses that were right, and the share
of the others' guesses at its own word that were right (how well its hints were read).
"""
from __future__ import annotations

import sys
from typing import Any, Sequence

from engine.arena import PEOPLE_MATCHES, Bench, arena as run_arena, main as arena_main, matchup
from engine.core.bots import play_out
from engine.core.rng import Rng
from engine.wordporters.board import emphasis, legal_placements
from engine.wordporters.bot import WordPortersBot
from engine.wordporters.content import content
from engine.wordporters.rules import WordPortersRules

BEGINNER = "beginner"
CAREFUL = "careful"
LATER_MARKER = {1: 1.0, 2: 0.9, 3: 0.8}     # the careful reader's weight per marker number


class StandIn:
    """A scripted stand-in for a person (see the module docstring)."""

    def __init__(self, name: str, seed: int = 0) -> None:
        if name not in (BEGINNER, CAREFUL):
            raise ValueError(name)
        self.level, self.seed = name, int(seed)

    def _rng(self, view: dict, seat: int) -> Rng:
        return Rng.derive(self.seed, view["round"] * 1000 + len(view["placements"]), seat)

    def choose(self, view: dict, seat: int) -> dict[str, Any]:
        if view["phase"] == "hints":
            return self.give(view, seat)
        return self.vote(view, seat)

    def give(self, view: dict, seat: int) -> dict[str, Any]:
        c = content()
        rng = self._rng(view, seat)
        board = [c.word_ids[w] for w in view["words"]]
        target = view["number"] - 1
        others = [w for i, w in enumerate(board) if i != target]
        legal = legal_placements([h["markers"] for h in view["hints"]], view["left"][seat], seat)
        best, best_key = legal[0], None
        for card, side, stack in legal:
            h = c.hint_ids[view["hints"][card]["words"][side]]
            fit = int(c.fit[board[target], h])
            if self.level == BEGINNER:
                key = (fit, -len(stack), rng.random())
            else:
                key = (fit - int(c.fit[others, h].max()), fit, -len(stack), rng.random())
            if best_key is None or key > best_key:
                best, best_key = (card, side, stack), key
        return {"type": "place", "seat": seat, "card": best[0], "side": best[1]}

    def vote(self, view: dict, seat: int) -> dict[str, Any]:
        c = content()
        rng = self._rng(view, seat)
        board = [c.word_ids[w] for w in view["words"]]
        own = view["number"] - 1
        hints: dict[int, list[tuple[int, int]]] = {}
        for p in view["placements"]:
            hints.setdefault(p["seat"], []).append(
                (c.hint_ids[view["hints"][p["card"]]["words"][p["side"]]], emphasis(p["markers"])))
        scores: dict[int, list[tuple[Any, int]]] = {}
        for s in range(view["seats"]):
            if s == seat:
                continue
            ranked = []
            for i, w in enumerate(board):
                if i == own:
                    continue
                mine = hints.get(s, [])
                if self.level == BEGINNER:
                    key: Any = max(((int(c.fit[w, h]), -e) for h, e in mine), default=(0, 0))
                else:
                    key = sum(LATER_MARKER[e] * float(c.fit[w, h]) for h, e in mine)
                ranked.append(((key, rng.random()), i))
            ranked.sort(reverse=True)
            scores[s] = ranked
        order = sorted(scores) if self.level == BEGINNER else \
            sorted(scores, key=lambda s: -(scores[s][0][0][0] - scores[s][1][0][0]))
        guesses: list[int | None] = [None] * view["seats"]
        taken: set[int] = set()
        for s in order:
            pick = next(i for _, i in scores[s] if i not in taken)
            taken.add(pick)
            guesses[s] = pick + 1
        return {"type": "vote", "seat": seat, "guesses": guesses}


def player(name: str, seed: int) -> Any:
    """A bot level or a scripted stand-in ("beginner", "careful")."""
    return StandIn(name, seed) if name in (BEGINNER, CAREFUL) else WordPortersBot(name, seed)


def arena(levels: Sequence[str], games: int, seats: int | None = 4, seed: int = 0,
          variant: str = "classic") -> dict[str, Any]:
    """Word Porters games between `levels`; see `engine.arena.arena`."""
    return run_arena(WordPortersRules(), player, levels, games, seats or 4, seed, {"variant": variant})


def accuracy(levels: Sequence[str], games: int, seats: int = 4, seed: int = 0,
             variant: str = "classic") -> dict[str, dict[str, float]]:
    """The same seating and seeds as `arena`: per player, `guessing` (its guesses that
    were right) and `read` (the others' guesses at its word that were right)."""
    names = list(dict.fromkeys(levels))
    tally = {lv: {"guessed": 0, "guessed_right": 0, "read": 0, "read_right": 0} for lv in names}
    for g in range(games):
        table = [levels[(s + g) % len(levels)] for s in range(seats)]
        bots = [player(lv, (seed + g) * 97 + s) for s, lv in enumerate(table)]
        session = play_out(WordPortersRules(), seats, bots, seed=seed + g, options={"variant": variant})
        for ev in session.events:
            if ev["type"] != "revealed":
                continue
            s = ev["seat"]
            for v in range(seats):
                if v == s:
                    continue
                hit = int(v in ev["right"])
                tally[table[v]]["guessed"] += 1
                tally[table[v]]["guessed_right"] += hit
                tally[table[s]]["read"] += 1
                tally[table[s]]["read_right"] += hit
    return {lv: {"guessing": round(t["guessed_right"] / max(t["guessed"], 1), 3),
                 "read": round(t["read_right"] / max(t["read"], 1), 3)} for lv, t in tally.items()}


def level_accuracy(games: int, seats: int, seed: int) -> dict[str, Any]:
    """Each level's guess accuracy at a table of beginners (`accuracy`)."""
    return {"accuracy": {lv: accuracy([BEGINNER] * (seats - 1) + [lv], games, seats, seed)
                         for lv in (BEGINNER, CAREFUL, "easy", "normal", "hard", "random")}}


BENCH = Bench(arena, PEOPLE_MATCHES, matchup(arena, BEGINNER, "random"), games=40, seats=4, tiny=(1, 3),
              extra=level_accuracy)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(a.startswith("--seats") for a in argv):
        argv += ["--seats", "4"]                  # two levels, but the game needs three or more
    return arena_main(WordPortersRules(), player, ["beginner", "easy"], 20, __doc__, argv)


if __name__ == "__main__":
    raise SystemExit(main())
