"""The phone host (net/phones): its files, the join, resume and command paths, every
limit, and the one send path (each game frame is the seat's view and event views).
Real sockets on the loopback address; the buckets read a fake clock."""
from __future__ import annotations

import contextlib
import http.client
import json
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from engine.core.session import LocalSession
from engine.registry import rules_for
from net.phones.files import FILES, served
from net.phones.host import PhoneHost
from net.phones.limits import PhoneLimits
from net.phones.table import PhoneTable
from support.relays import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


def make_host(clock, kinds=("phone", "phone", "bot", "phone", "tv"), **limits):
    host = PhoneHost("wooolf", kinds, ["", "", "Bot 3", "", "Ann"], clock=clock,
                     limits=PhoneLimits().with_(**limits), code="QRST")
    host.start()
    return host


@pytest.fixture
def host(clock):
    h = make_host(clock)
    yield h
    h.stop()


def ws(host, origin=None, **kw):
    origin = origin or f"http://127.0.0.1:{host.port}"
    return connect(f"ws://127.0.0.1:{host.port}/ws", origin=origin, open_timeout=5, legacy=True, **kw)


def send(c, msg):
    c.send(json.dumps(msg))


def recv(c, timeout=5.0):
    return json.loads(c.recv(timeout))


def recv_until(c, k, timeout=5.0):
    while True:
        m = recv(c, timeout)
        if m["k"] == k:
            return m


def wait_poll(host, n=1, timeout=5.0):
    out = []
    end = time.monotonic() + timeout
    while len(out) < n and time.monotonic() < end:
        out += host.poll()
        time.sleep(0.005)
    return out


def join(host, seat, name="Mei"):
    c = ws(host)
    send(c, {"k": "hello", "code": host.code})
    assert recv(c)["k"] == "lobby"
    send(c, {"k": "join", "seat": seat, "name": name})
    welcome = recv_until(c, "welcome")
    return c, welcome


def get(host, path, hostname="127.0.0.1", **headers):
    conn = http.client.HTTPConnection("127.0.0.1", host.port, timeout=5)
    conn.request("GET", path, headers={"Host": f"{hostname}:{host.port}", **headers})
    r = conn.getresponse()
    return r.status, dict(r.getheaders()), r.read()


# ---- files ------------------------------------------------------------------------------
def test_files_come_from_the_allow_list_with_strict_headers(host):
    for path in list(FILES) + ["/strings/en.json", "/strings/zh-TW.json", "/theme.css"]:
        status, headers, _ = get(host, path)
        assert status == 200, path
        assert headers["Content-Security-Policy"] == "default-src 'self'"
        assert headers["Cache-Control"] == "no-cache" and headers["ETag"]
    for path in ("/../net/phones/host.py", "/net/phones/host.py", "/assets/phone/app.js",
                 "/%2e%2e/setup.cfg", "/index.html/..", "/strings/fr.json"):
        assert get(host, path)[0] == 404, path


def test_a_phone_that_has_a_file_is_told_so_and_one_with_another_copy_gets_it_whole(host):
    """Files are kept by the phone and asked about each time: with the tag of this very
    file (If-None-Match) the answer is 304 with no body; with any other tag, the file."""
    for path in list(FILES) + ["/strings/zh-TW.json", "/theme.css"]:
        status, headers, body = get(host, path)
        tag = headers["ETag"]
        again = get(host, path, **{"If-None-Match": tag})
        assert again[0] == 304 and again[2] == b"" and again[1]["ETag"] == tag, path
        assert again[1]["Cache-Control"] == "no-cache" and "Content-Length" not in again[1]
        assert get(host, path, **{"If-None-Match": f'W/{tag}, "other"'})[0] == 304
        other = get(host, path, **{"If-None-Match": '"not-this-one"'})
        assert other[0] == 200 and other[2] == body == served()[path].body, path
    assert len({get(host, p)[1]["ETag"] for p in FILES}) == len(FILES)       # a tag a body


