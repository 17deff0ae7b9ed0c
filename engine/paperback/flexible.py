"""The box's flexible rules (rules §11 and the seed summary), each its own option:

- `discard_cube`: a player who passes (discards the hand and draws anew) takes a cube;
- `offer_discount`: when a player buys the top card of a letter pile, a cube goes on that
  pile's front card: 1¢ cheaper per cube, down to 0¢; its cubes leave with it (bought or
  trashed);
- `vowel_reshuffle`: when the 2¢ vowels are all gone, the used ones (out of the game) come
  back to the 2¢ spread at the end of that turn;
- `bounty`: see engine/paperback/bounty.py.
A player's cube (from a pass or a bounty) is worth 1¢ when buying, spent with the buy's
`cubes`. The box's 17 cubes are not counted: a digital table never runs out of them.
"""
from __future__ import annotations

from typing import Any

from engine.core.events import Event, event
from engine.core.plugins import option_on
from engine.paperback.content import content
from engine.paperback.option import PaperbackOption

on = option_on


def price(state: Any, cid: str) -> int:
    """What a card costs to buy now (a discount's cubes off, down to 0¢)."""
    return max(0, state.cards[cid].cost - state.discount.get(cid, 0))


def discounted_front(piles: Any, front: Any, cid: str) -> str | None:
    """The front card that gets a cube when `cid` is bought (Offer discount): the front
    card of the pile whose top `cid` is; None when `cid` is no pile top, or the pile has
    no front card."""
    for pid, _, spread in content().piles:
        pile = piles.get(pid) or []
        if not spread and pile and pile[0] == cid:
            return front.get(pid)
    return None


def spread_pile() -> str:
    return next(pid for pid, _, spread in content().piles if spread)


def vowels_to_restock(state: Any) -> list[str]:
    """The used 2¢ vowels to put back, when the 2¢ spread is empty (else none)."""
    pid = spread_pile()
    if state.piles.get(pid):
        return []
    cards = state.cards
    return sorted(c for c in state.trash if cards[c].pile == pid)


class DiscardCube(PaperbackOption):
    """`discard_cube` as a plug-in (engine/paperback/option.py): a pass takes a cube."""
    key = "discard_cube"

    def passed(self, state: Any) -> dict[str, Any]:
        return {"cube": True}                   # the hand for a cube

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        v["cubes"] = list(state.cubes)


class OfferDiscount(PaperbackOption):
    """`offer_discount` as a plug-in: a pile top bought puts a cube on its front card."""
    key = "offer_discount"

    def pile_top_bought(self, state: Any, front: str) -> None:
        state.discount[front] = state.discount.get(front, 0) + 1

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        v["discount"] = dict(sorted(state.discount.items()))


class VowelReshuffle(PaperbackOption):
    """`vowel_reshuffle` as a plug-in: at a turn's start, the used 2¢ vowels come back
    when the spread ran out."""
    key = "vowel_reshuffle"

    def turn_start(self, state: Any) -> list[Event]:
        cards = vowels_to_restock(state)
        return [event("vowels_restocked", None, cards=cards)] if cards else []

    @staticmethod
    def _on_vowels_restocked(state: Any, ev: Event) -> None:
        for cid in ev["cards"]:
            state.trash.remove(cid)
            state.piles[spread_pile()].append(cid)


DISCARD_CUBE, OFFER_DISCOUNT, VOWEL_RESHUFFLE = DiscardCube(), OfferDiscount(), VowelReshuffle()
