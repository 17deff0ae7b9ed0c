"""The option schema (engine/core/options.py, GameSpec.options): a declaration that
contradicts itself is refused when the spec is made; the core's one check says what is
wrong in the words players saw before; the set-up is made from the spec and refuses a
second list of options in the scenes."""
from __future__ import annotations

import pytest

from engine.core.options import Forbidden, OptionError, OptionSpec
from engine.core.spec import GameSpec, VariantSpec
from scenes.common.setupspec import setup_of

VARIANTS = (VariantSpec("classic", range(2, 5), 2), VariantSpec("short", range(2, 3), 2))


def spec(**kw) -> GameSpec:
    return GameSpec("g", VARIANTS, hidden_information=False, commands=(), **kw)


GAME = spec(options=(OptionSpec("fast"), OptionSpec("cubes", (5, 4), needs="fast"),
                     OptionSpec("timer", (None, 30), ints=range(1, 100), variants=("short",)),
                     OptionSpec("deal", (), setup=False)),
            forbidden=(Forbidden("fast", "timer", "a fast game has no timer"),), closed_options=True)


@pytest.mark.parametrize("kw,problem", [
    ({"options": (OptionSpec("a"), OptionSpec("a"))}, "declared twice"),
    ({"options": (OptionSpec("a", (1, 2), default=3),)}, "default 3"),
    ({"options": (OptionSpec("a", variants=("long",)),)}, "unknown variants"),
    ({"options": (OptionSpec("a", needs="b"),)}, "needs undeclared"),
    ({"options": (OptionSpec("start"),)}, "every game's"),
    ({"options": (OptionSpec("a"),), "forbidden": (Forbidden("a", "b", "why"),)}, "undeclared option"),
    ({"options": (OptionSpec("a"),), "option_sets": (("set", (("b", True),)),)}, "undeclared option 'b'"),
    ({"options": (OptionSpec("a"),), "option_sets": (("set", (("a", 1),)),)}, "gives a 1"),
])
def test_a_declaration_that_contradicts_itself_is_refused(kw, problem):
    with pytest.raises(ValueError, match=problem):
        spec(**kw)


def test_the_check_fills_defaults_and_names_each_problem():
    assert GAME.check_options(2, {}) == {"fast": False, "cubes": 5, "timer": None, "deal": None}
    assert GAME.check_options(2, {"variant": "short", "timer": 77, "deal": [3, 1]})["timer"] == 77
    for seats, options, said in [
        (2, {"variant": "long"}, "g has no variant 'long' (variants: classic, short)"),
        (3, {"variant": "short"}, "g short takes 2 players, not 3"),
        (5, {}, "g classic takes 2-4 players, not 5"),
        (2, {"slow": True}, "unknown g option(s): ['slow']"),
        (2, {"fast": True, "timer": 30}, "fast and timer cannot be played together: a fast game has no timer"),
        (2, {"cubes": 4}, "cubes needs fast"),
        (2, {"fast": 1}, "fast must be false or true, not 1"),           # 1 is not true
        (2, {"fast": True, "cubes": 5.0}, "cubes must be 5 or 4, not 5.0"),
        (2, {"timer": 100}, "timer must be null or 30, or a whole number from 1 to 99, not 100"),
        (2, {"timer": True}, "timer must be null or 30, or a whole number from 1 to 99, not True"),
        (2, {"start": 2}, "start must be a seat 0..1"),
    ]:
        with pytest.raises(OptionError) as e:
            GAME.check_options(seats, options)
        assert str(e.value) == said


def test_an_open_game_keeps_an_undeclared_key_but_checks_the_declared_ones():
    open_game = spec(options=(OptionSpec("fast"),))
    assert open_game.check_options(2, {"later": 1}) == {"fast": False}
    with pytest.raises(OptionError):
        open_game.check_options(2, {"fast": "yes"})


def test_the_set_up_is_made_from_the_spec_and_refuses_a_second_list():
    words = {"fast": {"label": "ui.on"}, "cubes": {"label": "ui.on", "choices": {5: "ui.on", 4: "ui.off"}},
             "timer": {"label": "ui.on", "about": "ui.off", "choices": {None: "ui.none", 30: "ui.on"}}}
    setup = setup_of(GAME, words)
    assert [o["key"] for o in setup["options"]] == ["fast", "cubes", "timer"]      # not "deal" (setup=False)
    assert setup["options"][1] == {"key": "cubes", "label": "ui.on", "type": "choice", "default": 5,
                                   "choices": [(5, "ui.on"), (4, "ui.off")], "needs": "fast"}
    assert setup["options"][2]["variants"] == ["short"] and setup["options"][2]["about"] == "ui.off"
    assert setup["variants"][1] == ("short", "g.variant.short", {"seats": range(2, 3), "default_seats": 2})
    with pytest.raises(ValueError, match="does not offer at set-up: \\['deal', 'slow'\\]"):
        setup_of(GAME, {**words, "slow": {"label": "x"}, "deal": {"label": "x"}})
    with pytest.raises(ValueError, match="without words: \\['fast'\\]"):
        setup_of(GAME, {k: v for k, v in words.items() if k != "fast"})
    with pytest.raises(ValueError, match="cubes's words"):
        setup_of(GAME, {**words, "cubes": {"label": "x", "choices": {5: "a", 3: "b"}}})


def test_the_games_tables_per_seat_count_cover_exactly_the_declared_seats():
    """The seat ranges are written once, in the specs; the tables the rules keep per seat
    count (deal sizes, decks, Fame piles) cover exactly those, so a seat count the spec
    allows never reaches a table without it."""
    from engine.hooky.knowledge import SETUP as HOOKY_DEAL
    from engine.hooky.spec import SPEC as HOOKY
    from engine.hooky.state import FLIP_ROUNDS
    from engine.paperback.content import content as paperback_cards
    from engine.paperback.spec import SPEC as PAPERBACK
    from engine.wooolf.content import content as wooolf_cards
    from engine.wooolf.spec import SPEC as WOOOLF
    assert set(HOOKY_DEAL) == set(FLIP_ROUNDS) == set(HOOKY.seats)
    assert paperback_cards().seat_counts == PAPERBACK.seats
    assert set(wooolf_cards().deck_size) == set(WOOOLF.seats)


def test_the_core_checks_a_sessions_options_before_any_rules_see_them(tmp_path):
    """A game's rules need not check its options: every holder of a state starts from
    initial_state (sessions, replays, folds), which checks them against the declaration.
    The minimal test game's `initial` checks nothing, and is never handed what its spec
    refuses."""
    from engine.core.rules import initial_state
    from engine.core.session import LocalSession, fold
    from support.minigame.rules import MiniRules
    rules = MiniRules()
    assert rules.initial(9, {}).seats == 9                      # the rules alone take anything
    for seats, options, problem in ((9, {}, "takes 2-4 players, not 9"),
                                    (2, {"variant": "long"}, "no variant 'long'"),
                                    (2, {"start": 5}, "start must be a seat 0..1")):
        for start in (lambda: initial_state(rules, seats, options), lambda: fold(rules, seats, options, []),
                      lambda: LocalSession(rules, seats, options, 1, log_dir=tmp_path)):
            with pytest.raises(OptionError, match=problem):
                start()
    assert initial_state(rules, 3, {}).seats == 3
