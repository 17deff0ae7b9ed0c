"""Paperback's declaration (engine/core/spec.py): its variants, seats, commands and
events, read by the registry, the picker, the set-up and `--help` without importing
the rules."""
from __future__ import annotations

from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.paperback.options import SHOWCASE
from engine.paperback.shapes import EVENTS

SPEC = GameSpec(
    name="paperback",
    events=EVENTS,
    variants=(VariantSpec("classic", range(2, 6), 3),),
    hidden_information=True,
    commands=(
        CommandSpec("spell", ("spelled",), undoable=True),
        CommandSpec("pass", ("passed",)),
        CommandSpec("buy", ("bought",)),
        CommandSpec("propose", ("word_proposed",), undoable=True),
        CommandSpec("vote", ("word_voted",), undoable=True),
        CommandSpec("answer", ("answered",)),
        CommandSpec("power", ("power_used",)),
        CommandSpec("ask_help", ("help_asked",)),
        CommandSpec("suggest", ("suggested",)),
        CommandSpec("theme_claim", ("theme_proposed",)),
        CommandSpec("theme_vote", ("theme_voted",)),
        CommandSpec("draft", ("drafted",)),
    ),
    # a take-back may not unlearn a card: draws, a refilled Offer, the deal, the end
    revealing=frozenset({"set_up", "offer_trashed", "turn_ended", "game_ended", "power_used",
                         "help_asked", "words_revealed", "decks_dealt", "offer_replaced"}),
    minutes=(30, 60),
    phone_variants=("classic",),
    option_sets=SHOWCASE,
)
