"""The Rules protocol every game implements, and the Outcome it ends with.

`Rules` is used as a type: every rules class implements all of it (nothing is
discovered with getattr). What the game declares as data is its `spec`
(engine/core/spec.py); its turn structure is built from engine/core/turns.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Mapping, Protocol, Sequence, TypeVar

from engine.core.events import Command, Event
from engine.core.rng import Rng
from engine.core.spec import GameSpec

S = TypeVar("S")


@dataclass
class Outcome:
    """How a game ended: final scores per seat, the winning seats (ties share the win),
    and the catalog key of the tie-break that decided it (None when scores decided)."""
    scores: list[int]
    winners: list[int]
    tiebreak: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners),
                "tiebreak": self.tiebreak, "detail": dict(self.detail)}


def initial_state(rules: "Rules[S]", seats: int, options: Mapping[str, Any]) -> S:
    """The state a session, a replay or a fold starts from: the options checked against the
    game's declaration first (its spec's `check_options`: OptionError, a ValueError, names
    what cannot be played), then the rules' `initial`, which checks only the shapes the
    declaration leaves to it (a fixed deal, a bag order). Every holder of a state starts here."""
    rules.spec.check_options(seats, options)
    return rules.initial(seats, options)


class Rules(Protocol[S]):
    spec: ClassVar[GameSpec]          # variants, seats, commands and their flags
    game: ClassVar[str]               # == spec.name
    rules_version: ClassVar[int]      # the checkpoint form; older logs verify by legacy_data
    seats: ClassVar[range]            # == spec.seats (every seat count some variant takes)

    def initial(self, seats: int, options: Mapping[str, object]) -> S:
        """The state before set-up; `options` were checked by the core (`initial_state`)."""
    def setup(self, state: S, rng: Rng) -> list[Event]: ...
    def decide(self, state: S, cmd: Command, rng: Rng) -> list[Event]:
        """Validate and return events; raise RuleError. Never changes `state`."""
    def apply(self, state: S, event: Event) -> S: ...
    def follow_up(self, state: S, rng: Rng) -> list[Event]:
        """The events that follow from `state` by themselves ([] when none): the core
        folds a command's events, then asks again until nothing follows
        (engine/core/followup.py). Never changes `state`."""
    def to_act(self, state: S) -> frozenset[int]: ...
    def progress(self, state: S) -> tuple[str, int | None]:
        """(phase, round) for the view header (engine/core/turns.py: status)."""
    def next_deadline(self, state: S) -> int | None:
        """When the next {"type": "tick", "seat": None} is due (ms of game time), or None."""
    def view(self, state: S, seat: int | None) -> dict: ...          # None = the table
    def event_view(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may learn it (None = the table); public events unchanged."""
    def outcome(self, state: S) -> Outcome | None: ...
    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]: ...
    def to_data(self, state: S) -> Any: ...
    def legacy_data(self, state: S, events: Sequence[Event], rules_version: int) -> Any:
        """What `to_data` was under an older `rules_version` (checkpoints of old logs)."""
