"""Does drawn text fit? Checks over the text a scene drew (scenes.ui.draw.record_text)."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.ui.draw import record_text
from scenes.ui.geometry import Frame


def assert_fits(blits: list[Any], size: tuple[int, int] | None = None, *, small_digits: bool = False) -> None:
    """Something was drawn and every text is inside its box; with the window `size`, none
    is smaller than the smallest readable size (18 design px), numbers too unless
    `small_digits`."""
    bad = [f"{b.text!r} at {b.rect} outside {b.box}" for b in blits if not b.fits]
    assert not bad, bad[:5]
    assert blits, "nothing was drawn"
    if size is None:
        return
    k = min(size[0] / 1280, size[1] / 720)
    small = [(b.text, b.size) for b in blits if b.size < round(18 * k) and not (small_digits and b.text.isdigit())]
    assert not small, small[:5]


def cut_short(blits: list[Any]) -> list[str]:
    """The texts shortened with "…" to fit (a text's own "…", as in "Bo is thinking…", is
    no cut)."""
    return [b.text for b in blits if b.cut]


def readable_min(size: tuple[int, int]) -> int:
    """The smallest readable font px in a window of `size`: 18 design px, scaled as
    `Frame.min_fs` scales it."""
    return max(8, round(18 * min(size[0] / 1280, size[1] / 720)))


def unreadable(blits: list[Any]) -> list[tuple[str, str, int]]:
    """(why, text, px) for every text drawn outside its box, cut short with "…", or smaller
    than the readable minimum of the surface it was drawn on."""
    bad = [("outside", b.text, b.size) for b in blits if not b.fits]
    bad += [("cut", b.text, b.size) for b in blits if b.cut]
    return bad + [("small", b.text, b.size) for b in blits if b.size < readable_min(b.surface_size)]


def draw_howto_page(page: Any, surface: pygame.Surface) -> list[Any]:
    """Draw a how-to page where the how-to scene puts it (scenes/common/howto.py) and
    return the text it drew."""
    with record_text() as blits:
        page.draw(surface, Frame(surface.get_size()).r(40, 110, 1200, 520))
    return blits
