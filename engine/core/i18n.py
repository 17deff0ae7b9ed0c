"""The message catalogs (assets/i18n/<lang>/*.json, merged): flat keys, `{name}` placeholders.

Each area owns one file per language (core.json, sumoku.json, ui.json, ...); a key may
stand in one file only.

A parameter whose value is a string starting with "@" names another catalog key and
is translated too, so plain-data errors can say "the @word.column" in any language.
"""
from __future__ import annotations

import json
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


def _param(value: Any, lang: str) -> Any:
    if isinstance(value, str) and value.startswith("@"):
        return tr(value[1:], lang)
    if isinstance(value, list):
        return "-".join(str(_param(v, lang)) for v in value)
    return value


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
        return text.format(**{k: _param(v, lang) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return text


def tr_msg(msg: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    """Translate a plain-data message {"key": ..., "params": {...}}."""
    return tr(str(msg.get("key", "")), lang, **dict(msg.get("params") or {}))
