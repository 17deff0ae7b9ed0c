"""WooolfRules: the Rules implementation of Wooolf!! for the event-sourced engine.

Commands (each with "type" and "seat"):
  peek {target, pos}           look at card `pos` (0 or 1) of another holder; the table hears
                               its public identity ("Wolf!" from a shepherd boy), a marker is laid
  ask {target, question}       play a question card at another player, who answers truthfully
  shuffle {}                   shuffle your two cards (only you learn whether they swapped), not
                               an action: on your turn, before acting, once a turn; once you
                               declared early, whenever you like until the reveal, any number
                               of times (the rule sheet: a declared player may still swap)
  declare {arrows}             set the dial: one arrow per target, a holder or -1 (0: nobody).
                               In the turns: an early declaration; in the final: the final one
  decline {}                   the final declaration's X: no declaration
Events: round_dealt, peeked, neutral_shuffled, asked, shuffled, declared, round_revealed,
game_ended.
"""
from __future__ import annotations

from itertools import product
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.phased import PhasedRules
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.spec import GameSpec
from engine.core.turns import closes, each_once, first_seat, in_turn, next_seat
from engine.wooolf.content import UNKNOWN, content
from engine.wooolf.scoring import reveal, winners
from engine.wooolf.state import NOBODY, WooolfState, new_state
from engine.wooolf.views import event_view, view
from engine.wooolf.spec import SPEC

PHASE_OF: dict[str, tuple[str, ...]] = {
    "peek": ("turns",), "ask": ("turns",), "shuffle": ("turns", "final"),
    "declare": ("turns", "final"), "decline": ("final",),
}


def announcement(public: str, peeker_identity: str) -> str:
    """What a peeker must announce: "I don't know" for "?", "Wolf!" from a shepherd boy for
    anything else, otherwise the card's public identity."""
    if public == UNKNOWN:
        return UNKNOWN
    return "wolf" if peeker_identity == "shepherd" else public


