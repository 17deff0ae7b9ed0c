"""Playing with phones at the TV: the set-up's switch and seat kind, the lobby (the server on
the loopback for tests, its QR code, the room code, each seat's state, kick), the start,
and the table that pumps the phones' moves and waits for them without a curtain."""
from __future__ import annotations

import json
import time

import pygame
import pytest
from websockets.sync.client import connect

from scenes.app import App
from scenes.common.phonelobby import PhoneLobbyScene
from scenes.common.setup import PHONE, SetupScene
from scenes.stack import WOKEN
from scenes.ui.qr import qr_matrix
from support.fits import assert_fits
from support.scenes import english_after, redraw, texts  # noqa: F401
from scenes.ui.draw import record_text


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setattr("scenes.common.phonelobby.lan_addresses", lambda: ["127.0.0.1"])  # tests: loopback only
    a = App((1280, 720), lang="en", fps=None)
    a.settings.anim_speed = "off"
    a.settings.phone_port = 0          # any free port (the lobby remembers the one it got)
    a.stack.push(a.menu())
    yield a
    a.stop_phones()
    top = a.stack.top
    if isinstance(top, PhoneLobbyScene):
        top.stop()


def phone(port, seat=None, name="Mei", code=None, lobby=None):
    c = connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}", open_timeout=5, legacy=True)
    if code is not None:
        c.send(json.dumps({"k": "hello", "code": code}))
        assert json.loads(c.recv(5))["k"] == "lobby"
        c.send(json.dumps({"k": "join", "seat": seat, "name": name}))
    return c


def recv_k(c, k):
    while True:
        m = json.loads(c.recv(5))
        if m["k"] == k:
            return m


def steps_until(app, pred, n=500):
    """Frames until `pred()`; between them the loop sleeps as the app's does, until the
    phone host's thread wakes it with what a phone sent (or 50 ms pass).

    On an app whose idle() clock is fake (a test's, moved only by hand) idle's 50 ms never
    pass, and what some predicates wait for wakes nobody (a frame on its way to a test's
    own phone socket): the loop then naps on the same wake flag, 50 ms of real time at
    most."""
    for _ in range(n):
        app.step()
        if pred():
            return
        if app.now is time.monotonic:
            app.idle(limit=0.05)
        elif not pygame.event.peek():
            WOKEN.wait(0.05)
            WOKEN.clear()
    raise AssertionError("the TV never got there")


def lobby_for(app, game="wooolf", kinds=("phone", "bot", "phone", "bot", "human")):
    setup = SetupScene(app, game)
    app.stack.push(setup)
    app.step()
    setup.toggle_phones()
    setup.seats = len(kinds)
    index = {"human": 0, "bot": 2, "phone": PHONE}
    setup.kinds[:len(kinds)] = [index[k] for k in kinds]
    setup.rebuild()
    setup.start()
    lobby = app.stack.top
    assert isinstance(lobby, PhoneLobbyScene)
    return lobby


def test_the_phone_kind_is_offered_only_with_play_with_phones(app):
    setup = SetupScene(app, "wordporters")
    app.stack.push(setup)
    app.step()
    seen = set()
    for _ in range(10):
        setup.step_kind(1, 1)
        seen.add(setup.kinds[1])
    assert PHONE not in seen
    setup.toggle_phones()
    assert setup.kinds[0] == PHONE            # the person's seat goes to a phone
    assert setup.widgets["kind_0"].text == "On a phone"
    assert setup.widgets["phones"].text == "Play with phones: On"
    seen = set()
    for _ in range(10):
        setup.step_kind(1, 1)
        seen.add(setup.kinds[1])
    assert PHONE in seen
    setup.toggle_phones()
    assert PHONE not in setup.kinds


def test_variants_without_a_phone_page_have_no_switch(app):
    setup = SetupScene(app, "sumoku")
    app.stack.push(setup)
    app.step()
    while setup.variant != "speed":       # a race: played at the TV only
        setup.step_variant(1)
    app.step()
    assert "phones" not in setup.widgets


