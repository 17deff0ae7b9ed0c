"""The wire protocol: framing, decoding limits and the strict message schemas."""
from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.protocol import (CLIENT, MAX_FRAME, PROTOCOL_VERSION, SERVER, FrameDecoder, ProtocolError,
                          check_plain, decode_body, decode_client, decode_server, encode)

HELLO = {"k": "hello", "proto": PROTOCOL_VERSION, "game": "sumoku", "rules_version": 1, "name": "Mei"}
GOOD_CLIENT = [
    HELLO,
    {"k": "hello", "proto": 1, "game": "sumoku", "rules_version": 3, "name": "小明"},
    {"k": "create", "variant": "speed", "seats": 4, "options": {"tiles": 10}, "allow_bots": True},
    {"k": "join", "code": "ABCDE"},
    {"k": "resume", "token": "A" * 24, "last_seq": 17},
    {"k": "ready", "ready": False},
    {"k": "start"},
    {"k": "cmd", "cid": 1, "cmd": {"type": "place", "tiles": [[1, 2, "red"]], "seat": 2}},
    {"k": "hash", "seq": 64, "hash": "0123abcd"},
    {"k": "bot", "seat": 3, "on": True},
    {"k": "sync", "from": 1},
    {"k": "ping", "n": 0},
    {"k": "leave"},
]
BAD_CLIENT = [
    [],                                                    # not a map
    {"proto": 1},                                          # no kind
    {"k": "shout"},                                        # unknown kind
    {**HELLO, "extra": 1},                                 # extra key
    {k: v for k, v in HELLO.items() if k != "name"},       # missing key
    {**HELLO, "proto": "1"},                               # wrong type
    {**HELLO, "rules_version": True},                      # bool is not an int here
    {**HELLO, "name": ""},                                 # empty name
    {**HELLO, "name": "x" * 33},                           # long name
    {**HELLO, "name": "bad\nname"},                        # control character
    {**HELLO, "game": "Sumoku!"},                          # not a game name
    {"k": "join", "code": "ABCDI"},                        # ambiguous letter
    {"k": "join", "code": "AB"},                           # too short
    {"k": "create", "variant": "speed", "seats": 0, "options": {}, "allow_bots": False},
    {"k": "create", "variant": "speed", "seats": 2, "options": {"x": 1.5}, "allow_bots": False},
    {"k": "create", "variant": "speed", "seats": 2, "options": {"x": "y" * 5000}, "allow_bots": False},
    {"k": "resume", "token": "short", "last_seq": 0},
    {"k": "resume", "token": "A" * 24, "last_seq": -1},
    {"k": "cmd", "cid": 0, "cmd": {"type": "x"}},          # cid starts at 1
    {"k": "cmd", "cid": 1, "cmd": {"tiles": []}},          # no type
    {"k": "cmd", "cid": 1, "cmd": {"type": "x", "seat": "0"}},
    {"k": "cmd", "cid": 1, "cmd": {"type": "x", "f": 0.5}},  # floats are not plain data
    {"k": "cmd", "cid": 1, "cmd": {"type": "x", "b": b"\x00"}},
    {"k": "cmd", "cid": 1, "cmd": {"type": "x", "deep": [[[[[[[[[[1]]]]]]]]]]}},
    {"k": "cmd", "cid": 1, "cmd": {"type": "x", "many": list(range(5000))}},
    {"k": "hash", "seq": 1, "hash": "not hex!"},
    {"k": "ready", "ready": 1},
]


@pytest.mark.parametrize("msg", GOOD_CLIENT, ids=lambda m: m["k"])
def test_good_client_messages_pass(msg):
    body = encode(msg)[4:]
    assert decode_client(body) == msg


@pytest.mark.parametrize("msg", BAD_CLIENT, ids=range(len(BAD_CLIENT)))
def test_wrong_shaped_client_messages_are_refused(msg):
    body = msgpack.packb(msg, use_bin_type=True)
    with pytest.raises(ProtocolError) as info:
        decode_client(body)
    assert info.value.code == "bad_message"


