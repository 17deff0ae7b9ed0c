"""The sounds' samples kept on disk, one file per mixer format (rate, sample format,
channels), named by a hash of the code that makes them (scenes/ui/synth.py, music.py):
a start then reads ~2 MB instead of importing numpy and making the music (~0.4 s of CPU
each start, measured). Changed code makes a new file; a missing, short or unreadable
file is made again. The folder is engine/core/diskcache.py's."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from engine.core import diskcache

NAMES = ("place", "score", "extra", "end", "error", "click")
MUSIC = "music"
_SOURCES = ("synth.py", "music.py")


def file_name(mixer: tuple[int, int, int]) -> str:
    here = Path(__file__).resolve().parent
    code = hashlib.sha1(b"".join((here / name).read_bytes() for name in _SOURCES)).hexdigest()[:12]
    rate, fmt, channels = mixer
    return f"sounds-{rate}-{fmt}-{channels}-{code}.pcm"


def path_for(mixer: tuple[int, int, int]) -> Path:
    return diskcache.cache_dir() / file_name(mixer)


def load(mixer: tuple[int, int, int]) -> dict[str, memoryview] | None:
    """The samples made earlier for this mixer format by this code, or None (each one a view
    of the bytes read: pygame.mixer.Sound copies what it is given)."""
    data = diskcache.read(file_name(mixer))
    if data is None:
        return None
    try:
        cut = data.index(b"\n")
        sizes = json.loads(data[:cut])
        body = memoryview(data)[cut + 1:]   # each sound a view of the file read, not a copy of it
        if not isinstance(sizes, dict) or set(sizes) != {*NAMES, MUSIC} or sum(sizes.values()) != len(body):
            return None
    except ValueError:
        return None
    out, at = {}, 0
    for name, size in sizes.items():
        out[name] = body[at:at + size]
        at += size
    return out


def save(mixer: tuple[int, int, int], samples: dict[str, bytes]) -> dict[str, bytes]:
    """Keep `samples` for the next start (quietly not, where the folder cannot be written);
    returns them."""
    head = json.dumps({name: len(data) for name, data in samples.items()}).encode()
    diskcache.write(file_name(mixer), head + b"\n" + b"".join(samples.values()))
    return samples