def test_the_lobby_serves_shows_the_code_and_the_seats_and_starts_the_game(app):
    lobby = lobby_for(app)
    host = lobby.host
    assert host is not None and app.settings.phone_port == host.port
    assert lobby.qr_text == f"http://127.0.0.1:{host.port}/#{host.code}"
    drawn = texts(app)
    assert host.code in drawn and lobby.url in drawn
    assert "waiting for a phone" in drawn and "at the TV" in drawn and "bot" in drawn
    assert not lobby.ready() and not lobby.widgets["start"].is_enabled
    a = phone(host.port, 0, "Mei", host.code)
    recv_k(a, "welcome")
    steps_until(app, lambda: lobby.seats()[0]["state"] == "here")
    assert "Mei" in texts(app) and "here" in texts(app)
    b = phone(host.port, 2, "Bo", host.code)
    recv_k(b, "welcome")
    steps_until(app, lambda: lobby.ready() and lobby.widgets["start"].is_enabled)
    lobby.start()
    session = app.session
    assert session.players[0] == {"name": "Mei", "kind": "phone", "level": "normal"}
    assert app.phones is not None and host.locked
    table = app.stack.top
    assert table.humans == [4] and table.viewer in (None, 4)
    view = recv_k(a, "view")["view"]
    assert view == json.loads(json.dumps(session.view(0)))
    # the phone's move reaches the session through the table's frame loop
    from engine.registry import bot_for
    tv_person = bot_for("wooolf", None, "normal", 4, 0)    # stands in for the person at the TV

    def a_phone_to_act():
        if 4 in session.to_act() and table.viewer == 4:
            session.submit(tv_person.choose(session.view(4), 4))
        return bool({0, 2} & session.to_act())
    steps_until(app, a_phone_to_act, 3000)
    for c, seat in ((a, 0), (b, 2)):
        if seat in session.to_act():
            n = len(session.events)
            c.send(json.dumps({"k": "cmd", "cmd": {"type": "shuffle"}}))
            steps_until(app, lambda: len(session.events) > n)
            assert session.events[n]["seat"] == seat and session.events[n]["type"] == "shuffled"
            break
    a.close()
    b.close()


def test_the_tv_waits_for_a_phone_seat_by_name_without_a_curtain(app):
    lobby = lobby_for(app, "wordporters", ("phone", "phone", "phone"))
    host = lobby.host
    conns = [phone(host.port, s, n, host.code) for s, n in enumerate(("Mei", "Ada", "Bo"))]
    steps_until(app, lobby.ready)
    lobby.start()
    table = app.stack.top
    session = app.session
    assert table.humans == [] and table.viewer is None
    acting = sorted(session.to_act())[0]
    name = session.players[acting]["name"]
    assert f"Waiting for {name} (on their phone)" in texts(app)
    for c in conns:
        c.close()


def test_kick_frees_a_phone_seat(app):
    lobby = lobby_for(app, "wordporters", ("phone", "phone", "bot"))
    host = lobby.host
    a = phone(host.port, 1, "Mei", host.code)
    steps_until(app, lambda: "kick_1" in lobby.widgets)
    lobby.kick(1)
    assert recv_k(a, "error")["code"] == "phone.err.seat_changed"
    steps_until(app, lambda: lobby.seats()[1]["state"] == "empty")


def test_a_port_in_use_is_said_plainly(app):
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        app.settings.phone_port = s.getsockname()[1]
        lobby = lobby_for(app, "wordporters", ("phone", "bot", "bot"))
        assert lobby.host is None and lobby.problem == "phonetv.port_in_use"
        drawn = " ".join(texts(app))
        assert f"Port {s.getsockname()[1]} is in use" in drawn


def test_the_qr_code_is_the_address_and_code():
    rows = qr_matrix("http://192.168.1.20:8765/#QRST")
    assert len(rows) == len(rows[0]) >= 21 + 8
    assert not any(rows[0]) and rows[4][4:11] == [True] * 7     # quiet zone, then a finder


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_lobby_fits_in_both_languages(app, lang, size):
    app.set_lang(lang)
    lobby = lobby_for(app, "wooolf", ("phone", "phone", "phone", "bot", "bot", "human", "phone", "phone"))
    host = lobby.host
    c = phone(host.port, 0, "Mei-Ling Wong-Chen", host.code)
    steps_until(app, lambda: lobby.seats()[0]["state"] == "here")
    app.resize(size)
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    pygame.image.save(app.surface, f"/tmp/phone-lobby-{lang}-{size[0]}.png")
    c.close()


def test_the_port_and_address_are_remembered_and_a_bad_value_is_dropped():
    from scenes.config import Settings
    s = Settings.from_data({"phone_port": 9000, "phone_address": "192.168.1.20"})
    assert (s.phone_port, s.phone_address) == (9000, "192.168.1.20")
    for bad in (80, 70000, "9000", True):
        assert Settings.from_data({"phone_port": bad}).phone_port == Settings().phone_port
    assert Settings.from_data(s.to_data()).phone_port == 9000


def test_the_wooolf_tv_shows_the_public_table_and_says_where_the_cards_are(app):
    lobby = lobby_for(app, "wooolf", ("phone", "phone", "bot", "bot"))
    host = lobby.host
    conns = [phone(host.port, s, n, host.code) for s, n in ((0, "Mei"), (1, "Ada"))]
    steps_until(app, lobby.ready)
    lobby.start()
    assert app.stack.top.viewer is None
    drawn = " ".join(texts(app))
    assert "Players on phones see their own cards on their phones." in drawn
    for c in conns:
        c.close()


