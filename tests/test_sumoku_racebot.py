"""Race bots: whole races through race_out (every command accepted), hard against easy,
exchanges of unsolvable hands, replanning after a wrong call and after a teammate's move."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.hashing import state_hash
from engine.core.race import race_out
from engine.sumoku.arrange import layout_ok, solvable
from engine.sumoku.racebot import PACES, RaceBot
from engine.sumoku.rules import SumokuRules
from engine.sumoku.tiles import bag_starting_with, colour, tile_id, values

RULES = SumokuRules()


def race(variant: str, bots: dict[int, Any], seats: int, seed: int, **options: Any):
    refused: list = []
    session = race_out(RULES, seats, bots, options={"variant": variant, **options}, seed=seed,
                       refused=refused)
    return session, refused


def kinds(session, kind: str, seat: int | None = None) -> list[dict]:
    return [ev for ev in session.events if ev["type"] == kind and (seat is None or ev["seat"] == seat)]


@pytest.mark.parametrize("variant,seats,levels", [
    ("speed", 3, ["hard", "normal", "easy"]),
    ("grab", 3, ["hard", "normal", "easy"]),
    ("team", 4, ["hard", "easy", "normal", "hard"]),
])
def test_bots_race_to_the_end_with_legal_commands(variant: str, seats: int, levels: list[str]) -> None:
    for seed in (1, 2):
        bots = {s: RaceBot(levels[s], seed * 10 + s) for s in range(seats)}
        session, refused = race(variant, bots, seats, seed)
        out = session.outcome()
        assert out is not None and out.winners
        assert refused == []
        assert state_hash(RULES.to_data(session.refold())) == session.hash()
        if variant == "speed":
            for ev in kinds(session, "called"):
                assert ev["right"]


def test_hard_beats_easy_in_speed_races() -> None:
    for seed in range(3):
        hard = seed % 2           # the hard bot sits at either seat
        bots = {hard: RaceBot("hard", seed), 1 - hard: RaceBot("easy", seed + 100)}
        session, refused = race("speed", bots, 2, seed)
        assert session.outcome().winners == [hard]
        assert refused == []


def test_team_bots_share_the_work() -> None:
    bots = {s: RaceBot("hard", s) for s in range(4)}
    session, refused = race("team", bots, 4, 5)
    assert refused == []
    winners = session.outcome().winners
    puts = {s: len(kinds(session, "put", s)) for s in winners}
    assert all(n >= 15 for n in puts.values())     # both teammates placed a fair share


def clumped_deal() -> list[int]:
    """Seat 0 gets seven orange tiles and three others: no layout exists."""
    hand = [tile_id(0, n) for n in (1, 2, 3, 4, 5, 7, 8)] + [tile_id(1, 1), tile_id(2, 2), tile_id(3, 3)]
    assert not solvable(hand, 5)
    return bag_starting_with(hand)


def test_unsolvable_hand_is_exchanged() -> None:
    session, refused = race("speed", {0: RaceBot("hard", 3)}, 2, 1, key=5, bag_order=clumped_deal())
    assert refused == []
    assert session.outcome().winners == [0]
    first_round = [ev for ev in session.events if ev["type"] in ("exchanged", "returned", "called")]
    assert first_round[0]["type"] == "exchanged" and first_round[1]["type"] == "returned"
    assert colour(first_round[1]["tile"]) == 0     # an orange tile goes back
    assert any(ev["type"] == "called" and ev["right"] for ev in first_round)


class WrongCaller:
    """Calls "Sumoku!" at once in the first round (a wrong call), then does nothing."""
    level = "scripted"

    def __init__(self) -> None:
        self.done = False

    def plan(self, view: dict, seat: int, now_ms: int):
        if self.done or not view.get("live") or seat not in view["to_act"]:
            return None
        self.done = True
        return now_ms + 10, {"type": "call", "seat": seat}


def test_bot_replans_after_penalty_tiles() -> None:
    session, refused = race("speed", {0: RaceBot("hard", 4), 1: WrongCaller()}, 2, 6)
    assert refused == []
    wrong = kinds(session, "called", 1)
    assert wrong and not wrong[0]["right"]
    drew = kinds(session, "drew", 0)
    assert drew and len(drew[0]["tiles"]) == 2
    calls = kinds(session, "called", 0)
    assert calls[0]["right"]
    # the winning grid of round 1 held 12 tiles
    grid_tiles = [ev for ev in session.events if ev["type"] == "put" and ev["seat"] == 0
                  and ev["seq"] < calls[0]["seq"]]
    assert len({ev["tile"] for ev in grid_tiles}) >= 12


class Meddler:
    """A human teammate who drops one pool tile far from the grid, a while in."""
    level = "scripted"

    def __init__(self, at: int) -> None:
        self.at = at
        self.cmd: dict | None = None

    def plan(self, view: dict, seat: int, now_ms: int):
        if not view.get("live"):
            return None
        pool = view["pools"][view["teams"][seat]]
        if self.cmd is None and pool and now_ms > 0:
            tile = pool[-1]
            self.cmd = {"type": "put", "seat": seat, "tile": tile, "cell": [40, 40],
                        "value": values(tile)[0]}
        if self.cmd is None or self.cmd["tile"] not in pool:
            return None
        return max(now_ms, self.at), self.cmd


def test_team_bot_recovers_from_a_teammates_move() -> None:
    bots = {0: RaceBot("hard", 1), 2: Meddler(12000)}
    session, refused = race("team", bots, 4, 8)
    assert session.outcome().winners == [0, 2]
    assert kinds(session, "put", 2)
    assert len(refused) <= 2
    grid = {}
    for ev in session.events:
        if ev["type"] == "put" and ev["owner"] == 0:
            if ev["from"] is not None:
                del grid[tuple(ev["from"])]
            grid[tuple(ev["cell"])] = (ev["tile"], ev["value"])
        elif ev["type"] == "lifted" and ev["owner"] == 0:
            del grid[tuple(ev["cell"])]
    assert layout_ok(grid, session.state.key)


def test_plan_is_stable_and_waits_between_rounds() -> None:
    from engine.core.race import SimClock
    from engine.core.session import LocalSession
    clock = SimClock()
    s = LocalSession(RULES, 2, {"variant": "speed"}, seed=3, log=False, clock=clock)
    bot = RaceBot("normal", 1)
    assert bot.plan(s.view(0), 0, 0) is None          # counting down: nothing to do
    clock.ms = s.view(0)["starts_at"]
    s.submit({"type": "tick", "seat": None})
    first = bot.plan(s.view(0), 0, clock.ms)
    assert first is not None and first == bot.plan(s.view(0), 0, clock.ms + 5)
    pace = PACES["normal"]
    assert clock.ms + 0.7 * pace.see_ms <= first[0] <= clock.ms + 1.3 * pace.see_ms
    # running the plan gives a legal command each time until the call
    for _ in range(40):
        at, cmd = bot.plan(s.view(0), 0, clock.ms)
        clock.ms = at
        s.submit(cmd)
        if cmd["type"] == "call":
            break
    assert s.view(0)["wins"][0] == 1


def test_grab_bot_claims_are_right() -> None:
    bots = {s: RaceBot(("hard", "easy")[s % 2], s) for s in range(4)}
    session, refused = race("grab", bots, 4, 11)
    claims = kinds(session, "claimed")
    assert claims and all(ev["right"] for ev in claims)
    assert session.outcome().winners
