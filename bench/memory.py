"""Memory: resident set size (RSS, /proc/self/status) of the program at each place a
person reaches, against a bare pygame window drawing the same frames in the same run.

Each figure comes from a fresh interpreter (`--scenario NAME`), so one scenario's
memory never hides in another's:
- baseline: pygame initialised, a 1280x720 window, FRAMES frames cleared and flipped;
- menu: the app's menu drawn for FRAMES frames;
- game_<game>: the menu, then one whole game of each game, bots in every seat, at the
  table until its results screen; the peak (VmHWM) and the RSS at the results;
- resizes / fullscreen: the menu, then RESIZES window resizes or full-screen toggles;
  growth_mb is the RSS after them less the RSS after the first quarter (caches warmed),
  taken at the same window size as the last;
- games_in_a_row: GAMES_IN_A_ROW games one after another in one process (every game in
  turn); growth_mb is the RSS after the last less the RSS after the first round of five.

Every scenario is a start after a first one (which made the sound cache, scenes/ui/soundcache.py).

Prints {"baseline_mb", "menu_mb", "menu_ratio", "games", "resizes", "fullscreen",
"games_in_a_row"}; goals (issue 21): menu <= 120 MB, each game's peak <= 250 MB, no
growth (within a few MB) across resizes, toggles and games in a row.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.smoke import parse  # noqa: E402
from engine.registry import games  # noqa: E402  (the registry is the only list of games)

KEYS = ("baseline_mb", "menu_mb", "menu_ratio", "games", "resizes", "fullscreen", "games_in_a_row")
GAMES = games()
SIZE = (1280, 720)


def status_mb(field: str) -> float:
    """VmRSS or VmHWM of this process, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return round(int(line.split()[1]) / 1024, 1)
    raise RuntimeError(f"/proc/self/status has no {field}")


def _frames(app, n: int) -> None:
    """n frames drawn as the app's loop draws them: each step followed by its idle (where
    the loop gives back what left screens and old layouts held)."""
    for _ in range(n):
        app.stack.request_redraw()
        app.step()
        app.idle(limit=0)


def _app():
    from scenes.app import App
    app = App(SIZE, lang="en", fps=None)
    app.settings.anim_speed = "off"
    app.stack.push(app.menu())
    return app


def _play_whole(app, game: str, seed: int, max_steps: int) -> bool:
    """One game, bots in every seat, stepped until the results screen; True if it got there."""
    from engine.registry import spec_for
    from scenes.common.results import ResultsScene
    spec = spec_for(game)
    variant = spec.variants[0]
    seats = max(2, min(variant.seats))
    players = [{"name": f"Bot {s + 1}", "kind": "bot", "level": "easy"} for s in range(seats)]
    app.start_game(game, {"seats": seats, "players": players, "variant": variant.id, "seed": seed,
                          "options": {}})
    import pygame
    for i in range(max_steps):
        if i % 50 == 49:      # the reveal tables wait for Enter between rounds, as people would
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        app.step()
        app.idle(limit=0.002)
        if isinstance(app.stack.top, ResultsScene):
            _frames(app, 3)
            return True
        if app.session is not None and app.session.outcome() is not None:
            app.show_results()
    return False


def scenario(name: str, frames: int, resizes: int, in_a_row: int, max_steps: int) -> dict:
    if name == "baseline":
        import pygame
        pygame.init()
        screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
        for _ in range(frames):
            pygame.event.pump()
            screen.fill((0, 0, 0))
            pygame.display.flip()
        return {"rss_mb": status_mb("VmRSS")}
    app = _app()
    _frames(app, frames)
    if name == "menu":
        return {"rss_mb": status_mb("VmRSS")}
    if name.startswith("game_"):
        finished = _play_whole(app, name[5:], 1, max_steps)
        return {"finished": finished, "rss_mb": status_mb("VmRSS"), "peak_mb": status_mb("VmHWM")}
    if name in ("resizes", "fullscreen"):
        sizes = [(960, 540), SIZE, (1600, 900), (1024, 768)]
        cycle = len(sizes) if name == "resizes" else 2
        warm = max(1, resizes // 4)
        after_warm = None
        for i in range(resizes):
            if name == "resizes":
                app.resize(sizes[i % len(sizes)])
            else:
                app.set_fullscreen(not app.fullscreen)
            _frames(app, 2)
            # warmed, at the size the last step ends at (another size holds more or less)
            if after_warm is None and i + 1 >= warm and i % cycle == (resizes - 1) % cycle:
                after_warm = status_mb("VmRSS")
        end = status_mb("VmRSS")
        return {"count": resizes, "rss_mb": end, "growth_mb": round(end - after_warm, 1)}
    if name == "games_in_a_row":
        rss = []
        for i in range(in_a_row):
            _play_whole(app, GAMES[i % len(GAMES)], i, max_steps)
            app.stack.clear_to(app.menu())
            _frames(app, 2)
            rss.append(status_mb("VmRSS"))
        first_round = rss[min(len(GAMES), len(rss)) - 1]
        return {"count": in_a_row, "rss_mb": rss, "growth_mb": round(rss[-1] - first_round, 1)}
    raise SystemExit(f"unknown scenario {name!r}")


def run_child(name: str, args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, COUCHTOP_DATA=data, COUCHTOP_CACHE=args.cache)   # the sounds' cache: one for all
        done = subprocess.run([sys.executable, __file__, "--scenario", name, "--frames", str(args.frames),
                               "--resizes", str(args.resizes), "--in-a-row", str(args.in_a_row),
                               "--max-steps", str(args.max_steps)],
                              env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"scenario {name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--resizes", type=int, default=20)
    ap.add_argument("--in-a-row", type=int, default=10)
    ap.add_argument("--max-steps", type=int, default=20000, help="loop steps a bot game may take")
    ap.add_argument("--games", default=",".join(GAMES))
    # tiny: one game (hooky's bots finish in about a second; wordporters races on the
    # wall clock) besides the one games_in_a_row plays, and no warm-up start
    args = parse(ap, argv, frames=2, resizes=2, in_a_row=1, games="hooky")
    if args.scenario:
        print(json.dumps(scenario(args.scenario, args.frames, args.resizes, args.in_a_row, args.max_steps)))
        return
    with tempfile.TemporaryDirectory() as cache:
        args.cache = os.environ.get("COUCHTOP_CACHE") or cache    # a cache given (the suite's) is used
        if not args.tiny:           # a first start fills the sound cache: the figures are of later starts
            run_child("menu", args)
        baseline = run_child("baseline", args)["rss_mb"]
        menu = run_child("menu", args)["rss_mb"]
        games = {g: run_child(f"game_{g}", args) for g in args.games.split(",") if g}
        print(json.dumps({
            "baseline_mb": baseline, "menu_mb": menu, "menu_ratio": round(menu / baseline, 2),
            "games": games, "resizes": run_child("resizes", args), "fullscreen": run_child("fullscreen", args),
            "games_in_a_row": run_child("games_in_a_row", args),
            "goal": {"menu_mb": 120, "game_peak_mb": 250, "growth_mb": 0},
        }))


if __name__ == "__main__":
    main()
