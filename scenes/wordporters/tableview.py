"""The Word Porters board drawn from a view: the ten words (positions 1-10) and the hint
cards with every colour's markers in their stacks. `Shown` carries what the table adds
for the seat on screen (its target ringed, the word chosen, the cards closed to it, the
player a vote reads, the marker just placed, a reveal's word). Used by the table, the
replay and the how-to pages. Drawing only."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes.ui.geometry import Frame
from scenes.wordporters.layout import BoardLayout
from scenes.wordporters.pieces import draw_hint_card, draw_word_card
from scenes.wordporters.words import hint_lines, word_lines

Colour = tuple[int, int, int]


@dataclass
class Shown:
    rings: dict[int, Colour] = field(default_factory=dict)                    # position -> outline
    marks: dict[int, list[tuple[str, Colour]]] = field(default_factory=dict)  # position -> corner tags
    pick: tuple[int, int] | None = None                                       # (card, side) chosen
    hover: tuple[int, int] | None = None                                      # (card, side) under the mouse
    closed: set[int] = field(default_factory=set)                             # cards dimmed
    focus: int | None = None                                                  # a seat whose markers stand out
    fresh: tuple[int, int] | None = None                                      # (card, seat) just placed
    dim_words: set[int] = field(default_factory=set)
    across: bool = False                                                      # the marks in a row (the reveal)


def draw_board(surface: pygame.Surface, lay: BoardLayout, fr: Frame, view: dict[str, Any], mode: str,
               shown: Shown | None = None) -> None:
    shown = shown or Shown()
    for i, (wid, r) in enumerate(zip(view.get("words") or [], lay.words)):
        pos = i + 1
        draw_word_card(surface, r, fr, pos, word_lines(wid, mode), ring=shown.rings.get(pos),
                       marks=shown.marks.get(pos, ()), dim=pos in shown.dim_words,
                       across=shown.across)
    for box, hint in zip(lay.hints, view.get("hints") or []):
        lines = [hint_lines(h, mode) for h in hint["words"]]
        pick = shown.pick[1] if shown.pick is not None and shown.pick[0] == box.card else None
        hover = shown.hover[1] if shown.hover is not None and shown.hover[0] == box.card else None
        fresh = shown.fresh[1] if shown.fresh is not None and shown.fresh[0] == box.card else None
        draw_hint_card(surface, box, fr, box.card + 1, lines, hint.get("markers") or [], pick=pick, hover=hover,
                       open_=box.card not in shown.closed, focus=shown.focus, fresh=fresh)
