"""Word Porters' content: counts, both languages without duplicates and in Taiwan usage,
the children's side and hint subset, and a fit table that covers every word for every
hint word and tells every two words apart."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.wordporters.content import CONTENT_DIR, FIT_MAX, ContentError, content, load
from engine.wordporters.state import POSITIONS, hint_count

# mainland terms a Taiwanese family would not use (the Taiwan word in the comment), and
# characters that exist only in simplified Chinese
MAINLAND = ["出租車", "出租车", "視頻", "视频", "軟件", "软件", "信息", "土豆", "自行車", "地鐵",
            "西紅柿", "菠蘿", "冰激凌", "奶酪", "盒飯", "方便麵", "公交", "摩托", "空調", "手提電腦",
            "土豆絲", "激光", "鼠標", "網絡", "質量", "屏幕"]
SIMPLIFIED = set("们这个车马鸟鱼龙门书东电话头发爱乐么为机场饭鸡鸭猫猪虾鲨鲸铅笔钟伞袜镜钥灯视钢轮")


def test_counts_cards_and_sides():
    c = content()
    assert len(c.words) == 300 and len(c.cards) == 150
    for normal, kids in c.cards:
        assert c.words[normal].side == "normal" and c.words[kids].side == "children"
    assert sorted(i for card in c.cards for i in card) == list(range(300))
    assert len(c.hint_cards) == 53 and len(c.hint_words) == 106
    kids = c.hint_deck(True)
    # a subset, and enough for a 6-player round (2N + 2 = 14) with no card twice
    assert hint_count(6) <= len(kids) < len(c.hint_cards)
    assert 4 * POSITIONS <= len(c.cards)            # four rounds never run out of word cards


def test_no_duplicates_in_either_language():
    c = content()
    for texts in ([w.en.casefold() for w in c.words], [w.zh for w in c.words],
                  [h.en.casefold() for h in c.hint_words], [h.zh for h in c.hint_words],
                  [w.id for w in c.words], [h.id for h in c.hint_words]):
        assert len(texts) == len(set(texts))


def test_chinese_is_traditional_and_taiwan_usage():
    c = content()
    texts = [w.zh for w in c.words] + [h.zh for h in c.hint_words]
    for t in texts:
        assert all("\u4e00" <= ch <= "\u9fff" or ch.isascii() for ch in t), t
        assert not SIMPLIFIED & set(t), t
        assert not any(m in t for m in MAINLAND), t
    zh = {w.id: w.zh for w in c.words}
    assert (zh["pineapple"], zh["potato"], zh["bicycle"], zh["ice_cream"], zh["tomato"], zh["bento"],
            zh["peanut"], zh["mrt_station"], zh["air_conditioner"]) == \
        ("鳳梨", "馬鈴薯", "腳踏車", "冰淇淋", "番茄", "便當", "花生", "捷運站", "冷氣")


def test_the_fit_table_covers_every_word_for_every_hint_word():
    c = content()
    assert c.fit.shape == (300, 106)
    assert c.fit.min() == 0 and c.fit.max() == FIT_MAX
    hint_ids = {h.id for h in c.hint_words}
    seen: set[str] = set()
    for path in sorted((CONTENT_DIR / "fit").glob("*.json")):
        for wid, prof in json.loads(path.read_text(encoding="utf-8"))["fit"].items():
            listed = [h for level in prof.values() for h in level.split()]
            assert sorted(listed) == sorted(hint_ids), wid        # each hint word exactly once
            assert c.word_by_id(wid).topic == path.stem
            seen.add(wid)
    assert seen == {w.id for w in c.words}


def test_the_fit_table_discriminates():
    f = content().fit.astype(int)
    assert len({row.tobytes() for row in content().fit}) == 300       # no two words alike
    dist = np.abs(f[:, None, :] - f[None, :, :]).sum(axis=2)
    np.fill_diagonal(dist, 99)
    assert dist.min() >= 3                           # and not nearly alike either
    assert ((f >= 2).sum(axis=1) >= 4).all()         # every word has hints that say it
    assert ((f >= 2).sum(axis=0) >= 1).all()         # every hint word says something


def test_one_line_per_word_in_the_fit_files():
    for path in sorted((CONTENT_DIR / "fit").glob("*.json")):
        lines = path.read_text(encoding="utf-8").splitlines()
        rows = [ln for ln in lines if ln.startswith('  "')]
        assert len(rows) == len(json.loads("\n".join(lines))["fit"])


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "wp"
    shutil.copytree(CONTENT_DIR, d)
    return d


def test_a_bad_file_names_the_file_and_the_entry(tmp_path):
    d = _copy(tmp_path)
    words = json.loads((d / "words.json").read_text(encoding="utf-8"))
    words["words"][1]["zh"] = words["words"][0]["zh"]
    (d / "words.json").write_text(json.dumps(words, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ContentError, match="words.json.*zh"):
        load(d)
    d = _copy(tmp_path / "b")
    fit = json.loads((d / "fit" / "animals.json").read_text(encoding="utf-8"))
    fit["fit"]["cat"]["3"] += " big"                 # "big" now at two levels
    (d / "fit" / "animals.json").write_text(json.dumps(fit), encoding="utf-8")
    with pytest.raises(ContentError, match="fit/animals.json.*cat.*twice"):
        load(d)
    d = _copy(tmp_path / "c")
    (d / "fit" / "body.json").unlink()
    with pytest.raises(ContentError, match="no profile"):
        load(d)


def test_the_derivation_tool_zeroes_the_opposite_of_an_explicit_hint():
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_fit", CONTENT_DIR.parents[2] / "tools" / "build_wordporters_fit.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    c = content()
    got = tool.derive("@animal @pet small2", c.hint_cards, c.hint_words)
    assert got["alive"] == 3 and got["tame"] == 3 and got["wild"] == 0 and got["small"] == 2 and got["big"] == 0
    with pytest.raises(ValueError):
        tool.derive("enormous", c.hint_cards, c.hint_words)


def test_words_and_hints_show_in_english_chinese_or_both():
    from engine.wordporters.content import shown
    c = content()
    cat, sweet = c.word_by_id("cat"), c.hint_by_id("sweet")
    assert (shown(cat, "en"), shown(cat, "zh"), shown(cat, "both")) == ("cat", "貓", "cat / 貓")
    assert shown(sweet, "zh") == "甜"
    with pytest.raises(ValueError):
        shown(cat, "fr")
