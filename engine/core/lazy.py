"""Package names imported when first used (PEP 562): a package's __init__ lists what it
offers without importing it, so `python main.py --help` and the menu do not load every
game's bots, numpy and word lists before anyone asks for them."""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable


def resolve(target: str) -> Any:
    """The attribute a "module:attribute" string names, importing the module."""
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


def exports(package: str, names: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(__getattr__, __dir__) for `package`, where `names` maps each offered name to
    "module:attribute"; a name is imported on first use and kept in the package."""
    def __getattr__(name: str) -> Any:
        try:
            target = names[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = resolve(target)
        setattr(import_module(package), name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(names) | set(vars(import_module(package))))

    return __getattr__, __dir__
