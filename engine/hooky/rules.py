"""HookyRules: the Rules implementation of Hooky for the event-sourced engine.

Commands (each with "type" and "seat"; see docs/hooky-view.md):
  clue {word}                 a starting clue (the engine counts it against your hand)
  reveal {letter, target}     from round 2, before asking: turn `letter` face up, peek at `target`
  ask {target, word}          ask another player a word
  propose {word}              put a word the dictionary lacks to the table
  vote {accept}               accept or refuse the proposed word
  guess {letters}             three different letters as the hooky letters (after rounds 4-6)
  name_hands {hands}          the final guess: for each other seat the letters you believe it holds
Events: dealt, clue_given, word_proposed, word_voted, word_accepted, word_refused,
card_revealed, card_peeked, asked, round_ended, hooky_guessed, hands_named, game_ended.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event, plain
from engine.core.phased import PhasedRules
from engine.core.rng import Rng
from engine.core.rules import Outcome
from engine.core.spec import GameSpec
from engine.core.turns import closes, each_once, first_seat, in_turn, responders
from engine.hooky.clue_words import is_clue_word, normalise, same_letters
from engine.hooky.knowledge import ALPHABET, count_answer
from engine.hooky.scoring import final_result
from engine.hooky.state import GUESS_ROUNDS, REVEAL_FROM, ROUNDS, HookyState, new_state, split_deal
from engine.hooky.views import redact_event, view
from engine.words import hooky_words
from engine.words.tablevote import TableVote
from engine.hooky.spec import SPEC

# command type -> the phases it belongs to
PHASE_OF: dict[str, tuple[str, ...]] = {
    "clue": ("clue",), "reveal": ("turn",), "ask": ("turn",), "propose": ("clue", "turn"),
    "vote": ("vote",), "guess": ("guess",), "name_hands": ("hands",),
}
STAMPS = ("t", "v", "cmd")   # what rules version 1 left out of its in-state copy of the log


class HookyRules(TableVote, PhasedRules[HookyState]):
    spec: ClassVar[GameSpec] = SPEC
    game: ClassVar[str] = "hooky"
    rules_version: ClassVar[int] = 2     # 2: the state no longer holds a copy of the log
    seats: ClassVar[range] = SPEC.seats
    PHASE_OF = PHASE_OF

    # ---- the contract ---------------------------------------------------------------
    def initial(self, seats: int, options: Mapping[str, object]) -> HookyState:
        return new_state(seats, options)

    def setup(self, state: HookyState, rng: Rng) -> list[Event]:
        order = state.options.get("deal")
        if order is None:
            letters = list(ALPHABET)
            rng.shuffle(letters)
            order = "".join(letters)
        hands, playground, hooky = split_deal(order, state.seats)
        start = first_seat(state.options, state.seats, rng)
        return [event("dealt", None, hands=hands, playground=playground, hooky=hooky, start=start)]

    def to_act(self, state: HookyState) -> frozenset[int]:
        """Turns from the core presets: the clues and rounds go one seat after another; a
        proposed word is answered by every other seat, then play returns; the hooky
        guesses and the final hands are every seat once, in secret."""
        n = state.seats
        if state.phase in ("clue", "turn"):
            return in_turn(state.turn if state.pos < n else None)
        if state.phase == "vote" and state.pending is not None:
            return responders(n, state.pending["seat"], state.pending["votes"])
        if state.phase == "guess":
            return each_once(range(n), [s for s in range(n) if state.round in state.guesses[s]])
        if state.phase == "hands":
            return each_once(range(n), [s for s in range(n) if state.named[s] is not None])
        return frozenset()

    def progress(self, state: HookyState) -> tuple[str, int | None]:
        """(phase, round): deal, clue (round 0), turn, vote, guess, hands, over."""
        return state.phase, state.round

    def next_deadline(self, state: HookyState) -> int | None:
        return None                       # Hooky has no clock

    def event_view(self, event: Event, seat: int | None) -> Event:
        """Another seat's peek, guess or named hands without its letters; the deal with
        only `seat`'s own hand (engine/hooky/views.py: redact_event)."""
        return redact_event(event, seat)

    def legacy_data(self, state: HookyState, events: Sequence[Event], rules_version: int) -> Any:
        """Rules version 1 kept every event but the deal and the end, unstamped, in
        `history`, and had no `reveals` (they were read from that history)."""
        if rules_version != 1:
            raise ValueError(f"hooky has no rules version {rules_version}")
        data = state.to_data()
        del data["reveals"]
        data["history"] = [{k: plain(v) for k, v in ev.items() if k not in STAMPS}
                           for ev in events if ev.get("type") not in ("dealt", "game_ended")]
        return data

    def view(self, state: HookyState, seat: int | None) -> dict:
        return view(state, seat, self.to_act(state))

    def outcome(self, state: HookyState) -> Outcome | None:
        if not state.ended or state.result is None:
            return None
        r = state.result
        return Outcome(list(r["scores"]), list(r["winners"]), r["tiebreak"],
                       {"breakdown": r["breakdown"], "hooky": list(state.hooky)})

    def to_data(self, state: HookyState) -> Any:
        return state.to_data()

    def legal_commands(self, view: dict, seat: int) -> Iterable[Command]:
        return _legal_commands(view, seat)

    # ---- decide, one per command ----------------------------------------------------
    def _not_acting(self, state: HookyState, kind: str, seat: int) -> RuleError:
        if kind == "guess":
            return RuleError("err.hooky.already_guessed")
        if kind == "name_hands":
            return RuleError("err.hooky.already_named")
        if kind == "vote":
            return RuleError("err.hooky.not_voting")
        return RuleError("err.not_your_turn")

    def _word(self, state: HookyState, raw: Any) -> str:
        word = normalise(raw)
        if not is_clue_word(word, state.accepted):
            if word in state.refused:
                raise RuleError("err.hooky.word_refused", word=word.upper())
            raise RuleError("err.hooky.unknown_word", word=word.upper())
        return word

    def _decide_clue(self, state: HookyState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        word = self._word(state, cmd.get("word"))
        answer = count_answer(word, state.hands[seat])
        if answer == 0:
            raise RuleError("err.hooky.clue_no_own_letter", word=word.upper())
        return [event("clue_given", seat, word=word, answer=answer)]

    # the table vote (engine/words/tablevote.py) on a word the dictionary lacks
    def _proposal(self, state: HookyState, raw: Any) -> str:
        return normalise(raw)

    def _listed(self, state: HookyState, word: str) -> bool:
        return is_clue_word(word, state.accepted)

    def _decide_reveal(self, state: HookyState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        if state.round < REVEAL_FROM:
            raise RuleError("err.hooky.reveal_round", round=REVEAL_FROM)
        if state.revealed_now:
            raise RuleError("err.hooky.reveal_twice")
        letter = cmd.get("letter")
        letter = letter.lower() if isinstance(letter, str) else ""
        if letter not in state.hands[seat]:
            raise RuleError("err.hooky.reveal_not_in_hand", letter=letter.upper()[:3])
        if letter in state.revealed[seat]:
            raise RuleError("err.hooky.reveal_already", letter=letter.upper())
        target = self._other_seat(state, seat, cmd.get("target"), "err.hooky.peek_self")
        hidden = state.hidden(target)
        if not hidden:
            raise RuleError("err.hooky.peek_none_hidden", target=target + 1)
        seen = hidden[rng.below(len(hidden))]
        return [event("card_revealed", seat, letter=letter, target=target),
                event("card_peeked", seat, target=target, letter=seen)]

    def _decide_ask(self, state: HookyState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        target = self._other_seat(state, seat, cmd.get("target"), "err.hooky.ask_self")
        word = self._word(state, cmd.get("word"))
        for before in state.asked_of(target):
            if before == word:
                raise RuleError("err.hooky.repeat", word=word.upper(), target=target + 1)
            if same_letters(before, word):
                raise RuleError("err.hooky.anagram", word=word.upper(), before=before.upper(),
                                target=target + 1)
        out = [event("asked", seat, target=target, word=word,
                     answer=count_answer(word, state.hands[target]), round=state.round)]
        if state.pos == state.seats - 1:
            r = state.round
            flip = state.playground[state.flipped] if r <= state.flip_rounds else None
            out.append(event("round_ended", None, round=r, flip=flip))
        return out

    def _decide_guess(self, state: HookyState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        letters = cmd.get("letters")
        if isinstance(letters, str):
            letters = list(letters)
        if (not isinstance(letters, list) or len(letters) != 3
                or not all(isinstance(c, str) and c.lower() in ALPHABET and len(c) == 1 for c in letters)
                or len({c.lower() for c in letters}) != 3):
            raise RuleError("err.hooky.guess_shape")
        return [event("hooky_guessed", seat, round=state.round, letters=sorted(c.lower() for c in letters))]

    def _decide_name_hands(self, state: HookyState, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        raw = cmd.get("hands")
        if isinstance(raw, Mapping):
            items = list(raw.items())
        elif isinstance(raw, list):
            items = list(enumerate(raw))
        else:
            raise RuleError("err.hooky.name_shape")
        hands: list[list[str]] = [[] for _ in range(state.seats)]
        for key, letters in items:
            try:
                other = int(key)
            except (TypeError, ValueError):
                raise RuleError("err.hooky.name_shape") from None
            if not 0 <= other < state.seats:
                raise RuleError("err.seat", seat=str(key))
            if isinstance(letters, str):
                letters = list(letters)
            if not isinstance(letters, list) or not all(
                    isinstance(c, str) and len(c) == 1 and c.lower() in ALPHABET for c in letters):
                raise RuleError("err.hooky.name_shape")
            chosen = sorted({c.lower() for c in letters})
            if len(chosen) != len(letters):
                raise RuleError("err.hooky.name_twice", target=other + 1)
            if other == seat and chosen:
                raise RuleError("err.hooky.name_self")
            if len(chosen) > state.hand_size:
                raise RuleError("err.hooky.name_too_many", target=other + 1, size=state.hand_size)
            hands[other] = chosen
        out = [event("hands_named", seat, hands=hands)]
        if closes(self.to_act(state), (), seat):        # the last hands named end the game
            named = [hands if s == seat else state.named[s] for s in range(state.seats)]
            result = final_result(state.hands, state.hooky, state.guesses, named,
                                  [len(r) for r in state.revealed])
            out.append(event("game_ended", None, hooky=list(state.hooky), **result))
        return out

    @staticmethod
    def _other_seat(state: HookyState, seat: int, raw: Any, self_code: str) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < state.seats:
            raise RuleError("err.seat", seat=str(raw))
        if raw == seat:
            raise RuleError(self_code)
        return raw

    # ---- apply, one per event -------------------------------------------------------
    @staticmethod
    def _on_dealt(state: HookyState, ev: Event) -> None:
        state.hands = [sorted(h) for h in ev["hands"]]
        state.playground = list(ev["playground"])
        state.hooky = sorted(ev["hooky"])
        state.start = int(ev["start"])
        state.phase, state.round, state.pos = "clue", 0, 0

    @staticmethod
    def _on_clue_given(state: HookyState, ev: Event) -> None:
        state.clues.append({"seat": ev["seat"], "word": ev["word"], "answer": ev["answer"]})
        state.pos += 1
        if state.pos == state.seats:
            state.phase, state.round, state.pos = "turn", 1, 0

    @staticmethod
    def _on_card_revealed(state: HookyState, ev: Event) -> None:
        state.revealed[ev["seat"]].append(ev["letter"])
        state.reveals.append({"seat": ev["seat"], "letter": ev["letter"], "target": ev["target"]})
        state.revealed_now = True

    @staticmethod
    def _on_card_peeked(state: HookyState, ev: Event) -> None:
        state.peeks.append({"round": state.round, "seat": ev["seat"], "target": ev["target"],
                            "letter": ev["letter"]})

    @staticmethod
    def _on_asked(state: HookyState, ev: Event) -> None:
        state.asks.append({"round": state.round, "asker": ev["seat"], "seat": ev["target"],
                           "word": ev["word"], "answer": ev["answer"]})
        state.revealed_now = False
        state.pos += 1

    @staticmethod
    def _on_round_ended(state: HookyState, ev: Event) -> None:
        if ev.get("flip") is not None:
            state.flipped += 1
        if state.round in GUESS_ROUNDS:
            state.phase = "guess"
        else:
            state.round += 1
            state.pos = 0

    def _on_hooky_guessed(self, state: HookyState, ev: Event) -> None:
        state.guesses[ev["seat"]][state.round] = list(ev["letters"])
        if not self.to_act(state):
            if state.round == ROUNDS:
                state.phase = "hands"
            else:
                state.phase, state.round, state.pos = "turn", state.round + 1, 0

    @staticmethod
    def _on_hands_named(state: HookyState, ev: Event) -> None:
        state.named[ev["seat"]] = [list(h) for h in ev["hands"]]

    @staticmethod
    def _on_game_ended(state: HookyState, ev: Event) -> None:
        state.result = {k: plain(ev[k]) for k in ("scores", "breakdown", "winners", "tiebreak")}
        state.phase = "over"


@lru_cache(maxsize=1)
def _keyed_words() -> tuple[tuple[str, str], ...]:
    """Every clue word with its letters sorted (what an ask is told apart by), worked out
    once: the random level lists every question at each of its turns."""
    return tuple((w, "".join(sorted(w))) for w in hooky_words())


def _legal_commands(v: dict, seat: int) -> Iterator[Command]:
    """Legal commands for `seat` from its view, lazily (the word lists are long): the
    reveals first, then every question; for the final hand guess only one sample (the
    letters the view proves)."""
    if seat not in v["to_act"]:
        return
    phase = v["phase"]
    words = [*_keyed_words(), *((w, "".join(sorted(w))) for w in v["accepted_words"])]
    if phase == "clue":
        own = set(v["hand"])
        for w, _ in words:
            if not own.isdisjoint(w):
                yield {"type": "clue", "seat": seat, "word": w}
    elif phase == "turn":
        if v["can_reveal"]:
            for letter in v["hand"]:
                if letter not in v["revealed"][seat]:
                    for t in range(v["seats"]):
                        if t != seat and v["hidden_counts"][t] > 0:
                            yield {"type": "reveal", "seat": seat, "letter": letter, "target": t}
        asked = [(t, {"".join(sorted(w)) for w in v["asked_of"][t]}) for t in range(v["seats"]) if t != seat]
        for w, key in words:
            for t, done in asked:
                if key not in done:
                    yield {"type": "ask", "seat": seat, "target": t, "word": w}
    elif phase == "vote":
        yield {"type": "vote", "seat": seat, "accept": True}
        yield {"type": "vote", "seat": seat, "accept": False}
    elif phase == "guess":
        for trio in combinations(ALPHABET, 3):
            yield {"type": "guess", "seat": seat, "letters": list(trio)}
    elif phase == "hands":
        known: list[list[str]] = [sorted(r) for r in v["revealed"]]
        for p in v["peeks"]:
            if p["letter"] not in known[p["target"]]:
                known[p["target"]].append(p["letter"])
        known[seat] = []
        yield {"type": "name_hands", "seat": seat, "hands": [sorted(k) for k in known]}
