"""The turn-table base every table scene builds on: the session and its listening, the
hot-seat policy, submitting with a readable error and a sound, undo against bots, bots
played off the frame loop (through the registry's `bot_for`), the
deadline ticks of timed games, "game over" to the results, Esc to pause, and the button
bar. A table adds only its own drawing and play-building, through these hooks:

- `refresh()`: read the session's view for the seat on screen (`self.viewer`);
- `on_events(events)`: what just happened, as the seat on screen may see it;
- `on_undone()`: a play was taken back (the view jumps back);
- `lay_out(fr)`: where everything goes for the window (only when its size changes);
- `controls()`: the buttons and hit targets for the state now (every frame, never in draw);
- `step(dt)`: the table's own per-frame work (animations, helpers);
- `on_key(ev)` (a key down), `on_input(ev)` (any other event): input the bar did not take;
- `cancel()`: Esc drops a half-made choice first (True when it did);
- `still()`: False while the table animates (bots and the end screen wait);
- `moving()`: True while something else changes on its own (scores counting up);
- `timer_in()`: seconds to the next change a clock on screen shows (None: no clock).

Redraw on demand (scenes/stack.py): a table is drawn after any input, whenever the
session tells it something, when a worker's answer lands, and every frame only while it
animates; it asks to be woken for a bot's move, a deadline or a clock's next second.

Drawing is read-only: everything `draw` needs is computed in `lay_out` and `controls`.

A new table (the next game's): subclass TurnTable, pass `make_private` (a dataclass of
one seat's half-made choices, reached as `self.hot.mine`), read `self.session.view(
self.viewer)` in `refresh`, build its buttons with `Button(name, action, label, keys=...)`
(plus `menu_button` / `undo_button`) into `self.bar`, word the banner with `BannerWords`
and `banner_text(view["status"], ...)`, show the log with scenes/common/logpanel.py over
`self.events_seen()` (the whole of it, drawn through `self.log_view`, which the wheel
over it and PageUp / PageDown scroll back), judge a half-made play with `self.check(cmd)`, and send it with
`self.submit(cmd)`. Geometry is scenes/ui/geometry.Frame (`self.fr`); long work goes to
scenes/ui/worker.Latest."""
from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from engine.core.errors import RuleError
from engine.registry import bot_for, spec_for
from scenes.common import tablesettings
from scenes.common.handoff import HandoffCurtain
from scenes.common.hotseat import HotSeat
from scenes.common.logpanel import LogView
from scenes.common.names import player_name
from scenes.common.seatspanel import SeatsPanel
from scenes.stack import Scene
from scenes.ui.buttons import Button, ButtonBar
from scenes.ui.geometry import Frame
from scenes.ui.i18n import lang, reword_in, said, t
from scenes.ui.worker import BotTurns

log = logging.getLogger(__name__)

Message = tuple[str, str]        # (text, "error" | "info" | "good")
SEATS_KEY = pygame.K_F5          # the seats panel (a game with phones): who plays at the TV, who on a phone


