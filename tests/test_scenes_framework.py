"""The client framework (menu, settings, set-up, pause, handoff, results, replay,
how-to-play), driven by synthesized input against a tiny fake game plug-in: this module
itself is the plug-in (SETUP, game_scene, replay_renderer, describe_event, howto_pages,
score_series) and holds the fake game's Rules."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.rules import Outcome
from engine.core.spec import CommandSpec, GameSpec, VariantSpec
from engine.registry import spec_for
from scenes import registry
from scenes.common.turntable import TurnTable
from scenes.stack import Scene
from scenes.ui.buttons import Button
from scenes.ui import i18n, style
from scenes.ui.draw import record_text, text_in
from support.scenes import redraw

GAME = "fakegame"

# ---- the fake game: each turn a seat adds 1-3 to its score ------------------------------


class FakeRules:
    game = GAME
    rules_version = 1
    seats = range(1, 5)
    variants = ("classic", "short")

    def initial(self, seats: int, options: Any) -> dict:
        turns = 1 if options.get("variant") == "short" else int(options.get("turns", 4))
        return {"seats": seats, "scores": [0] * seats, "turn": 0, "done": 0, "limit": turns * seats}

    def setup(self, state: dict, rng: Any) -> list:
        return [event("started", None, first=rng.below(state["seats"]))]

    def decide(self, state: dict, cmd: dict, rng: Any) -> list:
        if cmd.get("seat") != state["turn"]:
            raise RuleError("err.not_your_turn")
        if cmd.get("type") != "add" or cmd.get("n") not in (1, 2, 3):
            raise RuleError("err.bad_command")
        return [event("added", cmd["seat"], n=cmd["n"])]

    def follow_up(self, state: dict, rng: Any) -> list:
        return []

    def apply(self, state: dict, ev: dict) -> dict:
        if ev["type"] == "started":
            state["turn"] = ev["first"]
        else:
            state["scores"][ev["seat"]] += ev["n"]
            state["done"] += 1
            state["turn"] = (state["turn"] + 1) % state["seats"]
        return state

    def to_act(self, state: dict) -> frozenset:
        return frozenset() if state["done"] >= state["limit"] else frozenset({state["turn"]})

    def view(self, state: dict, seat: Any) -> dict:
        return {"scores": list(state["scores"]), "turn": state["turn"], "done": state["done"]}

    def outcome(self, state: dict) -> Outcome | None:
        if state["done"] < state["limit"]:
            return None
        top = max(state["scores"])
        winners = [s for s, v in enumerate(state["scores"]) if v == top]
        return Outcome(list(state["scores"]), winners, "ui.results.over" if len(winners) > 1 else None)

    def legal_commands(self, view: dict, seat: int) -> list:
        return [{"type": "add", "seat": seat, "n": n} for n in (1, 2, 3)]

    def to_data(self, state: dict) -> dict:
        return state

    def progress(self, state: dict) -> tuple[str, int | None]:
        return ("over" if state["done"] >= state["limit"] else "play"), None

    def next_deadline(self, state: dict) -> None:
        return None

    def event_view(self, ev: dict, seat: Any) -> dict:
        return ev

    def legacy_data(self, state: dict, events: Any, rules_version: int) -> Any:
        raise ValueError("one rules version")


class FakeBot:
    def __init__(self, gate: threading.Event | None = None, **_: Any) -> None:
        self.gate = gate

    def choose(self, view: dict, seat: int) -> dict:
        if self.gate is not None:
            self.gate.wait(5)
        return {"type": "add", "seat": seat, "n": 1 + view["done"] % 3}


FakeRules.spec = GameSpec(GAME, (VariantSpec("classic", range(1, 5), 2), VariantSpec("short", range(2, 4), 2)),
                          hidden_information=False, commands=(CommandSpec("add", ("added",), undoable=True),))
# the engine package names the registry reads (this module is the fake game's package)
Rules = FakeRules
SPEC = FakeRules.spec
Bot = FakeBot
RaceBot = None

# ---- the plug-in --------------------------------------------------------------------------

SETUP = {
    "seats": range(1, 5), "default_seats": 2,
    "variants": [("classic", "ui.anim.normal", {"seats": range(1, 5)}),
                 ("short", "ui.anim.fast", {"seats": range(2, 4)})],
    "options": [{"key": "turns", "label": "ui.settings.anim", "type": "int", "choices": [4, 40],
                 "default": 4, "variants": ["classic"]}],
}


class FakeTable(TurnTable):
    """A third table built on the kit the way a new game's would be: its own buttons
    (each owning its key), its own drawing; session, bots, results and pause are the kit's."""
    bot_pause = 0.0

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.view: dict = session.view(None)
        self.bar.set([Button(f"add_{n}", lambda n=n: self.add(n), str(n), keys=(pygame.K_0 + n,)) for n in (1, 2, 3)]
                     + [self.menu_button("ui.pause.title")])

    def refresh(self) -> None:
        self.view = self.session.view(None)

    def add(self, n: int) -> None:
        seat = self.view["turn"]
        if not self.is_bot(seat):
            self.submit({"type": "add", "seat": seat, "n": n})

    def lay_out(self, fr: Any) -> None:
        for i, b in enumerate(self.bar):
            b.rect = fr.r(40 + i * 150, 600, 130, 70)

    def draw(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        text_in(surface, " ".join(map(str, self.view["scores"])), pygame.Rect(0, 0, 400, 100), 40)
        self.bar.draw(surface, self.fr)


def game_scene(app: Any, session: Any) -> Scene:
    return FakeTable(app, session)


class FakeRenderer:
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        text_in(surface, " - ".join(map(str, view["scores"])), rect, 60, style.INK, bold=True)


def replay_renderer(app: Any) -> FakeRenderer:
    return FakeRenderer()


def describe_event(ev: dict, players: list | None = None, variant: str | None = None) -> str:
    if ev["type"] == "added":
        name = players[ev["seat"]]["name"] if players else i18n.t("ui.player_n", n=ev["seat"] + 1)
        return name + f" +{ev['n']}"
    return i18n.t("ui.setup.start")


@dataclass
class FakePage:
    key: str

    @property
    def title(self) -> str:
        return i18n.t(self.key)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        text_in(surface, i18n.t("ui.pause.saved"), rect, 40, style.INK, wrap_lines=True)


def howto_pages() -> list[FakePage]:
    return [FakePage("ui.menu.howto"), FakePage("ui.menu.settings"), FakePage("ui.results.chart")]


def score_series(events: list[dict], seats: int) -> list[list[int]]:
    scores = [0] * seats
    out: list[list[int]] = [[0] for _ in range(seats)]
    for ev in events:
        if ev["type"] == "added":
            scores[ev["seat"]] += ev["n"]
            for s in range(seats):
                out[s].append(scores[s])
    return out


# ---- harness ------------------------------------------------------------------------------

@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    import engine.registry
    monkeypatch.setitem(engine.registry.GAMES, GAME, __name__)
    engine.registry.package.cache_clear()
    monkeypatch.setattr(registry, "GAMES", {GAME: __name__})
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    i18n.set_lang("en")
    return tmp_path


def make_app(size: tuple[int, int] = (1280, 720), lang: str = "en") -> Any:
    from scenes.app import App
    app = App(size, lang=lang, fps=None)
    app.stack.push(app.menu())
    return app


def frames(app: Any, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def click(app: Any, element: Any) -> None:
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def key(app: Any, k: int, mod: int = 0, n: int = 1) -> None:
    for _ in range(n):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        frames(app, 1)


def wait_scan(app: Any) -> None:
    menu = app.stack.top
    if menu._scan is not None:
        menu._scan.wait(5)
    frames(app, 1)


def human_setup(seats: int = 2, turns: int = 4) -> dict:
    return {"seats": seats, "variant": "classic", "seed": 7, "options": {"turns": turns},
            "players": [{"name": n, "kind": "human", "level": "normal"} for n in ("Mei", "Ann", "Bo", "Cy")[:seats]]}


def finished_log(app: Any, turns: int = 40) -> tuple[Path, list[str]]:
    """Play a fake game to its end; returns its log and the state hash after each event."""
    session = app.start_game(GAME, human_setup(2, turns))
    hashes = [session.rules.to_data(session.rules.initial(2, session.options))]
    from engine.core.hashing import state_hash
    hashes = [state_hash(hashes[0])] + [session.hash()]
    while session.outcome() is None:
        session.submit({"type": "add", "seat": session.view(None)["turn"], "n": 1 + len(session.events) % 3})
        hashes.append(session.hash())
    path = session.log_path
    app.show_results(session)
    return path, hashes


# ---- tests ----------------------------------------------------------------------------------

def test_pygame_is_ce() -> None:
    assert pygame.IS_CE


def test_a_broken_game_fails_loudly_under_the_tests(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "GAMES", {GAME: __name__, "nogame": "scenes.no_such_game_pkg"})
    with pytest.raises(registry.PluginError, match="nogame.*no_such_game_pkg"):
        registry.playable()
    monkeypatch.setattr(registry, "GAMES", {GAME: __name__, "halfgame": "scenes.ui"})
    with pytest.raises(registry.PluginError, match="halfgame.*lacks SETUP"):
        registry.plugin("halfgame")


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_broken_game_shows_a_card_that_says_so_for_a_player(fake: Path, monkeypatch: pytest.MonkeyPatch,
                                                               lang: str) -> None:
    from scenes.ui.draw import record_text
    monkeypatch.setenv(registry.STRICT_ENV, "0")           # as a player runs it
    monkeypatch.setattr(registry, "GAMES", {GAME: __name__, "nogame": "scenes.no_such_game_pkg",
                                            "halfgame": "scenes.ui"})
    assert registry.playable() == [GAME]
    assert list(registry.broken()) == ["nogame", "halfgame"]
    assert "No module named 'scenes.no_such_game_pkg'" in registry.broken()["nogame"]
    app = make_app(lang=lang)
    frames(app)
    menu = app.stack.top
    assert "play_fakegame" in menu.widgets
    assert not any(k.startswith("play_no") or k.startswith("play_half") for k in menu.widgets)
    assert not menu.widgets["online"].is_enabled   # no game here is played online
    for g in ("nogame", "halfgame"):           # a card each, which cannot be opened
        assert not menu.widgets[f"broken_{g}"].is_enabled
    with record_text() as blits:
        menu.rebuild()
        frames(app, 1)
    said = i18n.t("ui.menu.broken")
    assert said != "ui.menu.broken" and all(b.fits for b in blits)
    assert "".join(b.text for b in blits).replace(" ", "").count(said.replace(" ", "")) == 2   # (wrapped)
    i18n.set_lang("en")


def all_scenes(app: Any, log: Path) -> list[tuple[str, Any]]:
    from engine.core.logstore import read_log
    from scenes.common.handoff import HandoffCurtain
    from scenes.common.howto import HowToScene
    from scenes.common.logpicker import LogPickerScene
    from scenes.common.notice import Notice
    from scenes.common.pause import PauseOverlay
    from scenes.common.replay import ReplayScene
    from scenes.common.results import ResultsScene
    from scenes.common.settings import SettingsScene
    from scenes.common.setup import SetupScene
    loaded = read_log(log, spec_for)
    long_name = "Bartholomew"
    return [
        ("settings", lambda: SettingsScene(app)),
        ("setup", lambda: SetupScene(app, GAME)),
        ("pause", lambda: PauseOverlay(app)),
        ("handoff", lambda: HandoffCurtain(app, 1, long_name)),
        ("results", lambda: ResultsScene(app, GAME, loaded.header, loaded.events,
                                         {"scores": [99, 99], "winners": [0, 1], "tiebreak": "ui.results.over"},
                                         log)),
        ("logs", lambda: LogPickerScene(app)),
        ("replay", lambda: ReplayScene(app, loaded, log)),
        ("howto", lambda: HowToScene(app, GAME)),
        ("notice", lambda: Notice(app, "ui.replay.unknown_game", game="x" * 20)),
    ]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_every_scene_renders_and_no_text_overflows(fake: Path, lang: str, size: tuple[int, int]) -> None:
    app = make_app(size, lang)
    log, _ = finished_log(app, turns=4)
    app.stack.clear_to(app.menu())
    frames(app, 1)
    scenes = [("menu", None)] + all_scenes(app, log)
    for name, factory in scenes:
        if factory is not None:
            app.stack.push(factory())
        with record_text() as blits:
            app.stack.top.rebuild()   # widget labels are measured when built
            frames(app, 2)
        assert blits, f"{name}: no text drawn"
        bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
        assert not bad, f"{name} ({lang}, {size}): text overflows its box: {bad[:3]}"
        if size == (1280, 720):   # readable from the couch: nothing below 18 px at 720p
            tiny = [(b.text, b.size) for b in blits if b.size < 18]
            assert not tiny, f"{name} ({lang}): text below 18 px: {tiny[:3]}"
        texts = " ".join(b.text for b in blits)
        if lang == "zh-TW":   # really translated: some Han characters on every screen
            assert any("\u4e00" <= ch <= "\u9fff" for ch in texts), f"{name}: no Chinese text"
        if factory is not None:
            app.stack.pop()
    app.close_session()


def test_overflow_check_catches_a_too_long_label(fake: Path) -> None:
    app = make_app()
    surface = pygame.Surface((300, 100))
    with record_text() as blits:
        text_in(surface, "W" * 200, pygame.Rect(0, 0, 100, 40), 30)
    assert blits and not blits[0].fits


def test_menu_to_settings_switch_language_and_back(fake: Path) -> None:
    from scenes import config
    from scenes.common.menu import MenuScene
    from scenes.common.settings import SettingsScene
    app = make_app()
    frames(app)
    click(app, app.stack.top.widgets["settings"])                  # mouse
    assert isinstance(app.stack.top, SettingsScene)
    assert app.stack.top.focused is app.stack.top.widgets["lang"]  # the first row has the focus
    key(app, pygame.K_RETURN)                                      # keyboard
    assert i18n.lang() == "zh-TW"
    assert app.stack.top.widgets["lang"].text == "繁體中文"          # rebuilt live, in Chinese
    assert config.load().lang == "zh-TW"                           # and saved
    key(app, pygame.K_RIGHT)                                       # Right steps the same cycler
    assert i18n.lang() == "en"
    key(app, pygame.K_LEFT)
    assert i18n.lang() == "zh-TW"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    assert app.stack.top.widgets["settings"].text == "設定"
    i18n.set_lang("en")


def test_keyboard_focus_moves_and_skips_disabled(fake: Path) -> None:
    app = make_app()
    frames(app)
    menu = app.stack.top
    assert menu.focused is menu.widgets["play_fakegame"]
    key(app, pygame.K_DOWN)          # Continue is disabled (no unfinished game): skipped
    assert menu.focused is menu.widgets["replay"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.focused is menu.widgets["play_fakegame"]
    key(app, pygame.K_UP)            # wraps around to Quit
    assert menu.focused is menu.widgets["quit"]
    key(app, pygame.K_RETURN)        # Quit asks first (tests/test_menu.py): Stay has the focus
    assert app.running
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_menu_setup_game_by_mouse_and_keyboard(fake: Path) -> None:
    from scenes.common.setup import SetupScene
    app = make_app()
    frames(app)
    click(app, app.stack.top.widgets["play_fakegame"])
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    click(app, setup.widgets["seats"])                    # 2 -> 3 seats
    assert setup.seats == 3 and "kind_2" in setup.widgets
    click(app, setup.widgets["kind_1"])                    # normal bot -> hard bot
    # no name given: "" is stored (the screens show Player 2 / 玩家 2 in the language on screen)
    assert setup.setup_dict()["players"][1] == {"name": "", "kind": "bot", "level": "hard"}
    click(app, setup.widgets["seed"])
    for ch in "42":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)
    assert setup.seed_text == "42"
    key(app, pygame.K_TAB)                                 # leave the text entry
    setup.set_focus(setup.widgets["start"])
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, FakeTable)
    assert app.session.seed == 42 and app.session.seats == 3
    assert [p["kind"] for p in app.session.players] == ["human", "bot", "bot"]
    before = list(app.session.view(None)["scores"])
    turn = app.session.view(None)["turn"]
    if app.session.is_bot(turn):
        for _ in range(50):           # bots play off the main loop; the frames go on
            frames(app, 1)
            if not app.session.is_bot(app.session.view(None)["turn"]):
                break
            table.bots.wait(5)
    turn = app.session.view(None)["turn"]
    assert not app.session.is_bot(turn)
    key(app, pygame.K_3)
    assert app.session.view(None)["scores"][turn] == before[turn] + 3 or app.session.events[-1]["n"] == 3
    app.close_session()


def test_pause_save_quit_then_continue_resumes_same_game(fake: Path) -> None:
    from scenes.common.menu import MenuScene
    from scenes.common.pause import PauseOverlay
    app = make_app()
    session = app.start_game(GAME, human_setup())
    frames(app)
    for k in (pygame.K_1, pygame.K_2, pygame.K_3):
        key(app, k)
    count, digest, path = len(session.events), session.hash(), session.log_path
    assert count == 4
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    assert isinstance(app.stack.scenes[-2], FakeTable)       # drawn beneath the overlay
    click(app, app.stack.top.widgets["save_quit"])
    assert isinstance(app.stack.top, MenuScene) and app.session is None
    wait_scan(app)
    menu = app.stack.top
    assert menu.continue_path == path and menu.widgets["continue"].is_enabled
    click(app, menu.widgets["continue"])
    assert isinstance(app.stack.top, FakeTable)
    assert len(app.session.events) == count and app.session.hash() == digest
    key(app, pygame.K_2)                                      # and it goes on, in the same file
    assert app.session.log_path == path and len(app.session.events) == count + 1
    app.close_session()


def test_finished_game_shows_results_and_is_not_continued(fake: Path) -> None:
    from scenes.common.results import ResultsScene
    app = make_app()
    session = app.start_game(GAME, human_setup(2, turns=1))
    frames(app)
    key(app, pygame.K_3)
    key(app, pygame.K_1)
    frames(app, 2)
    res = app.stack.top
    assert isinstance(res, ResultsScene)
    assert res.outcome["scores"] == session.outcome().scores and res.series
    assert [s[-1] for s in res.series] == res.outcome["scores"]
    click(app, res.widgets["menu"])
    wait_scan(app)
    assert app.stack.top.continue_path is None


def test_results_again_and_watch(fake: Path) -> None:
    from scenes.common.replay import ReplayScene
    app = make_app()
    log, _ = finished_log(app, turns=1)
    frames(app)
    click(app, app.stack.top.widgets["watch"])
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.path == log
    app.stack.pop()
    app.show_results(app.start_game(GAME, human_setup(2, turns=1)))  # ended? no: results of a running game
    frames(app)
    click(app, app.stack.top.widgets["again"])
    assert isinstance(app.stack.top, FakeTable)
    app.close_session()


def test_replay_steps_back_and_forth_matching_hashes(fake: Path) -> None:
    from engine.core.logstore import read_log
    from scenes.common.logpicker import LogPickerScene
    from scenes.common.replay import ReplayScene
    app = make_app()
    log, hashes = finished_log(app, turns=40)                 # 81 events: a checkpoint at 64 and the end
    click(app, app.stack.top.widgets["menu"])
    click(app, app.stack.top.widgets["replay"])
    picker = app.stack.top
    assert isinstance(picker, LogPickerScene) and picker.logs[0].path == log
    key(app, pygame.K_RETURN)                                  # focus is on Open
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    loaded = read_log(log, spec_for)
    checkpoints = {c["seq"] + 1: c["hash"] for c in loaded.checkpoints}
    assert len(checkpoints) >= 2
    cur = viewer.cursor
    assert cur.position == 0
    seen = 0
    for pos in range(1, len(cur) + 1):                          # forward with the keyboard
        key(app, pygame.K_RIGHT)
        assert cur.position == pos and cur.hash() == hashes[pos]
        if pos in checkpoints:
            assert cur.hash() == checkpoints[pos]
            seen += 1
    assert seen == len(checkpoints)
    for pos in range(len(cur) - 1, 40, -1):                     # and back
        click(app, viewer.widgets["step_back"]) if pos % 10 == 0 else key(app, pygame.K_LEFT)
        assert cur.position == pos and cur.hash() == hashes[pos]
    key(app, pygame.K_HOME)
    assert cur.position == 0 and cur.hash() == hashes[0]
    viewer.seek(64)
    assert cur.hash() == checkpoints[64]
    key(app, pygame.K_SPACE)                                     # play
    assert viewer.playing
    for _ in range(30):
        app.clock.tick()
        viewer.update(0.5)
    assert cur.at_end and not viewer.playing


def test_replay_of_a_cut_log_stops_at_the_last_valid_event(fake: Path) -> None:
    from scenes.common.replay import ReplayScene
    app = make_app()
    log, hashes = finished_log(app, turns=4)
    data = log.read_bytes()
    cut = log.with_name("cut.ctlog")
    cut.write_bytes(data[:-7])
    app.stack.clear_to(app.menu())
    assert app.open_replay(cut)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and not viewer.loaded.complete
    n = len(viewer.cursor)
    assert 0 < n <= len(hashes) - 1
    with record_text() as blits:
        frames(app, 1)
    assert any(b.text == i18n.t("ui.replay.cut", n=n) for b in blits)
    key(app, pygame.K_END)
    assert viewer.cursor.hash() == hashes[n]
    garbage = log.with_name("junk.ctlog")
    garbage.write_bytes(b"not a log")
    assert not app.open_replay(garbage)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_replay_says_its_keys_and_a_pads_buttons_whole(fake: Path, size, lang: str) -> None:
    """The replay viewer's keys (arrows, Space, +/-, Home/End, Esc) are said on screen, and a
    pad's while a pad is in use, each line whole and readable at both sizes."""
    from scenes.common.replay import ReplayScene
    from scenes.ui import pad
    from support.fits import unreadable
    app = make_app(size, lang)
    log, _ = finished_log(app, turns=3)
    app.stack.clear_to(app.menu())
    assert app.open_replay(log)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    board_keys = "ui.replay.keys_view" if len(viewer.viewpoints) > 1 else "ui.replay.keys"
    try:
        for in_use, keys in ((False, board_keys), (True, "ui.replay.keys_pad")):
            pad.set_in_use(in_use)
            with record_text() as blits:
                redraw(app)
            line = [b for b in blits if b.text == i18n.t(keys)]
            assert line and not unreadable(line), (keys, [(b.text, b.rect, b.box, b.size) for b in line])
            other = "ui.replay.keys_pad" if keys == board_keys else board_keys
            assert not any(b.text == i18n.t(other) for b in blits)
    finally:
        pad.set_in_use(False)


def test_handoff_curtain_needs_a_deliberate_press(fake: Path) -> None:
    app = make_app()
    session = app.start_game(GAME, human_setup())
    frames(app)
    lifted: list[int] = []
    app.handoff(1, lambda: lifted.append(1))
    curtain = app.stack.top
    assert curtain.opaque and curtain.name == "Ann"
    key(app, pygame.K_SPACE)            # too soon: a key held over from the last turn
    assert app.stack.top is curtain
    curtain.update(0.5)                 # half a second later (scene time): a double press
    key(app, pygame.K_RETURN)           # by the last player still does not lift it
    assert app.stack.top is curtain and not lifted
    curtain.armed_in = 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    key(app, pygame.K_a)
    key(app, pygame.K_ESCAPE)           # Esc opens the pause menu over the curtain, never lifts it
    from scenes.common.pause import PauseOverlay
    assert isinstance(app.stack.top, PauseOverlay) and app.stack.scenes[-2] is curtain and not lifted
    key(app, pygame.K_ESCAPE)           # resume: the curtain again
    assert app.stack.top is curtain and not lifted
    with record_text() as blits:
        redraw(app)
    texts = [b.text for b in blits]
    assert "Ann" in texts and not any(t.replace(" ", "").isdigit() for t in texts)  # the table is hidden
    key(app, pygame.K_SPACE)
    assert lifted == [1] and isinstance(app.stack.top, FakeTable)
    session.close()


def test_howto_pages_with_buttons_and_arrows(fake: Path) -> None:
    from scenes.common.howto import HowToScene
    app = make_app()
    frames(app)
    click(app, app.stack.top.widgets["howto"])
    how = app.stack.top
    assert isinstance(how, HowToScene) and how.page == 0
    key(app, pygame.K_RIGHT)
    assert how.page == 1
    click(app, how.widgets["next"])
    assert how.page == 2 and not how.widgets["next"].is_enabled
    key(app, pygame.K_LEFT)
    assert how.page == 1 and how.pages[1].title == "Settings"
    app.set_lang("zh-TW")
    frames(app, 1)
    assert how.pages[1].title == "設定" and how.widgets["prev"].text == "上一頁"
    app.set_lang("en")


def test_bot_turns_never_block_a_frame(fake: Path) -> None:
    from engine.core.session import LocalSession
    from scenes.ui.worker import BotTurns
    gate = threading.Event()
    session = LocalSession(FakeRules(), 2, {}, 3, [{"name": "A", "kind": "bot", "level": "easy"},
                                                  {"name": "B", "kind": "bot", "level": "hard"}], log=False)
    levels: list[str] = []

    def make(seat: int, level: str) -> FakeBot:
        levels.append(level)
        return FakeBot(gate)
    turns = BotTurns(session, make, delay=0.0)
    for _ in range(20):                   # the bot is stuck thinking: frames still return at once
        assert turns.update(1 / 60) is None
    assert turns.thinking and len(session.events) == 1
    gate.set()
    turns.wait(5)
    new = turns.update(1 / 60)
    assert new and new[0]["type"] == "added" and len(session.events) == 2
    while session.outcome() is None:
        turns.update(1 / 60)
        turns.wait(5)
    assert sorted(levels) == ["easy", "hard"]


def test_worker_job_and_sliced() -> None:
    from scenes.ui.worker import Sliced, run_async

    def boom() -> None:
        raise ValueError("x")
    job = run_async(boom)
    job.wait(5)
    with pytest.raises(ValueError):
        job.result()

    def gen():
        total = 0
        for i in range(1000):
            total += i
            yield
        return total
    sl = Sliced(gen(), budget_ms=50)
    while not sl.step():
        pass
    assert sl.value == sum(range(1000))


def test_sounds_are_generated_and_silent_without_a_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.ui import sound, synth
    pygame.init()
    player = sound.SoundPlayer(0.5)
    if player.enabled:
        assert set(player.sounds) == set(sound.NAMES)
        assert all(s.get_length() > 0.02 for s in player.sounds.values())
    for name, wave in synth.waveforms(22050).items():
        assert 0.02 < len(wave) / 22050 < 1.0 and abs(wave).max() <= 1.0, name

    def fail(*a: Any, **k: Any) -> None:
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    mute = sound.SoundPlayer(0.5)
    assert not mute.enabled and mute.music is None
    mute.play("score")
    mute.set_volume(0.1)
    mute.start_music()                       # silent, and no error
    mute.set_music_volume(0.3)
    assert not mute.music_playing


def test_music_is_a_soft_seamless_loop_in_the_progression() -> None:
    import numpy as np
    from scenes.ui import music
    rate = 22050
    wave = music.music_loop(rate)
    assert 4 <= len(wave) / rate <= 15                                 # a few seconds
    assert abs(wave).max() <= 0.5 + 1e-9 and 0.05 < float(np.sqrt((wave ** 2).mean())) < 0.3   # soft
    step = np.abs(np.diff(np.append(wave, wave[0])))
    assert step[-1] <= 4 * np.percentile(step, 99)                      # no click where it loops
    bar = int(music.BAR_S * rate)
    for i, (bass, pad, _arp) in enumerate(music.PROGRESSION):          # each bar sounds its own chord
        seg = wave[i * bar + bar // 4: (i + 1) * bar - bar // 4]
        spectrum = np.abs(np.fft.rfft(seg * np.hanning(len(seg))))
        freqs = np.fft.rfftfreq(len(seg), 1 / rate)
        band = (freqs > 150) & (freqs < 700)
        top = freqs[band][np.argmax(spectrum[band])]
        tones = [music.hz(n) for n in pad]
        assert min(abs(top - f) / f for f in tones) < 0.02, (i, top)


def test_music_plays_at_its_own_volume_and_settings_apply_live(fake: Path) -> None:
    from scenes import config
    from scenes.common.settings import SettingsScene
    app = make_app()
    player = app.sound
    assert player.enabled                    # the dummy audio driver (conftest) has a mixer
    assert player.music_playing and player.music_channel.get_sound() is player.music
    assert player.music_channel.get_volume() == pytest.approx(app.settings.music_volume, abs=0.01)
    app.stack.push(SettingsScene(app))
    frames(app)
    s = app.stack.top
    s.set_focus(s.widgets["music"])
    key(app, pygame.K_LEFT, n=2)                                        # 0.5 -> 0.3, live
    assert app.settings.music_volume == pytest.approx(0.3) and config.load().music_volume == pytest.approx(0.3)
    assert player.music_channel.get_volume() == pytest.approx(0.3, abs=0.01)
    effects = player.sounds["place"].get_volume()
    s.set_focus(s.widgets["sound"])
    key(app, pygame.K_RIGHT)                                            # effects only
    assert player.sounds["place"].get_volume() > effects
    assert player.music_channel.get_volume() == pytest.approx(0.3, abs=0.01)
    app.run(frames=app.frames + 1)
    assert not player.music_playing                                      # stops with the app


def test_settings_scene_changes_apply_and_persist(fake: Path) -> None:
    from scenes import config
    from scenes.common.settings import SettingsScene
    app = make_app((960, 540))
    app.stack.push(SettingsScene(app))
    frames(app)
    s = app.stack.top
    s.set_focus(s.widgets["sound"])
    key(app, pygame.K_LEFT, n=3)
    assert app.settings.sound_volume == pytest.approx(0.5) and app.sound.volume == pytest.approx(0.5)
    click(app, s.widgets["anim"])
    assert app.settings.anim_speed == "fast"
    click(app, s.widgets["name_0"])
    for ch in "Mei":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)
    saved = config.load()
    assert saved.names[0] == "Mei" and saved.anim_speed == "fast" and saved.sound_volume == pytest.approx(0.5)
    assert app.player_name(0) == "Mei" and app.player_name(1) == "Player 2"


def test_long_lines_are_cut_with_an_ellipsis_inside_their_box() -> None:
    pygame.init()
    surface = pygame.Surface((400, 100))
    with record_text() as blits:
        text_in(surface, "玩家 2 下了 9-6-6-3-4，得 124 分 · 六張成線：再下一手" * 3, pygame.Rect(0, 0, 300, 40), 20,
                min_size=16, ellipsis=True)
    assert blits[0].fits and blits[0].text.endswith("…") and blits[0].size == 16


# ---- text in boxes (scenes.ui.text / scenes.ui.draw.text_in) ---------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from scenes.ui import text as uitext  # noqa: E402

WORDS = ["Mei", "plays", "3-7-5", "for", "124", "points", "extra", "play!", "(Ada)", "a", "line"]
HANZI = list("玩家下了得分六張成線再一手關鍵數袋中") + ["，", "。", "：", "「", "」", "（", "）", "！"]
RUNS = {"3-7-5", "124", "(Ada)", "play!"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(WORDS).map(lambda w: " " + w + " "), st.sampled_from(HANZI)),
                min_size=1, max_size=40),
       st.integers(60, 400), st.sampled_from([18, 24]))
