"""What one seat (or the table) may see of a Hooky game. See docs/hooky-view.md.

A seat sees its own hand, every revealed card, its own peeks, every clue and answer, the
flipped playground cards and the counts; never another seat's face-down cards, a hooky
letter, an unflipped playground card, nor another seat's guesses or named hands before
the end. The table (seat None) sees only what everyone may see. Once the game is over,
every view shows everything.
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.core.events import plain
from engine.hooky.knowledge import HOOKY_SIZE
from engine.hooky.state import REVEAL_FROM, HookyState

# event types whose payload holds something secret, and the fields only the event's seat sees
# (a guess's letters and the named hands are the spec's private commands: the core drops them)
PRIVATE_FIELDS: dict[str, tuple[str, ...]] = {
    "card_peeked": ("letter",),
}


def redact_event(ev: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The event as `seat` may see it (None: the table): private fields of other seats'
    events are dropped; the deal shows only the seat's own hand. HookyRules.event_view;
    the core applies it to every listener, log panel and replay. The end of the game
    (`game_ended`, with every hand) is public: it is made only once the game is over."""
    etype = ev.get("type")
    if etype == "dealt":
        out = {k: v for k, v in ev.items() if k not in ("hands", "playground", "hooky")}
        if seat is not None and 0 <= seat < len(ev.get("hands") or ()):
            out["hand"] = list(ev["hands"][seat])
        return out
    hidden = PRIVATE_FIELDS.get(str(etype), ())
    if hidden and ev.get("seat") != seat:
        return {k: v for k, v in ev.items() if k not in hidden}
    return dict(ev)


def knowledge_dict(state: HookyState, seat: int) -> dict[str, Any]:
    """The seat's knowledge in the shape `Knowledge.from_view` takes."""
    clues = [{"seat": c["seat"], "word": c["word"], "answer": c["answer"]} for c in state.clues]
    clues += [{"seat": a["seat"], "word": a["word"], "answer": a["answer"]} for a in state.asks]
    return {
        "players": state.seats, "seat": seat, "hand": list(state.hands[seat]),
        "hand_sizes": [state.hand_size] * state.seats, "playground_size": state.playground_size,
        "hooky_size": HOOKY_SIZE, "flipped": list(state.playground[:state.flipped]),
        "revealed": [list(r) for r in state.revealed],
        "peeks": [[p["target"], p["letter"]] for p in state.peeks if p["seat"] == seat],
        "clues": clues,
    }


def view(state: HookyState, seat: int | None, to_act: Iterable[int] = ()) -> dict[str, Any]:
    n = state.seats
    over = state.ended
    me = seat if seat is not None and 0 <= seat < n else None
    turn = state.turn
    v: dict[str, Any] = {
        "game": "hooky", "variant": "classic", "seats": n, "seat": me,
        "phase": state.phase, "round": state.round, "start": state.start, "turn": turn,
        "to_act": sorted(to_act), "ended": over,
        "hand_size": state.hand_size, "hand_sizes": [state.hand_size] * n,
        "playground_size": state.playground_size, "hooky_size": HOOKY_SIZE,
        "flip_rounds": state.flip_rounds,
        "hand": list(state.hands[me]) if me is not None and state.hands else None,
        "revealed": [list(r) for r in state.revealed],
        "hidden_counts": [len(state.hidden(s)) if state.hands else 0 for s in range(n)],
        "flipped": list(state.playground[:state.flipped]),
        "clues": [dict(c) for c in state.clues],
        "asks": [dict(a) for a in state.asks],
        "asked_of": [state.asked_of(s) for s in range(n)],
        "reveals": [dict(r) for r in state.reveals],
        "peeks": [{"round": p["round"], "target": p["target"], "letter": p["letter"]}
                  for p in state.peeks if p["seat"] == me],
        "peek_counts": [sum(1 for p in state.peeks if p["seat"] == s) for s in range(n)],
        "revealed_now": state.revealed_now,
        "can_reveal": (me is not None and state.phase == "turn" and turn == me and me in to_act
                       and state.round >= REVEAL_FROM and not state.revealed_now
                       and len(state.revealed[me]) < state.hand_size
                       and any(state.hidden(s) for s in range(n) if s != me)),
        "guessed": [sorted(state.guesses[s]) for s in range(n)],
        "my_guesses": ({str(r): list(g) for r, g in sorted(state.guesses[me].items())}
                       if me is not None else {}),
        "has_named": [state.named[s] is not None for s in range(n)],
        "my_named": ([list(h) for h in state.named[me]] if me is not None and state.named[me] is not None
                     else None),
        "pending": ({"seat": state.pending["seat"], "word": state.pending["word"],
                     "votes": {str(s): a for s, a in sorted(state.pending["votes"].items())}}
                    if state.pending is not None else None),
        "accepted_words": sorted(state.accepted), "refused_words": sorted(state.refused),
        "options": {k: x for k, x in state.options.items() if k != "deal"},
        "knowledge": knowledge_dict(state, me) if me is not None and state.hands else None,
        "result": None,
    }
    if over and state.result is not None:
        v["result"] = {
            **{k: plain(state.result[k]) for k in ("scores", "breakdown", "winners", "tiebreak")},
            "hands": [list(h) for h in state.hands], "playground": list(state.playground),
            "hooky": list(state.hooky),
            "guesses": [{str(r): list(g) for r, g in sorted(d.items())} for d in state.guesses],
            "named": [plain(x) for x in state.named],
            "peeks": [dict(p) for p in state.peeks],
        }
    return v
