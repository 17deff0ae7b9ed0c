"""Screens every game shares: menu, settings, set-up, pause, handoff, results, replay, how to play."""
