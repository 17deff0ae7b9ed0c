"""What a seat may not know: the others' cards and, before the show, their guesses."""
from __future__ import annotations

import copy
from typing import Any

from engine.core.rng import Rng


def scramble(state: Any, seat: int | None, rng: Rng) -> Any:
    out = copy.deepcopy(state)
    for s in range(out.seats):
        if s != seat:
            out.cards[s] = rng.randint(1, 9)
            if out.guesses[s] is not None:
                out.guesses[s] = rng.below(2) == 0
    return out


def scramble_event(ev: dict, seat: int | None, rng: Rng) -> dict:
    out = copy.deepcopy(ev)
    if ev["type"] == "dealt":
        out["cards"] = [c if s == seat else rng.randint(1, 9) for s, c in enumerate(ev["cards"])]
    elif ev["type"] == "guessed" and ev["seat"] != seat:
        out["high"] = rng.below(2) == 0
    return out
