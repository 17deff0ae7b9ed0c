"""Sumoku: number tiles in crossword lines summing to a multiple of a key number."""
