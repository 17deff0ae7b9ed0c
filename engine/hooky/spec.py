"""Hooky's declaration (engine/core/spec.py): its variants, seats, commands, events and
options, read by the registry, the picker, the set-up and `--help` without importing
the rules. Options: the table's assistant level (the rules ignore it), and `deal` (a
26-letter order, for tests and tutorials; the rules check it)."""
from __future__ import annotations

from engine.core.options import ASSISTANT, OptionSpec
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.hooky.shapes import EVENTS

SPEC = GameSpec(
    name="hooky",
    events=EVENTS,
    variants=(VariantSpec("classic", range(3, 6), 4),),
    hidden_information=True,
    commands=(
        # undoable unless a revealing event came since (an answer heard, a card peeked or
        # flipped, the end); a reveal always peeks, so it never is
        CommandSpec("clue", ("clue_given",), undoable=True), CommandSpec("reveal", ("card_revealed",)),
        CommandSpec("ask", ("asked",), undoable=True),
        CommandSpec("propose", ("word_proposed",), undoable=True),
        CommandSpec("vote", ("word_voted",), undoable=True),
        CommandSpec("guess", ("hooky_guessed",), undoable=True, private=("letters",)),
        CommandSpec("name_hands", ("hands_named",), undoable=True, private=("hands",)),
    ),
    # events after which a take-back would let a player unlearn what they saw
    revealing=frozenset({"dealt", "asked", "card_peeked", "round_ended", "game_ended"}),
    minutes=(30, 45),
    phone_variants=("classic",),
    options=(ASSISTANT, OptionSpec("deal", (), setup=False)),
)