class WooolfRules(PhasedRules[WooolfState]):
    spec: ClassVar[GameSpec] = SPEC
    game: ClassVar[str] = "wooolf"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = SPEC.seats
    PHASE_OF = PHASE_OF

    # ---- the contract ---------------------------------------------------------------
    def initial(self, seats: int, options: Mapping[str, object]) -> WooolfState:
        return new_state(seats, options)

    def setup(self, state: WooolfState, rng: Rng) -> list[Event]:
        return [self._deal(state, 1, first_seat(state.options, state.seats, rng), rng)]

    def to_act(self, state: WooolfState) -> frozenset[int]:
        """The turns go one player after another; the final declarations are every player
        who did not declare early, once, in secret."""
        if state.phase == "turns":
            return in_turn(state.turn)
        if state.phase == "final":
            return each_once(self._finalists(state), self._final_done(state))
        return frozenset()

    def progress(self, state: WooolfState) -> tuple[str, int | None]:
        return state.phase, state.round

    def next_deadline(self, state: WooolfState) -> int | None:
        return None

    def view(self, state: WooolfState, seat: int | None) -> dict:
        return view(state, seat, self.to_act(state))

    def event_view(self, ev: Event, seat: int | None) -> Event:
        return event_view(ev, seat)

    def outcome(self, state: WooolfState) -> Outcome | None:
        if not state.ended or state.result is None:
            return None
        r = state.result
        right = [sum(1 for rd in state.rounds for ln in rd["lines"] if ln["seat"] == s and ln["right"])
                 for s in range(state.seats)]
        return Outcome(list(r["scores"]), list(r["winners"]), r["tiebreak"],
                       {"x_tokens": [len(x) for x in state.x_tokens], "rounds": len(state.rounds),
                        "right": right})

    def to_data(self, state: WooolfState) -> Any:
        return state.to_data()

    def legacy_data(self, state: WooolfState, events: Sequence[Event], rules_version: int) -> Any:
        raise ValueError(f"wooolf has no rules version {rules_version}")

    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]:
        return _legal_commands(view, seat)

    # ---- helpers --------------------------------------------------------------------
    @staticmethod
    def _finalists(state: WooolfState) -> list[int]:
        return [s for s in range(state.seats) if s not in state.early]

    @staticmethod
    def _final_done(state: WooolfState) -> list[int]:
        return [s for s in range(state.seats) if s not in state.early and state.dials[s] is not None]

    def _deal(self, state: WooolfState, rnd: int, start: int, rng: Rng) -> Event:
        c = content()
        deals = state.options.get("deals") or []
        if len(deals) >= rnd:
            order = list(deals[rnd - 1])
        else:
            order = c.deck(state.seats, bool(state.options.get("advanced", False)))
            rng.shuffle(order)
        qdeals = state.options.get("question_deals") or []
        if len(qdeals) >= rnd:
            qorder = list(qdeals[rnd - 1])
        else:
            qorder = c.question_deck()
            rng.shuffle(qorder)
        k = c.question_cards
        return event("round_dealt", None, round=rnd, start=start,
                     cards=[order[2 * h:2 * h + 2] for h in range(state.holders)],
                     questions=[qorder[k * s:k * s + k] for s in range(state.seats)])

    @staticmethod
    def _target(state: WooolfState, seat: int, raw: Any, holders: int) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < holders:
            raise RuleError("err.seat", seat=str(raw))
        return raw

    # ---- decide, one per command ----------------------------------------------------
    def _not_now(self, state: WooolfState, kind: str) -> RuleError:
        if kind == "decline":
            return RuleError("err.wooolf.decline_early")
        return super()._not_now(state, kind)

    def _not_acting(self, state: WooolfState, kind: str, seat: int) -> RuleError:
        if state.dials[seat] is not None:
            return RuleError("err.wooolf.declared")
        return RuleError("err.not_your_turn")

    def _decide_peek(self, state: WooolfState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        target = self._target(state, seat, cmd.get("target"), state.holders)
        if target == seat:
            raise RuleError("err.wooolf.peek_self")
        pos = cmd.get("pos")
        if pos not in (0, 1) or isinstance(pos, bool):
            raise RuleError("err.wooolf.card_position")
        if state.markers_left[seat] == 0:
            raise RuleError("err.wooolf.must_declare" if state.must_declare(seat) else "err.wooolf.no_markers")
        card = state.cards[target][pos]
        said = announcement(content().cards[card].public, state.identity(seat))
        out = [event("peeked", seat, target=target, pos=pos, epoch=state.epoch[target], card=card,
                     announced=said)]
        if target == state.neutral:
            out.append(event("neutral_shuffled", None, target=target, swapped=rng.below(2) == 1))
        return out

    def _decide_ask(self, state: WooolfState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        target = self._target(state, seat, cmd.get("target"), state.holders)
        if target == seat:
            raise RuleError("err.wooolf.ask_self")
        if target == state.neutral:
            raise RuleError("err.wooolf.ask_neutral")
        qid = cmd.get("question")
        if qid not in state.questions[seat]:
            raise RuleError("err.wooolf.must_declare" if state.must_declare(seat) else "err.wooolf.no_question")
        c = content()
        pair = state.cards[target]
        answer = c.question(qid).answer(c.identity(pair), tuple(c.cards[x].role for x in pair))
        return [event("asked", seat, target=target, question=qid, answer=answer)]

    def _check_turn(self, state: WooolfState, kind: str, seat: int) -> None:
        """An early declarer's shuffle is taken whenever it comes (not only on a turn)."""
        if kind == "shuffle" and seat in state.early:
            return
        super()._check_turn(state, kind, seat)

    def _decide_shuffle(self, state: WooolfState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        if seat not in state.early:
            if state.phase != "turns":
                raise self._not_now(state, "shuffle")
            if state.shuffled_now:
                raise RuleError("err.wooolf.shuffled")
        return [event("shuffled", seat, swapped=rng.below(2) == 1)]

    def _decide_declare(self, state: WooolfState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        c = content()
        early = state.phase == "turns"
        if early:
            if state.red(seat):
                raise RuleError("err.wooolf.red_x")
            if not state.must_declare(seat) and state.turns_taken[seat] < c.early_from_turn - 1:
                raise RuleError("err.wooolf.early_first_turn")
        targets = c.roles[state.identity(seat)].targets
        arrows = cmd.get("arrows")
        if not isinstance(arrows, list) or len(arrows) != len(targets):
            raise RuleError("err.wooolf.arrows", count=len(targets))
        for a in arrows:
            if isinstance(a, bool) or not isinstance(a, int) or not NOBODY <= a < state.holders:
                raise RuleError("err.wooolf.arrow_seat", seat=str(a))
            if a == seat:
                raise RuleError("err.wooolf.arrow_self")
        out = [event("declared", seat, early=early, arrows=[int(a) for a in arrows])]
        if not early:
            out += self._close_round(state, seat, {"early": False, "arrows": list(arrows)}, rng)
        return out

    def _decide_decline(self, state: WooolfState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        out = [event("declared", seat, early=False, arrows=None)]
        return out + self._close_round(state, seat, {"early": False, "arrows": None}, rng)

    def _close_round(self, state: WooolfState, seat: int, dial: dict[str, Any], rng: Rng) -> list[Event]:
        """After the last final declaration: the reveal, then the next deal or the end."""
        if not closes(self._finalists(state), self._final_done(state), seat):
            return []
        c = content()
        dials = [dial if s == seat else state.dials[s] for s in range(state.seats)]
        r = reveal(state.cards, dials, state.x_tokens)
        scores = [state.scores[s] + r["points"][s] for s in range(state.seats)]
        out = [event("round_revealed", None, round=state.round, cards=[list(p) for p in state.cards],
                     dials=dials, lines=r["lines"], points=r["points"], scores=scores,
                     x_tokens=r["x_tokens"], holders=r["holders"])]
        x_counts = [len(x) for x in r["x_tokens"]]
        if state.round >= c.rounds or max(x_counts) >= c.x_to_end:
            won, tiebreak = winners(scores, x_counts)
            out.append(event("game_ended", None, scores=scores, winners=won, tiebreak=tiebreak))
        else:
            last = state.early[-1] if state.early else state.start
            out.append(self._deal(state, state.round + 1, next_seat(last, state.seats), rng))
        return out

    # ---- apply, one per event -------------------------------------------------------
    def _advance(self, state: WooolfState, seat: int) -> None:
        """After `seat`'s action: the final declarations when enough players declared early
        (or nobody can act any more), else the next able player clockwise."""
        state.shuffled_now = False
        if len(state.early) >= content().threshold[state.seats]:
            state.phase, state.turn = "final", None
            return
        for step in range(1, state.seats + 1):
            s = next_seat(seat, state.seats, step)
            if state.able(s):
                state.turn = s
                return
        state.phase, state.turn = "final", None

    def _on_round_dealt(self, state: WooolfState, ev: Event) -> None:
        c = content()
        n = state.seats
        state.round, state.start, state.phase = int(ev["round"]), int(ev["start"]), "turns"
        state.cards = [list(p) for p in ev["cards"]]
        state.questions = [list(q) for q in ev["questions"]]
        state.epoch = [0] * state.holders
        state.markers_left = [c.markers] * n
        state.turns_taken = [0] * n
        state.shuffled_now = False
        state.peeks, state.asks, state.shuffles, state.early = [], [], [], []
        state.dials = [None] * n
        state.turn = None
        # the start player, or the first able one after (a red X with nothing left waits)
        self._advance(state, (state.start - 1) % n)

    def _on_peeked(self, state: WooolfState, ev: Event) -> None:
        s = ev["seat"]
        state.peeks.append({"seat": s, "target": ev["target"], "pos": ev["pos"], "epoch": ev["epoch"],
                            "card": ev["card"], "announced": ev["announced"]})
        state.markers_left[s] -= 1
        state.turns_taken[s] += 1
        self._advance(state, s)

    @staticmethod
    def _on_neutral_shuffled(state: WooolfState, ev: Event) -> None:
        t = ev["target"]
        if ev["swapped"]:
            state.cards[t].reverse()
        state.epoch[t] += 1

    def _on_asked(self, state: WooolfState, ev: Event) -> None:
        s = ev["seat"]
        state.asks.append({"seat": s, "target": ev["target"], "question": ev["question"],
                           "answer": bool(ev["answer"])})
        state.questions[s].remove(ev["question"])
        state.turns_taken[s] += 1
        self._advance(state, s)

    @staticmethod
    def _on_shuffled(state: WooolfState, ev: Event) -> None:
        s = ev["seat"]
        state.shuffles.append({"seat": s, "epoch": state.epoch[s], "swapped": bool(ev["swapped"])})
        if ev["swapped"]:
            state.cards[s].reverse()
        state.epoch[s] += 1
        if s == state.turn:                  # an early declarer's shuffle leaves the turn alone
            state.shuffled_now = True

    def _on_declared(self, state: WooolfState, ev: Event) -> None:
        s = ev["seat"]
        arrows = ev["arrows"]
        state.dials[s] = {"early": bool(ev["early"]), "arrows": None if arrows is None else list(arrows)}
        if ev["early"]:
            state.early.append(s)
            state.turns_taken[s] += 1
            self._advance(state, s)

    @staticmethod
    def _on_round_revealed(state: WooolfState, ev: Event) -> None:
        state.scores = list(ev["scores"])
        state.x_tokens = [list(x) for x in ev["x_tokens"]]
        state.rounds.append({k: _copy(ev[k]) for k in ("round", "cards", "dials", "lines", "points",
                                                       "scores", "x_tokens", "holders")})
        state.phase, state.turn = "revealed", None

    @staticmethod
    def _on_game_ended(state: WooolfState, ev: Event) -> None:
        state.result = {k: _copy(ev[k]) for k in ("scores", "winners", "tiebreak")}
        state.phase = "over"


def _copy(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_copy(x) for x in v]
    return v


def _legal_commands(v: dict, seat: int) -> Iterator[Command]:
    """Every legal command for `seat` from its view (a shuffle first when allowed; an
    early declarer's shuffle is its only one, whether or not it is to act)."""
    if seat not in v["to_act"]:
        if v["can_shuffle"]:
            yield {"type": "shuffle", "seat": seat}
        return
    holders = v["holders"]
    arrows = [h for h in range(holders) if h != seat] + [NOBODY]
    declares = ({"type": "declare", "seat": seat, "arrows": list(a)}
                for a in product(arrows, repeat=len(v["targets"])))
    if v["phase"] == "final":
        yield {"type": "decline", "seat": seat}
        yield from declares
        return
    if v["can_shuffle"]:
        yield {"type": "shuffle", "seat": seat}
    if v["markers_left"][seat] > 0:
        for t in range(holders):
            if t != seat:
                for pos in (0, 1):
                    yield {"type": "peek", "seat": seat, "target": t, "pos": pos}
    for q in sorted(set(v["my_questions"])):
        for t in range(v["seats"]):
            if t != seat:
                yield {"type": "ask", "seat": seat, "target": t, "question": q}
    if v["can_declare_early"]:
        yield from declares
