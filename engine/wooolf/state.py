"""The Wooolf!! game state (mutated in place by `apply`) and the options it is made from.

Holders are the seats that hold role cards: players 0..seats-1, then the neutral seat
(index `seats`) when the seat count adds one. Secrets live here (every holder's cards in
position order, question hands, what each peek saw, whether a shuffle swapped, the dials);
only `engine.wooolf.views` decides what a seat may see.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.wooolf.content import content
from engine.wooolf.spec import SPEC

NOBODY = -1                          # an arrow at 0 on the dial: nobody holds that target
# phases: "deal" (before set-up), "turns" (clockwise actions), "final" (the simultaneous
# final declarations), "revealed" (between a reveal and the next deal, inside one
# command: never seen by a view), "over"
PHASES = ("deal", "turns", "final", "revealed", "over")


@dataclass
class WooolfState:
    seats: int                       # players
    options: dict[str, Any]
    neutral: int | None              # the neutral seat's holder index, or None
    round: int = 0
    phase: str = "deal"
    start: int = 0                   # this round's start player
    turn: int | None = None          # the player whose turn it is ("turns" only)
    cards: list[list[str]] = field(default_factory=list)        # per holder: [position 0, position 1]
    epoch: list[int] = field(default_factory=list)              # per holder: shuffles so far this round
    questions: list[list[str]] = field(default_factory=list)    # per player: question cards in hand
    markers_left: list[int] = field(default_factory=list)
    turns_taken: list[int] = field(default_factory=list)
    shuffled_now: bool = False       # the player to act has shuffled during this turn
    peeks: list[dict[str, Any]] = field(default_factory=list)   # {seat, target, pos, epoch, card, announced}
    asks: list[dict[str, Any]] = field(default_factory=list)    # {seat, target, question, answer}
    shuffles: list[dict[str, Any]] = field(default_factory=list)  # {seat, epoch, swapped}
    early: list[int] = field(default_factory=list)              # early declarers, in order
    dials: list[dict[str, Any] | None] = field(default_factory=list)  # per player: {early, arrows|None}
    scores: list[int] = field(default_factory=list)
    x_tokens: list[list[str]] = field(default_factory=list)     # per player: "red" / "black"
    rounds: list[dict[str, Any]] = field(default_factory=list)  # every reveal, as announced
    result: dict[str, Any] | None = None

    @property
    def holders(self) -> int:
        return self.seats + (1 if self.neutral is not None else 0)

    @property
    def ended(self) -> bool:
        return self.phase == "over"

    def identity(self, holder: int) -> str:
        return content().identity(self.cards[holder])

    def red(self, seat: int) -> bool:
        """Holds a red X (from a wrong early declaration last round): no early declaration."""
        return "red" in self.x_tokens[seat]

    def must_declare(self, seat: int) -> bool:
        """No question card and no marker left: the only action is an early declaration."""
        return self.markers_left[seat] == 0 and not self.questions[seat]

    def able(self, seat: int) -> bool:
        """Can still take a turn this round (declared players and the stuck do not)."""
        if self.dials[seat] is not None:
            return False
        return not (self.must_declare(seat) and self.red(seat))

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": self.seats, "options": self.options, "neutral": self.neutral,
            "round": self.round, "phase": self.phase, "start": self.start, "turn": self.turn,
            "cards": self.cards, "epoch": self.epoch, "questions": self.questions,
            "markers_left": self.markers_left, "turns_taken": self.turns_taken,
            "shuffled_now": self.shuffled_now, "peeks": self.peeks, "asks": self.asks,
            "shuffles": self.shuffles, "early": self.early, "dials": self.dials,
            "scores": self.scores, "x_tokens": self.x_tokens, "rounds": self.rounds,
            "result": self.result,
        }


def _bad(why: str) -> ValueError:
    return ValueError(f"wooolf options: {why}")


def new_state(seats: int, options: Mapping[str, Any]) -> WooolfState:
    """The state before the first deal, with the options checked (ValueError when unusable).
    Options: `advanced` (bool, the advanced cards), `start` (round 1's start player;
    random when absent), `deals` (for tests and tutorials: per round, the role card ids in
    deal order, two per holder, the neutral seat last), `question_deals` (per round, the
    question card ids dealt two per player)."""
    c = content()
    advanced = SPEC.option_values(options)["advanced"]
    opts = dict(options)
    opts.pop("variant", None)
    deck = sorted(c.deck(seats, advanced))
    for i, order in enumerate(opts.get("deals") or []):
        if not isinstance(order, list) or sorted(order) != deck:
            raise _bad(f"deals[{i}] must hold each card of the deck once")
    qdeck = c.question_deck()
    for i, order in enumerate(opts.get("question_deals") or []):
        if (not isinstance(order, list) or len(order) != seats * c.question_cards
                or any(order.count(q) > qdeck.count(q) for q in set(order))):
            raise _bad(f"question_deals[{i}] must deal {c.question_cards} question cards a player from the deck")
    neutral = seats if seats in c.neutral_seats else None
    return WooolfState(seats=seats, options=opts, neutral=neutral,
                       scores=[0] * seats, x_tokens=[[] for _ in range(seats)])
