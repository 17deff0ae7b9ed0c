"""The Paperback game state (mutated in place by `apply`).

Every card is a string id from the game's box (`engine.paperback.content.Content.box`);
the state holds only where each card is. Secrets live here (every hand, every deck's
order, the order of the market piles below their face-up cards); only
`engine.paperback.views` decides what a seat may see. Lists of cards that have an order
keep their top first (decks, market piles, Fame piles, the commons on the track).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from engine.paperback.content import CardDef, content
from engine.paperback.simultaneous import OFFER as SIM_OFFER
from engine.paperback.spec import SPEC

# phases: "deal" (before set-up), "spell" (the seat to play spells, passes or proposes),
# "vote" (the table votes on a proposed word), "respond" (attack victims answer, attacks
# option), "buy" (the speller buys), "over"
# "draft", "replace", "resolve" (simultaneous play, engine/paperback/simultaneous.py)
PHASES = ("deal", "draft", "spell", "vote", "replace", "bounty", "respond", "resolve", "buy",
          "theme_vote", "over")


@lru_cache(maxsize=32)
def box_of(seats: int, attacks: bool, extra: bool = False, coop: bool = False) -> dict[str, CardDef]:
    """The cards of a game (id -> card): what views and bots look card ids up in
    (`extra`: the Space Bar and Dyslexia commons, the `space_dyslexia` option)."""
    return content().box(seats, attacks, extra, coop)


def view_box(view: Mapping[str, Any]) -> dict[str, CardDef]:
    """The cards of the game a view is of."""
    return box_of(view["seats"], view["attacks"], bool(view.get("space_dyslexia")),
                  bool(view.get("coop")))


@dataclass
class Effects:
    """What attacks left on a seat for its next turn (rules §8.3)."""
    minus: int = 0            # its next word scores this much less
    no_common: bool = False   # may not use the common
    no_claim: bool = False    # cannot claim the common
    discard: int = 0          # cards to discard from hand before spelling
    discard_wild: int = 0     # wilds to discard (if held)
    topdeck: int = 0          # cards to put from hand on top of the deck

    def owed(self) -> bool:
        return bool(self.discard or self.discard_wild or self.topdeck)

    def to_data(self) -> dict[str, Any]:
        return {"minus": self.minus, "no_common": self.no_common, "no_claim": self.no_claim,
                "discard": self.discard, "discard_wild": self.discard_wild, "topdeck": self.topdeck}


@dataclass
class PaperbackState:
    seats: int
    options: dict[str, Any]
    attacks: bool
    extra: bool = False                                          # option space_dyslexia
    decks: list[list[str]] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    piles: dict[str, list[str]] = field(default_factory=dict)    # market piles, top first
    front: dict[str, str | None] = field(default_factory=dict)   # the card before each pile
    fame: dict[str, list[str]] = field(default_factory=dict)     # Fame piles
    commons: list[str] = field(default_factory=list)             # left on the track, top first
    claimed: int = 0                                             # commons taken so far
    trash: list[str] = field(default_factory=list)               # every card out of the game
    trashed: list[int] = field(default_factory=list)             # own cards each seat trashed (shown
                                                                 # only; from the events, not hashed)
    boxed: list[str] = field(default_factory=list)               # commons left undealt
    powers: list[str] = field(default_factory=list)              # option powers: one a seat
    power_used: bool = False                                     # a turn power this turn
    last_word: str | None = None                                 # the last turn's word (plagiarism)
    award: str | None = None                                     # option awards: the one revealed
    clean_words: list[int] = field(default_factory=list)         # words with no wild, per seat
    cubes: list[int] = field(default_factory=list)               # cubes held (1¢ each), per seat
    discount: dict[str, int] = field(default_factory=dict)       # Offer card -> its discount cubes
    bounty: dict[str, Any] | None = None                         # {"seat", "hand", "suggestions"}
    theme: str | None = None                                     # option themes: the one revealed
    theme_holder: int | None = None
    theme_fit: list[str] = field(default_factory=list)           # words the table agreed fit
    theme_refused: list[str] = field(default_factory=list)
    theme_vote: dict[str, Any] | None = None                     # {"seat", "word", "votes"}
    coop_cubes: dict[str, int] = field(default_factory=dict)     # co-op: pyramid card -> cubes
    sim: dict[str, Any] | None = None                            # simultaneous play: the round
    play: list[str] = field(default_factory=list)                # the word on the table this turn
    laid: list[list[str]] = field(default_factory=list)          # that word as laid: [card id, its letters]
                                                                 # in order, the common by its id (shown
                                                                 # only; from the events, not hashed)
    turn: int = 0
    phase: str = "deal"
    turns: list[int] = field(default_factory=list)               # turns finished per seat
    cents: int = 0                                               # ¢ to spend this turn
    draws: int = 0                                               # extra cards for the next hand
    effects: list[Effects] = field(default_factory=list)
    pending: dict[str, Any] | None = None                        # {"seat", "word", "votes", "phase"}
    responding: dict[str, Any] | None = None                     # {"by", "named", "answered"}
    accepted: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    words: list[dict[str, Any]] = field(default_factory=list)    # {"seat", "word", "cents", "turn"}
    result: dict[str, Any] | None = None

    @property
    def cards(self) -> dict[str, CardDef]:
        return box_of(self.seats, self.attacks, self.extra, bool(self.options.get("coop")))

    @property
    def ended(self) -> bool:
        return self.phase == "over"

    @property
    def top_common(self) -> str | None:
        return self.commons[0] if self.commons else None

    @property
    def need(self) -> int | None:
        """Letters a word needs to claim the top common (None once all are claimed)."""
        track = content().length_track
        return track[self.claimed] if self.claimed < len(track) and self.commons else None

    def offer(self) -> list[str]:
        """Every face-up market card that may be bought (see `face_up`)."""
        return face_up(self.piles, self.front)

    def owned(self, seat: int) -> list[str]:
        """Every card `seat` owns: deck, hand, discard and (its turn) the word in play."""
        cards = self.decks[seat] + self.hands[seat] + self.discards[seat]
        if seat == self.turn and self.phase in ("buy", "vote", "spell", "respond", "bounty", "theme_vote",
                                                "resolve"):
            cards = cards + self.play
        return cards

    def to_data(self) -> dict[str, Any]:
        data = self._base_data()
        if self.extra or self.sim is not None:   # an option's parts only when it is on (old logs hash alike)
            data["boxed"] = self.boxed
        if self.sim is not None:
            data["sim"] = self.sim
        if self.attacks:
            data["responding"] = self.responding
        if self.powers:
            data.update(powers=self.powers, power_used=self.power_used, last_word=self.last_word)
        if self.award is not None:
            data.update(award=self.award, clean_words=self.clean_words)
        if self.options.get("discard_cube") or self.options.get("bounty"):
            data["cubes"] = self.cubes
        if self.options.get("bounty"):
            data["bounty"] = self.bounty
        if self.options.get("coop"):
            data["coop_cubes"] = dict(sorted(self.coop_cubes.items()))
        if self.theme is not None:
            data.update(theme=self.theme, theme_holder=self.theme_holder, theme_fit=self.theme_fit,
                        theme_refused=self.theme_refused, theme_vote=self.theme_vote)
        if self.options.get("offer_discount"):
            data["discount"] = dict(sorted(self.discount.items()))
        return data

    def _base_data(self) -> dict[str, Any]:
        return {
            "seats": self.seats, "options": self.options, "attacks": self.attacks,
            "decks": self.decks, "hands": self.hands, "discards": self.discards,
            "piles": self.piles, "front": self.front, "fame": self.fame,
            "commons": self.commons, "claimed": self.claimed, "trash": self.trash,
            "play": self.play, "turn": self.turn, "phase": self.phase, "turns": self.turns,
            "cents": self.cents, "draws": self.draws,
            "effects": [e.to_data() for e in self.effects],
            "pending": self.pending, "accepted": sorted(self.accepted),
            "refused": sorted(self.refused), "words": self.words, "result": self.result,
        }


def face_up(piles: Mapping[str, list[str]], front: Mapping[str, str | None]) -> list[str]:
    """The face-up market cards of these piles: the whole spread of a spread pile, the top
    and the front card of every other pile; in simultaneous play the Offer's cards."""
    out = []
    for pid, _, spread in content().piles:
        pile = piles.get(pid, [])
        if spread:
            out.extend(pile)
            continue
        f = front.get(pid)
        if f is not None:
            out.append(f)
        if pile:
            out.append(pile[0])
    out.extend(piles.get(SIM_OFFER, []))
    return out


def new_state(seats: int, options: Mapping[str, Any]) -> PaperbackState:
    """The state before set-up, with the options checked (ValueError when unusable).
    Options: declared in engine/paperback/spec.py and checked by the core (`attacks`: the
    basic game leaves the attack cards out; `space_dyslexia`: the Space Bar and Dyslexia
    commons join the deal), `start` (the first seat; random when absent)."""
    opts = dict(options)
    chosen = SPEC.option_values(opts)
    return PaperbackState(seats=seats, options=opts, attacks=chosen["attacks"],
                          extra=chosen["space_dyslexia"],
                          decks=[[] for _ in range(seats)], hands=[[] for _ in range(seats)],
                          discards=[[] for _ in range(seats)], turns=[0] * seats,
                          clean_words=[0] * seats, cubes=[0] * seats, trashed=[0] * seats,
                          effects=[Effects() for _ in range(seats)])
