"""Paperback's rules, one decision at a time (each pinned in docs/rules-decisions.md)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.paperback import PaperbackBot
from engine.paperback.finder import COMMON, find_words
from engine.paperback.ending import final_result
from support.paperback import RULES, give, play, spell, table

W = "s0.W"          # seat 0's starting wilds: s0.W1 .. s0.W5


def wild(k, seat=0):
    return f"s{seat}.W{k}"


# ---- set-up ----------------------------------------------------------------------------
@pytest.mark.parametrize("seats, fame", [(2, (4, 4, 2, 1)), (3, (6, 6, 3, 2)), (4, (8, 8, 4, 2)),
                                         (5, (10, 10, 5, 3))])
def test_set_up_offer_fame_piles_commons_and_hands(seats, fame):
    st = table(seats)
    assert len(st.piles["p2"]) == 8 and st.front["p2"] is None        # the 2¢ vowels as a spread
    for pid in ("p3", "p4", "p5", "p6", "p7", "p8"):
        assert st.front[pid] is not None and st.piles[pid]            # a front card and a pile top
    assert len(st.offer()) == 8 + 12
    assert tuple(len(st.fame[p]) for p in ("f5", "f8", "f11", "f17")) == fame
    assert sorted(st.commons) == ["cA", "cE", "cI", "cO"]
    assert all(len(h) == 5 and len(d) == 5 for h, d in zip(st.hands, st.decks))
    assert st.need == 7 and st.phase == "spell"
    orders = {tuple(table(seats, seed=s).commons) for s in range(12)}
    assert len(orders) > 3                                             # the commons are shuffled


# ---- words -----------------------------------------------------------------------------
def test_wilds_stand_for_any_letter_and_score_nothing():
    st = table()
    give(st, 0, ["L16", wild(1)])                       # T (1¢, first:2) and a wild
    ev = spell(st, ["L16", wild(1)], {wild(1): "o"})
    assert ev["word"] == "to" and ev["cents"] == 3      # 1¢ + 2 (first letter) + 0 (wild)
    st = table()
    give(st, 0, [wild(1), wild(2)])
    with pytest.raises(RuleError) as e:
        RULES.decide(st, {"type": "spell", "seat": 0, "cards": [wild(1), wild(2)],
                          "letters": {wild(1): "o"}}, Rng(0))
    assert e.value.code == "err.paperback.wild_letter"


def test_the_top_common_by_reference_adds_a_letter_and_a_cent_and_stays():
    st = table()
    top = st.commons[0]
    letter = st.cards[top].letters
    give(st, 0, [wild(1), wild(2)])
    word = next(f for f in find_words([st.cards[wild(1)], st.cards[wild(2)]], st.cards[top])
                if COMMON in f.cards and f.score.letters == 3)
    ev = spell(st, list(found_ids(word, {COMMON: COMMON})), word.letters_map())
    assert ev["cents"] == 1 and letter in ev["word"] and ev["claimed"] is None
    assert st.commons[0] == top                          # used by reference: it stays


def found_ids(found, extra):
    return [extra.get(c, c) for c in found.cards]


def test_a_word_uses_one_common_card_at_most():
    st = table()
    top = st.commons[0]
    claimed = next(c for c in ("cA", "cE", "cI", "cO") if c != top)
    st.commons.remove(claimed)
    give(st, 0, [claimed, wild(1), wild(2)])
    found = find_words([st.cards[claimed], st.cards[wild(1)], st.cards[wild(2)]], st.cards[top])
    assert found and not any(COMMON in f.cards and claimed in f.cards for f in found)
    cmd = {"type": "spell", "seat": 0, "cards": [claimed, COMMON, wild(1)], "letters": {wild(1): "x"}}
    with pytest.raises(RuleError) as e:
        RULES.decide(st, cmd, Rng(0))
    assert e.value.code == "err.paperback.one_common"


def test_a_long_enough_word_claims_the_common_and_the_track_moves_on():
    st = table()
    top = st.commons[0]
    wilds = [wild(k) for k in range(1, 6)] + [wild(k, 1) for k in range(1, 3)]
    give(st, 0, wilds)
    f = find_words([st.cards[w] for w in wilds], None, min_letters=7, limit=1)[0]
    ev = spell(st, list(f.cards), f.letters_map())
    assert ev["claimed"] == top and top in st.discards[0]
    assert st.need == 8 and st.claimed == 1


def test_two_letter_cards_keep_their_order_a_flip_may_reverse_and_q_may_be_qu():
    st = table()
    give(st, 0, ["D11", "L10"])                          # AT (flip) and D
    with pytest.raises(RuleError):
        spell(st, ["D11", "L10"], {"D11": "ad"})          # AT cannot be laid as AD
    st = table()
    give(st, 0, ["D07", wild(1)])                        # EN (flip)
    ev = spell(st, [wild(1), "D07"], {wild(1): "o", "D07": "ne"})
    assert ev["word"] == "one" and ev["letters"] == 3
    st = table()
    give(st, 0, ["D01", wild(1)])                        # ER: never RE
    with pytest.raises(RuleError) as e:
        spell(st, [wild(1), "D01"], {wild(1): "o", "D01": "re"})
    assert e.value.code == "err.paperback.laid_as"
    st = table()
    give(st, 0, ["L63", wild(1), wild(2)])               # Q (qu)
    ev = spell(st, ["L63", wild(1), wild(2)], {"L63": "qu", wild(1): "i", wild(2): "t"})
    assert ev["word"] == "quit" and ev["letters"] == 4 and ev["cents"] == 5


def test_unknown_words_are_refused_and_the_table_may_accept_one():
    st = table(3)
    give(st, 0, [wild(1), wild(2), wild(3)])
    cmd = {"type": "spell", "seat": 0, "cards": [wild(1), wild(2), wild(3)],
           "letters": {wild(1): "z", wild(2): "q", wild(3): "x"}}
    with pytest.raises(RuleError) as e:
        RULES.decide(st, cmd, Rng(0))
    assert e.value.code == "err.paperback.unknown_word"
    play(st, {"type": "propose", "seat": 0, "word": "zqx"})
    assert RULES.to_act(st) == {1, 2}
    play(st, {"type": "vote", "seat": 1, "accept": True})
    events = play(st, {"type": "vote", "seat": 2, "accept": True})
    assert events[-1]["type"] == "word_accepted" and st.phase == "spell"
    assert spell(st, cmd["cards"], cmd["letters"])["word"] == "zqx"
    st = table(3)
    play(st, {"type": "propose", "seat": 0, "word": "qqq"})
    play(st, {"type": "vote", "seat": 2, "accept": False})
    assert st.refused == ["qqq"] and st.phase == "spell"
    with pytest.raises(RuleError) as e:
        play(st, {"type": "propose", "seat": 0, "word": "qqq"})
    assert e.value.code == "err.paperback.word_refused"


# ---- one test per ability code ---------------------------------------------------------
def test_ability_none_scores_printed_cents():
    st = table()
    give(st, 0, ["L43", wild(1), wild(2)])               # K, 4¢, no ability
    assert spell(st, [wild(1), "L43", wild(2)], {wild(1): "s", wild(2): "i"})["cents"] == 4


def test_ability_first():
    st = table()
    give(st, 0, ["L16", wild(1)])
    assert spell(st, [wild(1), "L16"], {wild(1): "a"})["cents"] == 1     # not first: no bonus


def test_ability_last():
    st = table()
    give(st, 0, ["L15", wild(1)])                        # S, last:2
    assert spell(st, [wild(1), "L15"], {wild(1): "a"})["cents"] == 3
    st = table()
    give(st, 0, ["L15", wild(1)])
    assert spell(st, ["L15", wild(1)], {wild(1): "o"})["cents"] == 1


def test_ability_nowild():
    st = table()
    give(st, 0, ["L17", "V03"])                          # R nowild:2, E one-shot
    assert spell(st, ["L17", "V03"])["cents"] == 4
    st = table()
    give(st, 0, ["L17", "V03", wild(1)])
    assert spell(st, [wild(1), "L17", "V03"], {wild(1): "e"})["cents"] == 2


def test_ability_long():
    st = table()
    give(st, 0, ["L19"] + [wild(k) for k in range(1, 6)])   # L long:6:2
    cards = ["L19"] + [wild(k) for k in range(1, 6)]
    assert spell(st, cards, dict(zip(cards[1:], "ament")))["cents"] == 3
    st = table()
    give(st, 0, cards)
    assert spell(st, cards[:4], dict(zip(cards[1:4], "ame")))["cents"] == 1


def test_ability_wild_bonus():
    st = table()
    give(st, 0, ["L35", wild(1), wild(2)])               # E 2¢, wild_bonus:1
    assert spell(st, ["L35", wild(1), wild(2)], {wild(1): "a", wild(2): "t"})["cents"] == 4


def test_ability_double_adj():
    st = table()
    give(st, 0, ["L36", "L59"])                          # A 2¢ double_adj, X 5¢
    assert spell(st, ["L36", "L59"])["cents"] == 12      # 2 + 5 + 5 again


def test_ability_double_word_after_the_minus():
    st = table()
    give(st, 0, ["L65", wild(1), wild(2)])               # K 4¢ double_word
    assert spell(st, [wild(1), "L65", wild(2)], {wild(1): "s", wild(2): "i"})["cents"] == 8
    st = table()
    st.effects[0].minus = 2
    give(st, 0, ["L65", wild(1), wild(2)])
    assert spell(st, [wild(1), "L65", wild(2)], {wild(1): "s", wild(2): "i"})["cents"] == 4


def test_ability_draw_makes_the_next_hand_bigger():
    st = table()
    give(st, 0, ["L13", wild(1), wild(2)])               # E draw:1
    ev = spell(st, [wild(1), "L13", wild(2)], {wild(1): "t", wild(2): "a"})
    assert ev["draws"] == 1
    play(st, {"type": "buy", "seat": 0, "cards": []})
    assert len(st.hands[0]) == 6


def test_ability_draw_if_last():
    st = table()
    give(st, 0, ["L34", wild(1), wild(2)])               # S draw_if_last:2
    assert spell(st, [wild(1), wild(2), "L34"], {wild(1): "i", wild(2): "t"})["draws"] == 2
    st = table()
    give(st, 0, ["L34", wild(1), wild(2)])
    assert spell(st, ["L34", wild(1), wild(2)], {wild(1): "a", wild(2): "t"})["draws"] == 0


def test_ability_one_shot_leaves_the_game_after_use():
    st = table()
    give(st, 0, ["V01", wild(1)])                        # A one_shot
    spell(st, ["V01", wild(1)], {wild(1): "t"})
    play(st, {"type": "buy", "seat": 0, "cards": []})
    assert "V01" in st.trash and "V01" not in st.owned(0)
    assert RULES.view(st, 1)["trashed"] == [1, 0]          # the seat's own cards it trashed


def test_ability_flip():
    st = table()
    give(st, 0, ["D10", wild(1)])                        # ST flip
    assert spell(st, [wild(1), "D10"], {wild(1): "i", "D10": "ts"})["word"] == "its"


def test_ability_qu():
    st = table()
    give(st, 0, ["L63", wild(1), wild(2)])
    with pytest.raises(RuleError):
        spell(st, ["L63", wild(1)], {"L63": "qa", wild(1): "t"})
    assert spell(st, ["L63", wild(1), wild(2)], {wild(1): "a", wild(2): "t"})["word"] == "qat"


def test_ability_trash_hand_removes_a_card_not_in_the_word():
    st = table()
    give(st, 0, ["L39", wild(1), "s0.T", "s0.R"])        # N trash_hand:1
    with pytest.raises(RuleError):
        spell(st, [wild(1), "L39"], {wild(1): "o"}, trash=["s0.T", "s0.R"])
    spell(st, [wild(1), "L39"], {wild(1): "o"}, trash=["s0.T"])
    assert "s0.T" in st.trash and "s0.T" not in st.owned(0)
    assert st.trashed == [1, 0]


def test_ability_trash_offer_refills_the_offer():
    st = table()
    give(st, 0, ["L30", wild(1)])                        # U trash_offer:1
    front, top = st.front["p7"], st.piles["p7"][0]
    events = play(st, {"type": "spell", "seat": 0, "cards": [wild(1), "L30"],
                       "letters": {wild(1): "n"}, "trash_offer": [front]})
    assert events[-1]["type"] == "offer_trashed" and front in st.trash
    assert st.front["p7"] == top
    assert st.trashed == [0, 0]                          # an Offer card was never the player's


def attack(code_card, seats=2):
    st = table(seats, attacks=True)
    give(st, 0, [code_card, wild(1), wild(2)])
    return st


def finish_turn(st, seat=0):
    play(st, {"type": "buy", "seat": seat, "cards": []})


def test_ability_atk_minus():
    st = attack("A04")                                   # S atk_minus:2
    spell(st, [wild(1), wild(2), "A04"], {wild(1): "i", wild(2): "t"})
    finish_turn(st)
    give(st, 1, ["L43", wild(1, 1), wild(2, 1)])
    assert spell(st, [wild(1, 1), "L43", wild(2, 1)], {wild(1, 1): "s", wild(2, 1): "i"}, seat=1)["cents"] == 2
    finish_turn(st, 1)
    assert st.effects[1].minus == 0                      # it lasts one turn


def test_ability_atk_no_common():
    st = attack("A02")                                   # R atk_no_common
    spell(st, [wild(1), "A02", wild(2)], {wild(1): "a", wild(2): "t"})
    finish_turn(st)
    give(st, 1, [wild(1, 1)])
    with pytest.raises(RuleError) as e:
        spell(st, [wild(1, 1), COMMON], {wild(1, 1): "t"}, seat=1)
    assert e.value.code == "err.paperback.common_blocked"


def test_ability_atk_no_claim():
    st = attack("A10")                                   # X atk_no_claim
    spell(st, [wild(1), "A10"], {wild(1): "a"})
    finish_turn(st)
    wilds = [wild(k, 1) for k in range(1, 6)] + [wild(k) for k in range(3, 5)]
    give(st, 1, wilds)
    f = find_words([st.cards[w] for w in wilds], None, min_letters=7, limit=1)[0]
    assert spell(st, list(f.cards), f.letters_map(), seat=1)["claimed"] is None


@pytest.mark.parametrize("card, key, letters", [("A01", "discard", "n"), ("A05", "discard_wild", "d"),
                                                ("A08", "topdeck", "p")])
def test_ability_atk_answered_by_each_victim_before_the_buy(card, key, letters):
    st = attack(card, seats=3)
    give(st, 2, ["L01", "L03", "L05", "L07", "L09"])         # seat 2 holds no wild
    word = {"n": "ant", "d": "ado", "p": "apt"}[letters]
    spell(st, [wild(1), card, wild(2)], {wild(1): word[0], wild(2): word[2]})
    named = [1] if key == "discard_wild" else [1, 2]        # a wild discard spares a hand of none
    assert st.phase == "respond" and RULES.to_act(st) == frozenset(named)
    with pytest.raises(RuleError) as e:
        finish_turn(st)                                     # the attacker buys after the answers
    assert e.value.code == "err.not_your_turn"
    for victim in reversed(named):                          # each once, in any order
        hand = list(st.hands[victim])
        pool = [c for c in hand if st.cards[c].wild] if key == "discard_wild" else hand
        give_up = pool[:1]
        with pytest.raises(RuleError) as e:
            play(st, {"type": "answer", "seat": victim, key: []})
        assert e.value.code == "err.paperback.answer_owed"
        play(st, {"type": "answer", "seat": victim, key: give_up})
        assert give_up[0] not in st.hands[victim] and len(st.hands[victim]) == 4
        if key == "topdeck":
            assert st.decks[victim][0] == give_up[0]
        else:
            assert st.discards[victim][-1] == give_up[0]
        assert not st.effects[victim].owed()
    assert st.phase == "buy" and RULES.to_act(st) == frozenset({0})
    finish_turn(st)
    assert len(st.hands[1]) == 4                            # the next turn is played with 4


# ---- buying, turns, the end ------------------------------------------------------------
def test_buy_within_the_cents_and_the_rest_is_lost():
    st = table()
    give(st, 0, ["L59", "L36"])                          # AX: 12¢
    spell(st, ["L36", "L59"])
    front = st.front["p8"]
    with pytest.raises(RuleError) as e:
        play(st, {"type": "buy", "seat": 0, "cards": ["f8", "f5"]})
    assert e.value.code == "err.paperback.too_dear"
    top = st.piles["p3"][0]
    play(st, {"type": "buy", "seat": 0, "cards": ["f5", top]})
    assert top in st.discards[0] and any(c.startswith("f5.") for c in st.discards[0])
    assert st.cents == 0 and st.turn == 1
    assert st.front["p8"] == front


def test_pass_discards_and_draws_five():
    st = table()
    hand = list(st.hands[0])
    play(st, {"type": "pass", "seat": 0})
    assert set(hand) <= set(st.discards[0]) and len(st.hands[0]) == 5 and st.turn == 1


def test_an_empty_deck_reshuffles_the_discard_pile():
    st = table()
    st.discards[0].extend(st.decks[0])
    st.decks[0] = []
    events = play(st, {"type": "pass", "seat": 0}, seed=3)
    assert events[-1]["new_deck"] is not None
    assert len(st.hands[0]) == 5 and len(st.decks[0]) == 5 and st.discards[0] == []


def test_the_game_ends_when_two_fame_piles_are_empty():
    st = table()
    st.trash.extend(st.fame["f17"])
    st.fame["f17"] = []
    st.trash.extend(st.fame["f11"][1:])
    st.fame["f11"] = st.fame["f11"][:1]
    give(st, 0, ["L59", "L36"])
    spell(st, ["L36", "L59"])
    events = play(st, {"type": "buy", "seat": 0, "cards": ["f11"]})
    assert [e["type"] for e in events][-2:] == ["turn_ended", "game_ended"]
    assert events[-1]["reason"] == "fame" and RULES.outcome(st) is not None


def test_the_game_ends_when_the_last_common_is_claimed():
    st = table()
    while len(st.commons) > 1:
        st.trash.append(st.commons.pop(0))
        st.claimed += 1
    assert st.need == 10
    wilds = [wild(k) for k in range(1, 6)] + [wild(k, 1) for k in range(1, 6)]
    give(st, 0, wilds)
    f = find_words([st.cards[w] for w in wilds], None, min_letters=10, limit=1)[0]
    spell(st, list(f.cards), f.letters_map())
    events = play(st, {"type": "buy", "seat": 0, "cards": []})
    assert events[-1]["type"] == "game_ended" and events[-1]["reason"] == "commons"


def own(st, holdings):
    """Each seat owns exactly the listed cards (in its discard pile)."""
    for seat, cards in enumerate(holdings):
        st.decks[seat], st.hands[seat], st.discards[seat] = [], [], list(cards)


def test_tie_break_most_commons_then_fewest_turns_then_shared():
    st = table()
    w0 = [wild(k) for k in range(1, 6)]
    w1 = [wild(k, 1) for k in range(1, 6)]
    own(st, [w0 + ["cA"], w1[:2] + ["f5.1", "f5.2"]])          # 10 Fame each; one common vs none
    r = final_result(st)
    assert r["scores"] == [10, 10] and r["commons"] == [1, 0]
    assert r["winners"] == [0] and r["tiebreak"] == "paperback.tiebreak.commons"
    own(st, [w0 + ["cA"], w1 + ["cE"]])                         # 10 each, a common each
    st.turns = [5, 4]
    r = final_result(st)
    assert r["winners"] == [1] and r["tiebreak"] == "paperback.tiebreak.turns"
    st.turns = [4, 4]
    r = final_result(st)
    assert r["winners"] == [0, 1] and r["tiebreak"] is None   # still tied: shared
    own(st, [w0[:3] + ["f8.1"], w1[:1]])
    r = final_result(st)
    assert r["scores"] == [10, 1] and r["winners"] == [0] and r["tiebreak"] is None


def test_spell_is_undoable_against_bots_but_a_buy_is_not():
    s = LocalSession(RULES, 2, {"start": 0}, seed=4, log=False,
                     players=[{"name": "Mei", "kind": "human"}, {"name": "Bot", "kind": "bot"}])
    v = s.view(0)
    found = find_words([s.state.cards[c] for c in v["hand"]], None, limit=1)
    if found:
        s.submit({"type": "spell", "seat": 0, "cards": list(found[0].cards), "letters": found[0].letters_map()})
    else:
        s.submit({"type": "propose", "seat": 0, "word": "zzqq"})
    assert s.can_undo(0)
    assert s.undo(0) and s.state.phase == "spell"
    s.submit({"type": "pass", "seat": 0})
    assert not s.can_undo(0)


def test_bots_only_read_their_view():
    s = LocalSession(RULES, 3, {}, seed=9, log=False)
    for _ in range(12):
        seat = min(s.to_act())
        v = s.view(seat)
        cmd = PaperbackBot("hard", seed=1).choose(v, seat)
        assert cmd == PaperbackBot("hard", seed=1).choose(s.view(seat), seat)
        s.submit(cmd)
