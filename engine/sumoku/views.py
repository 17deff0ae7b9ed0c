"""What a seat sees of a Sumoku game (everything but the bag's contents), and back."""
from __future__ import annotations

import copy
from typing import Any

from engine.sumoku.board import Cell
from engine.sumoku.state import SumokuState


SECRET_OPTIONS = ("bag_order",)  # the order of the bag is never shown


def _last_play(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {"seat": last["seat"], "tiles": [list(p) for p in last["tiles"]], "score": last["score"],
            "lines": [{"dir": ln["dir"], "cells": [list(c) for c in ln["cells"]],
                       "values": list(ln["values"]), "total": ln["total"]} for ln in last["lines"]]}


def _grid(grid: dict[Cell, tuple[int, int]]) -> list[list[int]]:
    return sorted([r, c, t, v] for (r, c), (t, v) in grid.items())


def race_view(state: SumokuState, acting: frozenset[int]) -> dict[str, Any]:
    """A race as every seat sees it (all tiles are face up; only the bag's order is not)."""
    rs = state.race
    assert rs is not None
    result = None
    if state.ended:
        result = {"reason": state.end_reason, "final": list(state.final or []),
                  "winners": list(state.winners or [])}
    last = rs.last_call
    v: dict[str, Any] = {
        "game": "sumoku", "variant": state.variant, "key": state.key, "seats": state.seats,
        "round": rs.round, "starts_at": rs.starts_at, "live": rs.live and not state.ended,
        "countdown_ms": rs.countdown_ms, "ended": state.ended, "result": result,
        "to_act": sorted(acting), "bag_count": len(state.bag),
        "options": {k: val for k, val in state.options.items() if k not in SECRET_OPTIONS},
        "last_call": copy.deepcopy(last),
    }
    if state.variant == "speed":
        v.update(grids=[_grid(g) for g in rs.grids], hands=[list(h) for h in state.hands],
                 out=list(rs.out), wins=list(rs.wins), streak=list(rs.streak),
                 pending_return=list(rs.pending_return))
    elif state.variant == "grab":
        v.update(centre=list(rs.centre), won=[list(w) for w in rs.won], out=list(rs.out),
                 sit_out=list(rs.sit_out), sit_next=list(rs.sit_next))
    else:
        v.update(teams=list(rs.teams), grids=[_grid(g) for g in rs.grids],
                 pools=[list(p) for p in rs.pools], stuck=list(rs.stuck),
                 last_put=list(rs.last_put), pending_return=list(rs.pending_return))
    return v


def view(state: SumokuState, seat: int | None) -> dict[str, Any]:
    """The contract's view; hands are public, so every seat (and None) sees the same."""
    turn = None if state.ended else state.turn
    result = None
    if state.ended:
        result = {"reason": state.end_reason, "final": list(state.final or []),
                  "penalties": list(state.penalties or []), "winners": list(state.winners or [])}
    return {
        "game": "sumoku", "variant": state.variant, "key": state.key,
        "board": sorted([r, c, t, v] for (r, c), (t, v) in state.board.items()),
        "hands": [list(h) for h in state.hands], "bag_count": len(state.bag),
        "scores": list(state.scores), "turn": turn,
        "to_act": [] if turn is None else [turn],
        "first_play": state.first_play, "extra_play": state.extra_play,
        "passes": state.passes, "idle_turns": state.idle, "stage": state.stage,
        "exchanges_left": state.exchanges_left,
        "ended": state.ended, "options": {k: v for k, v in state.options.items() if k not in SECRET_OPTIONS},
        "last_play": _last_play(state.last_play), "seats": state.seats, "result": result,
    }


def view_board(v: dict[str, Any]) -> dict[Cell, tuple[int, int]]:
    """The board of a view as the dict movegen and scoring take: (r, c) -> (tile, value)."""
    return {(r, c): (t, val) for r, c, t, val in v["board"]}
