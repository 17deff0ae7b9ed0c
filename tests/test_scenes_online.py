"""Online play in the game window (scenes/online) against a real relay on 127.0.0.1 in
a background thread: two App windows host and join a room, get ready, start, race over
the relay and see each other; a dropped link shows "Reconnecting…" and resumes; a closed
window takes its seat back with the saved token; an unreachable relay, a wrong code and
a refused start show their text; every screen renders in both languages at 1280x720 and
960x540 with no text out of its box. Waits are bounded by frames of a clock, never sleeps."""
from __future__ import annotations

import socket
import threading
import time
from typing import Any, Callable

import pygame
import pygame_gui
import pytest

from engine.core.logstore import read_log
from engine.registry import spec_for
from net.session import Lobby
from scenes.app import App
from scenes.sumoku.online import store
from scenes.sumoku.online.connect import ConnectScene
from scenes.sumoku.online.link import clean_code, clean_name
from scenes.sumoku.online.lobby import LobbyScene
from scenes.sumoku.online.race import OnlineRaceScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.blitz import COUNTDOWN_MS, LEVEL, use_blitz
from support.fits import assert_fits
from test_net_session import RelayThread

LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
WAIT = 60.0       # a safety net against a hang, never a measure of speed


@pytest.fixture
def relay(tmp_path):
    r = RelayThread(tmp_path / "relay")
    yield r
    r.stop()


@pytest.fixture(autouse=True)
def _clean(monkeypatch):
    store.store_path().unlink(missing_ok=True)
    # A short countdown: the race goes live soon after the start.
    import scenes.sumoku.online.connect as connect
    real = connect.room_options
    monkeypatch.setattr(connect, "room_options", lambda v, n: {**real(v, n), "countdown_ms": COUNTDOWN_MS})
    # The host's bots think fast, so the race moves on within a test's patience.
    use_blitz(monkeypatch)
    monkeypatch.setattr("scenes.sumoku.online.race.BOT_LEVEL", LEVEL)
    yield
    i18n.set_lang("en")


def make_app(size=(1280, 720), lang="en") -> App:
    app = App(size, lang=lang, fps=None)
    app.stack.push(app.menu())
    return app


def run_until(apps: list[App], done: Callable[[], bool], timeout: float = WAIT) -> None:
    """Step every window until `done()` (a bounded wait on the clock, no sleeping)."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        for app in apps:
            app.step()


def drawn(app: App) -> list[Any]:
    """Every text of one fresh frame of `app` (its blits, with their boxes): laid out
    again first, since widget labels and the race's panes draw their text when built."""
    app.relayout()
    with record_text() as blits:
        app.step()
    return blits


def texts(blits: list[Any]) -> str:
    return "\n".join(b.text for b in blits)


def press(scene: Any, oid: str) -> None:
    """Click a widget of a GuiScene (as pygame_gui reports a click)."""
    btn = scene.widgets[oid]
    assert btn.is_enabled, oid
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=btn))


def connect_screen(app: App, port: int, name: str) -> ConnectScene:
    app.stack.clear_to(app.menu())
    app.step()
    press(app.stack.top, "online")                 # the menu's "Play online"
    scene = app.stack.top
    assert isinstance(scene, ConnectScene)
    scene.relay, scene.name = f"127.0.0.1:{port}", name
    return scene


def host(app: App, port: int, name: str = "Mei", **choices: Any) -> LobbyScene:
    scene = connect_screen(app, port, name)
    for key, value in choices.items():
        setattr(scene, key, value)
    press(scene, "host")
    run_until([app], lambda: isinstance(app.stack.top, LobbyScene))
    return app.stack.top


def join(app: App, port: int, code: str, name: str = "Bo", others: list[App] = ()) -> LobbyScene:
    scene = connect_screen(app, port, name)
    scene.code = f" {code.lower()} "                # typed in lower case, with stray spaces
    press(scene, "join")
    run_until([app, *others], lambda: isinstance(app.stack.top, LobbyScene))
    return app.stack.top


