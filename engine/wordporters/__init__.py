"""Word Porters: the word-association party game (rules.py, bot.py) and its bilingual
content (content.py: words, hint cards, the fit table the bots read). The registry reads
`Rules`, `Bot` and `RaceBot` (none: Word Porters has no real-time variant); each name is
imported when first used (engine/core/lazy.py)."""
from engine.core.lazy import exports

RaceBot = None
__getattr__, __dir__ = exports(__name__, {
    "SPEC": "engine.wordporters.spec:SPEC",
    "WordPortersRules": "engine.wordporters.rules:WordPortersRules",
    "Rules": "engine.wordporters.rules:WordPortersRules",
    "WordPortersBot": "engine.wordporters.bot:WordPortersBot", "Bot": "engine.wordporters.bot:WordPortersBot",
})
__all__ = ["SPEC", "WordPortersRules", "WordPortersBot", "Rules", "Bot", "RaceBot"]
