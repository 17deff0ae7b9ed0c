"""Hooky's worksheet assistant on a phone, at the level the table allows: "certain" marks
the cells logic forces (a letter surely in, or surely not in, a hand, the playground or
the hooky pile), "prob" adds every other cell's chance in percent. Computed by the exact
deduction engine (engine/hooky/deduction.py) from the seat's own view (its `knowledge`)
only, on the phone notebooks' worker thread (net/phones/notebook.py)."""
from __future__ import annotations

from typing import Any


def hooky_notebook(view: dict[str, Any], level: str, seq: int) -> dict[str, Any] | None:
    """The notebook frame for this view of a seat: {"cells": {"<loc>:<letter>": "has" |
    "not"}, "p": {"<loc>:<letter>": percent}} over the worksheet's places (the other
    seats, "playground", "hooky") at `level` ("certain" or "prob": net/phones/notebook.py
    checks it); None when nothing is dealt yet or no deal fits the view."""
    from engine.hooky.deduction import HOOKY, PLAYGROUND, deduce
    from engine.hooky.knowledge import ALPHABET, Knowledge
    if view.get("knowledge") is None or view.get("seat") is None:
        return None
    d = deduce(Knowledge.from_view(view["knowledge"]))
    if not d.consistent:
        return None
    seat, n = int(view["seat"]), int(view["seats"])
    places: list[int | str] = [s for s in range(n) if s != seat] + [PLAYGROUND, HOOKY]
    own = set(view.get("hand") or [])
    cells: dict[str, str] = {}
    p: dict[str, int] = {}
    for loc in places:
        for letter in ALPHABET:
            if letter in own:
                continue
            key = f"{loc}:{letter}"
            if d.must(letter, loc):
                cells[key] = "has"
            elif d.cannot(letter, loc):
                cells[key] = "not"
            elif level == "prob":
                p[key] = round(float(d.p(letter, loc)) * 100)
    return {"k": "notebook", "seq": seq, "level": level, "cells": cells, "p": p}