class held:
    """`with held(relay):` the relay's loop stands still (as a relay out of reach would):
    a dropped client stays "reconnecting" until the block ends."""

    def __init__(self, relay: RelayThread) -> None:
        self.relay = relay
        self.gate = threading.Event()

    def __enter__(self) -> None:
        self.relay.loop.call_soon_threadsafe(self.gate.wait, WAIT)

    def __exit__(self, *exc: object) -> None:
        self.gate.set()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_typed_codes_and_names_are_checked_before_sending():
    assert clean_code(" kxq-m ") == "KXQM"
    assert clean_code("abcde") == "ABCDE"
    assert clean_code("ILOU") is None and clean_code("abc") is None and clean_code("abcdefg") is None
    assert clean_name("  Mei   Lin ") == "Mei Lin" and clean_name("美玲") == "美玲"
    assert clean_name("   ") is None and len(clean_name("x" * 50)) == 32


@pytest.mark.parametrize("lang", LANGS)
def test_the_join_box_example_is_a_code_the_relay_could_give(lang):
    """The placeholder's example has the relay's code length and alphabet (it said KXQM, 4
    letters, where codes have 5)."""
    import re

    from net.protocol import CODE_ALPHABET, CODE_LEN
    i18n.set_lang(lang)
    example = re.findall(r"[A-Z]{3,}", i18n.t("net.connect.code_hint"))
    i18n.set_lang("en")
    assert len(example) == 1 and len(example[0]) == CODE_LEN and set(example[0]) <= set(CODE_ALPHABET)
    assert clean_code(example[0].lower()) == example[0]


def test_two_windows_host_join_ready_start_and_race_over_the_relay(relay, tmp_path):
    a, b = make_app(), make_app()
    lobby_a = host(a, relay.port, seats=2, allow_bots=False)
    code = lobby_a.lobby.code
    assert code and code in texts(drawn(a)).replace(" ", "")   # the code, big, to read aloud
    assert lobby_a.widgets["start"].text == "Start the race" and "ready" not in lobby_a.widgets
    lobby_b = join(b, relay.port, code, others=[a])
    run_until([a, b], lambda: [m["status"] for m in lobby_a.members] == ["here", "here"])
    shown = texts(drawn(a))
    assert "Bo" in shown and "Not ready" in shown and "here" in shown

    press(lobby_a, "start")                          # Bo is not ready: the relay refuses
    run_until([a, b], lambda: lobby_a.notice == "net.refused.not_ready")
    assert i18n.t("net.refused.not_ready") in texts(drawn(a))

    press(lobby_b, "ready")
    # both windows hear the relay in their own time: wait until each has shown it
    run_until([a, b], lambda: lobby_a.members[1]["ready"]
              and lobby_b.widgets["ready"].text == i18n.t("net.lobby.ready_off"))
    press(lobby_a, "start")
    run_until([a, b], lambda: isinstance(a.stack.top, OnlineRaceScene) and isinstance(b.stack.top, OnlineRaceScene))
    race_a, race_b = a.stack.top, b.stack.top
    sa, sb = race_a.session, race_b.session
    assert (sa.seat, sb.seat) == (0, 1) and a.session is sa and b.session is sb
    assert [p.seat for p in race_b.locals] == [1] and race_b.bot_seats() == [0]
    saved = store.load_rejoins()                   # both windows saved their seats
    assert sorted((r.code, r.seat, r.token) for r in saved) == [(code, 0, sa.token), (code, 1, sb.token)]

    run_until([a, b], lambda: sa.view(None)["live"] and sb.view(None)["live"])
    seen_a, seen_b = texts(drawn(a)), texts(drawn(b))
    assert "Mei" in seen_a and "Bo" in seen_a and "Mei" in seen_b and "Bo" in seen_b

    # Bo puts a tile with the keyboard: it comes back stamped, on both screens.
    me = race_b.locals[0]
    tile = me.tile
    race_b.act(me, "put")
    run_until([a, b], lambda: any(t[2] == tile for t in sa.view(None)["grids"][1])
              and any(t[2] == tile for t in sb.view(None)["grids"][1]))

    # Bo's link drops: "Reconnecting…" over the race, then it resumes and goes away.
    with held(relay):
        sb.client.abort()
        run_until([a, b], lambda: sb.status == "reconnecting")
        assert "Reconnecting…" in texts(drawn(b))
        # The window goes on sending while the link is down (checkpoint hashes, a move):
        # nothing may reach the relay before the resume, and the move is sent after it.
        for _ in range(30):
            sb.client.send_hash(sb.seq, sb.hash())
            b.step()
        race_b.act(me, "put")
    run_until([a, b], lambda: sb.status == "live")
    assert "Reconnecting…" not in texts(drawn(b))
    moves = lambda s: [r for r in s.lockstep.records if r["by"] == 1 and r["cmd"]["type"] != "tick"]  # noqa: E731
    run_until([a, b], lambda: len(moves(sa)) == len(moves(sb)) == 2)
    assert "lost the connection" not in texts(drawn(a))
    race_a.act(race_a.locals[0], "put")
    run_until([a, b], lambda: sa.seq == sb.seq == relay.log_len(code) and sa.seq >= 3)
    assert sa.hash() == sb.hash()

    # Bo's window quits to the menu (no leave): Mei sees the seat away, and no bot can
    # take it (this room has none); Bo takes the seat back with the saved token.
    b.save_and_quit()
    run_until([a, b], lambda: sa.members[1]["status"] == "away")
    assert "lost the connection" in texts(drawn(a))
    conn = connect_screen(b, relay.port, "Bo")
    assert {r.token for r in conn.rejoins} == {sa.token, sb.token}      # one machine, two windows
    while conn.rejoin.token != sb.token:
        conn.step_rejoin(1)                              # Left/Right on the button choose
    assert conn.widgets["rejoin"].text == f"Rejoin room {code}, seat 2"
    press(conn, "rejoin")
    run_until([a, b], lambda: isinstance(b.stack.top, OnlineRaceScene))
    sb2 = b.stack.top.session
    run_until([a, b], lambda: sb2.seq == sa.seq and sa.members[1]["status"] == "here")
    assert sb2.seat == 1 and sb2.hash() == sa.hash()

    # Both games are logged like local ones, and the replay viewer opens them.
    for s in (sa, sb2):
        loaded = read_log(s.log_path, spec_for)
        assert loaded.header["online"] == {"code": code, "seat": s.seat}
        assert len(loaded.events) == len(s.events)
    assert a.open_replay(sa.log_path)
    assert_fits(drawn(a))
    a.close_session()
    b.close_session()


