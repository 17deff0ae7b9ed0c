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

from engine.paperback.content import CONTENT_DIR, LETTERS, ContentError

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


def bot_accepts(theme: str, word: str) -> bool:
    """A bot's vote: yes for an inflection of a listed word of 4+ letters."""
    return any(w in themes().words[theme] or any(w.startswith(t) for t in themes().words[theme]
                                                  if len(t) >= 4)
               for w in word.split(" "))
