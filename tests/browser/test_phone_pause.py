"""The TV's pause on real pages: Word Porters from the set-up with two phones (one in
Traditional Chinese) and a bot; the TV opens its pause menu, and each page shows "Paused
at the TV" over its seat's view with every control off, a tap changes nothing; the TV
resumes, the pages have their seats' views back at once and the game is played to its
end. Every frame the pages received is checked and scrambled, and the log verifies."""
from __future__ import annotations

import json

import pygame

from engine.core.i18n import tr
from scenes.common.pause import PauseOverlay
from scenes.common.setup import PHONE
from scenes.common.turntable import TurnTable
from support.phonegames import PaperbackDriver
from support.phones import Tv, forget_retries, in_sync, play, rest, seat_phones, until, wordporters_move
from support.scenes import key
from test_phone_games import finish
from test_phone_tv import AppTv, app, phone_lobby  # noqa: F401

LANGS = {0: "en", 1: "zh-TW"}
CONTROLS = "#app :is(button, input)"


def paused_on(page) -> bool:
    return page.locator("#paused").count() == 1


def two_phones_playing(app, phones):
    """Word Porters from the set-up with two phones (one in Traditional Chinese) and a
    normal bot, two moves played: (the TV, the pages by seat)."""
    lobby = phone_lobby(app, "wordporters", [PHONE, PHONE, 2])
    tv = AppTv(app, lobby)
    pages = seat_phones(tv, phones, [0, 1], langs=LANGS)
    lobby.start()
    tv.started()
    assert play(tv, pages, wordporters_move, most=2) == 2
    return tv, pages


def test_wordporters_phones_show_the_tvs_pause_and_play_on_after_it(app, phones, tmp_path):  # noqa: F811
    tv, pages = two_phones_playing(app, phones)
    session = tv.session
    until(tv, pages[0].page, lambda: any(s in pages for s in session.to_act()), "a phone to act")
    acting = min(s for s in session.to_act() if s in pages)
    for seat, ph in pages.items():
        until(tv, ph.page, lambda: in_sync(tv, ph, seat), "the page in sync")
    assert pages[acting].page.locator(f"{CONTROLS}:not(:disabled)").count() > 0
    played = len(session.events)

    key(app, pygame.K_ESCAPE)                      # the TV pauses
    assert isinstance(app.stack.top, PauseOverlay)
    for seat, ph in pages.items():
        page = ph.page
        until(tv, page, lambda: paused_on(page), f"seat {seat}'s page paused")
        assert page.locator("#paused h1").inner_text() == tr("phone.paused", LANGS[seat])
        assert page.locator(".held[inert]").count() == 1
        controls = page.locator(CONTROLS)
        assert page.locator(f"{CONTROLS}:not(:disabled)").count() == 0
        page.screenshot(path=str(tmp_path / f"paused-{LANGS[seat]}.png"))
        page.screenshot(path=f"/tmp/phone-paused-{LANGS[seat]}.png")
        sent = len(ph.frames)
        if seat == acting:                         # its move's buttons are there, and off:
            assert controls.count() > 0
            controls.first.click(force=True)       # a tap changes nothing
        for _ in range(20):
            tv.pump()
            rest(page, 10)
        assert len(session.events) == played and len(ph.frames) == sent
        assert paused_on(page)
        box = page.locator("#paused").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 640

    key(app, pygame.K_ESCAPE)                      # Resume
    assert isinstance(app.stack.top, TurnTable)
    for seat, ph in pages.items():
        page = ph.page
        until(tv, page, lambda: not paused_on(page), f"seat {seat}'s page back")
        assert page.locator(".held").count() == 0
        assert in_sync(tv, ph, seat)                # its seat's view, as it stood
        notices = [m for m in map(json.loads, ph.frames) if m["k"] == "paused"]
        assert [m["on"] for m in notices] == [True, False]
    assert pages[acting].page.locator(f"{CONTROLS}:not(:disabled)").count() > 0
    assert len(session.events) == played
    assert not any(ev["type"] == "paused" for ev in session.events)

    assert play(tv, pages, wordporters_move) > 0   # the game goes on to its end
    assert session.outcome() is not None
    finish(tv, pages)


