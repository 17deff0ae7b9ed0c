"""The Rules protocol every game implements, and the Outcome it ends with."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Mapping, Protocol, TypeVar

from engine.core.events import Command, Event
from engine.core.rng import Rng

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


class Rules(Protocol[S]):
    game: ClassVar[str]
    rules_version: ClassVar[int]
    seats: ClassVar[range]
    variants: ClassVar[tuple[str, ...]]

    def initial(self, seats: int, options: Mapping[str, object]) -> S: ...
    def setup(self, state: S, rng: Rng) -> list[Event]: ...
    def decide(self, state: S, cmd: Command, rng: Rng) -> list[Event]: ...
    def apply(self, state: S, event: Event) -> S: ...
    def to_act(self, state: S) -> frozenset[int]: ...
    def view(self, state: S, seat: int | None) -> dict: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]: ...
    def to_data(self, state: S) -> Any: ...
