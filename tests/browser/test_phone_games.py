"""Whole games played from real browser pages: Wooolf!! (3 phones, 2 bots) and Word
Porters (4 phones). Every frame every page received is checked to be exactly the seat's
view or event views, and the conformance suite's scramble runs over those frames
(changing what the seat may not know changes none of them); the log verifies."""
from __future__ import annotations

from engine.commands.verify import EXIT_OK, EXIT_UNFINISHED, check
from engine.core.logstore import read_log
from engine.registry import spec_for
from support.phones import Tv, blinks, play, seat_phones, watch, wooolf_move, wordporters_move


def finish(tv, pages):
    checked = {seat: tv.check_frames(seat, ph.frames) for seat, ph in pages.items()}
    assert all(n > 3 for n in checked.values()), checked
    scrambled = {seat: tv.scramble_frames(seat, ph.frames) for seat, ph in pages.items()}
    assert all(n == checked[seat] for seat, (n, _) in scrambled.items()), (checked, scrambled)
    assert sum(c for _, c in scrambled.values()) > 0, "the scramble never changed a secret"
    code, message = check(read_log(tv.session.log_path, spec_for))     # valid, and as far as played
    assert code == (EXIT_OK if tv.session.outcome() is not None else EXIT_UNFINISHED), message
    for ph in pages.values():
        assert not [c for c in ph.console if "404" not in c], ph.console
    return checked


def test_wooolf_whole_game_three_phones_two_bots(phones, tmp_path):
    tv = Tv("wooolf", ["phone", "bot", "phone", "bot", "phone"], seed=11, log_dir=tmp_path,
            options={"assistant": "prob"})
    try:
        pages = seat_phones(tv, phones, [0, 2, 4], langs={2: "zh-TW"})
        for ph in pages.values():
            watch(ph.page, "#odds li")
        tv.start_game()
        moves = play(tv, pages, wooolf_move)
        assert moves > 10
        finish(tv, pages)
        assert pages[0].page.locator("#status").inner_text() == "The game is over"
        assert pages[2].page.locator("html").get_attribute("lang") == "zh-Hant-TW"
        assert any('"k":"notebook"' in f for f in pages[0].frames)
        shown = [blinks(ph.page) for ph in pages.values()]     # the odds never blink out between moves
        assert all(n == 0 and most > 0 for n, most in shown), shown
    finally:
        tv.stop()


def test_wordporters_whole_game_four_phones(phones, tmp_path):
    tv = Tv("wordporters", ["phone"] * 4, seed=5, log_dir=tmp_path)
    try:
        pages = seat_phones(tv, phones, [0, 1, 2, 3], langs={1: "zh-TW"})
        tv.start_game()
        moves = play(tv, pages, wordporters_move)
        assert moves > 4 * 4 * 3
        finish(tv, pages)
        assert tv.session.outcome() is not None
    finally:
        tv.stop()
