"""The relay's open room files: at most `limit` at once, the least recently used closed
and reopened (to append) when next written, so a thousand idle rooms hold no file
descriptors. Each append is flushed before it returns (durable before broadcast); a
failed append is cut off again before the next one, so a full disk leaves no torn record.
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable

from net.roomlog import RoomFile

# `opener(path)` makes a new file (never over an existing one); `opener(path, keep=n)`
# reopens one cut back to its first n bytes. Both return something with write_raw/close.
Opener = Callable[..., Any]


class OpenFiles:
    def __init__(self, limit: int = 64, opener: Opener = RoomFile) -> None:
        self.limit = limit
        self.opener = opener
        self._open: OrderedDict[Path, Any] = OrderedDict()
        self._size: dict[Path, int] = {}     # the bytes known good in each file

    def __len__(self) -> int:
        return len(self._open)

    def create(self, path: Path) -> None:
        """A new empty file (FileExistsError if one is there)."""
        f = self.opener(path)
        self._size[path] = 0
        self._keep(path, f)

    def adopt(self, path: Path, good: int) -> None:
        """An existing file whose first `good` bytes are valid (the rest is cut on the
        first append); nothing is opened now."""
        self._size[path] = good

    def append(self, path: Path, data: bytes) -> None:
        """Append and flush one record. On OSError nothing counts as written: the handle
        is dropped and the next append first cuts the file back."""
        f = self._open.get(path)
        if f is None:
            f = self.opener(path, keep=self._size[path])
            self._keep(path, f)
        else:
            self._open.move_to_end(path)
        try:
            f.write_raw(data)
        except OSError:
            self._drop(path)
            raise
        self._size[path] += len(data)

    def close(self, path: Path) -> None:
        self._drop(path)
        self._size.pop(path, None)

    def remove(self, path: Path) -> None:
        """Close and delete the file."""
        self.close(path)
        Path(path).unlink(missing_ok=True)

    def close_all(self) -> None:
        for path in list(self._open):
            self._drop(path)

    def _keep(self, path: Path, f: Any) -> None:
        self._open[path] = f
        while len(self._open) > self.limit:
            old = next(iter(self._open))
            self._drop(old)

    def _drop(self, path: Path) -> None:
        f = self._open.pop(path, None)
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
