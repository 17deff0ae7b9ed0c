"""What one seat (or the table) may see of a Word Porters game.

Public: the ten words, the hint cards and every colour's markers on them (in the order
placed), the markers each seat has left, who is done placing, who has voted, this
round's reveals so far, the scores and every finished round. A seat sees its own number
(and so its target word) and its own vote; never another seat's number or vote before
that seat's reveal. Once the game is over, every view shows everything.
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.core.events import plain
from engine.wordporters.board import legal_placements
from engine.wordporters.content import content
from engine.wordporters.scoring import track
from engine.wordporters.state import ROUNDS, WordPortersState

VARIANTS = ("classic", "children")


def event_view(ev: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The deal shows only `seat`'s own number; another seat's vote is shown without its
    numbers (they come out in that seat's reveal). Everything else is public."""
    etype = ev.get("type")
    if etype == "round_dealt":
        out = {k: v for k, v in ev.items() if k != "numbers"}
        if seat is not None and 0 <= seat < len(ev.get("numbers") or ()):
            out["number"] = ev["numbers"][seat]
        return out
    return dict(ev)


def view(state: WordPortersState, seat: int | None, to_act: Iterable[int] = ()) -> dict[str, Any]:
    c = content()
    n = state.seats
    me = seat if seat is not None and 0 <= seat < n else None
    over = state.ended
    dealt = bool(state.words)
    number = state.numbers[me] if me is not None and dealt else None
    acting = sorted(to_act)
    v: dict[str, Any] = {
        "game": "wordporters", "variant": VARIANTS[state.children], "children": state.children,
        "seats": n, "seat": me, "phase": state.phase, "round": state.round, "rounds": ROUNDS,
        "start": state.start, "turn": state.turn, "to_act": acting, "ended": over,
        "words": [c.word_id(w) for w in state.words],
        "hints": [{"card": c.hint_cards[h].id,
                   "words": [c.hint_words[i].id for i in c.hint_cards[h].words],
                   "row": 0 if i < (len(state.hints) + 1) // 2 else 1,
                   "markers": plain(state.board[i])}
                  for i, h in enumerate(state.hints)],
        "placements": plain(state.placements),
        "left": [list(x) for x in state.left],
        "done": list(state.done),
        "number": number,
        "target": c.word_id(state.words[number - 1]) if number else None,
        "voted": [state.votes[s] is not None for s in range(n)] if state.votes else [False] * n,
        "my_vote": (list(state.votes[me]) if me is not None and state.votes and state.votes[me] is not None
                    else None),
        "reveals": plain(state.reveals),
        "votes": ([list(x) if x is not None else None for x in state.votes]
                  if state.reveals and state.votes else None),
        "scores": list(state.scores),
        "track": [list(track(s)) for s in state.scores],
        "history": plain(state.history),
        "legal": ([list(p[:2]) for p in legal_placements(state.board, state.left[me], me)]
                  if me is not None and state.phase == "hints" and me in acting else []),
        "can_decline": bool(state.children and me is not None and state.phase == "hints" and me in acting),
        "result": plain(state.result) if over else None,
    }
    return v
