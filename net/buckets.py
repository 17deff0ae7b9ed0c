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
