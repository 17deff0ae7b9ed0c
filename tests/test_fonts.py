"""Our font (assets/fonts, cut by tools/build_font.py) has a glyph for every character
of every catalog string, in both weights, and for all of Big5.

Coverage is checked with pygame.freetype (`get_metrics` gives None for a missing glyph;
pygame.font reports the .notdef box as if it were a glyph). All of Big5 is checked, not a
sample: one get_metrics call over the ~13,700 characters takes well under a second."""
from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from engine.core.i18n import LANGS, catalog
from scenes.ui.fonts import BOLD, FONT_DIR, REGULAR
from support.cff import cff_layout

# Big5 characters Noto Sans CJK TC itself has no glyph for (so no subset can have them):
# U+02CD modifier low macron, U+203E overline, U+223C tilde operator, U+2252 approximately
# equal to or the image of. tools/build_font.py warns about exactly these when it runs.
NOT_IN_SOURCE = {0x02CD, 0x203E, 0x223C, 0x2252}


def big5_chars() -> list[str]:
    out = set()
    trails = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
    for lead in range(0x81, 0xFF):
        for trail in trails:
            try:
                out.update(bytes((lead, trail)).decode("big5"))
            except UnicodeDecodeError:
                pass
    return sorted(out)


@pytest.fixture(scope="module", params=[REGULAR, BOLD], ids=["regular", "bold"])
def face(request: pytest.FixtureRequest) -> pygame.freetype.Font:
    pygame.freetype.init()
    return pygame.freetype.Font(str(request.param), 24)


def missing(face: pygame.freetype.Font, chars: list[str]) -> list[str]:
    metrics = face.get_metrics("".join(chars))
    return [c for c, m in zip(chars, metrics) if m is None]


def test_pygame_is_ce() -> None:
    assert pygame.IS_CE


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_string_renders(face: pygame.freetype.Font, lang: str) -> None:
    strings = catalog(lang)
    assert len(strings) > 50
    chars = sorted({c for text in strings.values() for c in text if not c.isspace()})
    gaps = missing(face, chars)
    where = {c: [k for k, v in strings.items() if c in v][:3] for c in gaps}
    assert not gaps, f"{lang}: no glyph for {where}"
    if lang == "zh-TW":
        assert sum(1 for c in chars if "\u4e00" <= c <= "\u9fff") > 100   # really Chinese


def test_the_check_does_find_a_missing_glyph(face: pygame.freetype.Font) -> None:
    assert missing(face, ["A", "\u0e01", "\U0001F600"]) == ["\u0e01", "\U0001F600"]  # Thai, emoji


def test_all_of_big5_is_covered(face: pygame.freetype.Font) -> None:
    chars = big5_chars()
    assert len(chars) > 13000
    gaps = {ord(c) for c in missing(face, chars)}
    assert gaps <= NOT_IN_SOURCE, sorted(hex(g) for g in gaps - NOT_IN_SOURCE)[:20]


def test_font_is_our_traditional_chinese_cut_and_ships_its_licence() -> None:
    pygame.freetype.init()
    assert pygame.freetype.Font(str(REGULAR)).name == "Noto Sans TC Couchtop"
    licence = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    for path in (REGULAR, BOLD):
        assert 1_000_000 < path.stat().st_size < 9_000_000


@pytest.mark.parametrize("path", [REGULAR, BOLD], ids=["regular", "bold"])
def test_the_font_is_laid_out_for_a_quick_open(path) -> None:
    """Every size of the font on screen is a face FreeType opens (again after each resize),
    reading the file through SDL a seek and a read at a time. The source's CIDs, kept by the
    subset, scattered the charset over 4,051 ranges read one by one, and its 882 global and
    11 local subroutine sets were copied into each face: 6 ms and 1.4 MB a face. Numbered by
    glyph and with the subroutines expanded (tools/build_font.py) the charset is one range
    and there is nothing to copy: 0.6 ms and 0.3 MB, the same pixels."""
    layout = cff_layout(path.read_bytes())
    assert layout.glyphs > 14000
    assert layout.charset_ranges == [(1, layout.glyphs - 1)]
    assert layout.global_subrs == 0 and layout.local_subrs == 0
