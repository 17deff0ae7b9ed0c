"""Paperback's session options: which exist, what values each takes, which combine.

Every option is OFF by default, so a session without options plays the base game. The
options are the session's (the log header records them as given). `check(seats, options)`
raises ValueError with a sentence saying why a set of options cannot be played: an
unknown key, a wrong value, or a combination the rules forbid (`FORBIDDEN`, each with its
reason); `initial()` calls it, so `simulate`/`play --options` turn it into a usage error.
"""
from __future__ import annotations

from typing import Any, Mapping

# key -> its allowed values (the first is the default)
OPTIONS: dict[str, tuple[Any, ...]] = {
    "space_dyslexia": (False, True),   # the Space Bar and Dyslexia commons join the deal
    "attacks": (False, True),          # the 11 attack cards join the market
    "powers": (False, True),           # a Player Power dealt to each player
    "awards": (False, True),           # one Award revealed, scored at the end
    "discard_cube": (False, True),     # a pass (the hand discarded) takes a cube worth 1¢
    "offer_discount": (False, True),   # a pile top bought: a cube (1¢ off) on that pile's front card
    "vowel_reshuffle": (False, True),  # the used 2¢ vowels come back when they run out
    "bounty": (False, True),           # a stuck player shows the hand, a used suggestion earns a cube
    "themes": (False, True),           # one Theme revealed: a fitting word takes its card
    "themes_strict": (False, True),    # only the theme's listed words fit (no table vote)
    "coop": (False, True),             # the co-operative pyramid: the table wins or loses together
    "coop_cubes": (5, 4),              # cubes on one pyramid card that lose (4: hard mode)
    "simultaneous": (False, True),     # everyone spells at once, buys in announcement order
}
# options the rules describe that this engine does not play yet (refused, never ignored)
NOT_YET: tuple[str, ...] = ()
# (option, option, why they cannot be played together)
FORBIDDEN: tuple[tuple[str, str, str], ...] = (
    ("simultaneous", "attacks", "simultaneous play removes the attack cards"),
    ("coop", "awards", "the co-operative game has no race for Fame to award"),
    ("coop", "themes", "the co-operative game has no race for Fame for a theme card"),
    ("coop", "simultaneous", "the co-operative pyramid is played one turn after another"),
    ("simultaneous", "powers", "Plagiarism borrows from the word before yours, and in "
     "simultaneous play nobody has spelled before you"),
    ("simultaneous", "offer_discount", "simultaneous play replaces the whole Offer every round, "
     "so no card stays to get cheaper"),
    ("simultaneous", "vowel_reshuffle", "simultaneous play shuffles the 2¢ vowels into the one "
     "market deck, so there is no 2¢ pile to restock"),
    ("simultaneous", "bounty", "in simultaneous play everyone spells at once, so nobody is free "
     "to help"),
)
NEEDS: tuple[tuple[str, str], ...] = (("themes_strict", "themes"), ("coop_cubes", "coop"))   # (option, the option it refines)
OTHER_KEYS = ("variant", "start")      # not options of the rules: the variant, the first seat
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


def check(seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value (defaults filled in); ValueError naming the problem."""
    unknown = sorted(set(options) - set(OPTIONS) - set(NOT_YET) - set(OTHER_KEYS))
    if unknown:
        raise ValueError(f"unknown paperback option(s): {unknown}")
    for a, b, why in FORBIDDEN:
        if options.get(a) and options.get(b):
            raise ValueError(f"{a} and {b} cannot be played together: {why}")
    for a, b in NEEDS:
        if options.get(a) and not options.get(b):
            raise ValueError(f"{a} needs {b}")
    later = sorted(k for k in options if k in NOT_YET and options[k] not in (False, None))
    if later:
        raise ValueError(f"paperback option(s) {later} are not playable yet")
    out: dict[str, Any] = {}
    for key, allowed in OPTIONS.items():
        value = options.get(key, allowed[0])
        if value not in allowed or type(value) is not type(allowed[0]):
            shown = " or ".join("true" if v is True else "false" if v is False else str(v)
                                for v in allowed)
            raise ValueError(f"{key} must be {shown}, not {value!r}")
        out[key] = value
    start = options.get("start")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int)
                              or not 0 <= start < seats):
        raise ValueError(f"start must be a seat 0..{seats - 1}")
    return out
