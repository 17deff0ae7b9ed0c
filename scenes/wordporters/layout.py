"""Where the board's pieces go: the ten word cards (positions 1-10, two rows of five)
above the hint cards (two rows, the first row the first half of the cards), each hint
card split into its two hint words (a word's text, then the markers beside it). Pure
geometry in pixels for any rect: the table computes it when the window changes, the
replay and the how-to pages for the rect they draw in."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

WORDS_SHARE = 0.32        # of the board's height, for the ten words
WORD_PART = 0.44          # of a hint word's half of its card, for its text (the rest: markers)
# with both languages on a card, words and hint words need two lines' room
BOTH = {"words_share": 0.37, "word_part": 0.6}


def proportions(mode: str) -> dict[str, float]:
    """The layout's shares for a word language."""
    return dict(BOTH) if mode == "both" else {"words_share": WORDS_SHARE, "word_part": WORD_PART}


def hint_rows_for(area: pygame.Rect, hints: int, mode: str) -> int:
    """Two rows of hint cards, or three where two would make them narrower than tall by
    far (a replay's board with six players): wider cards keep a long hint word whole.
    Both languages on a card need the two rows' height."""
    if mode == "both" or hints <= 10:
        return 2
    w, h = area.w / -(-hints // 2), area.h * (1 - WORDS_SHARE) / 2
    return 3 if w < 0.6 * h else 2
MAX_HINT_W = 1.25         # a hint card is at most this many times as wide as it is tall


@dataclass(frozen=True)
class HintBox:
    card: int                                       # 0-based table card
    rect: pygame.Rect
    tag: pygame.Rect                                # the card's number
    words: tuple[pygame.Rect, pygame.Rect]          # each hint word's text
    chips: tuple[pygame.Rect, pygame.Rect]          # the markers beside each word
    halves: tuple[pygame.Rect, pygame.Rect]         # what a click on a word hits

    def side_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.halves) if r.collidepoint(pos)), None)


@dataclass(frozen=True)
class BoardLayout:
    words: tuple[pygame.Rect, ...]                  # position 1-10 -> words[pos - 1]
    hints: tuple[HintBox, ...]

    def word_at(self, pos: tuple[int, int]) -> int | None:
        """The position (1-10) under `pos`."""
        return next((i + 1 for i, r in enumerate(self.words) if r.collidepoint(pos)), None)

    def hint_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(table card, side) under `pos`."""
        for h in self.hints:
            if h.rect.collidepoint(pos):
                side = h.side_at(pos)
                return (h.card, side) if side is not None else None
        return None


def _grid(area: pygame.Rect, cols: int, rows: int, gap: int, max_w: int | None = None) -> list[pygame.Rect]:
    w = (area.w - gap * (cols - 1)) / cols
    h = (area.h - gap * (rows - 1)) / rows
    if max_w is not None and w > max_w:
        w = max_w
    x0 = area.x + (area.w - (cols * w + (cols - 1) * gap)) / 2
    return [pygame.Rect(round(x0 + c * (w + gap)), round(area.y + r * (h + gap)), round(w), round(h))
            for r in range(rows) for c in range(cols)]


def hint_box(card: int, r: pygame.Rect, word_part: float = WORD_PART, tag_w: int = 24) -> HintBox:
    """A hint card's pieces: for each of its two words (top and bottom half) the word's
    text over the markers beside it, and the card's number in the bottom-right corner
    (`tag_w` px wide, kept clear of the markers)."""
    pad = max(2, round(min(r.w, r.h) * 0.04))
    body = r.inflate(-2 * pad, -2 * pad)
    half_h = body.h // 2
    words, chips, halves = [], [], []
    tag = pygame.Rect(0, 0, 0, 0)
    for i in range(2):
        y = body.y + i * half_h
        word_h = round(half_h * word_part)
        inset = max(2, pad // 3)                    # a hint word may use nearly the card's whole width
        words.append(pygame.Rect(r.x + inset, y, r.w - 2 * inset, word_h))
        chip = pygame.Rect(body.x, y + word_h, body.w, half_h - word_h)
        if i:
            tag = pygame.Rect(chip.right - tag_w, chip.bottom - min(chip.h, tag_w), tag_w, min(chip.h, tag_w))
            chip.w -= tag_w
        chips.append(chip)
        halves.append(pygame.Rect(r.x, y if i else r.y, r.w, (y + half_h - r.y) if not i else r.bottom - y))
    return HintBox(card, r, tag, (words[0], words[1]), (chips[0], chips[1]), (halves[0], halves[1]))


def _sized_row(row: pygame.Rect, needs: Sequence[int], gap: int) -> list[pygame.Rect]:
    """A row of cards filling `row`, each at least as wide as it needs where the needs
    fit (the room left over shared evenly), else each shrunk in proportion."""
    room = row.w - gap * (len(needs) - 1)
    total = sum(needs)
    if total <= room:
        extra = (room - total) / len(needs)
        widths = [n + extra for n in needs]
    else:
        widths = [n * room / total for n in needs]
    out, x = [], float(row.x)
    for w in widths:
        out.append(pygame.Rect(round(x), row.y, round(x + w) - round(x), row.h))
        x += w + gap
    return out


def board_layout(area: pygame.Rect, hints: int, gap: int, words_share: float = WORDS_SHARE,
                 word_part: float = WORD_PART, tag_w: int = 24, hint_rows: int = 2,
                 needs: Sequence[int] | None = None) -> BoardLayout:
    """The ten words and `hints` hint cards in `area`, in `hint_rows` rows (the first
    rows fuller). `needs`: how wide each hint card must be for its words to read whole
    (a replay's narrow board with many cards: a card with "countryside" wider than one
    with "big"); a row whose cards need more than equal shares gives each its need."""
    wh = round(area.h * words_share)
    words = _grid(pygame.Rect(area.x, area.y, area.w, wh), 5, 2, gap)
    harea = pygame.Rect(area.x, area.y + wh + gap, area.w, area.h - wh - gap)
    per_row = max(1, -(-hints // hint_rows))
    rh = (harea.h - gap * (hint_rows - 1)) / hint_rows
    cells = _grid(harea, per_row, hint_rows, gap, max_w=round(rh * MAX_HINT_W))
    if needs is not None and hints and any(n > cells[0].w for n in needs[:hints]):
        cells = []
        for r in range(hint_rows):
            row_needs = list(needs[r * per_row:min(hints, (r + 1) * per_row)])
            if row_needs:
                y = round(harea.y + r * (rh + gap))
                cells += _sized_row(pygame.Rect(harea.x, y, harea.w, round(rh)), row_needs, gap)
    boxes = tuple(hint_box(i, cells[i], word_part, tag_w) for i in range(hints))
    return BoardLayout(tuple(words), boxes)
