"""Hooky: the letter-deduction game (rules.py, bot.py) and its exact deduction engine.
The registry reads `Rules`, `Bot` and `RaceBot` (none: Hooky has no real-time variant)."""
from engine.hooky.knowledge import ALPHABET, SETUP, Knowledge, count_answer
from engine.hooky.deduction import (HOOKY, PLAYGROUND, Deduction, InfoModel, answer_distribution,
                                    answer_distribution_approx, deduce, expected_information)
from engine.hooky.rules import HookyRules
from engine.hooky.bot import HookyBot

Rules = HookyRules
Bot = HookyBot
RaceBot = None

__all__ = ["HookyRules", "HookyBot", "Rules", "Bot", "RaceBot", "ALPHABET", "SETUP", "Knowledge", "count_answer", "HOOKY", "PLAYGROUND", "Deduction",
           "InfoModel", "deduce", "answer_distribution", "answer_distribution_approx", "expected_information"]
