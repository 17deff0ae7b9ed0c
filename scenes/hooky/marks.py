"""The worksheet's marks: each seat's own notes (has / has not / maybe per cell), kept
per seat so a screen shows only the marks of the seat it shows, and saved as plain JSON
beside the game's log (`<log>.marks.json`) so a resumed game finds them again. The same
file keeps the assistant level a seat turned itself down to (never above the table's:
docs/rules-decisions.md).

The file is read as data only (JSON, every entry checked; nothing else is trusted)."""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from engine.hooky.deduction import HOOKY, PLAYGROUND
from engine.hooky.knowledge import ALPHABET
from scenes.common.assistant import LEVELS

log = logging.getLogger(__name__)

Loc = int | str          # a seat, "playground" or "hooky"
Cell = tuple[Loc, str]   # (location, letter)

MARKS = ("has", "not", "maybe")
CYCLE = {None: "has", "has": "not", "not": "maybe", "maybe": None}
FORMAT = "couchtop-hooky-marks"
VERSION = 1
MAX_BYTES = 1 << 20      # a marks file is a few kB; anything larger is not ours


class Marks:
    """The player's own marks, per seat: {seat: {(loc, letter): mark}}. `dirty` is set
    when a mark changes and cleared by `save`."""

    def __init__(self) -> None:
        self.by_seat: dict[int, dict[Cell, str]] = {}
        self.levels: dict[int, str] = {}        # a seat's own assistant level, if it chose one
        self.dirty = False

    def set_level(self, seat: int, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(level)
        if self.levels.get(seat) != level:
            self.levels[seat] = level
            self.dirty = True

    def of(self, seat: int) -> dict[Cell, str]:
        return self.by_seat.setdefault(seat, {})

    def get(self, seat: int, cell: Cell) -> str | None:
        return self.by_seat.get(seat, {}).get(cell)

    def set(self, seat: int, cell: Cell, mark: str | None) -> None:
        marks = self.of(seat)
        if mark is None:
            if marks.pop(cell, None) is not None:
                self.dirty = True
        elif mark in MARKS:
            if marks.get(cell) != mark:
                marks[cell] = mark
                self.dirty = True
        else:
            raise ValueError(mark)

    def cycle(self, seat: int, cell: Cell) -> str | None:
        new = CYCLE[self.get(seat, cell)]
        self.set(seat, cell, new)
        return new

    # ---- as data -------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        seats = {str(s): sorted(([loc, letter, m] for (loc, letter), m in cells.items()), key=str)
                 for s, cells in sorted(self.by_seat.items()) if cells}
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seats": seats}
        if self.levels:
            out["levels"] = {str(s): lvl for s, lvl in sorted(self.levels.items())}
        return out

    @classmethod
    def from_data(cls, data: Any, seats: int) -> "Marks":
        """Marks from `to_data()`'s shape; entries that are not a valid cell and mark of a
        seat below `seats` are dropped."""
        out = cls()
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return out
        by_seat = data.get("seats")
        if not isinstance(by_seat, dict):
            return out
        for key, entries in by_seat.items():
            seat = _seat(key, seats)
            if seat is None or not isinstance(entries, list):
                continue
            for entry in entries:
                cell = _cell(entry, seat, seats)
                if cell is not None:
                    out.of(seat)[cell] = entry[2]
        levels = data.get("levels")
        for key, lvl in (levels.items() if isinstance(levels, dict) else ()):
            seat = _seat(key, seats)
            if seat is not None and lvl in LEVELS:
                out.levels[seat] = lvl
        return out


def _seat(key: Any, seats: int) -> int | None:
    if isinstance(key, str) and key.isdigit() and int(key) < seats:
        return int(key)
    return None


def _cell(entry: Any, seat: int, seats: int) -> Cell | None:
    if not isinstance(entry, list) or len(entry) != 3:
        return None
    loc, letter, mark = entry
    if isinstance(loc, bool) or not (loc in (PLAYGROUND, HOOKY) or (isinstance(loc, int) and 0 <= loc < seats
                                                                     and loc != seat)):
        return None
    if not isinstance(letter, str) or letter not in ALPHABET or mark not in MARKS:
        return None
    return loc, letter


# ---- the file beside the log ------------------------------------------------------------
def marks_path(log_path: Path | str | None) -> Path | None:
    """Where the marks of the game logged at `log_path` are kept (None: no log, no file)."""
    if log_path is None:
        return None
    p = Path(log_path)
    return p.with_name(p.name + ".marks.json")


def save_marks(path: Path, marks: Marks) -> None:
    """Write the marks (atomically: a temporary file, then a rename) and clear `dirty`."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(marks.to_data(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)
    marks.dirty = False


def load_marks(path: Path | None, seats: int) -> Marks:
    """The marks saved at `path`, or none when there is no such file or it cannot be read."""
    if path is None or not path.is_file():
        return Marks()
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ValueError("too large")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        log.warning("hooky marks %s not read: %r", path, e)
        return Marks()
    return Marks.from_data(data, seats)
