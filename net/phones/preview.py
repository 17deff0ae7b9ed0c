"""Paperback's word preview and hint for a phone seat (docs/phone-protocol.md).

A phone laying cards asks `preview` with the cards in order and the letters its wilds
(and two-way cards) stand for; the host answers, for the seat the connection's token
holds and for no other, the word's itemised ¢ from the engine's scorer on that seat's
view (engine/paperback/laying.py, as the TV's word panel) and the session's dry run of
the spell command: its refusal as a catalog key and parameters. Only the seat's own hand
cards, the top common and (with Plagiarism) the borrowed letter may be named: a preview
naming any other card is answered with a refusal and nothing else, so a phone cannot
probe a card it does not hold.

The TV's hint (net/phones/hints.py) asks `paperback_hint` for the finder's best words of
the seat's hand: the word a steady player would spell first, then the best ¢.

Both replies are functions of the seat's view (and, for the refusal, of the dry run on
the state, which the browser tests check against every scramble of what the seat may not
know): `preview_frame` (with `seat_check`) is what the tests compare each frame with.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.core.errors import RuleError
from engine.core.reading import StateReader
from engine.paperback.finder import COMMON
from engine.paperback.laying import card_of, laid_score
from engine.paperback.powers import PLAGIARISM
from engine.paperback.simultaneous import alone
from net.phones import wire

ASKS = ("preview",)
HINTS = 5                  # words in a hint (the TV's too)
GAMES = ("paperback",)     # the games that answer previews


def allowed_cards(view: dict[str, Any]) -> set[str]:
    """The card ids a seat may name in a preview: its hand, the top common, the borrowed
    letter when its power is Plagiarism."""
    out = set(view.get("hand") or []) | {COMMON}
    if (view.get("power") or {}).get("id") == "plagiarism":
        out.add(PLAGIARISM)
    return out


def seat_check(rules: Any, state: Any, events: list[Any], seat: int) -> Callable[[dict[str, Any]], RuleError | None]:
    """The dry run of `seat`'s command on `state` (the fold of `events`), reading nothing
    the seat may not know: in simultaneous play, as if no other seat had announced yet
    (their announcements are secret until the reveal)."""
    reader = StateReader()
    reader.rules, reader.events = rules, events
    reader.state = alone(state, seat) if getattr(state, "sim", None) is not None else state
    return reader.check


def spell_of(view: dict[str, Any], seat: int, cards: list[str], letters: dict[str, str]) -> dict[str, Any]:
    """The spell command a preview stands for (simultaneous play: a time of 0 ms, which the
    dry run needs and the rules never judge)."""
    cmd: dict[str, Any] = {"type": "spell", "seat": seat, "cards": list(cards), "letters": dict(letters)}
    if view.get("simultaneous") is not None:
        cmd["ms"] = 0
    return cmd


def slots_of(view: dict[str, Any], cards: list[str], letters: dict[str, str]) -> list[tuple[str, str | None]]:
    """The word as laid: each card and what it stands for (None: a wild without its letter)."""
    out: list[tuple[str, str | None]] = []
    for cid in cards:
        card = card_of(view, cid)
        if cid == COMMON:
            text = card.letters if card is not None else None
        elif card is not None and (card.wild or cid == PLAGIARISM):
            text = letters.get(cid, "").lower() or None
        else:
            text = letters.get(cid, card.letters if card is not None else "").lower()
        out.append((cid, text))
    return out


def preview_frame(view: dict[str, Any], check: Callable[[dict[str, Any]], RuleError | None], seat: int,
                  cards: list[str], letters: dict[str, str], seq: int) -> dict[str, Any]:
    """The reply to a preview: the cards and letters asked about, the itemised ¢ (None
    while a wild waits for its letter) and the dry run's refusal (None: the word would
    be taken), for the seat's view after the log's first `seq` events."""
    out: dict[str, Any] = {"k": "preview", "seq": seq, "cards": list(cards), "letters": dict(letters),
                           "score": None, "refusal": None}
    if any(cid not in allowed_cards(view) for cid in cards):
        out["refusal"] = {"code": "err.paperback.not_in_hand", "params": {}}
        return out
    s = laid_score(view, slots_of(view, cards, letters)) if cards else None
    if s is not None:
        out["score"] = {"cents": s.cents, "draws": s.draws, "letters": s.letters,
                        "items": [list(i) for i in s.items]}
    refusal = check(spell_of(view, seat, cards, letters)) if cards else None
    if refusal is not None:
        data = refusal.to_data()
        out["refusal"] = {"code": data["code"], "params": data["params"]}
    return out


def paperback_hint(view: dict[str, Any], seat: int) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The TV's hint for a Paperback seat (net/phones/hints.py): the spell command of its
    first word (the word a steady player would spell) and every word it lists, laid as
    cards (`words`: `[{word, cents, cards, texts}]`, best first)."""
    from engine.paperback.bot import hint_choices, spell_command
    found = hint_choices(dict(view), HINTS)
    words = [{"word": f.word, "cents": f.cents, "cards": list(f.cards), "texts": list(f.texts)} for f in found]
    return (spell_command(seat, found[0]) if found else None), {"words": words}


class Asks:
    """The previews phones ask of a table, answered at once on the main loop."""

    def __init__(self, host: Any, session: Any) -> None:
        self.host, self.session = host, session
        self.game = session.rules.game

    def take(self, seat: int, msg: dict[str, Any]) -> None:
        """One ask from the phone holding `seat` (the seat stamped by the host from the
        connection's token, never read from the message)."""
        if self.game not in GAMES:
            self.host.send(seat, wire.refused("phone.err.no_preview"))
            return
        s = self.session
        view, seq = s.view(seat), len(s.events)
        check = seat_check(s.rules, s.state, s.events, seat)
        self.host.send(seat, preview_frame(view, check, seat, msg["cards"], msg["letters"], seq))
