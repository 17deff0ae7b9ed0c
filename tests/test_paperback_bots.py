"""Paperback bots: they only read their view, every command they give is legal, and the
levels are ordered."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.session import LocalSession
from engine.paperback import PaperbackBot, PaperbackRules
from engine.paperback.bot import answer_command, votes_yes

RULES = PaperbackRules()


def test_every_legal_command_sample_is_accepted():
    s = LocalSession(RULES, 3, {"attacks": True}, seed=21, log=False)
    bots = [PaperbackBot("normal", seed=k) for k in range(3)]
    for _ in range(40):
        if s.outcome() is not None:
            break
        seat = min(s.to_act())
        view = s.view(seat)
        options = list(RULES.legal_commands(view, seat))
        assert options
        for cmd in options[:8]:
            assert s.check(cmd) is None, cmd
        s.submit(bots[seat].choose(view, seat))


def test_random_bots_finish_a_game():
    session = play_out(RULES, 2, [PaperbackBot("random", 1), PaperbackBot("random", 2)], seed=5)
    assert session.outcome() is not None


def test_a_bot_answers_an_attack_with_its_weakest_cards():
    s = LocalSession(RULES, 2, {"attacks": True}, seed=2, log=False)
    st = s.state
    st.effects[1].discard = 1
    st.effects[1].discard_wild = 1
    view = RULES.view(st, 1)
    cmd = answer_command(view, 1)
    wilds = [c for c in st.hands[1] if st.cards[c].wild]
    assert len(cmd["discard_wild"]) == min(1, len(wilds)) and len(cmd["discard"]) == 1
    assert not set(cmd["discard"]) & set(cmd["discard_wild"])


def test_bots_vote_for_a_known_form_of_a_word():
    from engine.words import is_word
    assert not is_word("abafts") and votes_yes("abafts")     # "abaft" is listed
    assert not is_word("abacked") and votes_yes("abacked")
    assert votes_yes("aback")
    assert not votes_yes("qzxv")


def test_levels_are_ordered_over_seeded_games():
    """Hard beats normal beats easy (one bot of each, each seat order once, seeded): in
    wins, and strictly in Fame summed over the games. The statistical measurement (many
    games) is the benchmark's: bench/bot_levels.py --only paperback."""
    wins = {"hard": 0.0, "normal": 0.0, "easy": 0.0}
    fame = dict.fromkeys(wins, 0)
    levels = ("hard", "normal", "easy")
    for g in range(3):
        order = [levels[(g + k) % 3] for k in range(3)]
        session = play_out(RULES, 3, [PaperbackBot(order[s], seed=g * 10 + s) for s in range(3)],
                           seed=100 + g)
        out = session.outcome()
        for s in out.winners:
            wins[order[s]] += 1 / len(out.winners)
        for s in range(3):
            fame[order[s]] += out.scores[s]
    assert wins["hard"] > wins["normal"] >= wins["easy"], wins
    assert fame["hard"] > fame["normal"] > fame["easy"], fame


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_never_spells_a_blocked_word(level):
    from engine.words import is_blocked
    session = play_out(RULES, 2, [PaperbackBot(level, 1), PaperbackBot(level, 2)], seed=8)
    assert not any(is_blocked(e["word"]) for e in session.events if e["type"] == "spelled")


# ---- words a person knows (issue 18): easy and normal, and the hint's first; hard exact -----------
def _hand(common: str, ids: list[str]):
    from support.paperback import RULES as R, give, table
    st = table()
    st.commons.remove(common)
    st.commons.insert(0, common)
    give(st, 0, ids)
    return R.view(st, 0)


