"""A room's file on the relay: the game log's record format, `[tag, crc32, body]` with
`body` the msgpack of the record's map (engine/core/logstore.py writes and scans it).

Tags: "room" (the room's settings, first, with `format`), "seat" (a seat claimed: seat,
name, token), "free" (a lobby seat given back), "back" (seat resumed), "bot" (seat, on),
"gone" (seat), "left" (seat: its token is dead), "host" (seat), "start" (seed, bots),
"cmd" (a stamped record), "end" (the room closed). ROOM_RECORDS below is the schema of
each: a record of a new kind, or with a new key, must be added there, or loading takes it
for damage.

Loading (`load_records`) trusts nothing: each record's CRC, then its schema (types,
ranges, exactly the known keys), then its place in the room (seats within the room's
seats, one start before any command, commands numbered 1, 2, 3... with times that never
go back). It keeps the records before the first that fails, cuts the file back to them
and says so in the log, keeping the damaged original beside it as `<name>.bad`; a file
without a usable "room" record is renamed to `<name>.bad` and not loaded. A format-1 file
(records `[tag, body]`, no CRC, no `format` in its room record) is checked the same way
and rewritten as format 2. Nothing here raises for a bad file: the relay always starts.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import msgpack

from engine.core.logstore import AppendFile, RecordScan, pack_record
from net.protocol import (CLIENT, CODE, NAME, RECORD_FIELDS, SEAT, SEQ, SERVER, TOKEN,
                          ProtocolError, validate)

log = logging.getLogger("couchtop.relay.rooms")

SUFFIX = ".ctroom"
QUARANTINE = ".bad"
FORMAT_VERSION = 2   # 1: `[tag, body]` records without CRCs (relays before the CRC)

# The record format, one function for every writer (the relay packs its bodies itself).
file_record = pack_record


class RoomFile(AppendFile):
    """Appends records to one room's file: `RoomFile(path)` makes a new file (never over an
    existing one), `RoomFile(path, keep=n)` reopens one cut back to its valid `n` bytes.
    `write_raw(data)` appends one record made by `file_record` (the relay's fast path)."""

    def __init__(self, path: Path, *, keep: int | None = None) -> None:
        super().__init__(path, keep=keep, exclusive=True)

    def write(self, tag: str, body: Any) -> None:
        self.write_raw(file_record(tag, msgpack.packb(body, use_bin_type=True)))


# ---- the schema --------------------------------------------------------------------------
# Each field is checked as the message that brought it was (a room's settings as "create"
# and "hello" allowed them, a seat's name as "hello"'s): what the relay stored, it took.

_SEAT_ONLY = {"seat": SEAT}
ROOM_FIELDS = {"code": CODE, "game": NAME, "rules_version": CLIENT["hello"]["rules_version"],
               "variant": NAME, "seats": CLIENT["create"]["seats"],
               "options": CLIENT["create"]["options"], "allow_bots": CLIENT["create"]["allow_bots"],
               "created": SEQ}
ROOM_RECORDS: dict[str, dict[str, Any]] = {
    "room": {"format": lambda v: type(v) is int and v == FORMAT_VERSION, **ROOM_FIELDS},
    "seat": {"seat": SEAT, "name": CLIENT["hello"]["name"], "token": TOKEN},
    "free": _SEAT_ONLY, "back": _SEAT_ONLY, "gone": _SEAT_ONLY, "left": _SEAT_ONLY,
    "host": _SEAT_ONLY,
    "bot": {"seat": SEAT, "on": CLIENT["bot"]["on"]},
    "start": {"seed": SERVER["started"]["seed"],
              "bots": lambda v: type(v) is list and len(v) <= 64 and all(SEAT(x) for x in v)},
    "cmd": RECORD_FIELDS,
    "end": {},
}
_LEGACY_ROOM = {"room": ROOM_FIELDS}   # format 1: the same room record without `format`


@dataclass
class RoomScan:
    """What a room file holds: its valid records, the bytes they span, its format version
    and, when reading stopped early, why (None for a clean file)."""
    records: list[tuple[str, Any]] = field(default_factory=list)
    good: int = 0
    version: int = FORMAT_VERSION
    problem: str | None = None

    @property
    def usable(self) -> bool:
        return bool(self.records)


class _Room:
    """The running checks of one room's records in order."""

    def __init__(self) -> None:
        self.seats = 0
        self.started = self.ended = False
        self.seq = self.t = 0

    def problem(self, tag: str, body: Any, schemas: dict[str, dict[str, Any]]) -> str | None:
        if self.ended:
            return "a record after the room's end"
        if (tag == "room") != (self.seats == 0):
            return "the room record is not first" if self.seats == 0 else "a second room record"
        schema = schemas.get(tag, ROOM_RECORDS.get(tag))
        if schema is None:
            return f"unknown record {tag[:16]!r}"
        if type(body) is not dict or "k" in body:
            return f"{tag}: not a record map"
        try:
            validate({"k": tag, **body}, {tag: schema})
        except ProtocolError as e:
            return e.message
        seats = self.seats or body["seats"]
        if "seat" in body and body["seat"] >= seats:
            return f"{tag}: seat {body['seat']} of a {seats}-seat room"
        if tag == "room":
            self.seats = seats
        elif tag == "start":
            if self.started:
                return "a second start"
            if any(i >= seats for i in body["bots"]) or len(set(body["bots"])) != len(body["bots"]):
                return "start: bad bot seats"
            self.started = True
        elif tag == "cmd":
            if not self.started:
                return "a command before the start"
            if body["by"] >= seats or body["cmd"].get("seat", body["seat"]) != body["seat"]:
                return f"command {body['seq']}: bad seats"
            if body["seq"] != self.seq + 1:
                return f"command {body['seq']} after command {self.seq}"
            if body["t"] < self.t:
                return f"command {body['seq']}: time goes back"
            self.seq, self.t = body["seq"], body["t"]
        elif tag == "end":
            self.ended = True
        return None


def _legacy(data: bytes) -> Iterator[tuple[str, Any, int, int]]:
    """The `[tag, body]` records of a format-1 file, until the first that is not one."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    end = 0
    try:
        for rec in unpacker:
            if type(rec) is not list or len(rec) != 2 or type(rec[0]) is not str:
                return
            start, end = end, unpacker.tell()
            yield rec[0], rec[1], start, end
    except Exception:   # undecodable bytes: the valid part ends here
        return


def scan(data: bytes) -> RoomScan:
    """Check a room file's bytes record by record (see the module's doc)."""
    version = 1 if data[:1] == b"\x92" else FORMAT_VERSION
    out = RoomScan(version=version)
    if version == 1:
        records: Any = _legacy(data)
        schemas = _LEGACY_ROOM
    else:
        records = RecordScan(data, strict=True)
        schemas = {}
    room = _Room()
    for tag, body, start, end in records:
        why = room.problem(tag, body, schemas)
        if why is not None:
            out.problem = f"record {len(out.records)} at byte {start}: {why}"
            return out
        out.records.append((tag, body))
        out.good = end
    if out.good < len(data):
        what = getattr(records, "error", None) or "corrupt"
        out.problem = f"record {len(out.records)} at byte {out.good}: {what}"
    return out


def read_records(path: Path) -> tuple[list[tuple[str, Any]], int]:
    """The valid records of a room file and the byte length they span (reads only)."""
    found = scan(Path(path).read_bytes())
    return found.records, found.good


def _aside(path: Path) -> Path:
    """A free name beside `path` for a damaged copy: `<name>.bad`, `<name>.1.bad`, ..."""
    target = path.with_name(path.name + QUARANTINE)
    n = 0
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{n}{QUARANTINE}")
    return target


def _rewrite(path: Path, records: list[tuple[str, Any]]) -> int:
    """Replace `path` by the same records in the current format (a temporary file renamed
    over it, so a crash leaves one whole file or the other); returns its new length."""
    tmp = path.with_name(path.name + ".tmp")
    data = b"".join(file_record(tag, msgpack.packb({"format": FORMAT_VERSION, **body} if tag == "room"
                                                   else body, use_bin_type=True))
                    for tag, body in records)
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return len(data)


def load_records(path: Path) -> tuple[list[tuple[str, Any]], int]:
    """The valid records of a room file for the relay to load, and the length of the file
    they now fill: a damaged tail is cut off (the original kept as `<name>.bad`), a file
    with no usable room record is renamed aside (no records), a format-1 file is rewritten
    in format 2. Each of these says so in the log. Raises OSError only if the file cannot
    be read at all."""
    path = Path(path)
    data = path.read_bytes()
    found = scan(data)
    try:
        if not found.usable:
            target = _aside(path)
            os.replace(path, target)
            log.warning("room file %s is unusable (%s): not loaded, moved to %s",
                        path.name, found.problem or "empty", target.name)
            return [], 0
        if found.problem is not None:
            target = _aside(path)
            target.write_bytes(data)
            os.truncate(path, found.good)
            log.warning("room file %s is damaged (%s): loaded its first %d records; the "
                        "damaged original is kept as %s", path.name, found.problem,
                        len(found.records), target.name)
        if found.version < FORMAT_VERSION:
            good = _rewrite(path, found.records)
            log.warning("room file %s was format %d (no CRCs): rewritten as format %d (%d records)",
                        path.name, found.version, FORMAT_VERSION, len(found.records))
            return found.records, good
    except OSError as e:
        log.warning("room file %s: not loaded, the damage could not be set aside: %s", path.name, e)
        return [], 0
    return found.records, found.good


def room_files(directory: Path) -> Iterator[Path]:
    """The room files in `directory`; an entry named like one that is not a regular file
    (a directory, say) is skipped with a log line."""
    directory = Path(directory)
    if not directory.is_dir():
        return
    for path in sorted(directory.glob(f"*{SUFFIX}")):
        try:
            regular = path.is_file()
        except OSError:
            regular = False
        if regular:
            yield path
        else:
            log.warning("%s is named like a room file but is not a file: skipped", path.name)
