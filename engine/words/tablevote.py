"""The table vote on a word the list lacks (Hooky, Paperback).

A player proposes a word; every other seat votes; one refusal refuses it, the last
acceptance accepts it, and play returns to the phase the proposal was made in.

- `TableVote`: a mixin for a `PhasedRules` class: `_decide_propose` (after the game's
  `_proposal` shape check, refused when the game's `_listed` knows it or the table
  refused it), `_decide_vote`, and the apply handlers `_on_word_proposed`,
  `_on_word_voted`, `_on_word_accepted`, `_on_word_refused`. The state holds `pending`
  ({"seat", "word", "votes", "phase"} while a vote is on), `accepted` and `refused`.
  Errors are the game's catalog keys: err.<game>.already_a_word, .word_refused,
  .vote_shape.
- `bot_accepts(word, length)`: how a bot votes.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.core.turns import closes
from engine.words.lists import is_word

LETTERS = "abcdefghijklmnopqrstuvwxyz"
# a proposed word is a form of a known word when adding or removing one of these makes it one
SUFFIXES = ("s", "es", "ed", "d", "er", "ers", "ing", "y", "ly")


class TableVote:
    game: str

    # ---- the game's part ------------------------------------------------------------
    def _proposal(self, state: Any, raw: Any) -> str:
        """The proposed word in its normal form, or RuleError for its shape."""
        raise NotImplementedError

    def _listed(self, state: Any, word: str) -> bool:
        """Whether the word is already playable (the list, or the table accepted it)."""
        raise NotImplementedError

    def to_act(self, state: Any) -> frozenset[int]:
        raise NotImplementedError

    # ---- decide ---------------------------------------------------------------------
    def _decide_propose(self, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        word = self._proposal(state, cmd.get("word"))
        if self._listed(state, word):
            raise RuleError(f"err.{self.game}.already_a_word", word=word.upper())
        if word in state.refused:
            raise RuleError(f"err.{self.game}.word_refused", word=word.upper())
        return [event("word_proposed", seat, word=word)]

    def _decide_vote(self, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        accept = cmd.get("accept")
        if not isinstance(accept, bool):
            raise RuleError(f"err.{self.game}.vote_shape")
        pending = state.pending
        assert pending is not None
        out = [event("word_voted", seat, word=pending["word"], accept=accept)]
        if not accept:
            out.append(event("word_refused", None, word=pending["word"], by=seat))
        elif closes(self.to_act(state), (), seat):        # the last vote closes it
            out.append(event("word_accepted", None, word=pending["word"]))
        return out

    # ---- apply ----------------------------------------------------------------------
    @staticmethod
    def _on_word_proposed(state: Any, ev: Event) -> None:
        state.pending = {"seat": ev["seat"], "word": ev["word"], "votes": {}, "phase": state.phase}
        state.phase = "vote"

    @staticmethod
    def _on_word_voted(state: Any, ev: Event) -> None:
        assert state.pending is not None
        state.pending["votes"][ev["seat"]] = bool(ev["accept"])

    @staticmethod
    def _on_word_accepted(state: Any, ev: Event) -> None:
        state.accepted.append(ev["word"])
        _close_vote(state)

    @staticmethod
    def _on_word_refused(state: Any, ev: Event) -> None:
        state.refused.append(ev["word"])
        _close_vote(state)


def _close_vote(state: Any) -> None:
    assert state.pending is not None
    state.phase = state.pending["phase"]
    state.pending = None


def bot_accepts(word: str, length: int | None = None) -> bool:
    """How a bot votes on a proposed word: yes when it has `length` letters a-z (any
    length when None) and the general list knows a form of it (the word plus or minus a
    common suffix), so 'tonks' passes if 'tonk' is listed and 'abcde' fails."""
    if (length is not None and len(word) != length) or any(c not in LETTERS for c in word):
        return False
    if is_word(word):
        return True
    for suf in SUFFIXES:
        if is_word(word + suf):
            return True
        if word.endswith(suf) and len(word) - len(suf) >= 2 and is_word(word[:-len(suf)]):
            return True
    return False
