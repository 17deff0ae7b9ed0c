"""Frame time of the couch race: 4 split-screen viewports of a mid-race speed game at
1280x720 (dummy video driver), 300 frames, cursors moving every frame and a tile put or
lifted every 30 frames; beside a fill + flip baseline and the same scene with every
pane's cache thrown away each frame, measured in the same run. Prints one JSON object.

    python bench/race_frame.py [--frames 300]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("COUCHTOP_DATA", tempfile.mkdtemp(prefix="couchtop-bench-"))
os.environ.setdefault("COUCHTOP_CONFIG", os.environ["COUCHTOP_DATA"])
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from engine.core.errors import RuleError  # noqa: E402
from engine.core.session import LocalSession  # noqa: E402
from engine.sumoku.racebot import RaceBot  # noqa: E402
from engine.sumoku.rules import SumokuRules  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.sumoku.race import race_options, race_scene  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('size', 'viewports', 'frames', 'tiles_on_grids', 'median_ms', 'p99_ms', 'baseline_median_ms', 'baseline_p99_ms', 'uncached_median_ms', 'uncached_p99_ms', 'pane_redraws')   # the keys of each JSON object printed

MOVES = ("right", "down", "left", "up")


class Clock:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> float:
        return self.ms / 1000.0


def mid_race(app: App, seats: int = 4) -> tuple[LocalSession, object]:
    """A speed race with 4 local players, each with about 6 tiles on their grid."""
    clock = Clock()
    players = [{"name": f"P{i + 1}", "kind": "human", "level": "hard"} for i in range(seats)]
    session = LocalSession(SumokuRules(), seats, race_options("speed", seats), 3, players, log=False, clock=clock)
    scene = race_scene(app, session, None, lobby=False)
    app.stack.push(scene)
    clock.ms = 3000
    app.step()
    helpers = [RaceBot("hard", s) for s in range(seats)]
    for _ in range(400):
        if min(len(g) for g in session.view(None)["grids"]) >= 6:
            break
        clock.ms += 200
        for s, bot in enumerate(helpers):
            plan = bot.plan(session.view(s), s, session.now_ms())
            if plan and plan[1]["type"] != "call" and len(session.view(None)["grids"][s]) < 6:
                try:
                    session.submit(plan[1])
                except RuleError:
                    pass
    app.step()
    scene.go_at = None            # the GO! flash is over (it lasts 0.8 s of real time)
    return session, scene


def frames(app: App, scene, n: int, *, uncached: bool) -> list[float]:
    out = []
    for i in range(n):
        p = scene.locals[i % len(scene.locals)]
        scene.act(p, MOVES[(i // 4) % 4])
        if i % 30 == 15:
            scene.act(scene.locals[(i // 30) % len(scene.locals)], "put")
        if uncached:
            for pane in scene.panes:
                pane._sig = None
            scene.top._sig = None
        t0 = time.perf_counter()
        app.step()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def baseline(surface: pygame.Surface, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        surface.fill((18, 22, 40))
        pygame.display.flip()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def p99(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, int(len(xs) * 0.99))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    args = parse(ap, argv, frames=3)
    app = App((1280, 720), lang="en", fps=None)
    session, scene = mid_race(app)
    base = baseline(app.surface, args.frames)
    redraws0 = sum(p.redraws for p in scene.panes)
    cached = frames(app, scene, args.frames, uncached=False)
    redraws = sum(p.redraws for p in scene.panes) - redraws0
    naive = frames(app, scene, args.frames, uncached=True)
    grids = [len(g) for g in session.view(None)["grids"]]
    print(json.dumps({
        "size": "1280x720", "viewports": len(scene.panes), "frames": args.frames, "tiles_on_grids": grids,
        "median_ms": round(statistics.median(cached), 3), "p99_ms": round(p99(cached), 3),
        "baseline_median_ms": round(statistics.median(base), 3), "baseline_p99_ms": round(p99(base), 3),
        "uncached_median_ms": round(statistics.median(naive), 3), "uncached_p99_ms": round(p99(naive), 3),
        "pane_redraws": redraws,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
