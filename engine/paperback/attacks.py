"""Attacks landing (option `attacks`, rules §8): what an attack card's word puts on each
other player (stacking), and what a victim's hand can give up now."""
from __future__ import annotations

from engine.paperback.state import Effects, PaperbackState


def add_attack(eff: Effects, kind: str, n: int) -> None:
    """An attack lands on `eff` (several stack)."""
    if kind == "atk_minus":
        eff.minus += n
    elif kind == "atk_no_common":
        eff.no_common = True
    elif kind == "atk_no_claim":
        eff.no_claim = True
    elif kind == "atk_discard":
        eff.discard += n
    elif kind == "atk_discard_wild":
        eff.discard_wild += 1
    elif kind == "atk_topdeck":
        eff.topdeck += 1


def cap_owed(state: PaperbackState, seat: int) -> bool:
    """Cut what attacks ask of `seat` to what its hand holds (a wild discard only if it
    holds a wild); whether it owes anything."""
    eff = state.effects[seat]
    hand = state.hands[seat]
    wilds = sum(1 for h in hand if state.cards[h].wild)
    eff.discard_wild = min(eff.discard_wild, wilds)
    eff.discard = min(eff.discard, len(hand) - eff.discard_wild)
    eff.topdeck = min(eff.topdeck, len(hand) - eff.discard_wild - eff.discard)
    return eff.owed()
