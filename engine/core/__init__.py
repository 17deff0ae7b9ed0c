"""The event-sourced core shared by every game (see docs/engine-api.md)."""
from engine.core.errors import RuleError
from engine.core.events import Command, Event
from engine.core.rng import Rng
from engine.core.hashing import state_hash
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.core.rules import Outcome, Rules
from engine.core.session import LocalSession
from engine.core.replay import ReplayCursor
from engine.core.bots import Bot, play_on, play_out

__all__ = ["RuleError", "Command", "Event", "Rng", "state_hash", "CommandSpec", "GameSpec", "VariantSpec",
           "Outcome", "Rules", "LocalSession", "ReplayCursor", "Bot", "play_on", "play_out"]
