"""What one seat (or the table) may see of a Paperback game.

A seat sees its own hand and what its deck holds (never the deck's order: nobody knows
that, the owner included), every discard pile (they lie face up), the word on the
table, the face-up Offer (each pile's top and front card, the whole 2¢ spread) and how
many cards lie under it, the Fame piles, the commons on the track, everyone's Fame and
counts. Never another seat's hand, any deck's order, nor the market piles below their
face-up cards. Once the game is over, every hand is shown.
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.paperback import flexible
from engine.paperback.content import content
from engine.paperback.ending import fame_parts
from engine.paperback.plugins import PLUGINS, plugins_on
from engine.paperback.state import PaperbackState


def visible_piles(piles: dict[str, list[str]]) -> dict[str, list[str]]:
    """What the set-up shows of the market piles: the whole spread of a spread pile, the
    first two cards (the front card and the pile's top) of the others."""
    out = {}
    for pid, _, spread in content().piles:
        pile = list(piles.get(pid, []))
        out[pid] = pile if spread else pile[:2]
    return out


def redact_event(ev: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The event as `seat` may learn it (None: the table)."""
    etype = ev.get("type")
    if etype == "set_up":
        size = int(ev["hand_size"])
        out = {k: v for k, v in ev.items() if k not in ("decks", "piles")}
        out["offer"] = visible_piles(ev["piles"])
        out["pile_counts"] = {pid: len(p) for pid, p in ev["piles"].items()}
        out["deck_counts"] = [len(d) for d in ev["decks"]]
        out["hand"] = list(ev["decks"][seat][:size]) if seat is not None else None
        return _options_view(ev, seat, out)
    if etype == "turn_ended":
        out = {k: v for k, v in ev.items() if k not in ("drawn", "new_deck")}
        out["drawn_count"] = len(ev["drawn"])
        out["reshuffled"] = ev["new_deck"] is not None
        out["drawn"] = list(ev["drawn"]) if seat == ev.get("seat") else None
        return out
    if etype == "answered" and seat != ev.get("seat"):
        out = {k: v for k, v in ev.items() if k != "topdeck"}
        out["topdeck_count"] = len(ev["topdeck"])
        return out
    return _options_view(ev, seat, dict(ev))


def _options_view(ev: dict[str, Any], seat: int | None, out: dict[str, Any]) -> dict[str, Any]:
    """`out` (what the base game shows of `ev`) as the options change it."""
    for p in PLUGINS:
        got = p.event_view(ev, seat, out)
        if got is not None:
            out = got
    return out


def view(state: PaperbackState, seat: int | None, to_act: Iterable[int] = ()) -> dict[str, Any]:
    c = content()
    cards = state.cards
    n = state.seats
    to_act = frozenset(to_act)
    me = seat if seat is not None and 0 <= seat < n else None
    over = state.ended
    dealt = state.phase != "deal"
    offer = []
    for pid, costs, spread in c.piles:
        pile = state.piles.get(pid, [])
        if spread:
            offer.append({"pile": pid, "costs": list(costs), "spread": sorted(pile), "top": None,
                          "front": None, "under": 0})
        else:
            offer.append({"pile": pid, "costs": list(costs), "spread": None,
                          "front": state.front.get(pid), "top": pile[0] if pile else None,
                          "under": max(0, len(pile) - 1)})
    fame_piles = [{"id": pid, "cost": cost, "fame": fame, "count": len(state.fame.get(pid, []))}
                  for pid, cost, fame in c.fame]
    for_sale = [{"id": cid, "cost": flexible.price(state, cid)} for cid in state.offer()]
    for_sale += [{"id": f["id"], "cost": f["cost"]} for f in fame_piles if f["count"]]
    owned = [state.owned(s) if dealt else [] for s in range(n)]
    eff = state.effects[me] if me is not None else None
    v: dict[str, Any] = {
        "game": "paperback", "variant": "classic", "seats": n, "seat": me,
        "attacks": state.attacks, "space_dyslexia": state.extra, "phase": state.phase, "turn": state.turn if dealt else None,
        "to_act": sorted(to_act), "ended": over,
        "hand": list(state.hands[me]) if me is not None else None,
        "deck_cards": sorted(state.decks[me]) if me is not None else None,
        "hand_counts": [len(h) for h in state.hands],
        "deck_counts": [len(d) for d in state.decks],
        "discards": [list(d) for d in state.discards],
        "play": list(state.play), "laid": [list(x) for x in state.laid], "cents": state.cents, "draws": state.draws,
        "offer": offer, "for_sale": for_sale, "fame_piles": fame_piles,
        "common": state.top_common, "need": state.need, "commons": list(state.commons),
        "claimed": state.claimed, "track": list(c.length_track),
        "fame": [sum(cards[x].fame for x in owned[s]) for s in range(n)],
        "commons_held": [sum(1 for x in owned[s] if cards[x].kind == "common") for s in range(n)],
        "owned_counts": [len(o) for o in owned],
        "empty_fame_piles": sum(1 for f in fame_piles if not f["count"]),
        "end_empty_piles": c.end_empty_piles,
        "turns": list(state.turns),
        "effects": eff.to_data() if eff is not None else None,
        "owed": bool(eff is not None and eff.owed() and me in to_act and state.phase == "respond"),
        "responding": (None if state.responding is None else
                       {k: list(v) if isinstance(v, list) else v for k, v in state.responding.items()}),
        "trashed": list(state.trashed),       # own cards each seat trashed (not the Offer's leavings)
        "pending": ({"seat": state.pending["seat"], "word": state.pending["word"],
                     "votes": {str(s): a for s, a in sorted(state.pending["votes"].items())}}
                    if state.pending is not None else None),
        "accepted_words": sorted(state.accepted), "refused_words": sorted(state.refused),
        "words": [dict(w) for w in state.words],
        "result": None,
    }
    v["coop"] = None
    for p in plugins_on(state):                # each option's part (engine/paperback/option.py)
        p.view(state, me, to_act, v)
    if over and state.result is not None:
        v["result"] = {**{k: state.result[k] for k in state.result},
                       "hands": [list(h) for h in state.hands],
                       "fame_parts": [fame_parts(state, s) for s in range(n)]}
    return v
