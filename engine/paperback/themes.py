"""Themes (option `themes`, rules §9.3): one theme revealed at set-up; a word that fits it
takes the theme card (from whoever holds it); the holder at the end scores its Fame.

`assets/content/paperback/themes.json` ships each theme's curated list (English words;
the titles are the catalogs' paperback.theme.<id>). A word on the list fits at once
(pre-approved; either word of a Space Bar laying). Any other word fits only by a table
vote, asked for by its speller before buying (`theme_claim`); every other player votes
(`theme_vote`), one "no" refuses it for the rest of the game, all "yes" makes it fit
for everyone. `themes_strict`: only the list's words count (no vote).
Bots spell a theme word when it costs them little (bot.py) and vote yes only for an
inflection of a listed word (the listed word of 4+ letters starts it).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Command, Event, event
from engine.core.rng import Rng
from engine.core.turns import responders
from engine.paperback.content import CONTENT_DIR, LETTERS, ContentError
from engine.paperback.option import PaperbackOption

MIN_WORDS = 20


@dataclass(frozen=True)
class Themes:
    fame: int
    words: dict[str, frozenset[str]]          # theme id -> its curated words


@lru_cache(maxsize=1)
def themes() -> Themes:
    return load(CONTENT_DIR / "themes.json")


def load(path: Path) -> Themes:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None
    if not isinstance(data, dict) or data.get("format") != "couchtop-paperback-themes" \
            or data.get("version") != 1:
        raise ContentError(f"{path.name}: not a version 1 couchtop-paperback-themes file")
    fame = data.get("fame")
    if isinstance(fame, bool) or not isinstance(fame, int) or not 1 <= fame <= 50:
        raise ContentError(f"{path.name}: fame must be 1..50, not {fame!r}")
    out: dict[str, frozenset[str]] = {}
    for i, t in enumerate(data.get("themes") or []):
        tid = t.get("id") if isinstance(t, dict) else None
        if not isinstance(tid, str) or not tid.isidentifier() or tid in out:
            raise ContentError(f"{path.name}: theme #{i + 1} needs a new id, not {tid!r}")
        words = t.get("words")
        if not isinstance(words, list) or len(words) < MIN_WORDS:
            raise ContentError(f"{path.name}: theme {tid}: at least {MIN_WORDS} words")
        for w in words:
            if not isinstance(w, str) or len(w) < 2 or any(ch not in LETTERS for ch in w):
                raise ContentError(f"{path.name}: theme {tid}: {w!r} is not a lowercase word")
        out[tid] = frozenset(words)
    if not out:
        raise ContentError(f"{path.name}: no themes")
    return Themes(fame, out)


def listed(theme: str, word: str) -> bool:
    """Whether `word` (or either word of a Space Bar laying) is on the theme's list."""
    return any(w in themes().words[theme] for w in word.split(" "))


def fits(state: Any, word: str) -> bool:
    """Whether `word` takes the theme card: on the list, or a word the table let fit."""
    return listed(state.theme, word) or any(w in state.theme_fit for w in word.split(" "))


def bot_accepts(theme: str, word: str) -> bool:
    """A bot's vote: yes for an inflection of a listed word of 4+ letters."""
    return any(w in themes().words[theme] or any(w.startswith(t) for t in themes().words[theme]
                                                  if len(t) >= 4)
               for w in word.split(" "))


class ThemesOption(PaperbackOption):
    """The option as a plug-in (engine/paperback/option.py): the theme dealt at set-up,
    the `theme` of a spelled word, the claim and its table vote."""
    key = "themes"
    PHASE_OF = {"theme_claim": ("buy",), "theme_vote": ("theme_vote",)}

    def set_up(self, state: Any, rng: Rng, fields: dict[str, Any]) -> None:
        fields["theme"] = rng.choice(sorted(themes().words))        # one theme, revealed

    def spelled(self, rules: Any, state: Any, seat: int, word: str) -> dict[str, Any]:
        return {"theme": fits(state, word)}           # a word that fits takes the theme card

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        if state.theme is None:
            return
        vote = state.theme_vote
        v["theme"] = {"id": state.theme, "holder": state.theme_holder,
                      "strict": bool(state.options.get("themes_strict")),
                      "fit": list(state.theme_fit), "refused": list(state.theme_refused),
                      "vote": None if vote is None else {
                          "seat": vote["seat"], "word": vote["word"],
                          "votes": dict(sorted(vote["votes"].items()))}}

    def to_act(self, state: Any) -> frozenset[int] | None:
        if state.phase == "theme_vote" and state.theme_vote is not None:
            return responders(state.seats, state.theme_vote["seat"],
                              [int(k) for k in state.theme_vote["votes"]])
        return None

    def not_acting(self, state: Any, kind: str, seat: int) -> RuleError | None:
        if state.phase == "theme_vote" and kind == "theme_vote":
            return RuleError("err.paperback.not_voting")
        return None

    def _decide_theme_claim(self, rules: Any, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        if state.theme is None or state.options.get("themes_strict"):
            raise RuleError("err.paperback.no_theme_vote")
        word = state.words[-1]["word"] if state.words and state.words[-1]["seat"] == seat else None
        if word is None or state.phase != "buy" or not state.play:
            raise RuleError("err.paperback.no_theme_vote")
        if state.theme_holder == seat:
            raise RuleError("err.paperback.theme_held")
        if any(w in state.theme_refused for w in word.split(" ")):
            raise RuleError("err.paperback.theme_refused", word=word.upper())
        if fits(state, word):
            raise RuleError("err.paperback.theme_held")
        return [event("theme_proposed", seat, word=word)]

    def _decide_theme_vote(self, rules: Any, state: Any, seat: int, cmd: Command, rng: Rng) -> list[Event]:
        accept = cmd.get("accept")
        if not isinstance(accept, bool):
            raise RuleError("err.paperback.vote_shape")
        v = state.theme_vote
        out = [event("theme_voted", seat, accept=accept)]
        if not accept or len(v["votes"]) + 1 >= state.seats - 1:
            out.append(event("theme_decided", v["seat"], word=v["word"], accepted=accept))
        return out

    @staticmethod
    def _after_set_up(state: Any, ev: Event) -> None:
        state.theme = ev.get("theme")

    @staticmethod
    def _after_spelled(state: Any, ev: Event) -> None:
        if ev.get("theme"):
            state.theme_holder = ev["seat"]

    @staticmethod
    def _on_theme_proposed(state: Any, ev: Event) -> None:
        state.theme_vote = {"seat": ev["seat"], "word": ev["word"], "votes": {}}
        state.phase = "theme_vote"

    @staticmethod
    def _on_theme_voted(state: Any, ev: Event) -> None:
        state.theme_vote["votes"][str(ev["seat"])] = ev["accept"]

    @staticmethod
    def _on_theme_decided(state: Any, ev: Event) -> None:
        words = ev["word"].split(" ")
        if ev["accepted"]:
            state.theme_fit.extend(w for w in words if w not in state.theme_fit)
            state.theme_holder = ev["seat"]
        else:
            state.theme_refused.extend(w for w in words if w not in state.theme_refused)
        state.theme_vote = None
        state.phase = "buy"


PLUGIN = ThemesOption()