def test_wrap_breaks_chinese_and_latin_properly(parts: list[str], max_w: int, size: int) -> None:
    pygame.init()
    text = " ".join("".join(parts).split())
    lines = uitext.wrap(text, size, max_w)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")     # nothing lost or added
    for i, line in enumerate(lines):
        assert line == line.strip()
        if i > 0:
            assert line[:1] not in uitext.NO_LINE_START, lines        # no "。" starting a line
        if i < len(lines) - 1:
            assert line[-1:] not in uitext.NO_LINE_END, lines         # no "「" ending one
        if uitext.width(line, size) > max_w:                          # only an unbreakable piece is wider
            marks = uitext.NO_LINE_START | uitext.NO_LINE_END
            assert len([t for t in uitext._tokens(line) if t.strip() and t not in marks]) <= 1, (line, max_w)
    for run in RUNS & set(text.split()):                                # never split inside
        assert any(run in line for line in lines), (run, lines)


@pytest.mark.parametrize("text", ["紙筆模式：每個回答只聽一次，請自己做筆記。",
                                  "助手在開局設定時由大家一起決定，只有你自己的標記。",
                                  "字典裡沒有 MOCHI。你可以向大家提議使用這個字。",
                                  "梅在最後宣告，而且猜對了：+1 分。",
                                  "Ada是牧羊小孩，騙到 2 根獵人或獵犬的大野狼指針：+2 分。",
                                  "5. Mei把 1 號標記放在「一次性」旁。"])