class TurnTable(Scene):
    bot_pause = 0.6              # seconds a bot's move waits at normal speed, so people can follow
    results_at_end = True        # False: the table shows its own end screen, then the results
    table_at_end = True          # the game over: the table's view on screen (not one seat's)

    def __init__(self, app: Any, session: Any, make_private: Callable[[], Any] = dict) -> None:
        super().__init__(app)
        self.session = session
        self.game = str(session.rules.game)
        self.spec = spec_for(self.game)
        self.n = int(session.seats)
        self.players: list[dict] = list(session.players or [])
        # the people at the TV (the curtain is for them only); a phone seat plays on its phone
        self.humans = self.at_tv()
        self.hot: HotSeat[Any] = HotSeat(session, self.humans, hidden=self.spec.hidden_information,
                                         make_private=make_private, table_at_end=self.table_at_end)
        self.bots = BotTurns(session, self.make_bot, delay=self.bot_pause)
        self.bar = ButtonBar()
        self.log_view = LogView()                # the log panel's scroll (scenes/common/logpanel.py)
        self.message: Message | None = None
        self.ended_shown = False
        self.fr = Frame(app.size)
        self._laid: tuple[int, int] | None = None
        self._heard: int | None | bool = False     # the seat the listener hears as (False: none)
        self._lang = lang()                        # the language its texts are in
        self.restore_table_settings(tablesettings.load(getattr(session, "log_path", None)))

    # ---- seats ---------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat on screen (None: the table's view; under the curtain, always None)."""
        return self.hot.viewer

    def name(self, seat: int) -> str:
        return player_name(self.players, seat)

    def is_bot(self, seat: int) -> bool:
        return bool(self.session.is_bot(seat))

    def on_phone(self, seat: int) -> bool:
        return seat < len(self.players) and self.players[seat].get("kind") == "phone"

    def phone_state(self, seat: int) -> str | None:
        """None for a seat not on a phone; else the phone table's word for it ("here",
        "away", "grace", "bot", "back": net/phones/table.py)."""
        phones = getattr(self.app, "phones", None)
        if not self.on_phone(seat):
            return None
        return phones.state(seat) if phones is not None else "here"

    def switch_phones(self) -> bool:
        """F2: a phone seat away past its grace goes to a bot; one whose phone is back
        returns to it."""
        phones = getattr(self.app, "phones", None)
        if phones is None or not phones.switch():
            return False
        self.bots.cancel()                # a move thought out for the seat's old player is dropped
        self.refresh()
        self.request_redraw()
        return True

    def at_tv(self) -> list[int]:
        """The seats played by a person at the TV."""
        return [s for s in range(self.n) if not self.session.is_bot(s) and not self.on_phone(s)]

    def seat_place(self, seat: int) -> str:
        """Where `seat` is played: "tv", "phone" or "bot" (a bot from the set-up)."""
        if self.on_phone(seat):
            return "phone"
        return "bot" if self.players[seat].get("kind") == "bot" else "tv"

    def can_hand_over(self) -> bool:
        """Seats may move between the TV and phones: a game with phones, not over."""
        return getattr(self.app, "phones", None) is not None and self.session.outcome() is None

    def hand_over(self, seat: int, to: str) -> bool:
        """The seats panel: `seat` moves to a phone (`to` "phone": a phone joins it from the
        code on the TV) or to a person at the TV ("tv"). The phone that held it is closed;
        the session's players (and Play again's) say "phone" or "human", and the room kept
        beside the log for Continue (net/phones/keep.py) says where each seat is played; the
        log itself is untouched (a handover is not a game event).
        Whoever leaves the TV takes nothing of theirs with them from the screen, and the
        next person shown comes behind the curtain."""
        if not self.can_hand_over() or self.seat_place(seat) in ("bot", to):
            return False
        self.bots.cancel()                # a move thought out for the seat's old player is dropped
        self.app.phones.hand(seat, to, str(self.players[seat].get("name") or ""))   # phones word "Player n" themselves
        kind = "phone" if to == "phone" else "human"
        self.players[seat] = dict(self.players[seat], kind=kind)
        setup = getattr(self.app, "last_setup", None)
        if setup and seat < len(setup.get("players") or []):
            setup["players"] = [dict(p, kind=kind) if s == seat else p for s, p in enumerate(setup["players"])]
        viewer = self.viewer
        if self.hot.reseat(self.at_tv()):          # the curtain was up for the seat that left
            for scene in [s for s in self.stack.scenes if isinstance(s, HandoffCurtain) and s.seat == seat]:
                self.stack.remove(scene)
        self.humans = self.hot.humans
        if self.viewer != viewer:
            self._show(self.viewer)
        self.request_redraw()
        return True

    def open_seats(self) -> bool:
        """F5 (and the pause menu's Seats): the seats panel, while the game has phones."""
        if getattr(self.app, "phone_host", None) is None or getattr(self.app, "phones", None) is None:
            return False
        self.stack.push(SeatsPanel(self.app, self))
        return True

    def make_bot(self, seat: int, level: str) -> Any:
        return bot_for(self.game, self.session.options.get("variant"), level, seat, self.session.seed)

    # ---- the app's services ------------------------------------------------------------------
    @property
    def anim_factor(self) -> float:
        """How long animations take relative to normal (0 = off: instant)."""
        return float(self.app.settings.anim_factor)

    def sound(self, name: str) -> None:
        self.app.sound.play(name)

    def open_pause(self) -> bool:
        self.app.pause()
        return True

    def show_results(self) -> None:
        if self.session.outcome() is not None:
            self.app.show_results(self.session)

    # ---- settings changed at the table (kept beside the log: Continue restores them) -------------
    def table_settings(self) -> dict[str, Any]:
        """What a person changed at this table, to keep with the saved game."""
        return {}

    def restore_table_settings(self, data: dict[str, Any]) -> None:
        """The kept settings back (called at the end of TurnTable.__init__); unknown or
        unusable values are ignored."""

    def save_table_settings(self) -> None:
        """Keep `table_settings()` with the saved game (scenes/common/tablesettings.py)."""
        tablesettings.save(getattr(self.session, "log_path", None), self.table_settings())

    # ---- the session ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.sync_seat(may_curtain=False)    # one person: their view from the first frame
        self._listen()
        self.refresh()
        self._relayout()

    def leave(self) -> None:
        self._stop_listening()

    def _listen(self) -> None:
        """Hear the session as the seat on screen (the table's view under the curtain)."""
        if self._heard is not False and self._heard == self.viewer:
            return
        self._stop_listening()
        self.session.add_listener(self._heard_events, self.viewer)
        self._heard = self.viewer

    def _stop_listening(self) -> None:
        if self._heard is not False:
            self.session.remove_listener(self._heard_events)
            self._heard = False

    def _heard_events(self, session: Any, events: list[dict]) -> None:
        if events:
            self.on_events(events)
        else:
            self.log_view.forget()
            self.on_undone()
        self.refresh()
        self.request_redraw()

    def _show(self, seat: int | None) -> None:
        """The hot-seat policy changed the seat on screen."""
        self.message = None
        self.log_view.reset()
        self._listen()
        self.refresh()
        self.request_redraw()

    def _handoff(self, seat: int, lift: Callable[[], None]) -> bool:
        self.app.handoff(seat, lift, self.name(seat))
        return True

    def events_seen(self) -> list[dict]:
        """The log so far as the seat on screen may see it."""
        return self.session.events_for(self.viewer)

    def submit(self, cmd: dict) -> bool:
        """Send a command; a refusal shows the rule's message and sounds the error."""
        self.message = None
        try:
            self.session.submit(cmd)
        except RuleError as e:
            self.message = (said(lambda err=e: err.message(lang())), "error")
            self.sound("error")
            return False
        return True

    def check(self, cmd: dict) -> RuleError | None:
        """Would the rules take `cmd` now? (a dry run: nothing is sent)"""
        return self.session.check(cmd)

    # ---- taking back a play against bots -------------------------------------------------------
    @property
    def undo_seat(self) -> int | None:
        """The seat on this device that may take back its plays: the one person at a table
        of bots (None at a table of several people or of bots only)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def can_undo(self) -> bool:
        """Exactly the session's answer for the seat on this device (the rules refuse a
        take-back that would unlearn a secret)."""
        seat = self.undo_seat
        return seat is not None and not self.hot.curtain_up and self.still() and self.session.can_undo(seat)

    def undo(self) -> bool:
        """Take back the last play of the seat on this device (and the bots' since)."""
        if not self.can_undo():
            return False
        seat = self.undo_seat
        assert seat is not None
        self.bots.cancel()               # a bot's move thought out on the later state is dropped
        if not self.session.undo(seat):
            return False
        self.hot.forget(seat)
        self.message = None
        self.ended_shown = False
        self.refresh()
        self.sound("click")
        return True

    # ---- the buttons every table has -----------------------------------------------------------
    def menu_button(self, label_key: str, **kw: Any) -> Button:
        """The menu (pause) button: Esc, when there is no half-made choice to drop."""
        return Button("menu", self.open_pause, t(label_key), keys=(pygame.K_ESCAPE,), **kw)

    def undo_button(self, label_key: str, **kw: Any) -> Button:
        """Take back a play against bots: U, Ctrl+Z (Ctrl+U), shown only where it can be."""
        return Button("undo", self.undo, t(label_key), keys=(pygame.K_u,), ctrl_keys=(pygame.K_z, pygame.K_u),
                      visible=self.undo_seat is not None, enabled=self.can_undo(), **kw)

    # ---- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        phones = getattr(self.app, "phones", None)
        if phones is not None:               # phones' moves, once a frame, on this thread
            phones.pump()
        self.sync_seat()
        if self.hot.curtain_up:
            return
        self.step(dt)
        self.drive_bots(dt)
        self.drive_clock()
        self.sync_seat()
        if self.session.outcome() is not None and not self.ended_shown and self.still():
            self.ended_shown = True
            self.sound("end")
            self.refresh()
            if self.results_at_end:
                self.show_results()
                return
        self._relayout()

    def sync_seat(self, may_curtain: bool = True) -> None:
        self.hot.sync(self._show, self._handoff, may_curtain)

    def keep_screen(self, seat: int | None = None) -> None:
        """The person on screen (or `seat`, called to it under the curtain) keeps the screen
        and the game waits until `free_screen`: a secret result to read before the curtain
        rises, something to do off turn."""
        seat = self.viewer if seat is None else seat
        if seat is not None:
            self.hot.pin(seat)
            self.request_redraw()

    def free_screen(self) -> None:
        """Done: the screen goes where the game needs it (the curtain if the person changes)."""
        self.hot.unpin()
        self.request_redraw()

    def bots_wait(self) -> bool:
        """The bots wait for the table (it animates, or shows something to be read)."""
        return not self.still() or self.hot.pinned is not None

    def drive_bots(self, dt: float) -> None:
        """Bots think in a thread; their moves wait while the table is not still or a
        person holds the screen (`keep_screen`). A bot's refused or failed move must not
        stop the game: the first legal command instead."""
        self.bots.delay = self.bot_pause * self.anim_factor
        if self.bots_wait():
            return
        try:
            self.bots.update(dt)
        except Exception as e:
            log.warning("%s bot move failed: %r", self.game, e)
            seat = self.bots.seat
            if seat is not None and seat in self.session.to_act():
                cmd = next(iter(self.session.rules.legal_commands(self.session.view(seat), seat)), None)
                try:
                    if cmd is not None:
                        self.session.submit(cmd)
                except RuleError as refused:
                    log.warning("%s fallback move refused: %r", self.game, refused)

    def drive_clock(self) -> None:
        """A timed game's deadline passed on the session's clock: the tick that says so."""
        due = self.session.next_deadline()
        if due is not None and self.session.now_ms() >= due:
            try:
                self.session.submit({"type": "tick", "seat": None})
            except RuleError:
                pass

    # ---- redraw on demand ------------------------------------------------------------------------
    def animating(self) -> bool:
        """Under an overlay (pause) the table is not updated, so nothing of it moves."""
        return self.stack.top is self and (not self.still() or self.moving())

    def wake_after(self) -> float | None:
        if self.stack.top is not self:
            return None
        due = self.session.next_deadline()
        waits = [None if self.bots_wait() else self.bots.due_in(), self.timer_in(),
                 None if due is None else max(0.0, (due - self.session.now_ms()) / 1000)]
        waits = [w for w in waits if w is not None]
        return min(waits) if waits else None

    # ---- layout (never in draw) ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if lang() != self._lang:
            self.relang()
        self._laid = None
        self._relayout()

    def relang(self) -> None:
        """The language changed: every text on screen is said again in it at once, the
        sentences kept from earlier events (a message, the sentence at the table's centre,
        each seat's own) too, not only those made at the next event."""
        self._lang = lang()
        reword_in(self, skip=("app", "session", "hot", "bots"))
        for mine in self.hot._private.values():
            reword_in(mine)
        self.refresh()
        self.request_redraw()

    def _relayout(self) -> None:
        size = self.app.size
        if size != self._laid:
            self.fr = Frame(size)
            self.lay_out(self.fr)
            self._laid = size
        self.controls()

    # ---- input ---------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> bool:
        if self.hot.curtain_up:
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_F2 and self.switch_phones():
                return True
            if ev.key == SEATS_KEY and self.open_seats():
                return True
            if ev.key == pygame.K_ESCAPE:      # a half-made choice first, then the menu button
                return self.cancel() or self.bar.key(ev) or self.open_pause()
            return self.on_key(ev) or self.bar.key(ev) or self.log_view.handle(ev)
        if self.log_view.handle(ev):               # the wheel over the log panel
            self.request_redraw()
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.bar.hover(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.bar.at(ev.pos) is not None:
            self.sound("click")
            return self.bar.click(ev.pos)
        return self.on_input(ev)

    # ---- hooks -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the view for the seat on screen."""

    def on_events(self, events: list[dict]) -> None:
        """Events just folded, as the seat on screen may see them."""

    def on_undone(self) -> None:
        """A play was taken back."""

    def lay_out(self, fr: Frame) -> None:
        """Where everything goes at this window size."""

    def controls(self) -> None:
        """The buttons and hit targets for the state now (`self.bar.set(...)`)."""

    def step(self, dt: float) -> None:
        """The table's own per-frame work."""

    def still(self) -> bool:
        return True

    def moving(self) -> bool:
        return False

    def timer_in(self) -> float | None:
        return None

    def cancel(self) -> bool:
        return False

    def on_key(self, ev: pygame.event.Event) -> bool:
        return False

    def on_input(self, ev: pygame.event.Event) -> bool:
        return False
