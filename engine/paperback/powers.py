"""Player Powers (option `powers`, rules §9.1): one dealt at random to each player at
set-up (public), each usable as written; `assets/content/paperback/powers.json` lists them.

Turn powers, the `power` command (phase spell, before the word, once a turn):
- writers_block: if the hand about to be played holds no wild, draw 1 extra card;
- ghost_writer {card}: put one hand card on the bottom of your deck, draw a replacement.
Word powers, inside the spell command (one use in the word):
- typo: one non-wild single-letter hand card stands for another letter (`letters`
  says which): it scores 0¢ and triggers no ability (it is still no wild);
- plagiarism: the card id "plagiarism" laid as one letter of the word the previous
  player just spelled (none after a pass): 1 letter, 0¢;
- stuck_key: one single-letter hand card laid twice in a row (`letters` "ll"): two
  letters, its ¢ and ability once.
A draw needs a card: when the deck is empty the discard pile is shuffled into a new one.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.paperback.content import CONTENT_DIR, NO_ABILITY, CardDef, ContentError
from engine.paperback.finder import Found
from engine.paperback.option import PaperbackOption

KINDS = {"writers_block": "turn", "ghost_writer": "turn", "typo": "word", "plagiarism": "word",
         "stuck_key": "word"}
PLAGIARISM = "plagiarism"          # the card id of the borrowed letter in a spell command


@lru_cache(maxsize=1)
def powers() -> tuple[str, ...]:
    """The powers of the box, checked (ContentError naming the entry)."""
    return load(CONTENT_DIR / "powers.json")


def load(path) -> tuple[str, ...]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None
    if not isinstance(data, dict) or data.get("format") != "couchtop-paperback-powers" \
            or data.get("version") != 1:
        raise ContentError(f"{path.name}: not a version 1 couchtop-paperback-powers file")
    out: list[str] = []
    for i, p in enumerate(data.get("powers") or []):
        pid = p.get("id") if isinstance(p, dict) else None
        if pid not in KINDS:
            raise ContentError(f"{path.name}: power #{i + 1} ({pid!r}) is none of {sorted(KINDS)}")
        if p.get("when") != KINDS[pid]:
            raise ContentError(f"{path.name}: power {pid}: when must be {KINDS[pid]!r}")
        if pid in out:
            raise ContentError(f"{path.name}: power {pid} appears twice")
        out.append(pid)
    if len(out) < 5:
        raise ContentError(f"{path.name}: a power for each of 5 seats is needed, not {len(out)}")
    return tuple(out)


def plagiarism_card(letter: str) -> CardDef:
    """The borrowed letter as a card: 1 letter, 0¢, no ability, not a wild."""
    return CardDef(PLAGIARISM, "start", letter, 0, 0)


def typo_card(card: CardDef) -> CardDef:
    """A card standing for another letter scores as this: 0¢, no ability."""
    return replace(card, cents=0, ability=NO_ABILITY)


def letter_card(card: CardDef) -> bool:
    """A card a typo or the stuck key may use: a non-wild single-letter hand card (not a
    claimed common: it stays the word's one common)."""
    return not card.wild and card.kind != "common" and len(card.letters) == 1


def applies(power: str | None, hand: Sequence[CardDef], last_word: str | None,
            can_draw: bool) -> bool:
    """Whether `power` can be used on this turn, before the word (the view's hint)."""
    if power == "writers_block":
        return can_draw and not any(c.wild for c in hand)
    if power == "ghost_writer":
        return bool(hand)
    if power in ("typo", "stuck_key"):
        return any(letter_card(c) for c in hand)
    if power == "plagiarism":
        return bool(last_word)
    return False


@dataclass(frozen=True)
class _Doubled(CardDef):
    """A card the stuck key may lay twice in a row (for the bots' finder)."""

    def texts(self) -> tuple[str, ...]:
        return (self.letters, self.letters * 2)


def _wildlike(card: CardDef) -> CardDef:
    """A typo card for the finder: any letter, 0¢ (the rules then score it as no wild)."""
    return CardDef(card.id, "wild", "", 0, 0)


def power_layings(power: str, hand: Sequence[CardDef], last_word: str | None,
                  find: Callable[..., list[Found]], **kw: Any) -> list[Found]:
    """The bots' words with a word power: the finder once per way to use it (each card
    type a typo or the stuck key could take, each letter plagiarism could borrow)."""
    out: list[Found] = []
    if power == "plagiarism":
        for letter in sorted(set((last_word or "").replace(" ", ""))):
            out += find(list(hand) + [plagiarism_card(letter)], **kw)
        return out
    if power not in ("typo", "stuck_key"):
        return out
    seen = set()
    for i, c in enumerate(hand):
        if not letter_card(c) or (c.letters, c.cents, c.ability.code) in seen:
            continue
        seen.add((c.letters, c.cents, c.ability.code))
        if power == "typo":
            changed = _wildlike(c)
        else:
            changed = _Doubled(c.id, c.kind, c.letters, c.cost, c.cents, c.fame, c.ability, c.pile)
        out += find(list(hand[:i]) + [changed] + list(hand[i + 1:]), **kw)
    return out


class PowersOption(PaperbackOption):
    """The option as a plug-in (engine/paperback/option.py): the powers dealt at set-up
    and the turn powers' `power` command (the word powers ride in the spell:
    engine/paperback/spelling.py)."""
    key = "powers"
    PHASE_OF = {"power": ("spell",)}

    def set_up(self, state: Any, rng: Rng, fields: dict[str, Any]) -> None:
        deck = list(powers())                    # one power to each player, at random
        rng.shuffle(deck)
        fields["powers"] = deck[:state.seats]

    def _decide_power(self, rules: Any, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        power = state.powers[seat] if state.powers else None
        if power not in ("writers_block", "ghost_writer"):
            raise RuleError("err.paperback.no_turn_power")
        if state.power_used:
            raise RuleError("err.paperback.power_used")
        cards = state.cards
        hand = state.hands[seat]
        deck = list(state.decks[seat])
        card = None
        if power == "ghost_writer":
            card = cmd.get("card")
            if card not in hand:
                raise RuleError("err.paperback.ghost_card")
            deck.append(card)                    # to the bottom, then a card from the top
        can_draw = bool(deck or state.discards[seat])
        if not applies(power, [cards[h] for h in hand], state.last_word, can_draw):
            raise RuleError("err.paperback.power_not_now", power=f"@paperback.power.{power}")
        new_deck = None
        if not deck:
            new_deck = list(state.discards[seat])
            rng.shuffle(new_deck)
            deck = new_deck
        return [event("power_used", seat, power=power, card=card, drawn=deck[:1], new_deck=new_deck)]

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        if not state.powers:
            return
        v["powers"] = list(state.powers)
        v["last_word"] = state.last_word
        v["power"] = None
        if seat is not None:
            p = state.powers[seat]
            turn = KINDS[p] == "turn"
            now = state.phase == "spell" and seat in to_act and not (turn and state.power_used)
            hand = [state.cards[h] for h in state.hands[seat]]
            can_draw = bool(state.decks[seat] or state.discards[seat])
            v["power"] = {"id": p, "turn": turn, "used": turn and state.power_used,
                          "legal": now and applies(p, hand, state.last_word, can_draw)}

    def event_view(self, ev: Event, seat: int | None, out: Event) -> Event | None:
        if ev.get("type") != "power_used":     # a deck's order is nobody's; a hand only its owner's
            return None
        out = {k: v for k, v in ev.items() if k != "new_deck"}
        out["drawn_count"] = len(ev["drawn"])
        out["reshuffled"] = ev["new_deck"] is not None
        if seat != ev.get("seat"):
            out["drawn"] = None
            out["card"] = None if ev["card"] is None else "hidden"
        return out

    def scramble_event(self, ev: Event, out: Event, seat: int | None, rng: Rng) -> None:
        if ev.get("type") != "power_used":
            return
        if out["new_deck"] is not None:
            out["new_deck"] = rng.shuffled(out["new_deck"])
        if ev.get("seat") != seat:
            out["drawn"] = ["x" + c for c in out["drawn"]]
            if out["card"] is not None:
                out["card"] = "x" + out["card"]

    @staticmethod
    def _on_power_used(state: Any, ev: Event) -> None:
        seat = ev["seat"]
        deck = state.decks[seat]
        if ev["card"] is not None:
            state.hands[seat].remove(ev["card"])
            deck.append(ev["card"])
        if ev["new_deck"] is not None:
            deck = list(ev["new_deck"])
            state.discards[seat] = []
        state.decks[seat] = deck[len(ev["drawn"]):]
        state.hands[seat].extend(ev["drawn"])
        state.power_used = True

    @staticmethod
    def _after_set_up(state: Any, ev: Event) -> None:
        state.powers = list(ev.get("powers", []))

    @staticmethod
    def _after_turn_ended(state: Any, ev: Event) -> None:
        state.power_used = False


PLUGIN = PowersOption()
