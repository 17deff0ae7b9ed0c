"""A relay room: seats, host, the stamped log and its file. Knows nothing of sockets:
a seat's `conn` is whatever the relay put there (it needs `send_raw(bytes)` and `syncing`).

Seat statuses: "open" (nobody), "here" (connected), "away" (dropped, held for the grace
period), "bot" (a bot run by the host's client plays it), "gone" (given up in a started
game; its token still resumes it).
"""
from __future__ import annotations

import secrets
import struct
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import msgpack

from net.protocol import CODE_ALPHABET, CODE_LEN
from net.roomlog import SUFFIX, RoomFile, read_records

_pack = msgpack.Packer(use_bin_type=True).pack
_STAMPED_HEAD = b"\x88" + _pack("k") + _pack("stamped")   # 8-entry map: "k" + the 7 record fields
_CMD_TAG = b"\x92" + _pack("cmd")                          # [ "cmd", record ] in the room file


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
    file: RoomFile | None = None
    clock: Callable[[], float] = time.monotonic
    host: int = 0
    started: bool = False
    seed: int | None = None
    t0: float = 0.0
    log: list[bytes] = field(default_factory=list)       # packed records; seq n is log[n - 1]
    last_t: int = 0
    hashes: dict[int, dict[int, str]] = field(default_factory=dict)
    reported: set[int] = field(default_factory=set)
    empty_since: float | None = None
    closed: bool = False

    # ---- making and loading ----------------------------------------------------
    @classmethod
    def create(cls, code: str, game: str, rules_version: int, variant: str, seats: int,
               options: dict[str, Any], allow_bots: bool, data_dir: Path | None,
               clock: Callable[[], float] = time.monotonic) -> "Room":
        room = cls(code, game, rules_version, variant, options, allow_bots,
                   [Seat(i) for i in range(seats)], clock=clock)
        if data_dir is not None:
            room.file = RoomFile(Path(data_dir) / f"{code}{SUFFIX}")
            room._write("room", {"code": code, "game": game, "rules_version": rules_version,
                                 "variant": variant, "seats": seats, "options": options,
                                 "allow_bots": allow_bots, "created": int(time.time())})
        return room

    @classmethod
    def load(cls, path: Path, clock: Callable[[], float] = time.monotonic) -> "Room | None":
        """The room in `path` as it stood when the relay stopped (None if it had ended or
        the file has no usable header). Seats that were connected come back "away"."""
        records, good = read_records(path)
        if not records or records[0][0] != "room" or not isinstance(records[0][1], dict):
            return None
        h = records[0][1]
        try:
            room = cls(str(h["code"]), str(h["game"]), int(h["rules_version"]), str(h["variant"]),
                       dict(h["options"]), bool(h["allow_bots"]),
                       [Seat(i) for i in range(int(h["seats"]))], clock=clock)
            for tag, body in records[1:]:
                if tag == "end":
                    return None
                room._replay(tag, body)
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        now = clock()
        for seat in room.seats:
            if seat.status == "here":
                seat.status, seat.away_since = "away", now
            seat.ready = False
        room.empty_since = now
        room.t0 = now - room.last_t / 1000.0
        room.file = RoomFile(path, keep=good)
        return room

    def _replay(self, tag: str, body: Any) -> None:
        if tag == "cmd":
            seq = len(self.log) + 1
            if body["seq"] != seq:
                raise ValueError("sequence gap in room file")
            self.log.append(_pack(body))
            self.last_t = int(body["t"])
            by = self.seats[body["by"]]
            by.last_cid = max(by.last_cid, int(body["cid"]))
        elif tag == "seat":
            seat = self.seats[body["seat"]]
            seat.name, seat.token, seat.status, seat.last_cid = body["name"], body["token"], "here", 0
        elif tag == "free":
            self._free(self.seats[body["seat"]])
        elif tag == "bot":
            seat = self.seats[body["seat"]]
            seat.status = "bot" if body["on"] else ("gone" if self.started else "open")
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

    def _write(self, tag: str, body: Any) -> None:
        if self.file is not None:
            self.file.write(tag, body)

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
        seat.name, seat.token, seat.status, seat.ready, seat.last_cid = name, new_token(), "here", False, 0
        seat.conn, seat.away_since = conn, None
        self.empty_since = None
        self._write("seat", {"seat": seat.index, "name": name, "token": seat.token})

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
        self._free(seat)
        self._write("free", {"seat": seat.index})

    def give_up(self, seat: Seat) -> None:
        """A started game's seat whose player left or did not come back in time."""
        seat.conn, seat.away_since, seat.ready = None, None, False
        if self.allow_bots and seat.index != self.host:
            self.set_bot(seat, True)
        else:
            seat.status = "gone"
            self._write("gone", {"seat": seat.index})

    def leave(self, seat: Seat) -> None:
        """The player gave the seat up for good: freed in a lobby, given up in a game."""
        if not self.started:
            self.free(seat)
        else:
            self.give_up(seat)
            seat.token = None
            self._write("left", {"seat": seat.index})
        self.away(seat)

    def set_bot(self, seat: Seat, on: bool) -> None:
        seat.status = "bot" if on else ("gone" if self.started else "open")
        if not on and not self.started:
            self._free(seat)
        self._write("bot", {"seat": seat.index, "on": on})

    def set_host(self, index: int) -> None:
        self.host = index
        self._write("host", {"seat": index})

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
        for i in bots:
            self.seats[i].status = "bot"
        self.started, self.seed, self.t0 = True, seed, self.clock()
        self._write("start", {"seed": seed, "bots": bots})

    def stamp(self, by: int, seat: int, cid: int, cmd: dict[str, Any]) -> bytes:
        """Stamp one command, append it to the log and the file; returns the frame body
        of its "stamped" broadcast."""
        t = max(int((self.clock() - self.t0) * 1000), self.last_t)
        rec = _pack({"seq": len(self.log) + 1, "seat": seat, "by": by, "t": t,
                     "salt": secrets.randbits(64), "cid": cid, "cmd": cmd})
        self.log.append(rec)
        self.last_t = t
        self.seats[by].last_cid = cid
        if self.file is not None:
            self.file.write_raw(_CMD_TAG + rec)
        return _STAMPED_HEAD + rec[1:]

    def note_hash(self, seat: int, seq: int, digest: str, window: int) -> dict[str, Any] | None:
        """Remember a checkpoint hash; a desync message the first time two differ."""
        if not 1 <= seq <= len(self.log):
            return None
        entry = self.hashes.setdefault(seq, {})
        entry[seat] = digest
        while len(self.hashes) > window:
            old = next(iter(self.hashes))
            del self.hashes[old]
            self.reported.discard(old)
        if len(set(entry.values())) > 1 and seq not in self.reported:
            self.reported.add(seq)
            return {"k": "desync", "seq": seq, "hashes": [[s, h] for s, h in sorted(entry.items())]}
        return None

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
        if not self.closed:
            self.closed = True
            self._write("end", {})
            if self.file is not None:
                self.file.close()

    def shut(self) -> None:
        """Close the file without ending the room (relay shutdown: it reloads)."""
        if self.file is not None:
            self.file.close()
