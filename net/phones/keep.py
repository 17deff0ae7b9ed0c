"""The phone room kept beside a saved game's log (`<log>.phones.json`), so that Continue
after a quit or a crash lets the same phones back into their own seats: the room code,
the address and port the pages reconnect to, and each seat's kind, name and token.

Written by the PhoneTable when the game starts and whenever a seat's token changes (a
seat changing hands: PhoneHost._give is the one place a token is set); removed when the
table closes on a finished game. Plain JSON, read
defensively: a file that is missing or not of this shape is no room (the game continues
with empty phone seats); a seat whose token is not one we could have made has none. The
tokens never go into a URL or a QR code; the file is readable by its owner only."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import beside
from net.phones.host import CODE_LEN, KINDS
from net.phones.limits import PhoneLimits
from net.protocol import CODE_ALPHABET

SUFFIX = ".phones.json"
MAX_BYTES = 16384
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
MAX_NAME = PhoneLimits().max_name


@dataclass(frozen=True)
class KeptRoom:
    code: str
    address: str
    port: int
    kinds: list[str]
    names: list[str]
    tokens: list[str | None]


def save(log_path: Path | str | None, room: dict[str, Any]) -> bool:
    """Keep `room` (PhoneHost.keep()) beside the log; False without a log or on failure."""
    return beside.write(log_path, SUFFIX, room)


def forget(log_path: Path | str | None) -> None:
    """The game is over: its room (the seats' tokens) is of no more use, and goes."""
    beside.remove(log_path, SUFFIX)


def load(log_path: Path | str | None, seats: int) -> KeptRoom | None:
    """The room kept for the game logged at `log_path`, for a game of `seats` seats."""
    data = beside.read(log_path, SUFFIX, MAX_BYTES)
    if not isinstance(data, dict):
        return None
    code, address, port, rows = data.get("code"), data.get("address"), data.get("port"), data.get("seats")
    if not (isinstance(code, str) and len(code) == CODE_LEN and all(c in CODE_ALPHABET for c in code)):
        return None
    if not (isinstance(address, str) and 0 < len(address) <= 64):
        return None
    if type(port) is not int or not 0 <= port <= 65535:
        return None
    if not (isinstance(rows, list) and len(rows) == seats and all(isinstance(r, dict) for r in rows)):
        return None
    kinds, names, tokens = [], [], []
    for r in rows:
        kind, name, token = r.get("kind"), r.get("name"), r.get("token")
        if kind not in KINDS:
            return None
        kinds.append(kind)
        names.append(name if isinstance(name, str) and len(name) <= MAX_NAME else "")
        ok = kind == "phone" and isinstance(token, str) and TOKEN.fullmatch(token)
        tokens.append(token if ok else None)
    return KeptRoom(code, address, port, kinds, names, tokens)
