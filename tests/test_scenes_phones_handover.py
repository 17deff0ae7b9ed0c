"""Moving people between the TV and phones mid-game (issue 19), and the phone server's end
(issue 22), at the TV: the seats panel (F5, the pause menu's Seats and phones), a phone's
seat handed to the TV and a TV seat to a phone that joins the locked room, the curtain
for whoever comes to the screen next (and a curtain for someone who left taken down), the
log untouched and the seats kept for Continue; the server stopped with a reason when the
results are left or the game is saved and left, kept by Play again, started again by the
next lobby."""
from __future__ import annotations

import json
import socket

import pygame
import pytest

from net.phones import keep
from scenes.common.handoff import HandoffCurtain
from scenes.common.pause import PauseOverlay
from scenes.common.phonelobby import PhoneLobbyScene
from scenes.common.results import ResultsScene
from scenes.common.seatspanel import SeatsPanel
from scenes.common.turntable import TurnTable
from scenes.ui.draw import record_text
from support.fits import assert_fits
from support.phones import plain
from support.scenes import english_after, key, lift, redraw, texts  # noqa: F401
from test_scenes_framework import click
from test_scenes_phones import app, lobby_for, phone, recv_k, steps_until  # noqa: F401


def started(app, kinds, names=("Mei", "Ada", "Bo")):
    """A Word Porters game with phones, started; its phones by seat."""
    lobby = lobby_for(app, "wordporters", kinds)
    host = lobby.host
    conns = {s: phone(host.port, s, names[s], host.code) for s, k in enumerate(kinds) if k == "phone"}
    steps_until(app, lobby.ready)
    lobby.start()
    return host, conns


def press(app, oid):
    """The mouse on a button of the screen on top."""
    click(app, app.stack.top.widgets[oid])


def port_free(port):
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
        s.listen()


def test_a_phone_seat_goes_to_the_tv_and_a_tv_seat_to_a_phone_that_joins(app):
    host, conns = started(app, ("phone", "phone", "human"))
    table, session = app.stack.top, app.session
    header = json.loads(json.dumps(session.header["players"]))
    assert table.humans == [2] and table.viewer == 2
    key(app, pygame.K_F5)
    panel = app.stack.top
    assert isinstance(panel, SeatsPanel)
    drawn = texts(app)
    assert host.code in drawn and host.url in drawn
    assert [panel.widgets[f"to_{s}"].text for s in range(3)] == ["To the TV", "To the TV", "To a phone"]
    press(app, "to_1")                                  # Ada's phone seat to the TV
    assert recv_k(conns[1], "error")["code"] == "phone.err.to_tv"
    assert table.humans == [1, 2] and session.players[1]["kind"] == "human"
    steps_until(app, lambda: host.seats()[1]["kind"] == "tv")     # (the host's thread hears it soon)
    press(app, "to_2")                                  # Bo, at the TV, moves to a phone
    assert table.humans == [1] and table.viewer is None          # Bo's view is off the screen
    assert table.phone_state(2) == "open"
    steps_until(app, lambda: host.seats()[2]["state"] == "empty")
    assert "waiting for a phone: scan the code" in texts(app)
    c = phone(host.port, 2, "Bo", host.code)            # the locked room admits a phone to that seat
    steps_until(app, lambda: table.phone_state(2) == "here")
    view = recv_k(c, "view")["view"]                    # at once, with the panel still up
    assert view == plain(session.view(2)) and isinstance(app.stack.top, SeatsPanel)
    assert "on their phone" in texts(app)
    key(app, pygame.K_ESCAPE)                           # back to the game
    app.step()
    top = app.stack.top                                 # Ada is alone at the TV: behind the curtain
    assert isinstance(top, HandoffCurtain) and top.seat == 1 and table.viewer is None
    lift(app, 1)
    assert table.viewer == 1
    assert session.header["players"] == header          # the log's header is untouched ...
    assert [p["kind"] for p in session.players] == ["phone", "human", "phone"]
    steps_until(app, lambda: keep.load(session.log_path, 3).kinds == ["phone", "tv", "phone"])   # for Continue
    assert [p["kind"] for p in app.last_setup["players"]] == ["phone", "human", "phone"]
    for x in (*conns.values(), c):
        x.close()


def test_a_curtain_up_for_someone_who_moves_to_a_phone_comes_down(app):
    host, conns = started(app, ("human", "human", "phone"))
    table, session = app.stack.top, app.session
    ph = conns[2]
    for _ in range(200):                                # play the phone's turns until a person is called
        app.step()
        if isinstance(app.stack.top, HandoffCurtain):
            break
        if 2 in session.to_act():
            n = len(session.events)
            cmd = next(iter(session.rules.legal_commands(session.view(2), 2)))
            ph.send(json.dumps({"k": "cmd", "cmd": cmd}))
            steps_until(app, lambda: len(session.events) > n)
    curtain = app.stack.top
    assert isinstance(curtain, HandoffCurtain)
    leaving, staying = curtain.seat, 1 - curtain.seat
    key(app, pygame.K_ESCAPE)                           # the pause menu, over the curtain
    assert isinstance(app.stack.top, PauseOverlay) and app.stack.top.widgets["seats"].text == "Seats and phones"
    press(app, "seats")
    press(app, f"to_{leaving}")
    assert curtain not in app.stack.scenes and table.hot.curtain_for is None
    key(app, pygame.K_ESCAPE)                           # the panel ...
    key(app, pygame.K_ESCAPE)                           # ... and the pause menu
    app.step()
    top = app.stack.top
    assert isinstance(top, HandoffCurtain) and top.seat == staying
    assert table.phone_state(leaving) == "open"
    for x in conns.values():
        x.close()


