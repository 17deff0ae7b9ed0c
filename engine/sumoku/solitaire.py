"""Solitaire (1 seat): 16 tiles, then 10 more each time the hand is used up, until all 96
are placed (won). One exchange per stage (return 1, draw 2); "stop" ends a game that
cannot go on; a tick at or past options["time_limit_s"] (the session-stamped time)
ends a game against the clock.
The score is the number of tiles placed.

Events of this flow besides the shared ones (flow.py):
  stage_began {seat None, stage}   exchanged {seat, returned, drawn}
"""
from __future__ import annotations

from typing import Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.sumoku import flow
from engine.sumoku.scoring import check_tiles_in_hand, tile_list
from engine.sumoku.state import SumokuState, draw

FIRST_HAND = 16
STAGE_DRAW = 10
EXCHANGES_PER_STAGE = 1
EXCHANGE_DRAW = 2

Decider = Callable[[SumokuState, int, Command, Rng], list[Event]]


def setup(state: SumokuState, rng: Rng) -> list[Event]:
    events, _ = flow.deal_events(state, rng, FIRST_HAND)
    events.append(flow.key_event(state, rng, 0))
    events.append(event("started", None, turn=0, stage=1, exchanges=EXCHANGES_PER_STAGE))
    return events


def _ended(reason: str, placed: int) -> Event:
    won = reason == "all_placed"
    return event("ended", None, reason=reason, final=[placed], penalties=[0],
                 winners=[0] if won else [])


def decide_place(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    tiles, result = flow.judge(state, seat, cmd)
    events = [flow.placed_event(seat, tiles, len(tiles), result, False)]
    if not flow.remaining(state.hands[seat], tiles):
        if not state.bag:
            events.append(_ended("all_placed", state.scores[seat] + len(tiles)))
        else:
            drawn = draw(list(state.bag), STAGE_DRAW, rng, state.ordered_bag)
            events.append(event("stage_began", None, stage=state.stage + 1))
            events.append(event("drew", seat, tiles=drawn))
    return events


def decide_exchange(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    if state.exchanges_left <= 0:
        raise RuleError("err.sumoku.exchange_used")
    tiles = tile_list(cmd.get("tiles"))
    if len(tiles) != 1:
        raise RuleError("err.sumoku.exchange_one")
    check_tiles_in_hand(tiles, state.hands[seat])
    if not state.bag:
        raise RuleError("err.sumoku.bag_empty")
    drawn = draw(list(state.bag), EXCHANGE_DRAW, rng, state.ordered_bag)
    return [event("exchanged", seat, returned=tiles, drawn=drawn)]


def decide_stop(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    return [_ended("stopped", state.scores[seat])]


def decide_pass(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    raise RuleError("err.sumoku.solitaire_pass")


def deadline(state: SumokuState) -> int | None:
    """When time is up (ms of game time) in a game against the clock, else None."""
    limit = state.options.get("time_limit_s")
    return int(limit) * 1000 if limit else None


def decide_tick(state: SumokuState, cmd: Command) -> list[Event]:
    """A tick at the session-stamped time `t` on or past the deadline: time is up. (Ticks
    from before issue 8 carried the scene's "elapsed_ms"; the stamped time is the clock.)"""
    due = deadline(state)
    if state.ended or due is None or flow.now(cmd) < due:
        return []
    return [_ended("time", state.scores[0])]


DECIDE: dict[str, Decider] = {
    "place": decide_place, "exchange": decide_exchange, "stop": decide_stop, "pass": decide_pass,
}


def decide(state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
    kind = cmd.get("type")
    if kind == "tick":
        return decide_tick(state, cmd)
    handler = DECIDE.get(kind)  # type: ignore[arg-type]
    if handler is None:
        raise RuleError("err.bad_command")
    return handler(state, flow.actor(state, cmd), cmd, rng)


# ---- applying -----------------------------------------------------------------------
def apply_stage_began(state: SumokuState, ev: Event) -> None:
    state.stage = ev["stage"]
    state.exchanges_left = EXCHANGES_PER_STAGE


def apply_exchanged(state: SumokuState, ev: Event) -> None:
    flow.apply_swap(state, ev)
    state.exchanges_left -= 1


APPLY: dict[str, flow.Applier] = {"stage_began": apply_stage_began, "exchanged": apply_exchanged}
