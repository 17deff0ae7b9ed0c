"""The log file: one msgpack stream of records, each `[tag, crc32, body]`.

`body` is the msgpack encoding of a header, an event or a checkpoint, and `crc32` guards
it, so a flipped byte or a cut tail is found at the record where it happens. Tags:
"H" header (first record), "E" event, "C" checkpoint {"seq", "hash"}. See docs/log-format.md.
A record whose CRC holds but whose content breaks the format (a header without its keys,
an event without a seat, a checkpoint whose seq is not an integer) is "malformed": reading
stops there, as at a corrupt record. The record format and its reader are shared with the
relay's room files (net/roomlog.py).
"""
from __future__ import annotations

import datetime as _dt
import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Iterator

import msgpack

from engine.core.events import current_version
from engine.core.shapes import List, Map, Plain, Str, event_shape_problem

if TYPE_CHECKING:
    from engine.core.spec import GameSpec

SpecFor = Callable[[str], "GameSpec"]   # a game's name -> its GameSpec (the registry's spec_for)

FORMAT = "couchtop-log"
FORMAT_VERSION = 1
SUFFIX = ".ctlog"


class LogError(Exception):
    """A file that is not a Couchtop log at all (no valid header)."""


_RECORD_HEADS: dict[str, bytes] = {}
_CRC_AND_LEN = struct.Struct(">BIBI")   # uint32 marker + crc32, bin32 marker + length


def pack_record(tag: str, raw: bytes) -> bytes:
    """One `[tag, crc32, body]` record around an already packed body. The CRC is always
    packed as a uint32 and the body as a bin32, so a record's overhead depends only on its
    tag (the relay budgets room files by it); any msgpack reader reads it as usual."""
    head = _RECORD_HEADS.get(tag)
    if head is None:
        head = _RECORD_HEADS[tag] = b"\x93" + msgpack.packb(tag, use_bin_type=True)
    return head + _CRC_AND_LEN.pack(0xCE, zlib.crc32(raw), 0xC6, len(raw)) + raw


def _record(tag: str, body: Any) -> bytes:
    return pack_record(tag, msgpack.packb(body, use_bin_type=True))


class RecordScan:
    """The records of a file's bytes, in order, each CRC-checked: iterating yields
    `(tag, body, start, end)` (byte offsets of the record) and stops at the first record
    that is cut short (`error = "truncated"`) or fails to decode or check
    (`error = "corrupt"`); `end` is then just past the last good record. `strict` refuses
    map keys other than strings in a body."""

    def __init__(self, data: bytes, *, strict: bool = False) -> None:
        self.data = data
        self.strict = strict
        self.error: str | None = None
        self.end = 0

    def __iter__(self) -> Iterator[tuple[str, Any, int, int]]:
        data, strict = self.data, self.strict
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1))
        unpacker.feed(data)
        crc32, unpackb, tell = zlib.crc32, msgpack.unpackb, unpacker.tell
        try:
            for rec in unpacker:
                if type(rec) is not list or len(rec) != 3:
                    break
                tag, crc, raw = rec
                if type(tag) is not str or type(raw) is not bytes or crc32(raw) != crc:
                    break
                body = unpackb(raw, raw=False, strict_map_key=strict)
                start, self.end = self.end, tell()
                yield tag, body, start, self.end
            else:
                if self.end < len(data):
                    self.error = "truncated"
                return
        except Exception:  # malformed bytes: corrupt from here on
            pass
        self.error = "corrupt"


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




def _int_in(lo: int, hi: int) -> Any:
    return lambda v: type(v) is int and lo <= v <= hi


def _name(v: Any) -> bool:
    return type(v) is str and 1 <= len(v) <= 64


def _str_keys(v: Any) -> bool:
    return type(v) is dict and all(type(k) is str for k in v)


SEED_MAX = (1 << 63) - 1        # seeds are 63-bit (the relay's) or smaller (a local game's)
EXTRA_KEYS = 8
OPTIONS = Map(Str(64), Plain(3, 512), 64)
PLAYERS = List(Map(Str(64), Plain(1), 16), 64)
EXTRA = Plain(2, 16)
T_MAX, V_MAX, CMD_MAX = 1 << 48, 1 << 16, 1 << 40


# The header's keys, each required, with its check; other keys may follow ("online", ...),
# at most EXTRA_KEYS of them, each small plain data.
HEADER_KEYS: dict[str, Any] = {
    "format": lambda v: type(v) is str and v == FORMAT,
    "format_version": _int_in(1, FORMAT_VERSION),
    "game": _name, "variant": _name,
    "seats": _int_in(1, 64),
    "seed": _int_in(0, SEED_MAX),
    "rules_version": _int_in(0, 1 << 31),
    "options": lambda v: OPTIONS.problem(v, 0) is None,
    "players": lambda v: PLAYERS.problem(v, 0) is None,
    "created_at": lambda v: type(v) is str and len(v) <= 64,
}


def header_problem(h: Any) -> str | None:
    """What is wrong with a log header, or None when it is well-formed."""
    if type(h) is not dict or h.get("format") != FORMAT:
        return "not a Couchtop log (no valid header)"
    for key, ok in HEADER_KEYS.items():
        if key not in h:
            return f"malformed header: no {key!r}"
        if not ok(h[key]):
            return f"malformed header: bad {key!r} ({_brief(h[key])})"
    extra = [k for k in h if k not in HEADER_KEYS]
    if len(extra) > EXTRA_KEYS:
        return f"malformed header: {len(extra)} keys beyond the format's (at most {EXTRA_KEYS})"
    for k in extra:
        problem = EXTRA.problem(h[k], 0) if type(k) is str and len(k) <= 64 else "a bad key"
        if problem is not None:
            return f"malformed header: bad {_brief(k)} ({problem})"
    return None


