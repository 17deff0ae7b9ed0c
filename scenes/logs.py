"""The logs in the user data folder, for Continue and the replay file picker."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.core.logstore import SUFFIX, LogError, default_log_dir, read_log
from engine.core.session import fold
from engine.registry import rules_for, spec_for


@dataclass
class LogInfo:
    path: Path
    game: str
    variant: str
    seats: int
    players: list[str]
    created: str          # local time, "YYYY-MM-DD HH:MM"
    events: int
    complete: bool        # False when the tail was cut


def _local(stamp: str) -> str:
    try:
        return dt.datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return "?"


def log_files(directory: Path | None = None) -> list[Path]:
    """Every log file, newest first."""
    d = Path(directory) if directory else default_log_dir()
    if not d.is_dir():
        return []
    files = [p for p in d.glob(f"*{SUFFIX}") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def info(path: Path) -> LogInfo | None:
    try:
        loaded = read_log(path, spec_for)
    except (LogError, OSError):
        return None
    h = loaded.header
    names = [str(p.get("name", "")) for p in (h.get("players") or []) if isinstance(p, dict)]
    return LogInfo(Path(path), str(h.get("game")), str(h.get("variant")), int(h.get("seats", 0)),
                   names, _local(str(h.get("created_at", ""))), len(loaded.events), loaded.complete)


def list_logs(directory: Path | None = None, limit: int = 200) -> list[LogInfo]:
    out = []
    for p in log_files(directory)[:limit]:
        i = info(p)
        if i is not None:
            out.append(i)
    return out


def _ending(path: Path, wanted: Callable[[dict], bool] = lambda header: True) -> bool | None:
    """Whether the log's game reached an outcome, by refolding it; None when it is
    unreadable, foreign, empty or its header not `wanted` (not refolded then)."""
    try:
        loaded = read_log(path, spec_for)
        h = loaded.header
        if not loaded.events or not wanted(h):
            return None
        rules = rules_for(str(h["game"]))
        state = fold(rules, int(h["seats"]), h.get("options") or {}, loaded.events)
        return rules.outcome(state) is not None
    except Exception:
        return None


def has_ended(path: Path) -> bool:
    """True when the log's game reached an outcome; an online race left before its end
    has not (though it is never resumed alone)."""
    return bool(_ending(path))


def is_unfinished(path: Path, games: set[str] | None = None) -> bool:
    """True when the log's game has no outcome yet and Continue may resume it here (not
    an online game: that is rejoined through its room); an unreadable or foreign log is
    simply not resumable."""
    return _ending(path, lambda h: not h.get("online") and (games is None or h.get("game") in games)) is False


def last_unfinished(directory: Path | None = None, games: set[str] | None = None,
                    scan: int = 20) -> Path | None:
    """The newest log (of the `scan` newest) whose game has not ended."""
    for p in log_files(directory)[:scan]:
        if is_unfinished(p, games):
            return p
    return None