def test_an_unreachable_relay_a_wrong_code_and_bad_typing_show_their_text(relay):
    app = make_app()
    dead = free_port()
    for lang in LANGS:
        i18n.set_lang(lang)
        scene = connect_screen(app, dead, "Mei")
        press(scene, "host")
        run_until([app], lambda: scene.problem is not None)
        assert scene.problem.key == "net.err.unreachable"
        assert i18n.t("net.err.unreachable", relay=f"127.0.0.1:{dead}") in texts(drawn(app))
    i18n.set_lang("en")
    scene = connect_screen(app, relay.port, "Mei")
    scene.code = "KXQMZ"
    press(scene, "join")
    run_until([app], lambda: scene.problem is not None)
    assert scene.problem.key == "net.err.no_room"
    assert "no room with that code" in texts(drawn(app))
    scene.code = "hello"                               # an O and an L: never a code
    press(scene, "join")
    assert scene.problem.key == "net.err.bad_code" and scene.connector is None
    scene.relay = "nowhere"
    press(scene, "host")
    assert scene.problem.key == "net.err.bad_address"
    assert isinstance(app.stack.top, ConnectScene)


def test_a_full_room_is_refused_and_leaving_gives_the_seat_up(relay):
    app = make_app()
    lobby = host(app, relay.port, seats=2, allow_bots=False)
    code = lobby.lobby.code
    other = Lobby("127.0.0.1", relay.port, name="Bo", game="sumoku")
    other.connect().result(5)
    other.join(code).result(5)
    scene = connect_screen(app, relay.port, "Dee")       # the host's window tries again
    scene.code = code
    press(scene, "join")
    run_until([app], lambda: scene.problem is not None)
    assert scene.problem.key == "net.err.room_full"
    # Bo leaves: the relay frees the seat, and Bo's client does not come back.
    other.close(leave=True)
    msgs = other.client.poll()
    assert [m["k"] for m in msgs if m["k"] in ("link", "closed")] == ["closed"]
    assert not other.client._thread.is_alive()


