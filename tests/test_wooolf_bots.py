"""Wooolf!! bots: they finish seeded games at every seat count, their choice is a function
of their view alone (secrets they cannot see change nothing), they shuffle when looked
at, lie as the shepherd boy must and declare what the assistant makes likely; every
game's log refolds to the live state."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.logstore import read_log
from engine.core.rng import Rng
from engine.core.session import LocalSession, fold
from engine.registry import spec_for
from engine.wooolf.arena import seating, tally
from engine.wooolf.bot import LEVELS, WooolfBot
from engine.wooolf.rules import WooolfRules
from engine.wooolf.state import NOBODY
from engine.wooolf.scramble import scramble

RULES = WooolfRules()


@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
def test_bots_finish_games_and_logs_refold(seats, tmp_path):
    for g in range(2):
        levels = seating(seats, g)
        bots = {s: WooolfBot(levels[s], seed=g * 10 + s) for s in range(seats)}
        session = play_out(RULES, seats, bots, seed=40 + g, options={"advanced": g == 1},
                           log=True, log_dir=tmp_path)
        out = session.outcome()
        assert out is not None and out.winners
        assert RULES.to_data(session.refold()) == RULES.to_data(session.state)
        loaded = read_log(session.log_path, spec_for)
        assert loaded.error is None and len(loaded.events) == len(session.events)
        refolded = fold(RULES, seats, loaded.header["options"], loaded.events)
        assert RULES.to_data(refolded) == RULES.to_data(session.state)
        session.close()


def test_random_level_plays_legal_commands():
    session = play_out(RULES, 6, [WooolfBot("random", seed=s) for s in range(6)], seed=3)
    assert session.outcome() is not None
    with pytest.raises(ValueError):
        WooolfBot("expert")
    assert set(LEVELS) >= {"easy", "normal", "hard"}


def test_a_bot_reads_only_its_view():
    rng = Rng(2)
    checked = 0
    for game in range(3):                      # easy games can be short: 40 checks over a few
        session = LocalSession(RULES, 5, {}, seed=11 + game, log=False)
        bots = {s: WooolfBot(seating(5, game)[s], seed=s) for s in range(5)}
        while session.outcome() is None:
            seat = min(session.to_act())
            view = session.view(seat)
            cmd = bots[seat].choose(view, seat)
            if checked < 40:
                other = RULES.view(scramble(session.state, seat, rng), seat)
                other["status"] = view["status"]
                assert bots[seat].choose(other, seat) == cmd
                assert bots[seat].choose(view, seat) == cmd
                checked += 1
            session.submit(cmd)
    assert checked == 40


def test_hard_bot_shuffles_after_being_looked_at():
    session = LocalSession(RULES, 5, {"start": 1}, seed=4, log=False)
    for seat in (1, 2, 3, 4):
        session.submit({"type": "peek", "seat": seat, "target": 0, "pos": seat % 2})
    bot = WooolfBot("hard", seed=1)
    cmd = bot.choose(session.view(0), 0)
    assert cmd == {"type": "shuffle", "seat": 0}
    session.submit(cmd)
    nxt = bot.choose(session.view(0), 0)
    assert nxt["type"] in ("peek", "ask")


def test_bots_declare_what_they_know():
    # seat 1 is the wolf (B01); once nobody can be a sheep it declares 0 for its one target, early
    deal = ["B02", "B05", "B01", "B06", "B03", "B09", "B04", "B10", "B07", "B08"]
    session = LocalSession(RULES, 5, {"deals": [deal], "start": 1}, seed=1, log=False)
    bot = WooolfBot("hard", seed=0)
    peeks = [(0, 0), (0, 1), (2, 0), (2, 1)]
    for target, pos in peeks:
        session.submit({"type": "peek", "seat": 1, "target": target, "pos": pos})
        for seat in (2, 3, 4, 0):
            session.submit({"type": "peek", "seat": seat, "target": (seat + 2) % 5, "pos": 0})
    v = session.view(1)
    # the public markers and its own peeks leave one deal: nobody is a sheep
    assert bot.choose(v, 1) == {"type": "declare", "seat": 1, "arrows": [NOBODY]}
    assert WooolfBot("normal", seed=0).choose(v, 1) == {"type": "declare", "seat": 1, "arrows": [NOBODY]}


def test_shepherd_boy_bot_misdirects():
    """A hard shepherd-boy bot lays its (forced) "Wolf!" mostly on seats that are no wolf."""
    lies = truths = 0
    for g in range(6):
        levels = ["hard"] * 5
        session = play_out(RULES, 5, [WooolfBot(lv, seed=g * 7 + s) for s, lv in enumerate(levels)], seed=70 + g)
        ev = session.events
        cards = None
        for e in ev:
            if e["type"] == "round_dealt":
                cards = e["cards"]
            if e["type"] == "peeked" and e["announced"] == "wolf":
                from engine.wooolf.content import content
                c = content()
                if c.identity(cards[e["seat"]]) == "shepherd":
                    if c.identity(cards[e["target"]]) == "wolf":
                        truths += 1
                    else:
                        lies += 1
    assert lies > truths and lies > 0


def test_hard_outscores_easy():
    report = tally(5, 9, seed0=20)["levels"]
    assert report["hard"]["points_per_game"] > report["easy"]["points_per_game"]
    assert report["normal"]["points_per_game"] > report["easy"]["points_per_game"]


# ---- the levels measured against scripted stand-ins for a person (docs/bots.md) ----------
from engine.wooolf.arena import StandIn, arena  # noqa: E402


def test_the_beginner_reads_announcements_literally_and_the_careful_player_does_not():
    """Seat 1 (the shepherd boy, B02) must cry "Wolf!" at seat 3's hound (B04, shown as
    Hound): the beginner at seat 0 takes it at its word, the careful player does not."""
    deal = ["B03", "B05", "B02", "B06", "B01", "B09", "B04", "B10", "B07", "B08"]
    session = LocalSession(RULES, 5, {"deals": [deal], "start": 1}, seed=1, log=False)
    session.submit({"type": "peek", "seat": 1, "target": 3, "pos": 0})
    assert session.state.peeks[-1]["announced"] == "wolf"
    from engine.wooolf.literal import BEGINNER, CAREFUL, Beliefs
    view = session.view(0)
    assert Beliefs(view, 0, BEGINNER).identity(3) == "wolf"
    assert Beliefs(view, 0, CAREFUL).identity(3) is None


def test_the_beginner_declares_once_it_has_seen_its_targets():
    # seat 0 is the hunter (B03): targets wolf (seat 2, B01) and hound (seat 3, B04)
    deal = ["B03", "B05", "B02", "B06", "B01", "B09", "B04", "B10", "B07", "B08"]
    session = LocalSession(RULES, 5, {"deals": [deal], "start": 0}, seed=1, log=False)
    beginner = StandIn("beginner", seed=0)
    for target in (2, 3):
        session.submit({"type": "peek", "seat": 0, "target": target, "pos": 0})
        for seat in (1, 2, 3, 4):
            session.submit({"type": "peek", "seat": seat, "target": (seat + 1) % 5, "pos": 1})
    assert beginner.choose(session.view(0), 0) == {"type": "declare", "seat": 0, "arrows": [2, 3]}


def test_levels_against_a_beginner_and_a_careful_player():
    """Five seats, a small seeded run that pins each level's behaviour: the beginner (the
    literal reader) outscores easy, the careful player is not far behind normal, hard
    beats both, and hard > normal > easy head to head. How often, over many games, is
    the benchmark's to measure (`python bench/bot_levels.py --only wooolf`, docs/bots.md)."""
    beats = lambda a, b, games: arena([a, b], games, 5, 1000)["beats"][a][b]   # noqa: E731
    assert beats("beginner", "easy", 24) > 0.55
    assert 0.3 < beats("careful", "normal", 16) < 0.7
    assert beats("hard", "careful", 8) > 0.65
    assert beats("hard", "beginner", 8) > 0.8
    assert beats("normal", "easy", 8) > 0.7
    assert beats("hard", "normal", 12) > 0.55
