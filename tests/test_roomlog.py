"""Room files that cannot lie: every record is CRC-checked and schema-checked on load; a
damaged file loads exactly the records before the damage or is set aside, never with a
changed value, never stopping the relay, always with a log line."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import msgpack
import pytest

from net.client import RelayClient
from net.protocol import RECORD, decode_body
from net.roomlog import (FORMAT_VERSION, QUARANTINE, SUFFIX, file_record, load_records,
                         read_records, room_files, scan)
from net.rooms import Room
from support.relays import bounded, relay_on

arun = bounded(60.0)
LOGGER = "couchtop.relay"


async def _client(relay: Any, name: str) -> RelayClient:
    c = RelayClient("127.0.0.1", relay.port, game="sumoku", rules_version=1, name=name)
    relay.test_clients.append(c)
    await c.connect()
    return c


async def _stamped_until(c: RelayClient, n: int) -> list[dict]:
    out: list[dict] = []
    while len(out) < n:
        msg = await c.recv(10.0)
        if msg["k"] == "stamped":
            out.append(msg)
        elif msg["k"] == "resync":
            out.extend(msg["log"])
    return out


async def _make_room_file(data: Path) -> tuple[str, str]:
    """A started three-seat room (two players, a bot) with commands, written by a relay;
    its code and the host's token."""
    async with relay_on(data) as relay:
        host = await _client(relay, "Mei")
        room = await host.create("speed", 3, {"tiles": 10, "house": ["a", 2]}, True)
        guest = await _client(relay, "Bartholomew")
        await guest.join(room["code"])
        guest.set_ready(True)
        while True:
            msg = await host.recv(10.0)
            if msg["k"] == "lobby" and msg["members"][1]["ready"]:
                break
        host.start()
        for c in (host, guest):
            while (await c.recv(10.0))["k"] != "started":
                pass
        for i in range(4):
            host.send_command({"type": "put", "n": i, "cells": [[i, i + 1]]})
            guest.send_command({"type": "put", "n": -i, "word": "héllo"})
            host.send_command({"type": "tick", "seat": 2})       # the host plays the bot seat
        await _stamped_until(host, 12)
        token = host.token
        for c in (host, guest):
            await c.close()
    return room["code"], str(token)


@pytest.fixture(scope="module")
def real_room(tmp_path_factory) -> dict[str, Any]:
    data = tmp_path_factory.mktemp("made")
    code, token = asyncio.run(asyncio.wait_for(_make_room_file(data), 60.0))
    path = data / f"{code}{SUFFIX}"
    raw = path.read_bytes()
    found = scan(raw)
    assert found.problem is None and found.version == FORMAT_VERSION
    tags = [t for t, _ in found.records]
    assert tags[:3] == ["room", "seat", "seat"] and "start" in tags and tags.count("cmd") == 12
    # where each record ends, and the room as loaded from each clean prefix
    ends, pos = [], 0
    for tag, body in found.records:
        pos += len(file_record(tag, msgpack.packb(body, use_bin_type=True)))
        ends.append(pos)
    assert ends[-1] == len(raw)
    ref = tmp_path_factory.mktemp("ref")
    prefixes: list[Any] = [None]            # prefixes[k]: the room loaded from its first k records
    for end in ends:
        p = ref / f"{code}{SUFFIX}"
        p.write_bytes(raw[:end])
        prefixes.append(summary(Room.load(p)))
        p.unlink()
    return {"code": code, "token": token, "bytes": raw, "records": found.records, "ends": ends,
            "prefixes": prefixes}


def summary(room: Room | None) -> Any:
    """Everything a loaded room holds that a client could be served."""
    if room is None:
        return None
    return (room.code, room.game, room.rules_version, room.variant, room.options, room.allow_bots,
            [(s.name, s.token, s.status, s.last_cid) for s in room.seats], room.host,
            room.started, room.seed, list(room.log), room.last_t)


def damaged_record(ends: list[int], pos: int) -> int:
    """The index of the record holding byte `pos`."""
    return next(i for i, end in enumerate(ends) if pos < end)


def clear(directory: Path) -> None:
    for p in directory.iterdir():
        p.unlink()


# ---- a flipped byte anywhere ------------------------------------------------------------

