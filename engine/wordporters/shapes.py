"""The shape of each Word Porters event's own fields (engine/core/shapes.py): `read_log`
checks every event of a log against it before the rules fold it."""
from __future__ import annotations

from engine.core.shapes import BOOL, INT, NAT, SEAT, SEATS, WORD, Int, List, Opt, ev, table_ev

CARDS = List(NAT, 128)

EVENTS = {
    "round_dealt": table_ev(round=NAT, start=SEAT, word_cards=CARDS, words=CARDS, hints=CARDS,
                      reshuffled=BOOL, numbers=List(NAT)),
    "placed": ev(card=NAT, side=Int(0, 1), markers=List(NAT, 16), hint=WORD),
    "declined": ev(),
    "passed": ev(),
    "hints_ended": table_ev(round=NAT),
    "voted": ev(guesses=List(Opt(NAT))),
    "revealed": ev(number=NAT, word=WORD, guesses=List(Opt(NAT)), right=SEATS),
    "round_ended": table_ev(round=NAT, scores=List(INT), next_start=SEAT),
    "game_ended": table_ev(scores=List(INT), winners=SEATS),
}
