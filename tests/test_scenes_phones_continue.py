"""Continue a game played with phones (a quit or a crash): the room is kept beside the log
(net/phones/keep.py) from the start and whenever a seat's token changes; Continue opens
the phone lobby again with the same code, address and port, each phone seat away and
holding its token; the phones resume into their own seats, and the game goes on once all
are here (or with Continue, a seat away then handled as any phone away: F2 after the
grace). A game without a kept room continues with empty phone seats."""
from __future__ import annotations

import contextlib
import json

import pygame
import pytest

from engine.registry import rules_for
from net.phones import keep
from scenes.app import App
from scenes.common.phonelobby import PhoneLobbyScene
from scenes.common.turntable import TurnTable
from scenes.ui.draw import record_text
from support.fits import assert_fits
from support.phones import crash
from support.relays import FakeClock
from support.scenes import english_after, key, redraw, texts  # noqa: F401
from test_scenes_phones import app, lobby_for, phone, recv_k, steps_until  # noqa: F401


def new_app(lang="en", size=(1280, 720)):
    """The app started again on the same folders (the settings' port forgotten: the kept
    room alone says where the phones are)."""
    a = App(size, lang=lang, fps=None)
    a.settings.anim_speed = "off"
    a.settings.phone_port = 0
    a.now = FakeClock()                 # the phone table's grace runs on it
    a.stack.push(a.menu())
    return a


@contextlib.contextmanager
def continued(path, conns):
    """The old phones' sockets closed, a new app (as after the host died or quit) and its
    Continue of `path`: (the app, the resumed session, the screen Continue opened); the
    app's game and phones are closed after the block."""
    for c in conns.values():
        c.close()
    again = new_app()
    try:
        resumed = again.continue_game(path)
        yield again, resumed, again.stack.top
    finally:
        again.close_session()
        again.stop_phones()


def played(app, game="wordporters", kinds=("phone", "phone", "bot"), moves=1):
    """A game started with a phone in each phone seat, `moves` of theirs played."""
    lobby = lobby_for(app, game, kinds)
    host = lobby.host
    conns, tokens = {}, {}
    for s, name in zip([s for s, k in enumerate(kinds) if k == "phone"], ("Mei", "Ada", "Bo")):
        conns[s] = phone(host.port, s, name, host.code)
        tokens[s] = recv_k(conns[s], "welcome")["token"]
    steps_until(app, lobby.ready)
    lobby.start()
    session = app.session
    rules = rules_for(game)
    for _ in range(moves):
        steps_until(app, lambda: bool(set(conns) & session.to_act()), 3000)
        seat = min(set(conns) & session.to_act())
        cmd = next(iter(rules.legal_commands(session.view(seat), seat)))
        n = len(session.events)
        conns[seat].send(json.dumps({"k": "cmd", "cmd": {k: v for k, v in cmd.items() if k != "seat"}}))
        steps_until(app, lambda: len(session.events) > n)
    return session, host, conns, tokens


class Arrived:
    """The frames a phone's connection has received by now, the last of each kind (a call
    never waits)."""

    def __init__(self, c) -> None:
        self.c, self.last = c, {}

    def __call__(self) -> dict:
        try:
            while True:
                m = json.loads(self.c.recv(0))
                self.last[m["k"]] = m
        except TimeoutError:
            return self.last


def hang_up(c):
    """Read what the phone was sent, then close. A client that stops reading (more than its
    max_queue of frames unread: a whole game's views) stops reading the socket too, so the
    host's answering close frame would sit unread behind them and close() would wait out
    its whole close_timeout (10 s)."""
    while True:
        try:
            c.recv(0.1)
        except TimeoutError:
            break
    c.close()


def resume(port, token):
    c = phone(port)
    c.send(json.dumps({"k": "resume", "token": token}))
    return c


