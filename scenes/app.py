"""The client: one window, a scene stack, the settings, a clock and the sounds.

`run(args)` is what `python main.py [play|replay]` calls; `App` is usable on its own
(tests drive it frame by frame with `step()`)."""
from __future__ import annotations

import dataclasses
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from engine.core.logstore import LogError, read_log  # noqa: E402
from engine.core.session import LocalSession  # noqa: E402
from engine.registry import rules_for, spec_for  # noqa: E402
from scenes import config, registry  # noqa: E402
from scenes.common.confirm import Confirm  # noqa: E402
from scenes.common.handoff import HandoffCurtain  # noqa: E402
from scenes.common.menu import MenuScene  # noqa: E402
from scenes.common.notice import Notice  # noqa: E402
from scenes.common.optionwords import OptionWords  # noqa: E402
from scenes.common.pause import PauseOverlay, stops_game  # noqa: E402
from scenes.common.replay import ReplayScene  # noqa: E402
from scenes.common.results import ResultsScene  # noqa: E402
from scenes.logs import last_unfinished  # noqa: E402
from scenes.stack import WOKEN, Scene, SceneStack  # noqa: E402
from scenes.ui import heap, i18n, sizecache  # noqa: E402
from scenes.ui.pad import PadInput  # noqa: E402
from scenes.ui.sound import SoundPlayer, start_pygame  # noqa: E402

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (640, 360)
FPS = 60
MAX_DT_MS = 100     # a stalled frame advances the scenes by at most this much
IDLE_SLICE_S = 0.008    # idle() looks at the event queue this often (input waits at most this)

_current: dict[str, "App"] = {}
ENDED = "phone.err.ended"       # what phones are told when the phone server stops: the game is over
SAVED = "phone.err.saved"       # ... or it was saved and left (Continue goes on with it)


def _language_changed(lang: str) -> None:
    app = _current.get("app")
    if app is not None:
        app.relayout()


i18n.on_change(_language_changed)


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size wants WxH, e.g. 1280x720, not {text!r}") from None
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


