"""The UI language: one current language for every screen, switchable live.

Every text `t` makes is a `Said`: a str that remembers how it was said, so a screen that
keeps a sentence (a table's message, the sentence at its centre) can say it again in the
language switched to (`reword`), at once rather than at the next event. `said(make)` does
the same for a text made another way (a rule's refusal)."""
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


class Said(str):
    """A text, and how to say it again (`again()`: in the language now)."""

    _again: Callable[[], str]

    def __new__(cls, text: str, again: Callable[[], str]) -> "Said":
        said_ = super().__new__(cls, text)
        said_._again = again
        return said_

    def again(self) -> str:
        return self._again()


def said(make: Callable[[], str]) -> Said:
    """The text `make()` returns, able to be made again in another language."""
    return Said(make(), lambda: said(make))


def reword(value: Any) -> Any:
    """`value` with every Said in it said again in the language now, through tuples, lists
    and dicts (a new one only where something was said again: otherwise the very same
    object); anything else is returned as it is."""
    if isinstance(value, Said):
        return value.again()
    if isinstance(value, dict):
        new = {k: reword(v) for k, v in value.items()}
        return new if any(new[k] is not v for k, v in value.items()) else value
    if isinstance(value, (tuple, list)):
        items = [reword(v) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    return value


def reword_in(holder: Any, skip: tuple[str, ...] = ()) -> None:
    """Say again, in place, every Said kept in `holder`'s attributes (or items, for a
    dict), but those named in `skip`."""
    fields = holder if isinstance(holder, dict) else getattr(holder, "__dict__", {})
    for name, value in list(fields.items()):
        if name in skip:
            continue
        new = reword(value)
        if new is not value:
            if isinstance(holder, dict):
                holder[name] = new
            else:
                setattr(holder, name, new)


def t(key: str, /, **params: Any) -> str:
    """The text for `key` in the current language (a Said: it can be said again)."""
    return Said(tr(key, _state["lang"], **params), lambda: t(key, **{k: reword(v) for k, v in params.items()}))


def t_msg(msg: dict) -> str:
    return tr_msg(msg, _state["lang"])


def sentences(parts: Any) -> str:
    """Sentences one after another: a space between them in English, none in Chinese."""
    return ("" if lang().startswith("zh") else " ").join(p for p in parts if p)
