"""LevelledBot, the turn bots' shared constructor (engine/core/bots.py), for every game."""
import pytest

from engine.core.bots import LevelledBot
from engine.registry import games, package, spec_for


class Styled(LevelledBot):
    LEVELS = ("easy", "hard", "random")
    STYLES = {"easy": "slow", "hard": "sharp"}


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
