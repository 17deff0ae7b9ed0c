"""The event-sourced core shared by every game (see docs/engine-api.md); each name is
imported when first used (engine/core/lazy.py), so reading a spec does not load sessions."""
from engine.core.lazy import exports

__getattr__, __dir__ = exports(__name__, {
    "RuleError": "engine.core.errors:RuleError",
    "Command": "engine.core.events:Command", "Event": "engine.core.events:Event",
    "Rng": "engine.core.rng:Rng", "state_hash": "engine.core.hashing:state_hash",
    "CommandSpec": "engine.core.spec:CommandSpec", "GameSpec": "engine.core.spec:GameSpec",
    "VariantSpec": "engine.core.spec:VariantSpec",
    "Outcome": "engine.core.rules:Outcome", "Rules": "engine.core.rules:Rules",
    "LocalSession": "engine.core.session:LocalSession", "ReplayCursor": "engine.core.replay:ReplayCursor",
    "Bot": "engine.core.bots:Bot", "play_on": "engine.core.bots:play_on", "play_out": "engine.core.bots:play_out",
})
__all__ = ["RuleError", "Command", "Event", "Rng", "state_hash", "CommandSpec", "GameSpec", "VariantSpec",
           "Outcome", "Rules", "LocalSession", "ReplayCursor", "Bot", "play_on", "play_out"]
