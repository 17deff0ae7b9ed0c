"""Our own seeded PRNG (splitmix64 seeding a xoshiro256**), stable across Python versions.

Random outcomes are drawn only in `decide` and written into events, so replays never
call this; what matters is that the same (seed, seq, salt) gives the same draws on every
machine, which is why we do not use the `random` module.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_M64 = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


class Rng:
    """xoshiro256** seeded through splitmix64."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        x = seed & _M64
        s = []
        for _ in range(4):
            x, z = _splitmix64(x)
            s.append(z)
        self._s = s

    @classmethod
    def derive(cls, seed: int, seq: int, salt: int = 0) -> "Rng":
        """The generator for the event numbered `seq` of the game `seed` (relay `salt`)."""
        x = seed & _M64
        for part in (seq, salt):
            x, z = _splitmix64(x ^ (part & _M64))
            x = z
        return cls(x)

    def next64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        """A shuffled copy of `seq` (the draws of `shuffle`)."""
        out = list(seq)
        self.shuffle(out)
        return out

    def random(self) -> float:
        """A float in [0, 1) for bots' choices (never stored in state)."""
        return (self.next64() >> 11) / float(1 << 53)
