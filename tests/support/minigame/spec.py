"""The minimal game's declaration: one variant, a private command, hidden information."""
from __future__ import annotations

from engine.core.spec import CommandSpec, GameSpec, VariantSpec

SPEC = GameSpec(
    name="minigame",
    variants=(VariantSpec("classic", range(2, 5), 2),),
    hidden_information=True,
    commands=(CommandSpec("guess", ("guessed",), undoable=True, private=("high",)),),
    revealing=frozenset({"dealt", "shown"}),
    levels=("easy", "normal", "hard", "random"),
    minutes=(1, 2),
)