def test_the_strings_are_the_catalogs_for_the_phone_in_each_language(host):
    en = json.loads(get(host, "/strings/en.json")[2])
    zh = json.loads(get(host, "/strings/zh-TW.json")[2])
    assert en["phone.err.code"].startswith("That room code")
    assert zh["phone.err.code"].startswith("這不是")
    assert zh["wooolf.role.wolf"] != en["wooolf.role.wolf"]
    assert set(en) == set(zh)
    # none of the TV's own screens' words, only how a list of names is said
    assert {k for k in en if k.startswith("ui.")} == {"ui.list_and", "ui.list_sep"}
    assert en["sumoku.ui.confirm"] == "Confirm" and zh["sumoku.ui.confirm"] != "Confirm"
    assert en["hooky.ui.ask"] == "Ask" and zh["hooky.ui.ask"] != "Ask"       # a game with a phone page


def test_a_request_naming_another_host_is_refused(host):
    assert get(host, "/", hostname="evil.example")[0] == 403


def test_a_socket_from_another_origin_is_refused(host):
    with pytest.raises(InvalidStatus) as e:
        ws(host, origin="http://evil.example")
    assert e.value.response.status_code == 403


# ---- joining ----------------------------------------------------------------------------
def test_join_gives_a_token_and_the_tv_hears_of_it(host):
    c, welcome = join(host, 1, "Mei")
    assert welcome["seat"] == 1 and len(welcome["token"]) >= 20
    assert wait_poll(host, 2) == [{"k": "seats", "seat": 1}, {"k": "joined", "seat": 1}]   # a new token, then here
    states = [s["state"] for s in host.seats()]
    assert states == ["empty", "here", "bot", "empty", "tv"]
    assert host.seats()[1]["name"] == "Mei"
    c.close()
    assert wait_poll(host) == [{"k": "away", "seat": 1}]
    assert host.seats()[1]["state"] == "away"


def test_a_wrong_room_code_is_an_error_and_the_socket_closes(host):
    c = ws(host)
    send(c, {"k": "hello", "code": "ABCD"})
    assert recv(c) == {"k": "error", "code": "phone.err.code"}
    with pytest.raises(ConnectionClosed):
        c.recv(5)
    assert host.poll() == []


@pytest.mark.parametrize("seat, code", [(2, "phone.err.seat"), (4, "phone.err.seat"),
                                        (9, "phone.err.seat"), (0, "phone.err.seat_taken")])
def test_only_an_empty_phone_seat_can_be_joined(host, seat, code):
    a, _ = join(host, 0, "Ann")
    c = ws(host)
    send(c, {"k": "hello", "code": host.code})
    recv(c)
    send(c, {"k": "join", "seat": seat, "name": "Bo"})
    assert recv_until(c, "refused")["code"] == code
    send(c, {"k": "join", "seat": 1, "name": "Bo"})     # still in the lobby: may pick another
    assert recv_until(c, "welcome")["seat"] == 1


def test_a_locked_room_admits_nobody_new_but_seated_phones_come_back(host):
    a, welcome = join(host, 0)
    a.close()
    host.lock()
    c = ws(host)
    send(c, {"k": "hello", "code": host.code})
    assert recv(c)["locked"] is True
    send(c, {"k": "join", "seat": 1, "name": "Bo"})
    assert recv_until(c, "refused")["code"] == "phone.err.locked"
    b = ws(host)
    send(b, {"k": "resume", "token": welcome["token"]})
    assert recv(b)["seat"] == 0


def test_resume_with_the_token_takes_the_seat_and_closes_the_old_page(host):
    a, welcome = join(host, 3)
    wait_poll(host)
    b = ws(host)
    send(b, {"k": "resume", "token": welcome["token"]})
    assert recv(b)["k"] == "welcome"
    assert recv_until(a, "error") == {"k": "error", "code": "phone.err.replaced"}
    with pytest.raises(ConnectionClosed):
        a.recv(5)
    assert wait_poll(host) == [{"k": "joined", "seat": 3}]
    assert host.seats()[3]["state"] == "here"


