"""Fitting a line of text (scenes/ui/text.py fit_size) against the one-by-one search it
stands for, over many seeded cases (texts of both languages, sizes, boxes, bold or not):
every case must give the same size; the time of each, the one-by-one search the
same-run baseline. tests/test_text_fit.py checks a seeded sample of these cases.

    python bench/text_fit.py [--cases 2000] [--seed 7]

Prints {"cases", "mismatches", "fit_ms", "baseline_one_by_one_ms", "seconds"}
(mismatches: the first few cases where the two differ, as [text, size, width, height,
bold]; it must be empty, and the exit status is 1 when it is not).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.smoke import parse  # noqa: E402

KEYS = ('cases', 'mismatches', 'fit_ms', 'baseline_one_by_one_ms', 'seconds')   # the keys of each JSON object printed

SAMPLES = ["Sumoku", "數目酷", "Word Porters 心電感應", 'Bot 1 reveals 6, "xiaolongbao": nobody guessed it.',
           "玩家 1 什麼都沒買", "WWWWWWWW", "iiiiiiiiii", "Hooky 字母點點名 Paperback", ""]


def cases(n: int, seed: int = 7) -> list[tuple[str, int, int, int, bool]]:
    """`n` seeded cases (text, size, max width, max height, bold)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        t, s, w = rng.choice(SAMPLES), rng.randint(14, 80), rng.randint(20, 900)
        h, b = rng.choice([1 << 16, rng.randint(10, 90)]), rng.random() < 0.5
        out.append((t, s, w, h, b))
    return out


def one_by_one(t: str, size: int, max_w: int, max_h: int, bold: bool, min_size: int = 12) -> int:
    """The size fit_size stands for: every size from `size` down, one at a time."""
    from scenes.ui import text
    while size > min_size:
        if text.width(t, size, bold) <= max_w and text.inked(t, size, text.WHITE, bold)[1].h <= max_h:
            break
        size -= 1
    return size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    args = parse(ap, argv, cases=20)
    import pygame
    from scenes.ui import text
    pygame.font.init()
    t0 = time.perf_counter()
    todo = cases(args.cases, args.seed)
    fit_s = slow_s = 0.0
    bad = []
    for case in todo:
        a = time.perf_counter()
        got = text.fit_size.__wrapped__(*case)
        b = time.perf_counter()
        want = one_by_one(*case)
        fit_s, slow_s = fit_s + b - a, slow_s + time.perf_counter() - b
        if got != want:
            bad.append(list(case))
    print(json.dumps({"cases": len(todo), "mismatches": bad[:10], "fit_ms": round(1000 * fit_s, 1),
                      "baseline_one_by_one_ms": round(1000 * slow_s, 1),
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
