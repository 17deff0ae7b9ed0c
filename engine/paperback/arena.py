"""Paperback bot levels against each other and against a scripted new player, over
seeded games: `python -m engine.paperback.arena beginner easy --games 30 --seats 3`.

A player is a bot level ("easy", "normal", "hard") or "beginner", the scripted player
below, which stands in for a person at their first game when measuring the levels (it
is not a level anyone plays against). The games and the tally are `engine.arena`'s.
"""
from __future__ import annotations

import sys
from typing import Any, Sequence

from engine.arena import BEGINNER_MATCHES, Bench, arena as run_arena, main as arena_main, matchup
from engine.paperback.bot import EASY_LETTERS, PaperbackBot, everyday_word, spell_command
from engine.paperback.rules import PaperbackRules

BEGINNER = "beginner"
SEEN_LETTERS = EASY_LETTERS + 1   # a new player also sees six-letter words


class BeginnerPlayer:
    """A person at their first game, scripted: of the everyday words the hand makes (SCOWL
    level 35 or lower, as the easy bot sees them, but of up to six letters, one more than
    easy) it spells the one worth the most ¢ (it adds up the ¢ on the cards, as the
    table's panel shows); it never trashes, uses no power and does not plan for the common. It buys as the easy bot does (the dearest Fame
    card once it has 8¢, else the dearest letter card: one card a turn), and votes and
    answers attacks as it does too; so it differs from easy only in seeing six-letter
    words."""

    level = BEGINNER

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.helper = PaperbackBot("easy", seed)

    def choose(self, view: dict, seat: int) -> dict:
        phase = view["phase"]
        if phase == "spell" and not view["owed"]:
            pick = everyday_word(view, SEEN_LETTERS)
            return {"type": "pass", "seat": seat} if pick is None else spell_command(seat, pick)
        return self.helper.choose(view, seat)


def player(name: str, seed: int) -> Any:
    """A bot level or the scripted beginner."""
    return BeginnerPlayer(seed) if name == BEGINNER else PaperbackBot(name, seed)


def arena(levels: Sequence[str], games: int, seats: int | None = None, seed: int = 0,
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Paperback games between `levels` (bot levels or "beginner"); see `engine.arena.arena`."""
    return run_arena(PaperbackRules(), player, levels, games, seats, seed, options)


# no smoke run: its seeded tests pin the levels
BENCH = Bench(arena, BEGINNER_MATCHES, matchup(arena, BEGINNER, "random"), games=30, seats=2)


if __name__ == "__main__":
    sys.exit(arena_main(PaperbackRules(), player, [BEGINNER, "easy"], 30, __doc__))
