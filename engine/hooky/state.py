"""The Hooky game state (mutated in place by `apply`) and the set-up table.

Secrets live here (every hand, the playground's order, the hooky cards, private peeks,
guesses and named hands); only `engine.hooky.views` decides what a seat may see.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.hooky.knowledge import ALPHABET, HOOKY_SIZE, SETUP

ROUNDS = 6
GUESS_ROUNDS = (4, 5, 6)
REVEAL_FROM = 2                      # reveals (and peeks) are allowed from this round on
FLIP_ROUNDS: dict[int, int] = {3: 2, 4: 3, 5: 3}   # players -> flips after rounds 1..N
# phases: "deal" (before set-up), "clue" (starting clues), "turn" (rounds 1-6),
# "vote" (the table votes on a proposed word), "guess" (hooky guesses after rounds 4-6),
# "hands" (the final hand guesses), "over"
PHASES = ("deal", "clue", "turn", "vote", "guess", "hands", "over")


@dataclass
class HookyState:
    seats: int
    options: dict[str, Any]
    hand_size: int
    playground_size: int
    flip_rounds: int
    hands: list[list[str]] = field(default_factory=list)        # sorted letters per seat
    playground: list[str] = field(default_factory=list)         # in deal order; flipped from the front
    hooky: list[str] = field(default_factory=list)              # sorted
    start: int = 0
    phase: str = "deal"
    round: int = 0                   # 0 during the starting clues, then 1..6
    pos: int = 0                     # seats that finished their turn this round
    revealed_now: bool = False       # the seat to play has revealed this turn
    revealed: list[list[str]] = field(default_factory=list)     # per seat, in reveal order
    flipped: int = 0                 # playground cards face up (the first `flipped`)
    clues: list[dict[str, Any]] = field(default_factory=list)   # {"seat", "word", "answer"}
    asks: list[dict[str, Any]] = field(default_factory=list)    # {"round", "asker", "seat", "word", "answer"}
    peeks: list[dict[str, Any]] = field(default_factory=list)   # {"round", "seat", "target", "letter"}
    guesses: list[dict[int, list[str]]] = field(default_factory=list)   # per seat: round -> letters
    named: list[list[list[str]] | None] = field(default_factory=list)  # per seat: per seat letters
    pending: dict[str, Any] | None = None   # {"seat", "word", "votes": {seat: bool}, "phase"}
    accepted: list[str] = field(default_factory=list)           # words the table accepted
    refused: list[str] = field(default_factory=list)            # words the table refused
    reveals: list[dict[str, Any]] = field(default_factory=list) # {"seat", "letter", "target"}, in order
    result: dict[str, Any] | None = None

    @property
    def turn(self) -> int | None:
        """The seat whose turn (or starting clue) it is, None outside those phases."""
        if self.phase in ("clue", "turn"):
            return (self.start + self.pos) % self.seats
        if self.phase == "vote" and self.pending is not None:
            return int(self.pending["seat"])
        return None

    @property
    def ended(self) -> bool:
        return self.phase == "over"

    def hidden(self, seat: int) -> list[str]:
        """The cards of `seat` still face down (a peek picks among these)."""
        rev = set(self.revealed[seat])
        return [c for c in self.hands[seat] if c not in rev]

    def asked_of(self, seat: int) -> list[str]:
        """Every word put to `seat` so far: its starting clue and each question asked of it."""
        words = [c["word"] for c in self.clues if c["seat"] == seat]
        return words + [a["word"] for a in self.asks if a["seat"] == seat]

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": self.seats, "options": self.options, "hand_size": self.hand_size,
            "playground_size": self.playground_size, "flip_rounds": self.flip_rounds,
            "hands": self.hands, "playground": self.playground, "hooky": self.hooky,
            "start": self.start, "phase": self.phase, "round": self.round, "pos": self.pos,
            "revealed_now": self.revealed_now, "revealed": self.revealed, "flipped": self.flipped,
            "clues": self.clues, "asks": self.asks, "peeks": self.peeks,
            "guesses": [{str(r): g for r, g in sorted(d.items())} for d in self.guesses],
            "named": self.named, "pending": self.pending, "accepted": sorted(self.accepted),
            "refused": sorted(self.refused), "reveals": self.reveals, "result": self.result,
        }


def new_state(seats: int, options: Mapping[str, Any]) -> HookyState:
    """The state before the deal, with the options checked (ValueError when unusable).
    Options: `deal` (a 26-letter order: hands, then playground, then hooky; for tests and
    tutorials), `start` (the start seat; random when absent)."""
    opts = dict(options)
    deal = opts.get("deal")
    if deal is not None:
        if not isinstance(deal, str) or sorted(deal.lower()) != list(ALPHABET):
            raise ValueError("deal must hold each letter a-z once")
        opts["deal"] = deal.lower()
    hand, ground = SETUP[seats]
    return HookyState(seats=seats, options=opts, hand_size=hand, playground_size=ground,
                      flip_rounds=FLIP_ROUNDS[seats],
                      revealed=[[] for _ in range(seats)],
                      guesses=[{} for _ in range(seats)], named=[None] * seats)


def split_deal(order: str, seats: int) -> tuple[list[list[str]], list[str], list[str]]:
    """A 26-letter order dealt as the rules say: the hands, then the playground, then hooky."""
    hand, ground = SETUP[seats]
    hands = [sorted(order[i * hand:(i + 1) * hand]) for i in range(seats)]
    rest = order[seats * hand:]
    return hands, list(rest[:ground]), sorted(rest[ground:ground + HOOKY_SIZE])
