"""Paperback's options (issue 12), one decision at a time (docs/rules-decisions.md,
"Paperback — options"): each option alone, the combinations, and seeded bot games with
options on through the card-conservation property test and the refold."""
from __future__ import annotations

import pytest

from engine.core.bots import play_out
from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.paperback import PaperbackBot, PaperbackRules
from engine.paperback.bruteforce import brute_wild_commons, random_cases
from engine.paperback.finder import COMMON, Index
from engine.paperback.spec import OPTIONS, SPEC
from engine.paperback.wildcommons import find_layings
from engine.words.lists import GENERAL
from support.paperback import decides_cleanly, give, keeps_every_card, secrets_hold, spell, table

RULES = PaperbackRules()
check = SPEC.check_options


def top(st, cid):
    """Put common `cid` on top of the track (from wherever it lies)."""
    for zone in (st.commons, st.boxed):
        if cid in zone:
            zone.remove(cid)
    st.boxed.append(st.commons.pop(0))
    st.commons.insert(0, cid)


# ---- the options themselves ------------------------------------------------------------
def test_options_are_checked_and_off_by_default():
    assert check(2, {}) == {o.key: o.values[0] for o in OPTIONS}
    assert not any(o.default for o in OPTIONS if o.key != "coop_cubes")
    with pytest.raises(ValueError, match="unknown"):
        check(2, {"space_bar": True})
    with pytest.raises(ValueError, match="must be false or true"):
        check(2, {"space_dyslexia": 1})
    assert check(2, {"simultaneous": True})["simultaneous"] is True    # playable (issue 12, item 8)
    with pytest.raises(ValueError, match="simultaneous and attacks cannot be played together"):
        check(2, {"simultaneous": True, "attacks": True})
    base = table()
    assert "boxed" not in RULES.to_data(base)           # the base game's data is unchanged
    assert RULES.setup(RULES.initial(2, {"start": 0}), Rng(1))[0].get("boxed") is None


# ---- 1. Space Bar and Dyslexia -----------------------------------------------------------
def test_space_dyslexia_shuffles_six_commons_and_deals_four():
    dealt = set()
    for seed in range(30):
        st = table(seed=seed, space_dyslexia=True)
        assert len(st.commons) == 4 and len(st.boxed) == 2
        assert sorted(st.commons + st.boxed) == ["cA", "cDY", "cE", "cI", "cO", "cSP"]
        dealt.update(st.commons)
    assert {"cSP", "cDY"} <= dealt


def test_space_bar_from_the_track_spells_two_words():
    st = table(space_dyslexia=True)
    top(st, "cSP")
    give(st, 0, ["L16", "s0.W1", "s0.R", "s0.W2", "s0.T"])     # T (first:2), R, T, wilds
    ev = spell(st, ["L16", "s0.W1", COMMON, "s0.W2", "s0.R", "s0.T"],
               {"s0.W1": "o", "s0.W2": "a"})
    assert ev["word"] == "to art"
    # TO: 1 + 2 (first) ; ART: 0 + 1 + 1 ; Space Bar +1
    assert ev["cents"] == 6 and ev["letters"] == 5 and ev["claimed"] is None
    assert st.commons[0] == "cSP"                             # used by reference, it stays


def test_space_bar_words_count_together_for_the_claim():
    st = table(space_dyslexia=True)
    top(st, "cSP")
    give(st, 0, ["s0.T", "s0.W1", "s0.W2", "s0.R", "s0.S", "s0.W3", "s0.W4"])
    ev = spell(st, ["s0.T", "s0.W1", "s0.W2", COMMON, "s0.R", "s0.W3", "s0.W4", "s0.S"],
               {"s0.W1": "o", "s0.W2": "e", "s0.W3": "a", "s0.W4": "t"})
    assert ev["word"] == "toe rats" and ev["letters"] == 7
    assert ev["claimed"] == "cSP" and "cSP" in st.discards[0]


