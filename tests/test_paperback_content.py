"""The content files: the DESIGNED market as the rules file gives it, and a bad file is a
clear error naming the card."""
from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.core.i18n import catalog
from engine.paperback.content import ABILITIES, CONTENT_DIR, ContentError, content, load

RULES_PY = Path(__file__).resolve().parents[1] / "engine" / "paperback" / "rules.py"


def test_the_market_is_the_designed_105():
    c = content()
    assert len(c.market) == 105
    piles = Counter(card.pile for card in c.market)
    assert piles == {"p2": 8, "p3": 18, "p4": 18, "p5": 17, "p6": 15, "p7": 14, "p8": 15}
    basic = Counter(card.pile for card in c.market if not card.attack)
    assert basic == {"p2": 8, "p3": 18, "p4": 16, "p5": 15, "p6": 12, "p7": 12, "p8": 13}
    assert sum(card.attack for card in c.market) == 11
    assert sum(len(card.letters) == 2 for card in c.market) == 20
    letters = Counter(ch for card in c.market for ch in card.letters)
    assert letters["e"] == 13 and letters["a"] == 9 and letters["q"] == 2
    assert all(card.ability.kind == "one_shot" for card in c.market if card.pile == "p2")


def test_box_per_seat_count():
    c = content()
    for seats, fame in ((2, 11), (3, 17), (4, 22), (5, 28)):
        box = c.box(seats, attacks=True)
        assert sum(1 for x in box.values() if x.kind == "fame") == fame
        assert sum(1 for x in box.values() if x.kind in ("start", "wild")) == 10 * seats
        assert len(box) == 105 + fame + 10 * seats + 4
        assert len(c.box(seats)) == len(box) - 11        # the basic game leaves attacks out
    fame = {x.cost: x.fame for x in c.box(5).values() if x.kind == "fame"}
    assert fame == {5: 4, 8: 7, 11: 10, 17: 15}
    assert [x.letters for x in c.commons] == ["a", "e", "i", "o"] and c.length_track == (7, 8, 9, 10)


def test_every_ability_and_error_has_text_in_both_languages():
    for lang in ("en", "zh-TW"):
        cat = catalog(lang)
        for kind in ABILITIES:
            assert f"paperback.ability.{kind}" in cat
        codes = set(re.findall(r'"(err\.paperback\.[a-z_]+)"', RULES_PY.read_text()))
        assert codes and all(code in cat for code in codes), codes - set(cat)
    assert {k for k in catalog("en") if k.startswith("paperback.") or k.startswith("err.paperback.")} == \
        {k for k in catalog("zh-TW") if k.startswith("paperback.") or k.startswith("err.paperback.")}


def broken(tmp_path, fname, change):
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    data = json.loads((d / fname).read_text(encoding="utf-8"))
    change(data)
    (d / fname).write_text(json.dumps(data), encoding="utf-8")
    return d


def card(data, cid):
    return next(c for c in data["cards"] if c["id"] == cid)


@pytest.mark.parametrize("change, message", [
    (lambda d: card(d, "L13").update(ability="draw"), "card L13: ability 'draw' takes 1"),
    (lambda d: card(d, "L20").update(ability="teleport:2"), "card L20: unknown ability code"),
    (lambda d: card(d, "D03").update(letters="TH3"), "card D03: letters"),
    (lambda d: card(d, "L43").update(cost=12), "card L43: no market pile takes cost 12"),
    (lambda d: card(d, "A05").pop("attack"), "card A05: the attack flag"),
    (lambda d: card(d, "L01").update(ability="flip"), "card L01: only a two-letter card may flip"),
    (lambda d: card(d, "L02").update(cents="one"), "card L02: cents"),
    (lambda d: card(d, "L05").update(id="L03"), "card L03 appears twice"),
    (lambda d: card(d, "L06").update(colour="red"), "card L06: unknown field"),
])
def test_a_broken_market_names_the_card(tmp_path, change, message):
    with pytest.raises(ContentError, match=re.escape(message)):
        load(broken(tmp_path, "market.json", change))


@pytest.mark.parametrize("change, message", [
    (lambda d: d["fame_piles"].update({"3": [6, 6, 3]}), "fame_piles['3']"),
    (lambda d: d["length_track"].pop(), "the length track has 3 sections for 4 commons"),
    (lambda d: d["commons"][1].update(letters="EE"), "common E: letters"),
    (lambda d: d["starting_deck"][5].update(cents=2), "starting card W"),
    (lambda d: d.update(version=2), "version 2 is not 1"),
])
def test_a_broken_game_file_says_where(tmp_path, change, message):
    with pytest.raises(ContentError, match=re.escape(message)):
        load(broken(tmp_path, "game.json", change))


def test_unreadable_json_is_a_content_error(tmp_path):
    d = tmp_path / "c"
    shutil.copytree(CONTENT_DIR, d)
    (d / "market.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match="market.json: cannot be read"):
        load(d)
