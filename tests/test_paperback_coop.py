"""Paperback's co-operative pyramid (options `coop`, `coop_cubes`; rules §11)."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.errors import RuleError
from engine.paperback import PaperbackBot
from engine.paperback.coop import rows, uncovered
from engine.core.rules import initial_state
from support import paperback
from support.paperback import RULES, give, play



def table(seats=3, **options):
    return paperback.table(seats, coop=True, **options)


def rich(st, seat=0):
    """Give `seat` AX (12¢) and spell it."""
    give(st, seat, ["L36", "L59"])
    play(st, {"type": "spell", "seat": seat, "cards": ["L36", "L59"], "letters": {}})


def test_the_pyramid_has_ten_fame_cards_whatever_the_seats():
    for seats in (2, 5):
        st = table(seats)
        assert [len(r) for r in rows(st.fame)] == [4, 3, 2, 1]
        assert uncovered(st.fame) == ["f5.1", "f5.2", "f5.3", "f5.4"]
        assert RULES.view(st, 0)["coop"]["limit"] == 5
    with pytest.raises(ValueError, match="coop and awards cannot be played together"):
        initial_state(RULES, 2, {"coop": True, "awards": True})
    with pytest.raises(ValueError, match="coop_cubes needs coop"):
        initial_state(RULES, 2, {"coop_cubes": 4})
    with pytest.raises(ValueError, match="coop_cubes must be 5 or 4"):
        initial_state(RULES, 2, {"coop": True, "coop_cubes": 3})


def test_only_uncovered_cards_may_be_bought_and_buying_uncovers():
    st = table()
    rich(st)
    with pytest.raises(RuleError) as e:
        play(st, {"type": "buy", "seat": 0, "cards": ["f8.1"]})       # covered by f5.1 and f5.2
    assert e.value.code == "err.paperback.covered"
    with pytest.raises(RuleError) as e:
        play(st, {"type": "buy", "seat": 0, "cards": ["f5"]})          # a card, not a pile
    assert e.value.code == "err.paperback.covered"
    play(st, {"type": "buy", "seat": 0, "cards": ["f5.1"]})
    assert "f8.1" not in uncovered(st.fame)                             # f5.2 still covers it
    rich(st, 1)
    st.cents = 13
    play(st, {"type": "buy", "seat": 1, "cards": ["f5.2", "f8.1"]})    # uncovered by the first
    assert "f5.2" in st.owned(1) and "f8.1" in st.owned(1) and not st.coop_cubes


def test_a_turn_without_a_purchase_puts_a_cube_and_a_full_card_loses_for_all():
    st = table(coop_cubes=4)
    with pytest.raises(RuleError) as e:
        play(st, {"type": "pass", "seat": 0, "cube_on": "f8.1"})
    assert e.value.code == "err.paperback.cube_on"
    for k in range(3):
        play(st, {"type": "pass", "seat": st.turn, "cube_on": "f5.3"})
    assert st.coop_cubes == {"f5.3": 3} and not st.ended
    play(st, {"type": "pass", "seat": st.turn})                         # the rules spread it
    assert st.coop_cubes == {"f5.3": 3, "f5.1": 1}
    events = play(st, {"type": "pass", "seat": st.turn, "cube_on": "f5.3"})
    assert st.ended and events[-1]["reason"] == "lost"
    out = RULES.outcome(st)
    assert out.winners == [] and out.tiebreak == "paperback.coop.lost"


def test_buying_the_whole_pyramid_wins_for_everyone():
    st = table(seats=2)
    for cid in ["f5.1", "f5.2", "f5.3", "f5.4", "f8.1", "f8.2", "f8.3", "f11.1", "f11.2"]:
        st.fame[cid.split(".")[0]].remove(cid)
        st.discards[1].append(cid)
    give(st, 0, ["L36", "L59"])
    play(st, {"type": "spell", "seat": 0, "cards": ["L36", "L59"], "letters": {}})
    st.cents = 17
    events = play(st, {"type": "buy", "seat": 0, "cards": ["f17.1"]})
    assert events[-1]["type"] == "game_ended" and events[-1]["reason"] == "won"
    out = RULES.outcome(st)
    assert out.winners == [0, 1] and out.tiebreak == "paperback.coop.won"


@pytest.mark.parametrize("cubes", [5, 4])
def test_hard_bots_play_together_and_win_some(cubes):
    won = 0
    for seed in range(4):
        session = play_out(RULES, 4, [PaperbackBot("hard", s) for s in range(4)], seed=seed,
                           options={"coop": True, "coop_cubes": cubes})
        out = session.outcome()
        assert out.winners in ([], [0, 1, 2, 3])
        won += bool(out.winners)
    assert won >= 1
