"""Wooolf!!'s declaration (engine/core/spec.py): its variants, seats, commands, events and
options, read by the registry, the picker, the set-up and `--help` without importing
the rules. Options: `advanced` (the advanced cards), the notebook's assistant level (the
rules ignore it), and for tests and tutorials `deals` and `question_deals` (the rules
check them against the deck)."""
from __future__ import annotations

from engine.core.options import ASSISTANT, OptionSpec
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.wooolf.shapes import EVENTS

SPEC = GameSpec(
    name="wooolf",
    events=EVENTS,
    variants=(VariantSpec("classic", range(4, 9), 5),),
    hidden_information=True,
    commands=(
        CommandSpec("peek", ("peeked",)),
        CommandSpec("ask", ("asked",)),
        CommandSpec("shuffle", ("shuffled",), off_turn=True),
        CommandSpec("declare", ("declared",), undoable=True, private=("arrows",)),
        CommandSpec("decline", ()),
    ),
    # a take-back may not unlearn a card seen, an answer heard or a reveal
    revealing=frozenset({"round_dealt", "peeked", "neutral_shuffled", "asked", "shuffled",
                         "round_revealed", "game_ended"}),
    minutes=(15, 30),
    phone_variants=("classic",),
    options=(OptionSpec("advanced"), ASSISTANT,
             OptionSpec("deals", (), setup=False), OptionSpec("question_deals", (), setup=False)),
)
