"""The process heap: what a screen leaves behind goes back to the system.

Two things keep a finished screen's memory resident. Its scenes, widgets and surfaces
sit in reference cycles (callbacks that hold their scene) that Python's cyclic collector
reaches only in a rare full collection, and the surfaces inside them are invisible to
that collector's thresholds; and glibc keeps freed blocks of large temporary surfaces
(pygame_gui draws each rounded button four times over for its anti-aliasing) in the
heap once its dynamic mmap threshold has risen. `tune` fixes the threshold at start-up,
and `collect` is run by the loop when it is idle after scenes were dropped.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

M_MMAP_THRESHOLD = -3          # mallopt parameter (glibc malloc.h)
MMAP_THRESHOLD = 128 * 1024    # glibc's own starting value, kept from rising

_libc = None


def _glibc():
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            _libc = lib if hasattr(lib, "mallopt") and hasattr(lib, "malloc_trim") else False
        except OSError:
            _libc = False
    return _libc or None


def tune() -> bool:
    """Large blocks (big temporary surfaces) are mapped and unmapped, never left in the
    heap; True where the C library let us (glibc), False elsewhere (nothing to do)."""
    lib = _glibc()
    return bool(lib and lib.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def collect() -> int:
    """A full collection, then the heap's free top handed back (glibc); the number of
    unreachable objects found."""
    found = gc.collect()
    lib = _glibc()
    if lib:
        lib.malloc_trim(0)
    return found
