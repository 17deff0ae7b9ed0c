"""The UI language: one current language for every screen, switchable live."""
from __future__ import annotations

from typing import Any, Callable

from engine.core.i18n import LANGS, tr, tr_msg

_state = {"lang": "en"}
_listeners: list[Callable[[str], None]] = []


def lang() -> str:
    return _state["lang"]


def set_lang(new: str) -> None:
    if new not in LANGS:
        raise ValueError(f"unknown language {new!r}")
    if new != _state["lang"]:
        _state["lang"] = new
        for fn in list(_listeners):
            fn(new)


def on_change(fn: Callable[[str], None]) -> None:
    _listeners.append(fn)


def t(key: str, /, **params: Any) -> str:
    """The text for `key` in the current language."""
    return tr(key, _state["lang"], **params)


def t_msg(msg: dict) -> str:
    return tr_msg(msg, _state["lang"])