def test_wrap_never_leaves_one_or_two_chinese_characters_alone(text: str) -> None:
    """Issue 9: a line wrapped to leave "記。" alone on the last line; also when the line
    above ends in a number ("+1 分。": the number and its space go down with it)."""
    pygame.init()
    for size in (18, 22, 28):
        for max_w in range(size * 8, uitext.width(text, size) + 1, 3):   # lines of 8 characters or more
            lines = uitext.wrap(text, size, max_w)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            if len(lines) > 1:
                marks = uitext.NO_LINE_START | uitext.NO_LINE_END
                last = [ch for ch in lines[-1] if ch not in marks]
                han = [ch for ch in last if "\u4e00" <= ch <= "\u9fff"]
                assert not (0 < len(han) < 3 and len(han) == len(last)), (size, max_w, lines)
            assert all(uitext.width(ln, size) <= max_w for ln in lines), (size, max_w, lines)


def test_wrap_never_starts_a_line_with_the_quote_closing_a_chinese_word() -> None:
    """The replay list, words in both languages: '"tunnel / 隧' then '道": Player 1…' on the
    next line (or '".' alone) read as an opening quote; the closing quote stays with the
    character it closes, an opening one after a space with the word it opens."""
    pygame.init()
    text = 'Player 2 reveals 7, "tunnel / 隧道": Player 1 guessed it. Player 2 puts a 3 beside "blue / 藍".'
    for w in range(60, uitext.width(text, 20) + 1, 4):
        lines = uitext.wrap(text, 20, w)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert not any(ln.startswith('"') and not ln[1:2].isalpha() for ln in lines[1:]), (w, lines)
        assert not any(ln.endswith('"') and ln.count('"') % 2 for ln in lines[:-1]), (w, lines)


