"""One relay connection: framing, the rate limit, batched writes, drop on misbehaviour.

The rate limit is backpressure, never a disconnect: two token buckets, `rate` frames a
second (`burst` at once) and `byte_rate` bytes a second (`byte_burst` at once), are spent
per complete frame, and when either is empty the relay stops reading the socket until
it refills, so a fast client is slowed down (its frames
wait in its own and the kernel's buffers), not cut. The idle timer counts complete
frames: bytes that trickle in without finishing a frame keep nothing alive. Time is the
relay's injected clock, so tests drive it.
"""
from __future__ import annotations

import asyncio
import logging
import socket
from typing import TYPE_CHECKING, Any

from net.buckets import Bucket
from net.protocol import FrameDecoder, ProtocolError, decode_client, encode, error

if TYPE_CHECKING:
    from net.relay import Relay
    from net.rooms import Room, Seat

log = logging.getLogger("couchtop.relay")
RESUME_MIN, RESUME_MAX = 0.005, 0.25   # seconds between looks at a paused reader's bucket
FRAMES_PER_TURN = 16     # frames one connection may have handled before the others' turn


class Conn(asyncio.Protocol):
    def __init__(self, relay: "Relay", cid: int) -> None:
        self.relay = relay
        self.id = cid
        self.limits = relay.limits
        self.decoder = FrameDecoder(self.limits.max_frame)
        self.transport: asyncio.Transport | None = None
        self.peer = "?"
        self.addr = "?"                  # the peer's IP address (per-address limits)
        self.out: list[bytes] = []
        self.flush_scheduled = False
        self.closing = False
        self.syncing = False
        self.buffered = 0                # write buffer size as last counted (global budget)
        self.opened = self.last_rx = self.progress = now = relay.clock()
        self.frames = Bucket(self.limits.rate, self.limits.burst, now)
        self.bytes = Bucket(self.limits.byte_rate, self.limits.byte_burst, now)
        self.hello: dict[str, Any] | None = None
        self.room: Room | None = None
        self.seat: Seat | None = None
        self._paused = False             # the transport's buffer is full (drain waits)
        self._held = False               # reading paused by the rate limit
        self._eof = False                # the peer half-closed while frames were held
        self._drain: list[asyncio.Future[None]] = []
        self.closed = asyncio.get_running_loop().create_future()

    # ---- asyncio.Protocol -------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.limits.sndbuf:
                # Bounded kernel memory per client, and a reader that stops reading shows
                # up in the write buffer (and is dropped) soon, not after megabytes.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.sndbuf)
        transport.set_write_buffer_limits(high=max(self.limits.write_buffer_cap // 4, 16 * 1024))
        peer = transport.get_extra_info("peername")
        if isinstance(peer, tuple):
            self.addr, self.peer = str(peer[0]), f"{peer[0]}:{peer[1]}"
        else:
            self.addr = self.peer = str(peer)
        log.info("conn %d open from %s", self.id, self.peer)
        self.relay.opened(self)

    def data_received(self, data: bytes) -> None:
        if self.closing:
            return
        self.decoder.push(data)
        self._take()

    def _take(self) -> None:
        """Handle the complete frames buffered, as far as the bucket allows."""
        lim = self.limits
        now = self.relay.clock()
        frames, nbytes = self.frames, self.bytes
        frames.refill(now)
        nbytes.refill(now)
        turn = FRAMES_PER_TURN
        while not self.closing:
            if frames.tokens < 1.0 or nbytes.tokens < 0.0:
                self._hold()
                return
            if turn == 0:             # a long burst: let the other connections go first
                self._hold(0.0)
                return
            turn -= 1
            try:
                body = self.decoder.next()
                if body is None:
                    if self._eof:
                        self.eof_received()
                    return
                frames.spend(1)
                nbytes.spend(len(body) + 4)
                self.last_rx = now
                msg = decode_client(body, lim.max_frame)
            except ProtocolError as exc:
                self.fail(exc.code, exc.message)
                return
            self.relay.handle(self, msg, len(body))

    def _hold(self, wait: float | None = None) -> None:
        """Stop reading, and look again after `wait` seconds (None: when the buckets
        should have refilled; 0: at the next loop turn, after the other connections)."""
        t = self.transport
        if t is None or t.is_closing():
            return
        if not self._held:
            self._held = True
            t.pause_reading()
        loop = asyncio.get_running_loop()
        if wait == 0.0:
            loop.call_soon(self._unhold)
            return
        if wait is None:
            wait = max(self.frames.wait(1.0), self.bytes.wait())
        loop.call_later(min(max(wait, RESUME_MIN), RESUME_MAX), self._unhold)

    def _unhold(self) -> None:
        if self.closing or not self._held:
            return
        self._held = False
        t = self.transport
        if t is not None and not t.is_closing():
            t.resume_reading()
        self._take()

    def eof_received(self) -> bool:
        if self._eof and not self._held and not self.closing:
            self._eof = False               # the held frames are taken: finish as below
            if self.decoder.pending:
                self.fail("bad_frame", "connection ended inside a frame")
            else:
                self.end()
            return False
        if self.decoder.pending and not self.closing:
            if self._held:                  # frames still to take: take them first
                self._eof = True
                return True
            self.fail("bad_frame", "connection ended inside a frame")
        return False   # the transport closes once what is queued has been written

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        self.out.clear()
        for fut in self._drain:
            if not fut.done():
                fut.set_result(None)
        self._drain.clear()
        log.info("conn %d closed%s", self.id, f" ({exc})" if exc else "")
        self.relay.lost(self)
        if not self.closed.done():
            self.closed.set_result(None)

    def pause_writing(self) -> None:
        self._paused = True

    def resume_writing(self) -> None:
        self._paused = False
        for fut in self._drain:
            if not fut.done():
                fut.set_result(None)
        self._drain.clear()

    # ---- writing ----------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        self.send_raw(encode(msg, self.limits.max_frame))

    def send_raw(self, data: bytes) -> None:
        """Queue one frame; every frame queued in this loop tick goes out in one write."""
        if self.closing:
            return
        self.out.append(data)
        if not self.flush_scheduled:
            self.flush_scheduled = True
            self.relay.dirty(self)

    def flush(self) -> None:
        self.flush_scheduled = False
        out, t = self.out, self.transport
        if not out or t is None or t.is_closing():
            out.clear()
            return
        t.write(out[0] if len(out) == 1 else b"".join(out))
        out.clear()
        size = t.get_write_buffer_size()
        if size > self.limits.write_buffer_cap and not self.closing:
            self.cut(f"write buffer over {self.limits.write_buffer_cap} bytes")
            return
        self.relay.buffered(self, size)

    def cut(self, why: str) -> None:
        """Drop a reader too slow to take even an error frame."""
        if self.closing:
            return
        log.info("conn %d error slow: %s", self.id, why)
        self.closing = True
        if self.transport is not None:
            self.transport.abort()

    async def drain(self, timeout: float) -> None:
        if self._paused and not self.closing:
            fut = asyncio.get_running_loop().create_future()
            self._drain.append(fut)
            await asyncio.wait_for(fut, timeout)

    def fail(self, code: str, message: str) -> None:
        """Send an error frame, then close: the way every protocol violation ends."""
        if self.closing:
            return
        log.info("conn %d error %s: %s", self.id, code, message)
        self.send(error(code, message))
        self.flush()
        self.end()

    def end(self) -> None:
        """Finish writing, then close. The write side is half-closed first and whatever
        the peer still sends is read and dropped, so the last frame (an error, "bye") is
        not lost to a TCP reset; the connection is cut after a second in any case."""
        self.closing = True
        t = self.transport
        if t is None or t.is_closing():
            return
        if self._held:
            self._held = False
            t.resume_reading()
        try:
            if t.can_write_eof():
                t.write_eof()
            else:
                t.close()
        except OSError:      # the peer is already gone
            t.abort()
            return
        asyncio.get_running_loop().call_later(1.0, t.abort)
