"""Word Porters: the word-association party game (rules.py, bot.py) and its bilingual
content (content.py: words, hint cards, the fit table the bots read). The registry reads
`Rules`, `Bot` and `RaceBot` (none: Word Porters has no real-time variant)."""
from engine.wordporters.rules import WordPortersRules
from engine.wordporters.bot import WordPortersBot

Rules = WordPortersRules
Bot = WordPortersBot
RaceBot = None

__all__ = ["WordPortersRules", "WordPortersBot", "Rules", "Bot", "RaceBot"]
