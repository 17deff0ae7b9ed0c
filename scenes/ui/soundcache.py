"""The sounds' samples kept on disk, one file per mixer format (rate, sample format,
channels), named by a hash of the code that makes them (scenes/ui/synth.py, music.py):
a start then reads ~2 MB instead of importing numpy and making the music (~0.4 s of CPU
each start, measured). Changed code makes a new file; a missing, short or unreadable
file is made again. In COUCHTOP_CACHE when that is set (benchmarks: one for all their
runs), else COUCHTOP_DATA/cache (tests), else the user cache folder."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

NAMES = ("place", "score", "extra", "end", "error", "click")
MUSIC = "music"
_SOURCES = ("synth.py", "music.py")


def cache_dir() -> Path:
    if os.environ.get("COUCHTOP_CACHE"):
        return Path(os.environ["COUCHTOP_CACHE"])
    env = os.environ.get("COUCHTOP_DATA")
    if env:
        return Path(env) / "cache"
    import platformdirs
    return Path(platformdirs.user_cache_dir("Couchtop", "Couchtop"))


def path_for(mixer: tuple[int, int, int]) -> Path:
    here = Path(__file__).resolve().parent
    code = hashlib.sha1(b"".join((here / name).read_bytes() for name in _SOURCES)).hexdigest()[:12]
    rate, fmt, channels = mixer
    return cache_dir() / f"sounds-{rate}-{fmt}-{channels}-{code}.pcm"


def load(mixer: tuple[int, int, int]) -> dict[str, memoryview] | None:
    """The samples made earlier for this mixer format by this code, or None (each one a view
    of the bytes read: pygame.mixer.Sound copies what it is given)."""
    try:
        data = path_for(mixer).read_bytes()
        cut = data.index(b"\n")
        sizes = json.loads(data[:cut])
        body = memoryview(data)[cut + 1:]   # each sound a view of the file read, not a copy of it
        if set(sizes) != {*NAMES, MUSIC} or sum(sizes.values()) != len(body):
            return None
    except (OSError, ValueError):
        return None
    out, at = {}, 0
    for name, size in sizes.items():
        out[name] = body[at:at + size]
        at += size
    return out


def save(mixer: tuple[int, int, int], samples: dict[str, bytes]) -> dict[str, bytes]:
    """Keep `samples` for the next start (quietly not, where the folder cannot be written);
    returns them."""
    path = path_for(mixer)
    head = json.dumps({name: len(data) for name, data in samples.items()}).encode()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(head + b"\n" + b"".join(samples.values()))
        tmp.replace(path)           # whole or not at all, even with two starts at once
    except OSError:
        pass
    return samples
