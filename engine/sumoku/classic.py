"""The classic game (1-8 seats): turns clockwise, refills to 8, an extra play for a line
of exactly 6, passes, the exchange house rule, the end and the hand penalty.

The game ends when a seat is out of tiles with the bag empty ("out"), after a full round
of passes ("passes"), or after IDLE_ROUNDS full rounds without a tile placed ("idle").

Events of this flow besides the shared ones (flow.py):
  passed {seat, declined}   declined = an extra play turned down (not a pass of a turn)
  exchanged {seat, returned, drawn}
"""
from __future__ import annotations

from typing import Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.sumoku import flow
from engine.sumoku.scoring import check_tiles_in_hand, tile_list
from engine.sumoku.state import SumokuState, draw
from engine.sumoku.tiles import HAND_SIZE, hand_value

# With the exchange house rule a table where nobody can play could swap tiles forever:
# as in Scrabble's "six scoreless turns", 3 full rounds without a tile placed end the game.
IDLE_ROUNDS = 3

Decider = Callable[[SumokuState, int, Command, Rng], list[Event]]


def setup(state: SumokuState, rng: Rng) -> list[Event]:
    """Deal 8 to each seat; the lowest hand total (earliest seat on ties) rolls and starts."""
    events, hands = flow.deal_events(state, rng, HAND_SIZE)
    totals = [hand_value(h) for h in hands]
    starter = totals.index(min(totals))
    events.append(flow.key_event(state, rng, starter))
    events.append(event("started", None, turn=starter))
    return events


def winners_of(final: list[int]) -> list[int]:
    """Every seat with the best total: ties share the win."""
    best = max(final)
    return [s for s, v in enumerate(final) if v == best]


def classic_end(reason: str, scores: list[int], hands: list[list[int]]) -> Event:
    """End of a classic game: each seat loses the face value left in hand. `scores` and
    `hands` are as they will be once the events before this one are applied."""
    penalties = [hand_value(h) for h in hands]
    final = [s - p for s, p in zip(scores, penalties)]
    return event("ended", None, reason=reason, final=final, penalties=penalties,
                 winners=winners_of(final))


def _end_of_turn(state: SumokuState, seat: int, left: list[int], gain: int, rng: Rng) -> list[Event]:
    """Refill `seat` (holding `left`) to 8; a seat out of tiles with the bag empty ends the game."""
    drawn = draw(list(state.bag), max(0, HAND_SIZE - len(left)), rng, state.ordered_bag)
    events = [event("drew", seat, tiles=drawn)] if drawn else []
    if not left and not drawn:
        hands = [list(h) for h in state.hands]
        hands[seat] = []
        scores = list(state.scores)
        scores[seat] += gain
        events.append(classic_end("out", scores, hands))
    return events


def decide_place(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    tiles, result = flow.judge(state, seat, cmd)
    left = flow.remaining(state.hands[seat], tiles)
    # An extra play needs a tile to play it with: with an empty hand it lapses.
    extra = result.makes_six and bool(left)
    events = [flow.placed_event(seat, tiles, result.score, result, extra)]
    if not extra:
        events += _end_of_turn(state, seat, left, result.score, rng)
    return events


def decide_pass(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    if state.extra_play:  # turning down the extra play: refill and the turn moves on
        return [event("passed", seat, declined=True),
                *_end_of_turn(state, seat, list(state.hands[seat]), 0, rng)]
    events = [event("passed", seat, declined=False)]
    if state.passes + 1 >= state.seats:  # a full round of passes: nobody can play on
        events.append(classic_end("passes", list(state.scores), state.hands))
    elif state.idle + 1 >= IDLE_ROUNDS * state.seats:
        events.append(classic_end("idle", list(state.scores), state.hands))
    return events


def decide_exchange(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    if not state.options.get("exchange"):
        raise RuleError("err.sumoku.exchange_off")
    if state.extra_play:
        raise RuleError("err.sumoku.exchange_extra")
    tiles = tile_list(cmd.get("tiles"))
    if not tiles:
        raise RuleError("err.sumoku.exchange_empty")
    check_tiles_in_hand(tiles, state.hands[seat])
    if len(state.bag) < len(tiles):
        raise RuleError("err.sumoku.exchange_bag", bag=len(state.bag), count=len(tiles))
    drawn = draw(list(state.bag), len(tiles), rng, state.ordered_bag)
    events = [event("exchanged", seat, returned=tiles, drawn=drawn)]
    if state.idle + 1 >= IDLE_ROUNDS * state.seats:
        hands = [list(h) for h in state.hands]
        hands[seat] = [x for x in hands[seat] if x not in tiles] + drawn
        events.append(classic_end("idle", list(state.scores), hands))
    return events


def decide_stop(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
    raise RuleError("err.sumoku.stop_classic")


DECIDE: dict[str, Decider] = {
    "place": decide_place, "pass": decide_pass, "exchange": decide_exchange, "stop": decide_stop,
}


def decide(state: SumokuState, cmd: Command, rng: Rng) -> list[Event]:
    kind = cmd.get("type")
    if kind == "tick":  # classic has no clock
        return []
    handler = DECIDE.get(kind)  # type: ignore[arg-type]
    if handler is None:
        raise RuleError("err.bad_command")
    return handler(state, flow.actor(state, cmd), cmd, rng)


# ---- applying -----------------------------------------------------------------------
def apply_passed(state: SumokuState, ev: Event) -> None:
    state.extra_play = False
    if not ev["declined"]:
        state.passes += 1
        state.idle += 1
    state.turn = (ev["seat"] + 1) % state.seats


def apply_exchanged(state: SumokuState, ev: Event) -> None:
    flow.apply_swap(state, ev)
    state.passes = 0
    state.idle += 1
    state.turn = (ev["seat"] + 1) % state.seats


APPLY: dict[str, flow.Applier] = {"passed": apply_passed, "exchanged": apply_exchanged}
