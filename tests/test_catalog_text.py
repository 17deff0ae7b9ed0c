"""Catalog text read as a person reads it: English counts agree with their nouns ("1
card", never "1 cards" or "1 pts"), and in Traditional Chinese a space stands between
Chinese and a run of Latin letters or digits ("玩家 1 什麼都沒買", "Ada 買了"), while two
Chinese characters are never spaced, whatever a parameter fills in."""
from __future__ import annotations

import re
import string

import pytest

from engine.core.i18n import catalog, plurals, spaced, tr
from test_glossary import NAME_PARAMS

# Nouns a count stands before in the English catalogs (their plural forms).
PLURAL_NOUNS = ("cards", "seats", "wilds", "commons", "letters", "cubes", "tiles", "rounds", "problems", "players",
                "events", "games", "targets", "pts", "points", "markers", "peeks", "lines", "words", "hints",
                "votes", "tokens", "turns", "cents", "moves", "guesses", "clues", "squares", "laps", "pages")
NOT_COUNTS = ("colour", "values", "word", "name", "player", "names", "target")     # never a number
HAN = "[\u3400-\u9fff\uf900-\ufaff]"
LATIN = "[A-Za-z0-9]"


def fields(text: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def test_every_count_in_english_agrees_with_its_noun() -> None:
    """A count parameter before a plural noun gives both forms: `{n} {n:card|cards}`."""
    bare = re.compile(r"\{(\w+)\}(?:/\{\w+\})? (%s)\b" % "|".join(PLURAL_NOUNS))
    wrong = [(key, text) for key, text in catalog("en").items()
             if any(m.group(1) not in NOT_COUNTS for m in bare.finditer(text))]
    assert not wrong, wrong[:10]
    for key, text in catalog("en").items():          # and said with 1, no "1 <plural>" is left
        if not fields(text):
            continue
        one = tr(key, "en", **{f: "Ada" if f in NOT_COUNTS else 1 for f in fields(text)})
        assert not re.search(r"(?<![\d.,/])\b1 (%s)\b" % "|".join(PLURAL_NOUNS), one), (key, one)


@pytest.mark.parametrize("key,n,said", [("wooolf.ui.points", 1, "1 pt"), ("wooolf.ui.points", 3, "3 pts"),
                                        ("paperback.ui.letters", 1, "1 letter"), ("paperback.ui.letters", 0, "0 letters"),
                                        ("err.sumoku.hand_left", 1, "Wrong call: 1 tile is still in the hand."),
                                        ("err.sumoku.hand_left", 2, "Wrong call: 2 tiles are still in the hand.")])
def test_counted_forms(key: str, n: int, said: str) -> None:
    params = {f: n for f in fields(catalog("en")[key])}
    assert tr(key, "en", **params) == said


@pytest.mark.parametrize("n,said", [(1, "Choose exactly 1 card to discard."), (2, "Choose exactly 2 cards to discard.")])
def test_a_key_given_as_a_parameter_agrees_with_the_count_beside_it(n: int, said: str) -> None:
    """"@key" parameters are said with the message's plain parameters: an attack's answer
    is "1 card to discard", never "1 card(s)" (the TV, the phone and the refusal alike)."""
    assert tr("err.paperback.answer_owed", "en", n=n, what="@paperback.answer.discard") == said
    assert tr("paperback.ui.answer.task", "en", n=n, what="@paperback.answer.topdeck") == \
        f"{n} {'card' if n == 1 else 'cards'} to put on top of your deck"
    assert "(s)" not in "".join(catalog("en").values())


def test_the_plural_form_takes_numbers_as_text_and_leaves_other_text_alone() -> None:
    assert plurals("{n} {n:card|cards}", {"n": "1"}) == "{n} card"
    assert plurals("{n} {n:card|cards}", {"n": -1}) == "{n} card"
    assert plurals("{n} {n:card|cards}", {"n": 1.5}) == "{n} cards"
    assert plurals("{n} {n:card|cards}", {"n": "Ada"}) == "{n} cards"
    assert plurals("{n:02d} of {total}", {"n": 1}) == "{n:02d} of {total}"


@pytest.mark.parametrize("name", ["Ada", "玩家 1", "小美"])
@pytest.mark.parametrize("other", ["CRANE", 1, 12])
def test_every_zh_tw_string_spaces_latin_runs_from_chinese(name: str, other: object) -> None:
    """Every zh-TW string with parameters, its names filled with a Latin name, a default
    seat name or a Chinese name and its other parameters with a word or a number: Latin
    letters and digits never touch a Chinese character, and no ASCII space comes between
    two Chinese characters."""
    wrong = []
    for key, text in catalog("zh-TW").items():
        names = fields(text)
        if not names:
            continue
        seats = set(re.findall(r"玩家 \{(\w+)\}", text))      # "玩家 {target}": a seat's number
        said = tr(key, "zh-TW", **{f: 3 if f in seats else name if f in NAME_PARAMS else other for f in names})
        if said == text:            # a parameter that wants another type: the text as it stands
            continue
        if re.search(f"{HAN}{LATIN}|{LATIN}{HAN}", said) or re.search(f"{HAN} +{HAN}", said):
            wrong.append((key, said))
    assert not wrong, wrong[:10]


def test_zh_tw_catalog_text_itself_is_spaced() -> None:
    """The words a zh-TW string holds between its parameters keep the same spacing."""
    wrong = [(key, text) for key, text in catalog("zh-TW").items()
             for part in re.split(r"\{[^{}]*\}", text) if spaced(part) != part]
    assert not wrong, wrong[:10]


def test_the_reported_line_reads_with_its_space() -> None:
    assert spaced("玩家 1什麼都沒買") == "玩家 1 什麼都沒買"
    assert spaced("Ada買了A牌3張") == "Ada 買了 A 牌 3 張"
    assert spaced("小美買了「一次性」") == "小美買了「一次性」"


def test_a_bot_levels_chinese_description_names_its_level_once() -> None:
    """'簡單：像隨興的玩家，拼…', not '簡單：隨興的玩家：拼…' (two colons read as two labels)."""
    about = {k: v for k, v in catalog("zh-TW").items() if ".level." in k and k.endswith(".about")}
    assert about
    twice = [(k, v) for k, v in about.items() if v.split("。")[0].count("：") > 1]
    assert not twice, twice