def test_the_seats_are_only_for_a_game_with_phones(app):
    app.start_game("wordporters", {"seats": 3, "players": app.default_players(3, 2)})
    key(app, pygame.K_F5)
    assert isinstance(app.stack.top, TurnTable)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay) and "seats" not in app.stack.top.widgets


def test_leaving_the_results_stops_the_server_and_the_next_lobby_starts_it(app):
    host, conns = started(app, ("phone", "phone", "bot"))
    port = host.port
    app.show_results()
    assert isinstance(app.stack.top, ResultsScene) and app.phone_host is host    # Play again keeps it
    press(app, "menu")
    for c in conns.values():
        assert recv_k(c, "error")["code"] == "phone.err.ended"
    assert app.phone_host is None
    port_free(port)
    lobby = lobby_for(app, "wordporters", ("phone", "bot", "bot"))
    assert lobby.host is not None and lobby.host.port == port and lobby.host.code   # a new room
    assert phone(port, 0, "Mei", lobby.host.code) is not None


def test_play_again_keeps_the_phones(app):
    host, conns = started(app, ("phone", "phone", "bot"))
    app.show_results()
    press(app, "again")
    assert app.phone_host is host and app.phones is not None
    session = app.session
    for s, c in conns.items():                          # the same phones get the new game's views
        def caught_up(c=c, s=s):
            app.step()
            try:
                while True:
                    m = json.loads(c.recv(0.01))
                    if m["k"] in ("view", "events") and m["view"] == plain(session.view(s)):
                        return True
            except TimeoutError:
                return False
        steps_until(app, caught_up)


def test_save_and_quit_tells_the_phones_and_continue_seats_people_where_they_were_left(app):
    host, conns = started(app, ("phone", "phone", "human"))
    table, session = app.stack.top, app.session
    assert table.hand_over(2, "phone") and table.hand_over(0, "tv")
    assert recv_k(conns[0], "error")["code"] == "phone.err.to_tv"
    steps_until(app, lambda: keep.load(session.log_path, 3).kinds == ["tv", "phone", "phone"])
    path = session.log_path
    app.save_and_quit()
    assert recv_k(conns[1], "error")["code"] == "phone.err.saved"
    assert app.phone_host is None
    port_free(host.port)
    resumed = app.continue_game(path)
    lobby = app.stack.top
    assert isinstance(lobby, PhoneLobbyScene) and lobby.session is resumed
    assert [p["kind"] for p in lobby.players] == ["human", "phone", "phone"]      # where they were left
    assert [s["state"] for s in lobby.seats()] == ["tv", "away", "empty"]          # seat 2: no phone joined yet
    assert [p["kind"] for p in resumed.header["players"]] == ["phone", "phone", "human"]   # the log: as at the start
    lobby.stop()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_seats_panel_and_the_pause_menu_fit_in_both_languages(app, lang, size):
    app.set_lang(lang)
    host, conns = started(app, ("phone", "phone", "human"), names=("Mei-Ling Wong-Chen", "阿明", "Bo"))
    app.stack.top.hand_over(0, "tv")
    app.resize(size)
    key(app, pygame.K_ESCAPE)
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size, small_digits=True)    # (the table's own small numbers show beneath)
    pygame.image.save(app.surface, f"/tmp/seats-pause-{lang}-{size[0]}.png")
    press(app, "seats")
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    pygame.image.save(app.surface, f"/tmp/seats-panel-{lang}-{size[0]}.png")
    for c in conns.values():
        c.close()


def test_the_hot_seat_after_a_move_curtains_the_next_person_even_alone():
    from scenes.common.hotseat import HotSeat

    class Session:
        acting, paused = {1}, 0

        def to_act(self):
            return self.acting

        def outcome(self):
            return None

        def pause_clock(self):
            self.paused += 1

        def resume_clock(self):
            self.paused -= 1
    session, shown, calls = Session(), [], []
    hot = HotSeat(session, [1, 2], hidden=True, make_private=dict)
    hot.viewer = 1
    hot.private(1)["pick"] = "secret"
    hot.pin(1)
    assert hot.reseat([2]) is False                  # Ada (seat 1) moved to her phone
    assert hot.viewer is None and hot.pinned is None and 1 not in hot._private
    hot.sync(shown.append, lambda seat, lift: calls.append((seat, lift)) or True)
    assert shown == [None] and [c[0] for c in calls] == [2] and hot.curtain_for == 2   # alone, yet curtained
    assert hot.reseat([]) is True                    # the curtain was up for Bo, who moved too
    assert hot.curtain_for is None
    calls[0][1]()                                    # that curtain's late lift shows nobody
    assert hot.viewer is None


@pytest.mark.parametrize("lang, said", [("en", "Waiting for a phone to join as Bo (F5: the code)"),
                                        ("zh-TW", "等待手機加入成為 Bo（按 F5 看代碼）")])
def test_the_banner_says_a_seat_waits_for_a_phone_to_join(lang, said):
    from scenes.common.banner import BannerWords, banner_text
    from scenes.ui import i18n
    i18n.set_lang(lang)
    words = BannerWords(over="ui.results.over", mine="ui.results.over", bot="ui.results.over",
                        person="ui.results.over", others="ui.results.over")
    text, _ = banner_text({"acting": [2]}, None, words, lambda s: "Bo", lambda s: False, lambda s: "open")
    assert text == said
