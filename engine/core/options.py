"""A game's session options, declared once (GameSpec.options, GameSpec.forbidden) and
checked in one place: the engines' `initial`, `play --options`, `simulate --options`,
the set-up screen and the conformance suite all read the same declaration.

An option has a key, the values it takes (the set-up offers them in this order), its
default, optionally further whole numbers the rules take (`ints`: a countdown of any
length for tests), the variants it belongs to, the option it refines (`needs`), and
whether the set-up offers it. An option with no values and no `ints` is data the rules
check themselves (a fixed deal for tests and tutorials). `Forbidden` pairs cannot be
played together; their reason is an English sentence for the command line and the
catalog line `<game>.opt.forbid.<a>.<b>` for the set-up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple

if TYPE_CHECKING:                      # engine/core/spec.py imports this module
    from engine.core.spec import GameSpec

RESERVED = ("variant", "start")        # every game's: the variant id, the first seat (None: drawn)
_UNSET: Any = object()


class OptionError(ValueError):
    """Options a game cannot be played with; the message names the option and what it takes."""


@dataclass(frozen=True)
class OptionSpec:
    key: str
    values: tuple[Any, ...] = (False, True)     # the values offered, in the set-up's order
    default: Any = _UNSET                       # unset: the first value (data options: None)
    ints: range | None = None                   # whole numbers taken besides `values`
    variants: tuple[str, ...] = ()              # the variants it belongs to (): every one
    needs: str | None = None                    # the option it refines (on only with that one)
    setup: bool = True                          # offered at set-up (else for tests and tools)

    def __post_init__(self) -> None:
        if self.default is _UNSET:
            object.__setattr__(self, "default", self.values[0] if self.values else None)

    @property
    def kind(self) -> str:
        """"bool" (off or on), "choice" (one of `values`), "data" (the rules check it)."""
        if not self.values and self.ints is None:
            return "data"
        return "bool" if self.values == (False, True) else "choice"

    def takes(self, value: Any) -> bool:
        """Whether the rules take `value` (a bool is never a number here, nor 1 a bool)."""
        if self.kind == "data":
            return True
        if any(value == v and type(value) is type(v) for v in self.values):
            return True
        return (self.ints is not None and isinstance(value, int) and not isinstance(value, bool)
                and value in self.ints)

    def allowed_words(self) -> str:
        """What it takes, for an error message: "false or true", "5 or 4", "3000, 5000 or
        10000, or a whole number from 0 to 60000"."""
        shown = [_json_word(v) for v in self.values]
        words = ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else "".join(shown)
        if self.ints is not None:
            span = f"a whole number from {self.ints.start} to {self.ints.stop - 1}"
            words = f"{words}, or {span}" if words else span
        return words

    def for_variant(self, variant: str) -> bool:
        return not self.variants or variant in self.variants


class Forbidden(NamedTuple):
    """Two options that cannot be played together, and why (English, for the command
    line; the set-up words it with the catalog's `<game>.opt.forbid.<a>.<b>`)."""
    a: str
    b: str
    why: str


# the deduction games' assistant (Hooky's worksheet, Wooolf!!'s notebook), least help first:
# a table option the rules keep in the log header and ignore (scenes/common/assistant.py)
ASSISTANT = OptionSpec("assistant", ("off", "notes", "certain", "prob"), default="notes")


def _json_word(v: Any) -> str:
    return "true" if v is True else "false" if v is False else "null" if v is None else str(v)


def is_on(options: Mapping[str, Any], key: str) -> bool:
    """Whether option `key` is on in `options`: set and not off (False) or unset (None);
    every reader of an option's being on asks here (the check, the rules' plug-ins, the
    set-up's words)."""
    return options.get(key) not in (None, False)


def _players(rng: range) -> str:
    if len(rng) == 1:
        return "1 player" if rng.start == 1 else f"{rng.start} players"
    return f"{rng.start}-{rng.stop - 1} players"


