"""WordPortersRules: the Rules implementation of Word Porters for the event-sourced engine.

Commands (each with "type" and "seat"):
  place {card, side}          put your next marker(s) beside hint word `side` (0 or 1) of
                              table card `card` (0-based); the rules choose the markers
                              (engine/wordporters/board.py); the `placed` event also names
                              the hint word (`hint`, its id) so a sentence can word it
  decline {}                  children's rules: stop placing for this round
  vote {guesses}              one number 1-10 for every other seat: a list by seat (your
                              own entry null) or {seat: number}; numbers distinct
Events: round_dealt, placed, passed (made by the rules for a seat that cannot place),
declined, hints_ended, voted, revealed, round_ended, game_ended.
"""
from __future__ import annotations

from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event, plain
from engine.core.phased import PhasedRules
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.spec import GameSpec
from engine.core.turns import each_once, first_seat, in_turn
from engine.wordporters.board import can_place, markers_for
from engine.wordporters.content import content
from engine.wordporters.scoring import next_start, reveal_points, winners
from engine.wordporters.state import (MARKERS, POSITIONS, ROUNDS, WordPortersState, hint_count,
                                      new_state)
from engine.wordporters.views import event_view, view
from engine.wordporters.spec import SPEC

PHASE_OF: dict[str, tuple[str, ...]] = {"place": ("hints",), "decline": ("hints",), "vote": ("vote",)}


