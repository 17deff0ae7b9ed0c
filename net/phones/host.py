"""PhoneHost: the web server inside the app that phones join (docs/phone-protocol.md).

It runs a `websockets` server on an asyncio loop in a daemon thread (as net/client.py runs
the relay client) and owns the room: its code, each seat's kind ("phone", "bot" or "tv"),
a phone seat's name and token, and which connection holds it. It never touches a game:
what phones ask for goes into a queue the main loop drains with `poll()` (the seat on a
command is the one the connection's token holds, never one a message names), and what
phones are sent comes from the main loop through `send(seat, frame)`.

Threads: the seat table is guarded by one lock; connections and buckets live on the loop.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import secrets
import threading
import time
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Callable, Iterable
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from net.buckets import Bucket
from net.phones import wire
from net.phones.files import HEADERS, served
from net.phones.limits import PhoneLimits
from net.protocol import CODE_ALPHABET

CODE_LEN = 4                 # 22**4 codes: join attempts are rate-limited per address
WS_PATH = "/ws"
OUTBOX = 64                  # frames queued to one slow phone before it is dropped (it resumes)
KINDS = ("phone", "bot", "tv")
LEFT_FOR = {"tv": "phone.err.to_tv"}    # why a phone loses its seat, by the seat's new kind


def room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def new_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass
class Seat:
    kind: str                          # "phone" | "bot" | "tv"
    name: str = ""
    token: str | None = None           # a phone seat's token, once someone took it
    conn: "Link | None" = None         # the connection holding it (None: away or empty)
    open: bool = False                 # an empty phone seat a locked room still admits a phone to

    @property
    def state(self) -> str:
        """"here", "away" or "empty" for a phone seat; the kind for the others."""
        if self.kind != "phone":
            return self.kind
        if self.token is None:
            return "empty"
        return "here" if self.conn is not None else "away"


def _headed(resp: Response, content_type: str) -> Response:
    """`resp` with our headers (files.HEADERS), its type and its length, each once."""
    for k, v in (("Content-Type", content_type), ("Content-Length", str(len(resp.body))), *HEADERS):
        if k in resp.headers:
            del resp.headers[k]
        resp.headers[k] = v
    return resp


class Link:
    """One phone's WebSocket on the loop: an ordered outbox and a writer task."""

    def __init__(self, ws: ServerConnection, limits: PhoneLimits, now: float) -> None:
        self.ws = ws
        self.addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        self.bucket = Bucket(limits.rate, limits.burst, now)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.seat: int | None = None
        self.greeted = False           # said hello with the right code
        self.closing = False
        self.close_code = 1000
        self.writer: asyncio.Task[None] | None = None

    def push(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= OUTBOX:       # too slow: drop it; it resumes with a full view
            self.finish()
            return
        self.outbox.put_nowait(text)

    def finish(self, last: str | None = None, code: int | None = None) -> None:
        """Send `last` (an error frame) after what is queued, then close (1008 after an
        error frame unless `code` says otherwise)."""
        if self.closing:
            return
        if last is not None:
            self.outbox.put_nowait(last)
        self.closing = True
        self.close_code = code or (1008 if last is not None else 1000)
        self.outbox.put_nowait(None)

    async def write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(self.close_code)
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            pass


class PhoneHost:
    """The room and its server. `kinds` gives each seat's kind, `names` the bots' and TV
    seats' names; `tokens` (a continued game's, with `code`) gives phone seats back to the
    phones that held them: such a seat is away, with `names`' name, until its phone resumes.
    `hostnames`: the Host header values accepted (the bound address, plus e.g. a test's
    mapped name); a request naming any other host is refused (DNS rebinding)."""

    def __init__(self, game: str, kinds: Iterable[str], names: Iterable[str] | None = None, *,
                 address: str = "127.0.0.1", port: int = 0, limits: PhoneLimits | None = None,
                 clock: Callable[[], float] = time.monotonic, code: str | None = None,
                 hostnames: Iterable[str] = (), wake: Callable[[], None] | None = None,
                 tokens: Iterable[str | None] | None = None) -> None:
        kinds = list(kinds)
        if not kinds or any(k not in KINDS for k in kinds):
            raise ValueError(f"seat kinds must be among {KINDS}")
        names = list(names or [""] * len(kinds))
        self.game = game
        self.address, self.port = address, port
        self.limits = limits or PhoneLimits()
        self.clock = clock
        self.code = code or room_code()
        self.hostnames = {address.lower(), *(h.lower() for h in hostnames)}
        self.wake = wake
        self.locked = False
        self._lock = threading.Lock()
        self._seats = [Seat(k, n if k != "phone" else "") for k, n in zip(kinds, names)]
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._links: set[Link] = set()
        self._per_addr: dict[str, int] = {}
        self._joins: dict[str, Bucket] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: Server | None = None
        self._leaving: str | None = None       # stopping: "" or why, said to a late phone too
        for i, (seat, name, token) in enumerate(zip(self._seats, names, tokens or ())):
            if seat.kind == "phone" and token:        # a continued game's phones (net/phones/keep.py)
                seat.name = name
                self._give(i, token)

    # ---- main thread: life ---------------------------------------------------------------
    def start(self, timeout: float = 5.0) -> tuple[str, int]:
        """Start serving; returns (address, port). Raises OSError (e.g. the port is in use)."""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="phone-host", daemon=True)
        self._thread.start()
        try:
            self._server = self._call(self._serve()).result(timeout)
        except BaseException:
            self._halt(timeout)
            raise
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.address, self.port

    def stop(self, why: str | None = None, timeout: float = 3.0) -> None:
        """Close every socket (each phone first sent `error why` when given: the game is
        over, or saved and left) and free the port."""
        if self._loop is None or self._thread is None or not self._thread.is_alive():
            return
        try:
            self._call(self._shutdown(why)).result(timeout)
        except concurrent.futures.TimeoutError:
            pass
        self._halt(timeout)

    def _halt(self, timeout: float) -> None:
        assert self._loop is not None and self._thread is not None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            left = asyncio.all_tasks(self._loop)     # handlers that began as the server closed
            for t in left:
                t.cancel()
            if left:     # finished on a thread of their own: this one may be running a loop
                done = threading.Thread(target=self._loop.run_until_complete,
                                        args=(asyncio.gather(*left, return_exceptions=True),), daemon=True)
                done.start()
                done.join(timeout)
            if not self._loop.is_running():
                self._loop.close()

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{host}:{self.port}/"

    def _call(self, coro: Any) -> concurrent.futures.Future[Any]:
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def _soon(self, fn: Callable[..., Any], *args: Any) -> None:
        assert self._loop is not None
        self._loop.call_soon_threadsafe(fn, *args)

    # ---- main thread: the room -------------------------------------------------------------
    def poll(self) -> list[dict[str, Any]]:
        """What phones asked since the last poll, in order: {"k": "joined" | "away", "seat"}
        and {"k": "cmd" | "draft", "seat", "cmd"}, {"k": "preview", "seat", "cards", "letters"},
        {"k": "hint", "seat"} (the seat stamped from the connection's token)."""
        out: list[dict[str, Any]] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's kind, name and state ("here", "away", "empty", "bot", "tv")."""
        with self._lock:
            return [{"kind": s.kind, "name": s.name, "state": s.state} for s in self._seats]

    def send(self, seat: int, frame: dict[str, Any]) -> None:
        """Queue `frame` to the phone holding `seat` (dropped when none does)."""
        text = wire.dumps(frame)
        self._soon(self._send_now, seat, text)

    def set_seat(self, seat: int, kind: str, name: str = "") -> None:
        """Hand a seat to a phone (empty, waiting for one: a locked room admits a phone to
        it), a bot or the TV. A phone holding it is told why (`LEFT_FOR`) and closed, and
        its token forgotten: the seat has changed hands."""
        if kind not in KINDS:
            raise ValueError(kind)
        self._soon(self._set_seat, seat, kind, name)

    def kick(self, seat: int) -> None:
        """Free a phone seat: its phone is closed and its token forgotten."""
        self._soon(self._set_seat, seat, "phone", "")

    def keep(self) -> dict[str, Any]:
        """What a continued game needs to let the same phones back in: the room code, the
        address and port, and each seat's kind, name and token (net/phones/keep.py)."""
        with self._lock:
            seats = [{"kind": s.kind, "name": s.name, "token": s.token} for s in self._seats]
        return {"code": self.code, "address": self.address, "port": self.port, "seats": seats}

    def lock(self, on: bool = True) -> None:
        """A locked room admits no new phone (those holding tokens may still come back)."""
        self.locked = on
        self._soon(self._broadcast_lobby)

    # ---- the loop ---------------------------------------------------------------------------
    async def _serve(self) -> Server:
        return await serve(self._handle, self.address, self.port, process_request=self._http,
                           max_size=self.limits.max_frame, max_queue=4, compression=None,
                           server_header=None, open_timeout=10, ping_interval=20, ping_timeout=20)

    async def _shutdown(self, why: str | None = None) -> None:
        # No new connection from here on: a page told why reconnects at once, and a resume
        # answered before the port closed would welcome it back to a game that has gone.
        # One whose handshake was under way hears the same why (_handle).
        self._leaving = why or ""
        if self._server is not None:
            self._server.server.close()
        if why is not None:                 # each phone is told, then closed ("going away")
            text = wire.dumps(wire.error(why))
            for link in list(self._links):
                link.finish(text, 1001)
            writers = [link.writer for link in self._links if link.writer is not None]
            if writers:
                await asyncio.wait(writers, timeout=1.0)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _host_ok(self, request: Request) -> bool:
        host = urlsplit("//" + request.headers.get("Host", "")).hostname
        return host is not None and host.lower() in self.hostnames

    def _http(self, ws: ServerConnection, request: Request) -> Response | None:
        """Plain HTTP: the allow-listed files. The WebSocket path: the Origin must be this
        very host (a page of ours), else 403."""
        if not self._host_ok(request):
            return self._plain(ws, HTTPStatus.FORBIDDEN, "unknown host")
        path = urlsplit(request.path).path
        if path == WS_PATH:
            origin = urlsplit(request.headers.get("Origin", ""))
            if origin.scheme != "http" or origin.netloc.lower() != request.headers.get("Host", "").lower():
                return self._plain(ws, HTTPStatus.FORBIDDEN, "origin")
            return None
        item = served().get(path)
        if item is None or request.headers.get("Upgrade"):
            return self._plain(ws, HTTPStatus.NOT_FOUND, "not found")
        if item.matches(request.headers.get("If-None-Match", "")):    # the phone's copy is this one
            resp = _headed(ws.respond(HTTPStatus.NOT_MODIFIED, ""), item.content_type)
            del resp.headers["Content-Length"], resp.headers["Content-Type"]
        else:
            resp = ws.respond(HTTPStatus.OK, "")
            resp.body = item.body
            resp = _headed(resp, item.content_type)
        resp.headers["ETag"] = item.etag
        return resp

    @staticmethod
    def _plain(ws: ServerConnection, status: HTTPStatus, text: str) -> Response:
        return _headed(ws.respond(status, text), "text/plain; charset=utf-8")

    async def _handle(self, ws: ServerConnection) -> None:
        if self._leaving is not None:
            await self._turn_away(ws, self._leaving, 1001)
            return
        link = Link(ws, self.limits, self.clock())
        n = self._per_addr.get(link.addr, 0)
        if n >= self.limits.max_conns_per_addr or len(self._links) >= self.limits.max_conns:
            await self._turn_away(ws, "phone.err.too_many", 1008)
            return
        self._per_addr[link.addr] = n + 1
        self._links.add(link)
        writer = link.writer = asyncio.create_task(link.write())
        try:
            await self._read(link)
        finally:
            self._links.discard(link)
            left = self._per_addr.get(link.addr, 1) - 1
            if left:
                self._per_addr[link.addr] = left
            else:
                self._per_addr.pop(link.addr, None)
            self._unbind(link)
            link.finish()
            await writer

    @staticmethod
    async def _turn_away(ws: ServerConnection, why: str, code: int) -> None:
        """A connection not taken: told why (when there is a why), then closed."""
        try:
            if why:
                await ws.send(wire.dumps(wire.error(why)))
            await ws.close(code)
        except ConnectionClosed:
            pass

    async def _read(self, link: Link) -> None:
        """Every inbound frame in order. Once the connection is to close, frames still
        arriving are read and dropped, so the closing handshake is not stuck behind them."""
        ws = link.ws
        try:
            first = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except asyncio.TimeoutError:
            link.finish(wire.dumps(wire.error("phone.err.timeout")))
            first = None
        except ConnectionClosed:
            return
        if first is not None:
            self._take(link, first)
        try:
            async for text in ws:
                if not link.closing:
                    self._take(link, text)
        except ConnectionClosed:
            return

    def _take(self, link: Link, text: Any) -> bool:
        """Handle one inbound frame; False once the connection is to close."""
        now = self.clock()
        if link.bucket.refill(now) < 1:
            return self._fail(link, "phone.err.rate")
        link.bucket.spend(1)
        try:
            msg = wire.parse(text, self.limits)
        except wire.WireError as e:
            return self._fail(link, e.code)
        k = msg["k"]
        if k in ("hello", "join", "resume"):
            bucket = self._joins.setdefault(link.addr, Bucket(self.limits.join_rate, self.limits.join_burst, now))
            if bucket.refill(now) < 1:
                return self._fail(link, "phone.err.slow_down")
            bucket.spend(1)
        if k == "hello":
            if not secrets.compare_digest(msg["code"], self.code):
                return self._fail(link, "phone.err.code")
            link.greeted = True
            link.push(wire.dumps(self._lobby()))
        elif k == "join":
            self._join(link, msg["seat"], msg["name"])
        elif k == "resume":
            return self._resume(link, msg["token"])
        elif link.seat is None:
            link.push(wire.dumps(wire.refused("phone.err.not_seated")))
        else:       # a cmd, a draft, a preview, a hint: for the seat the token holds
            self._queue({**msg, "seat": link.seat})
        return True

    def _fail(self, link: Link, code: str) -> bool:
        link.finish(wire.dumps(wire.error(code)))
        return False

    def _join(self, link: Link, seat: int, name: str) -> None:
        if not link.greeted:
            link.push(wire.dumps(wire.refused("phone.err.hello_first")))
            return
        if link.seat is not None:
            link.push(wire.dumps(wire.refused("phone.err.seated")))
            return
        with self._lock:
            s = self._seats[seat] if seat < len(self._seats) else None
            why = ("phone.err.seat" if s is None or s.kind != "phone" else
                   "phone.err.seat_taken" if s.token is not None else
                   "phone.err.locked" if self.locked and not s.open else None)
            if why is None:
                assert s is not None
                s.name, s.conn, s.open = name, link, False
                self._give(seat, new_token())
        if why is not None:
            link.push(wire.dumps(wire.refused(why)))
            return
        self._bound(link, seat)

    def _resume(self, link: Link, token: str) -> bool:
        old: Link | None = None
        with self._lock:
            found = None
            for i, s in enumerate(self._seats):
                if s.token is not None and secrets.compare_digest(s.token, token):
                    found = i
            if found is None:
                return self._fail(link, "phone.err.token")
            if link.seat is not None and link.seat != found:
                return self._fail(link, "phone.err.seated")
            s = self._seats[found]
            if s.conn is not link:
                old, s.conn = s.conn, link
        if old is not None:
            old.seat = None
            old.finish(wire.dumps(wire.error("phone.err.replaced")))
        self._bound(link, found)
        return True

    def _bound(self, link: Link, seat: int) -> None:
        link.seat, link.greeted = seat, True
        with self._lock:
            s = self._seats[seat]
            welcome = {"k": "welcome", "seat": seat, "token": s.token, "name": s.name,
                       "game": self.game, "limits": self.limits.to_wire()}
        link.push(wire.dumps(welcome))
        self._queue({"k": "joined", "seat": seat})
        self._broadcast_lobby()

    def _unbind(self, link: Link) -> None:
        seat = link.seat
        if seat is None:
            return
        link.seat = None
        with self._lock:
            s = self._seats[seat]
            if s.conn is not link:
                return
            s.conn = None
        self._queue({"k": "away", "seat": seat})
        self._broadcast_lobby()

    def _set_seat(self, seat: int, kind: str, name: str) -> None:
        with self._lock:
            s = self._seats[seat]
            held = s.conn
            s.kind, s.name, s.conn = kind, name if kind != "phone" else "", None
            s.open = kind == "phone"
            self._give(seat, None)
        if held is not None:
            held.seat = None
            held.finish(wire.dumps(wire.error(LEFT_FOR.get(kind, "phone.err.seat_changed"))))
        self._broadcast_lobby()

    def _give(self, seat: int, token: str | None) -> None:
        """The one place a seat's token is set: a new one when a phone takes the seat, None
        when the seat changes hands. Under the lock. The main loop hears {"k": "seats"}
        (a game in play keeps the tokens beside its log: net/phones/keep.py)."""
        self._seats[seat].token = token
        self._queue({"k": "seats", "seat": seat})

    def _send_now(self, seat: int, text: str) -> None:
        with self._lock:
            link = self._seats[seat].conn if 0 <= seat < len(self._seats) else None
        if link is not None:
            link.push(text)

    def _lobby(self) -> dict[str, Any]:
        return {"k": "lobby", "game": self.game, "locked": self.locked, "seats": self.seats()}

    def _broadcast_lobby(self) -> None:
        text = wire.dumps(self._lobby())
        for link in self._links:
            if link.greeted:
                link.push(text)

    def _queue(self, msg: dict[str, Any]) -> None:
        self._inbox.put_nowait(msg)
        if self.wake is not None:
            self.wake()