def test_the_room_is_kept_beside_the_log_and_a_seat_changing_hands_drops_its_token(app):
    session, host, conns, tokens = played(app)
    kept = keep.load(session.log_path, 3)
    assert kept is not None and (kept.code, kept.port, kept.address) == (host.code, host.port, "127.0.0.1")
    assert kept.kinds == ["phone", "phone", "bot"] and kept.names[:2] == ["Mei", "Ada"]
    assert kept.tokens == [tokens[0], tokens[1], None]
    assert oct(keep.beside.path_for(session.log_path, keep.SUFFIX).stat().st_mode & 0o777) == "0o600"
    host.set_seat(1, "tv", "Ada")                     # the seat changes hands: its token goes
    assert recv_k(conns[1], "error")["code"] == "phone.err.to_tv"
    steps_until(app, lambda: keep.load(session.log_path, 3).tokens[1] is None)
    assert keep.load(session.log_path, 3).kinds == ["phone", "tv", "bot"]
    assert keep.load(session.log_path, 3).tokens[0] == tokens[0]
    for c in conns.values():
        c.close()


def test_continue_after_a_crash_brings_the_same_phones_back_to_their_seats(app):
    session, host, conns, tokens = played(app)
    path, events, code, port = session.log_path, list(session.events), host.code, host.port
    crash(host)                                       # no clean shutdown: the app is gone too
    with continued(path, conns) as (again, resumed, lobby):
        assert isinstance(lobby, PhoneLobbyScene) and lobby.session is resumed
        assert again.session is None                  # the table waits for the phones
        h = lobby.host
        assert (h.code, h.port) == (code, port)       # where the pages reconnect to
        assert [s["state"] for s in lobby.seats()] == ["away", "away", "bot"]
        assert [s["name"] for s in lobby.seats()][:2] == ["Mei", "Ada"]
        assert all(t not in lobby.qr_text for t in tokens.values())
        drawn = texts(again)
        assert "Continue Word Porters with phones" in drawn and code in drawn
        assert drawn.count("away (phone asleep?)") == 2 and lobby.widgets["start"].text == "Continue"
        wrong = resume(port, "x" * 22)
        assert recv_k(wrong, "error")["code"] == "phone.err.token"
        a = resume(port, tokens[0])
        assert recv_k(a, "welcome") | {"limits": None} == {
            "k": "welcome", "seat": 0, "token": tokens[0], "name": "Mei", "game": "wordporters", "limits": None}
        steps_until(again, lambda: lobby.seats()[0]["state"] == "here")
        assert again.stack.top is lobby               # seat 1 is still away
        a.send(json.dumps({"k": "cmd", "cmd": {"type": "place", "card": 0}}))     # too soon
        arrived = Arrived(a)
        steps_until(again, lambda: "refused" in arrived())
        assert arrived()["refused"] == {"k": "refused", "code": "phone.err.waiting", "params": {}}
        assert resumed.events == events
        b = resume(port, tokens[1])
        assert recv_k(b, "welcome")["seat"] == 1
        steps_until(again, lambda: isinstance(again.stack.top, TurnTable))
        assert again.session is resumed and again.phones is not None and h.locked
        assert resumed.events == events and resumed.header["players"][0]["kind"] == "phone"
        assert recv_k(a, "view")["view"] == json.loads(json.dumps(resumed.view(0)))
        assert recv_k(b, "view")["view"] == json.loads(json.dumps(resumed.view(1)))
        a.close()
        b.close()


def test_continue_with_a_phone_still_away_waits_for_it_and_f2_hands_it_to_a_bot(app):
    session, host, conns, tokens = played(app, moves=0)
    path = session.log_path
    crash(host)
    with continued(path, conns) as (again, resumed, lobby):
        a = resume(lobby.host.port, tokens[0])
        steps_until(again, lambda: lobby.seats()[0]["state"] == "here")
        assert lobby.ready()
        lobby.start()                                 # Continue without seat 1's phone
        table = again.stack.top
        assert isinstance(table, TurnTable) and table.phone_state(1) == "away"
        again.now.advance(30)
        assert table.phone_state(1) == "grace"
        key(again, pygame.K_F2)
        assert resumed.is_bot(1) and table.phone_state(1) == "bot"
        assert resumed.header["players"][1]["kind"] == "phone"
        a.close()


def test_a_game_without_a_kept_room_continues_with_empty_phone_seats(app):
    session, host, conns, tokens = played(app, moves=0)
    path = session.log_path
    app.save_and_quit()
    app.stop_phones()
    keep.beside.path_for(path, keep.SUFFIX).unlink()
    with continued(path, conns) as (again, _, lobby):
        assert isinstance(lobby, PhoneLobbyScene)
        assert [s["state"] for s in lobby.seats()] == ["empty", "empty", "bot"]
        old = resume(lobby.host.port, tokens[0])
        assert recv_k(old, "error")["code"] == "phone.err.token"
        c = [phone(lobby.host.port, s, n, lobby.host.code) for s, n in ((0, "Mei"), (1, "Ada"))]
        steps_until(again, lambda: isinstance(again.stack.top, TurnTable))
        assert keep.load(path, 3).tokens[:2] == [recv_k(x, "welcome")["token"] for x in c]
        for x in c:
            x.close()


