"""The relay client: `RelayClient` (asyncio) and `ThreadedRelayClient` (for pygame).

A RelayClient delivers every relay message (as the validated dict) in order, through
`await recv()` / `async for msg in client` or an `on_message` callback, plus two of its own:
{"k": "link", "up": False} when the connection drops (it reconnects and resumes by
itself) and {"k": "link", "up": True} once it has resumed and caught up; and
{"k": "closed", "code": str, "message": str} when it gives up for good.

It keeps `last_seq` (the last stamped seq delivered) and re-sends, after a resume, every
command the relay had not stamped yet; command ids are never reused, so the relay
applies each command once.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import queue
import socket
import threading
from typing import Any, Callable

from net.protocol import (MAX_FRAME, PROTOCOL_VERSION, ProtocolError, decode_server, encode)

Message = dict[str, Any]
# Relay errors after which reconnecting (and resuming the seat) makes sense; any other
# error ends the session. "rate" is only sent by older relays (this one slows a fast
# sender down instead); "storage" is a relay whose disk was full for a moment.
TRANSIENT = frozenset({"idle", "slow", "shutdown", "busy", "evicted", "hello_timeout", "rate",
                       "storage"})


def parse_address(text: str) -> tuple[str, int]:
    """"HOST:PORT" (an IPv6 host in brackets: "[::1]:7777"); ValueError when malformed."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected HOST:PORT, not {text!r}")
    return host.strip("[]"), int(port)


