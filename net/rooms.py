"""A relay room: seats, host, the stamped log and its file. Knows nothing of sockets:
a seat's `conn` is whatever the relay put there (it needs `send_raw(bytes)` and `syncing`).

Every record reaches the room's file (appended and flushed, through OpenFiles) before the
room's state in memory changes, so what the relay broadcasts is on disk first; an OSError
from the file leaves the room as it was. The log is bounded in bytes: each seat may fill
an equal share of `max_log_bytes`, so one seat cannot fill the room for the others.

Seat statuses: "open" (nobody), "here" (connected), "away" (dropped, held for the grace
period), "bot" (a bot run by the host's client plays it), "gone" (given up in a started
game; its token still resumes it).
"""
from __future__ import annotations

import logging
import secrets
import struct
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import msgpack

from net.openfiles import OpenFiles
from net.protocol import CODE_ALPHABET, CODE_LEN
from net.roomlog import FORMAT_VERSION, SUFFIX, file_record, load_records

_pack = msgpack.Packer(use_bin_type=True).pack
_STAMPED_HEAD = b"\x88" + _pack("k") + _pack("stamped")   # 8-entry map: "k" + the 7 record fields

log = logging.getLogger("couchtop.relay.rooms")


_CMD_OVERHEAD = len(file_record("cmd", b""))
# Records a client can make the room repeat (join/leave, drop/resume, bot on/off) share
# this many bytes per room; a command fills the seat's share of `max_log_bytes` instead.
META_BUDGET = 64 * 1024
REPEATABLE = frozenset({"seat", "back", "bot"})


class LogFull(Exception):
    """The room's file has no budget left for this record (nothing was written)."""


def new_code(taken: Callable[[str], bool]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))
        if not taken(code):
            return code


def new_token() -> str:
    return secrets.token_urlsafe(18)   # 24 characters, 144 random bits


def array_header(n: int) -> bytes:
    if n < 16:
        return bytes([0x90 | n])
    if n < 1 << 16:
        return b"\xdc" + struct.pack(">H", n)
    return b"\xdd" + struct.pack(">I", n)


@dataclass
class Seat:
    index: int
    name: str = ""
    token: str | None = None
    status: str = "open"
    ready: bool = False
    last_cid: int = 0                 # highest command id accepted from this seat's client
    conn: Any = None
    away_since: float | None = None

    def member(self) -> dict[str, Any]:
        return {"seat": self.index, "name": self.name, "status": self.status, "ready": self.ready}