def test_wrap_keeps_latin_words_whole_in_mixed_text() -> None:
    pygame.init()
    text = "玩家 Bartholomew 下了 9-6-6-3-4，得 124 分。六張成線：再下一手。"
    for w in range(80, 400, 7):
        lines = uitext.wrap(text, 20, w)
        assert any("Bartholomew" in ln for ln in lines) and any("9-6-6-3-4" in ln for ln in lines)
        assert not any(ln.startswith(("。", "，", "：")) for ln in lines[1:])


def test_text_in_paragraph_shrinks_to_fit_then_cuts_at_max_lines() -> None:
    pygame.init()
    surface = pygame.Surface((600, 400))
    body = "A line is an unbroken row or column of 2 to 6 tiles. " * 3
    box = pygame.Rect(10, 10, 300, 200)
    with record_text() as blits:
        covered = text_in(surface, body, box, 30, wrap_lines=True, min_size=12, align="left", valign="top")
    assert len(blits) > 2 and all(b.fits for b in blits) and box.contains(covered)
    assert len({b.size for b in blits}) == 1 and blits[0].size < 30          # shrunk, one size for all
    row = pygame.Rect(0, 0, 260, 60)
    with record_text() as blits:
        text_in(surface, body, row, 20, wrap_lines=True, max_lines=2, min_size=20, ellipsis=True, align="left")
    assert len(blits) == 2 and all(b.fits and b.size == 20 for b in blits) and blits[1].text.endswith("…")


