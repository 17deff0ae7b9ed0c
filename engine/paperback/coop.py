"""The co-operative pyramid (option `coop`, with `coop_cubes` 5 or 4; rules §11 and the
seed summary): the 10 Fame cards lie in a pyramid, rows 5¢ ×4, 8¢ ×3, 11¢ ×2, 17¢ ×1
(game.json `coop_pyramid`), the 5¢ row in front. A card is covered while either of the
two cards of the row in front of it that overlap it is still there (card j of a row by
cards j and j+1 of the row before); only uncovered cards may be bought, by card id.
Every turn a player buys no Fame card (a pass included), a cube goes on an uncovered
card (the player's `cube_on`, else the uncovered card with the fewest cubes, cheapest
first). A card with `coop_cubes` cubes loses the game for everyone; buying the whole
pyramid wins it for everyone. The usual ends (two empty piles, the last common) do not
apply.
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.core.errors import RuleError
from engine.core.events import Event, event
from engine.paperback.content import CardDef, content
from engine.paperback.option import PaperbackOption

DEFAULT_CUBES = 5


def rows(fame: Mapping[str, list[str]]) -> list[list[str | None]]:
    """The pyramid, front row first: each position's card id, or None once bought."""
    out = []
    for (pid, _, _), size in zip(content().fame, content().coop_pyramid):
        left = set(fame.get(pid, []))
        out.append([f"{pid}.{k + 1}" if f"{pid}.{k + 1}" in left else None for k in range(size)])
    return out


def uncovered(fame: Mapping[str, list[str]]) -> list[str]:
    """The cards that may be bought now (front row first)."""
    r = rows(fame)
    out = []
    for i, row in enumerate(r):
        for j, cid in enumerate(row):
            if cid is not None and (i == 0 or (r[i - 1][j] is None and r[i - 1][j + 1] is None)):
                out.append(cid)
    return out


def cube_target(state: Any) -> str | None:
    """Where the rules put a cube when the player names none."""
    free = uncovered(state.fame)
    if not free:
        return None
    return min(free, key=lambda c: (state.coop_cubes.get(c, 0), state.cards[c].cost, c))


def limit(state: Any) -> int:
    return int(state.options.get("coop_cubes", DEFAULT_CUBES))


def over(state: Any) -> str | None:
    """"won" (the pyramid bought), "lost" (a card full of cubes) or None."""
    if not any(state.fame.values()):
        return "won"
    if any(n >= limit(state) for n in state.coop_cubes.values()):
        return "lost"
    return None


class CoopOption(PaperbackOption):
    """The option as a plug-in (engine/paperback/option.py): the pyramid bought by card
    id, the cube of a turn that buys nothing, the table's win or loss."""
    key = "coop"
    OWN_END = True

    def buy_card(self, state: Any, fame: dict[str, list[str]], cid: str) -> CardDef | None:
        cards = state.cards
        if cid in cards and cid in uncovered(fame):            # a pyramid card, by id
            card = cards[cid]
            fame[card.pile].remove(cid)
            return card
        if cid in fame or cid in cards and cards[cid].kind == "fame":
            raise RuleError("err.paperback.covered")
        return None

    def turn_end(self, rules: Any, state: Any, seat: int, head: list[Event],
                 cube_on: Any) -> list[Event] | None:
        if head[0].get("cards"):
            if cube_on is not None:
                raise RuleError("err.paperback.cube_on")
            return []
        # nothing bought: a cube on the pyramid. The pass or the empty buy moves no Fame
        # card and no cube, so the state before them answers as the state after them.
        free = uncovered(state.fame)
        if cube_on is not None and cube_on not in free:
            raise RuleError("err.paperback.cube_on")
        target = cube_on if cube_on is not None else cube_target(state)
        return [] if target is None else [event("cube_placed", seat, card=target)]

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        piles = {f["id"] for f in v["fame_piles"]}      # the pyramid's cards for sale, not its piles
        v["for_sale"] = [f for f in v["for_sale"] if f["id"] not in piles] + [
            {"id": cid, "cost": state.cards[cid].cost} for cid in uncovered(state.fame)]
        v["coop"] = {"rows": rows(state.fame), "uncovered": uncovered(state.fame),
                     "cubes": dict(sorted(state.coop_cubes.items())), "limit": limit(state)}

    def end_reason(self, state: Any) -> str | None:
        return over(state)

    @staticmethod
    def _on_cube_placed(state: Any, ev: Event) -> None:
        state.coop_cubes[ev["card"]] = state.coop_cubes.get(ev["card"], 0) + 1


PLUGIN = CoopOption()
