"""Start-up: how long a person waits, each figure from fresh interpreters (the median of
--runs), beside a bare pygame baseline measured in the same run.

- help_s: `python main.py --help` to exit (no engine rules, bots, numpy or pygame loaded);
- first_menu_s: `python main.py --frames 1` to exit: start-up, the menu built and its first
  frame drawn (dummy video driver), then shutdown;
- baseline_import_s: `python -c "import pygame"`;
- baseline_window_s: pygame initialised, a 1280x720 window, one frame cleared and flipped;
- help_ratio, first_menu_ratio: each against its baseline (a regression reads as a ratio).
Goals (issue 21, an idle machine of 2 cores): first menu <= 0.6 s, --help <= 0.2 s.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.smoke import parse  # noqa: E402

KEYS = ("runs", "help_s", "first_menu_s", "baseline_import_s", "baseline_window_s", "help_ratio",
        "first_menu_ratio", "help_modules")

WINDOW = ("import pygame; pygame.init(); s = pygame.display.set_mode((1280, 720)); "
          "s.fill((0, 0, 0)); pygame.display.flip(); pygame.quit()")
MODULES = ("import runpy, sys; sys.argv = ['main.py', '--help']\n"
           "try:\n    runpy.run_path('main.py', run_name='__main__')\nexcept SystemExit:\n    pass\n"
           "print(len(sys.modules), file=sys.stderr)")


def timed(argv: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def median_of(argv: list[str], env: dict[str, str], runs: int) -> float:
    return round(statistics.median(timed(argv, env) for _ in range(runs)), 3)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = parse(ap, argv, runs=1)
    py = sys.executable
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, COUCHTOP_DATA=data, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        timed([py, "main.py", "--frames", "1"], env)        # first run: bytecode compiled, not counted
        out = {"runs": args.runs,
               "help_s": median_of([py, "main.py", "--help"], env, args.runs),
               "first_menu_s": median_of([py, "main.py", "--frames", "1"], env, args.runs),
               "baseline_import_s": median_of([py, "-c", "import pygame"], env, args.runs),
               "baseline_window_s": median_of([py, "-c", WINDOW], env, args.runs)}
        done = subprocess.run([py, "-c", MODULES], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        out["help_modules"] = int(done.stderr.strip().splitlines()[-1])
    out["help_ratio"] = round(out["help_s"] / out["baseline_import_s"], 2)
    out["first_menu_ratio"] = round(out["first_menu_s"] / out["baseline_window_s"], 2)
    out["goal"] = {"first_menu_s": 0.6, "help_s": 0.2}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
