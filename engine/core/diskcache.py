"""What is slow to make, kept on disk between starts (the sounds' samples, the word
finder's index). In COUCHTOP_CACHE when that is set (benchmarks and the test suite: one
folder for all their processes), else COUCHTOP_DATA/cache (tests), else the user cache
folder. Each file is named by a hash of what it is made from, so changed sources make a
new one; a missing, short or unreadable file is made again by its caller, and a folder
that cannot be written is quietly not used. Nothing read here is unpickled or evaluated:
callers parse plain bytes (JSON, msgpack) and check what they read."""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    if os.environ.get("COUCHTOP_CACHE"):
        return Path(os.environ["COUCHTOP_CACHE"])
    env = os.environ.get("COUCHTOP_DATA")
    if env:
        return Path(env) / "cache"
    import platformdirs
    return Path(platformdirs.user_cache_dir("Couchtop", "Couchtop"))


def read(name: str) -> bytes | None:
    try:
        return (cache_dir() / name).read_bytes()
    except OSError:
        return None


def write(name: str, data: bytes) -> None:
    """Keep `data` as `name`: whole or not at all, even with two starts writing at once."""
    path = cache_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
    except OSError:
        pass
