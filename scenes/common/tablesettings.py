"""A table's own settings for one saved game: what a person changed at the table rather
than in the set-up (Word Porters' word language), kept beside the game's log in
`<log>.table.json`, so that Continue brings the table back as it was left. The log holds
only the game and is never written for them; the set-up's choices are in its header.

The file is a flat JSON object of short names to scalars, read defensively (a missing,
unreadable, oversized or malformed file is no settings) and written whole through a
temporary file (engine/core/beside.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import beside

SUFFIX = ".table.json"
MAX_BYTES = 4096
Scalar = (str, int, float, bool, type(None))


def path_for(log_path: Path | str) -> Path:
    return beside.path_for(log_path, SUFFIX)


def _clean(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        return {}
    return {str(k)[:40]: v for k, v in data.items()
            if isinstance(v, Scalar) and (not isinstance(v, str) or len(v) <= 200)}


def load(log_path: Path | str | None) -> dict[str, Any]:
    """The settings kept for the game logged at `log_path` ({} when none)."""
    return _clean(beside.read(log_path, SUFFIX, MAX_BYTES))


def save(log_path: Path | str | None, data: dict[str, Any]) -> None:
    """Keep `data` for the game logged at `log_path` (nothing without a log)."""
    beside.write(log_path, SUFFIX, _clean(data))
