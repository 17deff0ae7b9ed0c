"""Paperback's Awards (option `awards`, rules §9.2): the reveal, one test per award, the
view's leader, the end's Fame."""
from __future__ import annotations

from engine.core.bots import play_out
from engine.core.rng import Rng
from engine.paperback import PaperbackBot
from engine.paperback.awards import awards, leaders, marks
from engine.paperback.ending import fame_of, final_result
from support import paperback
from support.paperback import RULES, give



def table(award, seats=3):
    st = paperback.table(seats, awards=True)
    st.award = award
    return st


def turn(st, seat, cards, letters):
    for cmd in ({"type": "spell", "seat": seat, "cards": cards, "letters": letters},
                {"type": "buy", "seat": seat, "cards": []}):
        for ev in RULES.decide(st, cmd, Rng(0)):
            RULES.apply(st, ev)


def test_one_award_is_revealed_at_random():
    seen = set()
    for seed in range(16):
        st = RULES.initial(2, {"awards": True})
        for ev in RULES.setup(st, Rng(seed)):
            RULES.apply(st, ev)
        assert st.award in awards()
        assert RULES.view(st, None)["award"]["id"] == st.award
        seen.add(st.award)
    assert seen == set(awards())


def test_thesaurus_goes_to_the_longest_word():
    st = table("thesaurus")
    give(st, 0, ["s0.W1", "s0.T"])
    turn(st, 0, ["s0.W1", "s0.T"], {"s0.W1": "a"})                      # AT: 2
    give(st, 1, ["s1.T", "s1.W1", "s1.W2"])
    turn(st, 1, ["s1.T", "s1.W1", "s1.W2"], {"s1.W1": "o", "s1.W2": "e"})  # TOE: 3
    assert marks(st, "thesaurus") == [2, 3, 0] and leaders(st, "thesaurus") == [1]
    assert RULES.view(st, 2)["award"]["leaders"] == [1]


def test_editor_goes_to_the_most_two_letter_cards_and_ties_all_score():
    st = table("editor")
    assert leaders(st, "editor") == []                                   # nobody has one
    give(st, 0, ["D01", "D02"])
    give(st, 2, ["D03", "D04"])
    assert leaders(st, "editor") == [0, 2]
    r = final_result(st)
    assert r["award"] == {"id": "editor", "winners": [0, 2], "fame": 5}
    assert r["scores"] == [fame_of(st, 0) + 5, fame_of(st, 1), fame_of(st, 2) + 5]


def test_muse_goes_to_the_most_cents_in_one_word():
    st = table("muse")
    give(st, 0, ["L36", "L59"])                                          # AX: 12¢
    turn(st, 0, ["L36", "L59"], {})
    give(st, 1, ["s1.T", "s1.W1"])
    turn(st, 1, ["s1.W1", "s1.T"], {"s1.W1": "a"})
    assert marks(st, "muse")[:2] == [12, 1] and leaders(st, "muse") == [0]


def test_proofreader_counts_words_without_a_wild():
    st = table("proofreader")
    give(st, 0, ["L36", "L59"])
    turn(st, 0, ["L36", "L59"], {})                                      # no wild
    give(st, 1, ["s1.T", "s1.W1"])
    turn(st, 1, ["s1.W1", "s1.T"], {"s1.W1": "a"})                       # a wild
    assert st.clean_words == [1, 0, 0] and leaders(st, "proofreader") == [0]


def test_bot_games_score_the_award():
    seen = set()
    for seed in range(6):
        session = play_out(RULES, 3, [PaperbackBot("hard", s) for s in range(3)], seed=seed,
                           options={"awards": True})
        st = session.state
        out = session.outcome()
        holders = out.detail["award"]["winners"]
        assert holders == leaders(st, st.award) and holders
        assert out.scores == [fame_of(st, s) + (5 if s in holders else 0) for s in range(3)]
        seen.add(st.award)
    assert len(seen) >= 2