class RelayError(Exception):
    """The relay refused or ended the session: `code` is the wire error code
    (catalog key "net.err.<code>"), `message` the relay's English explanation."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message


class RelayClient:
    def __init__(self, host: str, port: int, *, game: str, rules_version: int, name: str,
                 reconnect: bool = True, reconnect_timeout: float = 60.0,
                 auto_resync: bool = True,
                 on_message: Callable[[Message], None] | None = None) -> None:
        self.host, self.port = host, port
        self.hello: Message = {"k": "hello", "proto": PROTOCOL_VERSION, "game": game,
                               "rules_version": rules_version, "name": name}
        self.reconnect = reconnect
        self.reconnect_timeout = reconnect_timeout
        self.auto_resync = auto_resync
        self.on_message = on_message
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        # What the relay told us.
        self.welcome: Message | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.host_seat: int | None = None
        self.seed: int | None = None
        self.started = False
        self.last_seq = 0
        self.error: RelayError | None = None
        # Commands sent but not yet stamped, by cid (in order).
        self.pending: dict[int, Message] = {}
        self._cid_lock = threading.Lock()
        self._cid = 0
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._pinger: asyncio.Task[None] | None = None
        self._waiters: list[tuple[frozenset[str], asyncio.Future[Message]]] = []
        self._syncing = False
        self._resuming = False
        self._closed = False
        self._closed_sent = False
        self._ping_n = itertools.count()

    # ---- state ------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing()

    @property
    def closed(self) -> bool:
        return self._closed

    def next_cid(self) -> int:
        """A fresh command id (thread-safe)."""
        with self._cid_lock:
            self._cid += 1
            return self._cid

    # ---- connecting ---------------------------------------------------------------
    async def connect(self, timeout: float = 5.0) -> Message:
        """Open the connection and say hello; returns the welcome message."""
        await asyncio.wait_for(self._open(), timeout)
        self._task = asyncio.create_task(self._run())
        assert self.welcome is not None
        return self.welcome

    async def _open(self, resume: Message | None = None) -> None:
        """Connect and say hello; with `resume`, send it right after the welcome. The new
        connection becomes the one others write to only then: nothing (a command, a
        checkpoint hash) may reach the relay between the hello and the resume, where it
        would be a room message before a room (`no_room`)."""
        reader, writer = await asyncio.open_connection(self.host, self.port)
        sock = writer.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        writer.write(encode(self.hello))
        try:
            msg = await self._read_one(reader)
        except BaseException:
            writer.close()
            raise
        if msg["k"] == "error":
            writer.close()
            self._fatal(msg["code"], msg["message"])
            raise RelayError(msg["code"], msg["message"])
        if msg["k"] != "welcome":
            writer.close()
            raise RelayError("bad_message", f"expected welcome, got {msg['k']}")
        if resume is not None:
            writer.write(encode(resume))
            self._resuming = True
        self._reader, self._writer = reader, writer
        self.welcome = msg
        idle_ms = int(msg["limits"].get("idle_ms", 60_000))
        if self._pinger is None:
            self._pinger = asyncio.create_task(self._ping_loop(max(idle_ms / 3000.0, 0.05)))

    @staticmethod
    async def _read_one(reader: asyncio.StreamReader) -> Message:
        head = await reader.readexactly(4)
        n = int.from_bytes(head, "big")
        if n > MAX_FRAME:
            raise ProtocolError("frame_too_large", f"relay frame of {n} bytes")
        return decode_server(await reader.readexactly(n))

    async def _request(self, msg: Message, kinds: frozenset[str], timeout: float) -> Message:
        fut: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiters.append((kinds | {"error", "closed"}, fut))
        self._write(msg)
        reply = await asyncio.wait_for(fut, timeout)
        if reply["k"] in ("error", "closed"):
            raise RelayError(reply.get("code", "closed"), reply.get("message", ""))
        return reply

    async def create(self, variant: str, seats: int, options: dict[str, Any] | None = None,
                     allow_bots: bool = False, timeout: float = 5.0) -> Message:
        """Host a room; returns the "room" message (code, seat, token...)."""
        return await self._request({"k": "create", "variant": variant, "seats": seats,
                                    "options": dict(options or {}), "allow_bots": allow_bots},
                                   frozenset({"room"}), timeout)

    async def join(self, code: str, timeout: float = 5.0) -> Message:
        return await self._request({"k": "join", "code": code.strip().upper()},
                                   frozenset({"room"}), timeout)

    async def resume(self, token: str, last_seq: int = 0, timeout: float = 5.0) -> Message:
        """Take a held seat back (a restarted game process, for example)."""
        self.last_seq = last_seq
        return await self._request({"k": "resume", "token": token, "last_seq": last_seq},
                                   frozenset({"room"}), timeout)

    async def ping(self, timeout: float = 5.0) -> Message:
        return await self._request({"k": "ping", "n": next(self._ping_n)}, frozenset({"pong"}), timeout)

    # ---- sending (plain calls: they queue, they never block) --------------------
    def _write(self, msg: Message) -> None:
        w = self._writer
        if w is not None and not w.is_closing():
            w.write(encode(msg))

    def set_ready(self, ready: bool = True) -> None:
        self._write({"k": "ready", "ready": ready})

    def start(self) -> None:
        """Host only: start the game (open seats become bots if the room allows them)."""
        self._write({"k": "start"})

    def send_command(self, cmd: Message, cid: int | None = None) -> int:
        """Send a command (kept and re-sent after a reconnect until stamped); returns its cid."""
        cid = cid if cid is not None else self.next_cid()
        msg = {"k": "cmd", "cid": cid, "cmd": cmd}
        self.pending[cid] = msg
        if not self._resuming:
            self._write(msg)
        return cid

    def send_hash(self, seq: int, digest: str) -> None:
        self._write({"k": "hash", "seq": seq, "hash": digest})

    def set_bot(self, seat: int, on: bool = True) -> None:
        """Host only: let the host's bot play `seat` (or give it back)."""
        self._write({"k": "bot", "seat": seat, "on": on})

    def request_sync(self, from_seq: int = 1) -> None:
        """Ask for the log from `from_seq` ("resync" chunks follow)."""
        if self._syncing:
            return
        self._syncing = True
        self._write({"k": "sync", "from": max(1, from_seq)})

    async def leave(self, timeout: float = 2.0) -> None:
        """Give the seat up and close."""
        # Closing from here on: the relay's "bye" and its end of the connection must not
        # look like a dropped link (no reconnect, no resume of the seat given up).
        self._closed = True
        if self.connected and self.code is not None:
            fut: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
            self._waiters.append((frozenset({"bye", "error", "closed"}), fut))
            self._write({"k": "leave"})
            try:
                await asyncio.wait_for(fut, timeout)
            except asyncio.TimeoutError:
                pass
        await self.close()

    async def close(self) -> None:
        self._closed = True
        for task in (self._task, self._pinger):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        if self._writer is not None:
            self._writer.close()
        self._deliver_closed(self.error or RelayError("closed", "closed by the client"))

    def abort(self, *, reconnect: bool = True) -> None:
        """Cut the connection at once, as a network failure would: no leave, no error
        frame. With `reconnect` (and a seat) the client reconnects and resumes as after
        any dropped link; without, it stops dead, as a crashed process would: `closed`,
        and nothing more is delivered (the relay holds its seat for the grace period).
        Runs on the client's loop."""
        if not reconnect:
            self.reconnect = False
            self._closed = True
        if self._writer is not None:
            self._writer.transport.abort()
        if not reconnect:
            for task in (self._task, self._pinger):
                if task is not None and task is not asyncio.current_task():
                    task.cancel()

    def _deliver_closed(self, err: RelayError) -> None:
        if not self._closed_sent:
            self._closed_sent = True
            self._deliver({"k": "closed", "code": err.code, "message": err.message})

    # ---- receiving ----------------------------------------------------------------
    async def recv(self, timeout: float | None = None) -> Message:
        return await asyncio.wait_for(self.inbox.get(), timeout)

    def __aiter__(self) -> "RelayClient":
        return self

    async def __anext__(self) -> Message:
        if self._closed and self.inbox.empty():
            raise StopAsyncIteration
        msg = await self.inbox.get()
        if msg["k"] == "closed":
            raise StopAsyncIteration
        return msg

    def _deliver(self, msg: Message) -> None:
        for entry in list(self._waiters):
            kinds, fut = entry
            if msg["k"] in kinds:
                self._waiters.remove(entry)
                if not fut.done():
                    fut.set_result(msg)
        if msg["k"] == "pong":
            return                               # keep-alive answers are nobody's business
        if self.on_message is not None:
            self.on_message(msg)
        else:
            self.inbox.put_nowait(msg)

    def _fatal(self, code: str, message: str) -> None:
        if self.error is None:
            self.error = RelayError(code, message)
        self._closed = True

    def _dispatch(self, msg: Message) -> None:
        k = msg["k"]
        if k == "stamped":
            seq = msg["seq"]
            if seq <= self.last_seq:
                return                           # already delivered (a resync covered it)
            if seq != self.last_seq + 1 or self._syncing:
                self.request_sync(self.last_seq + 1)   # a gap: the resync will bring it
                return
            self.last_seq = seq
            if msg["by"] == self.seat:
                self.pending.pop(msg["cid"], None)
        elif k == "resync":
            self._take_resync(msg)
            if msg["done"]:
                self._syncing = False
                if self._resuming:
                    self._resuming = False
                    for cmd in list(self.pending.values()):
                        self._write(cmd)
                    self._deliver(msg)
                    self._deliver({"k": "link", "up": True})
                    return
        elif k == "room":
            self.code, self.seat, self.token = msg["code"], msg["seat"], msg["token"]
            self.host_seat, self.seed, self.started = msg["host"], msg["seed"], msg["started"]
            with self._cid_lock:
                self._cid = max(self._cid, msg["last_cid"])
            for cid in [c for c in self.pending if c <= msg["last_cid"]]:
                del self.pending[cid]
            if msg["started"]:
                self._syncing = True             # a resync follows a resume
        elif k == "lobby":
            self.host_seat, self.started = msg["host"], msg["started"]
        elif k == "started":
            self.seed, self.started = msg["seed"], True
        elif k == "refused":
            if msg["cid"] is not None:
                self.pending.pop(msg["cid"], None)
        elif k == "desync":
            if self.auto_resync:
                self._deliver(msg)
                self._syncing = False
                self.request_sync(1)
                return
        elif k == "error":
            if msg["code"] not in TRANSIENT:
                self._fatal(msg["code"], msg["message"])
        self._deliver(msg)

    def _take_resync(self, msg: Message) -> None:
        log = msg["log"]
        start = msg["from"]
        if log and start <= self.last_seq + 1:
            self.last_seq = start + len(log) - 1
            for rec in log:
                if rec["by"] == self.seat:
                    self.pending.pop(rec["cid"], None)

    async def _run(self) -> None:
        """Read until the link drops; then reconnect and resume until it comes back."""
        while True:
            reader = self._reader
            assert reader is not None
            try:
                while True:
                    self._dispatch(await self._read_one(reader))
            except asyncio.CancelledError:
                raise
            except ProtocolError as exc:
                self._fatal(exc.code, exc.message)
            except (OSError, asyncio.IncompleteReadError, EOFError):
                pass
            if self._writer is not None:
                self._writer.close()
            self._writer = None
            if self._closed or not self.reconnect or self.token is None:
                self._closed = True
                self._deliver_closed(self.error or RelayError("lost", "the connection to the relay was lost"))
                return
            self._deliver({"k": "link", "up": False})
            if not await self._reconnect():
                self._closed = True
                self._deliver_closed(self.error or RelayError("lost", "could not reach the relay again"))
                return

    async def _reconnect(self) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_timeout
        delay = 0.02
        while loop.time() < deadline and not self._closed:
            try:
                await asyncio.wait_for(self._open(
                    {"k": "resume", "token": self.token, "last_seq": self.last_seq}), 5.0)
                if not self.started:             # a lobby: no resync will follow
                    self._resuming = False
                    self._deliver({"k": "link", "up": True})
                return True
            except RelayError:
                return False
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ProtocolError):
                await asyncio.sleep(delay)       # back off before the next attempt
                delay = min(delay * 2, 1.0)
        return False

    async def _ping_loop(self, period: float) -> None:
        while not self._closed:
            await asyncio.sleep(period)
            self._write({"k": "ping", "n": next(self._ping_n)})