class WordPortersRules(PhasedRules[WordPortersState]):
    spec: ClassVar[GameSpec] = SPEC
    game: ClassVar[str] = "wordporters"
    rules_version: ClassVar[int] = 1
    seats: ClassVar[range] = SPEC.seats
    PHASE_OF = PHASE_OF

    # ---- the contract ---------------------------------------------------------------
    def initial(self, seats: int, options: Mapping[str, object]) -> WordPortersState:
        return new_state(seats, options)

    def setup(self, state: WordPortersState, rng: Rng) -> list[Event]:
        return [deal(state, 1, first_seat(state.options, state.seats, rng), rng)]

    def to_act(self, state: WordPortersState) -> frozenset[int]:
        """Placement goes clockwise, one seat after another; the vote is every seat once,
        in secret, and the last vote closes the round (the reveals)."""
        if state.phase == "hints":
            return in_turn(state.turn)
        if state.phase == "vote":
            return each_once(range(state.seats), [s for s in range(state.seats) if state.votes[s] is not None])
        return frozenset()

    def progress(self, state: WordPortersState) -> tuple[str, int | None]:
        return state.phase, state.round

    def next_deadline(self, state: WordPortersState) -> int | None:
        return None

    def view(self, state: WordPortersState, seat: int | None) -> dict:
        return view(state, seat, self.to_act(state))

    def event_view(self, ev: Event, seat: int | None) -> Event:
        return event_view(ev, seat)

    def outcome(self, state: WordPortersState) -> Outcome | None:
        if not state.ended or state.result is None:
            return None
        r = state.result
        guessed, found = [0] * state.seats, [0] * state.seats
        for rnd in state.history:
            for rev in rnd["reveals"]:
                found[int(rev["seat"])] += len(rev["right"])
                for v in rev["right"]:
                    guessed[int(v)] += 1
        # each point is a right guess (guessed) or another player's right guess of your
        # number (found): the results screen's line under each player
        return Outcome(list(r["scores"]), list(r["winners"]), None,
                       {"rounds": len(state.history), "guessed": guessed, "found": found})

    def to_data(self, state: WordPortersState) -> Any:
        return state.to_data()

    def legacy_data(self, state: WordPortersState, events: Sequence[Event], rules_version: int) -> Any:
        raise ValueError(f"wordporters has no rules version {rules_version}")

    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]:
        return _legal_commands(view, seat)

    # ---- decide, one per command ----------------------------------------------------
    def _not_acting(self, state: WordPortersState, kind: str, seat: int) -> RuleError:
        if kind == "vote":
            return RuleError("err.wordporters.voted")
        return RuleError("err.not_your_turn")

    def _decide_place(self, state: WordPortersState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        card, side = cmd.get("card"), cmd.get("side")
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(state.hints):
            raise RuleError("err.wordporters.no_card", card=str(card))
        if side not in (0, 1) or isinstance(side, bool):
            raise RuleError("err.wordporters.side")
        markers = markers_for(state.board[card], state.left[seat], seat)
        if markers is None:
            if any(m["seat"] == seat for m in state.board[card]):
                raise RuleError("err.wordporters.own_card", card=card + 1)
            raise RuleError("err.wordporters.stack_needs", card=card + 1)
        c = content()
        hint = c.hint_words[c.hint_cards[state.hints[card]].words[side]].id    # for the sentence
        return [event("placed", seat, card=card, side=side, markers=markers, hint=hint)]

    def _decide_decline(self, state: WordPortersState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        if not state.children:
            raise RuleError("err.wordporters.must_place")
        return [event("declined", seat)]

    def _decide_vote(self, state: WordPortersState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        return [event("voted", seat, guesses=parse_guesses(cmd.get("guesses"), seat, state.seats))]

    # ---- what follows (engine/core/followup.py) -------------------------------------
    def follow_up(self, state: WordPortersState, rng: Rng) -> list[Event]:
        """While placing: a pass for the seat whose turn it is when it cannot place, and
        the end of placement when nobody is left. Once every vote is in: the reveals and
        the round's (or the game's) end; after a round's end, the next round's deal."""
        if state.phase == "hints":
            if state.turn is None:
                return [event("hints_ended", None, round=state.round)]
            if not can_place(state.board, state.left[state.turn], state.turn):
                return [event("passed", state.turn)]
            return []
        if state.phase != "vote" or any(v is None for v in state.votes):
            return []
        if state.history and state.history[-1]["round"] == state.round:     # the round was put away
            return [deal(state, state.round + 1, next_start(state.scores, state.start), rng)]
        if state.reveals:
            return []
        return self._reveal(state)

    @staticmethod
    def _reveal(state: WordPortersState) -> list[Event]:
        """Every seat's number shown in turn from the round's first seat, then the end of
        the round (or, after the last, of the game)."""
        votes, scores, out = state.votes, list(state.scores), []
        for step in range(state.seats):
            s = (state.start + step) % state.seats
            right = reveal_points(s, state.numbers[s], votes)
            scores[s] += len(right)
            for v in right:
                scores[v] += 1
            out.append(event("revealed", s, number=state.numbers[s],
                             word=content().word_id(state.words[state.numbers[s] - 1]),
                             guesses=list(votes[s]), right=right))
        if state.round == ROUNDS:
            out.append(event("game_ended", None, scores=scores, winners=winners(scores)))
        else:
            out.append(event("round_ended", None, round=state.round, scores=scores,
                             next_start=next_start(scores, state.start)))
        return out

    # ---- apply, one per event -------------------------------------------------------
    @staticmethod
    def _on_round_dealt(state: WordPortersState, ev: Event) -> None:
        n = state.seats
        state.round, state.start, state.phase = int(ev["round"]), int(ev["start"]), "hints"
        state.words = list(ev["words"])
        state.cards_used = sorted(state.cards_used + list(ev["word_cards"]))
        if ev.get("reshuffled"):
            state.discard = []
        state.hints = list(ev["hints"])
        state.numbers = list(ev["numbers"])
        state.board = [[] for _ in state.hints]
        state.placements, state.reveals = [], []
        state.left = [list(MARKERS) for _ in range(n)]
        state.done = [False] * n
        state.votes = [None] * n
        state.turn = state.start

    @staticmethod
    def _advance(state: WordPortersState, seat: int) -> None:
        n = state.seats
        state.turn = next((s for s in ((seat + k) % n for k in range(1, n + 1)) if not state.done[s]), None)

    def _on_placed(self, state: WordPortersState, ev: Event) -> None:
        seat, markers = ev["seat"], list(ev["markers"])
        state.board[ev["card"]].append({"seat": seat, "side": ev["side"], "markers": markers})
        state.placements.append({"seat": seat, "card": ev["card"], "side": ev["side"], "markers": list(markers)})
        for m in markers:
            state.left[seat].remove(m)
        if not state.left[seat]:
            state.done[seat] = True
        self._advance(state, seat)

    def _on_passed(self, state: WordPortersState, ev: Event) -> None:
        state.done[ev["seat"]] = True
        self._advance(state, ev["seat"])

    _on_declined = _on_passed

    @staticmethod
    def _on_hints_ended(state: WordPortersState, ev: Event) -> None:
        state.phase, state.turn = "vote", None

    @staticmethod
    def _on_voted(state: WordPortersState, ev: Event) -> None:
        state.votes[ev["seat"]] = list(ev["guesses"])

    @staticmethod
    def _on_revealed(state: WordPortersState, ev: Event) -> None:
        s = ev["seat"]
        state.reveals.append({"seat": s, "number": ev["number"], "word": ev["word"],
                              "guesses": list(ev["guesses"]), "right": list(ev["right"])})
        state.scores[s] += len(ev["right"])
        for v in ev["right"]:
            state.scores[v] += 1

    @staticmethod
    def _close_round(state: WordPortersState) -> None:
        c = content()
        state.history.append({"round": state.round, "start": state.start,
                              "words": [c.word_id(w) for w in state.words],
                              "reveals": plain(state.reveals), "scores": list(state.scores)})
        state.discard = sorted(state.discard + state.hints)

    def _on_round_ended(self, state: WordPortersState, ev: Event) -> None:
        self._close_round(state)

    def _on_game_ended(self, state: WordPortersState, ev: Event) -> None:
        self._close_round(state)
        state.phase, state.turn = "over", None
        state.result = {"scores": list(ev["scores"]), "winners": list(ev["winners"])}


def deal(state: WordPortersState, rnd: int, start: int, rng: Rng) -> Event:
    """A round's set-up, drawn from the decks of `state` (after the previous round was
    put away): ten word cards not laid before, 2N + 2 hint cards (the discard pile is
    reshuffled into the deck when it runs out) and a number card for every seat."""
    c = content()
    pool = [i for i in range(len(c.cards)) if i not in set(state.cards_used)]
    rng.shuffle(pool)
    word_cards = pool[:POSITIONS]
    side = "children" if state.children else "normal"
    need = hint_count(state.seats)
    away = set(state.discard) | set(state.hints)
    deck = [h for h in c.hint_deck(state.children) if h not in away]
    rng.shuffle(deck)
    hints, reshuffled = deck[:need], False
    if len(hints) < need:
        again = sorted(set(state.discard) | set(state.hints))
        rng.shuffle(again)
        hints, reshuffled = hints + again[:need - len(hints)], True
    numbers = list(range(1, POSITIONS + 1))
    rng.shuffle(numbers)
    return event("round_dealt", None, round=rnd, start=start, word_cards=word_cards,
                 words=[c.side_word(k, side) for k in word_cards], hints=hints, reshuffled=reshuffled,
                 numbers=numbers[:state.seats])


def parse_guesses(raw: Any, seat: int, seats: int) -> list[int | None]:
    """A vote as a list by seat (the voter's own entry None): a number 1-10 for every
    other seat, all different (each vote card is used once)."""
    if isinstance(raw, Mapping):
        items = list(raw.items())
    elif isinstance(raw, list) and len(raw) == seats:
        items = [(s, x) for s, x in enumerate(raw) if s != seat]
    else:
        raise RuleError("err.wordporters.vote_shape")
    out: list[int | None] = [None] * seats
    for key, x in items:
        try:
            other = int(key)
        except (TypeError, ValueError):
            raise RuleError("err.wordporters.vote_shape") from None
        if not 0 <= other < seats or other == seat:
            raise RuleError("err.wordporters.vote_shape")
        if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= POSITIONS:
            raise RuleError("err.wordporters.vote_number", number=str(x))
        out[other] = x
    missing = [s + 1 for s in range(seats) if s != seat and out[s] is None]
    if missing:
        raise RuleError("err.wordporters.vote_missing", seat=missing[0])
    given = [x for x in out if x is not None]
    if len(set(given)) != len(given):
        raise RuleError("err.wordporters.vote_twice")
    return out


def _legal_commands(v: dict, seat: int) -> Iterator[Command]:
    """Every placement (and the decline) while placing. While voting, every assignment of
    distinct numbers is too many to list (30 240 with six players): ten samples, the
    other seats given consecutive numbers from each starting number."""
    if seat not in v["to_act"]:
        return
    if v["phase"] == "hints":
        for card, side in v["legal"]:
            yield {"type": "place", "seat": seat, "card": card, "side": side}
        if v["can_decline"]:
            yield {"type": "decline", "seat": seat}
    elif v["phase"] == "vote":
        others = [s for s in range(v["seats"]) if s != seat]
        for shift in range(POSITIONS):
            guesses: list[int | None] = [None] * v["seats"]
            for k, s in enumerate(others):
                guesses[s] = (shift + k) % POSITIONS + 1
            yield {"type": "vote", "seat": seat, "guesses": guesses}
