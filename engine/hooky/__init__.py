"""Hooky: the letter-deduction game (rules.py, bot.py) and its exact deduction engine.
The registry reads `Rules`, `Bot` and `RaceBot` (none: Hooky has no real-time variant);
each name is imported when first used (engine/core/lazy.py)."""
from engine.core.lazy import exports

RaceBot = None
_D = "engine.hooky.deduction"
_K = "engine.hooky.knowledge"
__getattr__, __dir__ = exports(__name__, {
    "SPEC": "engine.hooky.spec:SPEC",
    "HookyRules": "engine.hooky.rules:HookyRules", "Rules": "engine.hooky.rules:HookyRules",
    "HookyBot": "engine.hooky.bot:HookyBot", "Bot": "engine.hooky.bot:HookyBot",
    **{n: f"{_K}:{n}" for n in ("ALPHABET", "SETUP", "Knowledge", "count_answer")},
    **{n: f"{_D}:{n}" for n in ("HOOKY", "PLAYGROUND", "Deduction", "InfoModel", "answer_distribution",
                                "answer_distribution_approx", "deduce", "expected_information")},
})
__all__ = ["SPEC", "HookyRules", "HookyBot", "Rules", "Bot", "RaceBot", "ALPHABET", "SETUP", "Knowledge", "count_answer",
           "HOOKY", "PLAYGROUND", "Deduction", "InfoModel", "deduce", "answer_distribution",
           "answer_distribution_approx", "expected_information"]
