"""Real-time grab (2-8 seats): tiles face up in the centre, one key for the game; the
first to claim 4 tiles of 4 colours whose values sum to the multiple of the key they
call takes them. A wrong claim puts the claimer out of the round and sends their 4 most
recently won tiles back to the bag (with fewer than 4 won they sit out the next round).
The first to hold 16 tiles (2-4 seats) or 12 (5-8) wins.

Rounds: a countdown, then the tick at or after it refills the centre to 10 and starts.
A centre that holds no valid set turns up one more tile at a time until it does; when
the bag is empty and the centre holds no set, the game ends and the most tiles win
(ties share). A round in which every player is out (or sits out) ends with no claim;
the next one keeps the centre.

Events of this flow besides the shared ones (flow.py):
  centre_drawn {seat None, tiles}
  claimed {seat, tiles, values, multiple, right, reason, params, forfeit, sit_next}
  round_void {seat None, round}
"""
from __future__ import annotations

from itertools import combinations, product
from typing import Any, Callable, Iterable, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.sumoku import flow
from engine.sumoku.scoring import _tile_params
from engine.sumoku.state import SumokuState, draw
from engine.sumoku.tiles import TILE_COUNT, colour, values

CENTRE = 10
SET_SIZE = 4

Decider = Callable[[SumokuState, int, Command, Rng], list[Event]]


def goal(seats: int) -> int:
    """Tiles to win: 16 with 2-4 players, 12 with 5-8."""
    return 16 if seats <= 4 else 12


def find_set(tiles: Iterable[int], key: int) -> tuple[list[int], list[int]] | None:
    """A valid claim among `tiles` (4 tiles of 4 colours, values summing to a multiple of
    `key`, a 6 counting 6 or 9) as (tiles, values), or None."""
    by_colour: dict[int, list[int]] = {}
    for t in sorted(tiles):
        by_colour.setdefault(colour(t), []).append(t)
    for colours in combinations(sorted(by_colour), SET_SIZE):
        for pick in product(*(by_colour[c] for c in colours)):
            for vals in product(*(values(t) for t in pick)):
                if sum(vals) % key == 0:
                    return list(pick), list(vals)
    return None


def to_act(state: SumokuState) -> frozenset[int]:
    rs = flow.race(state)
    if state.ended or not rs.live:
        return frozenset()
    return frozenset(s for s in range(state.seats) if not rs.out[s] and not rs.sit_out[s])


def setup(state: SumokuState, rng: Rng) -> list[Event]:
    return [flow.countdown_event(state, 0, 1)]


def _most_tiles(counts: list[int]) -> list[int]:
    best = max(counts)
    return [s for s, n in enumerate(counts) if n == best]


def start_round(state: SumokuState, t: int, rng: Rng) -> list[Event]:
    rs = flow.race(state)
    events: list[Event] = []
    key = state.key
    if key is None:
        roll = flow.key_event(state, rng, None)
        events.append(roll)
        key = roll["key"]
    pool = list(state.bag)
    centre = list(rs.centre)
    drawn = draw(pool, max(0, CENTRE - len(centre)), rng, state.ordered_bag)
    while pool and find_set(centre + drawn, key) is None:
        drawn += draw(pool, 1, rng, state.ordered_bag)
    if drawn:
        events.append(event("centre_drawn", None, tiles=drawn))
    if find_set(centre + drawn, key) is None:
        counts = [len(w) for w in rs.won]
        events.append(event("ended", None, reason="no_sets", final=counts,
                            penalties=[0] * state.seats, winners=_most_tiles(counts)))
        return events
    events.append(event("round_started", None, round=rs.round))
    if all(rs.sit_next):
        events.append(event("round_void", None, round=rs.round))
        events.append(flow.countdown_event(state, t, rs.round + 1))
    return events


def _claim_parts(cmd: Command) -> tuple[list[int], list[int], int]:
    tiles, vals, multiple = cmd.get("tiles"), cmd.get("values"), cmd.get("multiple")

    def ints(x: Any) -> bool:
        return (isinstance(x, (list, tuple)) and len(x) == SET_SIZE
                and all(isinstance(v, int) and not isinstance(v, bool) for v in x))

    if (not ints(tiles) or not ints(vals) or isinstance(multiple, bool)
            or not isinstance(multiple, int) or len(set(tiles)) != SET_SIZE
            or any(not 0 <= t < TILE_COUNT for t in tiles)):
        raise RuleError("err.sumoku.bad_claim")
    for t, v in zip(tiles, vals):
        if v not in values(t):
            raise RuleError("err.sumoku.bad_value", value=v, **_tile_params(t))
    return list(tiles), list(vals), multiple


