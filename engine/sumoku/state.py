"""The Sumoku game state (mutated in place by `apply`) and the draws from the bag."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core.rng import Rng
from engine.sumoku.board import Cell
from engine.sumoku.scoring import SCORINGS
from engine.sumoku.tiles import TILE_COUNT

VARIANTS = ("classic", "solitaire")


@dataclass
class SumokuState:
    seats: int
    options: dict[str, Any]
    variant: str = "classic"
    scoring: str = "cross"
    ordered_bag: bool = False           # draws take the bag's front (options["bag_order"])
    bag: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    board: dict[Cell, tuple[int, int]] = field(default_factory=dict)
    key: int | None = None
    scores: list[int] = field(default_factory=list)
    turn: int | None = None
    extra_play: bool = False            # the seat to play is on an extra play
    passes: int = 0                     # consecutive passes (classic)
    idle: int = 0                       # consecutive turns without a tile placed (classic)
    stage: int = 0                      # solitaire stage, from 1
    exchanges_left: int = 0             # solitaire: exchanges left this stage
    last_play: dict[str, Any] | None = None
    ended: bool = False
    end_reason: str | None = None
    final: list[int] | None = None      # scores after the hand penalty (classic)
    penalties: list[int] | None = None
    winners: list[int] | None = None

    def to_data(self) -> dict[str, Any]:
        """Plain, canonical data for hashing: sorted board cells, sorted hands."""
        return {
            "seats": self.seats, "variant": self.variant, "scoring": self.scoring,
            "bag": list(self.bag), "hands": [sorted(h) for h in self.hands],
            "board": sorted([r, c, t, v] for (r, c), (t, v) in self.board.items()),
            "key": self.key, "scores": list(self.scores), "turn": self.turn,
            "extra_play": self.extra_play, "passes": self.passes, "idle": self.idle,
            "stage": self.stage, "exchanges_left": self.exchanges_left, "ended": self.ended,
            "end_reason": self.end_reason, "final": self.final, "penalties": self.penalties,
            "winners": self.winners,
        }

    @property
    def first_play(self) -> bool:
        return not self.board


def new_state(seats: int, options: Mapping[str, Any]) -> SumokuState:
    """The state before setup, with the options checked (ValueError when unusable)."""
    opts = dict(options)
    variant = str(opts.get("variant", "classic"))
    if variant not in VARIANTS:
        raise ValueError(f"unknown sumoku variant {variant!r}")
    if variant == "solitaire" and seats != 1:
        raise ValueError("solitaire is played by 1 seat")
    scoring = str(opts.get("scoring", "cross"))
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}")
    key = opts.get("key")
    if key is not None and key not in (3, 4, 5):
        raise ValueError("key must be 3, 4 or 5")
    limit = opts.get("time_limit_s")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0):
        raise ValueError("time_limit_s must be a positive int or None")
    order = opts.get("bag_order")
    if order is not None:
        if sorted(order) != list(range(TILE_COUNT)):
            raise ValueError("bag_order must hold each tile id 0..95 once")
        bag = [int(t) for t in order]
    else:
        bag = list(range(TILE_COUNT))
    return SumokuState(seats=seats, options=opts, variant=variant, scoring=scoring,
                       ordered_bag=order is not None, bag=bag,
                       hands=[[] for _ in range(seats)], scores=[0] * seats)


def draw(pool: list[int], n: int, rng: Rng, ordered: bool) -> list[int]:
    """Take `n` tiles (or what is left) out of `pool`, a copy of the bag that `decide`
    owns: from the front when `ordered`, else each uniformly at random."""
    n = min(n, len(pool))
    if ordered:
        out = pool[:n]
        del pool[:n]
        return out
    return [pool.pop(rng.below(len(pool))) for _ in range(n)]
