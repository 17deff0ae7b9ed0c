"""Wooolf!!: the social-deduction party game (rules.py, bot.py) and its exact suspicion
assistant (suspicion.py). The registry reads `Rules`, `Bot` and `RaceBot` (none: Wooolf!!
has no real-time variant); each name is imported when first used (engine/core/lazy.py)."""
from engine.core.lazy import exports

RaceBot = None
_S = "engine.wooolf.suspicion"
__getattr__, __dir__ = exports(__name__, {
    "SPEC": "engine.wooolf.spec:SPEC",
    "WooolfRules": "engine.wooolf.rules:WooolfRules", "Rules": "engine.wooolf.rules:WooolfRules",
    "WooolfBot": "engine.wooolf.bot:WooolfBot", "Bot": "engine.wooolf.bot:WooolfBot",
    "Knowledge": "engine.wooolf.knowledge:Knowledge",
    **{n: f"{_S}:{n}" for n in ("Suspicion", "declaration_odds", "suspect")},
})
__all__ = ["SPEC", "WooolfRules", "WooolfBot", "Rules", "Bot", "RaceBot", "Knowledge", "Suspicion",
           "suspect", "declaration_odds"]
