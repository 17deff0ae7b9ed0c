"""A word as a player lays it, scored from that player's view: the card behind each slot
(the top common by reference, Plagiarism's borrowed letter), a Typo scored as the rules
score it, and the engine's own itemised scorer. The TV's word panel and a phone's preview
(net/phones/preview.py) both call `laid_score`, so the ¢ a player sees while laying cards
is the ¢ the rules will give."""
from __future__ import annotations

from typing import Sequence

from engine.paperback.content import CardDef, content
from engine.paperback.finder import COMMON
from engine.paperback.powers import PLAGIARISM, letter_card, plagiarism_card, typo_card
from engine.paperback.scoring import Score, score
from engine.paperback.state import view_box

Slot = tuple[str, str | None]       # (card id or "common", what it is laid as; None: a wild without its letter)


def card_of(view: dict, cid: str) -> CardDef | None:
    """The card behind a slot id ("common": the top common)."""
    cards = view_box(view)
    if cid == COMMON:
        return cards.get(view["common"]) if view.get("common") else None
    if cid == PLAGIARISM:                     # Plagiarism's borrowed letter: no card of the box
        return plagiarism_card("")
    return cards.get(cid)


def scored_card(card: CardDef, cid: str, text: str) -> CardDef:
    """The card as the rules score it laid as `text`: Plagiarism's letter, or a Typo (a
    single-letter card laid as another letter: 0¢, no ability)."""
    if cid == PLAGIARISM:
        return plagiarism_card(text)
    if cid != COMMON and letter_card(card) and len(text) == 1 and text not in card.texts():
        return typo_card(card)
    return card


def laid_score(view: dict, slots: Sequence[Slot]) -> Score | None:
    """The ¢ of the word laid as `slots` (the engine's scorer, itemised); None while a card
    is unknown or a wild has no letter."""
    pieces = []
    for cid, text in slots:
        card = card_of(view, cid)
        if card is None or text is None:
            return None
        if card.power:
            text = ""                          # a power common has no letter
        pieces.append((scored_card(card, cid, text), text, cid == COMMON))
    eff = view.get("effects") or {}
    return score(pieces, minus=int(eff.get("minus", 0)), common_bonus=content().common_bonus, itemise=True)
