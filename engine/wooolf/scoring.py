"""Wooolf!!'s reveal: which declarations are right, the points, the shepherd boy's bonus,
the X tokens, and the winners at the end."""
from __future__ import annotations

from typing import Any, Sequence

from engine.wooolf.content import content
from engine.wooolf.state import NOBODY


def holders_of(cards: Sequence[Sequence[str]]) -> dict[str, list[int]]:
    """Role -> the holders (the neutral seat included) whose identity it is."""
    c = content()
    out: dict[str, list[int]] = {r: [] for r in c.roles}
    for h, pair in enumerate(cards):
        out[c.identity(pair)].append(h)
    return out


def arrow_right(target: str, arrow: int, held: dict[str, list[int]]) -> bool:
    """An arrow is right at a holder of the target, or at 0 when nobody holds it."""
    seats = held[target]
    return arrow == NOBODY if not seats else arrow in seats


def reveal(cards: Sequence[Sequence[str]], dials: Sequence[dict[str, Any] | None],
           x_tokens: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The round's reveal: per player a line {seat, identity, kind: early/final/none, right,
    points, bonus, fooled (the hunters and hounds whose wolf arrow this shepherd boy
    earned), x: red/black/None}, the points per player, and the X tokens after it (a red
    X from the round before turns black first)."""
    c = content()
    pts = c.points
    players = len(dials)
    held = holders_of(cards)
    ident = [c.identity(cards[s]) for s in range(players)]
    lines: list[dict[str, Any]] = []
    for s in range(players):
        d = dials[s]
        line: dict[str, Any] = {"seat": s, "identity": ident[s], "kind": "none", "right": False,
                                "points": 0, "bonus": 0, "fooled": [], "x": None}
        if d is not None and d.get("arrows") is not None:
            targets = c.roles[ident[s]].targets
            right = all(arrow_right(t, a, held) for t, a in zip(targets, d["arrows"]))
            line["kind"] = "early" if d.get("early") else "final"
            line["right"] = right
            if right:
                line["points"] = pts["early_right"] if d.get("early") else pts["final_right"]
            else:
                line["x"] = "red" if d.get("early") else "black"
        lines.append(line)
    wolves = set(held["wolf"])
    fooled = [s for s in range(players) if ident[s] in c.bonus_for and dials[s] is not None
              and dials[s].get("arrows") is not None
              and _wolf_arrow_misses(ident[s], dials[s]["arrows"], wolves)]
    for s in range(players):
        if ident[s] == "shepherd":
            lines[s]["fooled"] = list(fooled)
            lines[s]["bonus"] = pts["shepherd_bonus"] * len(fooled)
    x_after = [["black"] * len(x_tokens[s]) + ([lines[s]["x"]] if lines[s]["x"] else [])
               for s in range(players)]
    return {"lines": lines, "points": [ln["points"] + ln["bonus"] for ln in lines],
            "x_tokens": x_after, "holders": {r: list(h) for r, h in held.items()}}


def _wolf_arrow_misses(identity: str, arrows: Sequence[int], wolves: set[int]) -> bool:
    targets = content().roles[identity].targets
    if "wolf" not in targets:
        return False
    arrow = arrows[targets.index("wolf")]
    return arrow != NOBODY and arrow not in wolves


def winners(scores: Sequence[int], x_counts: Sequence[int]) -> tuple[list[int], str | None]:
    """The highest score wins; ties: fewer X tokens; still tied: a shared win."""
    best = max(scores)
    top = [s for s in range(len(scores)) if scores[s] == best]
    if len(top) == 1:
        return top, None
    fewest = min(x_counts[s] for s in top)
    by_x = [s for s in top if x_counts[s] == fewest]
    return by_x, ("wooolf.tiebreak.fewer_x" if len(by_x) < len(top) else None)
