"""Paperback's Player Powers (option `powers`, rules §9.1): the deal and one test per power."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.paperback.powers import PLAGIARISM, powers
from support import paperback
from support.paperback import RULES, give, play, spell



def table(power0="typo", power1="plagiarism", seats=2, seed=1):
    st = paperback.table(seats, seed, powers=True)
    st.powers[0], st.powers[1] = power0, power1
    return st


def refused(st, cmd):
    with pytest.raises(RuleError) as e:
        RULES.decide(st, cmd, Rng(0))
    return e.value.code


def test_each_player_is_dealt_a_different_power_at_random():
    seen = set()
    for seed in range(20):
        st = RULES.initial(4, {"powers": True})
        for ev in RULES.setup(st, Rng(seed)):
            RULES.apply(st, ev)
        assert len(set(st.powers)) == 4 and set(st.powers) <= set(powers())
        seen.add(tuple(st.powers))
        assert RULES.view(st, 0)["powers"] == st.powers                 # public
    assert len(seen) > 5
    base = RULES.initial(2, {})
    assert "powers" not in RULES.to_data(base) and RULES.setup(base, Rng(1))[0].get("powers") is None


def test_writers_block_draws_a_card_when_the_hand_holds_no_wild():
    st = table("writers_block")
    give(st, 0, ["s0.T", "s0.R", "s0.S", "s0.L", "s0.N"])
    assert RULES.view(st, 0)["power"] == {"id": "writers_block", "turn": True, "used": False,
                                          "legal": True}
    top = st.decks[0][0]
    play(st, {"type": "power", "seat": 0})
    assert st.hands[0][-1] == top and len(st.hands[0]) == 6
    assert refused(st, {"type": "power", "seat": 0}) == "err.paperback.power_used"   # once a turn
    assert RULES.view(st, 0)["power"]["legal"] is False
    st = table("writers_block")
    give(st, 0, ["s0.T", "s0.W1"])
    assert RULES.view(st, 0)["power"]["legal"] is False                  # a wild in hand
    assert refused(st, {"type": "power", "seat": 0}) == "err.paperback.power_not_now"


def test_ghost_writer_puts_a_card_under_the_deck_and_draws_another():
    st = table("ghost_writer")
    give(st, 0, ["s0.T", "s0.R", "s0.S", "s0.L", "s0.N"])
    top = st.decks[0][0]
    ev = play(st, {"type": "power", "seat": 0, "card": "s0.N"})[0]
    assert st.decks[0][-1] == "s0.N" and "s0.N" not in st.hands[0] and top in st.hands[0]
    seen = RULES.event_view(ev, 1)
    assert seen["card"] == "hidden" and seen["drawn"] is None and "new_deck" not in seen
    assert refused(table("ghost_writer"), {"type": "power", "seat": 0, "card": "L01"}) == \
        "err.paperback.ghost_card"
    assert refused(table("typo"), {"type": "power", "seat": 0}) == "err.paperback.no_turn_power"


def test_typo_lets_one_letter_card_stand_for_another_for_nothing():
    st = table("typo")
    give(st, 0, ["L16", "s0.T"])                         # T (1¢, first:2) and T
    ev = spell(st, ["L16", "s0.T"], {"L16": "a"})         # AT: the L16 typo scores 0, no first bonus
    assert ev["word"] == "at" and ev["cents"] == 1
    st = table("typo")
    give(st, 0, ["L16", "s0.T", "s0.R"])
    assert refused(st, {"type": "spell", "seat": 0, "cards": ["L16", "s0.T", "s0.R"],
                        "letters": {"L16": "a", "s0.R": "o"}}) == "err.paperback.laid_as"   # once
    st = table("stuck_key")
    give(st, 0, ["L16", "s0.T"])
    assert refused(st, {"type": "spell", "seat": 0, "cards": ["L16", "s0.T"],
                        "letters": {"L16": "a"}}) == "err.paperback.laid_as"


def test_plagiarism_borrows_a_letter_of_the_previous_word():
    st = table("stuck_key", "plagiarism")
    give(st, 0, ["L16", "s0.W1"])
    spell(st, ["L16", "s0.W1"], {"s0.W1": "o"})           # TO
    play(st, {"type": "buy", "seat": 0, "cards": []})
    give(st, 1, ["s1.T", "s1.W1"])
    assert RULES.view(st, 1)["power"]["legal"] and RULES.view(st, 1)["last_word"] == "to"
    assert refused(st, {"type": "spell", "seat": 1, "cards": ["s1.W1", "s1.T", PLAGIARISM],
                        "letters": {"s1.W1": "a", PLAGIARISM: "e"}}) == "err.paperback.plagiarism_letter"
    ev = spell(st, ["s1.T", PLAGIARISM, "s1.W1"], {PLAGIARISM: "o", "s1.W1": "t"}, seat=1)
    assert ev["word"] == "tot" and ev["letters"] == 3 and ev["cents"] == 1
    assert PLAGIARISM not in st.play and PLAGIARISM not in st.discards[1]


def test_plagiarism_needs_a_word_just_spelled():
    st = table("typo", "plagiarism")
    play(st, {"type": "pass", "seat": 0})
    give(st, 1, ["s1.T", "s1.W1"])
    assert RULES.view(st, 1)["power"]["legal"] is False
    assert refused(st, {"type": "spell", "seat": 1, "cards": ["s1.W1", "s1.T", PLAGIARISM],
                        "letters": {"s1.W1": "a", PLAGIARISM: "a"}}) == "err.paperback.no_plagiarism"


def test_stuck_key_lays_a_letter_twice_in_a_row():
    st = table("stuck_key")
    give(st, 0, ["s0.W1", "s0.L"])
    ev = spell(st, ["s0.W1", "s0.L"], {"s0.W1": "a", "s0.L": "ll"})   # ALL
    assert ev["word"] == "all" and ev["letters"] == 3 and ev["cents"] == 1
    st = table("typo")
    give(st, 0, ["s0.W1", "s0.L"])
    assert refused(st, {"type": "spell", "seat": 0, "cards": ["s0.W1", "s0.L"],
                        "letters": {"s0.W1": "a", "s0.L": "ll"}}) == "err.paperback.laid_as"


def test_the_view_says_when_a_word_power_applies():
    st = table("stuck_key")
    give(st, 0, ["s0.W1", "s0.L"])
    assert RULES.view(st, 1)["power"]["legal"] is False               # not seat 1's turn
    assert RULES.view(st, 0)["power"] == {"id": "stuck_key", "turn": False, "used": False, "legal": True}


def test_a_typo_never_turns_a_claimed_common_into_a_second_common():
    from engine.paperback.bot import word_choices
    st = table("typo")
    give(st, 0, ["cE", "s0.T", "s0.R", "s0.S", "s0.W1"])        # a claimed common in hand
    st.commons.remove("cE") if "cE" in st.commons else None
    assert refused(st, {"type": "spell", "seat": 0, "cards": ["cE", "s0.T"],
                        "letters": {"cE": "a"}}) == "err.paperback.laid_as"
    for f in word_choices(RULES.view(st, 0), limit=30):
        spell_ok = RULES.decide(st, {"type": "spell", "seat": 0, "cards": list(f.cards),
                                     "letters": f.letters_map()}, Rng(0))
        assert spell_ok
