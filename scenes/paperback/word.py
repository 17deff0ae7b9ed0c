"""The word a player is building (one seat's, never shown to another) and what it would
send: the cards in order, what each is laid as, the ability choices (hand cards and Offer
cards to trash) and, when buying, the basket. The ¢ shown as it is built come from the
engine's own scorer (`engine.paperback.scoring.score`, itemised) and its validity from
the session's dry run; nothing here re-states a rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.paperback.content import CardDef
from engine.paperback.finder import COMMON, Found
from engine.paperback.laying import Slot, card_of, laid_score
from engine.paperback.scoring import Score
from scenes.paperback.cards import cards_of


@dataclass
class Building:
    """One seat's half-made play on screen."""
    slots: list[Slot] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)          # hand cards to trash (trash_hand)
    trash_offer: list[str] = field(default_factory=list)    # Offer cards to trash (trash_offer)
    basket: list[str] = field(default_factory=list)         # what to buy (Offer ids, Fame pile ids)
    asking: int | None = None                               # the slot of a wild waiting for its letter
    pair_next: str | None = None                            # a typed two-letter card's second letter, to skip
    hints: list[Found] | None = None                        # the finder's best words, when asked
    hint_for: Any = None                                    # the position the hints answer
    answer: dict[str, list[str]] = field(default_factory=dict)   # an attack's answer: task -> hand cards
    ghosting: bool = False                                  # Ghost Writer: picking the card to put under
    cube_for: str | None = None                             # co-op: "pass" / "buy" while its cube is placed
    cube: str | None = None                                 # co-op: the pyramid card that cube goes on

    def clear(self) -> None:
        self.slots, self.trash, self.trash_offer = [], [], []
        self.asking, self.pair_next = None, None

    def used(self) -> set[str]:
        return {cid for cid, _ in self.slots}


def default_text(card: CardDef) -> str | None:
    if card.power == "space":
        return SPACE
    return None if card.wild else card.letters


def next_text(card: CardDef, text: str | None) -> str | None:
    """The next way to lay a card with several (Q / QU, a flip card's two orders)."""
    options = card.texts()
    if len(options) < 2:
        return text
    i = options.index(text) if text in options else -1
    return options[(i + 1) % len(options)]


SPACE = " "      # what a Space Bar slot is laid as: the gap between the two words


def word_text(b: Building) -> str:
    """The word as laid so far ("?" for a wild still without its letter; a Space Bar is the
    space between two words)."""
    return "".join(text if text is not None else "?" for _, text in b.slots).strip()


def reversing(view: dict, b: Building) -> bool:
    """Dyslexia is in the word: one two-letter card may be laid reversed."""
    return any((c := card_of(view, cid)) is not None and c.power == "dyslexia" for cid, _ in b.slots)


def lay_options(view: dict, b: Building, card: CardDef) -> tuple[str, ...]:
    """Every way this card may be laid in the word now (Dyslexia adds a pair reversed)."""
    options = card.texts()
    if (not card.wild and not card.power and len(card.letters) == 2 and reversing(view, b)
            and card.letters[::-1] not in options):
        options = options + (card.letters[::-1],)
    return options


def complete(b: Building) -> bool:
    return bool(b.slots) and all(text is not None for _, text in b.slots)


def command(seat: int, b: Building) -> dict:
    """The spell command the building stands for."""
    letters = {}
    for cid, text in b.slots:
        if cid == COMMON or text is None:
            continue
        letters[cid] = text
    return {"type": "spell", "seat": seat, "cards": [cid for cid, _ in b.slots], "letters": letters,
            "trash": list(b.trash), "trash_offer": list(b.trash_offer)}


def live_score(view: dict, b: Building) -> Score | None:
    """The ¢ of the word as laid (engine/paperback/laying.py); None while a card is
    unknown or a wild has no letter."""
    return laid_score(view, b.slots)


def may_trash(view: dict, b: Building, kind: str) -> int:
    """How many cards the word's abilities let the player trash (`trash_hand` / `trash_offer`)."""
    total = 0
    for cid, _ in b.slots:
        card = card_of(view, cid)
        if cid != COMMON and card is not None and not card.wild and card.ability.kind == kind:
            total += card.ability.n
    return total


def trim_choices(view: dict, b: Building) -> None:
    """Drop ability choices the word no longer allows (a card taken back)."""
    b.trash = [c for c in b.trash if c not in b.used()][:may_trash(view, b, "trash_hand")]
    offer = {c for p in view.get("offer", []) for c in ([p["front"], p["top"]] + list(p["spread"] or []))}
    b.trash_offer = [c for c in b.trash_offer if c in offer][:may_trash(view, b, "trash_offer")]


def pick_for_letter(view: dict, b: Building, ch: str) -> Slot | None:
    """The card a typed letter takes from the hand: a card of that one letter first, then
    the common, then a two-letter card starting with it (a Q for "q"), then a wild."""
    hand = [c for c in (view.get("hand") or []) if c not in b.used() and c not in b.trash]
    cards = cards_of(view)
    singles = [c for c in hand if not cards[c].wild and ch in cards[c].texts() and len(ch) == 1]
    if singles:
        return singles[0], ch
    common = view.get("common")
    eff = view.get("effects") or {}
    if common and COMMON not in b.used() and not eff.get("no_common") and cards[common].letters == ch:
        return COMMON, ch
    for c in hand:
        card = cards[c]
        if card.wild:
            continue
        for text in card.texts():
            if text.startswith(ch):
                return c, text
    wild = next((c for c in hand if cards[c].wild), None)
    if wild is not None:
        return wild, ch
    return None


def lay_found(found: Found) -> list[Slot]:
    """A finder's word as slots."""
    return [(cid, text) for cid, text in zip(found.cards, found.texts)]


def basket_cost(view: dict, basket: list[str]) -> int:
    """What the basket costs (a Fame pile id costs its pile's price; the view's price of
    a card for sale, an Offer discount taken off)."""
    cards = cards_of(view)
    piles = {f["id"]: f["cost"] for f in view.get("fame_piles", [])}
    prices = {f["id"]: f["cost"] for f in view.get("for_sale", [])}
    return sum(prices.get(c, piles[c] if c in piles else cards[c].cost) for c in basket)


def my_cubes(view: dict) -> int:
    """The cubes the seat on screen holds (1¢ each in a purchase; options discard_cube, bounty)."""
    cubes, seat = view.get("cubes"), view.get("seat")
    return int(cubes[seat]) if cubes and seat is not None else 0


def spendable(view: dict) -> int:
    """What the seat may spend now: the word's ¢ and its cubes."""
    return int(view["cents"]) + my_cubes(view)


def buy_command(seat: int, b: Building, view: dict | None = None) -> dict:
    cmd = {"type": "buy", "seat": seat, "cards": list(b.basket)}
    if view is not None and my_cubes(view):
        over = basket_cost(view, b.basket) - int(view["cents"])
        if over > 0:
            cmd["cubes"] = over              # the cubes pay what the ¢ do not
    return cmd