def test_every_flipped_byte_loads_the_records_before_it_or_sets_the_file_aside(real_room, tmp_path, caplog):
    raw, ends, prefixes, code = real_room["bytes"], real_room["ends"], real_room["prefixes"], real_room["code"]
    path = tmp_path / f"{code}{SUFFIX}"
    bad = tmp_path / f"{code}{SUFFIX}{QUARANTINE}"
    caplog.set_level(logging.INFO, LOGGER)
    tried = 0
    for pos in range(len(raw)):
        for mask in (0x01, 0xFF):
            clear(tmp_path)
            caplog.clear()
            mutated = bytearray(raw)
            mutated[pos] ^= mask
            path.write_bytes(bytes(mutated))
            room = Room.load(path)
            i = damaged_record(ends, pos)
            where = f"byte {pos} ^ {mask:#x} (record {i})"
            warnings = [r for r in caplog.records if r.levelno >= logging.WARNING and code in r.getMessage()]
            assert warnings, f"{where}: no log line"
            assert bad.read_bytes() == bytes(mutated), where          # the damage is kept aside
            if i == 0:
                assert room is None and not path.exists(), where       # no usable room record
                assert "not loaded" in warnings[0].getMessage()
            else:
                assert summary(room) == prefixes[i], where             # exactly the records before
                assert path.read_bytes() == raw[:ends[i - 1]], where   # the file cut back to them
                assert f"first {i} records" in warnings[0].getMessage()
                for rec in room.log:                                   # all a resync would serve
                    assert RECORD(decode_body(rec)), where
            tried += 1
    assert tried == 2 * len(raw)


def test_the_relay_starts_with_a_flipped_byte_in_every_seventh_place(real_room, tmp_path, caplog):
    raw, ends, prefixes, code = real_room["bytes"], real_room["ends"], real_room["prefixes"], real_room["code"]
    caplog.set_level(logging.INFO, LOGGER)

    async def start_on(directory: Path) -> Any:
        async with relay_on(directory) as relay:
            assert relay.port > 0
            return summary(relay.rooms.get(code))

    for pos in range(3, len(raw), 7):
        clear(tmp_path)
        mutated = bytearray(raw)
        mutated[pos] ^= 0x20
        (tmp_path / f"{code}{SUFFIX}").write_bytes(bytes(mutated))
        caplog.clear()
        got = asyncio.run(asyncio.wait_for(start_on(tmp_path), 30.0))
        assert got == prefixes[damaged_record(ends, pos)], pos
        assert any(code in r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING), pos


# ---- records whose CRC holds but whose content lies -------------------------------------

def _rewritten(records: list[tuple[str, Any]], index: int, tag: str | None, body: Any) -> bytes:
    """The file with record `index` replaced (tag None: the same tag), every CRC valid."""
    out = []
    for i, (t, b) in enumerate(records):
        if i == index:
            t, b = (tag or t), body
        out.append(file_record(t, msgpack.packb(b, use_bin_type=True)))
    return b"".join(out)


