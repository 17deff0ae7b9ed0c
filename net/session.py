"""The online game for the pygame client: `Lobby` (connect, host or join, ready, start)
and `NetworkSession`, which reads like a LocalSession for the scenes.

Everything is non-blocking: the relay link runs on a background thread
(net.client.ThreadedRelayClient) and the scene calls `poll()` once a frame, which folds
whatever arrived; the host's bots think on a small thread pool (a race bot's plan can
take a few frames), and `poll()` sends their commands once they are ready. `submit(cmd)`
sends and returns at once: the command takes effect when it comes back stamped, like
everyone else's. Refusals (the relay's, and the rules'
for commands this client sent) go to `error_listeners` as plain dicts:
{"kind": "rule" | "relay" | "link", "code": catalog key, "params", "seat", "cid", "seq"}.
Listeners get `(session, new_events)` after each fold, and `(session, [])` when
everything should be redrawn (a status change, members, a refold after a resync).

The game is logged like a local one (same header, plus "online": {code, seat}), so
it replays in the viewer and passes `python main.py replay FILE --verify`.
"""
from __future__ import annotations

import concurrent.futures
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from engine.core.events import Command, Event
from engine.core.reading import Listening, StateReader
from engine.core.lockstep import Lockstep
from engine.core.logstore import LogWriter, make_header, new_log_path
from engine.core.rules import Outcome
from engine.registry import rules_for
from net.botclient import BotSeats, clean_command, tick_delay
from net.client import ThreadedRelayClient
from net.fold import CHECKPOINT_EVERY, Follower, game_options

Listener = Callable[["NetworkSession", list[Event]], None]
ErrorListener = Callable[["NetworkSession", dict[str, Any]], None]
Message = dict[str, Any]
BOT_THREADS = 2      # bots think in turn on these (the GIL shares them with the frames anyway)


class Lobby:
    """Before the game: the relay link, the room, who is there. `poll()` once a frame;
    once `started` is true, `session()` gives the NetworkSession (it keeps the messages
    that came after the start)."""

    def __init__(self, host: str, port: int, *, name: str, game: str, rules: Any = None,
                 client: ThreadedRelayClient | None = None) -> None:
        self.rules = rules or rules_for(game)
        self.client = client or ThreadedRelayClient(
            host, port, game=self.rules.game, rules_version=self.rules.rules_version, name=name,
            auto_resync=False)      # the session's Follower decides (Follower.on_desync)
        self.room: Message | None = None
        self.members: list[dict[str, Any]] = []
        self.host_seat: int | None = None
        self.seed: int | None = None
        self.error: Message | None = None    # the "closed" message if the link ended
        self._after: list[Message] = []

    # ---- actions (futures resolve on the relay thread) -----------------------------
    def connect(self) -> concurrent.futures.Future[Message]:
        return self.client.connect()

    def host(self, variant: str, seats: int, options: Mapping[str, Any] | None = None,
             allow_bots: bool = False) -> concurrent.futures.Future[Message]:
        return self.client.create(variant, seats, dict(options or {}), allow_bots)

    def join(self, code: str) -> concurrent.futures.Future[Message]:
        return self.client.join(code)

    def resume(self, token: str) -> concurrent.futures.Future[Message]:
        """Take a seat back (a restarted game): the whole log is refolded."""
        return self.client.resume(token, 0)

    def set_ready(self, ready: bool = True) -> None:
        self.client.set_ready(ready)

    def start(self) -> None:
        self.client.start_game()

    def set_bot(self, seat: int, on: bool = True) -> None:
        self.client.set_bot(seat, on)

    # ---- state -------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.client.client.seat

    @property
    def code(self) -> str | None:
        return self.client.client.code

    @property
    def is_host(self) -> bool:
        return self.seat is not None and self.seat == self.host_seat

    @property
    def started(self) -> bool:
        return self.seed is not None

    def poll(self) -> list[Message]:
        """Take the lobby's messages (room, lobby, started, refused, closed); returns them."""
        taken: list[Message] = []
        for msg in self.client.poll():
            if self.started:
                self._after.append(msg)
                continue
            taken.append(msg)
            k = msg["k"]
            if k == "room":
                self.room = msg
                self.members, self.host_seat = list(msg["members"]), msg["host"]
                if msg["started"]:
                    self.seed = int(msg["seed"])
            elif k == "lobby":
                self.members, self.host_seat = list(msg["members"]), msg["host"]
            elif k == "started":
                self.members, self.seed = list(msg["members"]), int(msg["seed"])
            elif k == "closed":
                self.error = msg
        return taken

    def session(self, **kw: Any) -> "NetworkSession":
        assert self.room is not None and self.seed is not None, "the game has not started"
        s = NetworkSession(self.client, self.room, self.seed, rules=self.rules,
                           members=self.members, host_seat=self.host_seat, **kw)
        s.feed(self._after)
        self._after = []
        return s

    def close(self, leave: bool = False) -> None:
        self.client.close(leave=leave)


