"""From the app's own screens to the end of a game: the set-up with "Play with phones", the
lobby's QR code page opened by real browser pages that join by the room code, Start, the
TV's table pumping the phones' moves, playing its bot and going on from each round's
reveal by itself (nobody sits at the TV), to the last reveal and the results; every frame
the pages received is checked against their seats' views, and the log verifies."""
from __future__ import annotations

import functools

import pygame
import pytest

from engine.commands.verify import EXIT_OK, check
from engine.core.logstore import read_log
from engine.registry import spec_for
from net.phones.host import PhoneHost
from scenes.app import App
from scenes.common.phonelobby import PhoneLobbyScene
from scenes.common.results import ResultsScene
from scenes.common.setup import PHONE, SetupScene
from support.phones import HOSTNAME, Tv, play, seat_phones, wordporters_move
from support.scenes import key


class AppTv:
    """The app as the support helpers' TV: a frame of its loop is `pump`."""
    check_frames = Tv.check_frames
    views_by_length = Tv.views_by_length
    scramble_frames = Tv.scramble_frames

    def __init__(self, app: App, lobby: PhoneLobbyScene) -> None:
        self.app, self.lobby, self.host = app, lobby, lobby.host
        self.session = None

    @property
    def url(self) -> str:
        return f"http://{HOSTNAME}:{self.host.port}/"

    def pump(self) -> None:
        self.app.step()

    def started(self) -> None:
        self.session = self.app.session
        self.rules, self.game = self.session.rules, self.session.rules.game
        self.kinds, self.options = self.session.players, dict(self.session.options)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setattr("scenes.common.phonelobby.lan_addresses", lambda: ["127.0.0.1"])   # tests: loopback
    # the pages open a name mapped to the loopback, which the host must accept as its own
    monkeypatch.setattr("scenes.common.phonelobby.PhoneHost", functools.partial(PhoneHost, hostnames=[HOSTNAME]))
    a = App((1280, 720), lang="en", fps=None)
    a.settings.anim_speed = "off"
    a.settings.phone_port = 0
    a.stack.push(a.menu())
    yield a
    a.stop_phones()


def phone_lobby(app, game: str, kinds: list[int], seed: int = 1) -> PhoneLobbyScene:
    """The set-up of `game` with Play with phones on, one seat per kind (PHONE, or a
    KINDS index: 0 a person at the TV, 2 a normal bot) and the seed typed in (a blank one
    is random: each run a game of another length), started: the phone lobby."""
    setup = SetupScene(app, game)
    app.stack.push(setup)
    app.step()
    setup.toggle_phones()
    setup.seats = len(kinds)
    setup.kinds[:len(kinds)] = kinds
    setup.seed_text = str(seed)
    setup.rebuild()
    setup.start()
    lobby = app.stack.top
    assert isinstance(lobby, PhoneLobbyScene)
    return lobby


def test_wordporters_from_the_set_up_screen_to_the_results_with_phones(app, phones):
    lobby = phone_lobby(app, "wordporters", [PHONE, PHONE, 2])      # two phones and a normal bot
    tv = AppTv(app, lobby)
    pages = seat_phones(tv, phones, [0, 1], langs={1: "zh-TW"})
    assert lobby.ready()
    lobby.start()
    tv.started()
    moves = play(tv, pages, wordporters_move)
    assert moves > 2 * 4 * 3
    table = app.stack.top
    assert not isinstance(table, ResultsScene)     # the last reveal first: read on the TV
    for _ in range(3):                             # whoever is at the TV presses Enter: the results
        if isinstance(app.stack.top, ResultsScene):
            break
        key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ResultsScene)
    assert [p["kind"] for p in tv.session.header["players"]] == ["phone", "phone", "bot"]
    for seat, ph in pages.items():
        assert tv.check_frames(seat, ph.frames) > 8
    code, message = check(read_log(tv.session.log_path, spec_for))
    assert code == EXIT_OK, message
