"""Awards (option `awards`, rules §9.2): one revealed at set-up (public), scored at the
end: its Fame to the player who leads it, to every tied player on a tie, to nobody while
nobody has a mark (no word spelled, no two-letter card). `assets/content/paperback/awards.json`
gives each award its Fame and its measure:

- longest_word (Thesaurus): the most letters in one word of the game (each word of a
  Space Bar laying on its own);
- two_letter_cards (Editor): the most two-letter cards owned at the end (now, while playing);
- best_cents (Muse): the most ¢ one word (one laying) earned;
- clean_words (Proofreader): the most words spelled with no wild.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.paperback.content import CONTENT_DIR, ContentError
from engine.paperback.finder import COMMON
from engine.paperback.option import PaperbackOption
from engine.paperback.powers import PLAGIARISM

MEASURES = ("longest_word", "two_letter_cards", "best_cents", "clean_words")


@lru_cache(maxsize=1)
def awards() -> dict[str, tuple[int, str]]:
    """award id -> (Fame, measure), checked (ContentError naming the entry)."""
    return load(CONTENT_DIR / "awards.json")


def load(path: Path) -> dict[str, tuple[int, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ContentError(f"{path.name}: cannot be read: {e}") from None
    if not isinstance(data, dict) or data.get("format") != "couchtop-paperback-awards" \
            or data.get("version") != 1:
        raise ContentError(f"{path.name}: not a version 1 couchtop-paperback-awards file")
    out: dict[str, tuple[int, str]] = {}
    for i, a in enumerate(data.get("awards") or []):
        aid = a.get("id") if isinstance(a, dict) else None
        if not isinstance(aid, str) or not aid.isidentifier() or aid in out:
            raise ContentError(f"{path.name}: award #{i + 1} needs a new id, not {aid!r}")
        fame = a.get("fame")
        if isinstance(fame, bool) or not isinstance(fame, int) or not 1 <= fame <= 50:
            raise ContentError(f"{path.name}: award {aid}: fame must be 1..50, not {fame!r}")
        if a.get("measure") not in MEASURES:
            raise ContentError(f"{path.name}: award {aid}: measure must be one of {', '.join(MEASURES)}")
        out[aid] = (fame, a["measure"])
    if not out:
        raise ContentError(f"{path.name}: no awards")
    return out


def marks(state: Any, award: str) -> list[int]:
    """Every seat's mark for `award` (higher leads)."""
    _, measure = awards()[award]
    n = state.seats
    if measure == "two_letter_cards":
        cards = state.cards
        return [sum(1 for c in state.owned(s) if len(cards[c].letters) == 2) for s in range(n)]
    if measure == "clean_words":
        return list(state.clean_words)
    out = [0] * n
    for w in state.words:
        v = (max(len(part) for part in w["word"].split(" ")) if measure == "longest_word"
             else int(w["cents"]))
        out[w["seat"]] = max(out[w["seat"]], v)
    return out


def leaders(state: Any, award: str) -> list[int]:
    """Who holds the award now: the highest mark, all tied; nobody at 0."""
    m = marks(state, award)
    best = max(m)
    return [] if best <= 0 else [s for s in range(state.seats) if m[s] == best]


class AwardsOption(PaperbackOption):
    """The option as a plug-in (engine/paperback/option.py): the award revealed at set-up
    and the clean words counted for the Proofreader (the score: engine/paperback/ending.py)."""
    key = "awards"

    def set_up(self, state: Any, rng: Rng, fields: dict[str, Any]) -> None:
        fields["award"] = rng.choice(sorted(awards()))      # one award, revealed

    def view(self, state: Any, seat: int | None, to_act: frozenset[int], v: dict[str, Any]) -> None:
        if state.award is not None:            # the award, everyone's mark and who leads it
            v["award"] = {"id": state.award, "fame": awards()[state.award][0],
                          "marks": marks(state, state.award), "leaders": leaders(state, state.award)}

    @staticmethod
    def _after_set_up(state: Any, ev: Event) -> None:
        state.award = ev.get("award")

    @staticmethod
    def _after_spelled(state: Any, ev: Event) -> None:
        used = [cid for cid in ev["cards"] if cid not in (COMMON, PLAGIARISM)]
        if state.award is not None and not any(state.cards[c].wild for c in used):
            state.clean_words[ev["seat"]] += 1


PLUGIN = AwardsOption()
