"""Hooky's rules: the deal, starting clues, asks (repeats, anagrams), reveals and peeks,
flips, guesses, the final hand guesses, scoring and every tie-break, the table's vote on
a word the dictionary lacks, undo, and every rule error in both languages."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.core.errors import RuleError
from engine.core.i18n import catalog, tr
from engine.core.session import LocalSession
from engine.hooky.deduction import HOOKY, PLAYGROUND, deduce
from engine.hooky.knowledge import ALPHABET, Knowledge
from engine.hooky.rules import HookyRules
from engine.hooky.scoring import breakdown, final_result, rank
from engine.words import hooky_words, is_hooky_word

ROOT = Path(__file__).resolve().parents[1]
RULES = HookyRules()


def deal(*hands: str, playground: str = "", hooky: str = "") -> str:
    """A 26-letter deal order: the given hands, playground and hooky, the rest filled in."""
    n = len(hands)
    size = {3: 7, 4: 5, 5: 4}[n]
    ground = {3: 2, 4: 3, 5: 3}[n]
    used = "".join(hands) + playground + hooky
    assert len(set(used)) == len(used)
    rest = [c for c in ALPHABET if c not in used]
    full = []
    for h in hands:
        full.append(h + "".join(rest.pop(0) for _ in range(size - len(h))))
    full.append(playground + "".join(rest.pop(0) for _ in range(ground - len(playground))))
    full.append(hooky + "".join(rest.pop(0) for _ in range(3 - len(hooky))))
    return "".join(full)


def table(*hands: str, start: int = 0, humans: int = 0, **kw) -> LocalSession:
    order = deal(*hands, **kw)
    players = [{"name": f"P{i}", "kind": "human" if i < humans else "bot"} for i in range(len(hands))]
    return LocalSession(RULES, len(hands), {"deal": order, "start": start}, 1, players, log=False)


def clue_word(hand) -> str:
    return next(w for w in hooky_words() if set(w) & set(hand) and w.isalpha())


def give_clues(s: LocalSession) -> None:
    while s.state.phase == "clue":
        seat = s.state.turn
        s.submit({"type": "clue", "seat": seat, "word": clue_word(s.state.hands[seat])})


def spare_word(s: LocalSession, target: int, avoid: set[str] = frozenset()) -> str:
    asked = {"".join(sorted(w)) for w in s.state.asked_of(target)}
    return next(w for w in hooky_words() if "".join(sorted(w)) not in asked and w not in avoid)


def finish_round(s: LocalSession) -> None:
    r = s.state.round
    while s.state.phase == "turn" and s.state.round == r:
        seat = s.state.turn
        target = (seat + 1) % s.seats
        s.submit({"type": "ask", "seat": seat, "target": target, "word": spare_word(s, target)})


def guess_all(s: LocalSession, letters="abc") -> None:
    for seat in sorted(s.to_act()):
        s.submit({"type": "guess", "seat": seat, "letters": list(letters)})


def refused(s: LocalSession, cmd: dict) -> str:
    """The code refusing `cmd`; the dry run (`check`, which the table asks before it
    submits) gives the same refusal first and changes nothing."""
    before = (s.hash(), len(s.events))
    dry = s.check(cmd)
    assert dry is not None and (s.hash(), len(s.events)) == before
    with pytest.raises(RuleError) as e:
        s.submit(cmd)
    assert e.value.code == dry.code and e.value.params == dry.params
    return e.value.code


# ---------------------------------------------------------------------------------------
# the deal and the counting rule
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,hand,ground,flips", [(3, 7, 2, 2), (4, 5, 3, 3), (5, 4, 3, 3)])
def test_deal_follows_the_setup_table(n, hand, ground, flips):
    s = LocalSession(RULES, n, {}, 7, log=False)
    st = s.state
    assert [len(h) for h in st.hands] == [hand] * n
    assert len(st.playground) == ground and len(st.hooky) == 3 and st.flip_rounds == flips
    every = [c for h in st.hands for c in h] + st.playground + st.hooky
    assert sorted(every) == list(ALPHABET)
    assert s.events[0]["type"] == "dealt" and 0 <= st.start < n
    assert s.to_act() == {st.start} and st.phase == "clue"


@pytest.mark.parametrize("hand,word,answer", [("aghlu", "mirth", 1), ("aelnp", "never", 3),
                                              ("smart", "quick", 0)])
def test_counting_rule_examples_through_a_game(hand, word, answer):
    s = table("bdoy", hand, "fijk", "vwxz")
    give_clues(s)
    ev = s.submit({"type": "ask", "seat": 0, "target": 1, "word": word.upper()})
    assert ev[0]["type"] == "asked" and ev[0]["answer"] == answer and ev[0]["word"] == word
    assert s.view(3)["asks"][-1] == {"round": 1, "asker": 0, "seat": 1, "word": word, "answer": answer}


def test_award_deduction_through_a_real_game_state():
    """Holding B-D-H-R-Y, seat 0 hears seat 1 answer 2 to AWARD: seat 1 holds A (twice)
    and not W, and A is not a hooky letter."""
    s = table("bdhry", "acfgi", "eklmn", "opqst", start=2)
    give_clues(s)
    s.submit({"type": "ask", "seat": 2, "target": 1, "word": "award"})
    assert s.state.asks[-1]["answer"] == 2
    d = deduce(Knowledge.from_view(s.view(0)["knowledge"]))
    assert d.must("a", 1) and d.cannot("w", 1)
    assert d.cannot("a", HOOKY) and d.cannot("a", PLAYGROUND)


def test_starting_clues_go_clockwise_and_need_an_own_letter():
    s = table("abcde", "fghij", "klmno", "pqrst", start=2)
    assert s.to_act() == {2}
    assert refused(s, {"type": "clue", "seat": 2, "word": "fight"}) == "err.hooky.clue_no_own_letter"
    assert refused(s, {"type": "clue", "seat": 3, "word": "stamp"}) == "err.not_your_turn"
    ev = s.submit({"type": "clue", "seat": 2, "word": "lemon"})[0]
    assert ev["answer"] == 4 and ev["seat"] == 2           # l, m, o, n: counted by the engine
    for seat in (3, 0, 1):
        assert s.to_act() == {seat}
        s.submit({"type": "clue", "seat": seat, "word": clue_word(s.state.hands[seat])})
    assert s.state.phase == "turn" and s.state.round == 1 and s.to_act() == {2}


def test_repeat_and_anagram_refused_per_player():
    s = table("abcdf", "eghij", "klmno", "pqrsu")
    give_clues(s)
    s.submit({"type": "ask", "seat": 0, "target": 2, "word": "least"})
    assert refused(s, {"type": "ask", "seat": 1, "target": 2, "word": "least"}) == "err.hooky.repeat"
    assert refused(s, {"type": "ask", "seat": 1, "target": 2, "word": "Steal"}) == "err.hooky.anagram"
    assert refused(s, {"type": "ask", "seat": 1, "target": 1, "word": "slate"}) == "err.hooky.ask_self"
    s.submit({"type": "ask", "seat": 1, "target": 3, "word": "slate"})   # another player: fine
    # the starting clue counts as put to its own seat
    own = s.state.clues[0]["word"]
    assert s.state.clues[0]["seat"] == 0
    assert refused(s, {"type": "ask", "seat": 2, "target": 0, "word": own}) == "err.hooky.repeat"


def test_words_must_be_five_letters_in_the_dictionary():
    s = table("abcdf", "eghij", "klmno", "pqrsu")
    give_clues(s)
    for bad in ("four", "sixsix", "ab-cd", 12345, "caf\u00e9s"):
        assert refused(s, {"type": "ask", "seat": 0, "target": 1, "word": bad}) == "err.hooky.word_shape"
    with pytest.raises(RuleError) as e:
        s.submit({"type": "ask", "seat": 0, "target": 1, "word": "abcde"})
    assert e.value.code == "err.hooky.unknown_word"
    assert "ABCDE" in e.value.message("en") and "ABCDE" in e.value.message("zh-TW")
    assert e.value.message("zh-TW") != e.value.message("en")
    for name in ("paris", "april", "susan"):
        assert is_hooky_word(name)
    s.submit({"type": "ask", "seat": 0, "target": 1, "word": "Paris"})


# ---------------------------------------------------------------------------------------
# reveals, flips, guesses, the end
# ---------------------------------------------------------------------------------------
def test_reveal_from_round_two_once_before_asking_and_the_peek_is_private():
    s = table("abcde", "fghij", "klmno", "pqrst")
    give_clues(s)
    cmd = {"type": "reveal", "seat": 0, "letter": "a", "target": 1}
    assert refused(s, cmd) == "err.hooky.reveal_round"
    finish_round(s)
    assert s.state.round == 2 and s.to_act() == {0}
    assert refused(s, dict(cmd, letter="z")) == "err.hooky.reveal_not_in_hand"
    assert refused(s, dict(cmd, target=0)) == "err.hooky.peek_self"
    evs = s.submit(cmd)
    assert [e["type"] for e in evs] == ["card_revealed", "card_peeked"]
    seen = evs[1]["letter"]
    assert seen in "fghij"
    assert refused(s, dict(cmd, letter="b")) == "err.hooky.reveal_twice"
    mine, other = s.view(0), s.view(2)
    assert mine["peeks"] == [{"round": 2, "target": 1, "letter": seen}]
    assert other["peeks"] == [] and other["revealed"][0] == ["a"]
    peeked = [e for e in s.events_for(2) if e["type"] == "card_peeked"]
    assert peeked and all("letter" not in e for e in peeked)
    assert [e["letter"] for e in s.events_for(0) if e["type"] == "card_peeked"] == [seen]
    assert [1, seen] in mine["knowledge"]["peeks"]
    s.submit({"type": "ask", "seat": 0, "target": 2, "word": spare_word(s, 2)})
    assert s.to_act() == {1}
    # a revealed card cannot be revealed again
    finish_round(s)
    assert refused(s, cmd) == "err.hooky.reveal_already"


@pytest.mark.parametrize("hands,flips", [(("abcdefg", "hijklmn", "opqrstu"), 2),
                                         (("abcde", "fghij", "klmno", "pqrst"), 3),
                                         (("abcd", "efgh", "ijkl", "mnop", "qrst"), 3)])
def test_flips_after_the_early_rounds_and_simultaneous_guesses(hands, flips):
    s = table(*hands, playground="vwx"[:3 if len(hands) > 3 else 2])
    give_clues(s)
    for r in range(1, 7):
        finish_round(s)
        assert len(s.view(None)["flipped"]) == min(r, flips)
        if r < 4:
            assert s.state.phase == "turn"
            continue
        assert s.state.phase == "guess" and s.to_act() == set(range(len(hands)))
        assert refused(s, {"type": "ask", "seat": 0, "target": 1, "word": "crane"}) == "err.hooky.not_now"
        assert refused(s, {"type": "guess", "seat": 1, "letters": ["a", "a", "b"]}) == "err.hooky.guess_shape"
        s.submit({"type": "guess", "seat": 1, "letters": "xyz"})
        assert refused(s, {"type": "guess", "seat": 1, "letters": "xyz"}) == "err.hooky.already_guessed"
        assert s.to_act() == set(range(len(hands))) - {1}
        assert s.view(0)["guessed"][1] == list(range(4, r + 1)) and s.view(0)["my_guesses"] == {
            str(x): ["a", "b", "c"] for x in range(4, r)}
        for seat in sorted(s.to_act()):
            s.submit({"type": "guess", "seat": seat, "letters": ["a", "b", "c"]})
    assert s.view(None)["flipped"] == list("vwx"[:flips])
    assert s.state.phase == "hands"


def test_final_hand_guesses_and_scoring_end_to_end():
    s = table("abcde", "fghij", "klmno", "pqrst", playground="uvw", hooky="xyz")
    give_clues(s)
    for r in range(1, 7):
        finish_round(s)
        if r >= 4:
            for seat in range(4):
                s.submit({"type": "guess", "seat": seat,
                          "letters": ["x", "y", "z"] if seat == 0 else (["x", "y", "a"] if r == 6 else ["a", "b", "c"])})
    assert refused(s, {"type": "name_hands", "seat": 0, "hands": {0: ["a"]}}) == "err.hooky.name_self"
    assert refused(s, {"type": "name_hands", "seat": 0, "hands": {1: list("fghijk")}}) == "err.hooky.name_too_many"
    assert refused(s, {"type": "name_hands", "seat": 0, "hands": {1: ["f", "f"]}}) == "err.hooky.name_twice"
    s.submit({"type": "name_hands", "seat": 0, "hands": {1: list("fghij"), 2: list("klm"), 3: list("pqrsz")}})
    s.submit({"type": "name_hands", "seat": 1, "hands": [[], [], [], []]})
    s.submit({"type": "name_hands", "seat": 2, "hands": {"0": "abcde"}})
    assert s.outcome() is None
    s.submit({"type": "name_hands", "seat": 3, "hands": {}})
    out = s.outcome()
    assert out is not None
    b0 = out.detail["breakdown"][0]
    assert b0["hooky"] == {"4": 15, "5": 15, "6": 30}
    assert b0["letters"] == 5 + 3 + 4 and b0["exact"] == 1 and b0["total"] == 60 + 12 + 1
    assert out.scores == [73, 20, 20 + 5 + 1, 20]
    assert out.winners == [0] and out.tiebreak is None
    v = s.view(2)
    assert v["result"]["hooky"] == ["x", "y", "z"] and v["result"]["hands"][0] == list("abcde")


# ---------------------------------------------------------------------------------------
# scoring and tie-breaks (pure)
# ---------------------------------------------------------------------------------------
HANDS = [list("abcde"), list("fghij"), list("klmno"), list("pqrst")]
HOOKY_LETTERS = ["x", "y", "z"]


def test_breakdown_counts_each_part():
    named = [[], list("fghij"), list("klmzz"[:3]), list("pq")]
    b = breakdown(0, HANDS, HOOKY_LETTERS, {4: ["x", "a", "b"], 5: ["x", "y", "b"], 6: ["x", "y", "z"]}, named)
    assert b["hooky"] == {"4": 5, "5": 10, "6": 30}
    assert b["letters"] == 5 + 3 + 2 and b["exact"] == 1 and b["total"] == 45 + 10 + 1


def test_tiebreak_first_correct_guess():
    guesses = [{4: ["a", "b", "c"], 5: ["x", "y", "z"]}, {4: ["x", "b", "c"], 5: ["a", "b", "c"]}, {}]
    assert rank([10, 10, 3], HOOKY_LETTERS, guesses, [0, 3, 0]) == ([1], "hooky.tiebreak.first_correct")


def test_tiebreak_most_correct_earliest():
    # both first right in round 4; seat 0 reaches 3 right in round 5, seat 1 only 2
    guesses = [{4: ["x", "b", "c"], 5: ["x", "y", "z"]}, {4: ["x", "y", "c"], 5: ["x", "y", "c"]}]
    assert rank([20, 20], HOOKY_LETTERS, guesses, [5, 0]) == ([0], "hooky.tiebreak.most_correct")
    # the same most, reached earlier
    guesses = [{4: ["x", "b", "c"], 5: ["x", "y", "c"]}, {4: ["x", "y", "c"], 5: ["x", "b", "c"]}]
    assert rank([20, 20], HOOKY_LETTERS, guesses, [0, 5]) == ([1], "hooky.tiebreak.most_correct")


def test_tiebreak_fewest_reveals_then_shared():
    g = {4: ["x", "b", "c"]}
    assert rank([9, 9, 9], HOOKY_LETTERS, [g, g, g], [2, 1, 3]) == ([1], "hooky.tiebreak.fewest_reveals")
    assert rank([9, 9, 9], HOOKY_LETTERS, [g, g, g], [1, 1, 3]) == ([0, 1], "hooky.tiebreak.fewest_reveals")
    assert rank([9, 9, 1], HOOKY_LETTERS, [g, g, {}], [1, 1, 0]) == ([0, 1], None)
    assert rank([9, 8], HOOKY_LETTERS, [{}, g], [4, 0]) == ([0], None)


def test_final_result_is_plain_data():
    res = final_result(HANDS, HOOKY_LETTERS, [{}, {}, {}, {}], [None] * 4, [0] * 4)
    assert json.loads(json.dumps(res)) == res and res["winners"] == [0, 1, 2, 3]


# ---------------------------------------------------------------------------------------
# the table's vote on a word the dictionary lacks
# ---------------------------------------------------------------------------------------
def test_table_accepts_a_word_by_consensus():
    assert not is_hooky_word("memed")
    s = table("abcdf", "eghij", "klmno", "pqrsu", humans=4)
    give_clues(s)
    assert refused(s, {"type": "ask", "seat": 0, "target": 1, "word": "memed"}) == "err.hooky.unknown_word"
    assert refused(s, {"type": "propose", "seat": 0, "word": "crane"}) == "err.hooky.already_a_word"
    s.submit({"type": "propose", "seat": 0, "word": "MEMED"})
    assert s.state.phase == "vote" and s.to_act() == {1, 2, 3}
    assert s.view(2)["pending"] == {"seat": 0, "word": "memed", "votes": {}}
    assert refused(s, {"type": "vote", "seat": 0, "accept": True}) == "err.hooky.not_voting"
    assert refused(s, {"type": "vote", "seat": 1, "accept": "yes"}) == "err.hooky.vote_shape"
    s.submit({"type": "vote", "seat": 1, "accept": True})
    s.submit({"type": "vote", "seat": 3, "accept": True})
    assert s.to_act() == {2}
    evs = s.submit({"type": "vote", "seat": 2, "accept": True})
    assert [e["type"] for e in evs] == ["word_voted", "word_accepted"]
    assert s.state.phase == "turn" and s.to_act() == {0} and "memed" in s.view(1)["accepted_words"]
    ev = s.submit({"type": "ask", "seat": 0, "target": 1, "word": "memed"})[0]
    assert ev["answer"] == 2                      # e twice
    kinds = [e["type"] for e in s.events]
    assert kinds.count("word_voted") == 3 and "word_proposed" in kinds


def test_table_refusal_is_final_and_readable():
    s = table("abcdf", "eghij", "klmno", "pqrsu", humans=4)
    s.submit({"type": "propose", "seat": 0, "word": "zorbl"})
    assert s.state.phase == "vote"
    evs = s.submit({"type": "vote", "seat": 2, "accept": False})
    assert [e["type"] for e in evs] == ["word_voted", "word_refused"]
    assert s.state.phase == "clue" and s.to_act() == {0}
    with pytest.raises(RuleError) as e:
        s.submit({"type": "clue", "seat": 0, "word": "zorbl"})
    assert e.value.code == "err.hooky.word_refused" and "ZORBL" in e.value.message("zh-TW")
    assert refused(s, {"type": "propose", "seat": 0, "word": "zorbl"}) == "err.hooky.word_refused"


# ---------------------------------------------------------------------------------------
# undo, errors
# ---------------------------------------------------------------------------------------
def test_undo_refuses_anything_that_revealed_information():
    s = table("abcde", "fghij", "klmno", "pqrst", humans=1)
    s.submit({"type": "clue", "seat": 0, "word": clue_word("abcde")})
    assert s.can_undo(0)                             # a starting clue teaches its giver nothing
    for seat in (1, 2, 3):
        s.submit({"type": "clue", "seat": seat, "word": clue_word(s.state.hands[seat])})
    s.submit({"type": "ask", "seat": 0, "target": 1, "word": "crane"})
    assert not s.can_undo(0)                         # an answer was heard
    spec = RULES.spec                                    # the core's rule, the game's declared data
    assert not spec.undoable([{"type": "card_revealed"}, {"type": "card_peeked"}])
    assert not spec.undoable([{"type": "clue_given"}, {"type": "asked"}])
    assert spec.undoable([{"type": "word_proposed"}, {"type": "word_voted"}, {"type": "word_accepted"}])
    assert spec.undoable([{"type": "hooky_guessed"}])


def test_bad_commands_and_seats():
    s = table("abcde", "fghij", "klmno", "pqrst")
    assert refused(s, {"type": "dance", "seat": 0}) == "err.bad_command"
    assert refused(s, {"type": "clue", "seat": 9, "word": "crane"}) == "err.seat"
    assert refused(s, {"type": "guess", "seat": 0, "letters": "abc"}) == "err.hooky.not_now"
    msg = RuleError("err.hooky.not_now", action="@hooky.action.guess", phase="@hooky.phase.clue")
    assert "guess" in msg.message("en") and "猜" in msg.message("zh-TW")


def test_every_hooky_rule_error_is_in_both_languages():
    src = "".join((ROOT / "engine" / "hooky" / f).read_text() for f in ("rules.py", "clue_words.py"))
    codes = set(re.findall(r'"(err\.hooky\.[a-z_]+)"', src))
    assert len(codes) >= 20
    en, zh = catalog("en"), catalog("zh-TW")
    for code in codes | {"hooky.tiebreak.first_correct", "hooky.tiebreak.most_correct",
                         "hooky.tiebreak.fewest_reveals"}:
        assert code in en and code in zh, code
        assert en[code] != zh[code]
    for key in (k for k in en if k.startswith("hooky.") or k.startswith("err.hooky.")):
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", zh[key])), key
    assert tr("err.hooky.repeat", "zh-TW", word="CRANE", target=2).count("CRANE") == 1


def test_legal_commands_from_a_view_are_accepted():
    s = table("abcde", "fghij", "klmno", "pqrst")
    for _ in range(6):                        # clues, then round 1 and into round 2
        seat = min(s.to_act())
        cmd = next(iter(RULES.legal_commands(s.view(seat), seat)))
        s.submit(cmd)
    give_clues(s)
    finish_round(s)
    seat = min(s.to_act())
    cmds = RULES.legal_commands(s.view(seat), seat)
    first = next(iter(cmds))
    assert first["type"] == "reveal"
    s.submit(first)
    ask = next(iter(RULES.legal_commands(s.view(seat), seat)))
    assert ask["type"] == "ask"
    s.submit(ask)
    assert list(RULES.legal_commands(s.view(seat), seat)) == []