def test_single_line_is_centred_by_its_ink() -> None:
    pygame.init()
    surface = pygame.Surface((200, 200))
    box = pygame.Rect(0, 0, 200, 100)
    with record_text() as blits:
        text_in(surface, "345", box, 60, bold=True)
    r = blits[0].rect
    assert abs(r.centery - box.centery) <= 1 and abs(r.centerx - box.centerx) <= 3
    assert blits[0].size == 60


# ---- results, set-up, placeholders and the replay list (issue 9) -----------------------------

def test_coincident_score_lines_are_all_drawn_and_the_legend_names_them() -> None:
    import numpy as np
    from scenes.ui.chart import line_chart
    pygame.font.init()
    surface = pygame.Surface((700, 440))
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 255)]
    series = [[0, 1, 2, 7]] + [[0, 10, 30, 78]] * 3         # three bots on the very same scores
    with record_text() as blits:
        line_chart(surface, pygame.Rect(0, 0, 700, 440), series, colours, names=["Mei", "Bo", "Cy", "Di"])
    px = pygame.surfarray.pixels3d(surface)
    counts = [int(np.all(px == np.array(c), axis=2).sum()) for c in colours]
    del px
    assert all(n > 300 for n in counts), counts               # no line hides another
    assert {"Mei", "Bo", "Cy", "Di"} <= {b.text for b in blits}
    assert all(b.fits for b in blits)


