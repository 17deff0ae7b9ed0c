"""Canonical state hashing: msgpack with sorted keys, no floats, sets sorted."""
from __future__ import annotations

import hashlib
from typing import Any

import msgpack


def canonical(obj: Any) -> Any:
    """Plain data in one canonical shape: dict keys sorted, tuples as lists, sets sorted."""
    if isinstance(obj, dict):
        return {str(k): canonical(obj[k]) for k in sorted(obj, key=str)}
    if isinstance(obj, (list, tuple)):
        return [canonical(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(canonical(v) for v in obj)
    if isinstance(obj, float):
        raise TypeError("floats are not allowed in hashed state")
    if obj is None or isinstance(obj, (bool, int, str, bytes)):
        return obj
    if hasattr(obj, "to_data"):
        return canonical(obj.to_data())
    raise TypeError(f"cannot hash {type(obj).__name__}")


def canonical_bytes(obj: Any) -> bytes:
    return msgpack.packb(canonical(obj), use_bin_type=True)


def state_hash(obj: Any) -> str:
    """A short hex digest of the canonical form of `obj` (a state's `to_data()`)."""
    return hashlib.blake2b(canonical_bytes(obj), digest_size=12).hexdigest()
