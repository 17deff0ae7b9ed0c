"""Sumoku's declaration (engine/core/spec.py): its variants with their seats (the only
place they are written: the rules, `new_state` and the set-up read them here), commands,
events and options, read by the registry, the picker, the set-up and `--help` without
importing the rules."""
from __future__ import annotations

from engine.core.options import OptionSpec
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.sumoku.shapes import EVENTS

RACES = ("speed", "grab", "team")       # the real-time variants (everyone acts at once)
MS = range(0, 60_001)                   # a countdown or pause the rules take, in ms

SPEC = GameSpec(
    name="sumoku",
    events=EVENTS,
    variants=(
        VariantSpec("classic", range(1, 9), 3),
        VariantSpec("solitaire", range(1, 2), 1),
        VariantSpec("speed", range(2, 9), 2, realtime=True, network=True),
        VariantSpec("grab", range(2, 9), 2, realtime=True, network=True),
        VariantSpec("team", range(2, 17), 4, realtime=True, network=True),
    ),
    hidden_information=False,
    commands=(
        CommandSpec("place", ("placed",), undoable=True), CommandSpec("pass", ("passed",), undoable=True),
        CommandSpec("exchange", ("exchanged",), undoable=True), CommandSpec("stop", ("ended",), undoable=True),
        CommandSpec("tick"), CommandSpec("put"), CommandSpec("lift"), CommandSpec("return"),
        CommandSpec("call"), CommandSpec("claim"), CommandSpec("stuck"),
    ),
    minutes=(15, 40),
    phone_variants=("classic", "solitaire"),    # assets/phone/sumoku.js; the races are not
    options=(
        OptionSpec("scoring", ("cross", "formed"), variants=("classic",)),   # engine/sumoku/scoring.py SCORINGS
        OptionSpec("exchange", variants=("classic",)),
        # solitaire's time limit in seconds (None: none); the rules take any positive count
        OptionSpec("time_limit_s", (None, 300, 600, 900), ints=range(1, 2 ** 31), variants=("solitaire",)),
        OptionSpec("countdown_ms", (3000, 5000, 10000), ints=MS, variants=RACES),
        # the set-up's team count, turned into `teams` before the game starts (scenes/sumoku)
        OptionSpec("team_count", (2, 3, 4), variants=("team",)),
        # for tests, tools and the relay: the key (None: rolled), a fixed bag, the teams,
        # the pause that shows a race round's result
        OptionSpec("key", (None, 3, 4, 5), setup=False),
        OptionSpec("bag_order", (), setup=False),
        OptionSpec("teams", (), variants=("team",), setup=False),
        OptionSpec("result_ms", (0,), ints=MS, variants=RACES, setup=False),
    ),
)