def test_paperback_spelling_time_on_a_phone_leaves_the_tvs_pause_out(phones, tmp_path):
    """Simultaneous play: a phone measures its word's time from when the round's hand was
    shown; a pause at the TV in between does not count (the page's clock is Playwright's,
    frozen and moved on by hand)."""
    tv = Tv("paperback", ["phone", "phone", "bot"], seed=5, log_dir=tmp_path, options={"simultaneous": True})
    try:
        pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
        page = pages[0].page
        page.clock.install(time=1_000_000)
        page.clock.pause_at(1_010_000)
        page.reload()                              # its token brings it back to its seat
        until(tv, page, lambda: tv.host.seats()[0]["state"] == "here", "the seat again")
        tv.start_game()
        drive, s = PaperbackDriver(tv), tv.session
        while not (s.view(0)["phase"] == "spell" and 0 in s.to_act()):     # the snake draft
            play(tv, pages, drive, most=1)
        until(tv, page, lambda: in_sync(tv, pages[0], 0) and page.locator("#pass").count() == 1, "the hand")
        page.clock.fast_forward(3_000)
        tv.table.hold(True)
        until(tv, page, lambda: paused_on(page), "the pause")
        page.clock.fast_forward(600_000)           # ten minutes paused at the TV
        tv.table.hold(False)
        until(tv, page, lambda: not paused_on(page), "the pause over")
        page.clock.fast_forward(2_000)
        n = len(s.events)
        page.click("#pass")          # (Page.click: this page's clock is paused, and a tap waits on its frames)
        until(tv, page, lambda: len(s.events) > n, "the announcement")
        said = [ev for ev in s.events[n:] if ev["type"] == "announced" and ev["seat"] == 0]
        assert [ev["ms"] for ev in said] == [5_000]
        tv.check_frames(0, pages[0].frames)
    finally:
        tv.stop()


def test_save_and_quit_at_the_tv_holds_the_pages_until_continue_brings_them_back(app, phones):  # noqa: F811
    """Save and quit from the TV's pause menu: each page says the game was saved (not
    paused) over its seat's view, every control off; the menu's Continue opens the room
    again and the same pages come back to their seats by themselves."""
    from scenes.common.phonelobby import PhoneLobbyScene
    tv, pages = two_phones_playing(app, phones)
    session = tv.session
    path, played = session.log_path, len(session.events)
    key(app, pygame.K_ESCAPE)                      # the TV pauses, then saves and quits
    for ph in pages.values():
        until(tv, ph.page, lambda: paused_on(ph.page), "the pause")
    app.save_and_quit()
    for seat, ph in pages.items():
        page = ph.page
        page.wait_for_selector("#saved")
        assert not paused_on(page)
        assert page.locator("#saved h1").inner_text() == tr("phone.saved", LANGS[seat])
        assert page.locator("#saved p").inner_text() == tr("phone.err.saved", LANGS[seat])
        assert page.locator(".held[inert]").count() == 1
        assert page.locator(f"{CONTROLS}:not(:disabled)").count() == 0
        page.screenshot(path=f"/tmp/phone-saved-{LANGS[seat]}.png")
    again = app.continue_game(path)
    back = app.stack.top
    assert isinstance(back, PhoneLobbyScene) and len(again.events) == played
    tv = AppTv(app, back)
    until(tv, pages[0].page, lambda: isinstance(app.stack.top, TurnTable), "every phone back", 30000)
    tv.started()
    for seat, ph in pages.items():
        until(tv, ph.page, lambda: ph.page.locator("#saved").count() == 0 and in_sync(tv, ph, seat), "the seat back")
    forget_retries(pages)              # the pages' retries while no TV answered
    assert play(tv, pages, wordporters_move) > 0
    assert tv.session.outcome() is not None
    finish(tv, pages)
