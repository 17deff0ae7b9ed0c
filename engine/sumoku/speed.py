"""Speed race (2-8 seats, everyone at once): each round 10 tiles each and a new roll;
everyone builds their own grid; "Sumoku!" is checked at once. A right call wins the
round; a wrong call puts the caller out of the round and every other player still in
draws 2. Two round wins in a row or three in all win the match.

Rounds: a countdown (starts_at), then the tick at or after it collects every tile back
into the bag, deals 10 each, rolls and starts. A round in which everyone is out is void:
nobody scores, and a new deal follows the countdown.

Events of this flow besides the shared ones (flow.py):
  called {seat, right, reason, params}   round_won {seat, round}   round_void {seat None, round}
  drew {seat, tiles} (the wrong-call penalty draw)
"""
from __future__ import annotations

from typing import Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.sumoku import flow
from engine.sumoku.grid import grid_errors
from engine.sumoku.state import SumokuState, draw

HAND = 10
PENALTY_DRAW = 2
WINS_IN_A_ROW = 2
WINS_IN_ALL = 3

Decider = Callable[[SumokuState, int, Command, Rng], list[Event]]


def to_act(state: SumokuState) -> frozenset[int]:
    rs = flow.race(state)
    if state.ended or not rs.live:
        return frozenset()
    return frozenset(s for s in range(state.seats) if not rs.out[s])


def setup(state: SumokuState, rng: Rng) -> list[Event]:
    return [flow.countdown_event(state, 0, 1)]


def start_round(state: SumokuState, t: int, rng: Rng) -> list[Event]:
    """The tick that ends a countdown: every tile back into the bag, deal, roll, go."""
    rs = flow.race(state)
    tiles = flow.table_tiles(state)
    events: list[Event] = [event("collected", None, tiles=tiles)] if tiles else []
    pool = list(state.bag) + tiles
    for s in range(state.seats):
        events.append(event("dealt", s, tiles=draw(pool, HAND, rng, state.ordered_bag)))
    events.append(flow.key_event(state, rng, None))
    events.append(event("round_started", None, round=rs.round))
    return events


def penalty_draws(state: SumokuState, caller: int, rng: Rng) -> list[Event]:
    """Every other player still in draws 2: dealt one at a time round the table from the
    caller's left, so a short bag shares out what it has."""
    rs = flow.race(state)
    order = [(caller + i) % state.seats for i in range(1, state.seats)]
    order = [s for s in order if not rs.out[s]]
    pool = list(state.bag)
    got: dict[int, list[int]] = {s: [] for s in order}
    for _ in range(PENALTY_DRAW):
        for s in order:
            got[s] += draw(pool, 1, rng, state.ordered_bag)
    return [event("drew", s, tiles=got[s]) for s in order if got[s]]


def decide_call(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    rs = flow.race(state)
    if rs.pending_return[seat]:
        raise RuleError("err.sumoku.return_first")
    hand = state.hands[seat]
    t = flow.now(cmd)
    reason, params = None, {}
    if hand:
        reason, params = "err.sumoku.hand_left", {"count": len(hand)}
    elif not rs.grids[seat]:
        reason = "err.sumoku.grid_empty"
    else:
        errors = grid_errors(rs.grids[seat], state.key or 1)
        if errors:
            reason, params = errors[0].code, dict(errors[0].params)
    if reason is None:
        events = [event("called", seat, right=True, reason=None, params={}),
                  event("round_won", seat, round=rs.round)]
        wins = rs.wins[seat] + 1
        if wins >= WINS_IN_ALL or rs.streak[seat] + 1 >= WINS_IN_A_ROW:
            final = list(rs.wins)
            final[seat] = wins
            events.append(event("ended", None, reason="rounds", final=final,
                                penalties=[0] * state.seats, winners=[seat]))
        else:
            events.append(flow.countdown_event(state, t, rs.round + 1))
        return events
    events = [event("called", seat, right=False, reason=reason, params=params)]
    if all(rs.out[s] or s == seat for s in range(state.seats)):
        events.append(event("round_void", None, round=rs.round))
        events.append(flow.countdown_event(state, t, rs.round + 1))
    else:
        events += penalty_draws(state, seat, rng)
    return events


def decide_put(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [flow.decide_put(state, seat, cmd)]


def decide_lift(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [flow.decide_lift(state, seat, cmd)]


def decide_exchange(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [flow.decide_exchange(state, seat, cmd, rng)]


def decide_return(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [flow.decide_return(state, seat, cmd)]


DECIDE: dict[str, Decider] = {
    "put": decide_put, "lift": decide_lift, "exchange": decide_exchange,
    "return": decide_return, "call": decide_call,
}


def decide(state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
    rs = flow.race(state)
    last = rs.last_call
    if (cmd.get("type") == "call" and not state.ended and not rs.live and rs.starts_at is not None
            and last is not None and last["right"]):
        by = last["seat"]  # a call just after the winning one: too late
        if flow.seat_of(state, cmd) != by:
            raise RuleError("err.sumoku.called_first", seat=by, player=by + 1)
    return flow.race_decide(state, cmd, rng, DECIDE, start_round, to_act)


# ---- applying -----------------------------------------------------------------------
def apply_called(state: SumokuState, ev: Event) -> None:
    rs = flow.race(state)
    rs.last_call = flow.call_record(ev)
    if not ev["right"]:
        rs.out[ev["seat"]] = True


def apply_round_won(state: SumokuState, ev: Event) -> None:
    rs = flow.race(state)
    seat = ev["seat"]
    rs.live = False
    rs.wins[seat] += 1
    for s in range(state.seats):
        rs.streak[s] = rs.streak[s] + 1 if s == seat else 0


def apply_round_void(state: SumokuState, ev: Event) -> None:
    flow.race(state).live = False


APPLY: dict[str, flow.Applier] = {
    **flow.RACE_APPLY, "called": apply_called, "round_won": apply_round_won,
    "round_void": apply_round_void,
}
