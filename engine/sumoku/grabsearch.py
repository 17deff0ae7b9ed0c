"""Real-time grab: every valid 4-tile claim among the centre tiles.

A claim is 4 tiles of 4 different colours whose values (a 6 counted as 6 or as 9) sum to
a multiple of the key. The search goes colour by colour (each colour at most once) and
takes the fourth tile straight from a bucket of values by residue.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from engine.sumoku.tiles import colour, values

CLAIM_SIZE = 4


class Claim(NamedTuple):
    tiles: tuple[int, ...]      # ascending ids
    values: tuple[int, ...]     # the value of each tile, in the same order
    multiple: int               # their sum

    def to_command(self, seat: int) -> dict:
        return {"type": "claim", "seat": seat, "tiles": list(self.tiles),
                "values": list(self.values), "multiple": self.multiple}


def claims(centre: Sequence[int], key: int) -> list[Claim]:
    """Every valid claim (each set of tiles with each choice of 6/9 values that works),
    sorted by tiles then values."""
    opts = sorted({(t, v) for t in centre for v in values(t)})
    n = len(opts)
    found: list[Claim] = []

    def rec(start: int, chosen: list[tuple[int, int]], cmask: int, total: int) -> None:
        if len(chosen) == CLAIM_SIZE - 1:
            need = (-total) % key
            for j in range(start, n):
                t, v = opts[j]
                if v % key == need and not cmask >> colour(t) & 1:
                    pick = chosen + [(t, v)]
                    found.append(Claim(tuple(x for x, _ in pick), tuple(y for _, y in pick),
                                       total + v))
            return
        for j in range(start, n):
            t, v = opts[j]
            c = colour(t)
            if cmask >> c & 1:
                continue
            chosen.append((t, v))
            rec(j + 1, chosen, cmask | 1 << c, total + v)
            chosen.pop()

    rec(0, [], 0, 0)
    found.sort()
    return found


def first_claim(centre: Sequence[int], key: int) -> Claim | None:
    got = claims(centre, key)
    return got[0] if got else None
