"""The TV's pause holds the phones too: while the pause menu (or what it opened, or the
quit question) is up, each phone is sent a `paused` status notice, a move it still sends
is refused with phone.err.paused and changes nothing, and no away seat's grace period
runs; when the TV goes on, each phone is told and plays on from its seat's view."""
from __future__ import annotations

import json

import pygame

from engine.core.session import LocalSession
from engine.registry import rules_for
from net.phones.table import PhoneTable
from scenes.common.confirm import Confirm
from scenes.common.pause import PauseOverlay
from scenes.common.settings import SettingsScene
from support.phones import FakeHost
from support.relays import FakeClock
from support.scenes import key
from test_scenes_phones import app, lobby_for, phone, recv_k, steps_until  # noqa: F401

NAMES = ("Mei", "Ada", "Bo")
PLACE = {"type": "place", "card": 0, "side": 0}     # Word Porters' first move, seat 0's


def answer(app, c, k):
    """Run the TV's loop until the phone `c` is sent a frame of kind `k`."""
    for _ in range(250):
        app.step()
        try:
            m = json.loads(c.recv(0.02))
        except TimeoutError:
            continue
        if m["k"] == k:
            return m
    raise AssertionError(f"no {k} frame")


def table_of_phones():
    host, clock = FakeHost(NAMES), FakeClock()
    session = LocalSession(rules_for("wordporters"), 3, {"start": 0}, 1,
                           [{"name": n, "kind": "phone", "level": "normal"} for n in NAMES], log=False)
    return host, clock, session, PhoneTable(host, session, clock=clock, grace=30)


def test_a_held_table_tells_each_phone_refuses_moves_and_lets_go():
    host, clock, session, table = table_of_phones()
    dealt = list(session.events)
    host.sent.clear()
    table.hold(True)
    assert host.sent == [(s, {"k": "paused", "on": True}) for s in range(3)]
    table.hold(True)                              # said once
    assert len(host.sent) == 3
    host.sent.clear()
    host.inbox = [{"k": "cmd", "seat": 0, "cmd": dict(PLACE)},
                  {"k": "draft", "seat": 1, "cmd": {"type": "place"}},
                  {"k": "hint", "seat": 2}]
    table.pump()
    assert host.sent == [(0, {"k": "refused", "code": "phone.err.paused", "params": {}}),
                         (2, {"k": "refused", "code": "phone.err.paused", "params": {}})]
    assert session.events == dealt and table.drafts == {}
    host.sent.clear()
    host.inbox = [{"k": "joined", "seat": 1}]     # a page reloaded during the pause
    table.pump()
    assert [(s, f["k"]) for s, f in host.sent] == [(1, "view"), (1, "paused")]
    assert host.sent[1][1]["on"] is True
    host.sent.clear()
    table.hold(False)
    assert host.sent == [(s, {"k": "paused", "on": False}) for s in range(3)]
    host.inbox = [{"k": "cmd", "seat": 0, "cmd": dict(PLACE)}]
    table.pump()
    assert session.events[-1]["type"] == "placed" and session.events[-1]["seat"] == 0
    assert not any(ev["type"] == "paused" for ev in session.events)    # the log holds no pause


def test_the_grace_period_stands_still_while_held():
    host, clock, session, table = table_of_phones()
    host.inbox = [{"k": "away", "seat": 0}]
    table.pump()
    clock.advance(20)
    table.hold(True)
    clock.advance(500)
    assert table.state(0) == "away" and table.next_change() is None and table.switch() == []
    host.inbox = [{"k": "away", "seat": 1}]       # away during the pause: its grace starts at the resume
    table.pump()
    table.hold(False)
    assert table.state(0) == "away" and table.next_change() == 10
    clock.advance(9)
    assert table.state(0) == "away"
    clock.advance(1)
    assert table.state(0) == "grace" and table.state(1) == "away"
    clock.advance(20)
    assert table.state(1) == "grace"


def test_the_tvs_pause_menu_and_quit_question_hold_the_phones(app):
    lobby = lobby_for(app, "wordporters", ("phone", "phone", "phone"))
    host = lobby.host
    conns = {s: phone(host.port, s, n, host.code) for s, n in enumerate(NAMES)}
    steps_until(app, lobby.ready)
    lobby.start()
    session, phones = app.session, app.phones
    clock = FakeClock()
    phones.clock = clock
    for c in conns.values():
        recv_k(c, "view")
    seat = sorted(session.to_act())[0]
    move = next(iter(session.rules.legal_commands(session.view(seat), seat)))
    move = {k: v for k, v in move.items() if k != "seat"}
    conns[2 if seat != 2 else 1].close()          # one phone is away
    away = 2 if seat != 2 else 1
    steps_until(app, lambda: phones.state(away) == "away")
    clock.advance(10)

    key(app, pygame.K_ESCAPE)                     # the TV pauses
    assert isinstance(app.stack.top, PauseOverlay)
    for s, c in conns.items():
        if s != away:
            assert recv_k(c, "paused") == {"k": "paused", "on": True}
    n = len(session.events)
    conns[seat].send(json.dumps({"k": "cmd", "cmd": move}))
    assert answer(app, conns[seat], "refused") == {"k": "refused", "code": "phone.err.paused", "params": {}}
    app.stack.top.open_settings()                 # settings over the pause: still held
    clock.advance(60)
    app.step()
    assert isinstance(app.stack.top, SettingsScene) and phones.held and phones.state(away) == "away"
    app.stack.pop()
    app.stack.top.back()                          # the TV goes on
    app.step()
    assert not phones.held and len(session.events) == n
    assert recv_k(conns[seat], "paused") == {"k": "paused", "on": False}
    clock.advance(19)
    assert phones.state(away) == "away"           # 10 s before the pause + 19 after
    clock.advance(1)
    assert phones.state(away) == "grace"

    app.window_closed()                            # the quit question holds them too
    app.step()
    assert isinstance(app.stack.top, Confirm) and phones.held
    assert recv_k(conns[seat], "paused")["on"] is True
    app.stack.top.back()                           # "stay"
    app.step()
    assert not phones.held and recv_k(conns[seat], "paused")["on"] is False
    conns[seat].send(json.dumps({"k": "cmd", "cmd": move}))
    steps_until(app, lambda: len(session.events) > n)
    assert session.events[n]["seat"] == seat
    for s, c in conns.items():
        if s != away:
            c.close()
