"""Small JSON files kept beside a saved game's log (`<log><suffix>`): what Continue needs
that is not the game itself (a table's settings, the phone room's seat tokens). The log is
never written for them.

Read defensively: a missing, unreadable, oversized or malformed file is None (the caller
checks the shape). Written whole through a temporary file and a rename, so a crash leaves
the old file or the new one, never half of one; readable by the owner only (a file may
hold phones' seat tokens)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def path_for(log_path: Path | str, suffix: str) -> Path:
    p = Path(log_path)
    return p.with_name(p.name + suffix)


def read(log_path: Path | str | None, suffix: str, max_bytes: int) -> Any:
    """The JSON value kept beside the log (None: no log, no file, or not a readable one)."""
    if log_path is None:
        return None
    p = path_for(log_path, suffix)
    try:
        if p.stat().st_size > max_bytes:
            return None
        return json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def remove(log_path: Path | str | None, suffix: str) -> None:
    """Remove what was kept beside the log (nothing there is no error)."""
    if log_path is not None:
        try:
            path_for(log_path, suffix).unlink(missing_ok=True)
        except OSError:
            pass


def write(log_path: Path | str | None, suffix: str, data: Any) -> bool:
    """Keep `data` (plain JSON data) beside the log; False when it could not be written."""
    if log_path is None:
        return False
    p = path_for(log_path, suffix)
    tmp = p.with_name(p.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(data, ensure_ascii=False))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
        return True
    except OSError:
        return False