class App:
    """Holds the window surface, the SceneStack, the settings, the clock and the sound
    player, and knows how to start, continue, pause and end games and open replays."""

    def __init__(self, size: tuple[int, int] | None = None, *, lang: str | None = None,
                 fps: int | None = FPS, settings: config.Settings | None = None) -> None:
        _current.pop("app", None)   # the window is this app's now: a language set below is not the last app's
        heap.tune()
        self.sound_off = start_pygame()     # why there is no sound (None when there is)
        self.settings = settings or config.load()
        self.saved_lang = self.settings.lang    # what the settings file says: a one-off --lang is not saved
        if lang:
            self.settings.lang = lang
        i18n.set_lang(self.settings.lang)
        self.window_size = size or DEFAULT_SIZE
        self.fullscreen = self.settings.fullscreen and size is None
        pygame.display.set_caption("Couchtop")
        self.surface = self._set_mode()
        self._laid_out = self.size        # the size the caches were filled for
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.sound = SoundPlayer(self.settings.sound_volume, self.settings.music_volume)
        self.sound.start_music()          # loops under the menu and the games, at the music volume
        self.session: Any = None
        self.phone_host: Any = None     # the phone server of a game with phones (net/phones/host.py)
        self.phones: Any = None         # its PhoneTable: the phone seats of the session
        self.game: str | None = None
        self.last_setup: dict[str, Any] | None = None
        self.running = True
        self.frames = 0         # loop steps
        self.redraws = 0        # frames actually drawn (redraw on demand: scenes/stack.py)
        self.nap: Callable[[float], bool] = WOKEN.wait     # idle()'s sleep: True when woken
        self.now: Callable[[], float] = time.monotonic     # idle()'s clock (tests: a fake one)
        self.pads = PadInput()  # pads opened as plugged in; read as keys on every screen
        self._slept_ms = 0
        _current["app"] = self

    # ---- window ---------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def resize(self, size: tuple[int, int]) -> None:
        self.window_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.fullscreen:
            self.surface = self._set_mode()
        self.relayout()

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            self.fullscreen = on
            self.surface = self._set_mode()
            self.relayout()

    def relayout(self) -> None:
        """Every scene lays itself out again (window size or language changed); at a new
        size, what was cached for the old sizes (faces, rendered text) is dropped first."""
        if self.size != self._laid_out:
            self._laid_out = self.size
            sizecache.drop()
        self.stack.resize(self.size)

    # ---- text and settings ------------------------------------------------------
    @staticmethod
    def t(key: str, **params: Any) -> str:
        return i18n.t(key, **params)

    def save_settings(self) -> None:
        """Saves the settings, with the language the player chose (not a one-off --lang)."""
        config.save(dataclasses.replace(self.settings, lang=self.saved_lang))

    def set_lang(self, lang: str) -> None:
        """The player chooses the language: shown at once and saved."""
        self.settings.lang = lang
        self.saved_lang = lang
        i18n.set_lang(lang)
        self.save_settings()

    def player_name(self, seat: int) -> str:
        names = self.settings.names
        return (names[seat] if seat < len(names) else "") or self.t("ui.player_n", n=seat + 1)

    # ---- the loop ---------------------------------------------------------------
    def step(self) -> float:
        """One frame: events, update, and (only when one is due: see scenes/stack.py) draw
        and flip. Returns dt in seconds (after a sleep in `idle`, the time slept too)."""
        ms = self.clock.tick(self.fps) if self.fps else self.clock.tick()
        dt = min(ms, MAX_DT_MS + self._slept_ms) / 1000.0
        self._slept_ms = 0
        for ev in pygame.event.get():
            self.dispatch(ev)
        if self.phones is not None:     # the pause menu stops the phones too: they are told,
            self.phones.hold(stops_game(self.stack.scenes))     # and their moves refused meanwhile
            if self.phones.held:
                self.phones.pump()      # (the table beneath pumps them while the game goes on)
        self.stack.update(dt)
        if self.stack.frame_due():
            self.surface.fill((0, 0, 0))
            self.stack.draw(self.surface)
            pygame.display.flip()
            self.redraws += 1
        self.frames += 1
        return dt

    def idle(self, limit: float | None = None) -> None:
        """Sleep until something is due: an event, a worker's `wake()`, or the soonest
        timer a scene asked for (`wake_after`), at most `limit` seconds. Returns at once
        while a frame is due (a scene animating, a redraw requested) or the last update
        changed something itself (`stack.settling`: one more update first): the clock
        then paces the loop at `fps`.

        It naps on the wake flag in slices of IDLE_SLICE_S and looks at the event queue
        between naps: pygame's own `event.wait` polls the queue every millisecond, which
        alone costs a few percent of a core."""
        if not self.running or self.stack.frame_due() or self.stack.settling:
            return
        if self.stack.dropped:          # a screen was left: its memory goes back now, while idle
            self.stack.dropped = False
            heap.collect()
            if pygame.event.peek() or self.stack.frame_due():
                return
        timer = self.stack.next_wake()
        wait = timer if limit is None else min(limit, timer if timer is not None else limit)
        start = self.now()
        WOKEN.clear()           # an older wake-up's event, if any, is in the queue: peek sees it
        while not pygame.event.peek():
            left = None if wait is None else wait - (self.now() - start)
            if left is not None and left <= 0:
                if timer is not None and timer <= wait:
                    self.stack.request_redraw()     # a scene's timer is due
                break
            if self.nap(IDLE_SLICE_S if left is None else min(IDLE_SLICE_S, left)):
                WOKEN.clear()                       # a worker woke us: its WAKE event is queued
                break
        self._slept_ms += round((self.now() - start) * 1000)

    def dispatch(self, ev: pygame.event.Event) -> None:
        self.stack.request_redraw()     # input, window and wake-up events all show
        if ev.type == pygame.QUIT:
            self.window_closed()
            return
        if ev.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.surface = pygame.display.get_surface()
            self.window_size = self.surface.get_size()
            self.relayout()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
            return
        read = self.pads.event(ev, native=getattr(self.stack.top, "pad_native", False))
        if read is not None:
            self.stack.handle(read)

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        try:
            while self.running and (frames is None or self.frames < frames):
                self.step()
                if frames is None:      # a counted run (--frames, tests) never sleeps
                    self.idle()
            if screenshot:
                pygame.image.save(self.surface, screenshot)
        finally:
            ended = getattr(self.session, "outcome", lambda: True)() is not None
            self.close_session()
            self.stop_phones(ENDED if ended else SAVED)
            self.sound.stop_music()
        return 0

    def quit(self) -> None:
        self.running = False

    def window_closed(self) -> None:
        """The window's close button: mid-game it asks first, as Quit does (the game is
        saved either way, and its clock waits for the answer); at the menu, or closed
        again while asked, it quits."""
        top = self.stack.top
        session = self.session or next((s.session for s in reversed(self.stack.scenes)
                                        if getattr(s, "session", None) is not None), None)
        if session is None or (isinstance(top, Confirm) and top.question == "ui.quit.question_game"):
            self.quit()
            return
        getattr(session, "pause_clock", lambda: None)()
        resume = getattr(session, "resume_clock", lambda: None)
        if any(isinstance(s, (HandoffCurtain, PauseOverlay)) for s in self.stack.scenes):
            resume = lambda: None   # noqa: E731  (the curtain, or the pause menu, keeps the clock stopped)
        self.stack.push(Confirm(self, "ui.quit.question_game", "ui.menu.quit", self.quit, on_no=resume))

    # ---- games ------------------------------------------------------------------
    def menu(self) -> Scene:
        return MenuScene(self)

    def default_players(self, seats: int, bots: int = 0, level: str = "normal") -> list[dict[str, Any]]:
        names = self.settings.names           # "" = no name given: shown as Player n in the language on screen
        return [{"name": names[s] if s < len(names) else "", "kind": "bot" if s >= seats - bots else "human",
                 "level": level} for s in range(seats)]

    def _session_scene(self, game: str, session: Any) -> None:
        plugin = registry.plugin(game)
        if plugin is None:
            raise KeyError(game)
        self.close_session()
        self.session = session
        self.game = game
        self.stack.clear_to(self.menu())
        self.stack.push(plugin.game_scene(self, session))

    def start_game(self, game: str, setup: dict[str, Any]) -> Any:
        """`setup`: {"seats": n, "players": [{"name", "kind", "level"}], "variant": id,
        "seed": int | None, "options": {...}}. Builds a LocalSession and shows its table."""
        seats = int(setup["seats"])
        players = [dict(p) for p in (setup.get("players") or self.default_players(seats))][:seats]
        options = dict(setup.get("options") or {})
        if setup.get("variant"):
            options["variant"] = setup["variant"]
        shape = registry.optional(game, "session_options")
        if shape is not None:  # a plug-in may turn set-up choices into engine options
            options = shape(str(options.get("variant", "")), seats, options)
        session = LocalSession(rules_for(game), seats, options, setup.get("seed"), players)
        self.last_setup = dict(setup, players=players)
        self._session_scene(game, session)
        self._phone_table(session)
        return session

    def _phone_table(self, session: Any) -> None:
        """The phone seats of a game starting or going on with phones (the lobby handed its
        server over as `phone_host`)."""
        if self.phone_host is not None and any(p.get("kind") == "phone" for p in session.players):
            from net.phones.table import PhoneTable
            self.phones = PhoneTable(self.phone_host, session, clock=self.now)

    def go_on_with_phones(self, session: Any) -> None:
        """The continue lobby's phones are back (or the host goes on without some): the table."""
        self._session_scene(str(session.header["game"]), session)
        self._phone_table(session)

    def stop_phones(self, why: str = ENDED) -> None:
        """Stop the phone server: every phone is told `why` (the game is over: ENDED; saved
        and left: SAVED) and closed, and the port is free. When the results of a game with
        phones are left (Play again keeps the phones), the game is left for the menu, a new
        lobby opens or the app closes."""
        if self.phones is not None:
            self.phones.close()
            self.phones = None
        if self.phone_host is not None:
            self.phone_host.stop(why)
            self.phone_host = None

    def continue_game(self, path: Path | None = None) -> Any:
        """Resume a logged game (by default the newest unfinished one); None if none. A game
        played with phones goes on once they are back: the phone lobby first, with the room
        kept beside the log (net/phones/keep.py), and the same phones rejoin their seats."""
        path = path or last_unfinished(games=set(registry.playable()))
        if path is None:
            return None
        session = LocalSession.resume(path, rules_for, spec_for)
        h = session.header
        opts = dict(h.get("options") or {})
        self.last_setup = {"seats": session.seats, "players": session.players,
                           "variant": opts.pop("variant", h.get("variant")), "seed": None, "options": opts}
        if any(p.get("kind") == "phone" for p in session.players):    # the phones come back first
            from scenes.common.phonelobby import PhoneLobbyScene
            self.close_session()
            self.game = str(h["game"])
            self.stack.clear_to(self.menu())
            self.stack.push(PhoneLobbyScene(self, self.game, self.last_setup, session=session))
            return session
        self._session_scene(str(h["game"]), session)
        return session

    def close_session(self) -> None:
        """The game ends here: its session closes, and what was cached for its table (faces
        at its sizes, its rendered text and tiles) goes with it."""
        if self.session is not None:
            self.session.close()
            sizecache.drop()
        self.session = None
        if self.phones is not None:     # phones keep the last frame they were sent; the server
            self.phones.close()         # runs on for Play again, until stop_phones
            self.phones = None

    def pause(self) -> None:
        self.stack.push(PauseOverlay(self))

    def save_and_quit(self) -> None:
        """Back to the menu; the log already holds every event, so nothing is lost. Phones
        are told the game was saved, and the phone server stops."""
        self.close_session()
        self.stop_phones(SAVED)
        self.stack.clear_to(self.menu())

    def handoff(self, seat: int, then: Callable[[], None] | None = None, name: str | None = None) -> None:
        if name is None:
            players = getattr(self.session, "players", None) or []
            name = players[seat].get("name") if seat < len(players) else None
        self.stack.push(HandoffCurtain(self, seat, name or self.player_name(seat), then))

    def show_results(self, session: Any = None) -> None:
        session = session or self.session
        outcome = session.outcome()
        scene = ResultsScene(self, str(session.header["game"]), session.header, list(session.events),
                             outcome.to_data() if outcome else None, session.log_path)
        self.close_session()
        self.stack.clear_to(self.menu())
        self.stack.push(scene)

    def play_again(self) -> None:
        if self.last_setup and self.game:
            self.start_game(self.game, dict(self.last_setup, seed=None))

    def open_replay(self, path: Path | str) -> bool:
        """Open the replay viewer on a log; a notice instead when it cannot be read."""
        try:
            loaded = read_log(path, spec_for)
        except (LogError, OSError):
            self.stack.push(Notice(self, "ui.replay.unreadable", name=Path(path).name))
            return False
        if registry.plugin(str(loaded.header.get("game"))) is None:
            self.stack.push(Notice(self, "ui.replay.unknown_game", game=str(loaded.header.get("game"))))
            return False
        self.stack.push(ReplayScene(self, loaded, Path(path)))
        return True


