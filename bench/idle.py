"""Idle cost: process CPU time per second of wall time (percent of one core) while the app
shows the main menu, a Sumoku classic table waiting for a person to play, a table of
bots playing (a bot turn all along) and a Paperback simultaneous table where a person
spells against the clock (redrawn once a second), beside a bare pygame loop that clears
and flips at 60 FPS, all measured in this run (dummy video and audio drivers, 1280x720).

Each screen runs the app's own loop (`App.step` then `App.idle`, as `App.run` does) for
a fixed wall-clock window after a warm-up; CPU is `time.process_time()` over that window,
so bot threads count too.

    python bench/idle.py [--seconds 5] [--settle 5] [--warmup 2]

Prints {"menu_cpu_pct", "table_wait_cpu_pct", "bot_turn_cpu_pct", "spelling_clock_cpu_pct",
"baseline_cpu_pct"} (frames drawn per second go to stderr). Goal: the menu, the waiting
table and the spelling clock under 3 %.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_scratch = tempfile.mkdtemp(prefix="couchtop-bench-")
os.environ["COUCHTOP_DATA"] = str(Path(_scratch) / "data")      # never the player's own games
os.environ["COUCHTOP_CONFIG"] = str(Path(_scratch) / "config")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from scenes.app import FPS, App  # noqa: E402
from bench.smoke import parse  # noqa: E402

KEYS = ('menu_cpu_pct', 'table_wait_cpu_pct', 'bot_turn_cpu_pct', 'spelling_clock_cpu_pct', 'baseline_cpu_pct')   # the keys of each JSON object printed

SIZE = (1280, 720)
WARMUP_S = 2.0
SETTLE_S = 5.0


def cpu_pct(loop, seconds: float) -> float:
    """Percent of one core the process used while `loop(deadline)` ran for `seconds`."""
    wall0, cpu0 = time.monotonic(), time.process_time()
    loop(wall0 + seconds)
    wall, cpu = time.monotonic() - wall0, time.process_time() - cpu0
    return round(100.0 * cpu / wall, 2)


def bare_loop(deadline: float) -> None:
    surface = pygame.display.get_surface()
    clock = pygame.time.Clock()
    while time.monotonic() < deadline:
        clock.tick(FPS)
        pygame.event.get()
        surface.fill((18, 22, 40))
        pygame.display.flip()


def drive(app: App):
    def loop(deadline: float) -> None:
        while app.running and time.monotonic() < deadline:
            app.step()
            app.idle(limit=max(0.0, deadline - time.monotonic()))
    return loop


def measure(app: App, seconds: float, label: str, warmup: float = WARMUP_S) -> float:
    drive(app)(time.monotonic() + warmup)         # animations settle, first frames drawn
    frames = app.redraws
    pct = cpu_pct(drive(app), seconds)
    print(f"{label}: {(app.redraws - frames) / seconds:.1f} frames drawn per second", file=sys.stderr)
    return pct


def table(app: App, kinds: list[str]) -> None:
    players = [{"name": f"P{i + 1}", "kind": k, "level": "normal"} for i, k in enumerate(kinds)]
    app.start_game("sumoku", {"seats": len(kinds), "players": players, "variant": "classic", "seed": 11,
                              "options": {}})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="wall-clock window per screen")
    ap.add_argument("--settle", type=float, default=SETTLE_S, help="seconds of start-up not counted")
    ap.add_argument("--warmup", type=float, default=WARMUP_S, help="seconds on each screen before its window")
    args = parse(ap, seconds=0.05, settle=0.05, warmup=0.05)
    sys.setswitchinterval(0.001)                  # as scenes.app.run does

    app = App(SIZE, lang="en")
    app.sound.stop_music()
    app.stack.push(app.menu())
    drive(app)(time.monotonic() + args.settle)      # start-up costs (fonts, first frames) are not idling
    baseline = cpu_pct(bare_loop, args.seconds)
    menu = measure(app, args.seconds, "menu", args.warmup)

    table(app, ["human", "bot"])                  # seat 1 is the person; the bot plays only after them
    session = app.session
    give_up = time.monotonic() + 30
    while not _human_to_act(session) and time.monotonic() < give_up:   # should the bot start
        app.step()
        app.idle(limit=0.05)
    wait = measure(app, args.seconds, "table waiting for a person", args.warmup)
    assert _human_to_act(session), "the table was to wait for the person"

    table(app, ["bot", "bot", "bot"])
    bots = measure(app, args.seconds, "bot turns", args.warmup)
    app.close_session()

    spelling = paperback_spelling(app)            # the clock in the banner ticks once a second
    clock = measure(app, args.seconds, "paperback: a person spelling against the clock", args.warmup)
    assert spelling() and app.session.to_act() == {0}, "the person was to be spelling"
    app.close_session()

    print(json.dumps({"menu_cpu_pct": menu, "table_wait_cpu_pct": wait, "bot_turn_cpu_pct": bots,
                      "spelling_clock_cpu_pct": clock, "baseline_cpu_pct": baseline}))


def paperback_spelling(app: App):
    """A Paperback simultaneous table, the draft picked (the person's picks straight
    through the session), the bot announced, the person spelling with the clock running;
    returns the check that it still is."""
    players = [{"name": "P1", "kind": "human"}, {"name": "P2", "kind": "bot", "level": "normal"}]
    app.start_game("paperback", {"seats": 2, "players": players, "variant": "classic", "seed": 5,
                                 "options": {"simultaneous": True}})
    session = app.session
    scene = app.stack.top

    def spelling() -> bool:
        return scene.together is not None and bool(scene.together.announcing()) and scene.viewer == 0 and app.stack.top is scene

    give_up = time.monotonic() + 30
    while not (spelling() and session.to_act() == {0}) and time.monotonic() < give_up:
        if session.view(None)["phase"] == "draft" and 0 in session.to_act():
            session.submit({"type": "draft", "seat": 0, "card": session.view(0)["simultaneous"]["offer"][0]})
        app.step()
        app.idle(limit=0.05)
    return spelling


def _human_to_act(session) -> bool:
    return any(not session.is_bot(s) for s in session.to_act())


if __name__ == "__main__":
    main()