def validate_declaration(spec: "GameSpec") -> None:
    """ValueError when a spec's options contradict themselves: a key twice, a default it
    does not take, an unknown variant or partner, an option set with an undeclared key
    or a value the option does not take."""
    keys = [o.key for o in spec.options]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{spec.name}: an option is declared twice: {keys}")
    clash = sorted(set(keys) & set(RESERVED))
    if clash:
        raise ValueError(f"{spec.name}: {clash} are every game's, not options to declare")
    by_key = {o.key: o for o in spec.options}
    for o in spec.options:
        if o.kind != "data" and not o.takes(o.default):
            raise ValueError(f"{spec.name}: option {o.key}'s default {o.default!r} is not one of its values")
        unknown = sorted(set(o.variants) - set(spec.variant_ids))
        if unknown:
            raise ValueError(f"{spec.name}: option {o.key} names unknown variants {unknown}")
        if o.needs is not None and o.needs not in by_key:
            raise ValueError(f"{spec.name}: option {o.key} needs undeclared {o.needs!r}")
    for f in spec.forbidden:
        if f.a not in by_key or f.b not in by_key:
            raise ValueError(f"{spec.name}: forbidden pair {f.a}/{f.b} names an undeclared option")
    for name, pairs in spec.option_sets:
        for key, value in pairs:
            if key not in by_key:
                raise ValueError(f"{spec.name}: option set {name!r} uses undeclared option {key!r}")
            if not by_key[key].takes(value):
                raise ValueError(f"{spec.name}: option set {name!r} gives {key} {value!r}")


def values(spec: "GameSpec", options: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's value as given, its default when absent (nothing checked:
    the core checked the session's options before the rules saw them, `check`)."""
    return {o.key: options.get(o.key, o.default) for o in spec.options}


def check(spec: "GameSpec", seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's value for a session (defaults filled in; data options as
    given, None when absent); OptionError naming the problem: an unknown variant, a seat
    count the variant does not take, an undeclared key (for a game whose options are
    closed), a forbidden pair (with its reason), a refinement without its option, a value
    the option does not take, a start seat that is not one."""
    vid = options.get("variant") or spec.default_variant.id
    if vid not in spec.variant_ids:
        raise OptionError(f"{spec.name} has no variant {vid!r} (variants: {', '.join(spec.variant_ids)})")
    rng = spec.variant(str(vid)).seats
    if seats not in rng:
        raise OptionError(f"{spec.name} {vid} takes {_players(rng)}, not {seats}")
    if spec.closed_options:
        unknown = sorted(set(options) - set(spec.option_keys) - set(RESERVED))
        if unknown:
            raise OptionError(f"unknown {spec.name} option(s): {unknown}")
    for f in spec.forbidden:
        if is_on(options, f.a) and is_on(options, f.b):
            raise OptionError(f"{f.a} and {f.b} cannot be played together: {f.why}")
    for o in spec.options:
        if o.needs is not None and is_on(options, o.key) and not is_on(options, o.needs):
            raise OptionError(f"{o.key} needs {o.needs}")
    out = values(spec, options)
    for o in spec.options:
        if not o.takes(out[o.key]):
            raise OptionError(f"{o.key} must be {o.allowed_words()}, not {out[o.key]!r}")
    start = options.get("start")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int)
                              or not 0 <= start < seats):
        raise OptionError(f"start must be a seat 0..{seats - 1}")
    return out


def undeclared(spec: "GameSpec", options: Mapping[str, Any]) -> str | None:
    """Why a command line's options name an option the game does not declare, naming
    the options it has; None when every key is declared."""
    unknown = sorted(set(options) - set(spec.option_keys) - {"start"})
    if not unknown:
        return None
    have = ", ".join(spec.option_keys) or "none"
    return f"{spec.name} has no option {', '.join(map(repr, unknown))} (its options: {have})"
