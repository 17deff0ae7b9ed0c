"""The log file: one msgpack stream of records, each `[tag, crc32, body]`.

`body` is the msgpack encoding of a header, an event or a checkpoint, and `crc32` guards
it, so a flipped byte or a cut tail is found at the record where it happens. Tags:
"H" header (first record), "E" event, "C" checkpoint {"seq", "hash"}. See docs/log-format.md.
"""
from __future__ import annotations

import datetime as _dt
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

FORMAT = "couchtop-log"
FORMAT_VERSION = 1
SUFFIX = ".ctlog"


class LogError(Exception):
    """A file that is not a Couchtop log at all (no valid header)."""


def _record(tag: str, body: Any) -> bytes:
    raw = msgpack.packb(body, use_bin_type=True)
    return msgpack.packb([tag, zlib.crc32(raw), raw], use_bin_type=True)


def make_header(game: str, variant: str, seats: int, seed: int, rules_version: int,
                options: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "game": game, "variant": variant,
        "seats": seats, "seed": seed, "rules_version": rules_version, "options": options,
        "players": players,
        "created_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }


def default_log_dir() -> Path:
    """The user data folder's logs directory (COUCHTOP_DATA overrides it, for tests)."""
    env = os.environ.get("COUCHTOP_DATA")
    if env:
        base = Path(env)
    else:
        import platformdirs
        base = Path(platformdirs.user_data_dir("Couchtop", "Couchtop"))
    return base / "logs"


def new_log_path(game: str, variant: str, seed: int, directory: Path | None = None) -> Path:
    directory = Path(directory) if directory else default_log_dir()
    directory.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return directory / f"{game}-{variant}-{stamp}-{seed}{SUFFIX}"


class AppendFile:
    """A binary file written only at its end: a new one (`keep=None`; `exclusive` refuses
    a file that already exists) or an existing one reopened and cut back to its first
    `keep` bytes (the valid part). Each record is flushed to the OS as it is written (no
    fsync per record: fsync on close)."""

    def __init__(self, path: Path, *, keep: int | None = None, exclusive: bool = False) -> None:
        self.path = Path(path)
        if keep is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._f: BinaryIO = open(self.path, "xb" if exclusive else "wb")
        else:
            self._f = open(self.path, "r+b")
            self._f.truncate(keep)
            self._f.seek(keep)

    def write_raw(self, data: bytes) -> None:
        """One already packed record, flushed to the OS (not fsynced)."""
        self._f.write(data)
        self._f.flush()

    def close(self) -> None:
        if not self._f.closed:
            self._f.flush()
            os.fsync(self._f.fileno())
            self._f.close()


class LogWriter(AppendFile):
    """Appends records and flushes each one, so a crash loses nothing. Remembers where
    each event starts so an undo can cut the file back."""

    def __init__(self, path: Path, header: dict[str, Any], *, resume_at: int | None = None,
                 event_offsets: list[int] | None = None) -> None:
        super().__init__(path, keep=resume_at)
        self._offsets: list[int] = list(event_offsets or [])
        if resume_at is None:
            self.write_raw(_record("H", header))

    def append(self, ev: dict[str, Any]) -> None:
        self._offsets.append(self._f.tell())
        self.write_raw(_record("E", ev))

    def checkpoint(self, seq: int, digest: str) -> None:
        self.write_raw(_record("C", {"seq": seq, "hash": digest}))

    def truncate_events(self, keep: int) -> None:
        """Drop every event after the first `keep` (and the checkpoints among them)."""
        if keep >= len(self._offsets):
            return
        cut = self._offsets[keep]
        del self._offsets[keep:]
        self._f.truncate(cut)
        self._f.seek(cut)
        self._f.flush()


@dataclass
class LoadedLog:
    header: dict[str, Any]
    events: list[dict[str, Any]]
    checkpoints: list[dict[str, Any]]
    # Where reading stopped early: None for a clean file, else a reason and byte offset.
    error: str | None = None
    error_offset: int | None = None
    event_offsets: list[int] = field(default_factory=list)
    end_offset: int = 0  # just past the last valid record

    @property
    def complete(self) -> bool:
        return self.error is None


def read_log(path: Path | str) -> LoadedLog:
    """Read a log as far as it is valid. Raises LogError only when the header is unusable."""
    data = Path(path).read_bytes()
    return parse_log(data)


def parse_log(data: bytes) -> LoadedLog:
    """Decode a log's bytes as far as they are valid (see read_log)."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=max(len(data), 1))
    unpacker.feed(data)
    header: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    checkpoints: list[dict[str, Any]] = []
    offsets: list[int] = []
    pos = 0
    error: str | None = None
    crc32, unpackb, tell = zlib.crc32, msgpack.unpackb, unpacker.tell
    add_event, add_offset = events.append, offsets.append
    try:
        for tag, crc, raw in unpacker:  # malformed bytes or a wrong shape raise: corrupt
            if crc32(raw) != crc:
                error = "corrupt"
                break
            body = unpackb(raw, raw=False, strict_map_key=False)
            if type(body) is not dict:
                error = "corrupt"
                break
            if tag == "E" and header is not None:
                add_offset(pos)
                add_event(body)
            elif tag == "C" and header is not None:
                checkpoints.append(body)
            elif tag == "H" and header is None and body.get("format") == FORMAT:
                header = body
            else:
                error = "corrupt"
                break
            pos = tell()
    except Exception:
        error = "corrupt"
    if header is None:
        raise LogError("not a Couchtop log (no valid header)")
    if error is None and pos < len(data):
        error = "truncated"
    return LoadedLog(header, events, checkpoints, error, pos if error else None, offsets, pos)
