"""The minimal game's bots: easy always says high, normal and hard read their card;
"random" is the core RandomBot over the rules' legal commands."""
from __future__ import annotations

from engine.core.bots import LevelledBot
from support.minigame.rules import HIGH


class MiniBot(LevelledBot):
    LEVELS = ("easy", "normal", "hard", "random")
    LEGAL = "support.minigame.rules:legal_commands"

    def choose(self, view: dict, seat: int) -> dict:
        high = True if self.level == "easy" else view["card"] >= HIGH
        return {"type": "guess", "seat": seat, "high": high}