@dataclass
class Room:
    code: str
    game: str
    rules_version: int
    variant: str
    options: dict[str, Any]
    allow_bots: bool
    seats: list[Seat]
    path: Path | None = None
    files: OpenFiles | None = None
    clock: Callable[[], float] = time.monotonic
    host: int = 0
    started: bool = False
    seed: int | None = None
    t0: float = 0.0
    log: list[bytes] = field(default_factory=list)       # packed records; seq n is log[n - 1]
    last_t: int = 0
    hashes: dict[int, dict[int, str]] = field(default_factory=dict)
    empty_since: float | None = None
    created_at: float = 0.0                            # the relay's clock when it was made or loaded
    closed: bool = False
    log_bytes: int = 0                                 # stamped bytes stored (file records)
    meta_bytes: int = 0                                # repeatable seat records stored
    seat_bytes: list[int] = field(default_factory=list)  # stamped bytes acted for each seat
    told: dict[int, set[int]] = field(default_factory=dict)  # seq -> seats sent a desync
    last_desync: tuple[float, int] | None = None       # (relay time, seq) of the last desync raised
    strikes: dict[int, int] = field(default_factory=dict)   # seat -> times outvoted
    addr: str | None = None                            # the address that created it (not stored)
    file_bytes: int = 0                                # bytes of its file written (or loaded)
    over_budget: bool = False                          # told the relay's log of a refusal
    active_at: float = 0.0                             # the relay's clock at its last command or seat claim
    disk: Any = None                                   # the relay's DiskUse: file bytes of every room

    # ---- making and loading ----------------------------------------------------
    @classmethod
    def create(cls, code: str, game: str, rules_version: int, variant: str, seats: int,
               options: dict[str, Any], allow_bots: bool, data_dir: Path | None,
               clock: Callable[[], float] = time.monotonic,
               files: OpenFiles | None = None) -> "Room":
        room = cls(code, game, rules_version, variant, options, allow_bots,
                   [Seat(i) for i in range(seats)], clock=clock)
        room.created_at = clock()
        room.seat_bytes = [0] * seats
        if data_dir is not None:
            room.path = Path(data_dir) / f"{code}{SUFFIX}"
            room.files = files if files is not None else OpenFiles()
            room.files.create(room.path)
            try:
                room._write("room", {"format": FORMAT_VERSION, "code": code, "game": game,
                                     "rules_version": rules_version, "variant": variant,
                                     "seats": seats, "options": options, "allow_bots": allow_bots,
                                     "created": int(time.time())})
            except OSError:
                room.files.remove(room.path)     # no half-made room file is left behind
                raise
        return room

    @classmethod
    def load(cls, path: Path, clock: Callable[[], float] = time.monotonic,
             files: OpenFiles | None = None) -> "Room | None":
        """The room in `path` as it stood when the relay stopped (None if it had ended or
        the file has no usable header). Seats that were connected come back "away".
        No file stays open: the first record written reopens it (cut to its valid part)."""
        records, good = load_records(path)
        if not records or records[0][0] != "room" or not isinstance(records[0][1], dict):
            return None
        h = records[0][1]
        try:
            room = cls(str(h["code"]), str(h["game"]), int(h["rules_version"]), str(h["variant"]),
                       dict(h["options"]), bool(h["allow_bots"]),
                       [Seat(i) for i in range(int(h["seats"]))], clock=clock)
            room.seat_bytes = [0] * len(room.seats)
            for tag, body in records[1:]:
                if tag == "end":
                    return None
                room._replay(tag, body)
                if tag in REPEATABLE:
                    room.meta_bytes += len(file_record(tag, _pack(body)))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            # load_records validated every record, so this means the two disagree: say so
            log.warning("room file %s: records passed the checks but could not be replayed "
                        "(%s: %s); the room is not loaded", path, type(e).__name__, e)
            return None
        now = clock()
        for seat in room.seats:
            if seat.status == "here":
                seat.status, seat.away_since = "away", now
            seat.ready = False
        room.empty_since = room.created_at = now
        room.t0 = now - room.last_t / 1000.0
        room.path, room.files = path, files if files is not None else OpenFiles()
        room.files.adopt(path, good)
        room.file_bytes = good
        return room

    def _replay(self, tag: str, body: Any) -> None:
        if tag == "cmd":
            seq = len(self.log) + 1
            if body["seq"] != seq:
                raise ValueError("sequence gap in room file")
            rec = _pack(body)
            self.log.append(rec)
            self.log_bytes += _CMD_OVERHEAD + len(rec)
            self.seat_bytes[body["seat"]] += _CMD_OVERHEAD + len(rec)
            self.last_t = int(body["t"])
            by = self.seats[body["by"]]
            by.last_cid = max(by.last_cid, int(body["cid"]))
        elif tag == "seat":
            seat = self.seats[body["seat"]]
            seat.name, seat.token, seat.status, seat.last_cid = body["name"], body["token"], "here", 0
        elif tag == "free":
            self._free(self.seats[body["seat"]])
        elif tag == "bot":
            self._set_bot(self.seats[body["seat"]], bool(body["on"]))
        elif tag == "gone":
            self.seats[body["seat"]].status = "gone"
        elif tag == "left":
            self.seats[body["seat"]].token = None
        elif tag == "back":
            self.seats[body["seat"]].status = "here"
        elif tag == "host":
            self.host = int(body["seat"])
        elif tag == "start":
            self.started, self.seed = True, int(body["seed"])
            for i in body["bots"]:
                self.seats[i].status = "bot"
        else:
            raise ValueError(f"unknown record {tag!r}")

    def _write(self, tag: str, body: Any, *, spare: bool = False) -> None:
        """Append one record. A repeatable one counts against META_BUDGET (LogFull when
        spent) unless `spare` (the relay's own changes, such as the end of a grace period)."""
        data = file_record(tag, _pack(body))
        if tag in REPEATABLE:
            if not spare and self.meta_bytes + len(data) > META_BUDGET:
                raise LogFull(f"room {self.code} has written {self.meta_bytes} bytes of seat changes")
            self._append(data)
            self.meta_bytes += len(data)
        else:
            self._append(data)

    def _append(self, data: bytes) -> None:
        """One packed record to the file, flushed (raises OSError, e.g. a full disk)."""
        if self.files is not None and self.path is not None:
            self.files.append(self.path, data)
            self.file_bytes += len(data)
            if self.disk is not None:
                self.disk.used += len(data)

    # ---- reading ---------------------------------------------------------------
    def members(self) -> list[dict[str, Any]]:
        return [s.member() for s in self.seats]

    def conns(self) -> list[Any]:
        return [s.conn for s in self.seats if s.conn is not None]

    def lobby_msg(self) -> dict[str, Any]:
        return {"k": "lobby", "host": self.host, "members": self.members(), "started": self.started}

    def room_msg(self, seat: Seat) -> dict[str, Any]:
        assert seat.token is not None
        return {"k": "room", "code": self.code, "seat": seat.index, "token": seat.token,
                "host": self.host, "members": self.members(), "game": self.game,
                "rules_version": self.rules_version, "variant": self.variant,
                "options": self.options, "allow_bots": self.allow_bots, "started": self.started,
                "seed": self.seed, "last_seq": len(self.log), "last_cid": seat.last_cid}

    def open_seat(self) -> Seat | None:
        return next((s for s in self.seats if s.status == "open"), None)

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.token is not None and s.status in ("here", "away")]

    # ---- changing --------------------------------------------------------------
    def claim(self, seat: Seat, name: str, conn: Any) -> None:
        """A new player takes the seat, with a new token (any older one is dead)."""
        token = new_token()
        self._write("seat", {"seat": seat.index, "name": name, "token": token})
        seat.name, seat.token, seat.status, seat.ready, seat.last_cid = name, token, "here", False, 0
        seat.conn, seat.away_since = conn, None
        self.empty_since = None
        self.active_at = self.clock()

    def come_back(self, seat: Seat, conn: Any) -> None:
        if seat.status != "here":
            self._write("back", {"seat": seat.index})
        seat.status, seat.conn, seat.away_since = "here", conn, None
        self.empty_since = None

    def away(self, seat: Seat) -> None:
        seat.conn, seat.ready = None, False
        if seat.status == "here":
            seat.status, seat.away_since = "away", self.clock()
        if not any(s.status == "here" for s in self.seats):
            self.empty_since = self.clock()

    def _free(self, seat: Seat) -> None:
        seat.name, seat.token, seat.status, seat.ready, seat.last_cid = "", None, "open", False, 0
        seat.conn, seat.away_since = None, None

    def free(self, seat: Seat) -> None:
        """A lobby seat given back: open for the next joiner, its token dead."""
        self._write("free", {"seat": seat.index})
        self._free(seat)

    def give_up(self, seat: Seat) -> None:
        """A started game's seat whose player left or did not come back in time."""
        if self.allow_bots and seat.index != self.host:
            self.set_bot(seat, True, spare=True)
        else:
            self._write("gone", {"seat": seat.index})
            seat.status = "gone"
        seat.conn, seat.away_since, seat.ready = None, None, False

    def leave(self, seat: Seat) -> None:
        """The player gave the seat up for good: freed in a lobby, given up in a game."""
        if not self.started:
            self.free(seat)
        else:
            self.give_up(seat)
            self._write("left", {"seat": seat.index})
            seat.token = None
        self.away(seat)

    def set_bot(self, seat: Seat, on: bool, *, spare: bool = False) -> None:
        self._write("bot", {"seat": seat.index, "on": on}, spare=spare)
        self._set_bot(seat, on)

    def _set_bot(self, seat: Seat, on: bool) -> None:
        """In a lobby a seat handed to a bot (or back) changes hands: its player's token
        dies with it. In a started game the bot plays in trust: the player's token takes
        the seat back (nobody else can enter a started room)."""
        if self.started:
            seat.status = "bot" if on else "gone"
        else:
            self._free(seat)
            seat.status = "bot" if on else "open"

    def set_host(self, index: int) -> None:
        self._write("host", {"seat": index})
        self.host = index

    def pass_host(self) -> bool:
        """Give the host role to the lowest connected seat if the host is not connected."""
        if self.seats[self.host].status in ("here", "away"):
            return False
        here = [s.index for s in self.seats if s.status == "here"]
        if not here:
            return False
        self.set_host(here[0])
        return True

    def start(self, seed: int) -> None:
        bots = [s.index for s in self.seats if s.status == "open"]
        self._write("start", {"seed": seed, "bots": bots})
        for i in bots:
            self.seats[i].status = "bot"
        self.started, self.seed, self.t0 = True, seed, self.clock()

    def stamp(self, by: int, seat: int, cid: int, cmd: dict[str, Any]) -> bytes:
        """Stamp one command, append it to the log and the file; returns the frame body
        of its "stamped" broadcast."""
        t = max(int((self.clock() - self.t0) * 1000), self.last_t)
        rec = _pack({"seq": len(self.log) + 1, "seat": seat, "by": by, "t": t,
                     "salt": secrets.randbits(64), "cid": cid, "cmd": cmd})
        self._append(file_record("cmd", rec))    # on disk before it exists anywhere else
        self.log.append(rec)
        self.log_bytes += _CMD_OVERHEAD + len(rec)
        self.seat_bytes[seat] += _CMD_OVERHEAD + len(rec)
        self.last_t = t
        self.seats[by].last_cid = cid
        self.active_at = self.clock()
        return _STAMPED_HEAD + rec[1:]

    def has_room_for(self, seat: int, nbytes: int, max_log_bytes: int) -> bool:
        """Whether `nbytes` more acted for `seat` fit its share of the log's bytes."""
        return self.seat_bytes[seat] + nbytes <= max_log_bytes // len(self.seats)

    def note_hash(self, seat: int, seq: int, digest: str, window: int, *, now: float = 0.0,
                  every: float = 0.0, seqs: int = 0) -> tuple[dict[str, Any], list[int], bool] | None:
        """Remember a checkpoint hash; a desync message, the seats it is for and whether
        they are outvoted, the first time each seat is found to differ. The agreed hash
        for a seq is the one a strict majority of its reports (at least two) agree on;
        only the seats that differ from it are told (outvoted). With no majority once
        every connected seat has reported (two seats that differ), each reporter is told
        once for that seq. A room raises a desync at most once per `every` seconds and
        `seqs` sequence numbers (a seat lying at every seq costs the others at most that)."""
        if not 1 <= seq <= len(self.log):
            return None
        entry = self.hashes.setdefault(seq, {})
        if entry.get(seat) == digest:
            return None
        entry[seat] = digest
        while len(self.hashes) > window:
            old = next(iter(self.hashes))
            del self.hashes[old]
            self.told.pop(old, None)
        votes: dict[str, int] = {}
        for h in entry.values():
            votes[h] = votes.get(h, 0) + 1
        top = max(votes, key=votes.__getitem__)
        told = self.told.setdefault(seq, set())
        outvoted = votes[top] >= 2 and votes[top] * 2 > len(entry)
        if outvoted:
            tell = [s for s, h in entry.items() if h != top and s not in told]
        elif len(votes) > 1 and len(entry) >= sum(s.status == "here" for s in self.seats):
            tell = [s for s in entry if s not in told]
        else:
            return None
        if not tell:
            return None
        if self.last_desync is not None:
            at, last_seq = self.last_desync
            if now - at < every or seq < last_seq + seqs:
                return None                # too soon: the next checkpoint may raise it
        self.last_desync = (now, seq)
        told.update(tell)
        return ({"k": "desync", "seq": seq, "hashes": [[s, h] for s, h in sorted(entry.items())]},
                sorted(tell), outvoted)

    def resync_body(self, start: int, budget: int) -> tuple[bytes, int]:
        """The frame body of one "resync" chunk from seq `start` (records up to `budget`
        bytes, at least one) and the seq after its last record."""
        log, n, size, i = self.log, len(self.log), 0, start - 1
        while i < n and (i == start - 1 or size + len(log[i]) <= budget):
            size += len(log[i])
            i += 1
        done = i >= n
        head = _pack({"k": "resync", "from": start, "done": done})
        body = bytes([head[0] + 1]) + head[1:] + _pack("log") + array_header(i - start + 1) \
            + b"".join(log[start - 1:i])
        return body, i + 1

    def close(self) -> None:
        """The room is over: its file is deleted (if that fails, it is marked ended)."""
        if self.closed:
            return
        self.closed = True
        if self.files is not None and self.path is not None:
            try:
                self.files.remove(self.path)
            except OSError:
                try:
                    self._write("end", {})
                except OSError:
                    pass
                self.files.close(self.path)

    def shut(self) -> None:
        """Close the file without ending the room (relay shutdown: it reloads)."""
        if self.files is not None and self.path is not None:
            self.files.close(self.path)
