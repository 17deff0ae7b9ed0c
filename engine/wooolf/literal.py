"""The literal reader: how a new Wooolf!! player keeps track, scripted. It plays the scripted
stand-ins for a person in `engine.wooolf.arena` (the beginner and the careful player) and
the easy bot level (`engine.wooolf.bot`, hasty).

It peeks at random cards it has not looked at itself, believes its own peeks, reads every
announcement literally ("He's a wolf!": that seat has a wolf card; "?" says nothing), never
suspects the shepherd boy's forced "Wolf!" and ignores shuffles and answers. A seat's
identity, to it, is the highest-valued role it has seen or heard there. It plays a question
card (at random) only when its markers are gone, and never shuffles.

Habits (`Habits`):
- beginner (the stand-in for a new player): declares early once it has *seen* (its own
  peek) a card of every target role; in the final declaration it points at what it
  believes, guessing a seat it knows nothing of for the rest (0 when it believes
  something of every seat).
- careful (the stand-in for a careful player): it plays with the notebook's "certain"
  assistant on (the roles `engine.wooolf.suspicion` finds certain, and the roles nobody
  can hold, override its notes), knows the shepherd boy cries wolf (a "Wolf!" from anyone
  else tells it nothing), reads the YES/NO answers to identity questions (a seat whose
  answer rules a role out is not that role) and declares early only when every target's
  seat is seen or certain (or the target certainly absent: 0); in the final declaration it guesses like the beginner.
- hasty (the easy level): the beginner's reading, but it declares early at its first
  chance (its second turn) with whatever it has, guessing the rest, and declines the
  final declaration unless it believes a seat for every target.
Every choice depends only on the view and the seed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.wooolf.content import UNKNOWN, content
from engine.wooolf.state import NOBODY
from engine.wooolf.suspicion import suspect_view

ENOUGH_PEEKS = 4               # a beginner declares after this many peeks of its own anyway


@dataclass(frozen=True)
class Habits:
    doubts_wolf: bool = False        # a "Wolf!" from another player may be the shepherd boy's
    reads_answers: bool = False      # identity answers rule roles out
    early_needs_own: bool = False    # declares early only on its own peeks
    enough_peeks: int | None = ENOUGH_PEEKS   # declares early after this many peeks anyway
    final_guesses: bool = True       # the final declaration: points at guesses too
    hasty: bool = False              # declares early at the first chance
    early: bool = True               # declares early at all (else only when it must)
    hears: bool = True               # reads the others' announcements (else only its own peeks)
    certainties: bool = False        # reads the notebook's "certain" assistant (engine.wooolf.suspicion)


BEGINNER = Habits(early_needs_own=True, enough_peeks=None)
CAREFUL = Habits(doubts_wolf=True, reads_answers=True, early_needs_own=True, enough_peeks=None, certainties=True)
HASTY = Habits(hasty=True, final_guesses=False)


def view_rng(seed: int, view: dict, seat: int) -> Rng:
    key = [seed, seat, view.get("round"), view.get("phase"), len(view.get("markers", ())),
           len(view.get("asks", ())), len(view.get("shuffles", ())), view.get("early")]
    return Rng(int(state_hash(key), 16))


class Beliefs:
    """What the literal reader believes of each holder from one seat's view."""

    def __init__(self, view: dict, seat: int, habits: Habits) -> None:
        c = content()
        k = view["knowledge"]
        self.seat, self.holders = seat, view["holders"]
        self.seen: dict[int, set[str]] = {}
        self.heard: dict[int, set[str]] = {}
        self.ruled_out: dict[int, set[str]] = {}
        self.sure: dict[int, str] = {}
        self.absent: set[str] = set()
        if habits.certainties:
            sus = suspect_view(view)
            if sus.consistent:
                for h in range(self.holders):
                    role = sus.certain(h) if h != seat else None
                    if role is not None:
                        self.sure[h] = role
                self.absent = {r for r in c.roles if sus.p_absent(r) == 1}
        self.looked = {(h, pos) for h, pos, _, _ in k["peeks"]}
        self.own_peeks = len(k["peeks"])
        for h, _, _, card in k["peeks"]:
            self.seen.setdefault(h, set()).add(c.cards[card].role)
        for by, h, _, _, said, _ in k["markers"]:
            if by == seat or h == seat or said == UNKNOWN or not habits.hears \
                    or (habits.doubts_wolf and said == "wolf"):
                continue
            self.heard.setdefault(h, set()).add(said)
        if habits.reads_answers:
            for t, q, ans in k["asks"]:
                qq = c.question(q)
                if qq.asks == "identity":
                    out = set(qq.roles) if not ans else set(c.roles) - set(qq.roles)
                    self.ruled_out.setdefault(t, set()).update(out)

    def identity(self, h: int, own_only: bool = False) -> str | None:
        c = content()
        if h in self.sure:
            return self.sure[h]
        roles = set(self.seen.get(h, ())) | (set() if own_only else self.heard.get(h, set()))
        roles -= self.ruled_out.get(h, set())
        return max(roles, key=lambda r: c.roles[r].value) if roles else None

    def dial(self, targets: list[str], rng: Rng, own_only: bool = False) -> tuple[list[int], bool]:
        """Arrows for the targets and whether each has a believed seat (no guess)."""
        others = [h for h in range(self.holders) if h != self.seat]
        unknown = [h for h in others if self.identity(h) is None]
        arrows: list[int] = []
        complete = True
        for t in targets:
            cand = [h for h in others if h not in arrows and self.identity(h, own_only) == t]
            free = [u for u in unknown if u not in arrows]
            if cand:
                arrows.append(cand[rng.below(len(cand))])
                continue
            if t in self.absent:
                arrows.append(NOBODY)
                continue
            complete = False
            arrows.append(free[rng.below(len(free))] if free else NOBODY)
        return arrows, complete


