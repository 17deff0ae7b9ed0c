"""Whole games played from real browser pages: Wooolf!! (3 phones, 2 bots) and Word
Porters (4 phones). Every frame every page received is checked to be exactly the seat's
view or event views; the log verifies."""
from __future__ import annotations

import json

import pytest

from engine.commands.verify import EXIT_OK, check
from engine.core.logstore import read_log
from support.phones import Tv, plain

NAMES = ["Mei", "阿明", "Bo", "Dee"]


def until(tv, page, pred, what, timeout_ms=15000):
    """Run the TV's loop (and the page's events) until `pred()`."""
    for _ in range(timeout_ms // 10):
        tv.pump()
        if pred():
            return
        page.wait_for_timeout(10)
    raise AssertionError(f"timed out waiting for {what}")


def last_view(phone):
    for text in reversed(phone.frames):
        m = json.loads(text)
        if m["k"] in ("view", "events"):
            return m["view"]
    return None


def in_sync(tv, phone, seat):
    """The page has the seat's current view."""
    return last_view(phone) == plain(tv.session.view(seat))


def seat_phones(tv, phones, seats, langs=None):
    out = {}
    for i, seat in enumerate(seats):
        lang = (langs or {}).get(seat, "en")
        ph = phones(f"{tv.url}#{tv.host.code}", lang=lang)
        ph.page.wait_for_selector(f"button[data-seat='{seat}']")
        ph.page.fill("#name", NAMES[i])
        ph.page.click(f"button[data-seat='{seat}']")
        until(tv, ph.page, lambda: tv.host.seats()[seat]["state"] == "here", "the seat")
        out[seat] = ph
    return out


def play(tv, pages, act):
    """Play to the end: each time a phone seat is to act, its page (once in sync) acts."""
    any_page = next(iter(pages.values())).page
    moves = 0
    while tv.session.outcome() is None:
        tv.pump()
        acting = [s for s in sorted(tv.session.to_act()) if s in pages]
        if not acting:
            any_page.wait_for_timeout(5)
            continue
        seat = acting[0]
        ph = pages[seat]
        until(tv, ph.page, lambda: in_sync(tv, ph, seat), f"seat {seat}'s page")
        n = len(tv.session.events)
        act(ph.page, seat, tv.session.view(seat))
        until(tv, ph.page, lambda: len(tv.session.events) > n, f"seat {seat}'s move")
        moves += 1
    for seat, ph in pages.items():
        until(tv, ph.page, lambda: in_sync(tv, ph, seat), "the last frame")
    return moves


def wooolf_move(page, seat, view):
    if view["phase"] == "final":
        for i in range(len(view["targets"])):
            page.locator(".arrow").nth(i).locator("button[data-seat='-1']").click()
        page.click("#declare")
        return
    if view["can_shuffle"] and view["turns_taken"][seat] == 0:
        page.click("#shuffle")
    elif page.locator("#peek").count():
        page.click("#peek")
        page.locator("button[data-seat]").first.click()
        page.click("button[data-pos='1']")
    elif page.locator("#ask").count():
        page.click("#ask")
        page.locator("button[data-question]").first.click()
        page.locator("button[data-seat]").first.click()
    else:
        page.click("#declare_early")
        for i in range(len(view["targets"])):
            page.locator(".arrow").nth(i).locator("button[data-seat='-1']").click()
        page.click("#declare")


def wordporters_move(page, seat, view):
    if view["phase"] == "vote":
        others = [s for s in range(view["seats"]) if s != seat]
        for k, s in enumerate(others):
            page.click(f"button[data-vote='{s}:{(seat + k) % 10 + 1}']")
        page.click("#vote")
    elif page.locator("button[data-card]").count():
        page.locator("button[data-card]").first.click()
    else:
        page.click("#decline")


def finish(tv, pages):
    checked = {seat: tv.check_frames(seat, ph.frames) for seat, ph in pages.items()}
    assert all(n > 3 for n in checked.values()), checked
    code, message = check(read_log(tv.session.log_path))
    assert code == EXIT_OK, message
    for ph in pages.values():
        assert not [c for c in ph.console if "404" not in c], ph.console
    return checked


def test_wooolf_whole_game_three_phones_two_bots(phones, tmp_path):
    tv = Tv("wooolf", ["phone", "bot", "phone", "bot", "phone"], seed=11, log_dir=tmp_path)
    try:
        pages = seat_phones(tv, phones, [0, 2, 4], langs={2: "zh-TW"})
        tv.start_game()
        moves = play(tv, pages, wooolf_move)
        assert moves > 10
        finish(tv, pages)
        assert pages[0].page.locator("#status").inner_text() == "The game is over"
        assert pages[2].page.locator("html").get_attribute("lang") == "zh-Hant-TW"
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
