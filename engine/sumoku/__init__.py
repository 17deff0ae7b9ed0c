"""Sumoku: number tiles in crossword lines summing to a multiple of a key number.
The registry reads `Rules`, `Bot` and `RaceBot` from here (engine/registry.py)."""
from engine.sumoku.rules import SumokuRules
from engine.sumoku.views import view_board
from engine.sumoku.bot import SumokuBot
from engine.sumoku.racebot import RaceBot

Rules = SumokuRules
Bot = SumokuBot

__all__ = ["SumokuRules", "view_board", "SumokuBot", "RaceBot", "Rules", "Bot"]
