"""Wooolf!! bots: they see only their seat's view (its `knowledge`) and use the suspicion
assistant (`engine.wooolf.suspicion`).

- They peek or ask where the assistant says they learn most about their targets: the
  mutual information between what the peek or answer would show and whether that seat
  holds their first target, their second, or neither (exact, from the assistant's tables).
- A shepherd boy's "Wolf!" is forced by the rules; a shepherd-boy bot (normal, hard) plays
  the misdirection on purpose, preferring peeks that lay its "Wolf!" on seats that are
  likely no wolf, to draw hunters' and hounds' wolf arrows (its bonus).
- They shuffle their own cards when others have looked at them since their last shuffle
  (hard always, normal half the time), so those markers say less.
- The dial: for each target the most likely seats (or 0), the best combination by the exact
  chance that the whole dial is right (easy: the product of the marginals). They declare
  early when that chance passes their level's bar, and make the final declaration when it
  passes a lower one (higher with an X already in front of them).

Levels (measured against scripted stand-ins for a person, `engine.wooolf.arena`, and
docs/bots.md): easy is no counting player at all: the literal reader of
`engine.wooolf.literal` (what the default notebook shows, taken at its word: it believes
every announcement, never suspects the shepherd boy) and hasty: it declares early at its
first chance on whatever it has. Normal reads every marker and answer through the
assistant but weighs a dial roughly (the product of each arrow's odds), peeks at random
among its four best choices, declares early only when nearly sure and never shuffles or
misdirects. Hard reads everything exactly (the whole dial's odds), weighs waiting against
declaring, shuffles when looked at and plays the shepherd boy's misdirection. "random"
is the core RandomBot over the rules' legal commands (for tests). A bot's choice depends only on its seed and its
view.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from engine.core.bots import LevelledBot
from engine.core.hashing import state_hash
from engine.core.rng import Rng
from engine.wooolf.content import UNKNOWN, content
from engine.wooolf.knowledge import Knowledge
from engine.wooolf.literal import HASTY, Habits, literal_choice
from engine.wooolf.state import NOBODY
from engine.wooolf.suspicion import Problem, Suspicion, problem, suspect

LEVELS = ("easy", "normal", "hard", "random")


@dataclass(frozen=True)
class Style:
    public: bool                 # reads the other players' markers
    early_conf: float            # declare early at this chance of a right dial
    final_conf: float            # make the final declaration at this chance
    final_conf_x: float          # ... with an X already in front of it
    idle_conf: float             # declare early at this chance when nothing is left to learn
    pick_among: int              # chooses at random among the best this many actions
    shuffle: float               # chance to shuffle when its cards were looked at
    misdirect: float             # shepherd boy: bits a likely non-wolf "Wolf!" is worth
    joint: bool                  # exact dial odds (else the product of marginals)
    candidates: int = 3          # seats tried per arrow
    literal: Habits | None = None   # plays as the literal reader (engine.wooolf.literal)


STYLES: dict[str, Style] = {
    # easy: the literal reader of engine.wooolf.literal, hasty (the other fields unused)
    "easy": Style(False, 0.45, 0.25, 0.35, 0.45, 3, 0.0, 0.0, False, 2, literal=HASTY),
    # normal: every marker and answer, but a rough dial (the product of each arrow's odds),
    # a peek at random among its four best, declares only when nearly sure; no shuffle, no tricks
    "normal": Style(True, 0.9, 0.6, 0.7, 0.9, 4, 0.0, 0.0, False, 2),
    "hard": Style(True, 0.7, 0.4, 0.55, 0.5, 1, 1.0, 0.3, True),
}


def entropy(counts: list[int]) -> float:
    total = sum(counts)
    if not total:
        return 0.0
    return -sum(c / total * math.log2(c / total) for c in counts if c)


def information(joint: dict[tuple[Any, str], int], classes: dict[str, int]) -> float:
    """Mutual information (bits) between an outcome and a seat's identity class, from
    weights keyed (outcome, identity)."""
    by_out: dict[Any, list[int]] = {}
    marg = [0] * (max(classes.values()) + 1)
    for (out, ident), n in joint.items():
        cls = classes.get(ident, 0)
        by_out.setdefault(out, [0] * len(marg))[cls] += n
        marg[cls] += n
    total = sum(marg)
    if not total:
        return 0.0
    after = sum(sum(v) / total * entropy(v) for v in by_out.values())
    return entropy(marg) - after


class WooolfBot(LevelledBot):
    """A Wooolf!! player for one seat. `level` is "easy", "normal", "hard" (or "random")."""
    LEVELS = LEVELS
    STYLES = STYLES
    LEGAL = "engine.wooolf.rules:_legal_commands"

    # ---- entry ----------------------------------------------------------------------
    def choose(self, view: dict, seat: int) -> dict:
        rng = self._rng(view, seat)
        if seat not in view.get("to_act", ()):
            return {"type": "decline", "seat": seat}          # nothing is legal; never raise
        if self.style.literal is not None:
            return literal_choice(view, seat, self.style.literal, self.seed)
        k = self.knowledge(view)
        s = suspect(k, absent=True)
        pb = problem(k)
        if view["phase"] == "final":
            arrows, conf = self.dial(k, s, pb)
            bar = self.style.final_conf_x if view["x_tokens"][seat] else self.style.final_conf
            if arrows is not None and conf >= bar:
                return {"type": "declare", "seat": seat, "arrows": arrows}
            return {"type": "decline", "seat": seat}
        if view["must_declare"]:
            arrows, _ = self.dial(k, s, pb)
            return {"type": "declare", "seat": seat, "arrows": arrows or self._fallback(view)}
        actions = self.actions(view, seat, k, s)
        best_gain = actions[0][0] if actions else 0.0
        if view["can_declare_early"]:
            arrows, conf = self.dial(k, s, pb)
            bar = self.style.early_conf if best_gain > 0.05 else min(self.style.early_conf, self.style.idle_conf)
            if arrows is not None and conf >= bar:
                return {"type": "declare", "seat": seat, "arrows": arrows}
        if view["can_shuffle"] and self.style.shuffle and self._exposed(view, seat) \
                and rng.random() < self.style.shuffle:
            return {"type": "shuffle", "seat": seat}
        if not actions:
            arrows, _ = self.dial(k, s, pb)
            return {"type": "declare", "seat": seat, "arrows": arrows or self._fallback(view)}
        top = actions[:self.style.pick_among]
        return top[rng.below(len(top))][1]

    # ---- what it knows ---------------------------------------------------------------
    def knowledge(self, view: dict) -> Knowledge:
        k = Knowledge.from_view(view["knowledge"])
        if not self.style.public:
            k = replace(k, markers=tuple(m for m in k.markers if m[0] == k.seat))
        return k

    def _rng(self, view: dict, seat: int) -> Rng:
        key = [self.seed, seat, view.get("round"), view.get("phase"), len(view.get("markers", ())),
               len(view.get("asks", ())), len(view.get("shuffles", ())), view.get("early"),
               view.get("can_shuffle")]
        return Rng(int(state_hash(key), 16))

    @staticmethod
    def _exposed(view: dict, seat: int) -> bool:
        """Someone peeked at its cards since its last shuffle."""
        epoch = view["epochs"][seat]
        return any(m["target"] == seat and m["epoch"] == epoch for m in view["markers"])

    @staticmethod
    def _fallback(view: dict) -> list[int]:
        return [NOBODY] * len(view["targets"])

    # ---- actions -----------------------------------------------------------------------
    def actions(self, view: dict, seat: int, k: Knowledge, s: Suspicion) -> list[tuple[float, dict]]:
        """(score, command) for every peek and ask, best first (ties: peeks, then seats in order)."""
        c = content()
        targets = view["targets"]
        classes = {r: (targets.index(r) + 1 if r in targets else 0) for r in c.roles}
        me_sb = view["identity"] == "shepherd"
        out: list[tuple[float, int, dict]] = []
        if view["markers_left"][seat] > 0:
            for h in range(view["holders"]):
                if h == seat:
                    continue
                for pos in (0, 1):
                    joint = s.peek_outcomes(h, pos)
                    gain = information(joint, classes)
                    if me_sb and self.style.misdirect:
                        total = sum(joint.values())
                        lie = sum(n for (kd, ident), n in joint.items() if kd[1] != UNKNOWN and ident != "wolf")
                        gain += self.style.misdirect * (lie / total if total else 0.0)
                    out.append((gain, len(out), {"type": "peek", "seat": seat, "target": h, "pos": pos}))
        for q in sorted(set(view["my_questions"])):
            for p in range(view["seats"]):
                if p == seat:
                    continue
                gain = information(s.ask_outcomes(p, q), classes)
                out.append((gain, len(out), {"type": "ask", "seat": seat, "target": p, "question": q}))
        out.sort(key=lambda x: (-round(x[0], 9), x[1]))
        return [(g, cmd) for g, _, cmd in out]

    # ---- the dial ----------------------------------------------------------------------
    def dial(self, k: Knowledge, s: Suspicion, pb: Problem | None) -> tuple[list[int] | None, float]:
        """The best arrows and the chance they are all right."""
        c = content()
        if not s.z or pb is None:
            return None, 0.0
        identity = c.identity(k.cards)
        targets = c.roles[identity].targets
        options = []
        for t in targets:
            cand = [(float(s.p(h, t)), h) for h in range(k.holders) if h != k.seat]
            if identity != t:
                cand.append((float(s.p_absent(t)), NOBODY))
            cand.sort(key=lambda x: (-x[0], x[1]))
            options.append(cand[:self.style.candidates])
        best: tuple[float, list[int]] | None = None
        for combo in product(*options):
            arrows = [h for _, h in combo]
            seats = [a for a in arrows if a != NOBODY]
            if len(seats) != len(set(seats)):
                continue
            if self.style.joint:
                conf = self._joint(pb, s.z, targets, arrows)
            else:
                conf = math.prod(p for p, _ in combo)
            if best is None or conf > best[0] + 1e-12:
                best = (conf, arrows)
        if best is None:
            return None, 0.0
        return best[1], best[0]

    @staticmethod
    def _joint(pb: Problem, z: int, targets: tuple[str, ...], arrows: list[int]) -> float:
        need = {a: t for t, a in zip(targets, arrows) if a != NOBODY}
        absent = {t for t, a in zip(targets, arrows) if a == NOBODY}
        if pb.my_identity in absent:
            return 0.0
        hit = pb.count(lambda h, ident: (ident == need[h] if h in need else True) and ident not in absent)
        return hit / z


def bot_command(view: dict, seat: int, level: str = "normal", seed: int = 0) -> dict[str, Any]:
    return WooolfBot(level, seed).choose(view, seat)