def test_an_unknown_token_is_an_error(host):
    c = ws(host)
    send(c, {"k": "resume", "token": "A" * 22})
    assert recv(c) == {"k": "error", "code": "phone.err.token"}


def test_a_kicked_seat_is_free_and_its_old_token_is_dead(host):
    a, welcome = join(host, 0)
    host.kick(0)
    assert recv_until(a, "error")["code"] == "phone.err.seat_changed"
    c = ws(host)
    send(c, {"k": "resume", "token": welcome["token"]})
    assert recv(c)["code"] == "phone.err.token"
    _, again = join(host, 0, "Bo")
    assert again["token"] != welcome["token"]


# ---- commands and limits ------------------------------------------------------------------
def test_the_seat_on_a_command_is_the_connections_whatever_the_message_says(host):
    c, _ = join(host, 1)
    wait_poll(host)
    send(c, {"k": "cmd", "cmd": {"type": "peek", "seat": 0, "t": 5, "target": 2, "pos": 0}})
    assert wait_poll(host) == [{"k": "cmd", "seat": 1, "cmd": {"type": "peek", "target": 2, "pos": 0}}]


def test_a_command_before_a_seat_is_refused(host):
    c = ws(host)
    send(c, {"k": "hello", "code": host.code})
    recv(c)
    send(c, {"k": "cmd", "cmd": {"type": "peek"}})
    assert recv(c) == {"k": "refused", "code": "phone.err.not_seated", "params": {}}


@pytest.mark.parametrize("frame, code", [
    ("not json", "phone.err.bad_message"),
    ('{"k": "cmd", "cmd": {"type": "x", "n": 1.5}}', "phone.err.bad_message"),
    ('{"k": "cmd", "cmd": {"type": "x", "n": NaN}}', "phone.err.bad_message"),
    ('{"k": "cmd", "cmd": {"type": "x", "a": [[[[1]]]]}}', "phone.err.bad_message"),
    ('{"k": "join", "seat": 1, "name": "   "}', "phone.err.name"),
    ('{"k": "join", "seat": 1, "name": "' + "x" * 25 + '"}', "phone.err.name"),
    ('{"k": "rename"}', "phone.err.bad_message"),
    ('[1, 2]', "phone.err.bad_message"),
])
def test_a_malformed_frame_is_an_error_and_nothing_reaches_the_tv(host, frame, code):
    c = ws(host)
    send(c, {"k": "hello", "code": host.code})
    recv(c)
    c.send(frame)
    assert recv(c) == {"k": "error", "code": code}
    assert host.poll() == []


def test_a_frame_over_4_kib_closes_the_socket_with_1009(host):
    c, _ = join(host, 0)
    wait_poll(host)
    send(c, {"k": "cmd", "cmd": {"type": "peek", "pad": "x" * 4100}})
    with pytest.raises(ConnectionClosed) as e:
        while True:
            c.recv(5)
    assert e.value.rcvd is None or e.value.rcvd.code == 1009 or e.value.sent.code == 1009
    assert wait_poll(host) == [{"k": "away", "seat": 0}]


def test_a_flood_is_cut_off_and_others_are_unaffected(clock):
    host = make_host(clock, burst=5, rate=1.0)
    try:
        other, _ = join(host, 1, "Bo")
        c, _ = join(host, 0)
        wait_poll(host, 2)
        for i in range(6):          # hello, join, then 3 commands: the 6th message is over
            try:
                send(c, {"k": "cmd", "cmd": {"type": "shuffle"}})
            except ConnectionClosed:
                break
        assert recv_until(c, "error")["code"] == "phone.err.rate"
        got = wait_poll(host, 4)
        assert [m["k"] for m in got] == ["cmd", "cmd", "cmd", "away"]
        clock.now += 10             # the bucket refills with time
        send(other, {"k": "cmd", "cmd": {"type": "shuffle"}})
        assert wait_poll(host) == [{"k": "cmd", "seat": 1, "cmd": {"type": "shuffle"}}]
    finally:
        host.stop()


