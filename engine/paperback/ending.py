"""The end of a Paperback game: each seat's Fame over every card it owns, the award and
the theme card's Fame, the tie-breaks (most commons, then fewer turns, else a shared win),
the co-operative table's win or loss, and each seat's best word for the results."""
from __future__ import annotations

from typing import Any

from engine.paperback import coop, flexible
from engine.paperback.awards import awards as award_deck, leaders as award_leaders
from engine.paperback.state import PaperbackState
from engine.paperback.themes import themes as theme_deck


def fame_of(state: PaperbackState, seat: int) -> int:
    cards = state.cards
    return sum(cards[cid].fame for cid in state.owned(seat))


def fame_parts(state: PaperbackState, seat: int) -> dict[str, int]:
    """Where a seat's Fame comes from: its starting wilds, the Fame cards it bought, the
    commons it claimed, and (when on) the award and the theme card."""
    cards = state.cards
    parts = {"wilds": 0, "fame": 0, "commons": 0}
    for cid in state.owned(seat):
        card = cards[cid]
        kind = "fame" if card.kind == "fame" else "commons" if card.kind == "common" else "wilds"
        parts[kind] += card.fame
    r = state.result or {}
    award, theme = r.get("award"), r.get("theme")
    if award is not None:
        parts["award"] = award["fame"] if seat in award["winners"] else 0
    if theme is not None:
        parts["theme"] = theme["fame"] if theme["holder"] == seat else 0
    return parts


def commons_of(state: PaperbackState, seat: int) -> int:
    cards = state.cards
    return sum(1 for cid in state.owned(seat) if cards[cid].kind == "common")


def final_result(state: PaperbackState) -> dict[str, Any]:
    """Fame over every card owned; ties to the most commons held, then to the fewer
    turns taken; anyone still tied shares the win."""
    n = state.seats
    scores = [fame_of(state, s) for s in range(n)]
    extra: dict[str, Any] = {}
    if state.award is not None:                 # the award's Fame to who leads it (all tied)
        fame = award_deck()[state.award][0]
        holders = award_leaders(state, state.award)
        for s in holders:
            scores[s] += fame
        extra["award"] = {"id": state.award, "winners": holders, "fame": fame}
    if state.theme is not None:                 # the theme card's Fame to its holder
        fame = theme_deck().fame
        if state.theme_holder is not None:
            scores[state.theme_holder] += fame
        extra["theme"] = {"id": state.theme, "holder": state.theme_holder, "fame": fame}
    commons = [commons_of(state, s) for s in range(n)]
    turns = list(state.turns)
    if flexible.on(state, "coop"):               # the table wins or loses together
        won = coop.over(state) == "won"
        return {"scores": scores, "winners": list(range(n)) if won else [],
                "tiebreak": "paperback.coop.won" if won else "paperback.coop.lost",
                "commons": commons, "turns": turns, "best_words": best_words(state),
                "coop": {"won": won, "cubes": dict(sorted(state.coop_cubes.items())),
                         "left": sum(len(p) for p in state.fame.values())}}
    best = max(scores)
    tied = [s for s in range(n) if scores[s] == best]
    tiebreak = None
    if len(tied) > 1:
        most = max(commons[s] for s in tied)
        if any(commons[s] != most for s in tied):
            tiebreak = "paperback.tiebreak.commons"
        tied = [s for s in tied if commons[s] == most]
    if len(tied) > 1:
        fewest = min(turns[s] for s in tied)
        if any(turns[s] != fewest for s in tied):
            tiebreak = tiebreak or "paperback.tiebreak.turns"
        tied = [s for s in tied if turns[s] == fewest]
    return {"scores": scores, "winners": tied, "tiebreak": tiebreak, "commons": commons,
            "turns": turns, "best_words": best_words(state), **extra}


def best_words(state: PaperbackState) -> list[dict[str, Any] | None]:
    best_words: list[dict[str, Any] | None] = []
    for s in range(state.seats):
        mine = [w for w in state.words if w["seat"] == s]
        top = max(mine, key=lambda w: (w["cents"], len(w["word"])), default=None)
        best_words.append(None if top is None else {"word": top["word"], "cents": top["cents"]})
    return best_words
