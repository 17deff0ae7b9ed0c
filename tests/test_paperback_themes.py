"""Paperback's Themes (options `themes`, `themes_strict`; rules §9.3)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.bots import play_out
from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.paperback import PaperbackBot
from engine.paperback.ending import fame_of, final_result
from engine.paperback.themes import MIN_WORDS, bot_accepts, themes
from engine.words import is_word
from engine.core.rules import initial_state
from support import paperback
from support.paperback import RULES, give, play, spell

I18N = Path(__file__).resolve().parents[1] / "assets" / "i18n"


def table(theme="western", seats=3, **options):
    st = paperback.table(seats, themes=True, **options)
    st.theme = theme
    return st


def test_every_theme_has_titles_and_a_curated_list_of_real_words():
    for lang in ("en", "zh-TW"):
        catalog = json.loads((I18N / lang / "paperback.json").read_text(encoding="utf-8"))
        for tid in themes().words:
            assert catalog.get(f"paperback.theme.{tid}"), (lang, tid)
    for tid, words in themes().words.items():
        assert len(words) >= MIN_WORDS
        assert all(is_word(w) for w in words), sorted(w for w in words if not is_word(w))


def test_one_theme_is_revealed_at_random():
    seen = set()
    for seed in range(24):
        st = RULES.initial(2, {"themes": True})
        for ev in RULES.setup(st, Rng(seed)):
            RULES.apply(st, ev)
        seen.add(st.theme)
        assert RULES.view(st, 0)["theme"]["holder"] is None
    assert seen == set(themes().words)
    with pytest.raises(ValueError, match="themes_strict needs themes"):
        initial_state(RULES, 2, {"themes_strict": True})


def test_a_listed_word_takes_the_theme_card_even_from_another_player():
    st = table("western")
    give(st, 1, ["s1.W1", "s1.W2", "s1.N"])
    st.theme_holder = 1
    give(st, 0, ["s0.W1", "s0.W2", "s0.N"])
    ev = spell(st, ["s0.W1", "s0.W2", "s0.N"], {"s0.W1": "g", "s0.W2": "u"}, seat=0)   # GUN: on the list
    assert ev["theme"] is True and st.theme_holder == 0
    assert RULES.view(st, 2)["theme"]["holder"] == 0


def test_the_table_votes_on_a_word_off_the_list():
    st = table("western")
    give(st, 0, ["s0.W1", "s0.T"])
    ev = spell(st, ["s0.W1", "s0.T"], {"s0.W1": "a"}, seat=0)       # AT: off the list
    assert ev["theme"] is False and st.theme_holder is None
    play(st, {"type": "theme_claim", "seat": 0})
    assert st.phase == "theme_vote" and RULES.to_act(st) == frozenset({1, 2})
    play(st, {"type": "theme_vote", "seat": 1, "accept": True})
    assert st.theme_holder is None
    play(st, {"type": "theme_vote", "seat": 2, "accept": True})
    assert st.theme_holder == 0 and st.phase == "buy" and "at" in st.theme_fit
    play(st, {"type": "buy", "seat": 0, "cards": []})
    give(st, 1, ["s1.W1", "s1.T"])
    assert spell(st, ["s1.W1", "s1.T"], {"s1.W1": "a"}, seat=1)["theme"] is True   # it fits for all now
    assert st.theme_holder == 1


def test_one_no_refuses_the_word_for_the_rest_of_the_game():
    st = table("western")
    give(st, 0, ["s0.W1", "s0.T"])
    spell(st, ["s0.W1", "s0.T"], {"s0.W1": "a"}, seat=0)
    play(st, {"type": "theme_claim", "seat": 0})
    events = play(st, {"type": "theme_vote", "seat": 2, "accept": False})
    assert events[-1]["type"] == "theme_decided" and not events[-1]["accepted"]
    assert st.theme_holder is None and st.phase == "buy" and st.theme_refused == ["at"]
    with pytest.raises(RuleError) as e:
        play(st, {"type": "theme_claim", "seat": 0})
    assert e.value.code == "err.paperback.theme_refused"


def test_strict_themes_take_no_vote():
    st = table("western", themes_strict=True)
    give(st, 0, ["s0.W1", "s0.T"])
    spell(st, ["s0.W1", "s0.T"], {"s0.W1": "a"}, seat=0)
    with pytest.raises(RuleError) as e:
        play(st, {"type": "theme_claim", "seat": 0})
    assert e.value.code == "err.paperback.no_theme_vote"


def test_the_holder_scores_the_theme_at_the_end_and_bots_vote_by_the_list():
    st = table("horror")
    st.theme_holder = 2
    r = final_result(st)
    assert r["theme"] == {"id": "horror", "holder": 2, "fame": 3}
    assert r["scores"][2] == fame_of(st, 2) + 3
    assert bot_accepts("horror", "ghosts") and bot_accepts("horror", "ghostly")
    assert not bot_accepts("horror", "at")


def test_bots_play_for_the_theme():
    took = 0
    for seed in range(4):
        session = play_out(RULES, 3, [PaperbackBot("hard", s) for s in range(3)], seed=seed,
                           options={"themes": True})
        took += sum(1 for ev in session.events if ev["type"] == "spelled" and ev["theme"])
        out = session.outcome()
        assert out.detail["theme"]["id"] == session.state.theme
    assert took > 0
