"""Text surfaces and measurements, cached (rendering text every frame is the main cost of
a frame): one rendered line and the box of its inked pixels, the largest size at which a
line fits a box, line breaking for English and Chinese, and cutting a line short with "…".
Drawing into boxes is `scenes.ui.draw.text_in`, built on these."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from scenes.ui.fonts import font
from scenes.ui.sizecache import sized_cache

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)

# Never at the start of a line (they hang on to the character before them) ...
NO_LINE_START = frozenset("，。、：；！？）」』〉》】〕…‥·,.:;!?)]}%")
# ... and never at the end of one (they go down with the character after them).
NO_LINE_END = frozenset("（「『〈《【〔([{")
# Ink of these spans the tallest and lowest glyphs of a line in either language.
BAND_SAMPLE = "Hgjy國（）"


@sized_cache(maxsize=2048)
def render(text: str, size: int, colour: Colour = WHITE, bold: bool = False) -> pygame.Surface:
    """One line of text (anti-aliased, transparent background)."""
    return font(size, bold).render(text, True, colour)


@sized_cache(maxsize=4096)
def inked(text: str, size: int, colour: Colour = WHITE, bold: bool = False) -> tuple[pygame.Surface, pygame.Rect]:
    """The rendered line and the box of its visible pixels (inside the surface)."""
    surf = render(text, size, colour, bold)
    return surf, surf.get_bounding_rect()


@sized_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> int:
    """The advance width of one line, in px (measured by shaping it: kept, as line breaking
    and fitting ask for the same words again every time a screen is laid out)."""
    return font(size, bold).size(text)[0]


@sized_cache(maxsize=256)
def band(size: int, bold: bool = False) -> tuple[int, int]:
    """(top, height) of the ink of a typical line at `size`, from the top of its surface:
    lines of a paragraph are spaced and placed by this band, not by the font's line box,
    whose gaps are large in a CJK font."""
    ink = inked(BAND_SAMPLE, size, WHITE, bold)[1]
    return ink.y, ink.h


def line_step(size: int, bold: bool = False) -> int:
    """The distance between the tops of two lines of a paragraph."""
    return max(band(size, bold)[1] + 2, round(size * 1.35))


@sized_cache(maxsize=4096)
def fit_size(text: str, size: int, max_w: int, max_h: int = 1 << 16, bold: bool = False,
             min_size: int = 12) -> int:
    """The largest size <= `size` (and >= `min_size`) at which one line of `text` fits
    `max_w` x `max_h`: the width by the font's advance, the height by the inked pixels."""
    size = int(size)
    while size > min_size:
        w = width(text, size, bold)
        if w <= max_w and inked(text, size, WHITE, bold)[1].h <= max_h:
            break
        if w > max_w:
            # a line's advance grows about in step with the size: skip the sizes that
            # surely stay too wide (each size tried loads a font face), with a margin of a
            # pixel a character for the rounding of each glyph's advance, and one size more
            size = max(min_size, min(size - 1, int(size * (max_w + len(text)) / w) + 1))
        else:
            size -= 1
    return size


def _tokens(para: str) -> list[str]:
    """Break points: between any two Chinese characters, at spaces in Latin text, and
    after Chinese punctuation; a run of Latin letters, digits and signs ("3-7-5", "124",
    "3.5") is never split."""
    out: list[str] = []
    run = ""
    for ch in para:
        if ch == " " or ord(ch) >= 0x2E80 or ch in NO_LINE_START or ch in NO_LINE_END:
            if ch in NO_LINE_START and run:
                run += ch             # "end." stays one word with its full stop ...
                if ord(ch) >= 0x2E80:
                    out.append(run)   # ... and "E、T、IN" breaks after each 、 (not "3.5")
                    run = ""
                continue
            if run:
                out.append(run)
                run = ""
            out.append(ch)
        else:
            run += ch
    if run:
        out.append(run)
    return out


def _units(para: str) -> list[str]:
    """The pieces a line may break between (a space is a break and disappears there):
    closing punctuation is glued to the piece before it, an opening bracket to the piece
    after it; a straight quote touching the piece before it closes a quotation and is
    glued to it too ('"tunnel / 隧道".' never puts '".' at the start of a line)."""
    units: list[str] = []
    for tok in _tokens(para):
        opening = bool(units) and units[-1].strip()[-1:] in NO_LINE_END
        closing_quote = tok[:1] in "\"'" and bool(units) and units[-1] != " "
        if closing_quote:
            units[-1] += tok
        elif tok in NO_LINE_START and units:
            if units[-1] == " " and len(units) > 1:
                units.pop()
                units[-1] += " " + tok
            else:
                units[-1] += tok
        elif opening:
            units[-1] += tok
        else:
            units.append(tok)
    return units


@sized_cache(maxsize=1024)
def wrap(text: str, size: int, max_width: int, bold: bool = False) -> tuple[str, ...]:
    """`text` broken into lines no wider than `max_width` px (a piece that cannot be broken
    and is wider than that gets a line of its own). Latin breaks at spaces, Chinese between
    characters; numbers and runs like "3-7-5" are never split; closing punctuation never
    starts a line and an opening bracket never ends one."""
    lines: list[str] = []
    for para in text.split("\n"):
        rows: list[list[str]] = []
        line: list[str] = []
        for unit in _units(para):
            if unit == " ":
                if line:
                    line.append(unit)
            elif not line or width("".join(line + [unit]).strip(), size, bold) <= max_width:
                line.append(unit)
            else:
                rows.append(line)
                line = [unit]
        rows.append(line)
        _no_orphan(rows, size, max_width, bold)
        lines += ["".join(row).strip() for row in rows]
    return tuple(lines)


