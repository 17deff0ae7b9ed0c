"""The Word Porters game state (mutated in place by `apply`) and its fixed numbers.

Secrets live here (every player's number, every vote before its reveal); only
`engine.wordporters.views` decides what a seat may see. The decks hold no order: the
word cards not yet laid and the hint cards neither on the table nor discarded are the
decks, and each round's draw is made in `decide` and written into its event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.wordporters.spec import SPEC

ROUNDS = 4
POSITIONS = 10                       # words on the board, numbered 1-10
MARKERS = (1, 2, 3)                  # each colour's hint markers
STACK_BASE = 3                       # the marker a stack stands on
# phases: "deal" (before set-up), "hints" (placing markers), "vote", "over"
PHASES = ("deal", "hints", "vote", "over")


def hint_count(seats: int) -> int:
    """Hint cards on the table: 2N + 2 (designed)."""
    return 2 * seats + 2


@dataclass
class WordPortersState:
    seats: int
    options: dict[str, Any]
    children: bool                   # the children's rules (the "children" variant)
    phase: str = "deal"
    round: int = 0
    start: int = 0                   # this round's start player
    words: list[int] = field(default_factory=list)        # word indices at positions 1-10
    cards_used: list[int] = field(default_factory=list)   # word cards laid so far (sorted)
    hints: list[int] = field(default_factory=list)        # hint card indices on the table
    discard: list[int] = field(default_factory=list)      # discarded hint cards (sorted)
    numbers: list[int] = field(default_factory=list)      # each seat's secret number (1-10)
    board: list[list[dict[str, Any]]] = field(default_factory=list)  # per table card: {"seat", "side", "markers"}
    placements: list[dict[str, Any]] = field(default_factory=list)   # this round's, in order
    left: list[list[int]] = field(default_factory=list)   # each seat's markers in hand (sorted)
    done: list[bool] = field(default_factory=list)        # placed all, passed or declined
    turn: int | None = None
    votes: list[list[int | None] | None] = field(default_factory=list)   # per seat, secret
    reveals: list[dict[str, Any]] = field(default_factory=list)   # this round's, in order
    scores: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)   # finished rounds (public)
    result: dict[str, Any] | None = None

    @property
    def ended(self) -> bool:
        return self.phase == "over"

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": self.seats, "options": self.options, "children": self.children,
            "phase": self.phase, "round": self.round, "start": self.start, "words": self.words,
            "cards_used": self.cards_used, "hints": self.hints, "discard": self.discard,
            "numbers": self.numbers, "board": self.board, "placements": self.placements,
            "left": self.left, "done": self.done, "turn": self.turn, "votes": self.votes,
            "reveals": self.reveals, "scores": self.scores, "history": self.history,
            "result": self.result,
        }


def new_state(seats: int, options: Mapping[str, Any]) -> WordPortersState:
    """The state before the first deal, options checked (ValueError when unusable).
    Options: `variant` ("classic" or "children"), `start` (round 1's start seat; random
    when absent)."""
    opts = dict(options)
    variant = opts.get("variant") or SPEC.default_variant.id
    return WordPortersState(seats=seats, options=opts, children=variant == "children",
                            scores=[0] * seats)
