"""A room's file on the relay: one msgpack stream of `[tag, body]` records per room.

Tags: "room" (the room's settings, first), "seat" (a seat claimed: seat, name, token),
"free" (a lobby seat given back), "back" (seat resumed), "bot" (seat, on), "gone" (seat),
"left" (seat: its token is dead), "host" (seat),
"start" (seed, bots), "cmd" (a stamped record), "end" (the room closed).
Each record is flushed as it is written (no fsync per record: fsync on close). A cut or
corrupt tail is dropped on load, and the file is trimmed back to the last good record.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import msgpack

from engine.core.logstore import AppendFile

SUFFIX = ".ctroom"


class RoomFile(AppendFile):
    """Appends records to one room's file: `RoomFile(path)` makes a new file (never over an
    existing one), `RoomFile(path, keep=n)` reopens one cut back to its valid `n` bytes.
    `write_raw(data)` appends one already packed record (the relay's fast path)."""

    def __init__(self, path: Path, *, keep: int | None = None) -> None:
        super().__init__(path, keep=keep, exclusive=True)

    def write(self, tag: str, body: Any) -> None:
        self.write_raw(msgpack.packb([tag, body], use_bin_type=True))


def read_records(path: Path) -> tuple[list[tuple[str, Any]], int]:
    """The valid records of a room file and the byte length they span."""
    data = Path(path).read_bytes()
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    out: list[tuple[str, Any]] = []
    good = 0
    while True:
        try:
            rec = unpacker.unpack()
        except Exception:  # OutOfData at the end, anything else is corruption: stop there
            break
        if not (isinstance(rec, list) and len(rec) == 2 and isinstance(rec[0], str)):
            break
        out.append((rec[0], rec[1]))
        good = unpacker.tell()
    return out, good


def room_files(directory: Path) -> Iterator[Path]:
    directory = Path(directory)
    if directory.is_dir():
        yield from sorted(directory.glob(f"*{SUFFIX}"))
