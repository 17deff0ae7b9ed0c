"""How a game's options combine, in words, for the set-up screen and `play --options`:
read from the game's declaration (engine/core/options.py: each option's `needs`, the
spec's Forbidden pairs), never restated by the game's scenes. An option is named by its
set-up label (the plug-in's SETUP); a forbidden pair's reason is the catalog line
`<game>.opt.forbid.<a>.<b>`. Any game that declares options gets this, with no code."""
from __future__ import annotations

from typing import Any, Mapping

from engine.core.options import is_on
from engine.core.spec import GameSpec
from scenes.ui.i18n import t


class OptionWords:
    """The set-up's view of one game's option rules: which option refines which, and why a
    set of options cannot be played (in the language on screen)."""

    def __init__(self, spec: GameSpec, setup: Mapping[str, Any]) -> None:
        self.spec = spec
        self.labels = {o["key"]: o["label"] for o in setup.get("options", [])}

    def parent(self, key: str) -> str | None:
        """The option `key` refines (offered only while that one is on), or None."""
        option = self.spec.option(key)
        return option.needs if option else None

    def _name(self, key: str) -> str:
        return t(self.labels.get(key, f"{self.spec.name}.opt.{key}"))

    def _why(self, a: str, b: str) -> str:
        return t(f"{self.spec.name}.opt.forbid.{a}.{b}")

    def conflict(self, options: Mapping[str, Any], key: str | None = None) -> str | None:
        """With `key`: why that option cannot be switched on beside `options` (None: it
        may). Without: why `options` cannot be played together (None: they can)."""
        for a, b, _ in self.spec.forbidden:
            if key is not None:
                other = b if key == a else a if key == b else None
                if other is not None and is_on(options, other):
                    return t("ui.opt.not_with", other=self._name(other), why=self._why(a, b))
            elif is_on(options, a) and is_on(options, b):
                return t("ui.opt.forbidden", a=self._name(a), b=self._name(b), why=self._why(a, b))
        if key is None:
            for o in self.spec.options:
                if o.needs and is_on(options, o.key) and not is_on(options, o.needs):
                    return t("ui.opt.needs", option=self._name(o.key), parent=self._name(o.needs))
        return None