def _cjk_count(text: str) -> int:
    return sum(1 for ch in text if ord(ch) >= 0x2E80 and ch not in NO_LINE_START and ch not in NO_LINE_END)


def _no_orphan(rows: list[list[str]], size: int, max_width: int, bold: bool) -> None:
    """A paragraph's last line is never 1-2 Chinese characters alone (with their
    punctuation, as in "記。" or "性」旁。"): pieces move down from the line above until it has 3, or
    until a piece that is not Chinese joins them (a number and its unit, "+1 分。", or a
    name, read as a line). The space before a moved Latin piece goes down with it."""
    while len(rows) > 1:
        last, above = rows[-1], rows[-2]
        text = "".join(last).strip()
        marks = NO_LINE_START | NO_LINE_END
        if not text or not 0 < _cjk_count(text) < 3 or _cjk_count(text) != sum(ch not in marks for ch in text):
            return               # 3 characters or more, or not only Chinese ("性」旁。" is 2)
        if len([u for u in above if u != " "]) < 3:
            return               # the line above would be left too short
        spaced = bool(above) and above[-1] == " "
        while above and above[-1] == " ":
            above.pop()
        moved = above.pop()
        down = [moved, " "] if spaced else [moved]
        if width("".join(down + last).strip(), size, bold) > max_width:
            above.extend(down)
            return
        last[0:0] = down


@sized_cache(maxsize=1024)
def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """`text` cut short with "…" so that it fits `max_width` px (unchanged if it fits)."""
    if width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def _rows(lines: Sequence[str], size: int, max_h: int, bold: bool, max_lines: int | None) -> int:
    """How many of `lines` a block `max_h` high (and `max_lines`) holds at `size`."""
    step, (_, bh) = line_step(size, bold), band(size, bold)
    return max(1, min(len(lines), max_lines or len(lines), (max_h - bh) // step + 1))


def _fits(lines: Sequence[str], size: int, max_w: int, max_h: int, bold: bool, max_lines: int | None) -> bool:
    """`lines` (wrapped at `size`) fit `max_w` x `max_h` (and `max_lines`) whole."""
    step, (_, bh) = line_step(size, bold), band(size, bold)
    return (len(lines) <= _rows(lines, size, max_h, bold, max_lines) and (len(lines) - 1) * step + bh <= max_h
            and all(width(ln, size, bold) <= max_w for ln in lines))


def block_fits(text: str, size: int, max_w: int, max_h: int, bold: bool = False,
               max_lines: int | None = None) -> bool:
    """`text` wrapped to `max_w` at `size` fits `max_w` x `max_h` (and `max_lines`) whole."""
    return _fits(wrap(text, size, max_w, bold), size, max_w, max_h, bold, max_lines)


def pages_that_fit(parts: Sequence[str], page: Callable[[list[str]], str], size: int, min_size: int,
                   max_w: int, max_h: int, bold: bool = False, max_lines: int | None = None
                   ) -> tuple[int, list[str]]:
    """(size, pages) for a text made of `parts` (`page(parts)` writes the text of some):
    all of them on one page at the largest size from `size` down to `min_size` at which it
    fits `max_w` x `max_h` whole; else, at `min_size`, the parts in order over as few pages
    as hold them whole (to be shown in turn, nothing cut short)."""
    for s in range(int(size), int(min_size) - 1, -1):
        if block_fits(page(list(parts)), s, max_w, max_h, bold, max_lines):
            return s, [page(list(parts))]
    pages: list[str] = []
    run: list[str] = []
    for part in parts:
        pieces = _pieces(part, page, int(min_size), max_w, max_h, bold, max_lines)
        if len(pieces) > 1:          # a part too long for a page of its own: a page a piece
            pages += [page(run)] if run else []
            pages += [page([piece]) for piece in pieces]
            run = []
            continue
        if run and not block_fits(page(run + [part]), min_size, max_w, max_h, bold, max_lines):
            pages.append(page(run))
            run = []
        run.append(part)
    return int(min_size), pages + ([page(run)] if run else [])


def _pieces(part: str, page: Callable[[list[str]], str], size: int, max_w: int, max_h: int,
            bold: bool, max_lines: int | None) -> list[str]:
    """`part` whole where its page fits, else broken between words (as `wrap` breaks
    lines) into the fewest pieces whose pages each fit; whole if no breaking helps."""
    if block_fits(page([part]), size, max_w, max_h, bold, max_lines):
        return [part]
    w = max_w
    while w >= max_w // 4:
        pieces = list(wrap(part, size, w, bold))
        if all(block_fits(page([x]), size, max_w, max_h, bold, max_lines) for x in pieces):
            return pieces
        w = w * 9 // 10
    return [part]


@sized_cache(maxsize=1024)
def paragraph(text: str, size: int, max_w: int, max_h: int, bold: bool = False, min_size: int = 12,
              max_lines: int | None = None, cut: bool = False) -> tuple[int, tuple[str, ...]]:
    """(size, lines) of `text` wrapped to `max_w`, shrunk until the block fits `max_h`
    (and `max_lines`). At `min_size` a block still too tall keeps the lines that fit, the
    last cut short with "…", when `cut`; otherwise it is returned as it is."""
    s = int(size)
    while True:
        lines = wrap(text, s, max_w, bold)
        rows = _rows(lines, s, max_h, bold, max_lines)
        fits = _fits(lines, s, max_w, max_h, bold, max_lines)
        if fits or s <= min_size:
            break
        s -= 1
    if not fits and cut and len(lines) > rows:
        pos = 0
        for ln in lines[:rows - 1]:
            pos = text.index(ln, pos) + len(ln)
        rest = text[pos:].replace("\n", " ").strip()
        lines = lines[:rows - 1] + (ellipsize(rest, s, max_w, bold),)
    return s, lines