def _play_setup(app: App, args: Any) -> dict[str, Any]:
    plugin = registry.plugin(args.game)
    spec = plugin.SETUP
    variants = spec.get("variants") or []
    variant = args.variant or (variants[0][0] if variants else None)
    seat_range = spec.get("seats", range(1, 9))
    for vid, _label, extra in variants:
        if vid == variant:
            seat_range = extra.get("seats", seat_range)
            break
    else:
        if variants:
            raise ValueError(f"unknown variant {variant!r}; variants: {', '.join(v[0] for v in variants)}")
    default = spec.get("default_seats", seat_range.start)
    seats = args.seats or (default if default in seat_range else seat_range.start)
    if seats not in seat_range:
        raise ValueError(f"{args.game} {variant} takes {seat_range.start}-{seat_range.stop - 1} seats")
    bots = seats - 1 if args.bots is None else max(0, min(seats, args.bots))
    given = getattr(args, "game_options", None) or {}               # play --options JSON
    parent_of = OptionWords(spec_for(args.game), spec).parent
    options = {o["key"]: o.get("default") for o in spec.get("options", [])
               if (not o.get("variants") or variant in o["variants"])
               and (not parent_of(o["key"]) or given.get(parent_of(o["key"])))}   # a refinement only with its option
    options.update(given)
    return {"seats": seats, "players": app.default_players(seats, bots, args.level or "normal"),
            "variant": variant, "seed": args.seed, "options": options}


def run(args: Any) -> int:
    """Open the window and run until quit (or `--frames N`)."""
    # Bots and deduction think on worker threads; switching threads every 1 ms (not 5)
    # keeps a thinking worker from holding the frame loop up for a whole slice.
    sys.setswitchinterval(0.001)
    size = parse_size(getattr(args, "size", None))
    app = App(size, lang=getattr(args, "lang", None))
    command = getattr(args, "command", None)
    app.stack.push(app.menu())
    try:
        if command == "play":
            if registry.plugin(args.game) is None:
                print(f"{args.game} cannot be played in this build (its scenes are missing)", file=sys.stderr)
                return 2
            app.start_game(args.game, _play_setup(app, args))
        elif command == "replay":
            if not Path(args.file).is_file():
                print(f"no such file: {args.file}", file=sys.stderr)
                return 2
            app.open_replay(args.file)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    return app.run(getattr(args, "frames", None), getattr(args, "screenshot", None))