def test_join_attempts_are_limited_per_address(clock):
    host = make_host(clock, join_burst=3, join_rate=0.5)
    try:
        codes = []
        for _ in range(4):
            c = ws(host)
            send(c, {"k": "hello", "code": "ABCD"})
            codes.append(recv(c)["code"])
        assert codes == ["phone.err.code"] * 3 + ["phone.err.slow_down"]
        clock.now += 2              # one attempt back
        c = ws(host)
        send(c, {"k": "hello", "code": host.code})
        assert recv(c)["k"] == "lobby"
    finally:
        host.stop()


def test_connections_per_address_are_capped(clock):
    host = make_host(clock, max_conns_per_addr=2)
    try:
        a, b = ws(host), ws(host)
        send(a, {"k": "hello", "code": host.code})
        recv(a)
        c = ws(host)
        assert recv(c) == {"k": "error", "code": "phone.err.too_many"}
        b.close()
        time.sleep(0.1)
        d = ws(host)
        send(d, {"k": "hello", "code": host.code})
        assert recv(d)["k"] == "lobby"
    finally:
        host.stop()


def test_a_port_in_use_is_an_oserror(host, clock):
    other = PhoneHost("wooolf", ["phone"] * 4, clock=clock, port=host.port)
    with pytest.raises(OSError):
        other.start()


# ---- the one send path ---------------------------------------------------------------------
def test_a_phone_gets_its_seats_view_and_event_views_only(host):
    rules = rules_for("wooolf")
    session = LocalSession(rules, 5, {"start": 0}, seed=7, log=False)
    table = PhoneTable(host, session)
    c, _ = join(host, 0)
    wait = time.monotonic() + 5
    while time.monotonic() < wait and not table.pump():
        time.sleep(0.005)
    first = recv_until(c, "view")
    assert first["view"] == json.loads(json.dumps(session.view(0)))
    other_view = json.loads(json.dumps(session.view(1)))
    assert first["view"] != other_view
    # a command from the phone: submitted for its seat, the events as seat 0 may see them
    cmd = next(cmd for cmd in rules.legal_commands(session.view(0), 0) if cmd["type"] == "peek")
    n = len(session.events)
    send(c, {"k": "cmd", "cmd": {k: v for k, v in cmd.items() if k != "seat"}})
    while len(session.events) == n:
        table.pump()
        time.sleep(0.005)
    frame = recv_until(c, "events")
    expect = [rules.event_view(dict(ev), 0) for ev in session.events[n:]]
    assert frame == json.loads(json.dumps({"k": "events", "events": expect, "view": session.view(0)}))
    # a refused command: the catalog key and parameters, to that phone only
    send(c, {"k": "cmd", "cmd": {"type": "peek", "target": 0, "pos": 0}})
    while True:
        table.pump()
        try:
            msg = recv(c, 0.05)
            break
        except TimeoutError:
            pass
    assert msg["k"] == "refused" and msg["code"].startswith("err.")
    table.close()


# ---- the protocol document ----------------------------------------------------------------
def test_the_protocol_doc_names_every_phone_error_and_limit():
    from pathlib import Path
    from engine.core.i18n import catalog
    doc = (Path(__file__).resolve().parents[1] / "docs" / "phone-protocol.md").read_text(encoding="utf-8")
    for key in catalog("en"):
        if key.startswith("phone.err."):
            assert key in doc, key
    lim = PhoneLimits()
    for said in (f"{lim.max_frame // 1024} KiB", f"1–{lim.max_name} characters",
                 f"{lim.rate:g} a second, bursts of {lim.burst}",
                 f"one every {1 / lim.join_rate:g} s, bursts of {lim.join_burst}",
                 f"{lim.max_conns_per_addr} / {lim.max_conns}", f"within {lim.hello_timeout:g} s",
                 f"nesting over {lim.max_depth}"):
        assert said in doc, said
    for path in FILES:
        assert f"`{path}`" in doc or path == "/", path