def test_space_bar_needs_two_real_words():
    st = table(space_dyslexia=True)
    top(st, "cSP")
    give(st, 0, ["L16", "s0.W1", "s0.R", "s0.W2", "s0.T"])
    with pytest.raises(RuleError) as e:
        spell(st, [COMMON, "L16", "s0.W1"], {"s0.W1": "o"})
    assert e.value.code == "err.paperback.too_short"
    with pytest.raises(RuleError) as e:
        spell(st, ["L16", "s0.W1", COMMON, "s0.R", "s0.W2"], {"s0.W1": "o", "s0.W2": "q"})
    assert e.value.code == "err.paperback.unknown_word"


def test_space_bar_from_the_hand_once_claimed():
    st = table(space_dyslexia=True)
    top(st, "cA")
    give(st, 0, ["L16", "s0.W1", "cSP", "s0.W2", "s0.T"])
    ev = spell(st, ["L16", "s0.W1", "cSP", "s0.W2", "s0.T"], {"s0.W1": "o", "s0.W2": "a"})
    assert ev["word"] == "to at" and ev["cents"] == 3 + 1 + 1
    with pytest.raises(RuleError) as e:                       # one common per laying
        st = table(space_dyslexia=True)
        top(st, "cA")
        give(st, 0, ["L16", "s0.W1", "cSP", "s0.W2", "s0.T"])
        spell(st, ["L16", "s0.W1", "cSP", COMMON, "s0.T"], {"s0.W1": "o"})
    assert e.value.code == "err.paperback.one_common"


def test_dyslexia_turns_a_two_letter_card_round():
    st = table(space_dyslexia=True)
    top(st, "cDY")
    give(st, 0, ["D01", "s0.T", "s0.W1"])                    # ER (2¢), laid as RE
    with pytest.raises(RuleError) as e:
        spell(st, ["D01", "s0.T"], {"D01": "re"})             # no Dyslexia: printed order
    assert e.value.code == "err.paperback.laid_as"
    ev = spell(st, ["D01", "s0.T", COMMON], {"D01": "re"})
    assert ev["word"] == "ret" and ev["cents"] == 2 + 1 + 1 and ev["letters"] == 3


def test_dyslexia_from_the_hand_and_only_when_it_turns_a_card():
    st = table(space_dyslexia=True)
    top(st, "cA")
    give(st, 0, ["D06", "s0.W1", "cDY"])                     # ON laid as NO
    with pytest.raises(RuleError) as e:
        spell(st, ["D06", "cDY"])
    assert e.value.code == "err.paperback.dyslexia_unused"
    ev = spell(st, ["D06", "cDY"], {"D06": "no"})
    assert ev["word"] == "no" and ev["cents"] == 2 + 1
    st = table(space_dyslexia=True)
    top(st, "cDY")
    give(st, 0, ["D01", "D06", "s0.W1"])
    with pytest.raises(RuleError) as e:                       # one card turned, not two
        spell(st, ["D06", "D01", COMMON], {"D06": "no", "D01": "re"})
    assert e.value.code == "err.paperback.laid_as"


def _small_words(n: int = 500):
    """`n` seeded words of 2-4 letters and a few that the hands' letters often make."""
    words = sorted(w for w in GENERAL.table.words() if 2 <= len(w) <= 4)
    rng = Rng(77)
    rng.shuffle(words)
    return sorted(words[:n] + ["re", "no", "ret", "tore", "rent", "on", "er", "at", "to"])


