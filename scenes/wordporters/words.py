"""Words and hint words as the table shows them: English, Chinese, or both on one card
(English above, Chinese below), chosen at set-up (option "words": "en" | "zh" | "both";
"ui" there means the language of the menus, turned into "en" or "zh" when the game
starts) and switchable at the table. Sentences use the inline form of
`engine.wordporters.content.shown` ("cat / 貓")."""
from __future__ import annotations

from engine.wordporters.content import SHOWN, content, shown
from scenes.ui.i18n import lang


def ui_words() -> str:
    """The word language that matches the menus."""
    return "zh" if lang().startswith("zh") else "en"


def resolve(mode: object) -> str:
    """A set-up or log option as a word language ("ui", missing or unknown: the menus')."""
    return str(mode) if mode in SHOWN else ui_words()


def narrow(mode: str) -> str:
    """The word language for a narrow place (a list's row): both languages become the menus'."""
    return ui_words() if mode == "both" else resolve(mode)


def next_mode(mode: str) -> str:
    return SHOWN[(SHOWN.index(mode) + 1) % len(SHOWN)] if mode in SHOWN else SHOWN[0]


def _lines(item: object, mode: str) -> list[str]:
    if mode == "both":
        return [shown(item, "en"), shown(item, "zh")]   # type: ignore[arg-type]
    return [shown(item, resolve(mode))]                   # type: ignore[arg-type]


def word_lines(wid: str, mode: str) -> list[str]:
    """A word's text as lines for a card."""
    return _lines(content().word_by_id(wid), mode)


def hint_lines(hid: str, mode: str) -> list[str]:
    return _lines(content().hint_by_id(hid), mode)


def word_inline(wid: str, mode: str) -> str:
    """A word in a sentence."""
    return shown(content().word_by_id(wid), resolve(mode))


def hint_inline(hid: str, mode: str) -> str:
    return shown(content().hint_by_id(hid), resolve(mode))
