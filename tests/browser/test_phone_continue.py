"""A game with phones survives its host's death: real pages play Wooolf!! from the app's
set-up, the app and its server die mid-game as in a crash (no clean shutdown: the
sockets cut, nothing said or saved on the way out), a new app opens the saved game with
the menu's Continue, the same pages (their tokens in localStorage) come back to their own
seats by themselves, and the game is played to its end. Every frame every page received,
before and after, is the seat's view or event views (and survives the scramble); the log
verifies."""
from __future__ import annotations

import json

from scenes.app import App
from scenes.common.menu import MenuScene
from scenes.common.phonelobby import PhoneLobbyScene
from scenes.common.setup import PHONE, SetupScene
from scenes.common.turntable import TurnTable
from support.phones import crash, forget_retries, play, seat_phones, until, wooolf_move
from test_phone_games import finish
from test_phone_tv import AppTv, app  # noqa: F401

TOKEN = "localStorage.getItem('couchtop.token')"


def wooolf_lobby(app):
    setup = SetupScene(app, "wooolf")
    app.stack.push(setup)
    app.step()
    setup.toggle_phones()
    setup.seats = 5
    setup.kinds[:5] = [PHONE, 2, PHONE, 2, PHONE]            # three phones, two normal bots
    setup.rebuild()
    setup.start()
    lobby = app.stack.top
    assert isinstance(lobby, PhoneLobbyScene)
    return lobby


def test_wooolf_continues_after_the_host_dies(app, phones):  # noqa: F811
    lobby = wooolf_lobby(app)
    tv = AppTv(app, lobby)
    pages = seat_phones(tv, phones, [0, 2, 4], langs={2: "zh-TW"})
    lobby.start()
    tv.started()
    assert play(tv, pages, wooolf_move, most=4) == 4
    session = tv.session
    assert session.outcome() is None
    path, played, code, port = session.log_path, len(session.events), tv.host.code, tv.host.port
    tokens = {seat: ph.page.evaluate(TOKEN) for seat, ph in pages.items()}
    before = {seat: len(ph.frames) for seat, ph in pages.items()}

    crash(tv.host)                   # the app dies with it: never stepped, closed or saved again
    for ph in pages.values():
        ph.page.wait_for_selector(".link.down")

    again = App((1280, 720), lang="en", fps=None)
    again.settings.anim_speed = "off"
    again.settings.phone_port = 0    # only the room kept beside the log says where the pages are
    menu = again.menu()
    again.stack.push(menu)
    until(AppTv(again, lobby), pages[0].page, lambda: menu.continue_path == path, "Continue offered")
    assert isinstance(again.stack.top, MenuScene)
    menu.do_continue()
    back = again.stack.top
    assert isinstance(back, PhoneLobbyScene) and (back.host.code, back.host.port) == (code, port)
    tv = AppTv(again, back)
    until(tv, pages[0].page, lambda: isinstance(again.stack.top, TurnTable), "every phone back", 30000)
    tv.started()
    assert tv.session.log_path == path and len(tv.session.events) == played
    for seat, ph in pages.items():
        assert ph.page.evaluate(TOKEN) == tokens[seat]                 # no seat picked again
        welcomes = [m for m in map(json.loads, ph.frames[before[seat]:]) if m["k"] == "welcome"]
        assert welcomes and all((m["seat"], m["token"]) == (seat, tokens[seat]) for m in welcomes)
        until(tv, ph.page, lambda: ph.page.locator(".link.up").count() == 1, "the page linked")
    pages[2].page.screenshot(path="/tmp/phone-continue-page-zh-TW.png")

    assert play(tv, pages, wooolf_move) > 0
    assert tv.session.outcome() is not None
    forget_retries(pages)                            # the pages' retries while no TV answered
    finish(tv, pages)
    assert pages[0].page.locator("#status").inner_text() == "The game is over"
    again.close_session()
    again.stop_phones()
