"""Sumoku: number tiles in crossword lines summing to a multiple of a key number.
The registry reads `Rules`, `Bot` and `RaceBot` from here (engine/registry.py); each is
imported when first used (engine/core/lazy.py)."""
from engine.core.lazy import exports

__getattr__, __dir__ = exports(__name__, {
    "SPEC": "engine.sumoku.spec:SPEC",
    "SumokuRules": "engine.sumoku.rules:SumokuRules", "Rules": "engine.sumoku.rules:SumokuRules",
    "view_board": "engine.sumoku.views:view_board",
    "SumokuBot": "engine.sumoku.bot:SumokuBot", "Bot": "engine.sumoku.bot:SumokuBot",
    "RaceBot": "engine.sumoku.racebot:RaceBot",
})
__all__ = ["SPEC", "SumokuRules", "view_board", "SumokuBot", "RaceBot", "Rules", "Bot"]
