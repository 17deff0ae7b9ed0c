"""Paperback's options as plug-ins (engine/paperback/option.py), in the order their hooks
run: the set-up draws for simultaneous play, then the powers, the award, the theme; a
spelled word's bounty before its theme. The rules (`PaperbackRules.PLUGINS`), the views
and the scramble read them here."""
from __future__ import annotations

from typing import Any

from engine.paperback import awards, bounty, coop, flexible, powers, simultaneous as sim, themes
from engine.core.plugins import plugins_on as core_plugins_on
from engine.paperback.option import PaperbackOption

PLUGINS: tuple[PaperbackOption, ...] = (
    sim.PLUGIN, powers.PLUGIN, awards.PLUGIN, flexible.DISCARD_CUBE, flexible.OFFER_DISCOUNT,
    flexible.VOWEL_RESHUFFLE, bounty.PLUGIN, themes.PLUGIN, coop.PLUGIN)


def plugins_on(state: Any) -> list[PaperbackOption]:
    """The plug-ins whose option is on in this game (for the views and the scramble,
    which hold no rules object)."""
    return core_plugins_on(PLUGINS, state)
