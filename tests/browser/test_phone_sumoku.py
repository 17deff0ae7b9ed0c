"""Sumoku played from real browser pages: a whole classic game of 2 phones and a bot (tiles
tapped in the rack and then on the table's squares, a 6 turned into a 9, a play the
rules refuse shown with their reason in the phone's language, a play from the TV's
Hint), and a solitaire game from one phone (the table zoomed in and out, plays, the
stage's exchange, the end asked twice). Every frame every page received is the seat's
view or event views (and the scramble of the bag changes none of them); the log
verifies."""
from __future__ import annotations

from engine.core.i18n import tr
from support.phonegames import SumokuDriver
from support.phones import Tv, in_sync, play, seat_phones, tap, until
from test_phone_games import finish


def test_sumoku_classic_whole_game_two_phones_and_a_bot(phones, tmp_path):
    tv = Tv("sumoku", ["phone", "bot", "phone"], seed=1, log_dir=tmp_path, options={"variant": "classic"})
    try:
        pages = seat_phones(tv, phones, [0, 2], langs={2: "zh-TW"})
        tv.start_game()
        drive = SumokuDriver(tv)
        moves = play(tv, pages, drive)
        assert moves > 10
        finish(tv, pages)
        events = tv.session.events
        mine = [ev for ev in events if ev["type"] == "placed" and ev["seat"] in pages]
        assert len(mine) > 8 and events[-1]["type"] == "ended"
        lang = "zh-TW" if drive.refused_seat == 2 else "en"      # the rules' reason, in the phone's language
        assert drive.refusal in (tr("err.sumoku.not_connected", lang), tr("err.sumoku.first_play_size", lang, max=6))
        assert drive.flipped, "no 6 was turned into a 9 on a phone"
        hinted = [ev for ev in mine if ev["tiles"] == drive.hinted["tiles"]]
        assert hinted and any('"k":"hint"' in f for ph in pages.values() for f in ph.frames)
        en, zh = pages[0].page, pages[2].page
        assert en.locator("#status").inner_text() == "Game over"
        assert zh.locator("#status").inner_text() == tr("sumoku.ui.game_over", "zh-TW")
        assert en.locator("#result li").count() == 3
    finally:
        tv.stop()


def test_sumoku_solitaire_from_a_phone(phones, tmp_path):
    tv = Tv("sumoku", ["phone"], seed=2, log_dir=tmp_path, options={"variant": "solitaire"})
    try:
        pages = seat_phones(tv, phones, [0])
        tv.start_game()
        page = pages[0].page
        until(tv, page, lambda: in_sync(tv, pages[0], 0), "the first view")
        # a cell's width, read in one step in the page once a board is drawn (a locator's box is
        # None when the frame just received redraws the page between finding and measuring)
        width = lambda: page.wait_for_function(                                          # noqa: E731
            "() => document.querySelector('#board .scell')?.getBoundingClientRect().width").json_value()
        assert width() == 44
        tap(page, "#zoom_in")
        assert width() == 56 and page.locator("#zoom_in").is_disabled()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360     # the table scrolls, not the page
        tap(page, "#zoom_out")
        tap(page, "#zoom_out")
        assert width() == 32 and page.locator("#zoom_out").is_disabled()
        moves = play(tv, pages, SumokuDriver(tv, exchange_at=3, stop_after=5))
        assert moves == 6
        finish(tv, pages)
        kinds = [ev["type"] for ev in tv.session.events]
        assert kinds.count("placed") == 4 and "exchanged" in kinds
        assert tv.session.events[-1]["reason"] == "stopped"
        assert pages[0].page.locator("#result").inner_text() == tr("sumoku.results.placed", "en",
                                                                    n=tv.session.events[-1]["final"][0])
    finally:
        tv.stop()
