"""Paperback: the deck-building word game (rules.py, bot.py) and its exact word finder."""
from engine.paperback.bot import PaperbackBot
from engine.paperback.rules import PaperbackRules

Rules = PaperbackRules
Bot = PaperbackBot
RaceBot = None

__all__ = ["PaperbackRules", "PaperbackBot", "Rules", "Bot", "RaceBot"]
