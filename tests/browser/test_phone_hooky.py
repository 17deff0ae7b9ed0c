"""Hooky played whole from real browser pages (4 phones): starting clues, asks, reveals and
peeks, a word the dictionary lacks refused with a readable reason and proposed to the
table's vote, the hooky guesses and the named hands, all tapped and typed on the pages.
Every frame every page received is the seat's view or event views (and the scramble of
every secret the seat may not know changes none of them), and so is each worksheet
assistant's frame (the table's level: probabilities); the log verifies."""
from __future__ import annotations

from support.phonegames import HookyDriver
from support.phones import Tv, blinks, play, seat_phones, watch
from test_phone_games import finish


def test_hooky_whole_game_four_phones(phones, tmp_path):
    tv = Tv("hooky", ["phone"] * 4, seed=3, log_dir=tmp_path, options={"start": 0, "assistant": "prob"})
    try:
        pages = seat_phones(tv, phones, [0, 1, 2, 3], langs={1: "zh-TW"})
        for ph in pages.values():
            watch(ph.page, "button.mark.auto")
        tv.start_game()
        drive = HookyDriver(tv)
        moves = play(tv, pages, drive)
        assert moves > 4 + 4 * 6 + 3 * 4
        finish(tv, pages)
        types = [ev["type"] for ev in tv.session.events]
        for kind in ("clue_given", "word_proposed", "word_voted", "asked", "card_revealed",
                     "hooky_guessed", "hands_named", "game_ended"):
            assert kind in types, kind
        assert "not in the dictionary" in drive.refusal or "字典" in drive.refusal, drive.refusal
        assert tv.session.outcome() is not None
        en, zh = pages[0].page, pages[1].page
        assert en.locator("#status").inner_text() == "Game over: every card is turned up"
        assert zh.locator("html").get_attribute("lang") == "zh-Hant-TW"
        assert zh.locator("#status").inner_text() != en.locator("#status").inner_text()
        # the assistant's numbers, from each seat's own view (checked frame by frame in finish)
        assert all(any('"k":"notebook"' in f for f in ph.frames) for ph in pages.values())
        # and they stay on the worksheet from one move to the next, never blinking empty
        # between the events and the numbers made from them
        shown = [blinks(ph.page) for ph in pages.values()]
        assert all(n == 0 and most > 0 for n, most in shown), shown
    finally:
        tv.stop()
