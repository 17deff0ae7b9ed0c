"""Fuzz the relay: garbage, truncated and oversize frames, wrong shapes, floods and a
slow reader. One relay runs in a background thread for the whole module, with a good
room playing beside the offenders: after every example the relay still accepts, the good
room still gets its commands stamped, and the offender got an error and was dropped.
The relay runs on a fake clock that moves one simulated second per good-room check, so its
rate limit and timeouts never depend on how busy the machine is."""
from __future__ import annotations

import asyncio
import socket
import struct
import threading
from typing import Any, Iterator

import msgpack
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from net.client import ThreadedRelayClient
from net.protocol import MAX_FRAME, FrameDecoder, ProtocolError, decode_client, decode_server, encode
from net.relay import Relay
from tests.support.relays import FakeClock

HELLO = encode({"k": "hello", "proto": 1, "game": "sumoku", "rules_version": 1, "name": "fuzz"})
FUZZ = settings(max_examples=75, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


class RelayThread:
    def __init__(self, data: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.clock = FakeClock()
        self.relay = Relay(data, clock=self.clock, rate=200, burst=100, idle_timeout=30.0,
                           hello_timeout=30.0, write_buffer_cap=256 * 1024,
                           max_cmd=MAX_FRAME - 1024, max_log_bytes=64 << 20, byte_burst=64 << 20)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.relay.start("127.0.0.1", 0))
        self.port = self.relay.port

    def call(self, coro: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.call(self.relay.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


class GoodRoom:
    """Two well-behaved players racing while the fuzzing goes on."""

    def __init__(self, port: int, clock: FakeClock) -> None:
        self.clock = clock
        kw = {"game": "sumoku", "rules_version": 1}
        self.a = ThreadedRelayClient("127.0.0.1", port, name="A", **kw)
        self.b = ThreadedRelayClient("127.0.0.1", port, name="B", **kw)
        self.a.connect().result(5)
        self.b.connect().result(5)
        self.code = self.a.create("grab", 2).result(5)["code"]
        self.b.join(self.code).result(5)
        self.b.set_ready(True)
        self.next_of(self.a, "lobby", lambda m: m["members"][1]["ready"])
        self.a.start_game()
        self.next_of(self.b, "started")
        self.seq = 0

    @staticmethod
    def next_of(c: ThreadedRelayClient, kind: str, pred: Any = lambda m: True) -> dict:
        for _ in range(1000):
            # generous: on a loaded 2-core box a fuzz example can hold the relay's thread
            # for seconds; a real stall still fails, and the sequence check stays exact
            msg = c.get(timeout=30)
            assert msg is not None, f"the good room got no {kind}"
            assert msg["k"] not in ("closed", "link"), msg
            if msg["k"] == kind and pred(msg):
                return msg
        raise AssertionError(kind)

    def check(self) -> None:
        """Both players still see each other's commands, in sequence, no gap. Each check
        happens one simulated second after the last one."""
        self.clock.advance(1.0)
        for sender in (self.a, self.b):
            cid = sender.send_command({"type": "tick"})
            for c in (self.a, self.b):
                got = self.next_of(c, "stamped")
                assert got["cid"] == cid and got["seq"] == self.seq + 1
            self.seq += 1

    def close(self) -> None:
        self.a.close()
        self.b.close()


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RelayThread]:
    r = RelayThread(tmp_path_factory.mktemp("fuzz-relay"))
    yield r
    r.stop()


@pytest.fixture(scope="module")
def good(relay: RelayThread) -> Iterator[GoodRoom]:
    room = GoodRoom(relay.port, relay.clock)
    yield room
    room.close()


def offend(port: int, payload: bytes, *, half_close: bool = True, timeout: float = 8.0) -> list[dict]:
    """Send `payload`, then read every frame until the relay closes the connection."""
    frames: list[dict] = []
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(payload)
            if half_close:
                s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        dec = FrameDecoder(MAX_FRAME)
        while True:
            try:
                data = s.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            frames += [decode_server(b) for b in dec.feed(data)]
    return frames


def assert_dropped_with_error(frames: list[dict], *codes: str) -> None:
    assert frames, "the offender got nothing back"
    assert frames[-1]["k"] == "error", frames[-1]
    if codes:
        assert frames[-1]["code"] in codes, frames[-1]


def is_valid_client_message(value: Any) -> bool:
    try:
        decode_client(msgpack.packb(value, use_bin_type=True))
    except ProtocolError:
        return False
    return True


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 63), (1 << 64) - 1) | st.floats()
    | st.text(max_size=40) | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)
KINDS = ["hello", "create", "join", "resume", "ready", "start", "cmd", "hash", "bot", "sync",
         "ping", "leave", "welcome", "stamped", ""]
shaped = st.builds(lambda k, rest: {"k": k, **rest}, st.sampled_from(KINDS),
                   st.dictionaries(st.sampled_from(["proto", "game", "name", "code", "cid", "cmd",
                                                    "seats", "token", "seq", "x"]), plain, max_size=5))


@FUZZ
@given(blob=st.binary(min_size=1, max_size=3000), after_hello=st.booleans())
def test_random_bytes(relay, good, blob, after_hello):
    frames = offend(relay.port, (HELLO if after_hello else b"") + blob)
    assert_dropped_with_error(frames)
    good.check()


