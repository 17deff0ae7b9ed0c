"""The relay's message handlers: one function per client message kind, in HANDLERS.

Each takes the relay, the connection, the decoded message and its size in bytes; `handle`
checks the message may come now (hello first, a room for what needs one) and turns a
room's spent records or a failed write into the client's error. Resyncs (the log sent
again in chunks, within the address's resync rate) are here too. Connection policing is
in net/policing.py, rooms' budgets in net/roomspace.py, the relay itself in net/relay.py.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any, Callable

from net.protocol import PROTOCOL_VERSION, encode, frame
from net.rooms import LogFull, Room, Seat, new_code

if TYPE_CHECKING:
    from net.conn import Conn
    from net.relay import Relay

log = logging.getLogger("couchtop.relay")
RELAY_NAME = "couchtop-relay/1"
STAMP_OVERHEAD = 64        # bytes a stamped record (and its file tag) adds to a command frame


def handle(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    kind = msg["k"]
    if conn.hello is None and kind != "hello":
        conn.fail("hello_first", "the first message must be hello")
        return
    if kind in ("create", "join", "resume"):
        if conn.room is not None:
            conn.fail("bad_state", "already in a room")
            return
    elif kind not in ("hello", "ping") and conn.room is None:
        conn.fail("no_room", f"{kind} needs a room: create, join or resume first")
        return
    try:
        HANDLERS[kind](relay, conn, msg, size)
    except LogFull as exc:       # the room's seat records are spent
        log.info("conn %d %s refused: %s", conn.id, kind, exc)
        if kind in ("create", "join", "resume"):
            conn.fail("room_full", str(exc))
        else:
            refuse(conn, "log_full", msg.get("cid"))
    except OSError as exc:       # the room's file could not be written (a full disk)
        log.error("conn %d %s: could not write the room file: %s", conn.id, kind, exc)
        if kind == "cmd":
            refuse(conn, "storage", msg["cid"])
        else:
            conn.fail("storage", "the relay could not store that (its disk may be full)")


def on_hello(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    if conn.hello is not None:
        conn.fail("bad_state", "hello was already sent")
        return
    if msg["proto"] != PROTOCOL_VERSION:
        conn.fail("proto_version", f"the relay speaks protocol {PROTOCOL_VERSION}, "
                                   f"the client {msg['proto']}: update the game")
        return
    conn.hello = msg
    conn.progress = relay.clock()
    log.info("conn %d hello %r %s v%d", conn.id, msg["name"], msg["game"], msg["rules_version"])
    conn.send({"k": "welcome", "proto": PROTOCOL_VERSION, "relay": RELAY_NAME,
               "limits": relay.limits.to_wire()})


def check_game(relay: "Relay", conn: "Conn", room: Room) -> bool:
    h = conn.hello
    assert h is not None
    if h["game"] != room.game:
        conn.fail("wrong_game", f"room {room.code} plays {room.game}, not {h['game']}")
        return False
    if h["rules_version"] != room.rules_version:
        conn.fail("rules_version", f"room {room.code} plays {room.game} rules version "
                                   f"{room.rules_version}; this client has version "
                                   f"{h['rules_version']}")
        return False
    return True


def progress(relay: "Relay", room: Room) -> None:
    """The room moved on (a join, a ready, the start): each member's idle timer in the
    lobby starts again (chatter, pings and the like never do)."""
    now = relay.clock()
    for c in room.conns():
        c.progress = now


def enter(relay: "Relay", conn: "Conn", room: Room, seat: Seat) -> None:
    conn.room, conn.seat = room, seat
    conn.progress = relay.clock()
    if seat.token:
        relay.tokens[seat.token] = (room, seat)
    conn.send(room.room_msg(seat))


def on_create(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    lim = relay.limits
    if len(relay.rooms) >= lim.max_rooms:
        conn.fail("rooms_full", "the relay has no room for another room")
        return
    if relay.rooms_by_addr.get(conn.addr, 0) >= lim.max_rooms_per_addr:
        conn.fail("rooms_full", f"{conn.addr} already has {lim.max_rooms_per_addr} open rooms")
        return
    if msg["seats"] > lim.max_seats:
        conn.fail("too_many_seats", f"a room has at most {lim.max_seats} seats")
        return
    if not relay.space.make_space(relay.space.fits, None, "a new room needs space") \
            and not relay.space.share(conn.addr):
        log.warning("conn %d create refused: the relay is full (%s)", conn.id, relay.space.text())
        conn.fail("relay_full", "the relay holds as many rooms as its memory and disk budgets "
                                "allow; try again later")
        return
    h = conn.hello
    assert h is not None
    code = new_code(lambda c: c in relay.rooms or (relay.data_dir is not None
                                                  and (relay.data_dir / f"{c}.ctroom").exists()))
    room = Room.create(code, h["game"], h["rules_version"], msg["variant"], msg["seats"],
                       msg["options"], msg["allow_bots"], relay.data_dir, relay.clock, relay.files)
    relay.rooms[code] = room
    relay.space.pool.admit(room.code)
    relay.space.disk.used += room.file_bytes
    room.disk = relay.space.disk
    room.addr = conn.addr
    relay.rooms_by_addr[conn.addr] = relay.rooms_by_addr.get(conn.addr, 0) + 1
    seat = room.seats[0]
    try:
        room.claim(seat, h["name"], conn)
    except OSError:
        relay.close_room(room, "its file could not be written")
        raise
    log.info("conn %d created room %s (%s %s, %d seats)", conn.id, code, h["game"],
             msg["variant"], msg["seats"])
    enter(relay, conn, room, seat)


def on_join(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room = relay.rooms.get(msg["code"])
    if room is None:
        conn.fail("no_room", f"there is no room {msg['code']}")
        return
    if not check_game(relay, conn, room):
        return
    if room.started:
        conn.fail("room_started", f"room {room.code} has started")
        return
    seat = room.open_seat()
    if seat is None:
        conn.fail("room_full", f"room {room.code} is full")
        return
    assert conn.hello is not None
    room.claim(seat, conn.hello["name"], conn)
    log.info("conn %d joined room %s seat %d", conn.id, room.code, seat.index)
    enter(relay, conn, room, seat)
    progress(relay, room)
    relay.lobby(room)


def on_resume(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    token = msg["token"]
    found = relay.tokens.get(token)
    if found is not None and (found[0].closed or found[1].token is None
                              or not secrets.compare_digest(found[1].token, token)):
        del relay.tokens[token]       # the seat changed hands: this token is dead
        found = None
    if found is None:
        conn.fail("bad_token", "that seat is not held any more")
        return
    room, seat = found
    if not check_game(relay, conn, room):
        return
    old = seat.conn
    room.come_back(seat, conn)       # written first: on a failed write nothing changed
    if old is not None and old is not conn:
        old.room = old.seat = None
        old.fail("replaced", "this seat was resumed from another connection")
    last = msg["last_seq"]
    log.info("conn %d resumed room %s seat %d after seq %d", conn.id, room.code, seat.index, last)
    enter(relay, conn, room, seat)
    if room.started:
        start_resync(relay, conn, room, last + 1 if last <= len(room.log) else 1)
    relay.lobby(room)


def on_ready(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    assert conn.room is not None and conn.seat is not None
    if conn.room.started:
        conn.send({"k": "refused", "cid": None, "reason": "started", "seq": None})
        return
    if conn.seat.ready != msg["ready"]:
        conn.progress = relay.clock()
    conn.seat.ready = msg["ready"]
    relay.lobby(conn.room)


def refuse(conn: "Conn", reason: str, cid: int | None = None) -> None:
    conn.send({"k": "refused", "cid": cid, "reason": reason, "seq": None})


def on_start(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room, seat = conn.room, conn.seat
    assert room is not None and seat is not None
    if seat.index != room.host:
        return refuse(conn, "not_host")
    if room.started:
        return refuse(conn, "started")
    if any(s.status == "away" or (s.status == "here" and not s.ready and s.index != room.host)
           for s in room.seats):
        return refuse(conn, "not_ready")
    if room.open_seat() is not None and not room.allow_bots:
        return refuse(conn, "seats_open")
    room.start(secrets.randbits(63))
    progress(relay, room)
    log.info("room %s started", room.code)
    relay.broadcast(room, encode({"k": "started", "seed": room.seed, "members": room.members()}))


def on_cmd(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room, by = conn.room, conn.seat
    assert room is not None and by is not None
    cid = msg["cid"]
    lim = relay.limits
    if size > lim.max_cmd:
        return refuse(conn, "too_big", cid)
    if cid <= by.last_cid:
        return refuse(conn, "duplicate", cid)
    if not room.started:
        return refuse(conn, "not_started", cid)
    cmd = msg["cmd"]
    seat = cmd.get("seat", by.index)
    if seat != by.index and not (by.index == room.host and seat < len(room.seats)
                                 and room.seats[seat].status == "bot"):
        return refuse(conn, "seat", cid)
    need = size + STAMP_OVERHEAD
    fits = room.has_room_for(seat, need, lim.max_log_bytes)
    if len(room.log) >= lim.max_log or not fits:
        return refuse(conn, "log_full", cid)
    if not relay.space.make_space(lambda: relay.space.fits(need, room), room, "a playing room needs space"):
        if not room.over_budget:
            room.over_budget = True
            log.warning("room %s: commands refused past its %d guaranteed bytes: the relay is "
                        "full (%s)", room.code, lim.room_reserve, relay.space.text())
        return refuse(conn, "log_full", cid)
    before = room.log_bytes
    relay.broadcast(room, frame(room.stamp(by.index, seat, cid, cmd)), conn)
    relay.space.pool.grow(room.code, room.log_bytes - before)
    conn.progress = relay.clock()


def on_hash(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room, seat = conn.room, conn.seat
    assert room is not None and seat is not None
    lim = relay.limits
    found = room.note_hash(seat.index, msg["seq"], msg["hash"], lim.hash_window,
                           now=relay.clock(), every=lim.desync_every, seqs=lim.desync_seqs)
    if found is None:
        return
    notice, tell, outvoted = found
    log.info("room %s desync at seq %d: seats %s differ%s", room.code, msg["seq"], tell,
             " from the majority" if outvoted else "")
    data = encode(notice)
    for i in tell:
        c = room.seats[i].conn
        if c is not None:
            c.send_raw(data)
        if outvoted:
            room.strikes[i] = room.strikes.get(i, 0) + 1
            if room.strikes[i] >= lim.desync_strikes and c is not None:
                remove_diverged(relay, room, room.seats[i], c)


def remove_diverged(relay: "Relay", room: Room, seat: Seat, conn: "Conn") -> None:
    """A seat outvoted `desync_strikes` times (its hash against the agreed one after the
    resyncs it was told to do): it leaves the race, which goes on without it."""
    log.warning("room %s seat %d removed: its hash differed from the majority's %d times",
                room.code, seat.index, room.strikes[seat.index])
    conn.room = conn.seat = None
    relay.tokens.pop(seat.token or "", None)
    relay.guard(room, room.leave, seat)
    conn.fail("diverged", f"this seat's state differed from the room's "
                          f"{relay.limits.desync_strikes} times after resyncing: it was "
                          f"removed from the game")
    if not relay.over(room):
        relay.guard(room, room.pass_host)
        relay.lobby(room)


def on_bot(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room, seat = conn.room, conn.seat
    assert room is not None and seat is not None
    if seat.index != room.host:
        return refuse(conn, "not_host")
    if not room.allow_bots:
        return refuse(conn, "no_bots")
    i = msg["seat"]
    if i >= len(room.seats) or i == room.host:
        return refuse(conn, "bad_seat")
    target = room.seats[i]
    allowed = ("away", "gone", "open") if msg["on"] else ("bot",)
    if target.status not in allowed or (target.status == "open" and room.started):
        return refuse(conn, "bad_seat")
    old = target.token
    room.set_bot(target, msg["on"])
    if old is not None and target.token != old:
        relay.tokens.pop(old, None)
    relay.lobby(room)


def on_sync(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room = conn.room
    assert room is not None
    if not room.started:
        return refuse(conn, "not_started")
    if not conn.syncing:
        start_resync(relay, conn, room, min(msg["from"], len(room.log) + 1))


def on_ping(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    conn.send({"k": "pong", "n": msg["n"]})


def on_leave(relay: "Relay", conn: "Conn", msg: dict[str, Any], size: int) -> None:
    room, seat = conn.room, conn.seat
    assert room is not None and seat is not None
    log.info("conn %d left room %s seat %d", conn.id, room.code, seat.index)
    conn.room = conn.seat = None
    relay.tokens.pop(seat.token or "", None)
    try:
        room.leave(seat)
    finally:
        conn.send({"k": "bye"})
        conn.flush()
        conn.end()
    if relay.over(room):
        return
    room.pass_host()
    relay.lobby(room)


# ---- resync -------------------------------------------------------------------
def start_resync(relay: "Relay", conn: "Conn", room: Room, start: int) -> None:
    """Send the log from `start` in chunks. Live broadcasts to this connection wait
    until it has caught up; a long log is streamed with flow control, and within
    the address's resync byte rate."""
    budget = relay.limits.max_frame - 256
    bucket = relay.police.sync_bucket(conn.addr)
    if bucket.tokens >= 0.0:
        body, nxt = room.resync_body(start, budget)
        bucket.spend(len(body))
        conn.send_raw(frame(body))
        if nxt > len(room.log):
            return
        start = nxt
    conn.syncing = True
    task = asyncio.create_task(stream(relay, conn, room, start, budget))
    relay.tasks.add(task)
    task.add_done_callback(relay.tasks.discard)


async def stream(relay: "Relay", conn: "Conn", room: Room, start: int, budget: int) -> None:
    try:
        while not conn.closing:
            conn.flush()
            await conn.drain(relay.limits.idle_timeout)
            bucket = relay.police.sync_bucket(conn.addr)
            while bucket.tokens < 0.0 and not conn.closing:
                await asyncio.sleep(min(max(bucket.wait(), 0.005), 0.25))
                bucket = relay.police.sync_bucket(conn.addr)
            if conn.closing or conn.room is not room:
                return
            body, start = room.resync_body(start, budget)
            bucket.spend(len(body))
            conn.send_raw(frame(body))
            if start > len(room.log):
                conn.syncing = False   # no await since the chunk: nothing was missed
                return
    except asyncio.TimeoutError:
        conn.cut("the resync was not read in time")
    finally:
        conn.syncing = False


HANDLERS: dict[str, Callable[["Relay", "Conn", dict[str, Any], int], None]] = {
    "hello": on_hello, "create": on_create, "join": on_join, "resume": on_resume,
    "ready": on_ready, "start": on_start, "cmd": on_cmd, "hash": on_hash, "bot": on_bot,
    "sync": on_sync, "ping": on_ping, "leave": on_leave,
}
