"""The zh-TW catalogs use the glossary (docs/glossary.md): one word per concept, and the
typography rules (full-width brackets and 「」 around Chinese, no ASCII space between two
Chinese characters, also once a Chinese name is filled in)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "assets" / "i18n"
CJK = "[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]"
HAN = "[\u3400-\u9fff\uf900-\ufaff]"
NAME_PARAMS = ("name", "player", "target", "names", "game", "variant")     # filled with Chinese in zh-TW
SAMPLE_NAME = "玩家 3"          # a seat without a name, as zh-TW shows it


def catalogs() -> list[tuple[str, dict, dict]]:
    out = []
    for zh_path in sorted((I18N / "zh-TW").glob("*.json")):
        en_path = I18N / "en" / zh_path.name
        en = json.loads(en_path.read_text(encoding="utf-8")) if en_path.exists() else {}
        out.append((zh_path.name, json.loads(zh_path.read_text(encoding="utf-8")), en))
    return out


def strings() -> list[tuple[str, str, str, str]]:
    """(file, key, zh, en) for every zh-TW string."""
    return [(f, k, v, str(en.get(k, ""))) for f, zh, en in catalogs() for k, v in zh.items() if isinstance(v, str)]


def filled(zh: str, name: str = SAMPLE_NAME) -> str:
    """The string with a Chinese name in every name parameter ("玩家 {target}" is a number)."""
    zh = re.sub(r"玩家 \{(\w+)\}", "玩家 3", zh)
    zh = re.sub(r"\{(%s)\}" % "|".join(NAME_PARAMS), name, zh)
    return re.sub(r"\{\w+\}", "X", zh)


def test_the_glossary_lists_the_terms_the_issue_named() -> None:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for term in ("round", "turn", "seat", "player", "bot", "hand", "deck", "common card", "key number", "tile",
                 "clue", "hooky letters", "playground", "vote"):
        assert f"| {term}" in text, term


# "round" as a noun ("round 3", "this round", "six rounds"), not "round them"
ROUND_NOUN = (r"\b(the|this|a|each|next|every|per|one|two|three|four|five|six|of|later|full|final|first|whole)"
              r"\s+rounds?\b|\brounds?\s+(\d|\{)|\brounds\b")


def test_a_round_is_lun_and_a_turn_is_huihe() -> None:
    wrong = []
    for f, k, zh, en in strings():
        en = re.sub(r"\{[^{}]*\}", "", en)      # the words, not a parameter's name ("{x} · {rounds}")
        says_round = re.search(ROUND_NOUN, en, re.I) is not None
        says_turn = re.search(r"\bturns?\b", en, re.I) is not None
        if says_round and not says_turn and "回合" in zh:
            wrong.append((f, k, "a round is 輪, not 回合", zh))
        if says_round and re.search(r"第\s*\S{1,8}?\s*局|這一?局|本局", zh):
            wrong.append((f, k, "a round is 輪, not 局", zh))
        if says_round and "輪" not in zh:
            wrong.append((f, k, "a round is 輪", zh))
        if "回合" in zh and not says_turn:
            wrong.append((f, k, "回合 is a player's turn only", zh))
    assert not wrong, "\n".join(map(str, wrong))


NEVER = [(r"機器人", "a bot is 電腦"), (r"位子", "a seat is 座位"), (r"(?<!棄)牌堆", "a deck is 牌庫"),
         (r"牌袋", "the bag is 袋子")]
NEVER_IN = {("hooky", "paperback"): [(r"投票", "the table's vote on a word is 表決")],
            ("hooky",): [(r"線索", "a clue is 提示")]}      # (Wooolf's 線索 is evidence, not a clue word)


def test_the_words_the_glossary_forbids_do_not_appear() -> None:
    wrong = []
    for f, k, zh, _en in strings():
        rules = list(NEVER)
        for games, extra in NEVER_IN.items():
            if f.split("_")[0].split(".")[0] in games:
                rules += extra
        wrong += [(f, k, why, zh) for pat, why in rules if re.search(pat, zh)]
    assert not wrong, "\n".join(map(str, wrong))


def test_zh_tw_typography() -> None:
    wrong = []
    for f, k, zh, _en in strings():
        if re.search("[“”‘’]", zh):
            wrong.append((f, k, "curly quotes: use 「」", zh))
        if re.search(r"[(\[][^)\]]*%s[^)\]]*[)\]]" % HAN, zh):
            wrong.append((f, k, "half-width brackets around Chinese: use （）", zh))
        for name in (SAMPLE_NAME, "小明"):
            shown = filled(zh, name)
            if re.search(f"{CJK} +{CJK}", shown):
                wrong.append((f, k, "an ASCII space between two Chinese characters", shown))
                break
    assert not wrong, "\n".join(map(str, wrong))


@pytest.mark.parametrize("text,bad", [("偷看 玩家 3 的一張牌", True), ("偷看玩家 3的一張牌", False),
                                      ("M (玩家 3)", True), ("M（玩家 3）", False)])
def test_the_typography_check_catches_the_reported_cases(text: str, bad: bool) -> None:
    caught = bool(re.search(f"{CJK} +{CJK}", text)) or bool(re.search(r"[(\[][^)\]]*%s" % HAN, text))
    assert caught is bad


def test_a_game_has_one_name_in_zh_tw() -> None:
    zh = {k: v for _f, cat, _en in catalogs() for k, v in cat.items()}
    for key, value in zh.items():
        game = key[len("ui.game."):] if key.startswith("ui.game.") else None
        if game and f"{game}.title" in zh:
            assert value == zh[f"{game}.title"], (key, value, zh[f"{game}.title"])


def test_setup_cfg_names_the_games_that_exist() -> None:
    """setup.cfg's description names every registered game and no other (keep it true as
    games land)."""
    import configparser
    from engine.registry import games
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg", encoding="utf-8")
    text = cfg["metadata"]["description"]
    en = {k: v for _f, _zh, cat in catalogs() for k, v in cat.items()}
    names = {k[len("ui.game."):]: v for k, v in en.items() if k.startswith("ui.game.")}
    registered = set(games())
    for game, name in names.items():
        assert (name in text) == (game in registered), (game, name, text)
    assert not re.search(r"\b(two|three|four|five|six)\b", text, re.I)   # no count to go stale


RULE_SHEETS = ROOT.parent / "shared" / "rules"
TAIWAN_NAMES = {"sumoku": "數目酷", "hooky": "字母點點名", "paperback": "金牌小說家", "wooolf": "狼來了",
                "wordporters": "心電感應"}


def test_the_games_have_their_taiwan_editions_names() -> None:
    """The picker, titles, how-to, results and replays read `<game>.title` / `ui.game.<game>`:
    each is the Taiwan edition's name, as the rule sheet we build from gives it (when the
    sheets are beside the checkout, they are read; the names are pinned here either way)."""
    zh = {k: v for _f, cat, _en in catalogs() for k, v in cat.items()}
    for game, name in TAIWAN_NAMES.items():
        assert zh[f"{game}.title"] == name, (game, zh[f"{game}.title"])
        assert zh[f"ui.game.{game}"] == name
        sheet = RULE_SHEETS / f"{game}.md"
        if sheet.exists():
            assert f"**{name}**" in sheet.read_text(encoding="utf-8")
    retired = ("數和", "平裝書", "字詞搬運工")
    assert not [(k, v) for k, v in zh.items() if any(r in v for r in retired)]
    assert zh["hooky.name"] == "字母點點名" and zh["wordporters.name"] == "心電感應"
    assert "字母點點名" in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