@pytest.mark.parametrize("lang", LANGS)
def test_every_online_screen_fits_in_both_languages_and_sizes(relay, lang):
    app = make_app(SIZES[0], lang)
    scene = connect_screen(app, free_port(), "美玲" if lang == "zh-TW" else "Mei")
    store.save_rejoin(store.Rejoin(f"127.0.0.1:{relay.port}", "ABCDE", "t" * 20, 1))
    scene = connect_screen(app, relay.port, "Mei")
    for size in SIZES:
        app.resize(size)
        assert_fits(drawn(app))
    scene.relay = f"127.0.0.1:{free_port()}"
    press(scene, "host")
    run_until([app], lambda: scene.problem is not None)
    for size in SIZES:
        app.resize(size)
        assert_fits(drawn(app))                      # the error, wrapped in its box
    store.clear_rejoin()
    assert store.load_rejoin() is None

    lobby = host(app, relay.port, seats=3, allow_bots=True, variant="team")
    guest = Lobby("127.0.0.1", relay.port, name="Bo", game="sumoku")
    guest.connect().result(5)
    guest.join(lobby.lobby.code).result(5)
    run_until([app], lambda: len([m for m in lobby.members if m["status"] == "here"]) == 2)
    for size in SIZES:
        app.resize(size)
        blits = drawn(app)
        assert_fits(blits)
        assert i18n.t("net.status.open") in texts(blits) and i18n.t("net.lobby.not_ready") in texts(blits)
    guest.set_ready(True)
    run_until([app], lambda: lobby.members[1]["ready"])
    press(lobby, "start")
    run_until([app], lambda: isinstance(app.stack.top, OnlineRaceScene))
    race = app.stack.top
    session = race.session
    assert [m["status"] for m in session.members] == ["here", "here", "bot"]
    run_until([app], lambda: session.view(None)["live"])
    for size in SIZES:
        app.resize(size)
        assert_fits(drawn(app))
    guest.close()                                     # Bo's game quits: the host may hand the seat to a bot
    run_until([app], lambda: session.members[1]["status"] == "away")
    for size in SIZES:
        app.resize(size)
        blits = drawn(app)
        assert_fits(blits)
        assert i18n.t("net.away_bot") in texts(blits)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
    run_until([app], lambda: session.members[1]["status"] == "bot")
    with held(relay):
        session.client.abort()
        run_until([app], lambda: race.status == "reconnecting")
        for size in SIZES:
            app.resize(size)
            blits = drawn(app)
            assert_fits(blits)
            assert i18n.t("net.reconnecting") in texts(blits)
    run_until([app], lambda: race.status == "live")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step()
    assert type(app.stack.top).__name__ == "OnlinePause"
    seq = session.seq
    run_until([app], lambda: session.seq > seq)      # the race goes on under the pause menu
    assert_fits(drawn(app))
    app.stack.pop()                                   # Start on a pad opens the same pause menu
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=0, joy=0, button=7))
    app.step()
    assert type(app.stack.top).__name__ == "OnlinePause"
    app.close_session()


def test_leaving_never_reconnects_and_abort_cuts_the_link(tmp_path):
    """RelayClient.leave() is closing before it sends "leave": the relay's "bye" and its
    end of the connection are not a dropped link (no reconnect, no resume of the seat
    just given up). `abort()` cuts the link like a network failure: the client resumes;
    `abort(reconnect=False)` stops it dead, as a crashed process."""
    import asyncio

    from net.client import RelayClient
    from net.relay import Relay

    async def main() -> None:
        relay = Relay(tmp_path / "relay")
        await relay.start("127.0.0.1", 0)

        def client(name: str) -> RelayClient:
            return RelayClient("127.0.0.1", relay.port, game="sumoku", rules_version=3, name=name)
        try:
            for _ in range(3):
                a, b = client("a"), client("b")
                await a.connect()
                await b.connect()
                room = await a.create("speed", 2, {}, False)
                await b.join(room["code"])
                await b.leave()
                await asyncio.sleep(0)
                kinds = [b.inbox.get_nowait()["k"] for _ in range(b.inbox.qsize())]
                assert "bye" in kinds and kinds[-1] == "closed" and "link" not in kinds
                assert relay.rooms[room["code"]].seats[1].status == "open"
                await a.close()
            a = client("a")
            await a.connect()
            await a.create("speed", 2, {}, False)
            while not a.inbox.empty():
                a.inbox.get_nowait()                        # the room, the lobby
            a.abort()
            assert (await a.recv(5))["k"] == "link"           # down ...
            got = await a.recv(5)
            assert got == {"k": "link", "up": True} and not a.closed   # ... and up again
            a.abort(reconnect=False)
            await asyncio.sleep(0)
            kinds = {a.inbox.get_nowait()["k"] for _ in range(a.inbox.qsize())}
            assert a.closed and not a.connected and kinds <= {"room", "lobby"}   # the resume's
        finally:
            await relay.stop()
    asyncio.run(main())