def test_every_string_the_phone_page_names_is_in_both_catalogs():
    import re
    from pathlib import Path
    from net.phones.files import PHONE_DIR, phone_strings
    keys = set()
    for path in PHONE_DIR.glob("*.js"):
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", path.read_text(encoding="utf-8")))
    assert len(keys) > 40
    for lang in ("en", "zh-TW"):
        from engine.core.i18n import catalog
        missing = sorted(k for k in keys if k not in catalog(lang))
        assert not missing, (lang, missing)
        assert keys <= set(phone_strings(lang))


def test_a_wooolf_phone_gets_the_assistants_numbers_from_its_own_view(host):
    from net.phones.notebook import notebook_frame
    rules = rules_for("wooolf")
    session = LocalSession(rules, 5, {"start": 0, "assistant": "prob"}, seed=7, log=False)
    table = PhoneTable(host, session)
    c, _ = join(host, 0)
    wait_poll_until = time.monotonic() + 5
    while time.monotonic() < wait_poll_until and not table.pump():
        time.sleep(0.005)
    nb = recv_until(c, "notebook", timeout=10)
    assert nb == json.loads(json.dumps(notebook_frame(session.view(0), "prob", len(session.events))))
    assert nb["holders"][0] is None and sum(nb["holders"][1].values()) in range(98, 103)
    table.close()


def test_no_numbers_below_the_certain_level():
    from net.phones.notebook import notebook_frame
    session = LocalSession(rules_for("wooolf"), 5, {"start": 0}, seed=7, log=False)
    assert notebook_frame(session.view(0), "notes", 1) is None
    assert notebook_frame(session.view(0), "off", 1) is None
    sure = notebook_frame(session.view(0), "certain", 1)
    assert all(h is None or len(h) <= 1 for h in sure["holders"]) and sure["absent"] == {}


def test_a_view_with_no_numbers_gets_a_notebook_frame_without_them():
    """The phone keeps the last numbers until the next notebook frame (assets/phone/app.js):
    a view the assistant has nothing for still gets one, which drops them; so does a view
    the assistant failed on."""
    from net.phones.notebook import Notebooks, notebook_frame
    for game in ("wooolf", "hooky"):
        for level in ("certain", "prob"):
            assert notebook_frame({"game": game, "seat": 0, "knowledge": None}, level, 9) == \
                {"k": "notebook", "seq": 9, "level": level}
    broken = {"game": "wooolf", "seat": 2, "holders": 5, "knowledge": {"no": "such shape"}}
    with pytest.raises(Exception):
        notebook_frame(broken, "prob", 5)
    sent: list[tuple[int, dict]] = []
    came = threading.Event()
    books = Notebooks("prob", lambda seat, frame: (sent.append((seat, frame)), came.set()))
    books.want(2, 5, broken)
    assert came.wait(10)
    books.close()
    assert sent == [(2, {"k": "notebook", "seq": 5, "level": "prob"})]


def pump_until(table, pred, timeout=5.0):
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "the table never got there"
        table.pump()
        time.sleep(0.005)


def pump_recv(table, c, k):
    """Run the table until the phone `c` is sent a `k` frame; that frame."""
    got: list[dict] = []

    def arrived() -> bool:
        try:
            got.append(recv(c, 0.02))
        except TimeoutError:
            pass
        return any(m["k"] == k for m in got)
    pump_until(table, arrived)
    return next(m for m in got if m["k"] == k)


@contextlib.contextmanager
def sumoku_at_the_turn(clock):
    """A classic Sumoku of two phone seats (seed 7) with the seat whose turn it is joined:
    (session, table, seat, its socket); the table and host are closed after the block."""
    host = PhoneHost("sumoku", ["phone", "phone"], ["", ""], clock=clock, code="QRST")
    host.start()
    try:
        session = LocalSession(rules_for("sumoku"), 2, {"variant": "classic"}, seed=7, log=False)
        table = PhoneTable(host, session)
        seat = session.view(None)["turn"]
        c, _ = join(host, seat)
        yield session, table, seat, c
        table.close()
    finally:
        host.stop()


