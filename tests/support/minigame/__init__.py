"""A minimal game, registered only by tests (engine.registry.register or the environment
variable COUCHTOP_TEST_GAMES): the shape a new game's engine package takes, with nothing
else. tests/test_plugin_game.py finds it in the picker, `play`, `simulate`, replays
and the conformance suite with no file outside tests/support edited.

High or low: each seat holds a secret card 1-9; in turn, each guesses (in secret)
whether its own card is high (5 or more); when all have guessed the cards are shown and
each right guess scores 1. Two rounds."""
from engine.core.lazy import exports

__getattr__, __dir__ = exports(__name__, {
    "SPEC": "support.minigame.spec:SPEC",
    "Rules": "support.minigame.rules:MiniRules",
    "Bot": "support.minigame.bot:MiniBot",
})
RaceBot = None          # no real-time variant
__all__ = ["SPEC", "Rules", "Bot", "RaceBot"]