def test_continue_never_resumes_an_online_game_as_a_local_one(tmp_path):
    from engine.core.logstore import LogWriter, make_header
    from engine.core.session import LocalSession
    from engine.sumoku.rules import SumokuRules
    from scenes.logs import is_unfinished
    local = LocalSession(SumokuRules(), 2, {"variant": "speed"}, 3, log_dir=tmp_path)
    local.submit({"type": "tick", "seat": None})
    local.close()
    assert is_unfinished(local.log_path)
    header = make_header("sumoku", "speed", 2, 3, 1, {"variant": "speed"}, local.players)
    header["online"] = {"code": "ABCDE", "seat": 0}
    online = tmp_path / "online.ctlog"
    w = LogWriter(online, header)
    for ev in local.events:
        w.append(ev)
    w.close()
    assert not is_unfinished(online)


def online_copy(session, path):
    """`session`'s events under an online race's header (as the online table logs them)."""
    from engine.core.logstore import LogWriter, make_header
    variant = session.options["variant"]
    header = make_header("sumoku", variant, session.seats, 3, 1, dict(session.options), session.players)
    header["online"] = {"code": "ABCDE", "seat": 0}
    w = LogWriter(path, header)
    for ev in session.events:
        w.append(ev)
    w.close()
    return path


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_list_tells_an_abandoned_online_race_from_a_finished_one(tmp_path, monkeypatch, lang):
    from engine.core.logstore import default_log_dir
    from engine.core.race import race_out
    from engine.core.session import LocalSession
    from engine.sumoku.racebot import RaceBot
    from engine.sumoku.rules import SumokuRules
    from scenes.common.logpicker import LogPickerScene
    from scenes.logs import has_ended, is_unfinished
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path))
    logs = default_log_dir()
    logs.mkdir(parents=True)
    left = LocalSession(SumokuRules(), 2, {"variant": "speed"}, 3, log=False)
    left.submit({"type": "tick", "seat": None})          # the race began, then everyone left
    abandoned = online_copy(left, logs / "a-abandoned.ctlog")
    won = race_out(SumokuRules(), 2, [RaceBot("hard", 1), RaceBot("hard", 2)], options={"variant": "grab"}, seed=3)
    finished = online_copy(won, logs / "b-finished.ctlog")
    assert not has_ended(abandoned) and has_ended(finished)
    assert not is_unfinished(abandoned) and not is_unfinished(finished)     # neither is resumed alone
    app = make_app((960, 540), lang)
    picker = LogPickerScene(app)
    app.stack.push(picker)
    with record_text() as blits:
        picker.request_redraw()
        app.step()
    badges = {row.path.name: picker.finished(row) for row in picker.logs}
    assert badges == {"a-abandoned.ctlog": False, "b-finished.ctlog": True}
    drawn = [b.text for b in blits]
    assert drawn.count(i18n.t("ui.logs.unfinished")) == 1 and drawn.count(i18n.t("ui.logs.finished")) == 1
    assert_fits(blits)
    i18n.set_lang("en")


@pytest.mark.parametrize("size", SIZES)
def test_the_host_s_seat_count_goes_down_and_up_by_mouse(size):
    """As on the set-up screen: − and + beside the seats (the count alone only went up)."""
    from scenes.sumoku.online.connect import seat_range
    app = make_app(size)
    scene = connect_screen(app, free_port(), "Mei")
    scene.rebuild()
    rng = seat_range(scene.variant)
    press(scene, "seats_more")
    start = scene.seats
    press(scene, "seats_less")
    assert scene.seats == start - 1
    while scene.seats > rng.start:
        press(scene, "seats_less")
    assert not scene.widgets["seats_less"].is_enabled
    press(scene, "seats_more")
    assert scene.seats == rng.start + 1
    while scene.seats < rng.stop - 1:
        press(scene, "seats_more")
    assert not scene.widgets["seats_more"].is_enabled and scene.seats == 8
    with record_text() as blits:
        scene.request_redraw()
        app.step()
    assert_fits(blits)