def test_server_kinds_are_not_client_kinds():
    welcome = {"k": "welcome", "proto": 1, "relay": "r", "limits": {}}
    assert decode_server(encode(welcome)[4:]) == welcome
    with pytest.raises(ProtocolError):
        decode_client(encode(welcome)[4:])
    with pytest.raises(ProtocolError):
        decode_server(encode(HELLO)[4:])
    assert set(CLIENT).isdisjoint({"welcome", "stamped", "refused", "error"})
    assert {"welcome", "room", "lobby", "started", "stamped", "refused", "resync", "desync",
            "error"} <= set(SERVER)


def test_frame_is_big_endian_length_and_msgpack():
    data = encode({"k": "start"})
    (n,) = struct.unpack(">I", data[:4])
    assert n == len(data) - 4
    assert msgpack.unpackb(data[4:], raw=False) == {"k": "start"}
    with pytest.raises(ProtocolError):
        encode({"k": "x", "pad": "y" * MAX_FRAME})


@pytest.mark.parametrize("blob", [
    b"", b"\xc1", b"\x81\x01\x02",                    # empty, never-used byte, int map key
    msgpack.packb({"k": "start"}) + b"\x00",          # extra data after the value
    b"\xa2\xff\xfe",                                  # bad utf-8
    b"\xc7\x01\x05x",                                 # extension type
    b"\x91" * 5000 + b"\xc0",                         # nested too deep for the decoder
])
def test_undecodable_bodies_raise_protocol_error(blob):
    with pytest.raises(ProtocolError) as info:
        decode_body(blob)
    assert info.value.code == "bad_frame"


def test_oversize_length_prefix_is_refused_before_the_body_arrives():
    dec = FrameDecoder(1024)
    with pytest.raises(ProtocolError) as info:
        dec.feed(struct.pack(">I", 1025))
    assert info.value.code == "frame_too_large"
    ok = FrameDecoder(1024)
    assert ok.feed(struct.pack(">I", 1024)) == [] and ok.pending == 4


def test_check_plain_limits():
    assert check_plain({"a": [1, "x", None, True, {"b": -(1 << 63)}]}) > 0
    for bad in (1.0, b"x", (1 << 64), {1: 2}, {"s": {1, 2}}):
        with pytest.raises(ValueError):
            check_plain(bad)


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 63), (1 << 64) - 1) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30)


# a command's own fields, so that every message made is one the server takes (a bad "seat"
# is one of the refused messages above)
fields = st.text(min_size=1, max_size=8).filter(lambda k: k != "seat")


@settings(max_examples=60, deadline=None)
@given(cmds=st.lists(st.dictionaries(fields, plain, max_size=5), max_size=6),
       cuts=st.lists(st.integers(0, 4000), max_size=8))
def test_frames_survive_any_split(cmds, cuts):
    msgs = [{"k": "cmd", "cid": i + 1, "cmd": {**c, "type": "t"}} for i, c in enumerate(cmds)]
    stream = b"".join(encode(m) for m in msgs)
    dec = FrameDecoder()
    got: list[dict] = []
    pos = 0
    for cut in sorted(c % (len(stream) + 1) for c in cuts) + [len(stream)]:
        got += [decode_client(b) for b in dec.feed(stream[pos:cut])]
        pos = cut
    assert got == msgs and dec.pending == 0


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_only_ever_raise_protocol_error(blob):
    dec = FrameDecoder(256)
    try:
        for body in dec.feed(blob):
            decode_client(body)
    except ProtocolError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["k", "proto", "game", "rules_version", "name", "cid",
                                        "cmd", "code", "seq", "x"]),
                       st.one_of(plain, st.sampled_from(sorted(CLIENT))), max_size=6))
def test_wrong_shapes_are_refused_or_exactly_valid(msg):
    try:
        out = decode_client(msgpack.packb(msg, use_bin_type=True))
    except ProtocolError as exc:
        assert exc.code in ("bad_message", "bad_frame")
    else:
        assert set(out) == set(CLIENT[out["k"]]) | {"k"}
