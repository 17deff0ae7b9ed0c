"""Sumoku bots: every command they send is accepted, games finish, the fallbacks work."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.session import LocalSession
from engine.sumoku.arena import BeginnerPlayer, arena
from engine.sumoku.bot import EASY_SHARE, EASY_TILES, SumokuBot, hint
from engine.sumoku.movegen import best_play, legal_plays
from engine.sumoku.rules import SumokuRules
from engine.sumoku.views import view_board


def tile(colour: int, num: int, copy: int = 0) -> int:
    return colour * 16 + (num - 1) * 2 + copy


def finished(levels: list[str], seed: int, **options) -> LocalSession:
    """A whole game; LocalSession.submit raises on any illegal command."""
    bots = [SumokuBot(level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    session = play_out(SumokuRules(), len(levels), bots, seed=seed, options=options)
    assert session.outcome() is not None
    return session


@pytest.mark.parametrize("seed", range(3))
def test_normal_and_easy_bots_finish_four_seat_games(seed):
    session = finished(["normal", "easy", "normal", "easy"], seed, key=3 + seed)
    placed = [ev for ev in session.events if ev["type"] == "placed"]
    assert len(placed) > 10


def test_hard_bot_finishes_a_game():
    finished(["hard", "normal"], 4)


def test_bots_with_formed_scoring_and_exchanges_finish():
    session = finished(["easy", "normal", "hard"], 5, scoring="formed", exchange=True)
    assert session.outcome().scores


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_sends_an_accepted_command_at_each_turn_of_a_game(level):
    # a normal game, with the bot under test asked at each turn (its answer played)
    session = LocalSession(SumokuRules(), 2, {"key": 4}, 11, log=False)
    bot = SumokuBot(level, seed=3)
    turns = 0
    while session.outcome() is None and turns < 12:
        seat = min(session.to_act())
        session.submit(bot.choose(session.view(seat), seat))  # raises if refused
        turns += 1
    assert turns == 12 or session.outcome() is not None


def test_normal_bot_plays_the_best_play_and_hint_is_its_move():
    session = LocalSession(SumokuRules(), 3, {"key": 5}, 2, log=False)
    for _ in range(6):
        seat = min(session.to_act())
        view = session.view(seat)
        cmd = SumokuBot("normal").choose(view, seat)
        best = best_play(view_board(view), view["hands"][seat], 5, first_play=view["first_play"])
        assert cmd == best.to_command(seat)
        assert hint(view, seat) == cmd
        assert hint(view, (seat + 1) % 3) is None
        session.submit(cmd)


def test_easy_bot_is_deterministic_for_a_seed_and_view_and_prefers_short_plays():
    session = LocalSession(SumokuRules(), 2, {"key": 3}, 8, log=False)
    first = min(session.to_act())
    session.submit(SumokuBot("normal").choose(session.view(first), first))
    seat = min(session.to_act())
    view = session.view(seat)
    picks = [SumokuBot("easy", seed=s).choose(view, seat) for s in range(30)]
    assert picks[0] == SumokuBot("easy", seed=0).choose(view, seat)
    assert len({str(p) for p in picks}) > 1
    assert sum(len(p["tiles"]) for p in picks) / len(picks) < 3


def _stuck_view(**over) -> dict:
    # key 5, the line 1-4 on the table; a lone 3 can go nowhere
    board = [[0, 0, tile(0, 1), 1], [0, 1, tile(1, 4), 4]]
    view = {"game": "sumoku", "variant": "classic", "key": 5, "board": board,
            "hands": [[tile(2, 3)], [tile(3, 2)]], "bag_count": 60, "scores": [0, 0], "turn": 0,
            "to_act": [0], "first_play": False, "extra_play": False, "passes": 0, "stage": 0,
            "exchanges_left": 0, "ended": False, "options": {}, "last_play": None, "seats": 2}
    view.update(over)
    return view


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_play_passes_or_exchanges(level):
    bot = SumokuBot(level)
    assert bot.choose(_stuck_view(), 0) == {"type": "pass", "seat": 0}
    assert bot.choose(_stuck_view(options={"exchange": True}), 0) == {
        "type": "exchange", "seat": 0, "tiles": [tile(2, 3)]}
    # no exchange on an extra play, nor with too small a bag
    assert bot.choose(_stuck_view(options={"exchange": True}, extra_play=True), 0)["type"] == "pass"
    assert bot.choose(_stuck_view(options={"exchange": True}, bag_count=0), 0)["type"] == "pass"


def test_solitaire_stuck_exchanges_then_stops():
    bot = SumokuBot("normal")
    view = _stuck_view(variant="solitaire", hands=[[tile(2, 3)]], seats=1, exchanges_left=1)
    assert bot.choose(view, 0) == {"type": "exchange", "seat": 0, "tiles": [tile(2, 3)]}
    assert bot.choose(dict(view, exchanges_left=0), 0) == {"type": "stop", "seat": 0}


@pytest.mark.parametrize("seed", [0, 1])
def test_solitaire_bot_places_all_96_tiles(seed):
    session = play_out(SumokuRules(), 1, [SumokuBot("normal", seed)], seed=seed,
                       options={"variant": "solitaire"})
    outcome = session.outcome()
    assert outcome.detail["reason"] == "all_placed" and outcome.scores == [96]


def test_bad_level_is_refused():
    with pytest.raises(ValueError):
        SumokuBot("expert")


# ---- levels that mean something to a person (issue 9) ---------------------------------------
def _second_turn_view() -> tuple[dict, int]:
    session = LocalSession(SumokuRules(), 2, {"key": 3}, 8, log=False)
    first = min(session.to_act())
    session.submit(SumokuBot("normal").choose(session.view(first), first))
    seat = min(session.to_act())
    return session.view(seat), seat


def test_easy_bot_never_hunts_for_points():
    view, seat = _second_turn_view()
    board, hand = view_board(view), view["hands"][seat]
    short = sorted(p.score for p in legal_plays(board, hand, 3, first_play=False, max_tiles=EASY_TILES))
    cut = short[max(1, -(-len(short) * 7 // 10)) - 1]       # the 70 % lowest-scoring short plays
    assert EASY_SHARE == 0.7
    picks = [SumokuBot("easy", seed=s).choose(view, seat) for s in range(30)]
    placed = {tuple(sorted(map(tuple, p["tiles"]))) for p in picks}
    plays = {tuple(sorted(map(tuple, pl.to_command(seat)["tiles"]))): pl.score
             for pl in legal_plays(board, hand, 3, first_play=False, max_tiles=EASY_TILES)}
    assert all(plays[k] <= cut for k in placed)
    assert max(plays[k] for k in placed) < best_play(board, hand, 3, first_play=False).score
    assert len(placed) > 5                                   # and it varies with its seed


def test_beginner_plays_the_first_short_line_it_finds():
    view, seat = _second_turn_view()
    board, hand = view_board(view), view["hands"][seat]
    first = next(iter(legal_plays(board, hand, 3, first_play=False, max_tiles=3)))
    assert BeginnerPlayer().choose(view, seat) == first.to_command(seat)
    assert BeginnerPlayer().choose(_stuck_view(), 0) == {"type": "pass", "seat": 0}


def test_a_beginner_beats_easy_and_normal_beats_both():
    # seeded 2-player classic games, seats in rotation; beats = share of games outscored
    be = arena(["beginner", "easy"], 10, 2, seed=0)
    assert be["beats"]["beginner"]["easy"] >= 0.7        # measured 0.7-0.9 over other seeds
    ne = arena(["normal", "easy"], 4, 2, seed=0)
    assert ne["beats"]["normal"]["easy"] == 1.0
    assert arena(["beginner", "normal"], 4, 2, seed=0)["beats"]["beginner"]["normal"] == 0.0


def test_hard_beats_normal():
    hn = arena(["hard", "normal"], 2, 2, seed=0)           # hard games are the slow ones
    assert hn["beats"]["hard"]["normal"] == 1.0 and hn["mean_score"]["hard"] > 1.15 * hn["mean_score"]["normal"]
