"""The shape of each Hooky event's own fields (engine/core/shapes.py): `read_log` checks
every event of a log against it before the rules fold it."""
from __future__ import annotations

from engine.core.shapes import (INT, LETTER, NAT, SEAT, SEATS, WORD, Either, List, Map, Opt, Rec,
                                ev, table_ev)
from engine.words.shapes import VOTE_EVENTS

LETTERS = List(LETTER, 32)
BY_ROUND = Map(Either(NAT, WORD), INT, 8)     # guess round -> letters right
BREAKDOWN = Rec({"hooky": BY_ROUND, "right": BY_ROUND, "letters": INT, "exact": INT, "total": INT})

EVENTS = {
    "dealt": table_ev(hands=List(LETTERS), playground=LETTERS, hooky=LETTERS, start=SEAT),
    "clue_given": ev(word=WORD, answer=NAT),
    "card_revealed": ev(letter=LETTER, target=SEAT),
    "card_peeked": ev(letter=Opt(LETTER), target=SEAT),
    "asked": ev(target=SEAT, word=WORD, answer=NAT, round=NAT),
    "round_ended": table_ev(round=NAT, flip=Opt(LETTER)),
    "hooky_guessed": ev(round=NAT, letters=LETTERS),
    "hands_named": ev(hands=List(LETTERS)),
    "game_ended": table_ev(hooky=LETTERS, scores=List(INT), breakdown=List(BREAKDOWN), winners=SEATS,
                     tiebreak=Opt(WORD)),
    **VOTE_EVENTS,
}
