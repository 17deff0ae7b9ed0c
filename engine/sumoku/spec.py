"""Sumoku's declaration (engine/core/spec.py): its variants, seats, commands and
events, read by the registry, the picker, the set-up and `--help` without importing
the rules."""
from __future__ import annotations

from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.sumoku.shapes import EVENTS
from engine.sumoku.state import SEATS

SPEC = GameSpec(
    name="sumoku",
    events=EVENTS,
    variants=(
        VariantSpec("classic", SEATS["classic"], 3),   # seats from state.SEATS, which new_state checks
        VariantSpec("solitaire", SEATS["solitaire"], 1),
        VariantSpec("speed", SEATS["speed"], 2, realtime=True, network=True),
        VariantSpec("grab", SEATS["grab"], 2, realtime=True, network=True),
        VariantSpec("team", SEATS["team"], 4, realtime=True, network=True),
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
)
