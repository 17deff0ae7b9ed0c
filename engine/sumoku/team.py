"""Team race (2-4 teams, any number of players each): every team takes its share of the
96 tiles (48 / 32 / 24) as a face-up pool and builds one shared grid; teammates put,
move and lift tiles at the same time. The first team whose pool is empty (and who owes
no return) with one connected valid grid wins, checked after every put and return.

A team may vote "we are stuck" (any member toggles it) while its grid is valid; any
other action of the team withdraws the vote. When every team is stuck, the fewest tiles
left in the pool wins; ties go to the team whose last put came earlier, then share.
Exchanges follow the speed race, but the 96 tiles are all dealt: with the bag empty an
exchange is refused, so in play the stuck vote is the way out.

Events of this flow besides the shared ones (flow.py):
  pool_dealt {seat None, team, tiles}   stuck_voted {seat, team, stuck}
"""
from __future__ import annotations

from typing import Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.sumoku import flow
from engine.sumoku.grid import grid_errors, grid_ok
from engine.sumoku.state import SumokuState, draw
from engine.sumoku.tiles import TILE_COUNT

Decider = Callable[[SumokuState, int, Command, Rng], list[Event]]


def team_count(state: SumokuState) -> int:
    return len(flow.race(state).grids)


def members(state: SumokuState, team: int) -> list[int]:
    return [s for s, tm in enumerate(flow.race(state).teams) if tm == team]


def to_act(state: SumokuState) -> frozenset[int]:
    if state.ended or not flow.race(state).live:
        return frozenset()
    return frozenset(range(state.seats))


def setup(state: SumokuState, rng: Rng) -> list[Event]:
    return [flow.countdown_event(state, 0, 1)]


def start_round(state: SumokuState, t: int, rng: Rng) -> list[Event]:
    """Deal each team its pool (96 / teams), roll the key, go."""
    n = team_count(state)
    pool = list(state.bag)
    events = [event("pool_dealt", None, team=tm, tiles=draw(pool, TILE_COUNT // n, rng, state.ordered_bag))
              for tm in range(n)]
    events.append(flow.key_event(state, rng, None))
    events.append(event("round_started", None, round=flow.race(state).round))
    return events


def _final(state: SumokuState, placed: list[int]) -> list[int]:
    """Per seat: the tiles on its team's grid (`placed` per team)."""
    return [placed[tm] for tm in flow.race(state).teams]


def _done_event(state: SumokuState, team: int, pool_after: int, grid: dict,
                owes: list[bool]) -> list[Event]:
    """The win of `team` if, after the command, its pool is empty, nobody owes a return
    and its grid is one valid grid."""
    if pool_after or any(owes[s] for s in members(state, team)) or not grid:
        return []
    if not grid_ok(grid, state.key or 1):
        return []
    placed = [len(g) for g in flow.race(state).grids]
    placed[team] = len(grid)
    return [event("ended", None, reason="team_done", final=_final(state, placed),
                  penalties=[0] * state.seats, winners=members(state, team))]


def decide_put(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    ev = flow.decide_put(state, seat, cmd)
    rs = flow.race(state)
    team = ev["owner"]
    pool_after = len(rs.pools[team]) - (1 if ev["from"] is None else 0)
    if pool_after:
        return [ev]
    grid = dict(rs.grids[team])
    if ev["from"] is not None:
        del grid[tuple(ev["from"])]
    grid[tuple(ev["cell"])] = (ev["tile"], ev["value"])
    return [ev, *_done_event(state, team, pool_after, grid, rs.pending_return)]


def decide_lift(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [flow.decide_lift(state, seat, cmd)]


def decide_exchange(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [flow.decide_exchange(state, seat, cmd, rng)]


def decide_return(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    ev = flow.decide_return(state, seat, cmd)
    rs = flow.race(state)
    team = ev["owner"]
    grid = dict(rs.grids[team])
    pool_after = len(rs.pools[team])
    if ev["cell"] is None:
        pool_after -= 1
    else:
        del grid[tuple(ev["cell"])]
    owes = list(rs.pending_return)
    owes[seat] = False
    return [ev, *_done_event(state, team, pool_after, grid, owes)]


def decide_stuck(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    rs = flow.race(state)
    team = rs.teams[seat]
    if rs.stuck[team]:
        return [event("stuck_voted", seat, team=team, stuck=False)]
    errors = grid_errors(rs.grids[team], state.key or 1)
    if errors:
        raise RuleError("err.sumoku.stuck_invalid", problems=len(errors))
    events = [event("stuck_voted", seat, team=team, stuck=True)]
    if all(rs.stuck[tm] or tm == team for tm in range(team_count(state))):
        events.append(stuck_end(state))
    return events


def stuck_end(state: SumokuState) -> Event:
    """Every team is stuck: the fewest tiles left wins; ties to the earlier last put
    (a team that never put anything comes last), then shared."""
    rs = flow.race(state)
    left = [len(p) for p in rs.pools]
    fewest = min(left)
    tied = [tm for tm in range(team_count(state)) if left[tm] == fewest]
    if len(tied) > 1:
        never = max((x for x in rs.last_put if x is not None), default=0) + 1
        times = {tm: never if rs.last_put[tm] is None else rs.last_put[tm] for tm in tied}
        first = min(times.values())
        tied = [tm for tm in tied if times[tm] == first]
    winners = [s for tm in tied for s in members(state, tm)]
    return event("ended", None, reason="stuck", final=_final(state, [len(g) for g in rs.grids]),
                 penalties=[0] * state.seats, winners=sorted(winners))


DECIDE: dict[str, Decider] = {
    "put": decide_put, "lift": decide_lift, "exchange": decide_exchange,
    "return": decide_return, "stuck": decide_stuck,
}


def decide(state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
    return flow.race_decide(state, cmd, rng, DECIDE, start_round, to_act)


# ---- applying -----------------------------------------------------------------------
def apply_pool_dealt(state: SumokuState, ev: Event) -> None:
    flow.race(state).pools[ev["team"]] = list(ev["tiles"])
    flow.take(state.bag, ev["tiles"])


def _withdraw(state: SumokuState, ev: Event) -> None:
    flow.race(state).stuck[ev["owner"]] = False


def apply_put(state: SumokuState, ev: Event) -> None:
    flow.apply_put(state, ev)
    rs = flow.race(state)
    rs.stuck[ev["owner"]] = False
    rs.last_put[ev["owner"]] = ev["at"]
    rs.placer[ev["tile"]] = ev["seat"]


def apply_lifted(state: SumokuState, ev: Event) -> None:
    flow.apply_lifted(state, ev)
    _withdraw(state, ev)
    flow.race(state).placer.pop(ev["tile"], None)


def apply_exchanged(state: SumokuState, ev: Event) -> None:
    flow.apply_exchanged(state, ev)
    _withdraw(state, ev)


def apply_returned(state: SumokuState, ev: Event) -> None:
    flow.apply_returned(state, ev)
    _withdraw(state, ev)
    flow.race(state).placer.pop(ev["tile"], None)


def apply_stuck_voted(state: SumokuState, ev: Event) -> None:
    flow.race(state).stuck[ev["team"]] = ev["stuck"]


APPLY: dict[str, flow.Applier] = {
    **flow.RACE_APPLY, "pool_dealt": apply_pool_dealt, "put": apply_put,
    "lifted": apply_lifted, "exchanged": apply_exchanged, "returned": apply_returned,
    "stuck_voted": apply_stuck_voted,
}
