"""Seats moving between phones and the TV mid-game, with real pages (issues 19 and 22):
Word Porters with two phones and a person at the TV. A phone's seat is handed to the TV
from the seats panel (its page is told why, in its language), two people then share the
TV behind the curtain, and a TV seat is handed to a phone that a new page joins from the
room code, and plays on to the end. Every frame every page received is checked against
its seat's views and event views, and scrambled; the log verifies with its header as at
the start. Leaving the results stops the server: the pages are told the game is over."""
from __future__ import annotations

import socket

import pygame

from engine.commands.verify import EXIT_OK, check
from engine.core.logstore import read_log
from engine.registry import spec_for
from scenes.common.handoff import HandoffCurtain
from scenes.common.results import ResultsScene
from scenes.common.seatspanel import SeatsPanel
from scenes.common.setup import PHONE
from scenes.common.turntable import TurnTable
from support.phonegames import bot_command
from support.phones import NAMES, Tv, play, seat_phones, tap, until, wordporters_move
from support.scenes import key
from test_phone_tv import AppTv, app, phone_lobby  # noqa: F401
from test_scenes_framework import click


class MixedTv(AppTv):
    """The app with people at the TV too: a frame of its loop, then whoever the TV calls
    lifts the curtain, a reveal is read and gone past, and the person on screen who is to
    act moves (a bot stands in for them). `curtains`: the seat of every curtain raised;
    `viewers`: every seat whose view the TV's table showed."""
    scramble_frames = Tv.scramble_frames

    def __init__(self, app, lobby) -> None:
        super().__init__(app, lobby)
        self.curtains: list[int] = []
        self.viewers: set[int | None] = set()

    def pump(self) -> None:
        app = self.app
        app.step()
        top = app.stack.top
        if isinstance(top, HandoffCurtain):
            self.curtains.append(top.seat)
            top.armed_in = 0
            key(app, pygame.K_SPACE)
            return
        if not isinstance(top, TurnTable) or self.session is None:
            return
        s, seat = self.session, top.viewer
        self.viewers.add(seat)
        if getattr(top, "reveal", None) is not None:       # Word Porters: a reveal read at the TV
            if top.still() and not top.view.get("ended"):
                key(app, pygame.K_RETURN)
        elif seat is not None and seat in top.humans and seat in s.to_act() and s.outcome() is None:
            s.submit(bot_command(self.game, seat, s.view(seat)))

    def table_state(self, seat: int) -> str | None:
        return self.app.phones.state(seat) if self.app.phones is not None else None

    def at_table(self, page) -> TurnTable:
        until(self, page, lambda: isinstance(self.app.stack.top, TurnTable), "the table")
        return self.app.stack.top

    def hand(self, page, seat: int) -> None:
        """From the table: F5, the seat's button on the panel, back to the game."""
        self.at_table(page)
        key(self.app, pygame.K_F5)
        panel = self.app.stack.top
        assert isinstance(panel, SeatsPanel)
        click(self.app, panel.widgets[f"to_{seat}"])
        key(self.app, pygame.K_ESCAPE)


def note(page) -> str:
    return page.locator(".note").first.inner_text() if page.locator(".note").count() else ""


def test_handover_a_phone_seat_to_the_tv_then_a_tv_seat_to_a_new_phone(app, phones):
    tv = MixedTv(app, phone_lobby(app, "wordporters", [PHONE, PHONE, 0]))   # two phones, a person at the TV
    pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
    tv.lobby.start()
    tv.started()
    session = tv.session
    play(tv, pages, wordporters_move, most=3)

    tv.hand(pages[0].page, 1)                         # seat 1's phone -> a person at the TV
    old = pages.pop(1)
    until(tv, old.page, lambda: "電視" in note(old.page), "the old phone told why")
    assert note(old.page) == "你的座位移到電視前了，現在請在電視前玩。"
    old.page.screenshot(path="/tmp/phone-to-tv-zh-TW.png")
    assert tv.app.stack.top.humans == [1, 2]
    play(tv, pages, wordporters_move, most=4)         # two people share the TV behind the curtain

    tv.hand(pages[0].page, 2)                         # the TV's seat 2 -> a phone
    new = phones(f"{tv.url}#{tv.host.code}", lang="en")
    new.page.wait_for_selector("button[data-seat='2']")
    new.page.fill("#name", NAMES[2])
    tap(new.page, "button[data-seat='2']")
    until(tv, new.page, lambda: tv.table_state(2) == "here", "the new phone")
    pages[2] = new
    moves = play(tv, pages, wordporters_move)         # to the end: the new phone plays on
    assert moves > 3 and session.outcome() is not None
    assert any('"k":"events"' in f for f in new.frames)

    for seat, ph in ((0, pages[0]), (1, old), (2, new)):
        checked = tv.check_frames(seat, ph.frames)
        assert checked > 1, (seat, checked)
        assert tv.scramble_frames(seat, ph.frames)[0] == checked
        assert not [c for c in ph.console if "404" not in c], ph.console
    assert [p["kind"] for p in session.header["players"]] == ["phone", "phone", "human"]   # as at the start
    code, message = check(read_log(session.log_path, spec_for))
    assert code == EXIT_OK, message

    for _ in range(20):                               # the last reveal, read at the TV: the results
        if isinstance(app.stack.top, ResultsScene):
            break
        key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ResultsScene)
    port = tv.host.port
    click(app, app.stack.top.widgets["menu"])         # leaving the results stops the server
    for ph in (pages[0], new):
        until(tv, ph.page, lambda ph=ph: "over" in note(ph.page), "the page told the game is over")
        assert note(ph.page) == "The game is over and the TV has closed the room. Thanks for playing!"
        assert ph.page.locator("#code").count() == 1     # the code field, for a next game
    new.page.screenshot(path="/tmp/phone-ended-en.png", full_page=True)
    assert "not connected" in new.page.locator("#bar").inner_text()
    assert "{" not in new.page.locator("#app").inner_text()      # every sentence filled in (the reveal's names)
    assert app.phone_host is None
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
        s.listen()
