"""RuleError: a rejected command, with a code and a message a player can read."""
from __future__ import annotations

from typing import Any

from engine.core.i18n import DEFAULT_LANG, tr


class RuleError(Exception):
    """Raised by `decide`. `code` is the catalog key ("err.sumoku.line_sum"); `params`
    fill its placeholders. `message(lang)` gives the text in either UI language, and
    `to_data()` is the plain form a relay sends back to the player who was refused."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message(DEFAULT_LANG))

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return tr(self.code, lang, **self.params)

    def to_data(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "RuleError":
        return cls(str(data.get("code", "err.unknown")), **dict(data.get("params") or {}))
