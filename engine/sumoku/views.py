"""What a seat sees of a Sumoku game (everything but the bag's contents), and back."""
from __future__ import annotations

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
