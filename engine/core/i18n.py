"""The message catalogs (assets/i18n/<lang>/*.json, merged): flat keys, `{name}` placeholders.

Each area owns one file per language (core.json, sumoku.json, ui.json, ...); a key may
stand in one file only.

A parameter whose value is a string starting with "@" names another catalog key and
is translated too (with the message's other parameters), so plain-data errors can say
"the @word.column" in any language, and "{n} @…" agrees in number.

English counts: `{n:card|cards}` says the first form when the parameter `n` is 1 (or
-1), the second otherwise ("{n} {n:card is|cards are} left"); no "1 cards".

Traditional Chinese: where a parameter puts Latin letters or digits against Chinese
characters, a space goes between them ("玩家 1 什麼都沒買", "Ada 買了", never "玩家 1什麼");
two Chinese characters are never spaced (docs/glossary.md).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

LANGS = ("en", "zh-TW")
DEFAULT_LANG = "en"
I18N_DIR = Path(__file__).resolve().parents[2] / "assets" / "i18n"


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.json")):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalog is one JSON object")
        dup = merged.keys() & data.keys()
        if dup:
            raise ValueError(f"{path}: keys already defined elsewhere: {sorted(dup)[:5]}")
        merged.update(data)
    return merged


def _is_key(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("@")


def _param(value: Any, lang: str, params: Mapping[str, Any]) -> Any:
    """A parameter as said: "@key" is that key's text, said with the outer message's
    other (plain) parameters, so its "{n:card|cards}" agrees with the count beside it."""
    if _is_key(value):
        return tr(value[1:], lang, **{k: v for k, v in params.items() if not _is_key(v)})
    if isinstance(value, list):
        return "-".join(str(_param(v, lang, params)) for v in value)
    return value


_PLURAL = re.compile(r"\{(\w+):([^{}|:]*)\|([^{}|:]*)\}")
_HAN = "\u3400-\u9fff\uf900-\ufaff"
_HAN_LATIN = re.compile(f"(?<=[{_HAN}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_HAN}])")


def _is_one(value: Any) -> bool:
    try:
        return abs(float(value)) == 1
    except (TypeError, ValueError):
        return False


def plurals(text: str, params: Mapping[str, Any]) -> str:
    """`text` with each `{n:one|many}` replaced by the form for the parameter's value."""
    if "|" not in text:
        return text
    return _PLURAL.sub(lambda m: m.group(2) if _is_one(params.get(m.group(1))) else m.group(3), text)


def spaced(text: str) -> str:
    """Chinese text with a space between a Chinese character and Latin letters or digits
    that touch it."""
    return _HAN_LATIN.sub(" ", text)


def tr(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """The text for `key` in `lang`, falling back to English, then to the key itself."""
    text = catalog(lang).get(key)
    if text is None and lang != DEFAULT_LANG:
        text = catalog(DEFAULT_LANG).get(key)
    if text is None:
        return key
    if not params:
        return text
    try:
        out = plurals(text, params).format(**{k: _param(v, lang, params) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return text
    return spaced(out) if lang == "zh-TW" else out


def tr_msg(msg: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    """Translate a plain-data message {"key": ..., "params": {...}}."""
    return tr(str(msg.get("key", "")), lang, **dict(msg.get("params") or {}))