@pytest.mark.parametrize("power", ["cDY", "cSP"])
def test_the_finder_is_exact_with_the_wild_commons(power):
    """The finder's best Dyslexia word and best Space Bar pair equal the brute force's
    (every word / every pair of words of a small list, every way), from the track and
    from the hand, with and without a pending minus."""
    from engine.paperback.content import content
    card = {c.id: c for c in content().extra_commons}[power]
    words = _small_words(500 if power == "cDY" else 250)   # the pairs' brute force is quadratic
    index = Index(words)
    checked = 0
    for k, (hand, _, minus) in enumerate(random_cases(48, 500 + len(power))):
        from_hand = k % 2 == 1
        laid = hand + [card] if from_hand else hand
        found = find_layings(laid, None if from_hand else card, minus=minus, index=index)
        mine = [f for f in found if (" " in f.word) == (power == "cSP")
                and (power == "cSP" or (COMMON if not from_hand else card.id) in f.cards)]
        oracle = brute_wild_commons(laid, (card, "", not from_hand), words, minus=minus)
        best = min((f.key() for f in mine), default=None)
        if oracle is None:
            assert best is None
            continue
        assert best is not None, [c.id for c in hand]
        n = 3 if minus == 0 or oracle[0] < 0 else 1       # a minus that takes all ties by ¢ only
        assert best[:n] == oracle[:n], ([c.id for c in hand], best, oracle)
        checked += 1
    assert checked >= 10


def test_bots_use_the_wild_commons():
    seen = {"space": 0, "dyslexia": 0}
    for seed in range(6):
        session = play_out(RULES, 3, [PaperbackBot("hard", s) for s in range(3)], seed=seed,
                           options={"space_dyslexia": True})
        st = session.state
        for ev in session.events:
            if ev["type"] == "spelled":
                for cid in ev["cards"]:
                    card = st.cards[cid] if cid != COMMON else None
                    if card is not None and card.power:
                        seen[card.power] += 1
                if " " in ev["word"]:
                    seen["space"] += COMMON in ev["cards"]
    assert seen["space"] > 0 and seen["dyslexia"] + seen["space"] > 1, seen


# ---- seeded bot games with options on -------------------------------------------------
# each option alone (attacks alone: tests/test_paperback_games.py; simultaneous:
# tests/test_paperback_simultaneous.py), then the widest combinations the rules allow
COMBOS = [{"space_dyslexia": True}, {"powers": True},
          {"awards": True}, {"themes": True}, {"themes": True, "themes_strict": True},
          {"discard_cube": True}, {"offer_discount": True}, {"vowel_reshuffle": True}, {"bounty": True},
          {"coop": True}, {"coop": True, "coop_cubes": 4, "attacks": True, "powers": True,
                           "space_dyslexia": True, "discard_cube": True, "offer_discount": True,
                           "vowel_reshuffle": True, "bounty": True},
          {"powers": True, "attacks": True, "space_dyslexia": True, "awards": True,
           "discard_cube": True, "offer_discount": True, "vowel_reshuffle": True, "bounty": True,
           "themes": True}]


# every option at two seats; the two widest combinations (every option but simultaneous)
# at four seats too (each combination at three seats: the secrets test below)
SEATED = [(2, o) for o in COMBOS] + [(4, o) for o in COMBOS[-2:]]


@pytest.mark.parametrize("seats,options", SEATED, ids=lambda x: "+".join(sorted(x)) if isinstance(x, dict) else str(x))
def test_bot_games_with_options_keep_every_card_and_refold(options, seats):
    levels = ("hard", "normal", "easy", "hard")
    bots = [PaperbackBot(levels[s], seed=s) for s in range(seats)]
    keeps_every_card(play_out(RULES, seats, bots, seed=seats * 7 + len(options), options=options))


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "+".join(sorted(o)))
def test_no_view_or_event_view_depends_on_a_secret_with_options(options):
    session = play_out(RULES, 3, [PaperbackBot("hard", s) for s in range(3)], seed=5, options=options)
    secrets_hold(session, Rng(9), every=4, always=lambda ev: ev["type"] in ("set_up", "power_used", "answered"))


# ---- the command line -----------------------------------------------------------------
def test_simulate_and_play_take_options_and_refuse_a_forbidden_pair(tmp_path, capsys):
    import json

    from main import main
    assert main(["simulate", "paperback", "--options", '{"simultaneous": true, "attacks": true}']) == 2
    assert "simultaneous play removes the attack cards" in capsys.readouterr().err
    assert main(["play", "paperback", "--options", '{"space_dyslexia": "yes"}']) == 2
    assert "space_dyslexia must be" in capsys.readouterr().err
    assert main(["simulate", "paperback", "--options", "[1]"]) == 2
    assert main(["simulate", "paperback", "--seats", "2", "--out", str(tmp_path),
                 "--options", '{"space_dyslexia": true}']) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"] == {"space_dyslexia": True} and summary["results"][0]["winners"]


