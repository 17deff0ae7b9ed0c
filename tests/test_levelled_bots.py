"""LevelledBot, the turn bots' shared constructor (engine/core/bots.py), for every game."""
import pytest

from engine.core.bots import RANDOM, LevelledBot, RandomBot, play_out
from engine.registry import bot_for, games, package, rules_for, spec_for


class Styled(LevelledBot):
    LEVELS = ("easy", "hard", "random")
    STYLES = {"easy": "slow", "hard": "sharp"}
    LEGAL = "support.minigame.rules:legal_commands"


def test_level_seed_and_style():
    bot = Styled("hard", "7")
    assert (bot.level, bot.seed, bot.style) == ("hard", 7, "sharp")
    assert Styled("random").style == "slow"          # a level without a style plays easy's
    with pytest.raises(ValueError, match="unknown level 'normal'; levels: easy, hard, random"):
        Styled("normal")


class Plain(LevelledBot):
    LEVELS = ("easy",)


def test_without_styles_the_style_is_none():
    assert Plain("easy", 3).style is None


@pytest.mark.parametrize("game", games())
def test_every_turn_bot_takes_its_spec_levels_and_refuses_others(game):
    bot_class = package(game).Bot
    assert issubclass(bot_class, LevelledBot)
    for level in spec_for(game).levels:
        bot = bot_class(level, 5)
        assert (bot.level, bot.seed) == (level, 5)
    with pytest.raises(ValueError, match="unknown level 'superb'"):
        bot_class("superb", 5)


def test_the_random_level_is_the_core_random_bot_over_the_legal_commands():
    bot = Styled("random", 4)
    view = {"over": False, "turn": 1, "card": 3}
    legal = [{"type": "guess", "seat": 1, "high": True}, {"type": "guess", "seat": 1, "high": False}]
    picks = [Styled("random", seed).choose(view, 1) for seed in range(16)]
    assert all(p in legal for p in picks) and len({p["high"] for p in picks}) == 2   # both drawn
    assert [Styled("random", seed).choose(view, 1) for seed in range(16)] == picks   # seeded
    assert bot.choose(view, 1) == bot.choose(dict(view), 1)                         # no memory
    with pytest.raises(ValueError, match="no legal command"):
        bot.choose(dict(view, turn=0), 1)


@pytest.mark.parametrize("game", [g for g in games() if RANDOM in package(g).Bot.LEVELS])
def test_every_game_s_random_level_plays_legal_seeded_games(game):
    """Every game that offers "random" plays it through the core bot (no game's own
    random code): a whole seeded game, the same twice."""
    variant = next(v for v in spec_for(game).variants if not v.realtime)
    bot = bot_for(game, variant.id, RANDOM, 0, 1)
    assert bot.choose.__self__.__class__ is RandomBot and bot.level == RANDOM

    def game_hash() -> str:
        n = variant.seats.start if game != "paperback" else 2
        return play_out(rules_for(game), n, [bot_for(game, variant.id, RANDOM, s, 1) for s in range(n)],
                        options={"variant": variant.id}, seed=1).hash()
    if game != "paperback":             # a random Paperback game is long: its own tests play one
        assert game_hash() == game_hash()
