"""Benchmark: Hooky's exact deduction after every informative answer, seat 0's view.

Seeded 3-, 4- and 5-player games without reveals (the hardest case: the most letters
stay unknown): a random deal, every seat's starting clue (a random word holding at least
one of its letters), six rounds in which every seat asks a random other seat a random
5-letter word (no repeat or anagram of a word already asked of that seat), playground
flips per the set-up table. `deduce` is timed after every answer not about seat 0 (those
change seat 0's knowledge), and each result is checked: the true deal must have non-zero
probability. The baseline is the brute-force enumerator, timed on each game's final
state (late game, where it is feasible) and checked against the engine count for count.

Prints one JSON object per player count, one per line:
{"players", "answers", "median_ms", "p99_ms", "worst_ms", "bruteforce_median_ms", ...}

    python bench/hooky_deduction.py [games_per_player_count] [seed]
"""
from __future__ import annotations

import json
import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core.rng import Rng  # noqa: E402
from engine.hooky.bruteforce import TooLarge, brute_force  # noqa: E402
from engine.hooky.deduction import deduce  # noqa: E402
from engine.hooky.knowledge import ALPHABET, HOOKY_SIZE, SETUP, Knowledge, count_answer  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('players', 'answers', 'games', 'median_ms', 'p99_ms', 'worst_ms', 'bruteforce_median_ms', 'peak_joint_states', 'words')   # the keys of each JSON object printed

FLIP_AFTER = {3: (1, 2), 4: (1, 2, 3), 5: (1, 2, 3)}
BRUTE_LIMIT = 400_000


def load_words() -> tuple[list[str], str]:
    """engine.words.hooky_words() when it exists; else SCOWL's common words if installed."""
    try:
        from engine.words import hooky_words
        words = sorted({w.lower() for w in hooky_words() if len(w) == 5 and w.isalpha()})
        if words:
            return words, "engine.words.hooky_words"
    except ImportError:
        pass
    base = Path("/usr/share/dict/scowl")
    words = set()
    for level in (10, 20, 35, 40, 50):
        p = base / f"english-words.{level}"
        if p.exists():
            for line in p.read_text(encoding="latin-1").split():
                if len(line) == 5 and line.isalpha() and line.islower() and line.isascii():
                    words.add(line)
    if not words:
        raise SystemExit("no word list: engine.words is missing and SCOWL is not installed")
    return sorted(words), "scowl<=50 (fallback)"


def play(players: int, rng: Rng, words: list[str]) -> list[Knowledge]:
    """One game; the knowledge of seat 0 after each informative answer, and the truth."""
    per_hand, ground = SETUP[players]
    cards = list(ALPHABET)
    rng.shuffle(cards)
    hands = [cards[i * per_hand:(i + 1) * per_hand] for i in range(players)]
    playground = cards[players * per_hand:players * per_hand + ground]
    k = Knowledge.new(players, 0, hands[0])
    states: list[Knowledge] = []
    for s in range(players):
        while True:
            w = rng.choice(words)
            a = count_answer(w, hands[s])
            if a > 0:
                break
        k = k.with_clue(s, w, a)
        if s != 0:
            states.append(k)
    asked: list[set[str]] = [set() for _ in range(players)]
    flips = 0
    for rnd in range(1, 7):
        for s in range(players):
            t = rng.choice([x for x in range(players) if x != s])
            while True:
                w = rng.choice(words)
                key = "".join(sorted(w))
                if key not in asked[t]:
                    asked[t].add(key)
                    break
            k = k.with_clue(t, w, count_answer(w, hands[t]))
            if t != 0:
                states.append(k)
        if rnd in FLIP_AFTER[players]:
            k = Knowledge.new(players, 0, hands[0], clues=k.clues,
                              flipped=tuple(playground[:flips + 1]))
            flips += 1
    truth = {c: s for s, h in enumerate(hands) for c in h}
    truth.update({c: players for c in playground})
    truth.update({c: players + 1 for c in cards[players * per_hand + ground:]})
    assert len(cards[players * per_hand + ground:]) == HOOKY_SIZE
    play.truth = truth  # type: ignore[attr-defined]
    return states


def bench(players: int, games: int, seed: int, words: list[str]) -> dict:
    times: list[float] = []
    brute_ms: list[float] = []
    brute_skipped = 0
    peak = 0
    for g in range(games):
        rng = Rng.derive(seed, players, g)
        states = play(players, rng, words)
        truth = play.truth  # type: ignore[attr-defined]
        for k in states:
            t0 = time.perf_counter()
            d = deduce(k)
            times.append((time.perf_counter() - t0) * 1000.0)
            peak = max(peak, d.peak_states)
            for c, col in truth.items():
                if d.counts[ALPHABET.index(c), col] <= 0:
                    raise AssertionError(f"true deal excluded: {c} at {col}, game {g}")
        last = states[-1]
        try:
            t0 = time.perf_counter()
            z, counts = brute_force(last, limit=BRUTE_LIMIT)
            brute_ms.append((time.perf_counter() - t0) * 1000.0)
        except TooLarge:
            brute_skipped += 1
            continue
        d = deduce(last)
        if z != d.z or not np.array_equal(counts, d.counts):
            raise AssertionError(f"engine and brute force disagree, game {g}")
    arr = np.array(times)
    out = {"players": players, "answers": len(times), "games": games,
           "median_ms": round(float(np.median(arr)), 2),
           "p99_ms": round(float(np.percentile(arr, 99)), 2),
           "worst_ms": round(float(arr.max()), 2),
           "bruteforce_median_ms": round(float(np.median(brute_ms)), 1) if brute_ms else None,
           "bruteforce_states": len(brute_ms),
           "bruteforce_note": (f"brute force timed on each game's final state (after round 6), "
                               f"where it agreed count for count; over {BRUTE_LIMIT} steps "
                               f"(skipped) on {brute_skipped} games; not attempted on earlier "
                               f"states (the start has ~1e8-1e14 deals)"),
           "peak_joint_states": peak}
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int, nargs="?", default=20)
    ap.add_argument("seed", type=int, nargs="?", default=2024)
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    args = parse(ap, argv, games=1, players=[3])
    games, seed = args.games, args.seed
    words, source = load_words()
    deduce(Knowledge.new(4, 0, "abcde"))      # warm-up (imports, numpy first calls)
    for players in args.players:
        row = bench(players, games, seed, words)
        row["words"] = f"{source}: {len(words)}"
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
