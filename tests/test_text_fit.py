"""Fitting a line (scenes/ui/text.py fit_size, scenes/ui/gui.py fit_widget_size) tries few
font sizes, since each size tried loads a font face (0.6 ms and 0.3 MB each), and still
gives the size a one-by-one search would."""
from __future__ import annotations

import pygame
import pytest

from bench.text_fit import SAMPLES, cases, one_by_one
from scenes.ui import fonts, text
from scenes.ui.gui import fit_widget_size
from scenes.ui.theme import SIZES


@pytest.fixture(autouse=True)
def fonts_on():
    pygame.font.init()


def test_fit_size_gives_what_a_one_by_one_search_gives():
    """A seeded sample (every text, bold and not, with and without a height limit); the
    full sample is bench/text_fit.py's."""
    sample = cases(60)
    assert {c[0] for c in sample} == set(SAMPLES) and {c[4] for c in sample} == {True, False}
    assert {c[3] == 1 << 16 for c in sample} == {True, False}
    for t, s, w, h, b in sample:
        assert text.fit_size.__wrapped__(t, s, w, h, b) == one_by_one(t, s, w, h, b), (t, s, w, h, b)


def faces_loaded(fn) -> int:
    made = []
    real = fonts.font.__wrapped__

    def counting(size: int, bold: bool = False):
        made.append((size, bold))
        return real(size, bold)
    fonts.font.cache_clear()
    text.width.cache_clear()           # (widths are kept: each is measured afresh here)
    text.font = counting
    try:
        fn()
    finally:
        text.font = fonts.font
        fonts.font.cache_clear()
        text.width.cache_clear()
    return len(set(made))


def test_a_long_line_shrunk_far_tries_few_sizes():
    long_line = "A line far too long for its box, shrunk from eighty pixels to fit"
    assert faces_loaded(lambda: text.fit_size.__wrapped__(long_line, 80, 300)) <= 5


def test_a_widget_label_that_fits_at_once_loads_one_face():
    import scenes.ui.gui as gui
    made = []
    real = gui.font
    gui.font = lambda size, bold=False: made.append(size) or real(size, bold)
    try:
        assert fit_widget_size("Play", 28, pygame.Rect(0, 0, 400, 80), True) == 28
        assert made == [28]
        assert fit_widget_size("", 22, pygame.Rect(0, 0, 10, 80), True) == 22
        assert fit_widget_size("Far too long a label for this", 48, pygame.Rect(0, 0, 40, 80), True) == SIZES[0]
    finally:
        gui.font = real


def test_the_recorder_marks_a_cut_and_not_a_texts_own_ellipsis():
    """`record_text` flags a text shortened with "…" to fit (one line or the last line of a
    paragraph) and not a text whose own last character is "…" ("Bo is thinking…")."""
    from scenes.ui.draw import record_text, text_in
    from support.fits import cut_short
    surface = pygame.Surface((400, 200))
    with record_text() as blits:
        text_in(surface, "Bo is thinking…", pygame.Rect(0, 0, 400, 40), 20, ellipsis=True)
        text_in(surface, "Bo is thinking about a very long word…", pygame.Rect(0, 50, 90, 40), 20, min_size=20,
                ellipsis=True)
        text_in(surface, "one two three four five six seven eight nine ten", pygame.Rect(0, 100, 120, 30), 20,
                wrap_lines=True, min_size=20, ellipsis=True)
        text_in(surface, "a few words…", pygame.Rect(0, 150, 400, 40), 20, wrap_lines=True, ellipsis=True)
    assert [b.text for b in blits if b.text.endswith("…")] == [b.text for b in blits][:1] + cut_short(blits) + ["a few words…"]
    assert len(cut_short(blits)) == 2 and not blits[0].cut and not blits[-1].cut


def test_pages_that_fit_keep_every_part_whole_and_in_order():
    from scenes.ui.text import block_fits, pages_that_fit, width
    parts = ["WASD move", "Q/E tile", "Space put/lift", "R 6↔9", "X swap", "C Sumoku!"]

    def page(run):
        return "Keys: " + " · ".join(run)
    size, pages = pages_that_fit(parts, page, 18, 14, 10_000, 40)       # room enough: one page
    assert (size, pages) == (18, [page(parts)])
    w = width(page(parts[:3]), 14) + 2                                  # three parts a page at most
    size, pages = pages_that_fit(parts, page, 18, 14, w, 24, max_lines=1)
    assert size == 14 and len(pages) >= 2
    assert all(block_fits(p, 14, w, 24, max_lines=1) for p in pages)
    assert [x for p in pages for x in p[len("Keys: "):].split(" · ")] == parts
    one = "Drag a tile onto a square (or click it, then the square)"   # one part too long: in pieces
    size, pages = pages_that_fit([one], lambda run: " · ".join(run), 18, 14, width("Drag a tile", 14) + 2, 24,
                                 max_lines=1)
    assert len(pages) > 1 and " ".join(pages) == one
    assert all(width(p, 14) <= width("Drag a tile", 14) + 2 for p in pages)