def test_play_refuses_an_option_the_table_does_not_offer(capsys, monkeypatch, tmp_path):
    """The rules allow it, but if the table cannot show it a person could not play it:
    a usage error that says so, never a game that gets stuck. Once the set-up offers the
    option, `play --options` passes it through."""
    from main import main
    from scenes import registry
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    setup = registry.plugin("paperback").SETUP
    offered = {o["key"] for o in setup["options"]}
    assert {"bounty", "themes", "themes_strict", "simultaneous"} <= offered     # every option is offered now
    assert main(["play", "paperback", "--frames", "1", "--options", '{"simultaneous": true}']) == 0
    monkeypatch.setitem(setup, "options", [o for o in setup["options"] if o["key"] != "attacks"])
    assert main(["play", "paperback", "--frames", "1", "--options", '{"attacks": true}']) == 2
    err = capsys.readouterr().err
    assert "attacks" in err and "does not offer" in err
    monkeypatch.setitem(setup, "options", [*setup["options"], {"key": "attacks", "label": "paperback.opt.attacks",
                                                               "type": "bool", "default": False}])
    assert main(["play", "paperback", "--frames", "1", "--options", '{"attacks": true}']) == 0


def test_hostile_commands_with_every_option_are_refused_cleanly():
    """Junk commands of every type at positions of option games: a RuleError a player can
    read, or events that apply; deciding never changes the state."""
    import copy

    from hypothesis import given, settings, strategies as hs

    from engine.core.session import LocalSession
    positions = []
    for options in (COMBOS[-1], COMBOS[-2]):         # everything but co-op; co-op with the rest
        s = LocalSession(RULES, 3, options, seed=3, log=False)
        bots = [PaperbackBot("hard", k) for k in range(3)]
        for i in range(45):
            if s.outcome() is not None:
                break
            if i % 4 == 0:
                positions.append(copy.deepcopy(s.state))
            seat = min(s.to_act())
            s.submit(bots[seat].choose(s.view(seat), seat))
    ids = sorted(positions[0].cards) + ["common", "plagiarism", "f5", "f5.1", "f17.1", "", "zz"]
    atom = hs.one_of(hs.none(), hs.booleans(), hs.integers(-2, 30), hs.text(max_size=3),
                     hs.sampled_from(ids))
    value = hs.one_of(atom, hs.lists(atom, max_size=4), hs.dictionaries(hs.sampled_from(ids), atom, max_size=3))
    kinds = ["spell", "pass", "buy", "propose", "vote", "answer", "power", "ask_help", "suggest",
             "theme_claim", "theme_vote"]
    command = hs.fixed_dictionaries(
        {"type": hs.sampled_from(kinds), "seat": hs.integers(-1, 3)},
        optional={k: value for k in ("cards", "letters", "trash", "trash_offer", "word", "accept",
                                     "discard", "discard_wild", "topdeck", "card", "cubes", "cube_on")})

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(hs.sampled_from(range(len(positions))), command)
    def check(k, cmd):
        decides_cleanly(positions[k], cmd)

    check()


def test_the_conformance_option_sets_turn_every_option_on_and_can_be_played():
    """tests/test_every_game.py plays the spec's option sets: together they must turn on
    every option (with a non-default value for the choice options), each one playable."""
    sets = PaperbackRules.spec.named_options()
    assert set(sets) == {"every", "coop", "simultaneous"}
    for name, options in sets.items():
        assert check(3, options), name
    for opt in OPTIONS:
        assert any(o.get(opt.key, opt.default) != opt.default for o in sets.values()), opt.key
