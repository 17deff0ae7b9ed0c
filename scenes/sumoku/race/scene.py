"""The couch race: Sumoku's speed race, real-time grab and team race for 2-4 local
players (mouse, two keyboard layouts, pads) and bots, split screen on one window.

The scene never changes game state itself: input becomes commands sent to the session
in the order it arrives, the round clock becomes tick commands when the rules'
`next_deadline` is due, bots plan off the frame loop (BotDriver). New log events drive
the effects: the countdown, "Sumoku!" bursts, penalty pops, banners, the results."""
from __future__ import annotations

import logging
from typing import Any

import pygame

from engine.core.errors import RuleError
from engine.sumoku.grab import goal
from scenes.sumoku.race import devices, lobby
from scenes.sumoku.race.botdriver import BotDriver
from scenes.sumoku.race.controls import LocalPlayer
from scenes.sumoku.race.effects import Effects, draw_countdown, install_sounds
from scenes.sumoku.race.layout import RaceLayout, race_layout
from scenes.sumoku.race.lobbyscreen import LobbyScreen
from scenes.sumoku.race.panes import CentrePane, GridPane, Pane, StripPane
from scenes.sumoku.race.result import ResultCard, RoundResult, at_end, from_event
from scenes.sumoku.race.topbar import BotsPane, TopBar
from scenes.stack import Scene
from scenes.common.names import player_name
from scenes.sumoku import style
from scenes.sumoku.tileart import tile_surface
from scenes.ui import style as ui_style
from scenes.ui.i18n import lang, reword, said, t

log = logging.getLogger(__name__)

TICK = {"type": "tick", "seat": None}
RESULTS_AFTER = 3.2          # s from the end of the match to the results screen
GO_SHOWN = 0.8
DRAG_SLOP = 4                # px the pointer moves before a press on a tile is a drag
# Refusals that name the winner of a conflict: told with the winner's name.
NAMED = {"err.sumoku.taken_by": "race.err.taken_by", "err.sumoku.claimed_first": "race.err.claimed_first",
         "err.sumoku.called_first": "race.err.called_first"}


def default_locals(players: list[dict], pads: list[int] | None = None) -> list[dict]:
    """Devices for the human seats, in seat order: one person gets both keyboard layouts
    and the mouse; else WASD, arrows, mouse, then pads (one each)."""
    humans = [s for s, p in enumerate(players) if p.get("kind") != "bot"][:lobby.MAX_LOCAL]
    if len(humans) == 1:
        return [{"seat": humans[0], "devices": ["keys1", "keys2", "mouse"]}]
    order = list(devices.DEVICE_ORDER) + [devices.pad_id(i) for i in (pads or [])]
    out = []
    for i, s in enumerate(humans):
        if i == 1 and len(humans) == 2:
            out[0]["devices"].append("mouse")
        out.append({"seat": s, "devices": [order[i] if i < len(order) else devices.pad_id(i)]})
    return out


