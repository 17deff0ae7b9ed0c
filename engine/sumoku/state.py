"""The Sumoku game state (mutated in place by `apply`) and the draws from the bag."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core.rng import Rng
from engine.sumoku.board import Cell
from engine.sumoku.spec import RACES, SPEC
from engine.sumoku.tiles import TILE_COUNT

COUNTDOWN_MS = 3000                     # the "3-2-1" before each round of a race
RESULT_MS = 4000                        # a round's result on screen before the next countdown


@dataclass
class RaceState:
    """What the real-time variants add. `grids` and `pools` are indexed by owner: the seat
    in the speed race, the team in the team race (speed hands stay in `SumokuState.hands`)."""
    countdown_ms: int = COUNTDOWN_MS
    round: int = 0
    starts_at: int | None = None        # when the counting-down round starts (ms)
    live: bool = False                  # a round is being played
    grids: list[dict[Cell, tuple[int, int]]] = field(default_factory=list)
    pools: list[list[int]] = field(default_factory=list)          # team
    out: list[bool] = field(default_factory=list)                 # speed, grab: out of this round
    pending_return: list[bool] = field(default_factory=list)      # speed, team: owes a return
    wins: list[int] = field(default_factory=list)                 # speed
    streak: list[int] = field(default_factory=list)               # speed
    centre: list[int] = field(default_factory=list)               # grab
    won: list[list[int]] = field(default_factory=list)            # grab
    sit_out: list[bool] = field(default_factory=list)             # grab: sits out this round
    sit_next: list[bool] = field(default_factory=list)            # grab: sits out the next round
    teams: list[int] = field(default_factory=list)                # team per seat
    stuck: list[bool] = field(default_factory=list)               # team
    last_put: list[int | None] = field(default_factory=list)      # team: t of its last put
    placer: dict[int, int] = field(default_factory=dict)          # team: grid tile -> seat
    last_call: dict[str, Any] | None = None                       # the last call or claim

    def to_data(self) -> dict[str, Any]:
        return {
            "countdown_ms": self.countdown_ms, "round": self.round, "starts_at": self.starts_at,
            "live": self.live,
            "grids": [sorted([r, c, t, v] for (r, c), (t, v) in g.items()) for g in self.grids],
            "pools": [sorted(p) for p in self.pools], "out": list(self.out),
            "pending_return": list(self.pending_return), "wins": list(self.wins),
            "streak": list(self.streak), "centre": sorted(self.centre),
            "won": [sorted(w) for w in self.won], "sit_out": list(self.sit_out),
            "sit_next": list(self.sit_next), "teams": list(self.teams), "stuck": list(self.stuck),
            "last_put": list(self.last_put), "placer": sorted([t, s] for t, s in self.placer.items()),
            "last_call": self.last_call,
        }


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
    race: RaceState | None = None       # the real-time variants only

    def to_data(self) -> dict[str, Any]:
        """Plain, canonical data for hashing: sorted board cells, sorted hands."""
        data = {
            "seats": self.seats, "variant": self.variant, "scoring": self.scoring,
            "bag": list(self.bag), "hands": [sorted(h) for h in self.hands],
            "board": sorted([r, c, t, v] for (r, c), (t, v) in self.board.items()),
            "key": self.key, "scores": list(self.scores), "turn": self.turn,
            "extra_play": self.extra_play, "passes": self.passes, "idle": self.idle,
            "stage": self.stage, "exchanges_left": self.exchanges_left, "ended": self.ended,
            "end_reason": self.end_reason, "final": self.final, "penalties": self.penalties,
            "winners": self.winners,
        }
        if self.race is not None:
            data["race"] = self.race.to_data()
        return data

    @property
    def first_play(self) -> bool:
        return not self.board


def new_state(seats: int, options: Mapping[str, Any]) -> SumokuState:
    """The state before setup, with the options checked against the spec (ValueError when
    unusable: the variant, its seats, each declared option's value; here only the shapes
    the spec leaves to the rules: a fixed bag, the teams)."""
    opts = dict(options)
    chosen = SPEC.option_values(opts)
    variant = str(opts.get("variant") or SPEC.default_variant.id)
    scoring = str(chosen["scoring"])
    order = opts.get("bag_order")
    if order is not None:
        if sorted(order) != list(range(TILE_COUNT)):
            raise ValueError("bag_order must hold each tile id 0..95 once")
        bag = [int(t) for t in order]
    else:
        bag = list(range(TILE_COUNT))
    state = SumokuState(seats=seats, options=opts, variant=variant, scoring=scoring,
                        ordered_bag=order is not None, bag=bag,
                        hands=[[] for _ in range(seats)], scores=[0] * seats)
    if variant in RACES:
        state.race = new_race(variant, seats, opts)
    return state


def team_of_seats(seats: int, options: Mapping[str, Any]) -> list[int]:
    """options["teams"] (a team index per seat, 2-4 teams, none empty) checked, or the
    default: alternate seats into 2 teams."""
    teams = options.get("teams")
    if teams is None:
        return [s % 2 for s in range(seats)]
    if (not isinstance(teams, (list, tuple)) or len(teams) != seats
            or any(isinstance(x, bool) or not isinstance(x, int) for x in teams)):
        raise ValueError("teams must give a team index for every seat")
    count = max(teams) + 1
    if min(teams) < 0 or not 2 <= count <= 4 or set(teams) != set(range(count)):
        raise ValueError("teams must number 2-4 teams 0, 1, ... with a player in each")
    return [int(x) for x in teams]


def new_race(variant: str, seats: int, options: Mapping[str, Any]) -> RaceState:
    """The race's part of the state (`options` already checked by `new_state`)."""
    countdown = int(options.get("countdown_ms", COUNTDOWN_MS))
    race = RaceState(countdown_ms=countdown, pending_return=[False] * seats)
    if variant == "team":
        race.teams = team_of_seats(seats, options)
        n = max(race.teams) + 1
        race.grids = [{} for _ in range(n)]
        race.pools = [[] for _ in range(n)]
        race.stuck = [False] * n
        race.last_put = [None] * n
        return race
    race.out = [False] * seats
    if variant == "speed":
        race.grids = [{} for _ in range(seats)]
        race.wins = [0] * seats
        race.streak = [0] * seats
    else:
        race.won = [[] for _ in range(seats)]
        race.sit_out = [False] * seats
        race.sit_next = [False] * seats
    return race


def draw(pool: list[int], n: int, rng: Rng, ordered: bool) -> list[int]:
    """Take `n` tiles (or what is left) out of `pool`, a copy of the bag that `decide`
    owns: from the front when `ordered`, else each uniformly at random."""
    n = min(n, len(pool))
    if ordered:
        out = pool[:n]
        del pool[:n]
        return out
    return [pool.pop(rng.below(len(pool))) for _ in range(n)]
