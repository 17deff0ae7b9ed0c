"""What one seat (or the table) may see of a Wooolf!! game, and of each event.

A seat sees its own two cards (in position order), its identity and targets, its own
question cards and its own dial, the cards its own peeks showed, and everything public:
every marker (who laid it, on which card position, the announced identity), every
question asked with its YES/NO, who shuffled, who declared early (never the dial), the
markers and question cards left, scores and X tokens, and every past round's reveal.
It never sees another holder's cards, what another player's peek showed, whether a
shuffle swapped, another player's question cards, or a dial before the reveal. The table
(seat None) sees only what everyone may see.
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.wooolf.content import content
from engine.wooolf.state import WooolfState

# event type -> fields only the event's own seat may see (None: nobody); a declaration's
# dial is the spec's private command field, which the core drops (CommandSpec.private)
PRIVATE_FIELDS: dict[str, tuple[str, ...]] = {
    "peeked": ("card",),
    "shuffled": ("swapped",),
}
SECRET_FIELDS: dict[str, tuple[str, ...]] = {"neutral_shuffled": ("swapped",)}


def event_view(ev: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The event as `seat` may learn it (None: the table): another player's peeked card,
    shuffle result and dial are dropped (a final declaration and a decline look alike),
    the neutral seat's shuffle result is dropped for everyone, the deal shows only the
    seat's own cards and question cards. The reveal event carries everything."""
    etype = ev.get("type")
    if etype == "round_dealt":
        out = {k: v for k, v in ev.items() if k not in ("cards", "questions")}
        if seat is not None and 0 <= seat < len(ev["questions"]):
            out["my_cards"] = list(ev["cards"][seat])
            out["my_questions"] = list(ev["questions"][seat])
        return out
    hidden = SECRET_FIELDS.get(str(etype), ())
    if not hidden and ev.get("seat") != seat:
        hidden = PRIVATE_FIELDS.get(str(etype), ())
    return {k: v for k, v in ev.items() if k not in hidden} if hidden else dict(ev)


def knowledge_dict(state: WooolfState, seat: int) -> dict[str, Any]:
    """The seat's knowledge this round, in the shape `suspicion.Knowledge.from_view` takes."""
    own = state.cards[seat]
    # the owner knows which of its own cards each peek at it saw
    at_me = {}
    for i, p in enumerate(state.peeks):
        if p["target"] == seat:
            at_me[i] = p["card"]
    return {
        "seats": state.seats, "holders": state.holders, "neutral": state.neutral, "seat": seat,
        "deck": content().deck(state.seats, bool(state.options.get("advanced", False))),
        "cards": list(own),
        "epochs": list(state.epoch),
        "peeks": [[p["target"], p["pos"], p["epoch"], p["card"]] for p in state.peeks if p["seat"] == seat],
        "markers": [[p["seat"], p["target"], p["pos"], p["epoch"], p["announced"], at_me.get(i)]
                    for i, p in enumerate(state.peeks)],
        "asks": [[a["target"], a["question"], a["answer"]] for a in state.asks],
    }


def view(state: WooolfState, seat: int | None, to_act: Iterable[int] = ()) -> dict[str, Any]:
    c = content()
    n = state.seats
    me = seat if seat is not None and 0 <= seat < n else None
    dealt = bool(state.cards)
    acting = sorted(to_act)
    identity = state.identity(me) if me is not None and dealt else None
    in_turns = state.phase == "turns" and me is not None and state.turn == me
    v: dict[str, Any] = {
        "game": "wooolf", "variant": "classic", "seats": n, "holders": state.holders,
        "neutral": state.neutral, "seat": me, "phase": state.phase, "round": state.round,
        "start": state.start, "turn": state.turn, "to_act": acting, "ended": state.ended,
        "advanced": bool(state.options.get("advanced", False)),
        "threshold": c.threshold[n],
        "my_cards": list(state.cards[me]) if me is not None and dealt else None,
        "identity": identity,
        "targets": list(c.roles[identity].targets) if identity else [],
        "my_questions": list(state.questions[me]) if me is not None and dealt else [],
        "question_counts": [len(q) for q in state.questions] if dealt else [0] * n,
        "markers_left": list(state.markers_left) if dealt else [0] * n,
        "turns_taken": list(state.turns_taken) if dealt else [0] * n,
        "epochs": list(state.epoch),
        "markers": [{"by": p["seat"], "target": p["target"], "pos": p["pos"], "epoch": p["epoch"],
                     "announced": p["announced"]} for p in state.peeks],
        "my_peeks": [{"target": p["target"], "pos": p["pos"], "epoch": p["epoch"], "card": p["card"]}
                     for p in state.peeks if p["seat"] == me],
        "asks": [dict(a) for a in state.asks],
        "shuffles": [{"seat": s["seat"], "epoch": s["epoch"]} for s in state.shuffles],
        "early": list(state.early),
        "declared": [s for s in range(n) if state.dials and state.dials[s] is not None],
        "my_dial": (dict(state.dials[me]) if me is not None and state.dials and state.dials[me] is not None
                    else None),
        "scores": list(state.scores), "x_tokens": [list(x) for x in state.x_tokens],
        "red": [state.red(s) for s in range(n)],
        "can_shuffle": bool(in_turns and not state.shuffled_now) or bool(
            me is not None and me in state.early and state.phase in ("turns", "final")),
        "must_declare": bool(in_turns and state.must_declare(me)),
        "can_declare_early": bool(in_turns and not state.red(me) and (
            state.must_declare(me) or state.turns_taken[me] >= c.early_from_turn - 1)),
        "rounds": [_plain(r) for r in state.rounds],
        "knowledge": knowledge_dict(state, me) if me is not None and dealt and not state.ended else None,
        "result": _plain(state.result) if state.ended else None,
    }
    return v


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(y) for k, y in x.items()}
    if isinstance(x, list):
        return [_plain(y) for y in x]
    return x