def _with(body: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(body)
    for k, v in changes.items():
        if v is KeyError:
            out.pop(k, None)
        else:
            out[k] = v
    return out


LIES = {
    "a renamed key": lambda b: {("salu" if k == "salt" else k): v for k, v in b.items()},
    "an extra key": lambda b: _with(b, extra=1),
    "a missing key": lambda b: _with(b, cid=KeyError),
    "a sequence gap": lambda b: _with(b, seq=b["seq"] + 1),
    "a repeated seq": lambda b: _with(b, seq=b["seq"] - 1),
    "time going back": lambda b: _with(b, t=-1),
    "a salt out of range": lambda b: _with(b, salt=-5),
    "a seat beyond the room": lambda b: _with(b, seat=5, cmd=_with(b["cmd"], seat=KeyError)),
    "a sender beyond the room": lambda b: _with(b, by=3),
    "a command for another seat": lambda b: _with(b, cmd=_with(b["cmd"], seat=(b["seat"] + 1) % 3)),
    "a command that is not a map": lambda b: _with(b, cmd="place"),
    "a string seq": lambda b: _with(b, seq=str(b["seq"])),
    "a map that is not a record": lambda b: [b],
}


@pytest.mark.parametrize("lie", sorted(LIES))
def test_a_command_record_that_lies_ends_the_valid_part(real_room, tmp_path, caplog, lie):
    records, prefixes, code = real_room["records"], real_room["prefixes"], real_room["code"]
    i = len(records) - 3                                    # a command near the end
    assert records[i][0] == "cmd"
    path = tmp_path / f"{code}{SUFFIX}"
    path.write_bytes(_rewritten(records, i, None, LIES[lie](dict(records[i][1]))))
    caplog.set_level(logging.INFO, LOGGER)
    assert summary(Room.load(path)) == prefixes[i]
    assert any(f"first {i} records" in r.getMessage() for r in caplog.records)


OTHER_LIES = [
    (1, "seat", {"seat": 7, "name": "Mei", "token": "x" * 24}),         # a seat of a 3-seat room
    (1, "seat", {"seat": 0, "name": "", "token": "x" * 24}),            # a name hello refuses
    (1, "seat", {"seat": 0, "name": "Mei", "token": "short"}),
    (1, "host", {"seat": -1}),
    (1, "bot", {"seat": 1, "on": 1}),
    (1, "cmd", None),                                                    # a command before the start
    (1, "start", {"seed": 1, "bots": [9]}),
    (1, "start", {"seed": -1, "bots": []}),
    (1, "rooms", {"seat": 0}),                                           # an unknown tag
    (1, "room", None),                                                   # a second room record
    (1, "end", {"why": "x"}),
]


@pytest.mark.parametrize("index,tag,body", OTHER_LIES, ids=[f"{t}-{b}" for _, t, b in OTHER_LIES])
def test_any_record_that_lies_ends_the_valid_part(real_room, tmp_path, caplog, index, tag, body):
    records, prefixes, code = real_room["records"], real_room["prefixes"], real_room["code"]
    if body is None:   # a record of another place in the file
        body = next(b for t, b in records if t == tag)
    path = tmp_path / f"{code}{SUFFIX}"
    path.write_bytes(_rewritten(records, index, tag, body))
    caplog.set_level(logging.INFO, LOGGER)
    assert summary(Room.load(path)) == prefixes[index]
    assert any(f"first {index} records" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("change", [{"seats": 0}, {"seats": "3"}, {"options": "tiles"}, {"code": "abc"},
                                    {"format": 1}, {"format": KeyError}, {"created": -1}, {"game": KeyError}])
def test_a_room_record_that_lies_sets_the_file_aside(real_room, tmp_path, caplog, change):
    records, code = real_room["records"], real_room["code"]
    path = tmp_path / f"{code}{SUFFIX}"
    path.write_bytes(_rewritten(records, 0, None, _with(records[0][1], **change)))
    caplog.set_level(logging.INFO, LOGGER)
    assert Room.load(path) is None and not path.exists()
    assert (tmp_path / f"{code}{SUFFIX}{QUARANTINE}").exists()
    assert any("not loaded" in r.getMessage() for r in caplog.records)


# ---- a resumed client is served only what validates --------------------------------------

@arun
async def test_a_client_resuming_from_the_start_gets_the_valid_part_not_bad_message(real_room, tmp_path):
    records, code, token = real_room["records"], real_room["code"], real_room["token"]
    i = len(records) - 2
    renamed = {("salu" if k == "salt" else k): v for k, v in records[i][1].items()}
    (tmp_path / f"{code}{SUFFIX}").write_bytes(_rewritten(records, i, None, renamed))
    kept = sum(1 for t, _ in records[:i] if t == "cmd")
    async with relay_on(tmp_path) as relay:
        assert len(relay.rooms[code].log) == kept
        c = await _client(relay, "Mei")
        await c.resume(token, 0)
        got = await _stamped_until(c, kept)
        assert [r["seq"] for r in got] == list(range(1, kept + 1))
        c.send_command({"type": "after"})
        (after,) = await _stamped_until(c, 1)
        assert after["seq"] == kept + 1
        await c.close()


# ---- what else lies in the folder ---------------------------------------------------------

@arun
async def test_the_relay_starts_beside_directories_links_junk_and_empty_files(real_room, tmp_path, caplog):
    code = real_room["code"]
    (tmp_path / f"{code}{SUFFIX}").write_bytes(real_room["bytes"])
    (tmp_path / f"DIRXX{SUFFIX}").mkdir()
    (tmp_path / f"LINKX{SUFFIX}").symlink_to(tmp_path / "nowhere")
    (tmp_path / f"JUNKX{SUFFIX}").write_bytes(b"\x93not a room file at all")
    (tmp_path / f"EMPTY{SUFFIX}").write_bytes(b"")
    caplog.set_level(logging.INFO, LOGGER)
    async with relay_on(tmp_path) as relay:
        assert relay.port > 0 and set(relay.rooms) == {code}
    text = caplog.text
    assert f"DIRXX{SUFFIX} is named like a room file but is not a file" in text
    assert f"LINKX{SUFFIX} is named like a room file but is not a file" in text
    assert f"JUNKX{SUFFIX} is unusable" in text and f"EMPTY{SUFFIX} is unusable" in text
    assert (tmp_path / f"JUNKX{SUFFIX}{QUARANTINE}").exists() and not (tmp_path / f"JUNKX{SUFFIX}").exists()
    assert [p.name for p in room_files(tmp_path)] == [f"{code}{SUFFIX}"]
    # a second quarantine of the same name does not overwrite the first
    (tmp_path / f"JUNKX{SUFFIX}").write_bytes(b"again")
    assert load_records(tmp_path / f"JUNKX{SUFFIX}") == ([], 0)
    assert (tmp_path / f"JUNKX{SUFFIX}.1{QUARANTINE}").read_bytes() == b"again"


@arun
async def test_the_relay_starts_beside_a_room_file_it_cannot_read(real_room, tmp_path, caplog, monkeypatch):
    code = real_room["code"]
    (tmp_path / f"{code}{SUFFIX}").write_bytes(real_room["bytes"])
    locked = tmp_path / f"LOCKD{SUFFIX}"
    locked.write_bytes(real_room["bytes"])
    read_bytes = Path.read_bytes

    def refusing(self: Path) -> bytes:   # as a file without read permission (tests run as root)
        if self.name == locked.name:
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refusing)
    caplog.set_level(logging.INFO, LOGGER)
    async with relay_on(tmp_path) as relay:
        assert relay.port > 0 and set(relay.rooms) == {code}
    assert f"room file {locked.name} not loaded: " in caplog.text and "Permission denied" in caplog.text
    assert locked.exists()                       # not set aside: it may be readable next time


# ---- format 1 (no CRCs) -------------------------------------------------------------------

def _format_1(records: list[tuple[str, Any]]) -> bytes:
    out = []
    for tag, body in records:
        if tag == "room":
            body = {k: v for k, v in body.items() if k != "format"}
        out.append(msgpack.packb([tag, body], use_bin_type=True))
    return b"".join(out)


def test_a_format_1_file_loads_the_same_room_and_is_rewritten_with_crcs(real_room, tmp_path, caplog):
    records, prefixes, code = real_room["records"], real_room["prefixes"], real_room["code"]
    path = tmp_path / f"{code}{SUFFIX}"
    path.write_bytes(_format_1(records))
    caplog.set_level(logging.INFO, LOGGER)
    assert summary(Room.load(path)) == prefixes[len(records)]
    assert path.read_bytes() == real_room["bytes"]          # now byte for byte format 2
    assert f"{code}{SUFFIX} was format 1" in caplog.text
    caplog.clear()
    assert summary(Room.load(path)) == prefixes[len(records)] and not caplog.records


def test_a_damaged_format_1_file_loads_its_valid_part(real_room, tmp_path, caplog):
    records, prefixes, code = real_room["records"], real_room["prefixes"], real_room["code"]
    data = _format_1(records)
    path = tmp_path / f"{code}{SUFFIX}"
    path.write_bytes(data[:-3])                              # the last command cut short
    caplog.set_level(logging.INFO, LOGGER)
    assert summary(Room.load(path)) == prefixes[len(records) - 1]
    assert "damaged" in caplog.text and "was format 1" in caplog.text
    assert read_records(path)[0] == records[:-1] and path.read_bytes()[:1] == b"\x93"
