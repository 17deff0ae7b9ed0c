"""What one seat knows in a Wooolf!! round, as plain data.

`Knowledge` is the only input of the suspicion assistant (`engine.wooolf.suspicion`) and
its brute-force oracle. It holds nothing another seat could hide from this one: the
seat's own two cards, the cards its own peeks showed, and the public record (every
marker: who laid it on which card position of which holder in which shuffle epoch, and
the identity announced; every question asked and its answer; how often each holder's
cards were shuffled).

Epochs: a holder's cards keep their positions between shuffles. Epoch e of a holder is
the time after its e-th shuffle (the neutral seat is shuffled after every peek), so two
peeks at the same position in the same epoch saw the same card. A shuffle swaps with
even odds, so for anyone but the owner each epoch's order is a fresh coin.

The shape `Knowledge.from_view` takes (`view["knowledge"]`, see engine/wooolf/views.py):

    {"seats": 5, "holders": 5, "neutral": None, "seat": 0,
     "deck": ["B01", ..., "B10"],            # this round's role cards (public composition)
     "cards": ["B02", "B05"],                # own cards, position 0 then 1
     "epochs": [0, 1, 0, 0, 0],              # each holder's current epoch (optional)
     "peeks": [[2, 0, 0, "B03"]],            # own peeks: [holder, pos, epoch, card seen]
     "markers": [[1, 2, 0, 0, "hunter", None],   # [by, holder, pos, epoch, announced,
                 [3, 0, 1, 0, "wolf", "B05"]],   #  the card when the holder is this seat]
     "asks": [[1, "card_hound", false]]}     # [player asked, question id, answer]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.wooolf.content import content


@dataclass(frozen=True)
class Knowledge:
    seats: int
    holders: int
    neutral: int | None
    seat: int
    deck: tuple[str, ...]
    cards: tuple[str, str]
    peeks: tuple[tuple[int, int, int, str], ...] = ()
    markers: tuple[tuple[int, int, int, int, str, str | None], ...] = ()
    asks: tuple[tuple[int, str, bool], ...] = ()
    epochs: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        c = content()
        if not 0 <= self.seat < self.seats or self.holders < self.seats:
            raise ValueError("seat or holders out of range")
        if len(set(self.deck)) != len(self.deck) or any(x not in c.cards for x in self.deck):
            raise ValueError("the deck must hold distinct known cards")
        if len(self.cards) != 2 or any(x not in self.deck for x in self.cards):
            raise ValueError("own cards must be two cards of the deck")
        if not self.epochs:
            ep = [0] * self.holders
            for _, h, _, e, _, _ in self.markers:
                ep[h] = max(ep[h], e)
            for h, _, e, _ in self.peeks:
                ep[h] = max(ep[h], e)
            object.__setattr__(self, "epochs", tuple(ep))
        for h, pos, _, card in self.peeks:
            if not 0 <= h < self.holders or h == self.seat or pos not in (0, 1) or card not in self.deck:
                raise ValueError(f"bad peek {h, pos, card}")
        for by, h, pos, _, said, _ in self.markers:
            if not 0 <= by < self.seats or not 0 <= h < self.holders or pos not in (0, 1) \
                    or said not in c.publics:
                raise ValueError(f"bad marker {by, h, pos, said}")
        for t, q, _ in self.asks:
            if not 0 <= t < self.seats:
                raise ValueError(f"bad ask of {t}")
            c.question(q)

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> "Knowledge":
        """From `view["knowledge"]` (or a whole view that carries it)."""
        d = view.get("knowledge", view) if "knowledge" in view else view
        epochs = d.get("epochs")
        return cls(
            seats=int(d["seats"]), holders=int(d["holders"]),
            neutral=None if d.get("neutral") is None else int(d["neutral"]), seat=int(d["seat"]),
            deck=tuple(str(x) for x in d["deck"]), cards=tuple(str(x) for x in d["cards"]),  # type: ignore[arg-type]
            peeks=tuple((int(h), int(p), int(e), str(c)) for h, p, e, c in d.get("peeks") or ()),
            markers=tuple((int(b), int(h), int(p), int(e), str(a), None if x is None else str(x))
                          for b, h, p, e, a, x in d.get("markers") or ()),
            asks=tuple((int(t), str(q), bool(a)) for t, q, a in d.get("asks") or ()),
            epochs=tuple(int(e) for e in epochs) if epochs else ())

    def to_view(self) -> dict[str, Any]:
        return {"seats": self.seats, "holders": self.holders, "neutral": self.neutral, "seat": self.seat,
                "deck": list(self.deck), "cards": list(self.cards), "epochs": list(self.epochs),
                "peeks": [list(p) for p in self.peeks], "markers": [list(m) for m in self.markers],
                "asks": [list(a) for a in self.asks]}

    def seen(self) -> dict[int, list[str]]:
        """Holder -> the distinct cards this seat's peeks showed there."""
        out: dict[int, list[str]] = {}
        for h, _, _, card in self.peeks:
            lst = out.setdefault(h, [])
            if card not in lst:
                lst.append(card)
        return out
