"""How Paperback's options combine, in words for the set-up screen: read from the game's
declaration (engine/paperback/spec.py: each option's `needs`, the FORBIDDEN pairs), never
restated here. Each forbidden pair's reason is the catalog line paperback.opt.forbid.<a>.<b>."""
from __future__ import annotations

from typing import Any, Mapping

from engine.paperback.spec import SPEC
from scenes.ui.i18n import t


def option_parent(key: str) -> str | None:
    """The option `key` refines (shown only while that one is on), or None."""
    option = SPEC.option(key)
    return option.needs if option else None


def _on(options: Mapping[str, Any], key: str) -> bool:
    return options.get(key) not in (None, False)


def _not_with(a: str, b: str, other: str) -> str:
    return t("paperback.opt.not_with", other=t(f"paperback.opt.{other}"), why=t(f"paperback.opt.forbid.{a}.{b}"))


def option_conflict(options: Mapping[str, Any], key: str | None = None) -> str | None:
    """With `key`: why that option cannot be switched on beside `options` (None: it may).
    Without: why `options` cannot be played together (None: they can)."""
    for a, b, _ in SPEC.forbidden:
        if key is not None:
            if key in (a, b) and _on(options, b if key == a else a):
                return _not_with(a, b, b if key == a else a)
        elif _on(options, a) and _on(options, b):
            return t("paperback.opt.forbidden", a=t(f"paperback.opt.{a}"), b=t(f"paperback.opt.{b}"),
                     why=t(f"paperback.opt.forbid.{a}.{b}"))
    if key is None:
        for o in SPEC.options:
            if o.needs and _on(options, o.key) and not _on(options, o.needs):
                return t("paperback.opt.needs", option=t(f"paperback.opt.{o.key}"), parent=t(f"paperback.opt.{o.needs}"))
    return None