def _holder(state: SumokuState, tile: int) -> int | None:
    for s, won in enumerate(flow.race(state).won):
        if tile in won:
            return s
    return None


def claim_fault(tiles: Sequence[int], vals: Sequence[int], multiple: int,
                key: int) -> tuple[str, dict[str, Any]] | None:
    """Why a claim of centre tiles is wrong (catalog key, params), or None when right."""
    if len({colour(t) for t in tiles}) != SET_SIZE:
        return "err.sumoku.claim_colours", {}
    total = sum(vals)
    if total != multiple:
        return "err.sumoku.claim_sum", {"total": total, "multiple": multiple}
    if multiple <= 0 or multiple % key:
        return "err.sumoku.claim_multiple", {"multiple": multiple, "key_number": key}
    return None


def decide_claim(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    rs = flow.race(state)
    tiles, vals, multiple = _claim_parts(cmd)
    for tile in tiles:
        if tile not in rs.centre:
            holder = _holder(state, tile)
            if holder is None:
                raise RuleError("err.sumoku.not_in_centre", **_tile_params(tile))
            raise RuleError("err.sumoku.taken_by", seat=holder, player=holder + 1)
    t = flow.now(cmd)
    fault = claim_fault(tiles, vals, multiple, state.key or 1)
    claim = {"tiles": tiles, "values": vals, "multiple": multiple}
    if fault is None:
        events = [event("claimed", seat, **claim, right=True, reason=None, params={},
                        forfeit=[], sit_next=False)]
        counts = [len(w) for w in rs.won]
        counts[seat] += SET_SIZE
        if counts[seat] >= goal(state.seats):
            events.append(event("ended", None, reason="tiles", final=counts,
                                penalties=[0] * state.seats, winners=[seat]))
        else:
            events.append(flow.countdown_event(state, t, rs.round + 1))
        return events
    won = rs.won[seat]
    short = len(won) < SET_SIZE
    events = [event("claimed", seat, **claim, right=False, reason=fault[0], params=fault[1],
                    forfeit=[] if short else list(won[-SET_SIZE:]), sit_next=short)]
    if not any(s != seat for s in to_act(state)):
        events.append(event("round_void", None, round=rs.round))
        events.append(flow.countdown_event(state, t, rs.round + 1))
    return events


DECIDE: dict[str, Decider] = {"claim": decide_claim}


def _late(state: SumokuState, cmd: Command) -> None:
    """A claim that comes just after someone else's right claim (the round is over and
    counting down): it is told who took the tiles first."""
    rs = flow.race(state)
    last = rs.last_call
    if (cmd.get("type") != "claim" or state.ended or rs.live or last is None
            or not last.get("right") or rs.starts_at is None):
        return
    flow.seat_of(state, cmd)
    by = last["seat"]
    named = cmd.get("tiles")
    if isinstance(named, (list, tuple)) and any(t in last["tiles"] for t in named):
        raise RuleError("err.sumoku.taken_by", seat=by, player=by + 1)
    raise RuleError("err.sumoku.claimed_first", seat=by, player=by + 1)


def decide(state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
    _late(state, cmd)
    return flow.race_decide(state, cmd, rng, DECIDE, start_round, to_act)


# ---- applying -----------------------------------------------------------------------
def apply_centre_drawn(state: SumokuState, ev: Event) -> None:
    flow.race(state).centre.extend(ev["tiles"])
    flow.take(state.bag, ev["tiles"])


def apply_round_started(state: SumokuState, ev: Event) -> None:
    flow.apply_round_started(state, ev)
    rs = flow.race(state)
    rs.sit_out = list(rs.sit_next)
    rs.sit_next = [False] * state.seats


def apply_claimed(state: SumokuState, ev: Event) -> None:
    rs = flow.race(state)
    seat = ev["seat"]
    rs.last_call = flow.call_record(ev)
    if ev["right"]:
        rs.live = False
        for tile in ev["tiles"]:
            rs.centre.remove(tile)
        rs.won[seat].extend(ev["tiles"])
        return
    rs.out[seat] = True
    won = rs.won[seat]
    for tile in ev["forfeit"]:
        won.remove(tile)
    state.bag.extend(ev["forfeit"])
    rs.sit_next[seat] = ev["sit_next"]


def apply_round_void(state: SumokuState, ev: Event) -> None:
    flow.race(state).live = False


APPLY: dict[str, flow.Applier] = {
    "countdown": flow.apply_countdown, "round_started": apply_round_started,
    "centre_drawn": apply_centre_drawn, "claimed": apply_claimed, "round_void": apply_round_void,
}
