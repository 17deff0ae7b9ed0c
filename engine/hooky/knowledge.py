"""What one seat knows in Hooky, as plain data, and the counting rule.

`Knowledge` is the only input of the deduction engine (`engine.hooky.deduction`). It
holds nothing another seat could hide from this one: the seat's own hand, the public
facts (hand sizes, flipped playground cards, revealed cards, every question and answer)
and the seat's own private peeks.

The shape `Knowledge.from_view` expects (letters are lowercase 'a'..'z'; any mapping
keyed by seat may use int or str keys, since msgpack round trips may turn them into str):

    {
      "players": 4,                       # seat count
      "seat": 0,                          # whose knowledge this is
      "hand": ["b", "d", "h", "r", "y"],  # this seat's own letters (revealed ones included)
      "hand_sizes": [5, 5, 5, 5],         # cards per seat (optional: the set-up table)
      "playground_size": 3,               # all playground cards, flipped or not (optional)
      "hooky_size": 3,                    # optional, 3
      "flipped": ["q"],                   # playground cards turned face up so far
      "revealed": {"1": ["a"], "2": []},  # seat -> its face-up letters (or a list by seat)
      "peeks": [[1, "e"]],                # this seat's own peeks: [seat looked at, letter seen]
      "clues": [                          # starting clues and every answered question, in order
        {"seat": 1, "word": "award", "answer": 2},   # or [1, "award", 2]
      ],
    }

A starting clue is written as a clue on the seat that named it: its own word counted
against its own hand. Questions asked of this seat and its own starting clue may be
included; they must agree with `hand` (else the knowledge is inconsistent).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
HOOKY_SIZE = 3
# players -> (cards per hand, playground cards)
SETUP: dict[int, tuple[int, int]] = {3: (7, 2), 4: (5, 3), 5: (4, 3)}


def count_answer(word: str, letters: Iterable[str]) -> int:
    """The answer to `word` against a hand: how many of the word's letter positions hold a
    letter of the hand (a letter twice in the word counts twice). Case-insensitive."""
    hand = {c.lower() for c in letters}
    return sum(1 for c in word.lower() if c in hand)


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge. Tuples throughout so it hashes and never changes under the
    engine. `alphabet`, `hand_sizes`, `playground_size` and `hooky_size` may differ from
    the real game (tests use small alphabets); they must add up:
    sum(hand_sizes) + playground_size + hooky_size == len(alphabet)."""
    players: int
    seat: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    playground_size: int
    flipped: tuple[str, ...] = ()
    revealed: tuple[tuple[str, ...], ...] = ()       # per seat; () means nothing revealed
    peeks: tuple[tuple[int, str], ...] = ()          # (seat looked at, letter seen)
    clues: tuple[tuple[int, str, int], ...] = ()     # (seat asked, word, answer)
    hooky_size: int = HOOKY_SIZE
    alphabet: str = ALPHABET

    def __post_init__(self) -> None:
        n = self.players
        if not 0 <= self.seat < n:
            raise ValueError(f"seat {self.seat} out of range for {n} players")
        if len(self.hand_sizes) != n:
            raise ValueError("hand_sizes needs one entry per seat")
        if len(set(self.alphabet)) != len(self.alphabet):
            raise ValueError("alphabet letters must be distinct")
        total = sum(self.hand_sizes) + self.playground_size + self.hooky_size
        if total != len(self.alphabet):
            raise ValueError(f"cards ({total}) do not match the alphabet ({len(self.alphabet)})")
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        if not self.revealed:
            object.__setattr__(self, "revealed", tuple(() for _ in range(n)))
        if len(self.revealed) != n:
            raise ValueError("revealed needs one entry per seat")
        if len(self.hand) != self.hand_sizes[self.seat]:
            raise ValueError("own hand does not match its hand size")
        if len(self.flipped) > self.playground_size:
            raise ValueError("more flipped cards than playground cards")
        letters = set(self.alphabet)
        used = list(self.hand) + list(self.flipped) + [c for r in self.revealed for c in r] \
            + [c for _, c in self.peeks] + [c for _, w, _ in self.clues for c in w]
        bad = [c for c in used if c not in letters]
        if bad:
            raise ValueError(f"letters outside the alphabet: {sorted(set(bad))}")
        for s, _, _ in list(self.clues) + [(s, "", 0) for s, _ in self.peeks]:
            if not 0 <= s < n:
                raise ValueError(f"seat {s} out of range")

    # ---- construction ------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seat: int, hand: Iterable[str], **kw: Any) -> "Knowledge":
        """A seat's knowledge with the real game's set-up filled in (26 letters)."""
        per_hand, ground = SETUP[players]
        kw.setdefault("hand_sizes", (per_hand,) * players)
        kw.setdefault("playground_size", ground)
        return cls(players=players, seat=seat, hand=tuple(c.lower() for c in hand),
                   **_normalise(kw, players))

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> "Knowledge":
        """Build from the plain-dict shape documented at the top of this module."""
        players = int(view["players"])
        seat = int(view["seat"])
        kw: dict[str, Any] = {k: view[k] for k in ("flipped", "revealed", "peeks", "clues",
                                                     "hooky_size", "hand_sizes", "playground_size")
                              if view.get(k) is not None}
        if "hand_sizes" not in kw or "playground_size" not in kw:
            per_hand, ground = SETUP[players]
            kw.setdefault("hand_sizes", (per_hand,) * players)
            kw.setdefault("playground_size", ground)
        if "alphabet" in view:
            kw["alphabet"] = str(view["alphabet"])
        return cls(players=players, seat=seat, hand=tuple(str(c).lower() for c in view["hand"]),
                   **_normalise(kw, players))

    def to_view(self) -> dict[str, Any]:
        """The plain-dict form (`from_view(k.to_view()) == k`)."""
        return {"players": self.players, "seat": self.seat, "hand": list(self.hand),
                "hand_sizes": list(self.hand_sizes), "playground_size": self.playground_size,
                "hooky_size": self.hooky_size, "flipped": list(self.flipped),
                "revealed": [list(r) for r in self.revealed],
                "peeks": [[s, c] for s, c in self.peeks],
                "clues": [{"seat": s, "word": w, "answer": a} for s, w, a in self.clues],
                "alphabet": self.alphabet}

    def with_clue(self, seat: int, word: str, answer: int) -> "Knowledge":
        """This knowledge plus one more answered question."""
        return replace(self, clues=self.clues + ((seat, word.lower(), int(answer)),))


