"""Steps every Sumoku flow shares (dealing, rolling, placing, drawing, ending) and the
`apply` handlers of their events. Variant modules (classic.py, solitaire.py) decide when
each step happens.

Events (each with `seat`, None for the table):
  dealt {seat, tiles}  key_rolled {seat, key}  started {seat None, turn, stage, exchanges}
  placed {seat, tiles, score, lines, extra}  drew {seat, tiles}
  ended {seat None, reason, final, penalties, winners}
`apply` handlers are cheap: no validation, no line finding, no copies of the state.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.sumoku.scoring import PlayScore, evaluate_play, normalize
from engine.sumoku.state import SumokuState, draw
from engine.sumoku.tiles import KEY_FACES

Applier = Callable[[SumokuState, Event], None]


# ---- deciding -----------------------------------------------------------------------
def deal_events(state: SumokuState, rng: Rng, hand_size: int) -> tuple[list[Event], list[list[int]]]:
    """Deal `hand_size` tiles to each seat in turn, from a copy of the bag."""
    pool = list(state.bag)
    hands = [draw(pool, hand_size, rng, state.ordered_bag) for _ in range(state.seats)]
    return [event("dealt", s, tiles=list(h)) for s, h in enumerate(hands)], hands


def key_event(state: SumokuState, rng: Rng, seat: int) -> Event:
    """The key number: fixed by options["key"], else a roll of the die (3,3,4,4,5,5)."""
    fixed = state.options.get("key")
    key = int(fixed) if fixed is not None else rng.choice(KEY_FACES)
    return event("key_rolled", seat, key=key)


def actor(state: SumokuState, cmd: Command) -> int:
    """The seat a command comes from, checked to be the seat to play."""
    seat = cmd.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise RuleError("err.seat", seat=seat)
    if state.ended:
        raise RuleError("err.game_over")
    if seat != state.turn:
        raise RuleError("err.not_your_turn")
    return seat


def judge(state: SumokuState, seat: int, cmd: Command) -> tuple[list[list[int]], PlayScore]:
    """The placements of a place command, normalised, and their score; RuleError if illegal."""
    tiles = normalize(cmd.get("tiles"))
    assert state.key is not None
    result = evaluate_play(state.board, state.key, tiles, first_play=state.first_play,
                           scoring=state.scoring, hand=state.hands[seat])
    return tiles, result


def placed_event(seat: int, tiles: list[list[int]], score: int, result: PlayScore,
                 extra: bool) -> Event:
    return event("placed", seat, tiles=tiles, score=score,
                 lines=[line.to_data() for line in result.lines], extra=extra)


def remaining(hand: list[int], tiles: list[list[int]]) -> list[int]:
    used = {p[0] for p in tiles}
    return [t for t in hand if t not in used]


# ---- applying -----------------------------------------------------------------------
def take(bag: list[int], tiles: list[int]) -> None:
    """Remove drawn tiles from the bag (the front in the common case)."""
    n = len(tiles)
    if bag[:n] == tiles:
        del bag[:n]
    else:
        for t in tiles:
            bag.remove(t)


def apply_dealt(state: SumokuState, ev: Event) -> None:
    tiles = ev["tiles"]
    state.hands[ev["seat"]] = list(tiles)
    take(state.bag, tiles)


def apply_key_rolled(state: SumokuState, ev: Event) -> None:
    state.key = ev["key"]


def apply_started(state: SumokuState, ev: Event) -> None:
    state.turn = ev["turn"]
    state.stage = ev.get("stage", 0)
    state.exchanges_left = ev.get("exchanges", 0)


def apply_placed(state: SumokuState, ev: Event) -> None:
    seat = ev["seat"]
    hand = state.hands[seat]
    board = state.board
    tiles = ev["tiles"]
    for tile, r, c, v in tiles:
        hand.remove(tile)
        board[(r, c)] = (tile, v)
    state.scores[seat] += ev["score"]
    state.last_play = {"seat": seat, "tiles": tiles, "score": ev["score"], "lines": ev["lines"]}
    state.passes = 0
    state.idle = 0
    if ev["extra"]:
        state.extra_play = True
    else:
        state.extra_play = False
        state.turn = (seat + 1) % state.seats


def apply_drew(state: SumokuState, ev: Event) -> None:
    tiles = ev["tiles"]
    state.hands[ev["seat"]].extend(tiles)
    take(state.bag, tiles)


def apply_swap(state: SumokuState, ev: Event) -> None:
    """The tiles of an "exchanged" event: the drawn ones join the hand, the returned go
    to the back of the bag (tiles are drawn before the others go back)."""
    hand = state.hands[ev["seat"]]
    for t in ev["returned"]:
        hand.remove(t)
    hand.extend(ev["drawn"])
    take(state.bag, ev["drawn"])
    state.bag.extend(ev["returned"])


def apply_ended(state: SumokuState, ev: Event) -> None:
    state.ended = True
    state.turn = None
    state.extra_play = False
    state.end_reason = ev["reason"]
    state.final = list(ev["final"])
    state.penalties = list(ev["penalties"])
    state.winners = list(ev["winners"])


APPLY: dict[str, Applier] = {
    "dealt": apply_dealt, "key_rolled": apply_key_rolled, "started": apply_started,
    "placed": apply_placed, "drew": apply_drew, "ended": apply_ended,
}
