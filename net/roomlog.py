"""A room's file on the relay: one msgpack stream of `[tag, body]` records per room.

Tags: "room" (the room's settings, first), "seat" (a seat claimed: seat, name, token),
"free" (a lobby seat given back), "back" (seat resumed), "bot" (seat, on), "gone" (seat),
"left" (seat: its token is dead), "host" (seat),
"start" (seed, bots), "cmd" (a stamped record), "end" (the room closed).
Each record is flushed as it is written (no fsync per record: fsync on close). A cut or
corrupt tail is dropped on load, and the file is trimmed back to the last good record.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, BinaryIO, Iterator

import msgpack

SUFFIX = ".ctroom"


class RoomFile:
    """Appends records to one room's file."""

    def __init__(self, path: Path, *, keep: int | None = None) -> None:
        """A new file, or (keep = byte length) an existing one reopened for appending."""
        self.path = Path(path)
        if keep is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._f: BinaryIO = open(self.path, "xb")
        else:
            self._f = open(self.path, "r+b")
            self._f.truncate(keep)
            self._f.seek(keep)

    def write(self, tag: str, body: Any) -> None:
        self.write_raw(msgpack.packb([tag, body], use_bin_type=True))

    def write_raw(self, data: bytes) -> None:
        """One already packed record, flushed to the OS (not fsynced)."""
        self._f.write(data)
        self._f.flush()

    def close(self) -> None:
        if not self._f.closed:
            self._f.flush()
            os.fsync(self._f.fileno())
            self._f.close()


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