def _normalise(kw: dict[str, Any], players: int) -> dict[str, Any]:
    """Plain lists and dicts (as a view or msgpack gives them) into the tuples Knowledge holds."""
    out = dict(kw)
    if "hand_sizes" in out:
        out["hand_sizes"] = tuple(int(x) for x in out["hand_sizes"])
    if "playground_size" in out:
        out["playground_size"] = int(out["playground_size"])
    if "hooky_size" in out:
        out["hooky_size"] = int(out["hooky_size"])
    if "flipped" in out:
        out["flipped"] = tuple(str(c).lower() for c in out["flipped"])
    if "revealed" in out:
        rev = out["revealed"]
        per: list[tuple[str, ...]] = [() for _ in range(players)]
        items = rev.items() if isinstance(rev, Mapping) else enumerate(rev)
        for s, letters in items:
            per[int(s)] = tuple(str(c).lower() for c in letters)
        out["revealed"] = tuple(per)
    if "peeks" in out:
        out["peeks"] = tuple((int(s), str(c).lower()) for s, c in out["peeks"])
    if "clues" in out:
        clues = []
        for c in out["clues"]:
            if isinstance(c, Mapping):
                clues.append((int(c["seat"]), str(c["word"]).lower(), int(c["answer"])))
            else:
                s, w, a = c
                clues.append((int(s), str(w).lower(), int(a)))
        out["clues"] = tuple(clues)
    return out