@pytest.mark.parametrize("lang,text", [("en", "Player 2, Player 3 and Player 4 share the win!"),
                                       ("zh-TW", "玩家 2、玩家 3 和玩家 4 並列獲勝！")])
def test_a_tie_is_worded_one_way_on_results_final_table_and_replay(fake: Path, lang: str, text: str) -> None:
    from scenes.common.names import winners_text
    from scenes.common.results import ResultsScene
    from scenes.hooky.narrate import describe_event as hooky_line
    app = make_app(lang=lang)
    players = [{"name": ""}] * 4
    assert winners_text(players, [1, 2, 3]) == text
    res = ResultsScene(app, GAME, {"seats": 4, "players": players}, [],
                       {"scores": [7, 78, 78, 78], "winners": [1, 2, 3], "tiebreak": None}, None)
    assert res.headline() == text
    line = hooky_line({"type": "game_ended", "seat": None, "winners": [1, 2, 3]}, players)
    assert line.endswith(text) and "wins." not in line
    one = hooky_line({"type": "game_ended", "seat": None, "winners": [2]}, players)
    assert one.endswith(winners_text(players, [2]))


def test_default_names_follow_the_language_mid_game(fake: Path) -> None:
    from scenes.common.setup import SetupScene
    app = make_app()
    setup = SetupScene(app, GAME)
    app.stack.push(setup)
    frames(app)
    setup.kinds[1] = 0                                     # two people, no names typed
    setup.start()
    table = app.stack.top
    assert isinstance(table, FakeTable)
    assert [p["name"] for p in app.session.players] == ["", ""]   # "no name given", not "Player 1"
    assert table.name(0) == "Player 1"
    app.set_lang("zh-TW")
    assert table.name(0) == "玩家 1" and table.name(1) == "玩家 2"
    path = app.session.log_path
    app.close_session()
    app.open_replay(path)                                  # the replay's title too
    with record_text() as blits:
        redraw(app)
    assert any("玩家 1、玩家 2" in b.text for b in blits)


