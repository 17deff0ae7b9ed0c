"""Word Porters' pieces drawn: a word card (its position and its word in one or two
languages), a hint card (its number, its two hint words and the markers beside each,
a stack drawn as the lowest marker on top of the 3), a marker, a number card (face up or
turning), and the score track of 20 squares that wraps. Everything here only draws."""
from __future__ import annotations

from typing import Sequence

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import band, fit_size, line_step, width, wrap

Colour = tuple[int, int, int]

WORD_CARD: Colour = (236, 228, 204)        # cream paper
WORD_INK: Colour = (28, 30, 44)
HINT_CARD: Colour = (52, 64, 112)
HINT_EDGE: Colour = (96, 112, 168)
NUMBER_BACK: Colour = (120, 60, 140)
TRACK: Colour = (40, 48, 84)
DIM: Colour = (70, 78, 104)


def draw_lines(surface: pygame.Surface, lines: Sequence[str], box: pygame.Rect, size: int, colour: Colour,
               fr: Frame, bold: bool = True) -> None:
    """A word in one language (wrapped to two lines if it must), or English over Chinese
    (the English may take two lines, the Chinese one)."""
    if not lines:
        return
    if len(lines) == 1:
        _fit(surface, lines[0], box, size, colour, bold, fr)
        return
    top, bottom = _both(box, fr)
    _fit(surface, lines[0], top, round(size * 0.85), colour, bold, fr, valign="bottom")
    text_in(surface, lines[1], bottom, size, colour, bold=bold, min_size=fr.min_fs, ellipsis=True)


