"""The public card texts of the games whose phone pages came later (served as
/content/<game>.json by net/phones/files.py): Paperback's cards by id, as printed on the
physical cards (letters, ¢, cost, Fame, ability). Nothing secret: which card is where is
in the views only."""
from __future__ import annotations

from typing import Any


def paperback_cards() -> dict[str, Any]:
    """Every card id of every Paperback box (any seat count, attacks, the extra commons,
    co-op's pyramid) -> its printed face; an ability's words are the catalog's
    `paperback.ability.<kind>` with its numbers."""
    from engine.paperback.content import content
    c = content()
    cards: dict[str, dict[str, Any]] = {}
    for coop in (False, True):
        box = c.box(max(c.seat_counts), attacks=True, extra=True, coop=coop)
        for cid, d in box.items():
            cards[cid] = {"letters": d.letters, "cents": d.cents, "cost": d.cost, "fame": d.fame,
                          "kind": d.kind, "wild": d.wild, "power": d.power,
                          "ability": [d.ability.kind, d.ability.n, d.ability.length]}
    return {"cards": cards}
