"""Steps every Sumoku flow shares (dealing, rolling, placing, drawing, ending) and the
`apply` handlers of their events. Variant modules (classic.py, solitaire.py) decide when
each step happens.

Events (each with `seat`, None for the table):
  dealt {seat, tiles}  key_rolled {seat, key}  started {seat None, turn, stage, exchanges}
  placed {seat, tiles, score, lines, extra}  drew {seat, tiles}
  ended {seat None, reason, final, penalties, winners}
`apply` handlers are cheap: no validation, no line finding, no copies of the state.

The real-time races (speed.py, grab.py, team.py) share the clock and the grid building:
  countdown {seat None, round, starts_at}  round_started {seat None, round}
  put {seat, owner, tile, cell, value, from, at}  lifted {seat, owner, tile, cell}
  exchanged {seat, owner, drawn}  returned {seat, owner, tile, cell}
  collected {seat None, tiles}   (every tile of the table back into the bag)
The owner of a grid and a store of loose tiles is the seat (speed) or the team (team).
"""
from __future__ import annotations

from typing import Any, Callable

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event, plain
from engine.core.rng import Rng
from engine.sumoku.board import Cell
from engine.sumoku.scoring import PlayScore, _tile_params, evaluate_play, normalize
from engine.sumoku.state import RaceState, SumokuState, draw
from engine.sumoku.tiles import KEY_FACES, TILE_COUNT, values

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


# ---- races: the clock and who may act --------------------------------------------------
GRID_LIMIT = 64  # a race grid stays within rows and columns -64..64


def race(state: SumokuState) -> RaceState:
    assert state.race is not None
    return state.race


def now(cmd: Command) -> int:
    """The command's time (ms since the start), stamped by the session or the relay."""
    t = cmd.get("t", 0)
    if isinstance(t, bool) or not isinstance(t, int):
        raise RuleError("err.bad_command")
    return t


def result_ms(state: SumokuState) -> int:
    """The pause that gives a round's result its own moment before the next countdown
    (options["result_ms"]; 0 when absent, as in logs made before it existed)."""
    return int(state.options.get("result_ms", 0))


def countdown_event(state: SumokuState, t: int, round_no: int) -> Event:
    """The "3-2-1" before round `round_no`: it starts at t + the countdown, and a round
    after the first one also waits out the last round's result (result_ms) first. The
    countdown proper is the last countdown_ms before starts_at."""
    pause = result_ms(state) if round_no > 1 else 0
    return event("countdown", None, round=round_no, starts_at=t + pause + race(state).countdown_ms)


def due(state: SumokuState, cmd: Command) -> bool:
    """Whether a tick at cmd["t"] starts the round that is counting down."""
    starts = race(state).starts_at
    return not state.ended and starts is not None and now(cmd) >= starts


def seat_of(state: SumokuState, cmd: Command) -> int:
    seat = cmd.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise RuleError("err.seat", seat=seat)
    return seat


def race_actor(state: SumokuState, cmd: Command, acting: frozenset[int]) -> int:
    """The seat of a race command, checked to be in the running round (`acting`)."""
    seat = seat_of(state, cmd)
    if state.ended:
        raise RuleError("err.game_over")
    rs = race(state)
    if not rs.live:
        raise RuleError("err.sumoku.not_started")
    if seat not in acting:
        raise RuleError("err.sumoku.sitting_out" if rs.sit_out and rs.sit_out[seat]
                        else "err.sumoku.out_of_round")
    return seat


def race_decide(state: SumokuState, cmd: Command, rng: Rng, deciders: dict[str, Any],
                start_round: Callable[[SumokuState, int, Rng], list[Event]],
                acting: Callable[[SumokuState], frozenset[int]]) -> list[Event]:
    """A race's decide: a due tick starts the round that is counting down (an early tick
    does nothing); any other command goes to its handler once its seat is checked."""
    kind = cmd.get("type")
    if kind == "tick":
        return start_round(state, now(cmd), rng) if due(state, cmd) else []
    handler = deciders.get(kind)  # type: ignore[arg-type]
    if handler is None:
        raise RuleError("err.bad_command")
    return handler(state, race_actor(state, cmd, acting(state)), cmd, rng)


def call_record(ev: Event) -> dict[str, Any]:
    """The last call or claim as the state keeps it (a fresh copy of the event's data)."""
    keep = ("seat", "right", "reason", "params", "tiles", "values", "multiple")
    return {k: plain(ev[k]) for k in keep if k in ev}


# ---- races: building a grid (speed and team) --------------------------------------------
def owner(state: SumokuState, seat: int) -> int:
    rs = race(state)
    return rs.teams[seat] if rs.teams else seat


def store(state: SumokuState, who: int) -> list[int]:
    """The loose tiles of an owner: the seat's hand (speed) or the team's pool."""
    rs = race(state)
    return rs.pools[who] if rs.teams else state.hands[who]


def cell_of(grid: dict[Cell, tuple[int, int]], tile: int) -> Cell | None:
    for cell, (t, _v) in grid.items():
        if t == tile:
            return cell
    return None


def _tile(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < TILE_COUNT:
        raise RuleError("err.bad_command")
    return x


def _cell(x: Any) -> Cell:
    if (not isinstance(x, (list, tuple)) or len(x) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > GRID_LIMIT for v in x)):
        raise RuleError("err.sumoku.bad_cell", limit=GRID_LIMIT)
    return (x[0], x[1])


def _where(state: SumokuState, who: int, tile: int) -> Cell | None:
    """None when the tile is loose in the owner's store, else its grid cell; RuleError
    when the owner does not hold it."""
    if tile in store(state, who):
        return None
    cell = cell_of(race(state).grids[who], tile)
    if cell is None:
        raise RuleError("err.sumoku.not_yours", **_tile_params(tile))
    return cell


