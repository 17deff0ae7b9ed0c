"""Token buckets: `rate` tokens a second up to `burst`, read off an injected clock (the
relay's), so tests drive them with simulated time. Spending may run into debt: a
spender in debt waits until the bucket is back at zero."""
from __future__ import annotations


class Bucket:
    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = float(rate), float(burst)
        self.tokens, self.at = float(burst), now

    def refill(self, now: float) -> float:
        """The tokens at `now`."""
        if now > self.at:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens

    def spend(self, n: float) -> None:
        self.tokens -= n

    def wait(self, need: float = 0.0) -> float:
        """Seconds until the bucket holds `need` tokens again (0 if it does)."""
        return max(need - self.tokens, 0.0) / self.rate

    def full(self, now: float) -> bool:
        return self.refill(now) >= self.burst


class Pool:
    """A byte budget shared by holders (rooms), each guaranteed `floor` bytes of it: a new
    holder is admitted only while every holder's floor still fits (`admit`), and past its
    floor a holder draws from what nobody has committed (`grow`), except the last `spare`
    floors' worth, kept for holders still to come. So however many holders there are,
    together they never hold more than `total`, a holder admitted can always use its
    floor whatever the others do, and the first holders cannot take the newcomers' floors
    by growing. Holders are any hashable keys."""

    def __init__(self, total: int, floor: int, spare: int = 0) -> None:
        if not 0 < floor <= total:
            raise ValueError("a pool's floor must be within 1..total")
        self.total, self.floor = int(total), int(floor)
        self.growth_cap = max(self.floor, self.total - int(spare) * self.floor)
        self.used: dict[object, int] = {}
        self.committed = 0                 # sum over holders of max(floor, used)

    def _commit(self, used: int) -> int:
        return max(self.floor, used)

    def fits_new(self) -> bool:
        return self.committed + self.floor <= self.total

    def admit(self, holder: object, used: int = 0) -> bool:
        """Take `holder` in (already holding `used` bytes, as a room loaded from disk)."""
        if holder in self.used:
            return True
        if self.committed + self._commit(used) > self.total:
            return False
        self.used[holder] = used
        self.committed += self._commit(used)
        return True

    def may_grow(self, holder: object, n: int) -> bool:
        used = self.used.get(holder)
        if used is None:
            return False
        extra = self._commit(used + n) - self._commit(used)
        return extra == 0 or self.committed + extra <= self.growth_cap

    def grow(self, holder: object, n: int) -> None:
        """Count `n` more bytes for `holder` (check `may_grow` first)."""
        used = self.used[holder]
        self.committed += self._commit(used + n) - self._commit(used)
        self.used[holder] = used + n

    def release(self, holder: object) -> None:
        used = self.used.pop(holder, None)
        if used is not None:
            self.committed -= self._commit(used)