class NetworkSession(StateReader, Listening):
    """One online game as the scenes see it (check, events_for, add_listener and the
    view header come from engine/core/reading.py, as for a LocalSession). `players` is one dict per seat
    ({"name", "kind": "human" | "bot", "level"}); `seat` is this client's seat."""

    def __init__(self, client: ThreadedRelayClient, room: Mapping[str, Any], seed: int, *,
                 rules: Any = None, members: list[dict[str, Any]] | None = None,
                 host_seat: int | None = None, log: bool = True, log_dir: Path | None = None,
                 checkpoint_every: int = CHECKPOINT_EVERY, lockstep: Lockstep | None = None,
                 clock: Callable[[], float] = time.monotonic, level: str = "normal") -> None:
        self.client = client
        self.rules = rules or rules_for(str(room["game"]))
        self.code = str(room["code"])
        self.seat = int(room["seat"])
        self.token = str(room["token"])
        self.variant = str(room["variant"])
        self.options = game_options(self.variant, room["options"])
        self.members: list[dict[str, Any]] = list(members or room["members"])
        self.seats = len(self.members)
        self.host_seat = host_seat if host_seat is not None else int(room["host"])
        self.seed = int(seed)
        self.level = level
        self.listeners: list[Listener] = []
        self.error_listeners: list[ErrorListener] = []
        self.status = "live"            # "live" | "reconnecting" | "closed"
        self.closed: Message | None = None
        self.desyncs = 0
        self.players = self._players()
        self.writer: LogWriter | None = None
        if log:
            header = make_header(self.rules.game, self.variant, self.seats, self.seed,
                                 self.rules.rules_version, self.options, self.players)
            header["online"] = {"code": self.code, "seat": self.seat}
            self.writer = LogWriter(new_log_path(self.rules.game, self.variant, self.seed, log_dir),
                                    header)
        ls = lockstep or Lockstep(self.rules, self.seats, self.options, self.seed)
        self._follower = Follower(ls, writer=self.writer, send_hash=client.send_hash,
                                  checkpoint_every=checkpoint_every, clock=clock)
        self._follower.clock.started(ls.last_t)
        self._bots = BotSeats(self._send)
        self._bot_factory: Callable[[int], Any] | None = None

    # ---- reading (as LocalSession) -------------------------------------------------
    @property
    def lockstep(self) -> Lockstep:
        return self._follower.lockstep

    @property
    def state(self) -> Any:
        return self.lockstep.state

    @property
    def events(self) -> list[Event]:
        return self.lockstep.events

    @property
    def log_path(self) -> Path | None:
        return self.writer.path if self.writer else None

    @property
    def seq(self) -> int:
        """The last relay seq folded."""
        return self.lockstep.seq

    @property
    def reconnecting(self) -> bool:
        return self.status == "reconnecting"

    @property
    def is_host(self) -> bool:
        return self.seat == self.host_seat

    def view(self, seat: int | None) -> dict:
        return self.lockstep.view(seat)

    def to_act(self) -> frozenset[int]:
        return self.lockstep.to_act()

    def outcome(self) -> Outcome | None:
        return self.lockstep.outcome()

    def hash(self) -> str:
        return self.lockstep.hash()

    def is_bot(self, seat: int) -> bool:
        return self.players[seat].get("kind") == "bot"

    def now_ms(self) -> int:
        """The game time (ms) by the relay's clock, as seen from here."""
        return self._follower.clock.now_ms()

    def can_undo(self, seat: int) -> bool:
        return False                      # online plays are never taken back

    def _players(self) -> list[dict[str, Any]]:
        return [{"name": m["name"] or "",
                 "kind": "bot" if m["status"] == "bot" else "human", "level": self.level}
                for m in self.members]

    # ---- acting ---------------------------------------------------------------------
    def submit(self, cmd: Command) -> int:
        """Send a command for this client's seat (or, as host, a bot-held seat); returns
        its cid at once. It takes effect when it comes back stamped."""
        cmd = dict(cmd)
        if cmd.get("type") != "tick":
            cmd.setdefault("seat", self.seat)
        return self._send(clean_command(cmd))

    def _send(self, cmd: dict[str, Any]) -> int:
        return self.client.send_command(cmd)

    def set_bot(self, seat: int, on: bool = True) -> None:
        """Host: hand a dropped seat to a bot (or give it back); the relay confirms
        through a lobby message, and `run_bots`' factory then plays it."""
        self.client.set_bot(seat, on)

    def run_bots(self, factory: Callable[[int], Any]) -> None:
        """Host side: `factory(seat)` makes the bot for each seat the relay shows as
        bot-held; `poll()` plays them (and stops for seats their players take back).
        The bots think off the frame loop, on a thread pool this session owns."""
        self._bot_factory = factory
        if self._bots.executor is None:
            self._bots.executor = concurrent.futures.ThreadPoolExecutor(
                BOT_THREADS, thread_name_prefix=f"bots-{self.code}")
        self._sync_bots()

    def _sync_bots(self) -> None:
        if self._bot_factory is None:
            return
        for m in self.members:
            s = m["seat"]
            if s != self.seat and self.is_host and m["status"] == "bot":
                self._bots.add(s, self._bot_factory(s))
            else:
                self._bots.remove(s)

    # ---- the frame loop ---------------------------------------------------------------
    def poll(self, max_messages: int | None = None) -> list[Event]:
        """Fold what has arrived, play the host's bots, send a due tick; the new events."""
        new = self.feed(self.client.poll(max_messages))
        f = self._follower
        if self.status != "closed":
            if self._bots.seats:
                self._bots.act(f.lockstep, f.clock.now_ms())
            if f.tick_due(tick_delay(self.seat, self.host_seat)):
                self._send({"type": "tick"})
        return new

    def feed(self, messages: list[Message]) -> list[Event]:
        """Handle relay messages (poll does this; exposed for the lobby's hand-over)."""
        new: list[Event] = []
        for msg in messages:
            new += self._handle(msg)
        return new

    def _handle(self, msg: Message) -> list[Event]:
        k = msg["k"]
        f = self._follower
        if k in ("stamped", "resync"):
            before = len(f.lockstep.events)
            seq = f.seq
            folded = f.take(msg)
            if f.gap is not None:
                self.client.request_sync(f.gap)
            rewound = f.seq < seq or len(f.lockstep.events) < before
            self._bots.settle(folded, self.seat, f.lockstep, f.clock.now_ms())
            new = [e for x in folded for e in x.events]
            for x in folded:
                if x.refusal is not None and x.record["by"] == self.seat:
                    self._error({"kind": "rule", "code": x.refusal.code,
                                 "params": dict(x.refusal.params), "seat": x.refusal.seat,
                                 "cid": x.refusal.cid, "seq": x.refusal.seq})
            if rewound:                   # refolded from an earlier seq: redraw everything
                self._tell([])
                return []
            if new:
                self._tell(new)
            return new
        if k in ("lobby", "started", "room"):
            self.members = list(msg["members"])
            if "host" in msg:
                self.host_seat = int(msg["host"])
            self.players = self._players()
            self._sync_bots()
            self._tell([])
        elif k == "refused":
            self._bots.relay_refused(msg["cid"])
            self._error({"kind": "relay", "code": f"net.refused.{msg['reason']}", "params": {},
                         "seat": self.seat, "cid": msg["cid"], "seq": None})
        elif k == "desync":
            self.desyncs += 1
            if self._follower.on_desync(msg, self.seat):
                self.client.request_sync(1)
        elif k == "link":
            self.status = "live" if msg["up"] else "reconnecting"
            self._tell([])
        elif k == "closed":
            self.status = "closed"
            self.closed = msg
            self._error({"kind": "link", "code": f"net.err.{msg['code']}", "params": {},
                         "seat": self.seat, "cid": None, "seq": None})
            self._tell([])
        return []

    def _error(self, info: dict[str, Any]) -> None:
        for fn in list(self.error_listeners):
            fn(self, info)

    @property
    def bots_thinking(self) -> bool:
        """Whether a host-run bot is still thinking (its command is sent when it is done)."""
        return self._bots.thinking

    def close(self, leave: bool = False) -> None:
        self._bot_factory = None                # no bot plays for a closed session
        for seat in list(self._bots.seats):
            self._bots.remove(seat)
        if self._bots.executor is not None:     # a plan still running finishes unheard
            self._bots.executor.shutdown(wait=False, cancel_futures=True)
        if self.writer is not None:
            self.writer.close()
        self.client.close(leave=leave)
