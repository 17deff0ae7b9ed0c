"""The Hooky, Paperback and Sumoku phone pages in both languages at 360x640, mid-game with a move to
make: nothing scrolls sideways or is cut short, the page is not a secure context, every control a move
needs is a real button of at least 40 px (nothing hover-only), and the screenshots are
kept for a person to look at (COUCHTOP_SHOTS=dir)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.phonegames import HookyDriver, PaperbackDriver, SumokuDriver
from support.phones import Tv, check_page_fits, in_sync, play, seat_phones, until


@pytest.mark.parametrize("game, kinds, driver, moves, options", [
    ("hooky", ["phone", "phone", "bot"], HookyDriver, 7, {"start": 0, "assistant": "prob"}),
    ("paperback", ["phone", "phone", "bot"], PaperbackDriver, 5, {}),
    ("sumoku", ["phone", "phone", "bot"], SumokuDriver, 6, {"variant": "classic", "exchange": True}),
])
def test_game_pages_in_both_languages_at_360_by_640(phones, tmp_path, game, kinds, driver, moves, options):
    out = Path(os.environ.get("COUCHTOP_SHOTS", tmp_path))
    tv = Tv(game, kinds, seed=6, options=options)
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        tv.start_game()
        play(tv, pages, driver(tv), most=moves)
        for seat, ph in pages.items():
            until(tv, ph.page, lambda: in_sync(tv, ph, seat), "in sync")
            page = ph.page
            check_page_fits(page)
            lang = "zh-TW" if seat else "en"
            path = out / f"phone-{game}-{lang}.png"
            page.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 5000
    finally:
        tv.stop()
