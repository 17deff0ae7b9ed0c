"""Wooolf!!: the social-deduction party game (rules.py, bot.py) and its exact suspicion
assistant (suspicion.py)."""