def test_normal_spells_a_word_a_person_knows_and_hard_the_exact_best():
    from engine.paperback.bot import familiar, strangeness, word_choices
    view = _hand("cI", ["s0.T", "s0.R", "s0.S", "s0.L"])
    found = {f.word: f for f in word_choices(view, limit=40)}
    best = word_choices(view, limit=1)[0]
    assert best.word == "tirls" and best.cents == 5 and found["list"].cents == 4
    assert strangeness("tirls") == 4 and strangeness("list") == 0 and strangeness("tsores aerify") == 4
    # hard: the exact best, however obscure; normal: 1¢ less for a word four steps more familiar
    assert PaperbackBot("hard", 1).choose(view, 0)["cards"] == list(best.cards)
    assert PaperbackBot("normal", 1).choose(view, 0)["cards"] == list(found["list"].cards)
    # of equal ¢ the everyday word (the finder's order put ALTS before ARTS)
    view = _hand("cA", ["s0.T", "s0.R", "s0.S", "s0.L"])
    found = {f.word: f for f in word_choices(view, limit=40)}
    assert found["alts"].cents == found["arts"].cents
    assert PaperbackBot("normal", 1).choose(view, 0)["cards"] == list(found["arts"].cards)
    # not at any price: a rare word is spelled when it earns more than its rarity costs
    from dataclasses import replace
    alts, arts = found["alts"], found["arts"]                             # ALTS: 4 steps rarer
    dear = replace(alts, score=replace(alts.score, cents=arts.cents + 5))
    assert familiar([arts, dear], 1.0) is dear
    same = replace(alts, score=replace(alts.score, cents=arts.cents + 4))
    assert familiar([arts, same], 1.0) is arts                            # equal once weighed: the familiar
    assert strangeness("blorp", known={"blorp"}) == 0                     # a word the table accepted


def test_the_hints_first_word_is_one_a_person_knows_then_the_exact_best_then_familiar_ones():
    from engine.paperback.bot import hint_choices, strangeness, word_choices
    view = _hand("cI", ["s0.T", "s0.R", "s0.S", "s0.L"])
    found = hint_choices(view, 5)
    words = [f.word for f in found]
    assert words[:2] == ["list", "tirls"] and len(words) == 5 and len(set(words)) == 5
    rare = [strangeness(w) for w in words[2:]]
    assert rare == sorted(rare)                                            # the rest: the familiar first
    alike = [[f.cents for f in found[2:] if strangeness(f.word) == r] for r in set(rare)]
    assert all(c == sorted(c, reverse=True) for c in alike)                # of equals, the more ¢ first
    pool = word_choices(view, limit=40)[1:]                                # (the exact best is shown second)
    shown = {w for w in words}
    assert all(strangeness(f.word) >= max(rare) for f in pool if f.word not in shown)   # none more familiar left out


def test_easy_without_an_everyday_word_spells_the_most_familiar_one():
    from engine.paperback.bot import everyday_word, strangeness, word_choices
    view = _hand("cO", ["s0.R", "s0.S", "s0.N", "s0.L"])
    pick = everyday_word(view, 5)
    assert pick.word == "nor"                                              # (LORN is worth 1¢ more)
    view = _hand("cA", ["s0.W1", "s0.W2"])                                 # wilds and the common: any word
    pick = everyday_word(view, 5)
    assert strangeness(pick.word) == min(strangeness(f.word) for f in word_choices(view, limit=40, max_letters=5))


@pytest.mark.parametrize("common, ids", [
    ("cI", ["L06", "V06", "V08", "s0.W1", "s0.W2", "s0.W3"]),    # the general list's best 40 hold no ALIBI
    ("cO", ["V03", "L15", "V04", "s0.W1", "s0.W2"]),
    ("cA", ["s0.T", "s0.R", "s0.S", "s0.L", "s0.N"]),
    ("cE", ["D04", "L19", "D11", "L26", "L23", "s0.W1"]),
])
def test_easy_spells_the_best_everyday_word_of_all_the_hand_makes(common, ids):
    """Its search runs over the everyday words alone: the answer is the one a search of the
    whole list with no limit gives, filtered to everyday words of five letters at most."""
    from engine.paperback.bot import EASY_LEVEL, everyday_word, word_choices
    from engine.words import commonness
    view = _hand(common, ids)
    every = [f for f in word_choices(view, limit=None, max_letters=5)
             if all(commonness(w) <= EASY_LEVEL for w in f.word.split(" "))]
    best = min(every, key=lambda f: (-f.cents, f.word))
    pick = everyday_word(view, 5)
    assert (pick.word, pick.cents, pick.cards) == (best.word, best.cents, best.cards)


def test_a_bot_suggests_a_known_word_for_a_hand_shown_and_hard_the_best():
    from engine.paperback.bot import word_choices
    view = _hand("cI", ["s0.T", "s0.R", "s0.S", "s0.L"])
    asked = {**view, "phase": "bounty", "owed": None, "bounty": {"seat": 0, "hand": list(view["hand"]),
                                                                  "suggestions": {}}}
    assert PaperbackBot("normal", 2).choose(asked, 1)["word"] == "list"
    assert PaperbackBot("easy", 2).choose(asked, 1)["word"] == "list"
    assert PaperbackBot("hard", 2).choose(asked, 1)["word"] == word_choices(view, limit=1)[0].word == "tirls"
