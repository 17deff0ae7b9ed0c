"""Bot levels against each other over seeded games: `python -m engine.hooky.arena`.

Each game seats the given players in rotation (so every player sits in every seat as
often), plays it out and credits the winners (a shared win is split). A player is a bot
level ("easy", "normal", "hard", "random") or "pencil", the scripted pencil-and-paper
player below, which stands in for a new player when measuring the levels (it is not a
level anyone plays against). Prints one JSON object: games, seats, per-player win rate
(wins per seat played), mean score, and how often each player outscored each other one.
"""
from __future__ import annotations

import argparse
import json
import time
from typing import Any, Sequence

from engine.core.bots import play_out
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
    """Win shares of `levels` over `games` seeded games at `seats` players (default: as
    many as levels; levels repeat round the table when there are more seats).
    `beats[a][b]`: of the (a, b) seat pairs over all games, the share where a scored
    more than b (ties count half)."""
    rules = HookyRules()
    n = seats or len(levels)
    names = list(dict.fromkeys(levels))
    wins = {lv: 0.0 for lv in names}
    points = {lv: 0 for lv in names}
    sits = {lv: 0 for lv in names}
    beat = {a: {b: [0.0, 0] for b in names if b != a} for a in names}
    t0 = time.perf_counter()
    for g in range(games):
        table = [levels[(s + g) % len(levels)] for s in range(n)]
        bots = [player(lv, (seed + g) * 97 + s) for s, lv in enumerate(table)]
        out = play_out(rules, n, bots, seed=seed + g).outcome()
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
    return {"games": games, "seats": n, "seconds": round(time.perf_counter() - t0, 1),
            "win_rate": {lv: round(wins[lv] / max(sits[lv], 1), 3) for lv in names},
            "mean_score": {lv: round(points[lv] / max(sits[lv], 1), 2) for lv in names},
            "beats": {a: {b: round(x / max(m, 1), 3) for b, (x, m) in row.items()}
                      for a, row in beat.items() if row}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("levels", nargs="*", default=["hard", "normal", "easy"])
    p.add_argument("--games", type=int, default=45)
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    print(json.dumps(arena(a.levels, a.games, a.seats, a.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
