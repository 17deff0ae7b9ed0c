"""What a game declares about itself, next to its rules (in the spirit of a boardgame.io
game definition or OpenSpiel's GameType): its variants with their seat ranges, which of
them run in real time or over the network, whether it hides information, its commands
with their flags, and the words the game picker shows. The registry, `main.py`, the
menu, set-up screens, `simulate` and the session read this; nobody discovers a
capability with `getattr`. Its options (engine/core/options.py) are declared here too:
key, values, default, variants, the option each refines and the pairs that cannot be
played together; the engines check a session's options against them (`check_options`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.core.options import Forbidden, OptionSpec, check, validate_declaration, values


@dataclass(frozen=True)
class CommandSpec:
    """One command type. `makes`: the event types its events can start with (how the
    core knows, from the log alone, which command a run of events came from).
    `undoable`: a person may take it back when every other seat is a bot and nothing
    secret was learnt since. `private`: the fields of its events (those of `makes`)
    that are the sender's secret (a vote, a guess): the core drops them from what any
    other seat, and the table, learns of the event (`GameSpec.redact`, applied by
    engine/core/reading.py to every listener, log panel and replay on top of the
    game's own `event_view`); the rules reveal them later in an event of their own.
    `off_turn`: the rules may take it from a seat that is not to act (a
    Wooolf!! player who declared early swapping their cards whenever they like); it never
    makes that seat one to act, and bots are never asked for it."""
    type: str
    makes: tuple[str, ...] = ()
    undoable: bool = False
    private: tuple[str, ...] = ()
    off_turn: bool = False


@dataclass(frozen=True)
class VariantSpec:
    """One way to play. `realtime`: everyone acts at once against the clock (played by race
    bots through `race_out`); `network`: it can be played through the relay."""
    id: str
    seats: range
    default_seats: int
    realtime: bool = False
    network: bool = False
    label: str = ""                 # catalog key of the variant's name ("" = <game>.variant.<id>)

    def label_key(self, game: str) -> str:
        return self.label or f"{game}.variant.{self.id}"


@dataclass(frozen=True)
class GameSpec:
    """A game as the rest of the program sees it before it starts one."""
    name: str                                   # the registry key, e.g. "sumoku"
    variants: tuple[VariantSpec, ...]
    hidden_information: bool
    commands: tuple[CommandSpec, ...]
    revealing: frozenset[str] = frozenset()     # event types that show someone a secret
    minutes: tuple[int, int] = (10, 30)         # playing time shown on the game picker
    levels: tuple[str, ...] = ("easy", "normal", "hard")
    title: str = ""                             # catalog key ("" = <name>.title)
    tagline: str = ""                           # catalog key ("" = <name>.tagline)
    # named sets of session options the conformance suite plays besides the defaults:
    # (name, ((key, value), ...)), together exercising every option a game has
    option_sets: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    # the variants the phone page (assets/phone/<name>.js) plays: the set-up offers
    # "Play with phones" for these only (turn variants; a race is not played on phones)
    phone_variants: tuple[str, ...] = ()
    # the session options (engine/core/options.py), the set-up's in the set-up's order,
    # the pairs that cannot be played together, and whether any other key is refused
    # (a game that is not closed keeps an undeclared key in its options and ignores it)
    options: tuple[OptionSpec, ...] = ()
    forbidden: tuple[Forbidden, ...] = ()
    closed_options: bool = False
    # the shape of each event type's own fields (engine/core/shapes.py), usually the
    # game's engine/<game>/shapes.py EVENTS: every log's events are checked against it
    # as the log is read (a game declaring none is not checked: the tests' toy game)
    events: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    _by_type: dict[str, CommandSpec] = field(init=False, repr=False, compare=False, hash=False,
                                             default_factory=dict)
    _by_event: dict[str, CommandSpec] = field(init=False, repr=False, compare=False, hash=False,
                                              default_factory=dict)
    _private: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False, hash=False,
                                                 default_factory=dict)

    def __post_init__(self) -> None:
        if not self.variants:
            raise ValueError(f"{self.name}: a game declares at least one variant")
        ids = [v.id for v in self.variants]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.name}: variant ids repeat: {ids}")
        for v in self.variants:
            if v.default_seats not in v.seats:
                raise ValueError(f"{self.name}/{v.id}: default seats {v.default_seats} not in {v.seats}")
        unknown = [v for v in self.phone_variants if v not in ids]
        if unknown:
            raise ValueError(f"{self.name}: phone variants {unknown} are not variants ({', '.join(ids)})")
        by_type = {c.type: c for c in self.commands}
        if len(by_type) != len(self.commands):
            raise ValueError(f"{self.name}: a command type is declared twice")
        self._by_type.update(by_type)
        for c in self.commands:
            if c.private and not c.makes:
                raise ValueError(f"{self.name}: private command {c.type!r} names no events (makes)")
            for etype in c.makes:
                if self._by_event.setdefault(etype, c) is not c:
                    raise ValueError(f"{self.name}: event {etype!r} starts two commands' events")
                if c.private:
                    self._private[etype] = tuple(c.private)
        lockstep = [v.id for v in self.variants if v.network]
        if self.hidden_information and lockstep:
            # every client folds every command through the same rules (engine/core/lockstep.py),
            # so every client would hold every secret
            raise ValueError(f"{self.name}: a game with hidden information cannot declare a "
                             f"lockstep network variant ({', '.join(lockstep)})")
        validate_declaration(self)

    # ---- reading ------------------------------------------------------------------
    def named_options(self) -> dict[str, dict[str, Any]]:
        """`option_sets` as {name: options}."""
        return {name: dict(pairs) for name, pairs in self.option_sets}

    @property
    def option_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def option(self, key: str) -> OptionSpec | None:
        return next((o for o in self.options if o.key == key), None)

    def setup_options(self, variant: str | None = None) -> tuple[OptionSpec, ...]:
        """The options the set-up offers (those of `variant`, when given)."""
        return tuple(o for o in self.options if o.setup and (variant is None or o.for_variant(variant)))

    def check_options(self, seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared option's value (defaults filled in), or OptionError (a
        ValueError) naming what cannot be played: engine/core/options.py `check`."""
        return check(self, seats, options)

    def option_values(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared option's value, defaults filled in (unchecked: the core checks a
        session's options, engine/core/rules.py `initial_state`)."""
        return values(self, options)

    @property
    def title_key(self) -> str:
        return self.title or f"{self.name}.title"

    @property
    def tagline_key(self) -> str:
        return self.tagline or f"{self.name}.tagline"

    @property
    def default_variant(self) -> VariantSpec:
        return self.variants[0]

    def variant(self, vid: str | None) -> VariantSpec:
        """The variant `vid` (None = the default); KeyError names the variants there are."""
        if vid is None:
            return self.default_variant
        for v in self.variants:
            if v.id == vid:
                return v
        raise KeyError(f"{self.name} has no variant {vid!r} (variants: {', '.join(self.variant_ids)})")

    @property
    def variant_ids(self) -> tuple[str, ...]:
        return tuple(v.id for v in self.variants)

    @property
    def seats(self) -> range:
        """Every seat count some variant takes."""
        lo = min(v.seats.start for v in self.variants)
        hi = max(v.seats.stop for v in self.variants)
        return range(lo, hi)

    def plays_on_phones(self, vid: str | None) -> bool:
        """Whether the variant `vid` (None = the default) may be played with phones."""
        return self.variant(vid).id in self.phone_variants

    @property
    def network_variants(self) -> tuple[VariantSpec, ...]:
        return tuple(v for v in self.variants if v.network)

    def redact(self, ev: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """`ev` as `seat` (None: the table) may learn it of its private fields: an event a
        private command made loses them unless `seat` is its own."""
        hidden = self._private.get(str(ev.get("type")), ())
        if hidden and (seat is None or ev.get("seat") != seat):
            return {k: v for k, v in ev.items() if k not in hidden}
        return dict(ev)

    def command(self, ctype: str) -> CommandSpec | None:
        return self._by_type.get(ctype)

    def is_undoable(self, ctype: str) -> bool:
        c = self._by_type.get(ctype)
        return bool(c and c.undoable)

    def command_of(self, events: list) -> CommandSpec | None:
        """The command a run of events (one command's, first event first) came from."""
        return self._by_event.get(str(events[0].get("type"))) if events else None

    def undoable(self, events: list) -> bool:
        """The core's undo rule: `events` (a seat's last command's, then the bots' after
        it) may be taken back when that command is declared undoable and none of them
        is a revealing event (nothing secret was learnt since)."""
        c = self.command_of(events)
        return bool(c and c.undoable) and not any(ev.get("type") in self.revealing for ev in events)