def _both(box: pygame.Rect, fr: Frame) -> tuple[pygame.Rect, pygame.Rect]:
    """Both languages in `box`: the English's band (up to two lines) over the Chinese's."""
    zh_h = min(box.h // 2, max(fr.px(24), round(box.h * 0.36)))
    return pygame.Rect(box.x, box.y, box.w, box.h - zh_h), pygame.Rect(box.x, box.bottom - zh_h, box.w, zh_h)


def _fit(surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Colour, bold: bool, fr: Frame,
         valign: str = "middle") -> None:
    """A word shrunk to fit; one with spaces may wrap to two lines, and so may a Chinese
    word too long for one line at the smallest readable size ("筆記型電腦" on a replay's
    small card), or to three where two do not fit and three do ("beef / noodle / soup"
    over 牛肉麵 on a replay's card); a word of one piece too wide in bold even at the smallest readable size
    in regular weight ("countryside" on a replay's narrow hint card); cut with "…" only
    when even that does not fit."""
    one_line = width(text, fit_size(text, size, box.w, box.h, bold, fr.min_fs), bold) <= box.w
    if bold and not one_line and not _fits(text, box, fr.min_fs) and width(text, fr.min_fs, False) <= box.w \
            and band(fr.min_fs, False)[1] <= box.h:
        text_in(surface, text, box, size, colour, bold=False, min_size=fr.min_fs, valign=valign)  # type: ignore[arg-type]
        return
    split = None if one_line or " " in text else hyphenated(text, box, fr)
    if split is not None:           # one long word, too wide even in regular: two lines, hyphenated
        text_in(surface, split, box, size, colour, bold=False, min_size=fr.min_fs, wrap_lines=True, max_lines=2,
                valign=valign)                                              # type: ignore[arg-type]
        return
    if " " in text or (not one_line and any(ord(ch) >= 0x2E80 for ch in text)):
        three = 2 * line_step(fr.min_fs, bold) + band(fr.min_fs, bold)[1] <= box.h and not _fits(text, box, fr.min_fs)
        text_in(surface, text, box, size, colour, bold=bold, min_size=fr.min_fs, ellipsis=True, wrap_lines=True,
                max_lines=3 if three else 2, valign=valign)                 # type: ignore[arg-type]
    else:
        text_in(surface, text, box, size, colour, bold=bold, min_size=fr.min_fs, ellipsis=True,
                valign=valign)                                              # type: ignore[arg-type]


def hyphenated(word: str, box: pygame.Rect, fr: Frame) -> str | None:
    """A Latin word of one piece that fits `box` on no single line even in regular weight
    at the smallest readable size ("countryside" on a 6-player replay's hint card at
    960x540), broken in two with a hyphen ("country-\nside"): the break nearest the middle
    that leaves three letters or more on each line and lets both lines fit. None when
    the word fits on one line, is not Latin, or no break fits."""
    size = fr.min_fs
    if any(ord(ch) >= 0x2E80 for ch in word) or len(word) < 6 or width(word, size, False) <= box.w:
        return None
    if 2 * line_step(size, False) > box.h + line_step(size, False) - band(size, False)[1]:
        return None                                      # no room for two lines
    middle = len(word) / 2
    for k in sorted(range(3, len(word) - 2), key=lambda k: abs(k - middle)):
        head, tail = word[:k] + "-", word[k:]
        if max(width(head, size, False), width(tail, size, False)) <= box.w:
            return f"{head}\n{tail}"
    return None


def draw_word_card(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, pos: int, lines: Sequence[str],
                   ring: Colour | None = None, marks: Sequence[tuple[str, Colour]] = (), dim: bool = False,
                   across: bool = False) -> None:
    """Position `pos` (1-10) and its word; `ring` outlines it (your target, a reveal);
    `marks` are tags under the number (who a vote gives this number to), or with
    `across` in a row beside the number, the word under them (the reveal: up to five
    voters on one word, each tag big enough for its letter) when the word fits there,
    else under the number like the others."""
    rad = fr.px(10)
    pygame.draw.rect(surface, DIM if dim else WORD_CARD, rect, border_radius=rad)
    if ring is not None:
        pygame.draw.rect(surface, ring, rect.inflate(fr.px(6), fr.px(6)), max(3, fr.px(5)), border_radius=rad)
    d = min(fr.px(30), rect.h // 2)
    badge = pygame.Rect(rect.x + fr.px(5), rect.y + fr.px(5), d, d)
    pygame.draw.ellipse(surface, WORD_INK, badge)
    text_in(surface, str(pos), badge.inflate(-fr.px(4), -fr.px(6)), fr.fs(20), WORD_CARD, bold=True,
            min_size=fr.min_fs)
    under = pygame.Rect(rect.x + fr.px(6), badge.bottom + fr.px(2), rect.w - fr.px(12),
                        rect.bottom - badge.bottom - fr.px(6))
    if marks and across and _fits_lines(lines, under, fr):
        gap = fr.px(2)
        row = pygame.Rect(badge.right + fr.px(4), badge.y, rect.right - badge.right - fr.px(9), d)
        td = max(6, min(d, (row.w - gap * (len(marks) - 1)) // len(marks)))
        for i, (text, colour) in enumerate(marks):
            _tag(surface, pygame.Rect(row.x + i * (td + gap), row.centery - td // 2, td, td), fr, text, colour)
        draw_lines(surface, lines, under, fr.fs(26), (40, 40, 40) if dim else WORD_INK, fr)
        return
    if marks:
        room = rect.bottom - badge.bottom - fr.px(6)
        td = max(6, min(d, (room - fr.px(2) * (len(marks) - 1)) // len(marks)))
        for i, (text, colour) in enumerate(marks):
            _tag(surface, pygame.Rect(badge.centerx - td // 2, badge.bottom + fr.px(3) + i * (td + fr.px(2)), td, td),
                 fr, text, colour)
    body = pygame.Rect(badge.right + fr.px(4), rect.y + fr.px(4), rect.right - badge.right - fr.px(10),
                       rect.h - fr.px(8))
    if not _fits_lines(lines, body, fr):
        # too long beside the number even wrapped at the smallest size ("earthquake" on a
        # replay's small card, "mooncake" over 月餅): the whole width under the number
        under = pygame.Rect(rect.x + fr.px(6), badge.bottom, rect.w - fr.px(12), rect.bottom - fr.px(4) - badge.bottom)
        if _fits_lines(lines, under, fr) or under.w * under.h > body.w * body.h:
            body = under
    draw_lines(surface, lines, body, fr.fs(26), (40, 40, 40) if dim else WORD_INK, fr)


def _tag(surface: pygame.Surface, tag: pygame.Rect, fr: Frame, text: str, colour: Colour) -> None:
    """A player's tag on a word card: a dot in their colour, with their letter if it fits."""
    pygame.draw.ellipse(surface, colour, tag)
    pygame.draw.ellipse(surface, WORD_INK, tag, max(1, fr.px(2)))
    if tag.w >= fr.px(24):
        text_in(surface, text, tag.inflate(-fr.px(4), -fr.px(6)), fr.fs(18), style.ink_on(colour), bold=True,
                min_size=fr.min_fs, ellipsis=True)


def _fits_lines(lines: Sequence[str], box: pygame.Rect, fr: Frame) -> bool:
    """Whether a word's lines (one language, or English over Chinese) fit `box` at the
    smallest readable size, each script in its own band."""
    if len(lines) == 1:
        return _fits(lines[0], box, fr.min_fs)
    top, bottom = _both(box, fr)
    return _fits(lines[0], top, fr.min_fs, 3) and _fits(lines[1], bottom, fr.min_fs)


def _fits(text: str, box: pygame.Rect, size: int, most: int = 2) -> bool:
    """Whether `text` fits `box` at `size`, on one line or wrapped to `most` as `_fit` would."""
    lines = wrap(text, size, box.w, True) if (" " in text or any(ord(ch) >= 0x2E80 for ch in text)) else (text,)
    return len(lines) <= most and all(width(ln, size, True) <= box.w for ln in lines) and \
        (len(lines) - 1) * line_step(size, True) + band(size, True)[1] <= box.h


def draw_marker(surface: pygame.Surface, centre: tuple[int, int], d: int, seat: int, number: int,
                stacked: bool = False, faded: bool = False, fr: Frame | None = None) -> None:
    """A hint marker in the seat's colour with its number; a stack shows the 3 under it."""
    colour = style.seat_colour(seat)
    if faded:
        colour = tuple((c + 2 * b) // 3 for c, b in zip(colour, HINT_CARD))   # type: ignore[assignment]
    r = d // 2
    if stacked:
        base = (centre[0] + max(2, d // 6), centre[1] + max(2, d // 6))
        pygame.draw.circle(surface, colour, base, r)
        pygame.draw.circle(surface, style.INK_DARK, base, r, max(1, d // 14))
    pygame.draw.circle(surface, colour, centre, r)
    pygame.draw.circle(surface, style.INK_DARK, centre, r, max(1, d // 14))
    size = max(8, round(d * 0.62))
    if number:                                # number 0: a plain marker (the icon)
        box = pygame.Rect(0, 0, d - max(2, d // 5), d - max(2, d // 5))
        box.center = centre
        text_in(surface, str(number), box, size, style.ink_on(colour), bold=True, min_size=min(size, 12))


def draw_chips(surface: pygame.Surface, area: pygame.Rect, fr: Frame, placements: Sequence[dict],
               focus: int | None = None, fresh: tuple[int, int] | None = None, side: int = 0,
               card: int = 0) -> None:
    """The markers beside one hint word, in the order placed, in rows as they fit.
    `focus`: only that seat's stand out (the vote reads one player at a time); `fresh`:
    the (card, seat) just placed, ringed."""
    if not placements:
        return
    d = min(fr.px(30), area.h)
    gap = max(2, fr.px(4))
    per_row = max(1, (area.w + gap) // (d + gap + d // 4))
    rows = max(1, (len(placements) + per_row - 1) // per_row)
    if rows > 1 and rows * d + (rows - 1) * gap > area.h:
        d = max(8, (area.h - (rows - 1) * gap) // rows)
        per_row = max(1, (area.w + gap) // (d + gap + d // 4))
        rows = (len(placements) + per_row - 1) // per_row
    for i, p in enumerate(placements):
        row, col = divmod(i, per_row)
        cx = area.x + d // 2 + col * (d + gap + d // 4)
        cy = area.y + d // 2 + row * (d + gap)
        seat = int(p["seat"])
        markers = list(p["markers"])
        draw_marker(surface, (cx, cy), d, seat, int(markers[-1]), stacked=len(markers) > 1,
                    faded=focus is not None and seat != focus)
        if fresh == (card, seat):
            pygame.draw.circle(surface, style.ACCENT, (cx, cy), d // 2 + max(2, fr.px(3)), max(2, fr.px(3)))


def draw_hint_card(surface: pygame.Surface, box: "object", fr: Frame, number: int, lines: Sequence[Sequence[str]],
                   placements: Sequence[dict], *, pick: int | None = None, hover: int | None = None,
                   open_: bool = True,
                   focus: int | None = None, fresh: int | None = None) -> None:
    """A hint card (`box`: layout.HintBox): its number, its two words, the markers beside
    each; `pick` outlines the word chosen; a card closed to the seat placing is dimmed."""
    rect = box.rect                                      # type: ignore[attr-defined]
    rad = fr.px(10)
    pygame.draw.rect(surface, HINT_CARD if open_ else (38, 44, 72), rect, border_radius=rad)
    pygame.draw.rect(surface, HINT_EDGE if open_ else style.BG_3, rect, max(1, fr.px(2)), border_radius=rad)
    text_in(surface, str(number), box.tag, fr.fs(18), style.INK_DIM, align="right", valign="bottom",  # type: ignore
            min_size=fr.min_fs)
    mid = box.halves[1].y                                # type: ignore[attr-defined]
    pygame.draw.line(surface, HINT_EDGE, (rect.x + fr.px(6), mid), (rect.right - fr.px(6), mid), 1)
    for side in (0, 1):
        if hover == side and open_:
            pygame.draw.rect(surface, style.INK_DIM, box.halves[side].inflate(-fr.px(2), -fr.px(2)),  # type: ignore
                             max(1, fr.px(2)), border_radius=rad)
        if pick == side:
            pygame.draw.rect(surface, style.ACCENT, box.halves[side].inflate(-fr.px(2), -fr.px(2)),  # type: ignore
                             max(2, fr.px(4)), border_radius=rad)
        draw_lines(surface, lines[side], box.words[side], fr.fs(22),                         # type: ignore
                   style.INK if open_ else style.INK_DIM, fr)
        draw_chips(surface, box.chips[side], fr, [p for p in placements if int(p["side"]) == side],  # type: ignore
                   focus=focus, fresh=None if fresh is None else (box.card, fresh), card=box.card)  # type: ignore


def draw_number_card(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, number: int | None,
                     turn: float = 1.0, colour: Colour | None = None) -> None:
    """A number card: its back until `turn` passes half way, then its number (the card's
    width goes through zero as it turns)."""
    w = max(1, round(rect.w * abs(1 - 2 * min(1.0, max(0.0, turn)))))
    r = pygame.Rect(0, 0, w, rect.h)
    r.center = rect.center
    face = number is not None and turn >= 0.5
    fill = WORD_CARD if face else NUMBER_BACK
    pygame.draw.rect(surface, fill, r, border_radius=fr.px(8))
    pygame.draw.rect(surface, colour or style.INK, r, max(2, fr.px(3)), border_radius=fr.px(8))
    if face and w > rect.w // 2:
        text_in(surface, str(number), r.inflate(-fr.px(6), -fr.px(8)), max(fr.fs(36), round(rect.h * 0.6)),
                WORD_INK, bold=True, min_size=fr.min_fs)
    elif not face and w > rect.w // 2:
        text_in(surface, "?", r.inflate(-fr.px(6), -fr.px(8)), round(rect.h * 0.5), style.INK, bold=True,
                min_size=fr.min_fs)


def track_columns(area: pygame.Rect) -> int:
    """Ten squares a row in a wide place (two rows), five in a narrow one (four rows: a
    replay's side panel), so that the squares stay big enough to read."""
    return 10 if area.w >= 3 * area.h else 5


def track_squares(area: pygame.Rect, gap: int, cols: int = 10) -> list[pygame.Rect]:
    """The 20 squares snaking down: 0-9 left to right on the top row, 10-19 right to left
    below (or five a row, every other row right to left)."""
    rows = 20 // cols
    w = (area.w - (cols - 1) * gap) / cols
    h = (area.h - (rows - 1) * gap) / rows
    out = []
    for pos in range(20):
        row, col = divmod(pos, cols)
        if row % 2:
            col = cols - 1 - col
        out.append(pygame.Rect(round(area.x + col * (w + gap)), round(area.y + row * (h + gap)), round(w), round(h)))
    return out


def draw_track(surface: pygame.Surface, area: pygame.Rect, fr: Frame, scores: Sequence[int]) -> None:
    """The score track: each seat's token on square score mod 20 (up to four side by
    side, two rows). Once someone passes 20, a strip under the squares says what to add:
    the tokens' colours and "+20" (a lapped token is ringed), at a readable size however
    small the squares are."""
    gap = max(1, fr.px(3))
    laps: dict[int, list[int]] = {}
    for s, score in enumerate(scores):
        if int(score) >= 20:
            laps.setdefault(int(score) // 20, []).append(s)
    squares_area = pygame.Rect(area)
    if laps:
        strip_h = min(area.h // 3, fr.fs(18) + fr.px(8))
        squares_area.h -= strip_h + gap
        _draw_laps(surface, pygame.Rect(area.x, squares_area.bottom + gap, area.w, strip_h), fr, laps)
    squares = track_squares(squares_area, gap, track_columns(squares_area))
    at: dict[int, list[int]] = {}
    for s, score in enumerate(scores):
        at.setdefault(int(score) % 20, []).append(s)
    for pos, r in enumerate(squares):
        pygame.draw.rect(surface, TRACK, r, border_radius=fr.px(5))
        seats = at.get(pos, [])
        label = str(pos)
        if (r.w >= fr.px(26) or pos % 5 == 0) and width(label, fr.min_fs) <= r.w:   # narrow: every fifth
            text_in(surface, label, r, fr.fs(18), DIM if seats else style.INK_DIM, min_size=fr.min_fs)
        if not seats:
            continue
        one = len(seats) == 1
        d = max(6, min(r.w, r.h) - fr.px(6)) if one else max(6, min((r.w - fr.px(3)) // 2, (r.h - fr.px(3)) // 2))
        for i, s in enumerate(seats):
            row, col = divmod(i % 4, 2)
            if one:
                cx, cy = r.center
            else:
                cx = r.x + fr.px(2) + d // 2 + col * d + (i // 4) * d // 3
                cy = r.y + fr.px(2) + d // 2 + row * d
            pygame.draw.circle(surface, style.seat_colour(s), (cx, cy), d // 2)
            lapped = int(scores[s]) >= 20
            pygame.draw.circle(surface, style.INK if lapped else style.INK_DARK, (cx, cy), d // 2,
                               max(2, d // 6) if lapped else 1)


def _draw_laps(surface: pygame.Surface, strip: pygame.Rect, fr: Frame, laps: dict[int, list[int]]) -> None:
    """Under the track, per lap count: the lapped seats' colours, then "+20" (or "+40")."""
    d = max(6, min(strip.h - fr.px(4), fr.px(18)))
    x = strip.x
    for n, seats in sorted(laps.items()):
        for s in seats:
            c = (x + d // 2, strip.centery)
            pygame.draw.circle(surface, style.seat_colour(s), c, d // 2)
            pygame.draw.circle(surface, style.INK, c, d // 2, max(2, d // 6))
            x += d + fr.px(2)
        label = t("wordporters.ui.track_plus", points=20 * n)
        w = min(strip.right - x, width(label, fr.fs(18), True) + fr.px(8))
        if w <= 0:
            return
        text_in(surface, label, pygame.Rect(x + fr.px(2), strip.y, w, strip.h), fr.fs(18), style.INK, bold=True,
                align="left", min_size=fr.fs(18), ellipsis=True)
        x += w + fr.px(10)