def literal_choice(view: dict, seat: int, habits: Habits, seed: int) -> dict[str, Any]:
    """The literal reader's command for `seat` (see the module docstring)."""
    if seat not in view.get("to_act", ()):
        return {"type": "decline", "seat": seat}
    rng = view_rng(seed, view, seat)
    b = Beliefs(view, seat, habits)
    targets = list(view["targets"])
    if view["phase"] == "final":
        arrows, complete = b.dial(targets, rng)
        if complete or habits.final_guesses:
            return {"type": "declare", "seat": seat, "arrows": arrows}
        return {"type": "decline", "seat": seat}
    if view["must_declare"]:
        return {"type": "declare", "seat": seat, "arrows": b.dial(targets, rng)[0]}
    if view["can_declare_early"] and habits.early:
        arrows, complete = b.dial(targets, rng, own_only=habits.early_needs_own)
        if habits.hasty or complete or (habits.enough_peeks is not None
                                        and b.own_peeks >= habits.enough_peeks):
            return {"type": "declare", "seat": seat, "arrows": arrows}
    if view["markers_left"][seat] > 0:
        cards = [(h, pos) for h in range(view["holders"]) if h != seat for pos in (0, 1)
                 if (h, pos) not in b.looked]
        if cards:
            h, pos = cards[rng.below(len(cards))]
            return {"type": "peek", "seat": seat, "target": h, "pos": pos}
    if view["my_questions"]:
        others = [p for p in range(view["seats"]) if p != seat]
        qs = sorted(view["my_questions"])
        return {"type": "ask", "seat": seat, "target": others[rng.below(len(others))],
                "question": qs[rng.below(len(qs))]}
    if view["can_declare_early"]:
        return {"type": "declare", "seat": seat, "arrows": b.dial(targets, rng)[0]}
    h = next(h for h in range(view["holders"]) if h != seat)     # every card looked at: again
    return {"type": "peek", "seat": seat, "target": h, "pos": rng.below(2)}
