"""Paperback's flexible rules, each its own option (rules §11): the hand for a cube, the
Offer discount, the 2¢ vowels reshuffled."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.paperback import PaperbackBot
from support.paperback import RULES, give, play, table



def test_a_pass_takes_a_cube_worth_one_cent_when_buying():
    st = table(discard_cube=True)
    play(st, {"type": "pass", "seat": 0})
    assert st.cubes == [1, 0] and RULES.view(st, 1)["cubes"] == [1, 0]
    play(st, {"type": "pass", "seat": 1})
    give(st, 0, ["s0.W1", "s0.T"])
    play(st, {"type": "spell", "seat": 0, "cards": ["s0.W1", "s0.T"], "letters": {"s0.W1": "a"}})  # 1¢
    two = next(s["id"] for s in RULES.view(st, 0)["for_sale"] if s["cost"] == 2)
    with pytest.raises(RuleError) as e:
        play(st, {"type": "buy", "seat": 0, "cards": [two]})
    assert e.value.code == "err.paperback.too_dear"
    with pytest.raises(RuleError) as e:
        play(st, {"type": "buy", "seat": 0, "cards": [two], "cubes": 2})
    assert e.value.code == "err.paperback.cubes"
    play(st, {"type": "buy", "seat": 0, "cards": [two], "cubes": 1})
    assert st.cubes == [0, 1] and two in st.owned(0)
    base = table()
    play(base, {"type": "pass", "seat": 0})
    assert "cube" not in RULES.to_data(base) and "cubes" not in RULES.view(base, 0)


def test_a_bot_passes_a_worthless_hand_for_a_cube_and_spends_it():
    st = table(discard_cube=True)
    give(st, 0, ["s0.W1", "s0.W2", "s0.W3"])              # wilds only: 0¢ words
    st.effects[0].no_common = True                         # (the common would add 1¢)
    bot = PaperbackBot("hard", 1)
    assert bot.choose(RULES.view(st, 0), 0)["type"] == "pass"
    st.cubes[0] = 3
    give(st, 0, ["L36", "L59"])                            # AX: 12¢ + 3 cubes
    play(st, bot.choose(RULES.view(st, 0), 0))
    cmd = bot.choose(RULES.view(st, 0), 0)
    assert cmd["type"] == "buy" and 0 <= cmd.get("cubes", 0) <= 3
    play(st, cmd)


def test_buying_a_pile_top_puts_a_cube_on_its_front_card_down_to_zero_cents():
    """The corrected rule sheet (§11): a pile top bought puts a cube on that pile's front
    card; each cube takes 1¢ off it, down to 0¢; the cubes leave when it is bought. A turn
    without a purchase, a front card bought, or a 2¢ vowel bought puts none."""
    st = table(offer_discount=True)
    front = st.front["p5"]
    for _ in range(4):                                      # turns with no purchase: no cube
        play(st, {"type": "pass", "seat": st.turn})
    assert st.discount == {}
    cost = st.cards[front].cost
    assert cost == 5
    for k in range(1, 7):                                   # a pile top bought each turn
        seat = st.turn
        top = st.piles["p5"][0]
        st.cents = 99
        st.phase = "buy"
        play(st, {"type": "buy", "seat": seat, "cards": [top]})
        assert st.front["p5"] == front and st.discount[front] == k   # one cube a top bought
        assert top not in st.discount
        price = {s["id"]: s["cost"] for s in RULES.view(st, 0)["for_sale"]}
        assert price[front] == max(0, cost - k)                      # down to 0¢, not below
    assert price[front] == 0
    other = dict(st.discount)
    st.cents, st.phase = 0, "buy"                           # a 0¢ card, bought with 0¢
    seat = st.turn
    play(st, {"type": "buy", "seat": seat, "cards": [front]})
    assert front in st.owned(seat) and front not in st.discount      # its cubes left with it
    new = st.front["p5"]
    assert new not in st.discount                                    # the new front starts bare
    assert {c: n for c, n in st.discount.items() if c != front} == {c: n for c, n in other.items() if c != front}
    st.cents, st.phase = 99, "buy"                          # a 2¢ vowel (no front card): no cube
    seat = st.turn
    play(st, {"type": "buy", "seat": seat, "cards": [st.piles["p2"][0]]})
    assert st.discount == {}


def test_the_prices_of_one_purchase_are_those_the_offer_showed_when_it_began():
    st = table(offer_discount=True)
    top, front = st.piles["p4"][0], st.front["p4"]
    st.cents, st.phase = 8, "buy"                           # 4¢ + 4¢: no cube taken off the front
    play(st, {"type": "buy", "seat": 0, "cards": [top, front]})
    assert st.discount == {} and {top, front} <= set(st.owned(0))


def test_the_used_vowels_come_back_when_the_two_cent_spread_runs_out():
    st = table(vowel_reshuffle=True)
    vowels = list(st.piles["p2"])
    st.trash.extend(vowels[:3])
    st.piles["p2"] = vowels[3:4]
    give(st, 0, ["L36", "L59"])                             # AX: 12¢
    play(st, {"type": "spell", "seat": 0, "cards": ["L36", "L59"], "letters": {}})
    events = play(st, {"type": "buy", "seat": 0, "cards": [vowels[3]]})
    assert events[-1]["type"] == "vowels_restocked" and events[-1]["cards"] == sorted(vowels[:3])
    assert sorted(st.piles["p2"]) == sorted(vowels[:3]) and not set(vowels[:3]) & set(st.trash)
    plain = table()
    plain.trash.extend(vowels[:3])
    plain.piles["p2"] = vowels[3:4]
    give(plain, 0, ["L36", "L59"])
    play(plain, {"type": "spell", "seat": 0, "cards": ["L36", "L59"], "letters": {}})
    assert play(plain, {"type": "buy", "seat": 0, "cards": [vowels[3]]})[-1]["type"] != "vowels_restocked"


def test_the_help_bounty_pays_a_cube_for_a_used_suggestion():
    st = table(seats=3, bounty=True)
    give(st, 0, ["s0.W1", "s0.T"])
    with pytest.raises(RuleError) as e:
        play(table(), {"type": "ask_help", "seat": 0})
    assert e.value.code == "err.paperback.no_bounty"
    play(st, {"type": "ask_help", "seat": 0})
    assert st.phase == "bounty" and RULES.to_act(st) == frozenset({1, 2})
    assert RULES.view(st, 2)["bounty"]["hand"] == ["s0.W1", "s0.T"]      # the hand is shown
    with pytest.raises(RuleError) as e:
        play(st, {"type": "suggest", "seat": 1, "word": "qxz"})
    assert e.value.code == "err.paperback.suggest_word"
    bot = PaperbackBot("normal", 3)
    cmd = bot.choose(RULES.view(st, 2), 2)
    assert cmd["type"] == "suggest" and isinstance(cmd["word"], str)
    play(st, {"type": "suggest", "seat": 2, "word": "at"})
    play(st, {"type": "suggest", "seat": 1, "word": None})
    assert st.phase == "spell" and RULES.to_act(st) == frozenset({0})
    with pytest.raises(RuleError) as e:
        play(st, {"type": "ask_help", "seat": 0})                       # once a turn
    assert e.value.code == "err.paperback.help_asked"
    ev = play(st, {"type": "spell", "seat": 0, "cards": ["s0.W1", "s0.T"], "letters": {"s0.W1": "a"}})[0]
    assert ev["bounty"] == 2 and st.cubes == [0, 0, 1]
    play(st, {"type": "buy", "seat": 0, "cards": []})
    assert st.bounty is None


def test_a_word_nobody_suggested_pays_nothing():
    st = table(seats=2, bounty=True)
    give(st, 0, ["s0.W1", "s0.T"])
    play(st, {"type": "ask_help", "seat": 0})
    play(st, {"type": "suggest", "seat": 1, "word": "to"})
    ev = play(st, {"type": "spell", "seat": 0, "cards": ["s0.W1", "s0.T"], "letters": {"s0.W1": "a"}})[0]
    assert ev["bounty"] is None and st.cubes == [0, 0]
