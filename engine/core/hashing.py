"""Canonical state hashing: msgpack with sorted keys, no floats, sets sorted."""
from __future__ import annotations

import hashlib
from typing import Any

import msgpack


def canonical(obj: Any) -> Any:
    """Plain data in one canonical shape: dict keys sorted, tuples as lists, sets sorted."""
    t = type(obj)       # the plain types first, by exact type (the bulk of a state); any other, below
    if t is str or t is int or obj is None or t is bool:
        return obj
    if t is list or t is tuple:
        return [v if (tv := type(v)) is str or tv is int or v is None or tv is bool else canonical(v)
                for v in obj]
    if t is dict:
        if all(type(k) is str for k in obj):      # sorted as str(k) would, with no str() to call
            return {k: v if (tv := type(v := obj[k])) is str or tv is int or v is None or tv is bool
                    else canonical(v) for k in sorted(obj)}
        return {str(k): canonical(obj[k]) for k in sorted(obj, key=str)}
    return _canonical(obj)


def _canonical(obj: Any) -> Any:
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