def test_a_seat_away_past_its_grace_goes_to_a_bot_with_f2_and_comes_back(app):
    from support.relays import FakeClock
    from support.scenes import key
    lobby = lobby_for(app, "wordporters", ("phone", "phone", "phone"))
    host = lobby.host
    conns = {s: phone(host.port, s, n, host.code) for s, n in ((0, "Mei"), (1, "Ada"), (2, "Bo"))}
    steps_until(app, lobby.ready)
    lobby.start()
    session, table, phones = app.session, app.stack.top, app.phones
    clock = FakeClock()
    phones.clock = clock
    seat = sorted(session.to_act())[0]
    name = session.players[seat]["name"]
    conns.pop(seat).close()
    steps_until(app, lambda: table.phone_state(seat) == "away")
    assert f"Waiting for {name}: their phone is away" in texts(app)
    n = len(session.events)
    key(app, pygame.K_F2)                       # within the grace: nothing changes
    assert table.phone_state(seat) == "away" and not session.is_bot(seat)
    clock.advance(30)
    assert f"{name}'s phone is away. F2: a bot plays for them" in texts(app)
    key(app, pygame.K_F2)
    assert session.is_bot(seat) and table.phone_state(seat) == "bot"
    assert session.header["players"][seat]["kind"] == "phone"     # the log's header is untouched
    table.bots.wait(5)
    steps_until(app, lambda: len(session.events) > n)
    assert session.events[n]["seat"] == seat       # the bot played the phone's seat
    for c in conns.values():
        c.close()


def test_a_phone_that_comes_back_gets_its_seat_back_with_f2():
    from engine.core.session import LocalSession
    from engine.registry import rules_for
    from net.phones.table import PhoneTable
    from support.phones import FakeHost
    from support.relays import FakeClock
    host, clock = FakeHost(), FakeClock()
    session = LocalSession(rules_for("wordporters"), 3, {"start": 0}, 1,
                           [{"name": n, "kind": "phone", "level": "normal"} for n in ("Mei", "Ada", "Bo")], log=False)
    table = PhoneTable(host, session, clock=clock, grace=30)
    host.inbox = [{"k": "away", "seat": 0}]
    table.pump()
    assert table.state(0) == "away" and table.switch() == []
    clock.advance(31)
    assert table.state(0) == "grace" and table.switch() == [0] and session.is_bot(0)
    host.inbox = [{"k": "cmd", "seat": 0, "cmd": {"type": "place", "card": 0, "side": 0}}]
    host.sent.clear()
    table.pump()
    assert host.sent == [(0, {"k": "refused", "code": "phone.err.bot_plays", "params": {}})]
    assert len(session.events) == 1
    host.inbox = [{"k": "joined", "seat": 0}]
    table.pump()
    assert table.state(0) == "back" and table.switch() == [0] and not session.is_bot(0)
    host.inbox = [{"k": "cmd", "seat": 0, "cmd": {"type": "place", "card": 0, "side": 0}}]
    table.pump()
    assert session.events[-1]["type"] == "placed" and session.events[-1]["seat"] == 0
    assert session.header["players"][0]["kind"] == "phone"


def test_the_lobby_hands_a_seat_to_a_bot_the_tv_or_a_phone(app):
    lobby = lobby_for(app, "wordporters", ("phone", "phone", "bot"))
    host = lobby.host
    a = phone(host.port, 1, "Mei", host.code)
    steps_until(app, lambda: lobby.seats()[1]["state"] == "here")
    lobby.step_kind(1, 1)                         # phone -> bot: the phone is told, the seat changes hands
    assert recv_k(a, "error")["code"] == "phone.err.seat_changed"
    steps_until(app, lambda: lobby.seats()[1]["kind"] == "bot")
    lobby.step_kind(1, 1)                         # bot -> a person at the TV
    steps_until(app, lambda: lobby.seats()[1]["kind"] == "tv")
    lobby.step_kind(2, 1)                         # bot -> at the TV
    lobby.step_kind(2, 1)                         # -> phone: waiting for one
    steps_until(app, lambda: lobby.seats()[2] == {"kind": "phone", "name": "", "state": "empty"})
    b = phone(host.port, 0, "Ada", host.code)
    c = phone(host.port, 2, "Bo", host.code)
    steps_until(app, lobby.ready)
    lobby.start()
    kinds = [p["kind"] for p in app.session.players]
    assert kinds == ["phone", "human", "phone"]
    assert app.stack.top.humans == [1]
    for x in (a, b, c):
        x.close()
