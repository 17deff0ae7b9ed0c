"""Options as declared plug-ins of a `PhasedRules` game (engine/core/phased.py).

An `OptionRules` object is one session option (`key`, as the game's spec declares it)
with everything the rules do for it, beside the base game:

- `PHASE_OF`: the commands it adds (command type -> the phases it may be given in);
- `_decide_<kind>(rules, state, seat, cmd, rng)`: one per command it adds (the game's
  rules object first: a plug-in holds no state of its own);
- `_on_<event>(state, ev)`: one per event it adds;
- `_after_<event>(state, ev)`: what it changes when one of the base game's events (or
  another plug-in's) is applied, after that event's own `_on_<event>`;
- hooks with no-op defaults: `set_up` (fields of the set-up event), `to_act`,
  `not_acting`, `view`, `scramble`; and, asked of every plug-in since an event alone
  names its option, `event_view` and `scramble_event`. A game adds its own named
  extension points in a subclass (engine/paperback/option.py).

`PhasedRules` merges its `PLUGINS` into its command and apply tables in `__init__`, the
way it builds its own from its `_decide_*`/`_on_*` methods, and refuses a name taken
twice (`PluginClash`, at construction). A plug-in's commands and events are always in
the tables (a command of an option that is off is refused by its own handler, in the
game's words); its `_after_*` handlers and hooks run only while `on(state)`: the one
place that decides whether an option is on (`option_on`). The base game is the rules
with every option off.
"""
from __future__ import annotations

from functools import partial
from typing import Any, ClassVar, Iterable, Mapping, TypeVar

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.options import is_on
from engine.core.rng import Rng

P = TypeVar("P", bound="OptionRules")


def option_on(state: Any, key: str) -> bool:
    """Whether the session option `key` is on in `state.options` (engine/core/options.py `is_on`)."""
    return is_on(getattr(state, "options"), key)


def plugins_on(plugins: Iterable[P], state: Any) -> list[P]:
    """Of `plugins`, those whose option is on in `state`, in their order."""
    return [p for p in plugins if p.on(state)]


class PluginClash(TypeError):
    """Two handlers (of the rules or of its plug-ins) for one command or event."""


class OptionRules:
    key: ClassVar[str] = ""
    PHASE_OF: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def on(self, state: Any) -> bool:
        return option_on(state, self.key)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"

    # ---- hooks (run only while the option is on) -------------------------------------
    def set_up(self, state: Any, rng: Rng, fields: dict[str, Any]) -> None:
        """Add to (or change) the fields of the set-up event, drawing from `rng`."""

    def to_act(self, state: Any) -> frozenset[int] | None:
        """Who acts in a phase this option gives (None: not one of its phases)."""
        return None

    def not_acting(self, state: Any, kind: str, seat: int) -> RuleError | None:
        """The refusal of `kind` from a seat not to act, when this option words it."""
        return None

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        """Add this option's part to the view `v` of `seat`."""

    def scramble(self, state: Any, seat: int | None, rng: Rng) -> None:
        """Change in place what `seat` may not know of this option's part of `state`."""

    # ---- hooks on an event alone (no state: asked of every plug-in) --------------------
    def event_view(self, ev: Event, seat: int | None, out: Event) -> Event | None:
        """`ev` as `seat` may learn it, when this option changes what the base (or an
        earlier plug-in) shows of it (`out`); None: not its business."""
        return None

    def scramble_event(self, ev: Event, out: Event, seat: int | None, rng: Rng) -> None:
        """Change in place this option's secrets in `out` (a copy of `ev`)."""


def merge(owner: str, decide: dict[str, Any], apply: dict[str, Any], phase_of: dict[str, tuple[str, ...]],
          rules: Any, plugins: tuple[OptionRules, ...]) -> dict[str, list[tuple[OptionRules, Any]]]:
    """Merge `plugins` into the rules' tables in place (`decide`: command -> handler,
    `apply`: event -> handler, `phase_of`); the `_after_*` handlers by event. Raises
    PluginClash on a command or event handled twice, or a command with no handler."""
    after: dict[str, list[tuple[OptionRules, Any]]] = {}
    keys = [p.key for p in plugins]
    for p in plugins:
        if not p.key or keys.count(p.key) > 1:
            raise PluginClash(f"{owner}: plug-in {p!r} needs a key of its own")
        for kind, phases in p.PHASE_OF.items():
            if kind in phase_of:
                raise PluginClash(f"{owner}: command {kind!r} of {p!r} is declared twice")
            phase_of[kind] = tuple(phases)
        for name in dir(p):
            if name.startswith("_decide_"):
                kind = name[len("_decide_"):]
                if kind not in p.PHASE_OF:
                    raise PluginClash(f"{owner}: {p!r} decides {kind!r} but gives it no PHASE_OF")
                decide[kind] = partial(getattr(p, name), rules)     # the rules object first
            elif name.startswith("_on_"):
                etype = name[len("_on_"):]
                if etype in apply:
                    raise PluginClash(f"{owner}: event {etype!r} of {p!r} is applied twice")
                apply[etype] = getattr(p, name)
            elif name.startswith("_after_"):
                after.setdefault(name[len("_after_"):], []).append((p, getattr(p, name)))
    missing = sorted(k for k in phase_of if k not in decide)
    if missing:
        raise PluginClash(f"{owner}: no _decide_ handler for {missing}")
    return after