@FUZZ
@given(data=st.data(), after_hello=st.booleans())
def test_truncated_frames(relay, good, data, after_hello):
    whole = encode({"k": "cmd", "cid": 1, "cmd": {"type": "place", "tiles": list(range(50))}})
    cut = data.draw(st.integers(1, len(whole) - 1))
    frames = offend(relay.port, (HELLO if after_hello else b"") + whole[:cut])
    assert_dropped_with_error(frames, "bad_frame")
    good.check()


@FUZZ
@given(n=st.integers(MAX_FRAME + 1, (1 << 32) - 1), tail=st.binary(max_size=64))
def test_oversize_length_prefixes(relay, good, n, tail):
    frames = offend(relay.port, HELLO + struct.pack(">I", n) + tail, half_close=False)
    assert_dropped_with_error(frames, "frame_too_large")
    good.check()


@FUZZ
@given(value=st.one_of(plain, shaped), after_hello=st.booleans())
def test_valid_msgpack_of_the_wrong_shape(relay, good, value, after_hello):
    assume(not is_valid_client_message(value))
    body = msgpack.packb(value, use_bin_type=True)
    assume(len(body) <= MAX_FRAME)
    frames = offend(relay.port, (HELLO if after_hello else b"") + struct.pack(">I", len(body)) + body)
    assert_dropped_with_error(frames, "bad_message", "bad_frame")
    good.check()


def test_valid_messages_out_of_order_are_errors(relay, good):
    assert_dropped_with_error(offend(relay.port, encode({"k": "start"})), "hello_first")
    assert_dropped_with_error(offend(relay.port, HELLO + HELLO), "bad_state")
    assert_dropped_with_error(offend(relay.port, HELLO + encode({"k": "cmd", "cid": 1,
                                                                  "cmd": {"type": "x"}})), "no_room")
    assert_dropped_with_error(offend(relay.port, HELLO + encode({"k": "resume", "token": "x" * 24,
                                                                  "last_seq": 0})), "bad_token")
    good.check()


def test_a_flood_over_the_rate_limit_is_slowed_down_not_dropped(relay, good):
    """Backpressure: the burst is served at once, then the relay reads no faster than the
    rate (simulated time), and every frame is answered in order, with no error."""
    lim = relay.relay.limits
    n = 1000
    pings = b"".join(encode({"k": "ping", "n": i}) for i in range(n))
    with socket.create_connection(("127.0.0.1", relay.port), timeout=10) as s:
        s.sendall(HELLO + pings)
        dec = FrameDecoder(MAX_FRAME)
        got: list[dict] = []

        def read_until(count: int) -> None:
            while len(got) < count:
                data = s.recv(65536)
                assert data, "the relay closed the connection"
                got.extend(decode_server(b) for b in dec.feed(data))

        read_until(1 + lim.burst - 1)                        # welcome + the burst (hello spent one)

        async def held() -> list[bool]:
            return [c._held for c in relay.relay.conns if c.hello and c.hello["name"] == "fuzz"]
        assert relay.call(held()) == [True]                  # no simulated time: reading paused
        for _ in range(2 * n // lim.burst):
            if len(got) == 1 + n:
                break
            relay.clock.advance(lim.burst / lim.rate)        # one bucket's worth of time
            read_until(min(len(got) + lim.burst, 1 + n))
        assert [f["k"] for f in got] == ["welcome"] + ["pong"] * n
        assert [f["n"] for f in got[1:]] == list(range(n))
    good.check()


def test_a_slow_reader_is_dropped_without_stalling_its_room(relay, good):
    host = ThreadedRelayClient("127.0.0.1", relay.port, game="sumoku", rules_version=1, name="H")
    slow = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        host.connect().result(5)
        code = host.create("grab", 2).result(5)["code"]
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.settimeout(5)
        slow.connect(("127.0.0.1", relay.port))
        slow.sendall(HELLO + encode({"k": "join", "code": code}) + encode({"k": "ready", "ready": True}))
        GoodRoom.next_of(host, "lobby", lambda m: m["members"][1]["ready"])
        host.start_game()
        GoodRoom.next_of(host, "started")
        # Big commands the slow reader is sent back but never reads.
        # (three at a time: the host reads its own copies, so its buffer stays small).
        pad = "x" * (MAX_FRAME - 2048)
        cids: list[int] = []
        stamped: list[int] = []
        away = None
        for _ in range(40):
            if away is not None:
                break
            cids += [host.send_command({"type": "big", "pad": pad}) for _ in range(3)]
            while len(stamped) < len(cids):              # the host is served all along
                msg = host.get(timeout=5)
                assert msg is not None and msg["k"] not in ("closed", "link"), msg
                if msg["k"] == "stamped":
                    stamped.append(msg["cid"])
                elif msg["k"] == "lobby" and msg["members"][1]["status"] == "away":
                    away = msg
        assert stamped == cids
        assert away is not None, "the slow reader was never dropped"
        assert away["members"][0]["status"] == "here"
    finally:
        slow.close()
        host.close()
    good.check()


def test_the_relay_is_still_up_for_new_rooms(relay, good):
    c = ThreadedRelayClient("127.0.0.1", relay.port, game="sumoku", rules_version=1, name="New")
    try:
        c.connect().result(5)
        assert len(c.create("team", 4).result(5)["code"]) == 5
    finally:
        c.close()
    good.check()
