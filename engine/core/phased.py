"""PhasedRules: the scaffolding of a turn game whose commands each belong to phases.

A game's rules class derives from it and declares `game` and `PHASE_OF` (command type ->
the phases it may be given in); it writes one `_decide_<kind>(state, seat, cmd, rng)` per
command and one `_on_<event type>(state, ev)` per event. The base gives:

- `apply`: the event's `_on_<type>` (the table is built once, in `__init__`), then the
  `_after_<type>` of each plug-in that is on;
- `PLUGINS`: the game's options as plug-ins (engine/core/plugins.py): their commands,
  phases and events merged into the tables in `__init__` (a name taken twice is a
  PluginClash there); `plugins_on(state)` gives the ones on, for the game's own hooks;
- `follow_up`: nothing follows by default (a game overrides it: engine/core/followup.py);
- `decide`: the checks every such game makes, then `_decide_<kind>`:
    the command's shape (err.bad_command), the seat (err.seat), the game over
    (err.game_over), then the phase (`_not_now`: err.<game>.not_now naming
    @<game>.action.<kind> and @<game>.phase.<phase>) and whether the seat is to act
    (`_not_acting`: err.not_your_turn), in that order unless `TURN_FIRST`; last the
    game's own `_precheck`.

The hooks return the RuleError to raise, so a game words only what differs. The state
needs `seats`, `phase` and `ended`; the class still implements the whole Rules protocol.
"""
from __future__ import annotations

from typing import Callable, ClassVar, Generic, Mapping, TypeVar

from engine.core.errors import RuleError
from engine.core.events import Command, Event
from engine.core.plugins import OptionRules, merge, plugins_on
from engine.core.rng import Rng

S = TypeVar("S")


class PhasedRules(Generic[S]):
    game: ClassVar[str]
    PHASE_OF: ClassVar[Mapping[str, tuple[str, ...]]]   # command type -> its phases
    TURN_FIRST: ClassVar[bool] = False                  # check to_act before the phase
    PLUGINS: ClassVar[tuple[OptionRules, ...]] = ()     # the options (engine/core/plugins.py)

    def __init__(self) -> None:
        self._apply: dict[str, Callable[[S, Event], None]] = {
            name[len("_on_"):]: getattr(self, name) for name in dir(self) if name.startswith("_on_")}
        self._phase_of: dict[str, tuple[str, ...]] = dict(self.PHASE_OF)
        self._decide: dict[str, Callable[[S, int, Command, Rng], list[Event]]] = {
            kind: getattr(self, f"_decide_{kind}") for kind in self._phase_of
            if hasattr(self, f"_decide_{kind}")}
        self._after = merge(type(self).__name__, self._decide, self._apply, self._phase_of,
                            self, self.PLUGINS)

    def plugins_on(self, state: S) -> list[OptionRules]:
        """The plug-ins whose option is on, in `PLUGINS` order."""
        return plugins_on(self.PLUGINS, state)

    def to_act(self, state: S) -> frozenset[int]:      # the game's (engine/core/turns.py)
        raise NotImplementedError

    def apply(self, state: S, ev: Event) -> S:
        self._apply[ev["type"]](state, ev)
        for plugin, after in self._after.get(ev["type"], ()):
            if plugin.on(state):
                after(state, ev)
        return state

    def follow_up(self, state: S, rng: Rng) -> list[Event]:
        """What follows from `state` by itself (engine/core/followup.py); nothing by default."""
        return []

    def decide(self, state: S, cmd: Command, rng: Rng) -> list[Event]:
        if not isinstance(cmd, dict) or cmd.get("type") not in self._phase_of:
            raise RuleError("err.bad_command")
        kind = cmd["type"]
        seat = cmd.get("seat")
        seats: int = getattr(state, "seats")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise RuleError("err.seat", seat=str(seat))
        if getattr(state, "ended"):
            raise RuleError("err.game_over")
        checks = (self._check_turn, self._check_phase) if self.TURN_FIRST else (self._check_phase, self._check_turn)
        for check in checks:
            check(state, kind, seat)
        self._precheck(state, kind, seat)
        return self._decide[kind](state, seat, cmd, rng)

    def _check_phase(self, state: S, kind: str, seat: int) -> None:
        if getattr(state, "phase") not in self._phase_of[kind]:
            raise self._not_now(state, kind)

    def _check_turn(self, state: S, kind: str, seat: int) -> None:
        if seat not in self.to_act(state):
            raise self._not_acting(state, kind, seat)

    # ---- hooks ----------------------------------------------------------------------
    def _not_now(self, state: S, kind: str) -> RuleError:
        """The refusal of a command given outside its phases."""
        g = self.game
        return RuleError(f"err.{g}.not_now", action=f"@{g}.action.{kind}",
                         phase=f"@{g}.phase.{getattr(state, 'phase')}")

    def _not_acting(self, state: S, kind: str, seat: int) -> RuleError:
        """The refusal of a command from a seat that is not to act."""
        return RuleError("err.not_your_turn")

    def _precheck(self, state: S, kind: str, seat: int) -> None:
        """The game's own check before any command (raise RuleError); none by default."""
