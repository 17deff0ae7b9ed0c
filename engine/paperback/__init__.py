"""Paperback: the deck-building word game (rules.py, bot.py) and its exact word finder;
each name is imported when first used (engine/core/lazy.py)."""
from engine.core.lazy import exports

RaceBot = None
__getattr__, __dir__ = exports(__name__, {
    "SPEC": "engine.paperback.spec:SPEC",
    "PaperbackRules": "engine.paperback.rules:PaperbackRules", "Rules": "engine.paperback.rules:PaperbackRules",
    "PaperbackBot": "engine.paperback.bot:PaperbackBot", "Bot": "engine.paperback.bot:PaperbackBot",
})
__all__ = ["SPEC", "PaperbackRules", "PaperbackBot", "Rules", "Bot", "RaceBot"]
