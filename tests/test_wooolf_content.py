"""Wooolf!!'s content files: the rules' tables as shipped, checked at load, and a bad
file is a clear error naming the entry; every name a player reads is in both catalogs."""
from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest

from engine.core.i18n import catalog
from engine.wooolf.content import CONTENT_DIR, ContentError, content, load


def test_decks_per_seat_count_follow_the_table():
    c = content()
    assert c.deck(8) == [f"B{i:02d}" for i in range(1, 17)]
    for seats, size in ((4, 10), (5, 10), (6, 12), (7, 14)):
        assert c.deck(seats) == [f"B{i:02d}" for i in range(1, size + 1)]
    assert c.neutral_seats == {4}
    roles8 = Counter(c.cards[x].role for x in c.deck(8))
    assert roles8 == {"wolf": 2, "shepherd": 2, "hunter": 3, "hound": 3, "sheep": 6}
    assert c.threshold == {4: 2, 5: 2, 6: 3, 7: 3, 8: 4}
    assert (c.markers, c.question_cards, c.rounds, c.x_to_end) == (6, 2, 3, 2)


def test_advanced_cards_replace_their_basic_cards():
    c = content()
    d5 = c.deck(5, advanced=True)
    assert "B02" not in d5 and "B07" not in d5 and "B08" not in d5 and "B05" not in d5
    assert {"A1", "A2", "A3", "A4"} <= set(d5) and len(d5) == 10
    d6 = c.deck(6, advanced=True)
    assert "B08" in d6 and "B11" not in d6 and "A3" in d6
    assert c.cards["A1"].kind == ("shepherd", "unknown") and c.cards["A4"].kind == ("sheep", "wolf")


def test_identity_is_the_higher_card_and_questions_answer_truthfully():
    c = content()
    assert c.identity(["B05", "B01"]) == "wolf"
    assert c.identity(["B05", "B06"]) == "sheep"
    assert c.identity(["B02", "B04"]) == "shepherd"
    assert c.identity(["B13", "B14"]) == "wolf"
    q = c.question("wolf_hunter_shepherd")
    assert q.answer("shepherd", ("shepherd", "sheep")) and not q.answer("hound", ("hound", "hunter"))
    h = c.question("card_hunter")
    assert h.answer("hound", ("hound", "hunter")) and not h.answer("hunter", ("sheep", "sheep"))
    assert len(c.question_deck()) == 16


def test_every_name_is_in_both_catalogs():
    c = content()
    keys = [f"wooolf.role.{r}" for r in c.roles] + [f"wooolf.public.{p}" for p in c.publics] \
        + [f"wooolf.question.{q.id}" for q in c.questions]
    for lang in ("en", "zh-TW"):
        cat = catalog(lang)
        assert all(k in cat and cat[k] for k in keys), lang
    assert catalog("zh-TW")["wooolf.role.shepherd"] == "牧羊小孩"
    assert catalog("zh-TW")["wooolf.role.wolf"] == "大野狼"
    assert set(json.loads((CONTENT_DIR.parents[1] / "i18n/en/wooolf.json").read_text("utf-8"))) == \
        set(json.loads((CONTENT_DIR.parents[1] / "i18n/zh-TW/wooolf.json").read_text("utf-8")))


def _broken(tmp_path, file, change):
    d = tmp_path / "wooolf"
    shutil.copytree(CONTENT_DIR, d)
    data = json.loads((d / f"{file}.json").read_text("utf-8"))
    change(data)
    (d / f"{file}.json").write_text(json.dumps(data), "utf-8")
    return d


@pytest.mark.parametrize("file,change,named", [
    ("cards", lambda d: d["basic"][3].update(role="dragon"), "card B04"),
    ("cards", lambda d: d["basic"][5].update(public="cow"), "card B06"),
    ("cards", lambda d: d["deck_size"].update({"5": 12}), "deck_size[5]"),
    ("cards", lambda d: d["advanced"][2]["replaces"].update({"6": "B99"}), "card A3 replaces"),
    ("roles", lambda d: d["roles"][2].update(targets=["hunter"]), "role 'hunter' target 'hunter'"),
    ("roles", lambda d: d["roles"][1].update(value=5), "values"),
    ("questions", lambda d: d["questions"][0].update(roles=["wolf", "ghost"]), "question 'wolf_hunter_shepherd'"),
    ("table", lambda d: d["threshold"].pop("7"), "threshold[7]"),
    ("table", lambda d: d.update(markers=0), "markers"),
])
def test_a_bad_file_names_its_entry(tmp_path, file, change, named):
    with pytest.raises(ContentError) as e:
        load(_broken(tmp_path, file, change))
    assert f"{file}.json" in str(e.value) and named in str(e.value)


def test_unreadable_json_names_the_line(tmp_path):
    d = tmp_path / "wooolf"
    shutil.copytree(CONTENT_DIR, d)
    (d / "table.json").write_text('{\n "markers": 6,\n oops\n}', "utf-8")
    with pytest.raises(ContentError, match=r"table\.json, line 3"):
        load(d)


def test_every_key_the_engine_uses_is_in_both_catalogs():
    import re
    from pathlib import Path
    src = "".join(p.read_text("utf-8") for p in (Path(__file__).resolve().parents[1] / "engine" / "wooolf").glob("*.py"))
    keys = set(re.findall(r'"((?:err\.)?wooolf\.[a-z_.]+)"', src)) | {"err.wooolf.not_now"}
    keys |= {f"wooolf.action.{a}" for a in ("peek", "ask", "declare", "decline", "shuffle")}
    keys |= {f"wooolf.phase.{p}" for p in ("deal", "turns", "final", "over")}
    keys = {k for k in keys if not k.endswith(".")}
    assert len(keys) > 15
    for lang in ("en", "zh-TW"):
        missing = sorted(k for k in keys if k not in catalog(lang))
        assert not missing, (lang, missing)