def test_setup_remembers_the_variant_and_options_chosen_last_time(fake: Path) -> None:
    from scenes import config
    from scenes.common.setup import SetupScene
    app = make_app()
    setup = SetupScene(app, GAME)
    app.stack.push(setup)
    frames(app)
    click(app, setup.widgets["opt_turns"])                 # turns 4 -> 40
    assert setup.options["turns"] == 40
    setup.start()
    app.close_session()
    again = SetupScene(app, GAME)
    assert again.variant == "classic" and again.options["turns"] == 40
    app.stack.clear_to(app.menu())
    app.stack.push(again)
    frames(app)
    click(app, again.widgets["variant"])                   # classic -> short
    assert again.variant == "short"
    again.start()
    app.close_session()
    saved = config.load()                                  # and it is in the settings file
    assert saved.setups[GAME]["variant"] == "short"
    app2 = make_app()
    assert SetupScene(app2, GAME).variant == "short"


def test_placeholders_are_dim_italic_hints_that_vanish_on_typing(fake: Path) -> None:
    from scenes.common.setup import SetupScene
    app = make_app()
    setup = SetupScene(app, GAME)
    app.stack.push(setup)
    frames(app)
    hint = app.t("ui.setup.seed_random")
    assert setup.widgets["seed"].placeholder_text == ""   # not pygame_gui's (drawn like typed text)
    with record_text() as blits:
        redraw(app)
    drawn = [b for b in blits if b.text == hint]
    assert drawn and all(b.fits for b in drawn)
    click(app, setup.widgets["seed"])
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="4"))
    frames(app, 2)
    assert setup.seed_text == "4"
    with record_text() as blits:
        redraw(app)
    assert hint not in {b.text for b in blits}