def decide_put(state: SumokuState, seat: int, cmd: Command) -> Event:
    """A loose tile (or one already on the grid: a move) onto an empty cell. A 6 is given
    its value (6 or 9) anew at each put. An optional "from" ("pool"/"hand" or [r, c])
    says where the sender saw the tile, so a teammate's move in between is caught."""
    who = owner(state, seat)
    tile = _tile(cmd.get("tile"))
    cell = _cell(cmd.get("cell"))
    value = cmd.get("value", values(tile)[0])
    if isinstance(value, bool) or value not in values(tile):
        raise RuleError("err.sumoku.bad_value", value=value, **_tile_params(tile))
    grid = race(state).grids[who]
    src = _where(state, who, tile)
    if "from" in cmd:
        seen = cmd["from"]
        seen_cell = None if seen in ("pool", "hand", None) else _cell(seen)
        if seen_cell != src:
            raise RuleError("err.sumoku.teammate_moved", **_tile_params(tile))
    if cell in grid:
        there, _v = grid[cell]
        if there == tile:
            raise RuleError("err.sumoku.already_there", **_tile_params(tile))
        placer = race(state).placer.get(there)
        if placer is not None and placer != seat:
            raise RuleError("err.sumoku.teammate_cell", row=cell[0], col=cell[1])
        raise RuleError("err.sumoku.cell_taken", row=cell[0], col=cell[1], **_tile_params(there))
    return event("put", seat, owner=who, tile=tile, cell=[cell[0], cell[1]], value=value,
                 **{"from": None if src is None else [src[0], src[1]]}, at=now(cmd))


def decide_lift(state: SumokuState, seat: int, cmd: Command) -> Event:
    who = owner(state, seat)
    tile = _tile(cmd.get("tile"))
    cell = cell_of(race(state).grids[who], tile)
    if cell is None:
        raise RuleError("err.sumoku.not_on_grid", **_tile_params(tile))
    return event("lifted", seat, owner=who, tile=tile, cell=[cell[0], cell[1]])


EXCHANGE_DRAW = 2


def decide_exchange(state: SumokuState, seat: int, cmd: Command, rng: Rng) -> Event:
    """Draw 2 (or the one tile left) from the bag; a return must follow."""
    if race(state).pending_return[seat]:
        raise RuleError("err.sumoku.return_first")
    if not state.bag:
        raise RuleError("err.sumoku.bag_empty")
    drawn = draw(list(state.bag), EXCHANGE_DRAW, rng, state.ordered_bag)
    return event("exchanged", seat, owner=owner(state, seat), drawn=drawn)


def decide_return(state: SumokuState, seat: int, cmd: Command) -> Event:
    """One of the owner's tiles back to the bag: a loose one, or one lifted off the grid."""
    if not race(state).pending_return[seat]:
        raise RuleError("err.sumoku.no_return_owed")
    who = owner(state, seat)
    tile = _tile(cmd.get("tile"))
    src = _where(state, who, tile)
    return event("returned", seat, owner=who, tile=tile,
                 cell=None if src is None else [src[0], src[1]])


def table_tiles(state: SumokuState) -> list[int]:
    """Every tile out of the bag in a fixed order (hands, then grids by sorted cell):
    what goes back into the bag between speed rounds."""
    out = [t for hand in state.hands for t in hand]
    for grid in race(state).grids:
        out.extend(grid[cell][0] for cell in sorted(grid))
    return out


# ---- races: applying -----------------------------------------------------------------
def apply_countdown(state: SumokuState, ev: Event) -> None:
    rs = race(state)
    rs.round = ev["round"]
    rs.starts_at = ev["starts_at"]
    rs.live = False


def apply_round_started(state: SumokuState, ev: Event) -> None:
    rs = race(state)
    rs.starts_at = None
    rs.live = True
    rs.out = [False] * len(rs.out)
    rs.pending_return = [False] * state.seats


def apply_put(state: SumokuState, ev: Event) -> None:
    who = ev["owner"]
    grid = race(state).grids[who]
    src = ev["from"]
    if src is None:
        store(state, who).remove(ev["tile"])
    else:
        del grid[(src[0], src[1])]
    r, c = ev["cell"]
    grid[(r, c)] = (ev["tile"], ev["value"])


def apply_lifted(state: SumokuState, ev: Event) -> None:
    who = ev["owner"]
    r, c = ev["cell"]
    del race(state).grids[who][(r, c)]
    store(state, who).append(ev["tile"])


def apply_exchanged(state: SumokuState, ev: Event) -> None:
    store(state, ev["owner"]).extend(ev["drawn"])
    take(state.bag, ev["drawn"])
    race(state).pending_return[ev["seat"]] = True


def apply_returned(state: SumokuState, ev: Event) -> None:
    who = ev["owner"]
    cell = ev["cell"]
    if cell is None:
        store(state, who).remove(ev["tile"])
    else:
        del race(state).grids[who][(cell[0], cell[1])]
    state.bag.append(ev["tile"])
    race(state).pending_return[ev["seat"]] = False


def apply_collected(state: SumokuState, ev: Event) -> None:
    for hand in state.hands:
        hand.clear()
    for grid in race(state).grids:
        grid.clear()
    state.bag.extend(ev["tiles"])


RACE_APPLY: dict[str, Applier] = {
    "countdown": apply_countdown, "round_started": apply_round_started, "put": apply_put,
    "lifted": apply_lifted, "exchanged": apply_exchanged, "returned": apply_returned,
    "collected": apply_collected,
}

APPLY: dict[str, Applier] = {
    "dealt": apply_dealt, "key_rolled": apply_key_rolled, "started": apply_started,
    "placed": apply_placed, "drew": apply_drew, "ended": apply_ended,
}