def event_problem(ev: dict[str, Any], seq: int, seats: int) -> str | None:
    """What is wrong with the stamped fields of event `seq` of a `seats`-seat game, or
    None (its own fields are the rules' business: a fold that refuses them is caught
    where the log is folded)."""
    etype = ev.get("type")
    if type(etype) is not str or not 1 <= len(etype) <= 64:
        return f"event {seq}: bad type ({_brief(etype)})"
    got = ev.get("seq")
    if type(got) is not int or got != seq:
        return f"event {seq}: seq is {_brief(got)}"
    if "seat" not in ev:
        return f"event {seq}: no seat"
    seat = ev["seat"]
    if seat is not None and not (type(seat) is int and 0 <= seat < seats):
        return f"event {seq}: seat {_brief(seat)} is not a seat of this {seats}-seat game"
    for key, lo, hi in (("t", 0, T_MAX), ("v", 1, V_MAX), ("cmd", 0, CMD_MAX)):
        val = ev.get(key)
        if type(val) is not int or not lo <= val <= hi:
            return f"event {seq}: bad {key!r} ({_brief(val)})"
    return None


def declared(h: dict[str, Any], spec_for: SpecFor) -> tuple[Any, str | None]:
    """The event shapes the header's game declares (None for a game this build does not
    know, or one that declares none: `--verify` says so when it folds), and what is wrong
    with the header by that game's spec (a variant it does not declare), or None.
    `spec_for(game)` is the registry's lookup (KeyError for a game it does not know)."""
    try:
        spec = spec_for(h["game"])
    except (KeyError, ImportError):
        return None, None
    if h["variant"] not in spec.variant_ids:
        return None, (f"malformed header: {_brief(h['variant'])} is not a variant of {h['game']} "
                      f"({', '.join(spec.variant_ids)})")
    return (spec.events or None), None


def _shape_problem(shapes: Any, ev: dict[str, Any], seq: int, seats: int,
                   h: dict[str, Any]) -> str | None:
    """What is wrong with event `seq`'s own fields by its game's declared shapes."""
    problem = event_shape_problem(shapes, ev, seats)
    if problem is None and ev["v"] > current_version(h["game"], ev["type"]):
        problem = f"schema version {ev['v']} is newer than this build's"
    return None if problem is None else f"event {seq} ({_brief(ev['type'])}): {problem}"


def checkpoint_problem(c: dict[str, Any], last_seq: int, prev_seq: int) -> str | None:
    """What is wrong with a checkpoint read after event `last_seq` (-1: none yet) and
    after a checkpoint of event `prev_seq`, or None."""
    if c.keys() != {"seq", "hash"}:
        return f"checkpoint with keys {sorted(map(str, c))[:4]}"
    seq, digest = c["seq"], c["hash"]
    if type(seq) is not int or not max(prev_seq, 0) <= seq <= last_seq:
        return f"checkpoint after event {last_seq}: seq is {_brief(seq)}"
    if type(digest) is not str or not 1 <= len(digest) <= 128 or digest.strip("0123456789abcdef"):
        return f"checkpoint after event {last_seq}: bad hash ({_brief(digest)})"
    return None


def _brief(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


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
    reason: str | None = None  # for a "malformed" stop, what was wrong

    @property
    def complete(self) -> bool:
        return self.error is None


def read_log(path: Path | str, spec_for: SpecFor) -> LoadedLog:
    """Read a log as far as it is valid. Raises LogError only when the header is unusable.
    `spec_for(game)` gives the header's game's GameSpec (engine.registry.spec_for): its
    variants and declared event shapes are checked."""
    data = Path(path).read_bytes()
    return parse_log(data, spec_for)


def parse_log(data: bytes, spec_for: SpecFor) -> LoadedLog:
    """Decode a log's bytes as far as they are valid (see read_log): error "truncated",
    "corrupt" or "malformed" (with a `reason`) says why reading stopped."""
    scan = RecordScan(data)
    header: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    checkpoints: list[dict[str, Any]] = []
    offsets: list[int] = []
    pos = 0
    error: str | None = None
    reason: str | None = None
    add_event, add_offset = events.append, offsets.append
    seats, cp_seq = 0, -1
    shapes: Any = None
    for tag, body, start, end in scan:
        if type(body) is not dict:
            error = "corrupt"
            break
        if header is None:
            if tag != "H":
                error = "corrupt"
                break
            reason = header_problem(body)
            shapes, reason = declared(body, spec_for) if reason is None else (None, reason)
            if reason is not None:
                raise LogError(reason)
            header, seats = body, body["seats"]
        elif tag == "E":
            reason = event_problem(body, len(events), seats)
            if reason is None and shapes is not None:
                reason = _shape_problem(shapes, body, len(events), seats, header)
            if reason is not None:
                error = "malformed"
                break
            add_offset(start)
            add_event(body)
        elif tag == "C":
            reason = checkpoint_problem(body, len(events) - 1, cp_seq)
            if reason is not None:
                error = "malformed"
                break
            cp_seq = body["seq"]
            checkpoints.append(body)
        else:
            error, reason = "corrupt", None
            break
        pos = end
    else:
        error = scan.error
    if header is None:
        raise LogError("not a Couchtop log (no valid header)")
    return LoadedLog(header, events, checkpoints, error, pos if error else None, offsets, pos,
                     reason if error == "malformed" else None)