class ThreadedRelayClient:
    """A RelayClient on an asyncio loop in a background thread, for the pygame main loop.

    Calls that need an answer (`connect`, `create`, `join`, `resume`) return a
    concurrent.futures.Future; the rest queue and return at once. `poll()` returns the
    messages received so far without blocking; `get(timeout)` waits for one."""

    def __init__(self, host: str, port: int, **kw: Any) -> None:
        self._messages: queue.Queue[Message] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="relay-client",
                                        daemon=True)
        self._thread.start()
        kw["on_message"] = self._messages.put_nowait

        async def make() -> RelayClient:
            return RelayClient(host, port, **kw)
        self.client: RelayClient = asyncio.run_coroutine_threadsafe(make(), self._loop).result(5)

    def _call(self, coro: Any) -> concurrent.futures.Future[Any]:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def _soon(self, fn: Callable[..., Any], *args: Any) -> None:
        self._loop.call_soon_threadsafe(fn, *args)

    def connect(self, timeout: float = 5.0) -> concurrent.futures.Future[Message]:
        return self._call(self.client.connect(timeout))

    def create(self, variant: str, seats: int, options: dict[str, Any] | None = None,
               allow_bots: bool = False) -> concurrent.futures.Future[Message]:
        return self._call(self.client.create(variant, seats, options, allow_bots))

    def join(self, code: str) -> concurrent.futures.Future[Message]:
        return self._call(self.client.join(code))

    def resume(self, token: str, last_seq: int = 0) -> concurrent.futures.Future[Message]:
        return self._call(self.client.resume(token, last_seq))

    def set_ready(self, ready: bool = True) -> None:
        self._soon(self.client.set_ready, ready)

    def start_game(self) -> None:
        self._soon(self.client.start)

    def send_command(self, cmd: Message) -> int:
        cid = self.client.next_cid()
        self._soon(self.client.send_command, dict(cmd), cid)
        return cid

    def send_hash(self, seq: int, digest: str) -> None:
        self._soon(self.client.send_hash, seq, digest)

    def set_bot(self, seat: int, on: bool = True) -> None:
        self._soon(self.client.set_bot, seat, on)

    def request_sync(self, from_seq: int = 1) -> None:
        self._soon(self.client.request_sync, from_seq)

    def abort(self, *, reconnect: bool = True) -> None:
        """RelayClient.abort on the client's loop (returns at once)."""
        self._soon(lambda: self.client.abort(reconnect=reconnect))

    def poll(self, max_messages: int | None = None) -> list[Message]:
        out: list[Message] = []
        while max_messages is None or len(out) < max_messages:
            try:
                out.append(self._messages.get_nowait())
            except queue.Empty:
                break
        return out

    def get(self, timeout: float | None = None) -> Message | None:
        """Wait up to `timeout` seconds for the next message (None if none came)."""
        try:
            return self._messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self, leave: bool = False, timeout: float = 3.0) -> None:
        if not self._thread.is_alive():
            return
        try:
            self._call(self.client.leave() if leave else self.client.close()).result(timeout)
        except (concurrent.futures.TimeoutError, RelayError, OSError):
            pass

        async def finish() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        try:
            self._call(finish()).result(timeout)
        except concurrent.futures.TimeoutError:
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
