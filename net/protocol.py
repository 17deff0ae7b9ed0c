"""The relay's wire protocol: framing, message kinds and their strict schemas.

A frame is a 4-byte big-endian length followed by that many bytes of msgpack, which
decode to one map with a string "k" (the kind). Every incoming message is checked
against its kind's schema (allowed keys, types, sizes) before anything uses it; nothing
is ever unpickled or evaluated. See docs/protocol.md.
"""
from __future__ import annotations

import re
import struct
from typing import Any, Callable, Mapping

import msgpack

PROTOCOL_VERSION = 1
MAX_FRAME = 64 * 1024          # largest frame body either side accepts
CMD_HEADROOM = 1024            # a command leaves this much room so its stamped copy fits a frame
MAX_OPTIONS = 4 * 1024         # packed size of a room's options map
MAX_DEPTH = 8                  # nesting of plain data (commands, options)
MAX_ITEMS = 4096               # scalars + containers in one command or options map
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ"   # no I, L, O, U: nothing to misread or spell
CODE_LEN = 5

_HEADER = struct.Struct(">I")
_INT64_MIN, _UINT64_MAX = -(1 << 63), (1 << 64) - 1
_SAFE_INT = (1 << 53) - 1


class ProtocolError(Exception):
    """A frame or message the protocol does not allow. `code` is the wire error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ---- framing ------------------------------------------------------------------------

def encode(msg: Mapping[str, Any], max_frame: int = MAX_FRAME) -> bytes:
    """One frame: length prefix + msgpack body. Raises ProtocolError if it is too large."""
    body = msgpack.packb(msg, use_bin_type=True)
    if len(body) > max_frame:
        raise ProtocolError("frame_too_large", f"frame of {len(body)} bytes exceeds {max_frame}")
    return _HEADER.pack(len(body)) + body


def frame(body: bytes) -> bytes:
    """A frame around an already packed body."""
    return _HEADER.pack(len(body)) + body


def decode_body(body: bytes | bytearray | memoryview, max_frame: int = MAX_FRAME) -> Any:
    """The msgpack value in one frame body (not yet validated)."""
    try:
        return msgpack.unpackb(body, raw=False, use_list=True, strict_map_key=True,
                               max_str_len=max_frame, max_bin_len=max_frame,
                               max_array_len=max_frame, max_map_len=max_frame,
                               max_ext_len=0)
    except Exception as exc:  # malformed, extra data, too deep, bad utf-8, ext types...
        raise ProtocolError("bad_frame", f"undecodable frame: {type(exc).__name__}") from None


class FrameDecoder:
    """Splits a byte stream into frame bodies. Raises ProtocolError as soon as a length
    prefix exceeds `max_frame`, so a peer can never make us buffer more than one frame
    beyond what it sent. `feed(data)` returns every complete body; `push(data)` then
    `next()` hands them out one at a time (a rate-limited reader leaves the rest as bytes)."""

    __slots__ = ("_buf", "_pos", "max_frame")

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self._buf = bytearray()
        self._pos = 0
        self.max_frame = max_frame

    def push(self, data: bytes) -> None:
        self._buf += data

    def next(self) -> bytes | None:
        """The next complete frame body, or None (the bytes read so far end mid-frame)."""
        buf, pos = self._buf, self._pos
        end = len(buf)
        if end - pos >= 4:
            (n,) = _HEADER.unpack_from(buf, pos)
            if n > self.max_frame:
                raise ProtocolError("frame_too_large", f"length prefix {n} exceeds {self.max_frame}")
            if end - pos - 4 >= n:
                self._pos = pos + 4 + n
                return bytes(buf[pos + 4:pos + 4 + n])
        if pos:
            del buf[:pos]
            self._pos = 0
        return None

    def feed(self, data: bytes) -> list[bytes]:
        self.push(data)
        out: list[bytes] = []
        while (body := self.next()) is not None:
            out.append(body)
        return out

    @property
    def pending(self) -> int:
        """Bytes held back: an unfinished frame, or frames not taken yet."""
        return len(self._buf) - self._pos


# ---- plain data ---------------------------------------------------------------------

def check_plain(value: Any, depth: int = MAX_DEPTH, budget: int = MAX_ITEMS) -> int:
    """Raise ValueError unless `value` is plain data (None, bool, int in 64 bits, str,
    lists, maps with string keys; no floats, bytes or extension types) no deeper than
    `depth` and with at most `budget` items. Returns the budget left."""
    budget -= 1
    if budget < 0:
        raise ValueError("too many items")
    if value is None or isinstance(value, (bool, str)):
        return budget
    if isinstance(value, int):
        if not _INT64_MIN <= value <= _UINT64_MAX:
            raise ValueError("integer out of range")
        return budget
    if depth <= 0:
        raise ValueError("nested too deep")
    if isinstance(value, list):
        for v in value:
            budget = check_plain(v, depth - 1, budget)
        return budget
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise ValueError("map keys must be strings")
            budget = check_plain(v, depth - 1, budget)
        return budget
    raise ValueError(f"{type(value).__name__} is not plain data")


# ---- field checks -------------------------------------------------------------------

Check = Callable[[Any], bool]
_NAME_RE = re.compile(r"[a-z0-9][a-z0-9_.-]{0,31}")
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_CODE_RE = re.compile(rf"[{CODE_ALPHABET}]{{4,6}}")
_HASH_RE = re.compile(r"[0-9A-Za-z_-]{1,128}")


def _int(lo: int, hi: int) -> Check:
    return lambda v: type(v) is int and lo <= v <= hi


def _bool(v: Any) -> bool:
    return type(v) is bool


def _str_re(rx: re.Pattern[str]) -> Check:
    return lambda v: type(v) is str and rx.fullmatch(v) is not None


def _player_name(v: Any) -> bool:
    return (type(v) is str and 1 <= len(v) <= 32 and v.strip() == v
            and all(c.isprintable() for c in v))


def _text(max_len: int) -> Check:
    return lambda v: type(v) is str and len(v) <= max_len


def _plain_map(max_bytes: int) -> Check:
    def check(v: Any) -> bool:
        if type(v) is not dict:
            return False
        try:
            check_plain(v)
        except ValueError:
            return False
        return len(msgpack.packb(v, use_bin_type=True)) <= max_bytes
    return check


def _command(v: Any) -> bool:
    """A command body: plain map with a string "type"; "seat", if present, an int."""
    if type(v) is not dict or type(v.get("type")) is not str or not 1 <= len(v["type"]) <= 32:
        return False
    if "seat" in v and not (type(v["seat"]) is int and 0 <= v["seat"] < 64):
        return False
    try:
        check_plain(v)
    except ValueError:
        return False
    return True


def _opt_int(v: Any) -> bool:
    return v is None or (type(v) is int and 0 <= v <= _SAFE_INT)


def _list_of(check: Check, max_len: int) -> Check:
    return lambda v: type(v) is list and len(v) <= max_len and all(check(x) for x in v)


def _map_of(schema: Mapping[str, Check]) -> Check:
    def check(v: Any) -> bool:
        return (type(v) is dict and v.keys() == schema.keys()
                and all(fn(v[key]) for key, fn in schema.items()))
    return check


_HASH = _str_re(_HASH_RE)
SEQ = _int(0, _SAFE_INT)
CID = _int(1, _SAFE_INT)
SEAT = _int(0, 63)
NAME = _str_re(_NAME_RE)
CODE = _str_re(_CODE_RE)
TOKEN = _str_re(_TOKEN_RE)

# Client -> relay. Every key listed is required; no other key is allowed.
CLIENT: dict[str, dict[str, Check]] = {
    "hello": {"proto": _int(0, 1 << 16), "game": NAME, "rules_version": _int(0, 1 << 31),
              "name": _player_name},
    "create": {"variant": NAME, "seats": _int(1, 64), "options": _plain_map(MAX_OPTIONS),
               "allow_bots": _bool},
    "join": {"code": CODE},
    "resume": {"token": TOKEN, "last_seq": SEQ},
    "ready": {"ready": _bool},
    "start": {},
    "cmd": {"cid": CID, "cmd": _command},
    "hash": {"seq": SEQ, "hash": _HASH},
    "bot": {"seat": SEAT, "on": _bool},
    "sync": {"from": _int(1, _SAFE_INT)},
    "ping": {"n": SEQ},
    "leave": {},
}

STATUSES = ("open", "here", "away", "bot", "gone")
MEMBER = _map_of({"seat": SEAT, "name": _text(32), "status": lambda v: v in STATUSES,
                  "ready": _bool})
MEMBERS = _list_of(MEMBER, 64)
# A stamped command: as broadcast ("stamped"), in a "resync" log and in the room file.
RECORD_FIELDS: dict[str, Check] = {"seq": _int(1, _SAFE_INT), "seat": SEAT, "by": SEAT, "t": SEQ,
                                   "salt": _int(0, _UINT64_MAX), "cid": CID, "cmd": _command}
RECORD = _map_of(RECORD_FIELDS)

# Relay -> client (the client checks these too: a broken relay must not crash a game).
SERVER: dict[str, dict[str, Check]] = {
    "welcome": {"proto": _int(0, 1 << 16), "relay": _text(64), "limits": _plain_map(MAX_OPTIONS)},
    "room": {"code": CODE, "seat": SEAT, "token": TOKEN, "host": SEAT, "members": MEMBERS,
             "game": NAME, "rules_version": _int(0, 1 << 31), "variant": NAME,
             "options": _plain_map(MAX_OPTIONS), "allow_bots": _bool, "started": _bool,
             "seed": lambda v: v is None or (type(v) is int and 0 <= v <= _UINT64_MAX), "last_seq": SEQ, "last_cid": SEQ},
    "lobby": {"host": SEAT, "members": MEMBERS, "started": _bool},
    "started": {"seed": _int(0, _UINT64_MAX), "members": MEMBERS},
    "stamped": RECORD_FIELDS,
    "refused": {"cid": _opt_int, "reason": NAME, "seq": _opt_int},
    "resync": {"from": _int(1, _SAFE_INT), "log": _list_of(RECORD, MAX_FRAME), "done": _bool},
    "desync": {"seq": SEQ, "hashes": _list_of(_list_of(lambda x: SEAT(x) or _HASH(x), 2), 64)},
    "pong": {"n": SEQ},
    "bye": {},
    "error": {"code": NAME, "message": _text(256)},
}


def validate(msg: Any, schemas: Mapping[str, Mapping[str, Check]]) -> dict[str, Any]:
    """`msg` itself if it is a map whose kind is in `schemas` and whose fields are exactly
    that kind's, each passing its check; otherwise ProtocolError("bad_message")."""
    if type(msg) is not dict:
        raise ProtocolError("bad_message", "a message is a map")
    kind = msg.get("k")
    schema = schemas.get(kind) if type(kind) is str else None
    if schema is None:
        raise ProtocolError("bad_message", f"unknown kind {str(kind)[:32]!r}")
    if len(msg) != len(schema) + 1:
        extra = sorted(set(msg) - set(schema) - {"k"})
        missing = sorted(set(schema) - set(msg))
        raise ProtocolError("bad_message", f"{kind}: extra keys {extra[:4]}, missing {missing[:4]}")
    for key, check in schema.items():
        if key not in msg:
            raise ProtocolError("bad_message", f"{kind}: missing {key!r}")
        if not check(msg[key]):
            raise ProtocolError("bad_message", f"{kind}: bad {key!r}")
    return msg


def decode_client(body: bytes, max_frame: int = MAX_FRAME) -> dict[str, Any]:
    """A validated client message from one frame body."""
    return validate(decode_body(body, max_frame), CLIENT)


def decode_server(body: bytes, max_frame: int = MAX_FRAME) -> dict[str, Any]:
    """A validated relay message from one frame body."""
    return validate(decode_body(body, max_frame), SERVER)


def error(code: str, message: str) -> dict[str, Any]:
    return {"k": "error", "code": code, "message": message[:256]}
