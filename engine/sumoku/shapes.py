"""The shape of each Sumoku event's own fields (engine/core/shapes.py): `read_log` checks
every event of a log against it before the rules fold it."""
from __future__ import annotations

from engine.core.shapes import (BOOL, INT, NAT, PARAMS, SEAT, SEATS, TIME, WORD, List, Opt,
                                Rec, any_ev, ev, table_ev)

TILES = List(NAT, 128)                      # tile ids (the bag holds 96)
CELL = List(INT, 2)                         # [row, col]
LINE = Rec({"cells": List(CELL, 32), "dir": WORD, "total": INT, "values": List(NAT, 32)})

EVENTS = {
    "started": table_ev(optional=("exchanges", "stage"), turn=SEAT, exchanges=NAT, stage=NAT),
    "dealt": ev(tiles=TILES),
    "drew": ev(tiles=TILES),
    "key_rolled": any_ev(key=NAT),          # the starter's in turn games, the table's in races
    "placed": ev(tiles=List(List(INT, 4), 16), score=INT, lines=List(LINE, 32), extra=BOOL),
    "passed": ev(declined=BOOL),
    "exchanged": ev(optional=("owner", "returned"), owner=SEAT, returned=TILES, drawn=TILES),
    "ended": table_ev(reason=WORD, final=List(INT), penalties=List(INT), winners=SEATS),
    "stage_began": table_ev(stage=NAT),
    # the races
    "countdown": table_ev(round=NAT, starts_at=TIME),
    "round_started": table_ev(round=NAT),
    "round_won": ev(round=NAT),
    "round_void": table_ev(round=NAT),
    "collected": table_ev(tiles=TILES),
    "called": ev(right=BOOL, reason=Opt(WORD), params=PARAMS),
    "put": ev(owner=SEAT, tile=NAT, cell=CELL, value=NAT, at=TIME, **{"from": Opt(CELL)}),
    "lifted": ev(owner=SEAT, tile=NAT, cell=CELL),
    "returned": ev(owner=SEAT, tile=NAT, cell=Opt(CELL)),
    "centre_drawn": table_ev(tiles=TILES),
    "claimed": ev(tiles=TILES, values=List(INT, 16), multiple=INT, right=BOOL, reason=Opt(WORD),
                  params=PARAMS, forfeit=TILES, sit_next=BOOL),
    "pool_dealt": table_ev(team=NAT, tiles=TILES),
    "stuck_voted": ev(team=NAT, stuck=BOOL),
}
