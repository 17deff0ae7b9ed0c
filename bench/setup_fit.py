"""The set-up screen's bot-level line (scenes/common/setup.py level_about) at every seat
count: every game, every variant with bots, every level, both languages, 960x540 and
1280x720. The line must be whole (never cut with "…"), inside its box and at a readable
size (>= 18 design px). tests/test_setup_levels.py checks the most seats (the smallest
box) and a seeded sample of the other counts; this is the exhaustive run.

    python bench/setup_fit.py [--games sumoku,hooky] [--langs en,zh-TW] [--sizes 1280x720,960x540]

Prints {"cases", "failures", "seconds"} (failures: the first few cases that do not fit,
as [game, variant, lang, size, seats, level, why]; it must be empty, and the exit status
is 1 when it is not).
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
_DATA = tempfile.mkdtemp(prefix="couchtop-bench-setup-")
os.environ.setdefault("COUCHTOP_DATA", _DATA)       # never the player's settings
os.environ.setdefault("COUCHTOP_CONFIG", _DATA)
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.smoke import parse  # noqa: E402

KEYS = ('cases', 'failures', 'seconds')   # the keys of each JSON object printed
LEVELS = ("easy", "normal", "hard")


def expected(game: str, level: str, variant: str | None) -> str:
    """The whole line, spaces dropped (as tests/test_setup_levels.py's `about`)."""
    from scenes.ui import i18n
    key = f"{game}.level.{variant}.{level}.about"
    return i18n.t(key if variant and i18n.t(key) != key else f"{game}.level.{level}.about").replace(" ", "")


def problem(app, scene, game: str, variant: str | None, lang: str, level: str) -> str | None:
    """Why the line drawn for seat 1's `level` does not fit, or None."""
    from scenes.common.setup import KINDS
    from scenes.ui.draw import record_text
    scene.kinds[1] = [k for k, (_, lv) in enumerate(KINDS) if lv == level][0]
    scene.rebuild()
    scene.set_focus(scene.widgets["kind_1"])
    scene.request_redraw()
    with record_text() as blits:
        app.step()
    box = scene.about_box()
    lines = [b for b in blits if box.contains(b.rect)]
    if not lines:
        return "no line"
    if not all(b.fits for b in lines):
        return f"overflows: {[(b.text, tuple(b.rect), tuple(b.box)) for b in lines if not b.fits][:2]}"
    if "".join(b.text for b in lines).replace(" ", "") != expected(game, level, variant):
        return f"not whole: {''.join(b.text for b in lines)!r}"
    if min(b.size for b in lines) < scene.fs(18):
        return f"too small: {min(b.size for b in lines)} px"
    if lang == "zh-TW" and not any("\u4e00" <= ch <= "\u9fff" for b in lines for ch in b.text):
        return "untranslated"
    return None


def main(argv: list[str] | None = None) -> int:
    from engine.registry import games
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(games()))
    ap.add_argument("--langs", default="en,zh-TW")
    ap.add_argument("--sizes", default="1280x720,960x540")
    ap.add_argument("--most-seats", type=int, default=0, help="stop at this many seats (0: the variant's most)")
    args = parse(ap, argv, games="hooky", langs="en", sizes="960x540", most_seats=3)
    from scenes import registry
    from scenes.app import App
    from scenes.common.setup import SetupScene
    t0 = time.perf_counter()
    cases, failures = 0, []
    for game in args.games.split(","):
        spec = registry.plugin(game).SETUP
        variants = [vid for vid, _label, extra in spec.get("variants") or [(None, None, {})]
                    if extra.get("seats", spec.get("seats", range(1, 9))).stop > 2]
        for lang in args.langs.split(","):
            for size in [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]:
                app = App(size, lang=lang, fps=None)
                app.settings.anim_speed = "off"
                app.stack.push(SetupScene(app, game))
                app.step()
                scene = app.stack.top
                for variant in variants:
                    scene.variant = variant
                    rng = scene.seat_range()
                    top = min(rng.stop - 1, args.most_seats) if args.most_seats else rng.stop - 1
                    for seats in range(max(rng.start, 2), top + 1):
                        scene.seats = seats
                        for level in LEVELS:
                            cases += 1
                            why = problem(app, scene, game, variant, lang, level)
                            if why:
                                failures.append([game, variant, lang, f"{size[0]}x{size[1]}", seats, level, why])
    print(json.dumps({"cases": cases, "failures": failures[:10], "seconds": round(time.perf_counter() - t0, 1)}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
