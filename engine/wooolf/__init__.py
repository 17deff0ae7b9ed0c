"""Wooolf!!: the social-deduction party game (rules.py, bot.py) and its exact suspicion
assistant (suspicion.py). The registry reads `Rules`, `Bot` and `RaceBot` (none: Wooolf!!
has no real-time variant)."""
from engine.wooolf.rules import WooolfRules
from engine.wooolf.bot import WooolfBot
from engine.wooolf.knowledge import Knowledge
from engine.wooolf.suspicion import Suspicion, declaration_odds, suspect

Rules = WooolfRules
Bot = WooolfBot
RaceBot = None

__all__ = ["WooolfRules", "WooolfBot", "Rules", "Bot", "RaceBot", "Knowledge", "Suspicion",
           "suspect", "declaration_odds"]
