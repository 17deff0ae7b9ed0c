"""The shape of each Wooolf!! event's own fields (engine/core/shapes.py): `read_log` checks
every event of a log against it before the rules fold it."""
from __future__ import annotations

from engine.core.shapes import (BOOL, INT, NAT, PER_SEAT, SEATS, WORD, Int, List, Map, Opt,
                                Rec, ev, table_ev)

HOLDER = Int(0, PER_SEAT)            # a seat, or the neutral holder after the last seat
ARROWS = List(Int(-1, PER_SEAT), 8)  # holders pointed at (-1: nobody)
PAIRS = List(List(WORD, 2), PER_SEAT + 1)
DIAL = Opt(Rec({"early": BOOL, "arrows": Opt(ARROWS)}))
LINE = Rec({"seat": HOLDER, "identity": WORD, "kind": WORD, "right": BOOL, "points": INT,
            "bonus": INT, "fooled": List(HOLDER), "x": Opt(WORD)})

EVENTS = {
    "round_dealt": table_ev(round=NAT, start=HOLDER, cards=PAIRS, questions=List(List(WORD, 16))),
    "peeked": ev(target=HOLDER, pos=Int(0, 1), epoch=NAT, card=WORD, announced=WORD),
    "neutral_shuffled": table_ev(target=HOLDER, swapped=BOOL),
    "asked": ev(target=HOLDER, question=WORD, answer=BOOL),
    "shuffled": ev(swapped=BOOL),
    "declared": ev(early=BOOL, arrows=Opt(ARROWS)),
    "round_revealed": table_ev(round=NAT, cards=PAIRS, dials=List(DIAL), lines=List(LINE),
                         points=List(INT), scores=List(INT), x_tokens=List(List(WORD, 16)),
                         holders=Map(WORD, List(HOLDER), 16)),
    "game_ended": table_ev(scores=List(INT), winners=SEATS, tiebreak=Opt(WORD)),
}