def test_back_from_the_continue_lobby_leaves_the_game_to_continue_later(app):
    session, host, conns, tokens = played(app, moves=0)
    path = session.log_path
    app.save_and_quit()
    with continued(path, conns) as (again, _, lobby):
        lobby.back()
        assert lobby.host is None and lobby.session is None and again.stack.top is not lobby
        assert keep.load(path, 3).tokens[:2] == [tokens[0], tokens[1]]


@pytest.mark.parametrize("bad", [
    None, [], {"code": "ABCD"}, "{", {"code": "ABCI", "address": "127.0.0.1", "port": 9000, "seats": []},
    {"code": "ABCD", "address": "127.0.0.1", "port": 9000.0, "seats": [{"kind": "phone"}] * 3},
    {"code": "ABCD", "address": "127.0.0.1", "port": True, "seats": [{"kind": "phone"}] * 3},
    {"code": "ABCD", "address": "127.0.0.1", "port": 9000, "seats": [{"kind": "phone"}] * 2},
    {"code": "ABCD", "address": "127.0.0.1", "port": 9000, "seats": [{"kind": "robot"}] * 3},
])
def test_a_kept_room_not_of_its_shape_is_no_room(tmp_path, bad):
    log = tmp_path / "g.ctlog"
    keep.beside.path_for(log, keep.SUFFIX).write_text(bad if isinstance(bad, str) else json.dumps(bad), "utf-8")
    assert keep.load(log, 3) is None


def test_a_kept_seat_with_a_token_we_could_not_have_made_has_none(tmp_path):
    log = tmp_path / "g.ctlog"
    good = "A" * 22
    keep.save(log, {"code": "ABCD", "address": "127.0.0.1", "port": 9000, "seats": [
        {"kind": "phone", "name": "Mei", "token": good}, {"kind": "phone", "name": "x" * 99, "token": "<script>"},
        {"kind": "bot", "name": "Bot", "token": good}]})
    kept = keep.load(log, 3)
    assert kept.tokens == [good, None, None] and kept.names == ["Mei", "", "Bot"]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_continue_lobby_fits_in_both_languages(app, lang, size):
    session, host, conns, tokens = played(app, "wooolf", ("phone", "phone", "bot", "phone", "bot"), moves=0)
    path = session.log_path
    crash(host)
    for c in conns.values():
        c.close()
    again = new_app(lang, size)
    try:
        again.continue_game(path)
        lobby = again.stack.top
        a = resume(lobby.host.port, tokens[0])
        steps_until(again, lambda: lobby.seats()[0]["state"] == "here")
        with record_text() as blits:
            redraw(again)
        assert_fits(blits, size)
        title = again.t("phonetv.title_continue", game=again.t("ui.game.wooolf"))
        assert title in [b.text for b in blits]
        pygame.image.save(again.surface, f"/tmp/phone-continue-{lang}-{size[0]}.png")
        a.close()
    finally:
        again.close_session()
        again.stop_phones()


def test_a_finished_games_kept_room_goes_when_its_table_closes_and_a_saved_ones_stays(app):
    """The seats' tokens outlive a game only while it can be continued."""
    from engine.core.bots import play_on
    from engine.registry import bot_for
    session, host, conns, tokens = played(app)
    path = keep.beside.path_for(session.log_path, keep.SUFFIX)
    app.phones.close()                                # closed mid-game (saved and left): kept
    assert path.exists() and keep.load(session.log_path, 3) is not None
    app.phones = None
    app._phone_table(session)                         # the table again, as Continue makes it
    play_on(session, {s: bot_for("wordporters", None, "random", s, 7) for s in range(3)})
    assert session.outcome() is not None and path.exists()
    app.close_session()                               # the results: the table closes on a finished game
    assert not path.exists() and keep.load(session.log_path, 3) is None
    for c in conns.values():
        hang_up(c)
