"""Sumoku: number tiles in crossword lines summing to a multiple of a key number."""
from engine.sumoku.rules import SumokuRules
from engine.sumoku.views import view_board

__all__ = ["SumokuRules", "view_board"]
