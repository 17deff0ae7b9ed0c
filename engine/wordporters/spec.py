"""Word Porters's declaration (engine/core/spec.py): its variants, seats, commands, events
and options, read by the registry, the picker, the set-up and `--help` without importing
the rules. The word language ("words") is chosen at set-up, "ui" (the menus' language)
made definite before the game starts (scenes/wordporters `session_options`); the rules
keep it in the log header and ignore it."""
from __future__ import annotations

from engine.core.options import OptionSpec
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.wordporters.shapes import EVENTS

SHOWN = ("en", "zh", "both")         # how a table shows words and hints ("ui": the menus' language)

SPEC = GameSpec(
    name="wordporters",
    events=EVENTS,
    variants=(VariantSpec("classic", range(3, 7), 4), VariantSpec("children", range(3, 7), 4)),
    hidden_information=True,
    commands=(
        CommandSpec("place", ("placed",), undoable=True),
        CommandSpec("decline", ("declined",), undoable=True),
        CommandSpec("vote", ("voted",), undoable=True, private=("guesses",)),
    ),
    # a take-back may not unlearn a deal or a reveal
    revealing=frozenset({"round_dealt", "revealed", "round_ended", "game_ended"}),
    minutes=(30, 45),
    phone_variants=("classic", "children"),
    options=(OptionSpec("words", ("ui", *SHOWN)),),
)
