"""What a seat's hand can do, read from its view: the words it spells (`word_choices`,
the exact finder's best), the spell command for one, the answer to an attack that gives
up the weakest cards, and how much a card is worth (`card_worth`: the ¢ it is expected to
bring each time it is drawn). The bots (bot.py) choose among these and the contract's
legal commands (legal.py) sample them; neither imports the other."""
from __future__ import annotations

from typing import Any

from engine.paperback.content import CardDef, content
from engine.paperback.finder import Found, cut, find_words
from engine.paperback.powers import power_layings
from engine.paperback.state import view_box
from engine.paperback.wildcommons import find_layings
from engine.words.lists import blocklist

# how often a letter finds a use in the hand's word (a rough share, vowels and easy consonants
# high). A five- or six-card hand with wilds places even a hard letter about half the time:
# a first table (e 1.0 down to q .15) kept hard from buying the dear rare letters and lost it
# its edge over normal with the Space Bar and Dyslexia (0.49 over 100 games; 0.655 with
# these, bench/paperback_options.py), where a hand uses more of its cards still.
FIT = {ch: f for ch, f in zip("etaoinsrhldcumfpgwybvkxjqz",
                              (1.0, .975, .975, .95, .95, .925, .95, .925, .85, .875, .85, .85, .825,
                               .825, .775, .8, .8, .75, .75, .8, .7, .675, .625, .6, .575, .6))}
FIT_OTHER = .65          # a letter the table does not name
ABILITY_WORTH = {"first": .4, "last": .5, "nowild": .5, "long": .3, "draw": 1.5,
                 "draw_if_last": 1.0, "wild_bonus": 1.0, "double_adj": 1.2, "double_word": 3.0,
                 "trash_offer": .3, "trash_hand": 1.0, "flip": .3, "qu": .5}
POWER_FIT = {"space": .8, "dyslexia": .4}   # how often the Space Bar / Dyslexia finds a use

def cards_of(view: dict) -> dict[str, CardDef]:
    return view_box(view)


def word_choices(view: dict, limit: int = 10, **kw: Any) -> list[Found]:
    """The best words the seat's hand can spell, as the exact finder ranks them (no blocked
    word; the table's accepted words included)."""
    cards = cards_of(view)
    hand = [cards[c] for c in view["hand"]]
    eff = view["effects"] or {}
    common = cards[view["common"]] if view["common"] is not None and not eff.get("no_common") else None
    find = find_layings if view.get("space_dyslexia") else find_words
    args = dict(minus=eff.get("minus", 0), limit=limit, common_bonus=content().common_bonus,
                exclude=blocklist(), extra_words=view["accepted_words"], **kw)
    found = find(hand, common, **args)
    power = view.get("power")
    if power and not power["turn"] and power["legal"]:     # a word power: typo, plagiarism, stuck key
        best = {f.word: f for f in found}

        def merged(h: list[CardDef], **k: Any) -> list[Found]:
            # each way of using the power searches only for words that beat the best
            # `limit` merged so far (finder.cut): the merged answer is the same, found sooner
            more = find(h, common, floor=cut(best.values(), limit), **k)
            for f in more:
                if f.word not in best or f.key() < best[f.word].key():
                    best[f.word] = f
            return more
        power_layings(power["id"], hand, view.get("last_word"), merged, **args)
        found = sorted(best.values(), key=Found.key)[:limit]
    return found


def spell_command(seat: int, found: Found, **extra: Any) -> dict:
    return {"type": "spell", "seat": seat, "cards": list(found.cards),
            "letters": found.letters_map(), **extra}


def answer_command(view: dict, seat: int) -> dict:
    """Give up what attacks demand: the weakest cards (wilds for a wild discard)."""
    cards = cards_of(view)
    eff = view["effects"]
    hand = sorted(view["hand"], key=lambda c: (card_worth(cards[c]), c))
    out: dict[str, Any] = {"type": "answer", "seat": seat}
    for key in ("discard_wild", "discard", "topdeck"):
        pool = [h for h in hand if cards[h].wild] if key == "discard_wild" else hand
        take = pool[:min(eff[key], len(pool))]
        for h in take:
            hand.remove(h)
        out[key] = take
    return out


def card_worth(card: CardDef) -> float:
    """The ¢ a card is expected to bring each time it is drawn."""
    if card.wild:
        return 0.3                      # never money, but it always fits
    if card.power:                      # a wild common: its ¢ whenever its power fits
        return card.cents * POWER_FIT[card.power]
    fit = min(FIT.get(ch, FIT_OTHER) for ch in card.letters)
    a = card.ability
    bonus = ABILITY_WORTH.get(a.kind, 0.0) * max(1, a.n)
    if a.kind == "one_shot":
        return fit * card.cents * 0.5
    return fit * (card.cents + bonus)