class RaceScene(Scene):
    pad_native = True             # a pad per player: the raw pad events (scenes/ui/pad.py)
    def __init__(self, app: Any, session: Any, locals_: list[dict] | None = None, *,
                 lobby_first: bool = True) -> None:
        super().__init__(app)
        self._lang = lang()
        self.session = session
        self.rules = session.rules
        spec = locals_ if locals_ else default_locals(session.players)
        self.locals: list[LocalPlayer] = []
        for entry in spec:
            devs = list(entry.get("devices") or [entry.get("device", "keys1")])
            self.locals.append(LocalPlayer(int(entry["seat"]), devs))
        self.view: dict = session.view(None)
        self.variant: str = self.view["variant"]
        self.phase = "lobby" if lobby_first else "race"
        self.gate_ms = 0                  # no first tick before this (the lobby's own countdown)
        self.now = 0.0                    # the scene's clock (s), for effects and messages
        self.effects = Effects(int(getattr(session, "seed", 0)))
        self.repeat = devices.PadRepeat()
        self.pads: dict[int, object | None] = {}
        self.seen = len(session.events)
        self.go_at: float | None = None
        self.end_at: float | None = None
        self.results_shown = False
        self.result: RoundResult | None = None   # the last round's result, until the next round starts
        self.card = ResultCard()
        self.last_count = -1
        self.size: tuple[int, int] = (0, 0)
        self.layout: RaceLayout | None = None
        self.panes: list[Pane] = []
        self.pane_of: dict[int, Pane] = {}
        self.centre: CentrePane | None = None
        self.top: TopBar | None = None
        self.spare: BotsPane | None = None
        self.lobby_screen = LobbyScreen(self)
        self.mouse_drag: dict | None = None    # {"tile", "start", "moved", "pane"}: a tile carried by the mouse
        self.driver = BotDriver(session, self.bot_seats())
        install_sounds(getattr(app, "sound", None))
        if self.phase == "race" or not self.locals:
            self.begin()

    # ---- seats and names ----------------------------------------------------------------
    def bot_seats(self) -> list[int]:
        mine = {p.seat for p in self.locals}
        return [s for s, p in enumerate(self.session.players) if p.get("kind") == "bot" and s not in mine]

    def name(self, seat: int) -> str:
        return player_name(self.session.players, seat)

    def player_of(self, device: str) -> LocalPlayer | None:
        for p in self.locals:
            if device in p.devices:
                return p
        return None

    def local_teams(self) -> list[int]:
        if self.variant != "team":
            return []
        out: list[int] = []
        for p in self.locals:
            tm = self.view["teams"][p.seat]
            if tm not in out:
                out.append(tm)
        return out

    # ---- the session ---------------------------------------------------------------------
    @property
    def now_ms(self) -> int:
        return int(self.session.now_ms())

    def refresh(self) -> None:
        self.view = self.session.view(None)
        last = self.view.get("last_call") or {}
        for p in self.locals:
            lost = [tile for tile in p.picks if tile not in self.view.get("centre", p.picks)]
            p.sync(self.view)
            if lost and last.get("right") and last.get("seat") != p.seat and set(lost) & set(last.get("tiles") or []):
                p.say(said(lambda s=last["seat"]: t("race.err.taken_by", name=self.name(s))), self.now)
        for pane in self.panes:
            setter = getattr(pane, "set_view", None)
            if setter is not None:
                setter(self.view)
        if self.top is not None:
            self.top.set_view(self.view)

    def submit(self, player: LocalPlayer | None, cmd: dict) -> bool:
        try:
            self.session.submit(cmd)
        except RuleError as err:
            if player is not None:
                player.say(said(lambda e=err: self.refusal_text(e)), self.now)
                self.app.sound.play("error")
            return False
        return True

    def refusal_text(self, err: RuleError) -> str:
        """The refusal in the current language; a lost conflict names who won it."""
        seat = err.params.get("seat")
        if err.code in NAMED and isinstance(seat, int):
            return t(NAMED[err.code], name=self.name(seat))
        if err.code == "err.sumoku.teammate_cell":
            cell = [err.params.get("row"), err.params.get("col")]
            for ev in reversed(self.session.events):
                if ev.get("type") == "put" and ev.get("cell") == cell:
                    return t("race.err.teammate_cell", name=self.name(ev["seat"]))
        return err.message(lang())

    def act(self, player: LocalPlayer, action: str) -> None:
        if self.phase == "lobby":
            return
        v = self.view
        late_call = action == "call" and bool((v.get("last_call") or {}).get("right"))
        if not v.get("live") and action not in devices.MOVES and action not in ("prev", "next") and not late_call:
            if v.get("starts_at") is not None and not v.get("ended"):
                player.say(said(lambda: t("race.wait_countdown")), self.now, bad=False, seconds=1.5)
            return
        if self.variant == "grab" and action == "call" and len(player.picks) != 4:
            if player.current_message(self.now) is None:     # keep "too late: ..." in view
                player.say(said(lambda: t("race.pick_four")), self.now, bad=False, seconds=2.0)
            return
        cmds = player.act(action, v)
        for cmd in cmds:
            if not self.submit(player, cmd):
                break
            if cmd["type"] in ("put", "lift", "return", "exchange"):
                self.app.sound.play("place")
            self.refresh()
        if not cmds and action in ("prev", "next", "flip", "put") and self.variant == "grab":
            self.app.sound.play("click")
        pane = self.pane_of.get(player.seat)
        if isinstance(pane, GridPane) and action in devices.MOVES:
            pane.follow()

    # ---- time -------------------------------------------------------------------------------
    def begin(self) -> None:
        """Leave the lobby: the first round counts down from now (at least a full countdown)."""
        self.phase = "race"
        countdown = int(self.view.get("countdown_ms") or 0)
        self.gate_ms = self.now_ms + countdown if self.now_ms > 0 else 0
        for p in self.locals:
            p.ready = True
            p.message = None

    def start_at(self) -> int | None:
        """When the round that is counting down starts (ms), or None."""
        deadline = self.rules.next_deadline(self.session.state) if hasattr(self.rules, "next_deadline") else None
        if deadline is None:
            return None
        return max(int(deadline), self.gate_ms)

    def _tick(self) -> None:
        due = self.start_at()
        if due is not None and self.now_ms >= due:
            try:
                self.session.submit(dict(TICK))
            except RuleError as err:
                log.warning("tick refused: %s", err.code)

    def update(self, dt: float) -> None:
        dt = min(dt, 0.25)
        self.now += dt
        self.effects.factor = self.app.settings.anim_factor
        self.effects.update(dt)
        for p in self.locals:
            p.shake = max(0.0, p.shake - dt)
        for dev, direction in self.repeat.update(dt):
            p = self.player_of(dev)
            if p is not None:
                self.act(p, direction)
        if self.phase == "lobby":
            return
        if self.session.outcome() is None:
            self._tick()
            for seat, cmd, result in self.driver.update():
                if isinstance(result, RuleError):
                    log.debug("bot %s refused %s: %s", seat, cmd.get("type"), result.code)
        self._poll()
        self._countdown_sounds()
        if self.end_at is not None and not self.results_shown and self.now >= self.end_at:
            self.results_shown = True
            self.app.show_results(self.session)

    def _countdown_sounds(self) -> None:
        start = self.start_at()
        if start is None or self.view.get("live"):
            self.last_count = -1
            return
        left = start - self.now_ms
        n = max(0, -(-left // 1000))
        if left > self.countdown_ms() and self.result is not None:
            n = 0                          # the last round's result is still on show
        if n != self.last_count and n > 0:
            self.app.sound.play("race_count")
        self.last_count = n

    # ---- what happened ------------------------------------------------------------------------
    def _poll(self) -> None:
        events = self.session.events
        if len(events) == self.seen:
            return
        new = events[self.seen:]
        self.seen = len(events)
        self.refresh()
        for ev in new:
            self._effect(ev)

    def anchor(self, seat: int | None) -> tuple[int, int]:
        """Where a seat's moments show: its pane, else its bot card, else the middle."""
        w, h = self.size
        if seat is None:
            return w // 2, h // 2
        pane = self.pane_of.get(seat)
        if pane is None and self.variant == "team":
            team = self.view["teams"][seat]
            pane = next((self.pane_of[p.seat] for p in self.locals
                         if self.view["teams"][p.seat] == team and p.seat in self.pane_of), None)
        if pane is not None:
            return pane.rect.center
        k = self.layout.scale if self.layout else 1.0
        return w // 2, (self.layout.top.bottom if self.layout else 64) + round(90 * k)

    def _effect(self, ev: dict) -> None:
        kind = ev.get("type")
        seat = ev.get("seat")
        k = self.layout.scale if self.layout else 1.0
        fx = self.effects
        opened = from_event(ev, self.view)
        if opened is not None:
            self.result = opened
        if kind == "round_started":
            self.result = None
            self.go_at = self.now
            for p in self.locals:
                p.message = None
            self.app.sound.play("race_go")
        elif kind in ("called", "claimed"):
            at = self.anchor(seat)
            if ev.get("right"):
                fx.burst(at, [style.seat_colour(seat), style.ACCENT, (255, 255, 255)])
                fx.pop(said(lambda: t("race.sumoku")), at, style.seat_colour(seat), round(84 * k), life=1.6, rise=90)
                self.app.sound.play("race_sumoku")
            else:
                wrong = "race.wrong_call" if kind == "called" else "race.wrong_claim"
                fx.pop(said(lambda: t(wrong)), at, style.BAD, round(60 * k), life=1.4)
                self.app.sound.play("race_wrong")
                reason = ev.get("reason")
                params = dict(ev.get("params") or {})
                text = said(lambda: t(reason, **params) if reason else t("race.wrong_call"))
                for p in self.locals:
                    if p.seat == seat:
                        p.say(text, self.now, seconds=4.5)
                if kind == "claimed" and ev.get("forfeit"):
                    fx.pop(f"-{len(ev['forfeit'])}", (at[0], at[1] + round(60 * k)), style.BAD, round(48 * k))
        elif kind == "drew":
            fx.pop(f"+{len(ev.get('tiles', []))}", self.anchor(seat), style.BAD, round(64 * k), life=1.2)
        elif kind == "stuck_voted":
            if ev.get("stuck"):
                fx.pop(said(lambda: t("race.stuck_on")), self.anchor(seat), style.ACCENT, round(48 * k))
        elif kind == "ended":
            self._ended(ev, k)

    def _ended(self, ev: dict, k: float) -> None:
        self.result = at_end(self.result, self.view, list(ev.get("winners") or []))
        colour = self.result.colour
        w, h = self.size
        self.effects.burst((w // 2, h // 3), [colour, style.ACCENT, (255, 255, 255)], count=140, power=700)
        self.app.sound.play("end")
        self.end_at = self.now + RESULTS_AFTER * max(0.3, min(1.0, self.effects.factor or 0.3))

    # ---- input -----------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> bool:
        et = ev.type
        if (et == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE) or (
                et == pygame.JOYBUTTONDOWN and getattr(ev, "button", -1) == devices.PAD_START):
            self.open_pause()
            return True
        if et == pygame.JOYDEVICEADDED:
            self.pad_added(ev)
            return True
        if et == pygame.JOYDEVICEREMOVED:
            self.pad_removed(devices.instance_of(ev))
            return True
        if et == pygame.JOYAXISMOTION:
            hit = self.repeat.axis(ev)
            if hit is not None:
                self._device_action(*hit)
            return True
        if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return self._mouse(ev)
        got = devices.action_of(ev)
        if got is None:
            return et in (pygame.KEYDOWN, pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION)
        self._device_action(*got)
        return True

    def open_pause(self) -> None:
        """Esc, or Start on any pad: the pause menu."""
        self.app.pause()

    def _device_action(self, device: str, action: str) -> None:
        if self.phase == "lobby":
            self.lobby_screen.action(device, action)
            return
        p = self.player_of(device)
        if p is not None:
            self.act(p, action)

    def _mouse(self, ev: pygame.event.Event) -> bool:
        if self.phase == "lobby":
            return self.lobby_screen.mouse(ev)
        p = self.player_of("mouse")
        if p is None:
            return False
        self._aim(ev.pos)
        if self.mouse_drag is not None:
            self.mouse_drag["pos"] = ev.pos
        if ev.type == pygame.MOUSEBUTTONUP:
            return self._drop(p, ev)
        for pane in self._mouse_panes(p):
            hit = pane.hit(ev.pos)
            if hit is None:
                continue
            kind, what = hit
            if ev.type == pygame.MOUSEMOTION:
                if kind == "cell":
                    p.cursor = what
                elif kind == "centre":
                    p.index = what
                if self.mouse_drag is not None and abs(ev.pos[0] - self.mouse_drag["start"][0]) + \
                        abs(ev.pos[1] - self.mouse_drag["start"][1]) > DRAG_SLOP:
                    self.mouse_drag["moved"] = True
                return True
            right = ev.button == 3
            if ev.button not in (1, 3):
                return True
            if kind == "button":
                self.act(p, what)
            elif kind == "tile":
                if right:
                    p.tile = what
                    self.act(p, "flip")
                elif p.owes_return(self.view):
                    p.tile = what
                    self.act(p, "exchange")
                else:                       # picked: click a square, or drag it there
                    p.tile = what
                    self.mouse_drag = {"tile": what, "start": ev.pos, "moved": False, "pane": pane}
            elif kind == "cell":
                p.cursor = what
                lifting = not right and what in p.grid(self.view)
                self.act(p, "flip" if right else "put")
                if lifting and p.tile is not None and p.tile in p.loose(self.view):   # drag it on
                    self.mouse_drag = {"tile": p.tile, "start": ev.pos, "moved": False, "pane": pane}
            elif kind == "centre":
                p.index = what
                self.act(p, "flip" if right else "put")
            return True
        if ev.type == pygame.MOUSEMOTION and self.mouse_drag is not None:
            self.mouse_drag["moved"] = True
        return False

    def _drop(self, p: LocalPlayer, ev: pygame.event.Event) -> bool:
        """The end of a drag: the tile goes on the square under the pointer."""
        drag, self.mouse_drag = self.mouse_drag, None
        if drag is None or ev.button != 1:
            return False
        if drag["moved"]:
            hit = drag["pane"].hit(ev.pos)
            if hit is not None and hit[0] == "cell" and hit[1] not in p.grid(self.view):
                p.tile = drag["tile"]
                p.cursor = hit[1]
                self.act(p, "put")
        return True

    def _aim(self, pos: tuple[int, int]) -> None:
        """A grid is held still while the pointer is over it (or drags a tile); the camera
        catches up when the pointer leaves it."""
        for pane in self.panes:
            if not isinstance(pane, GridPane) or not pane.mouse:
                continue
            if not pane.view:
                continue
            over = pane.board.rect.move(pane.rect.topleft).collidepoint(pos)
            hold = over or (self.mouse_drag is not None and self.mouse_drag["pane"] is pane)
            if pane.hold and not hold:
                pane.hold = False
                pane.settle()
            pane.hold = hold

    def _mouse_panes(self, p: LocalPlayer) -> list[Pane]:
        out = [pane for pane in self.panes if getattr(pane, "player", None) is p
               or p in getattr(pane, "players", [])]
        return out

    # ---- pads --------------------------------------------------------------------------------------
    def pad_added(self, ev: pygame.event.Event) -> None:
        inst, joy = devices.open_pad(ev)
        if inst in self.pads:
            return
        self.pads[inst] = joy
        if self.phase == "lobby":
            self.lobby_screen.join(devices.pad_id(inst))

    def pad_removed(self, inst: int) -> None:
        self.pads.pop(inst, None)
        dev = devices.pad_id(inst)
        self.repeat.drop(dev)
        p = self.player_of(dev)
        if p is None or self.phase != "lobby":
            return
        if len(p.devices) > 1:
            p.devices.remove(dev)
            return
        self.lobby_screen.leave(p)

    def use_session(self, fresh: Any) -> None:
        """The lobby started the session afresh (players came or went): race that one."""
        old = self.session
        if fresh is old:
            return
        self.session = fresh
        if getattr(self.app, "session", None) is old:
            self.app.session = fresh
        setup = getattr(self.app, "last_setup", None)
        if isinstance(setup, dict):
            setup["players"] = [dict(p) for p in fresh.players]
            setup["seats"] = fresh.seats
        self.seen = len(fresh.events)
        self.driver = BotDriver(fresh, self.bot_seats())
        self.view = fresh.view(None)
        self.layout = None

    # ---- drawing ---------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if lang() != self._lang:          # the language changed: say every kept text again now
            self._lang = lang()
            for p in self.locals:
                p.message = reword(p.message)
            for pop in self.effects.pops:
                pop.text = reword(pop.text)
        self.layout = None

    def _build(self, size: tuple[int, int]) -> None:
        self.size = size
        grab = self.variant == "grab"
        if self.variant == "team":
            groups = [(tm, [p for p in self.locals if self.view["teams"][p.seat] == tm]) for tm in self.local_teams()]
            n = len(groups)
        else:
            groups = [(p.seat, [p]) for p in self.locals]
            n = len(groups)
        lay = race_layout(size, max(1, n), grab=grab)
        self.layout = lay
        k = lay.scale
        self.panes, self.pane_of = [], {}
        if grab:
            assert lay.centre is not None
            self.centre = CentrePane(lay.centre, k, self.locals)
            self.panes.append(self.centre)
            for p, rect in zip(self.locals, lay.panes):
                strip = StripPane(rect, k, p, self.name, goal(self.view["seats"]))
                self.panes.append(strip)
                self.pane_of[p.seat] = strip
        else:
            self.centre = None
            for (owner, players), rect in zip(groups, lay.panes):
                pane = GridPane(rect, k, self.variant, owner, players, self.name)
                self.panes.append(pane)
                for p in players:
                    self.pane_of[p.seat] = pane
                    if not self.view.get("live") and p.cursor == (0, 0):
                        p.cursor = (0, 0)
        self.top = TopBar(lay.top, k, self.bot_seats(), set(self.local_teams()), self.name)
        self.spare = BotsPane(lay.spare, k, self.top) if lay.spare is not None else None
        if self.spare is not None:
            self.panes.append(self.spare)
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        if self.layout is None or surface.get_size() != self.size:
            self._build(surface.get_size())
        if self.phase == "lobby":
            self.lobby_screen.draw(surface)
            return
        surface.fill(ui_style.BG)
        assert self.top is not None and self.layout is not None
        self.top.draw(surface, self.now)
        for pane in self.panes:
            shake = max((p.shake for p in self.locals if self.pane_of.get(p.seat) is pane), default=0.0)
            pane.draw(surface, self.now, shake)
        k = self.layout.scale
        self._draw_carried(surface)
        start = self.start_at()
        left = start - self.now_ms if start is not None and not self.view.get("live") else 0
        if self.showing_result():          # over the effects: its title is not hidden by a pop
            self.effects.draw(surface, k)
            area = pygame.Rect(0, self.layout.top.bottom, self.size[0], self.size[1] - self.layout.top.bottom)
            nxt = None if self.view.get("ended") else int(self.view.get("round") or 0)
            self.card.draw(surface, area, self.result, self.view, self.name, k, nxt)
            return
        self.effects.draw(surface, k)
        go_age = self.now - self.go_at if self.go_at is not None else None
        if left > 0 or (go_age is not None and go_age < GO_SHOWN):
            label = t("race.round_n", n=self.view.get("round", 1))
            draw_countdown(surface, left, label, t("race.go"), k, go_age)

    def countdown_ms(self) -> int:
        return int(self.view.get("countdown_ms") or 0)

    def showing_result(self) -> bool:
        """The last round's result has the screen: after the match (until the results), or
        while the next round's start is further off than its countdown."""
        if self.result is None or self.view.get("live"):
            return False
        if self.view.get("ended"):
            return True
        start = self.start_at()
        return start is not None and start - self.now_ms > self.countdown_ms()

    def _draw_carried(self, surface: pygame.Surface) -> None:
        """The tile a mouse drag carries, under the pointer while it is off the grid (over
        the grid the pane shows it in the square it would land on)."""
        drag = self.mouse_drag
        if drag is None or not drag["moved"] or "pos" not in drag:
            return
        pane = drag["pane"]
        hit = pane.hit(drag["pos"])
        if hit is not None and hit[0] == "cell":
            return
        p = self.player_of("mouse")
        size = max(16, round(56 * (self.layout.scale if self.layout else 1.0)))
        img = tile_surface(drag["tile"], p.value(drag["tile"]) if p else None, size)
        surface.blit(img, img.get_rect(center=drag["pos"]))