def test_replay_list_labels_marks_finished_and_scrolls(fake: Path) -> None:
    from scenes.common.logpicker import ROWS, LogPickerScene, game_label
    assert game_label("hooky", "classic", i18n.t) == "Hooky"          # one variant: none shown
    assert game_label(GAME, "short", i18n.t).endswith(i18n.t("ui.anim.fast"))
    app = make_app()
    for _ in range(ROWS + 2):
        finished_log(app, turns=1)
        app.close_session()
    app.start_game(GAME, human_setup(2, turns=1))           # one left unfinished (newest)
    app.close_session()
    picker = LogPickerScene(app)
    app.stack.push(picker)
    with record_text() as blits:
        redraw(app)
    texts = [b.text for b in blits]
    assert texts.count(app.t("ui.logs.unfinished")) == 1
    assert texts.count(app.t("ui.logs.finished")) == ROWS - 1
    assert len(picker.logs) == ROWS + 3 and picker.top == 0
    track, thumb = picker.track_rect(), picker.thumb_rect()
    pos = (track.centerx, track.bottom - 2)                 # a click on the track below the thumb pages down
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)
    assert picker.top == len(picker.logs) - ROWS
    thumb = picker.thumb_rect()                             # dragging the thumb back to the top
    for ev in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.y - 50), rel=(0, -50), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.y - 50), button=1)):
        pygame.event.post(ev)
    frames(app, 2)
    assert picker.top == 0
