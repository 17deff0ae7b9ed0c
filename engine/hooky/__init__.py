"""Hooky: the letter-deduction game (rules.py, bot.py) and its exact deduction engine."""
from engine.hooky.knowledge import ALPHABET, SETUP, Knowledge, count_answer
from engine.hooky.deduction import (HOOKY, PLAYGROUND, Deduction, InfoModel, answer_distribution,
                                    answer_distribution_approx, deduce, expected_information)

__all__ = ["ALPHABET", "SETUP", "Knowledge", "count_answer", "HOOKY", "PLAYGROUND", "Deduction",
           "InfoModel", "deduce", "answer_distribution", "answer_distribution_approx", "expected_information"]
