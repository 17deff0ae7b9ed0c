"""Seats changing hands mid-game and the server's end, at the host and the phone table:
a locked room admits a phone only to a seat the TV handed to a phone; a phone whose seat
goes to the TV is told so and its token dies; the phone table's seat states; stopping
the server tells every phone why and frees the port. Real sockets on the loopback; the
buckets and the grace read a fake clock."""
from __future__ import annotations

import json
import socket
import threading

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from engine.core.session import LocalSession
from engine.registry import rules_for
from net.phones.table import PhoneTable
from support.phones import FakeHost
from support.relays import FakeClock
from test_phone_host import join, make_host, recv, recv_until, send, wait_poll, ws


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def host(clock):
    h = make_host(clock)
    yield h
    h.stop()


def hello(host):
    c = ws(host)
    send(c, {"k": "hello", "code": host.code})
    return c, recv(c)


def test_a_locked_room_admits_a_phone_only_to_the_seat_the_tv_handed_to_a_phone(host):
    a, _ = join(host, 0)
    b, _ = join(host, 1, "Bo")
    host.lock()
    host.set_seat(4, "phone")                         # Ann, at the TV, moves to a phone
    c, lobby = hello(host)
    while lobby["seats"][4]["state"] != "empty":
        lobby = recv_until(c, "lobby")
    assert lobby["locked"] and lobby["seats"][4] == {"kind": "phone", "name": "", "state": "empty"}
    send(c, {"k": "join", "seat": 3, "name": "Eve"})   # a seat empty since the lobby: still locked
    assert recv_until(c, "refused")["code"] == "phone.err.locked"
    send(c, {"k": "join", "seat": 4, "name": "Ann"})
    welcome = recv_until(c, "welcome")
    assert welcome["seat"] == 4
    assert {"k": "joined", "seat": 4} in wait_poll(host, 3)
    d, _ = hello(host)
    send(d, {"k": "join", "seat": 4, "name": "Eve"})   # taken now: once only
    assert recv_until(d, "refused")["code"] == "phone.err.seat_taken"
    for x in (a, b, c, d):
        x.close()


def test_a_seat_handed_to_the_tv_tells_its_phone_why_and_its_token_dies(host):
    a, welcome = join(host, 1)
    host.lock()
    host.set_seat(1, "tv", "Mei")
    assert recv_until(a, "error") == {"k": "error", "code": "phone.err.to_tv"}
    with pytest.raises(ConnectionClosed):
        a.recv(5)
    c = ws(host)
    send(c, {"k": "resume", "token": welcome["token"]})
    assert recv(c) == {"k": "error", "code": "phone.err.token"}
    assert host.seats()[1] == {"kind": "tv", "name": "Mei", "state": "tv"}


@pytest.mark.parametrize("why", ["phone.err.ended", "phone.err.saved"])
def test_stopping_tells_every_phone_why_closes_it_and_frees_the_port(clock, why):
    host = make_host(clock)
    a, _ = join(host, 0)
    b, _ = hello(host)                                # greeted, no seat yet
    port = host.port
    host.stop(why)
    for c in (a, b):
        assert recv_until(c, "error") == {"k": "error", "code": why}
        with pytest.raises(ConnectionClosed) as closed:
            c.recv(5)
        assert closed.value.rcvd.code == 1001         # going away
    with socket.socket() as s:                        # nothing listens on the port any more
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)    # (as a server binds it)
        s.bind(("127.0.0.1", port))
        s.listen()


def mute_socket(host, token):
    """A phone that resumes its seat over a bare socket and then never answers the close:
    the server waits for it, its closing handshake left open. Returns the socket."""
    s = socket.create_connection(("127.0.0.1", host.port), timeout=5)
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{host.port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{host.port}\r\n\r\n").encode())
    got = b""
    while b"\r\n\r\n" not in got:
        got += s.recv(4096)
    assert got.startswith(b"HTTP/1.1 101")
    body = json.dumps({"k": "resume", "token": token}).encode()
    mask = b"\x01\x02\x03\x04"       # a client's frames are masked (RFC 6455)
    s.sendall(bytes([0x81, 0x80 | len(body)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(body)))
    return s


def test_a_phone_told_the_game_was_saved_cannot_come_straight_back_in(clock):
    """A page told why reconnects at once (its first retry waits 0 ms): stopping closes the
    port before anyone is told, so the page is refused, never welcomed back to a game that
    has gone, and keeps the why it was told."""
    host = make_host(clock)
    _, welcome = join(host, 0)
    mute = mute_socket(host, welcome["token"])      # takes seat 0 back, then never answers
    got = b""
    while b"welcome" not in got:
        got += mute.recv(4096)
    stopping = threading.Thread(target=host.stop, args=("phone.err.saved",))
    stopping.start()
    try:
        while b"phone.err.saved" not in got:        # told: from here the page retries
            got += mute.recv(4096)
        try:
            again = ws(host)
        except (OSError, InvalidStatus):            # refused: nothing listens (or a 503)
            pass
        else:                                       # (mid-handshake as the port closed)
            send(again, {"k": "resume", "token": welcome["token"]})
            assert recv(again) == {"k": "error", "code": "phone.err.saved"}
    finally:
        stopping.join()
        mute.close()


def wordporters_table(kinds, clock):
    host = FakeHost(("Mei", "Ada", "Bo"), kinds)
    players = [{"name": n, "kind": {"tv": "human"}.get(k, k), "level": "normal"}
               for n, k in zip(("Mei", "Ada", "Bo"), kinds)]
    session = LocalSession(rules_for("wordporters"), 3, {"start": 1}, 1, players, log=False)   # Ada first
    return host, session, PhoneTable(host, session, clock=clock, grace=30)


def first_legal(session, seat):
    return next(iter(session.rules.legal_commands(session.view(seat), seat)))


def test_the_phone_table_hands_seats_between_the_tv_and_phones(clock):
    host, session, table = wordporters_table(["phone", "phone", "tv"], clock)
    header = [dict(p) for p in session.header["players"]]
    table.hand(2, "phone", "Bo")                       # Bo moves to a phone: open until one joins
    assert host.handed == [(2, "phone", "Bo")] and session.players[2]["kind"] == "phone"
    assert table.state(2) == "open" and table.switch() == []     # no bot for a seat nobody left
    host.sent.clear()
    host.inbox = [{"k": "joined", "seat": 2}]
    table.pump()
    assert table.state(2) == "here"
    assert host.sent == [(2, {"k": "view", "view": session.view(2)})]    # the whole view, its own
    host.inbox = [{"k": "away", "seat": 0}]
    table.pump()
    clock.advance(31)
    assert table.switch() == [0] and session.is_bot(0)                   # F2: a bot plays Mei's seat
    table.hand(0, "tv", "Mei")                         # ... and then a person at the TV does
    assert session.players[0]["kind"] == "human" and not session.is_bot(0)
    assert table.state(0) is None and 0 not in table.away_since and 0 not in table.by_bot
    host.sent.clear()
    seat = 1
    assert session.to_act() == {1}
    cmd = first_legal(session, seat)
    host.inbox = [{"k": "cmd", "seat": seat, "cmd": cmd}]
    n = len(session.events)
    table.pump()
    assert len(session.events) > n and session.events[n]["seat"] == seat
    assert not [f for s, f in host.sent if s == 0]     # the seat at the TV gets no frames
    assert session.header["players"] == header         # the log's header is untouched
    with pytest.raises(ValueError):
        table.hand(1, "bot")
