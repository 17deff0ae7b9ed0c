"""The shapes of the table vote's events (engine/words/tablevote.py), which Hooky and
Paperback share (engine/core/shapes.py)."""
from __future__ import annotations

from engine.core.shapes import BOOL, SEAT, WORD, ev, table_ev

VOTE_EVENTS = {
    "word_proposed": ev(word=WORD),
    "word_voted": ev(word=WORD, accept=BOOL),
    "word_refused": table_ev(word=WORD, by=SEAT),
    "word_accepted": table_ev(word=WORD),
}