def test_a_draft_is_kept_for_the_tv_in_a_game_without_secrets_and_never_played(clock):
    """A Sumoku phone's play being built reaches the TV (PhoneTable.drafts) and is never
    submitted; the play itself clears it. In a game with secrets a draft is dropped."""
    with sumoku_at_the_turn(clock) as (session, table, seat, c):
        draft = {"type": "place", "tiles": [[session.view(seat)["hands"][seat][0], 0, 0, 1]]}
        n = len(session.events)
        send(c, {"k": "draft", "cmd": {**draft, "seat": 1 - seat}})
        pump_until(table, lambda: seat in table.drafts)
        assert table.drafts == {seat: draft} and len(session.events) == n
        send(c, {"k": "cmd", "cmd": {"type": "pass"}})
        pump_until(table, lambda: len(session.events) > n)
        assert table.drafts == {}
    host = make_host(clock)            # Wooolf!!: hidden information
    try:
        table = PhoneTable(host, LocalSession(rules_for("wooolf"), 5, {"start": 0}, seed=7, log=False))
        c, _ = join(host, 0)
        send(c, {"k": "draft", "cmd": {"type": "peek", "target": 2, "pos": 0}})
        send(c, {"k": "cmd", "cmd": {"type": "peek", "target": 0, "pos": 0}})      # refused: after the draft
        pump_recv(table, c, "refused")
        assert table.drafts == {}
        table.close()
    finally:
        host.stop()


# ---- a continued game's room ----------------------------------------------------------------
def test_a_room_given_tokens_lets_those_phones_back_and_a_seat_changing_hands_drops_its_token(clock):
    made = make_host(clock)
    c, welcome = join(made, 1, "Mei")
    kept = made.keep()
    assert kept["code"] == "QRST" and kept["port"] == made.port
    assert [s["token"] for s in kept["seats"]] == [None, welcome["token"], None, None, None]
    c.close()
    made.stop()
    again = PhoneHost("wooolf", ("phone", "phone", "bot", "phone", "tv"), ["", "Mei", "Bot 3", "", "Ann"],
                      clock=clock, code=kept["code"], tokens=[s["token"] for s in kept["seats"]])
    again.start()
    try:
        assert [s["state"] for s in again.seats()] == ["empty", "away", "bot", "empty", "tv"]
        assert again.seats()[1]["name"] == "Mei"
        assert wait_poll(again) == [{"k": "seats", "seat": 1}]
        c = ws(again)
        send(c, {"k": "resume", "token": welcome["token"]})
        assert recv_until(c, "welcome")["seat"] == 1
        assert wait_poll(again) == [{"k": "joined", "seat": 1}]
        again.set_seat(1, "tv", "Mei")
        assert recv_until(c, "error")["code"] == "phone.err.to_tv"
        assert wait_poll(again) == [{"k": "seats", "seat": 1}]
        assert again.keep()["seats"][1] == {"kind": "tv", "name": "Mei", "token": None}
    finally:
        again.stop()


def test_a_hint_comes_from_the_seats_own_view_and_only_where_the_game_has_one(clock):
    """Sumoku: the TV's Hint (the normal bot's play) for the phone's seat, made from that
    seat's view; Wooolf!! has no hint: refused."""
    from net.phones.hints import hint_frame
    with sumoku_at_the_turn(clock) as (session, table, seat, c):
        send(c, {"k": "hint", "cmd": {"type": "place"}})       # nothing but the ask is read
        frame = pump_recv(table, c, "hint")
        assert frame == json.loads(json.dumps(hint_frame("sumoku", session.view(seat), seat, len(session.events))))
        assert frame["cmd"]["type"] == "place" and "seat" not in frame["cmd"]
    host = make_host(clock)
    try:
        table = PhoneTable(host, LocalSession(rules_for("wooolf"), 5, {"start": 0}, seed=7, log=False))
        c, _ = join(host, 0)
        send(c, {"k": "hint"})
        assert pump_recv(table, c, "refused") == {"k": "refused", "code": "err.bad_command", "params": {}}
        table.close()
    finally:
        host.stop()
