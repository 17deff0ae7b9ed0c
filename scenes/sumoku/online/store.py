"""What online play remembers between runs, in `online.json` beside the settings
(the config folder; COUCHTOP_CONFIG overrides it): the last relay address, and the seats
of games in progress ({relay, code, token, seat}, newest first) so a restarted game can
take its seat back.
A missing or broken file reads as the defaults; the token is the seat's secret, so it
is kept nowhere else."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scenes.config import config_dir

FILE_NAME = "online.json"
DEFAULT_RELAY = "127.0.0.1:7777"
MAX_REJOIN = 8
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_CODE = re.compile(r"[A-Z]{4,6}")


@dataclass(frozen=True)
class Rejoin:
    """A seat to take back: the relay it is on, the room, the secret token, the seat."""
    relay: str
    code: str
    token: str
    seat: int

    @classmethod
    def from_data(cls, data: Any) -> "Rejoin | None":
        if not isinstance(data, dict):
            return None
        relay, code, token, seat = (data.get(k) for k in ("relay", "code", "token", "seat"))
        if not (isinstance(relay, str) and relay and isinstance(code, str) and _CODE.fullmatch(code)
                and isinstance(token, str) and _TOKEN.fullmatch(token)
                and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 64):
            return None
        return cls(relay, code, token, seat)

    def to_data(self) -> dict[str, Any]:
        return {"relay": self.relay, "code": self.code, "token": self.token, "seat": self.seat}


def store_path(directory: Path | None = None) -> Path:
    return (directory or config_dir()) / FILE_NAME


def _read(directory: Path | None) -> dict[str, Any]:
    try:
        with open(store_path(directory), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(data: dict[str, Any], directory: Path | None) -> None:
    path = store_path(directory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass                       # remembering is a convenience: never stop the game for it


def load_relay(directory: Path | None = None) -> str:
    relay = _read(directory).get("relay")
    return relay if isinstance(relay, str) and relay.strip() else DEFAULT_RELAY


def save_relay(relay: str, directory: Path | None = None) -> None:
    data = _read(directory)
    data["relay"] = relay.strip()
    _write(data, directory)


def load_rejoins(directory: Path | None = None) -> list[Rejoin]:
    """The seats this machine may take back, newest first (two game windows on one
    machine each save theirs)."""
    data = _read(directory).get("rejoin")
    items = data if isinstance(data, list) else [data]
    return [r for r in (Rejoin.from_data(x) for x in items) if r is not None]


def load_rejoin(directory: Path | None = None, *, not_token: str | None = None) -> Rejoin | None:
    """The newest seat to take back (other than the one with `not_token`: a seat this
    window is playing right now)."""
    return next((r for r in load_rejoins(directory) if r.token != not_token), None)


def save_rejoin(rejoin: Rejoin, directory: Path | None = None) -> None:
    data = _read(directory)
    keep = [r for r in load_rejoins(directory) if r.token != rejoin.token]
    data["rejoin"] = [r.to_data() for r in [rejoin, *keep][:MAX_REJOIN]]
    _write(data, directory)


def clear_rejoin(token: str | None = None, directory: Path | None = None) -> None:
    """Forget the seat with `token` (None: every seat)."""
    data = _read(directory)
    if "rejoin" not in data:
        return
    keep = [r for r in load_rejoins(directory) if token is not None and r.token != token]
    data["rejoin"] = [r.to_data() for r in keep]
    _write(data, directory)
