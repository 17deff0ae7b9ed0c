"""Hooky bot levels against each other over seeded games:
`python -m engine.hooky.arena pencil easy --games 20 --seats 4`.

A player is a bot level ("easy", "normal", "hard", "random") or "pencil", the scripted
pencil-and-paper player below, which stands in for a new player when measuring the
levels (it is not a level anyone plays against). The games and the tally are
`engine.arena`'s; prints its one JSON object (win rates, mean scores, beat rates).
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.arena import Bench, arena as run_arena, main as arena_main, matchup
from engine.hooky.bot import HookyBot, clue_command, table_facts, view_rng, vocab
from engine.hooky.clue_words import bot_accepts
from engine.hooky.knowledge import Knowledge
from engine.hooky.rules import HookyRules
from engine.hooky.worksheet import YES, Sheet

PENCIL = "pencil"
PENCIL_WORDS = 20               # the common words a new player thinks of (SCOWL level)


class PencilPlayer:
    """A new player with a worksheet, scripted: only certainties, nothing clever.

    It marks the worksheet with the plain "count" rule over every answer (zero answers,
    answers its known letters already make, answers that need every open letter), never
    reveals, asks the seat with the most open cards the most common word with the most
    letters still open for that seat, guesses hooky from the letters it has not placed
    in a hand (those it knows are in the playground-or-hooky pool first, then those with
    the fewest places left) and names each hand as its known letters plus the open
    letters with the fewest places left. Ties are broken at random (seeded)."""

    level = PENCIL

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict, seat: int) -> dict:
        phase = view.get("phase")
        rng = view_rng(self.seed, view, seat)
        if seat not in view.get("to_act", ()):
            return {"type": "vote", "seat": seat, "accept": True}
        if phase == "vote":
            return {"type": "vote", "seat": seat, "accept": bot_accepts(view["pending"]["word"])}
        k = Knowledge.from_view(view["knowledge"])
        if phase == "clue":
            return clue_command(k, seat, rng, PENCIL_WORDS)
        facts = table_facts(view, k)
        sheet = Sheet(k, ("count",))
        tie = {c: rng.random() for c in k.alphabet}

        def likely(letters: list[str]) -> list[str]:   # fewest places left first
            return sorted(letters, key=lambda c: (sheet.places(c), tie[c]))

        if phase == "turn":
            return self._ask(facts, sheet, seat, rng)
        if phase == "guess":
            cands = sheet.hooky_candidates()
            sure = [c for c in cands if sheet.state(c, sheet.pool) == YES]
            rest = likely([c for c in cands if c not in sure])
            return {"type": "guess", "seat": seat,
                    "letters": sorted((sorted(sure, key=lambda c: tie[c]) + rest)[:3])}
        hands = []
        for t in range(facts["seats"]):
            if t == seat:
                hands.append([])
                continue
            held = sheet.held(t)
            hands.append(sorted(held + likely(sheet.open_letters(t))[:facts["hand_size"] - len(held)]))
        return {"type": "name_hands", "seat": seat, "hands": hands}

    def _ask(self, facts: dict, sheet: Sheet, seat: int, rng: Any) -> dict:
        n = facts["seats"]
        others = [(seat + d) % n for d in range(1, n)]
        voc = vocab(PENCIL_WORDS)
        order = sorted(range(len(voc.words)), key=lambda i: (voc.rarity[i], voc.words[i]))
        for t in sorted(others, key=lambda t: -len(sheet.open_letters(t))):
            open_t = set(sheet.open_letters(t))
            asked = {"".join(sorted(w)) for w in facts["asked_of"][t]}
            best, best_open = None, 0
            for i in order:
                w = voc.words[i]
                hits = len(open_t & set(w))
                if hits > best_open and voc.keys[i] not in asked:
                    best, best_open = w, hits
                    if hits == len(set(w)):
                        break
            if best is not None:
                return {"type": "ask", "seat": seat, "target": t, "word": best}
        for t in others:                        # every hand is known: any legal question
            asked = {"".join(sorted(w)) for w in facts["asked_of"][t]}
            for i in order:
                if voc.keys[i] not in asked:
                    return {"type": "ask", "seat": seat, "target": t, "word": voc.words[i]}
        raise RuntimeError("no legal question left")


def player(name: str, seed: int) -> Any:
    """A bot level or the scripted pencil player."""
    return PencilPlayer(seed) if name == PENCIL else HookyBot(name, seed)


def arena(levels: Sequence[str], games: int, seats: int | None = None, seed: int = 0) -> dict[str, Any]:
    """Hooky games between `levels` (bot levels or "pencil"); see `engine.arena.arena`."""
    return run_arena(HookyRules(), player, levels, games, seats, seed)


BENCH = Bench(arena, (("pencil", "easy"), ("pencil", "normal"), ("pencil", "hard"),
                      ("normal", "easy"), ("hard", "normal"), ("hard", "easy")),
              matchup(arena, PENCIL, "random"), games=24, seats=4, tiny=(1, 3))


def main(argv: list[str] | None = None) -> int:
    return arena_main(HookyRules(), player, ["hard", "normal", "easy"], 45, __doc__, argv)


if __name__ == "__main__":
    raise SystemExit(main())
