"""Paperback's declaration (engine/core/spec.py): its variants, seats, commands, events
and session options, read by the registry, the picker, the set-up and `--help` without
importing the rules.

Every option is OFF by default, so a session without options plays the base game; the
log header records them as given. The options in the set-up's order; FORBIDDEN: the
pairs the rules cannot play together, each with its reason (the set-up's words for it
are the catalog's paperback.opt.forbid.<a>.<b>)."""
from __future__ import annotations

from typing import Any

from engine.core.options import Forbidden, OptionSpec
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.paperback.shapes import EVENTS

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("attacks"),               # the 11 attack cards join the market
    OptionSpec("powers"),                # a Player Power dealt to each player
    OptionSpec("space_dyslexia"),        # the Space Bar and Dyslexia commons join the deal
    OptionSpec("awards"),                # one Award revealed, scored at the end
    OptionSpec("discard_cube"),          # a pass (the hand discarded) takes a cube worth 1¢
    OptionSpec("offer_discount"),        # a pile top bought: a cube (1¢ off) on that pile's front card
    OptionSpec("vowel_reshuffle"),       # the used 2¢ vowels come back when they run out
    OptionSpec("bounty"),                # a stuck player shows the hand, a used suggestion earns a cube
    OptionSpec("themes"),                # one Theme revealed: a fitting word takes its card
    OptionSpec("themes_strict", needs="themes"),   # only the theme's listed words fit (no table vote)
    OptionSpec("coop"),                  # the co-operative pyramid: the table wins or loses together
    OptionSpec("coop_cubes", (5, 4), needs="coop"),   # cubes on one pyramid card that lose (4: hard mode)
    OptionSpec("simultaneous"),          # everyone spells at once, buys in announcement order
)
FORBIDDEN: tuple[Forbidden, ...] = (
    Forbidden("simultaneous", "attacks", "simultaneous play removes the attack cards"),
    Forbidden("coop", "awards", "the co-operative game has no race for Fame to award"),
    Forbidden("coop", "themes", "the co-operative game has no race for Fame for a theme card"),
    Forbidden("coop", "simultaneous", "the co-operative pyramid is played one turn after another"),
    Forbidden("simultaneous", "powers", "Plagiarism borrows from the word before yours, and in "
              "simultaneous play nobody has spelled before you"),
    Forbidden("simultaneous", "offer_discount", "simultaneous play replaces the whole Offer every round, "
              "so no card stays to get cheaper"),
    Forbidden("simultaneous", "vowel_reshuffle", "simultaneous play shuffles the 2¢ vowels into the one "
              "market deck, so there is no 2¢ pile to restock"),
    Forbidden("simultaneous", "bounty", "in simultaneous play everyone spells at once, so nobody is free "
              "to help"),
)
# the option sets the conformance suite plays (GameSpec.option_sets): the widest
# combinations the rules allow, one per way of playing; together they turn every option on
SHOWCASE: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = (
    ("every", (("space_dyslexia", True), ("attacks", True), ("powers", True), ("awards", True),
               ("discard_cube", True), ("offer_discount", True), ("vowel_reshuffle", True),
               ("bounty", True), ("themes", True))),
    ("coop", (("coop", True), ("coop_cubes", 4), ("space_dyslexia", True), ("attacks", True),
              ("powers", True), ("discard_cube", True), ("offer_discount", True),
              ("vowel_reshuffle", True), ("bounty", True))),
    ("simultaneous", (("simultaneous", True), ("space_dyslexia", True), ("awards", True),
                      ("discard_cube", True), ("themes", True), ("themes_strict", True))),
)

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
    options=OPTIONS,
    forbidden=FORBIDDEN,
    closed_options=True,         # an unknown key is refused, never ignored
)
