"""The shape of each Paperback event's own fields (engine/core/shapes.py): `read_log`
checks every event of a log against it before the rules fold it."""
from __future__ import annotations

from engine.core.shapes import (BOOL, INT, NAT, SEAT, SEATS, TIME, WORD, Either, List, Map,
                                Opt, Rec, Str, ev, table_ev)
from engine.words.shapes import VOTE_EVENTS

CARD = Str(24, 1)                          # a card id: "s0.3", "f17.1", "common", ...
CARDS = List(CARD, 256)
HAND = List(CARD, 32)
PHRASE = Str(128)                          # a word as laid (Space Bar: words and spaces)
TEXTS = List(Str(16), 32)                  # what each card of a word stands for
ITEM = List(Either(Str(64), INT), 3)       # a score line: [catalog key, card id, cents]
PILES = Map(WORD, CARDS, 32)
SPELL = dict(cards=HAND, texts=TEXTS, word=PHRASE, cents=INT, draws=NAT, letters=NAT,
             trash=HAND, items=List(ITEM, 64))
ENTRY = Rec(dict(SPELL), optional=tuple(SPELL))          # an announcement: a spell, a word, or {}
REVEALED = Rec({"seat": SEAT, "kind": WORD, "ms": TIME, "word": Opt(PHRASE), "cents": INT,
                "letters": NAT, "cards": HAND, "texts": TEXTS})

EVENTS = {
    "set_up": table_ev(optional=("boxed", "set_aside", "dear", "powers", "award", "theme"),
                       piles=PILES, fame=PILES, commons=CARDS, decks=List(CARDS), start=SEAT,
                       hand_size=NAT, boxed=CARDS, set_aside=CARDS, dear=CARDS, powers=List(WORD),
                       award=WORD, theme=WORD),
    "spelled": ev(optional=("bounty", "theme"), **SPELL, claimed=Opt(CARD), attacks=List(WORD, 32),
                  bounty=Opt(SEAT), theme=BOOL),
    "offer_trashed": ev(cards=HAND),
    "answered": ev(optional=("discard_wild", "discard", "topdeck"), discard_wild=HAND,
                   discard=HAND, topdeck=HAND),
    "bought": ev(optional=("cubes",), cards=HAND, spent=INT, cubes=NAT),
    "passed": ev(optional=("cube",), cube=BOOL),
    "cube_placed": ev(card=CARD),
    "turn_ended": ev(drawn=HAND, new_deck=Opt(CARDS), one_shot=HAND),
    "vowels_restocked": table_ev(cards=HAND),
    "power_used": ev(power=WORD, card=Opt(CARD), drawn=HAND, new_deck=Opt(CARDS)),
    "theme_proposed": ev(word=PHRASE),
    "theme_voted": ev(accept=BOOL),
    "theme_decided": ev(word=PHRASE, accepted=BOOL),
    "help_asked": ev(hand=HAND),
    "suggested": ev(word=Opt(PHRASE)),
    "game_ended": table_ev(optional=("award", "theme", "coop"), scores=List(INT), winners=SEATS,
                     tiebreak=Opt(WORD), commons=List(INT), turns=List(NAT),
                     best_words=List(Rec({"word": PHRASE, "cents": INT})), reason=WORD,
                     award=Rec({"id": WORD, "winners": SEATS, "fame": INT}),
                     theme=Rec({"id": WORD, "holder": Opt(SEAT), "fame": INT}),
                     coop=Rec({"won": BOOL, "cubes": Map(CARD, INT, 256), "left": NAT})),
    # simultaneous play (engine/paperback/simultaneous.py)
    "drafted": ev(card=CARD),
    "decks_dealt": table_ev(decks=List(CARDS), hand_size=NAT),
    "offer_replaced": table_ev(optional=("dear",), gone=CARDS, offer=CARDS, dear=CARDS, first=SEAT),
    "announced": ev(optional=("ms", "open"), kind=WORD, entry=ENTRY, ms=TIME, open=BOOL),
    "words_revealed": table_ev(words=List(REVEALED)),
    **VOTE_EVENTS,
}
