"""Do Paperback's bot levels mean something to a person? The scripted new player
(engine/paperback/arena.py) beats easy and loses to normal over seeded two-seat games,
seats rotated (the full measurement: bench/bot_levels.py --only paperback, docs/bots.md)."""
from engine.paperback.arena import BEGINNER, BeginnerPlayer, arena, player
from engine.paperback.bot import PaperbackBot


def test_a_new_player_beats_easy_and_loses_to_normal():
    easy = arena([BEGINNER, "easy"], games=5, seats=2, seed=1000)
    normal = arena([BEGINNER, "normal"], games=3, seats=2, seed=1000)
    assert easy["beats"][BEGINNER]["easy"] > 0.5, easy
    assert normal["beats"][BEGINNER]["normal"] < 0.5, normal


def test_the_beginner_is_a_player_not_a_level():
    assert isinstance(player(BEGINNER, 3), BeginnerPlayer)
    assert isinstance(player("easy", 3), PaperbackBot)
