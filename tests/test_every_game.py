"""The conformance suite: every registered game and variant (read from the registry, so a
game is tested the moment it is registered), and each option set a game declares
(GameSpec.option_sets, e.g. Paperback's every-option, co-op and simultaneous sets), keeps
the engine contract.

- bots play whole games over several seeds at every level (real-time variants through
  race_on on a simulated clock); while they play, every view carries the common header
  and agrees with to_act / next_deadline / outcome, and a dry run (`check`) neither
  refuses the bot's own command nor changes the state;
- the refolded log equals the live state and every checkpoint of the written log verifies;
- scrambles: changing what a seat may not know (engine/<game>/scramble.py) changes
  neither that seat's view nor what it receives of any event (event_view);
- describe_event words every event type the game emits in both languages (no raw type
  names, no missing actor, no unfilled placeholder);
- the replay renderer draws a table at the end of every variant; how-to pages and the
  results chart render with no text overflowing its box.

Each play-out (game, case, level, seed) is played once per run, by the first test that
needs it in whichever xdist worker, with every check made while it runs; the tests in the
other workers read what it kept (its counts, events and live state: `play`), instead of
each worker playing every game again.
"""
from __future__ import annotations

import copy
import importlib
import json
import re
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterator

import msgpack

try:
    import fcntl
except ImportError:          # no flock: two workers may both play a play-out (the same one)
    fcntl = None  # type: ignore[assignment]
import pygame
import pytest

from engine.commands.verify import EXIT_OK, check
from engine.core.bots import play_on
from engine.core.errors import RuleError
from engine.core.hashing import canonical, state_hash
from engine.core.logstore import read_log
from engine.core.race import SimClock, race_on
from engine.core.reading import seat_event
from engine.core.rng import Rng
from engine.core.session import LocalSession, fold
from engine.core.turns import view_with_status
from engine.registry import bot_for, games, package, rules_for, spec_for
from engine.core.rules import initial_state
from scenes import registry as scene_registry

NAMES = ["Ann", "Bo", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal"]
STATUS_KEYS = {"phase", "acting", "round", "deadline", "ended"}
SEEDS = (1, 2)
SLOW = {("sumoku", "classic", "hard"), ("sumoku", "solitaire", "hard"), ("sumoku", "solitaire", "easy")}


def variants() -> list[tuple[str, str]]:
    """(game, case): every variant, then each of the game's option sets (GameSpec.option_sets)
    on its default variant, as "<variant>+<set>"."""
    out = [(g, v.id) for g in games() for v in spec_for(g).variants]
    return out + [(g, f"{spec_for(g).default_variant.id}+{name}")
                  for g in games() for name in spec_for(g).named_options()]


def case_of(game: str, case: str) -> tuple[str, dict[str, Any]]:
    """A case's variant id and session options."""
    vid, _, name = case.partition("+")
    return vid, (spec_for(game).named_options()[name] if name else {})


def seats_of(game: str, variant: str) -> int:
    """A small seat count the variant takes (2 where it can, fewer only for solitaire)."""
    v = spec_for(game).variant(variant)
    return max(v.seats.start, min(2, v.seats.stop - 1)) if game != "hooky" else v.seats.start


def scrambler(game: str) -> Any:
    return importlib.import_module(f"{package(game).__name__}.scramble")


# ---- the play-outs, with the checks made while they run -------------------------------
@dataclass
class Played:
    session: LocalSession
    path: Path
    checks: int = 0                     # header + dry-run checks made while playing
    scrambles: int = 0                  # scramble comparisons made
    changed: int = 0                    # scrambles that really changed the state
    types: set[str] = field(default_factory=set)
    live: Any = None                    # canonical data of the live state it ended in


def check_header(session: LocalSession, seat: int | None) -> None:
    v = session.view(seat)
    st = v["status"]
    assert set(st) == STATUS_KEYS, st
    assert isinstance(st["phase"], str) and st["phase"]
    assert st["acting"] == sorted(session.to_act())
    assert st["round"] is None or (isinstance(st["round"], int) and not isinstance(st["round"], bool))
    assert st["deadline"] == session.next_deadline()
    assert st["ended"] is (session.outcome() is not None)
    if st["ended"]:
        assert st["acting"] == [] and st["deadline"] is None
    assert msgpack.unpackb(msgpack.packb(v), strict_map_key=False) == v   # plain data


def check_dry_run(session: LocalSession, cmd: dict, *, accepted: bool | None) -> None:
    """`check(cmd)` changes nothing; it agrees with what submit would do when known."""
    before = (session.hash(), len(session.events))
    verdict = session.check(cmd)
    assert (session.hash(), len(session.events)) == before, f"check({cmd['type']}) changed the state"
    assert verdict is None or isinstance(verdict, RuleError)
    if accepted is not None:
        assert (verdict is None) == accepted, (cmd, verdict and verdict.code)


class Watch:
    """Listens to a session: after every command, the header of every seat and the
    scramble checks (when `scramble`), on a mirror folded event by event."""

    def __init__(self, played: Played, rules: Any, seats: int, scramble: bool, seed: int) -> None:
        self.p, self.rules, self.seats, self.scramble = played, rules, seats, scramble
        self.rng = Rng(seed)
        self.mirror: Any = None
        self.mod = scrambler(rules.game) if scramble else None

    def __call__(self, session: LocalSession, events: list[dict]) -> None:
        if self.mirror is None:
            self.mirror = self.rules.initial(session.seats, session.options)
            events = session.events
        for seat in [None, *range(self.seats)]:
            check_header(session, seat)
            self.p.checks += 1
        for ev in events:
            self.p.types.add(ev["type"])
            self.mirror = self.rules.apply(self.mirror, ev)
            if self.scramble:
                self.scramble_checks(ev)

    def scramble_checks(self, ev: dict) -> None:
        rules, st, mod = self.rules, self.mirror, self.mod
        for seat in [None, *range(self.seats)]:
            other = mod.scramble(st, seat, self.rng)
            if rules.to_data(other) != rules.to_data(st):
                self.p.changed += 1
            assert view_with_status(rules, other, seat) == view_with_status(rules, st, seat), \
                f"{rules.game}: seat {seat}'s view depends on a secret (after {ev['type']})"
            seen = seat_event(rules, ev, seat)
            assert seat_event(rules, mod.scramble_event(ev, seat, self.rng), seat) == seen, \
                f"{rules.game}: what seat {seat} learns of {ev['type']} depends on a secret"
            self.p.scrambles += 1


class CheckingBot:
    """A turn bot whose every command is first dry-run (accepted) and, from a seat that
    may not act now, refused (unless the spec says the command may come off turn),
    without changing anything."""

    def __init__(self, bot: Any, session_ref: list) -> None:
        self.bot, self.ref = bot, session_ref
        self.level = getattr(bot, "level", "normal")

    def choose(self, view: dict, seat: int) -> dict:
        cmd = self.bot.choose(view, seat)
        session = self.ref[0]
        check_dry_run(session, cmd, accepted=True)
        idle = [s for s in range(session.seats) if s not in session.to_act()]
        spec = session.rules.spec.command(cmd["type"])
        if idle and not (spec and spec.off_turn):
            check_dry_run(session, dict(cmd, seat=idle[0]), accepted=False)
        return cmd


class CheckingRacer:
    """A race bot whose every plan is dry-run at once (whatever the verdict: a plan is for
    later) without changing anything."""

    def __init__(self, bot: Any, session_ref: list) -> None:
        self.bot, self.ref = bot, session_ref
        self.level = getattr(bot, "level", "normal")

    def plan(self, view: dict, seat: int, now_ms: int) -> Any:
        plan = self.bot.plan(view, seat, now_ms)
        if plan is not None:
            check_dry_run(self.ref[0], dict(plan[1], seat=seat), accepted=None)
        return plan


_PLAYED: dict[tuple[str, str, str, int], Played] = {}


def play(game: str, variant: str, level: str, seed: int, plays: Path) -> Played:
    """The play-out of (game, variant, level, seed), played once in the whole run: the first
    test (in any xdist worker) to ask for it plays it, making every check above as it goes,
    and keeps what the other tests read in `plays` (the run's folder, shared by its workers);
    a test in another worker waits for it and reads it (see `kept`)."""
    key = (game, variant, level, seed)
    if key in _PLAYED:
        return _PLAYED[key]
    name = f"{game}-{variant}-{level}-{seed}"
    with _locked(plays / f"{name}.lock"):
        kept = plays / f"{name}.msgpack"
        if kept.exists():
            played = unkept(game, msgpack.unpackb(kept.read_bytes(), strict_map_key=False))
        else:
            played = play_out(game, variant, level, seed, plays / name)
            part = kept.with_suffix(".part")
            part.write_bytes(msgpack.packb(keep(played), use_bin_type=True))
            part.replace(kept)
    _PLAYED[key] = played
    return played


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """One process at a time (the others wait on the lock, no polling)."""
    with open(path, "a+b") as f:
        if fcntl is not None:
            fcntl.flock(f, fcntl.LOCK_EX)
        yield                     # closing the file releases the lock


def keep(p: Played) -> dict[str, Any]:
    """What the tests read of a play-out, as plain data (msgpack: nothing is unpickled): its
    counts, its log (events as played, in memory) and the live state it ended in."""
    s = p.session
    return {"path": str(p.path), "checks": p.checks, "scrambles": p.scrambles, "changed": p.changed,
            "types": sorted(p.types), "header": s.header, "seats": s.seats, "options": s.options,
            "seed": s.seed, "players": s.players, "events": s.events, "live": p.live}


def unkept(game: str, k: dict[str, Any]) -> Played:
    """A play-out another worker played: its session holds the same events, its state their
    fold, and `live` the data of the state that worker's game ended in (the refold test
    compares the two)."""
    loaded = SimpleNamespace(header=k["header"], events=k["events"])
    session = LocalSession(rules_for(game), k["seats"], k["options"], k["seed"], k["players"], log=False,
                           _loaded=loaded)
    assert session.events == k["events"]
    session.state = session.refold()
    return Played(session, Path(k["path"]), k["checks"], k["scrambles"], k["changed"], set(k["types"]),
                  k["live"])


def play_out(game: str, variant: str, level: str, seed: int, log_dir: Path) -> Played:
    rules = rules_for(game)
    vid, options = case_of(game, variant)
    realtime = spec_for(game).variant(vid).realtime
    seats = seats_of(game, vid)
    players = [{"name": NAMES[s], "kind": "bot", "level": level} for s in range(seats)]
    clock = SimClock()
    ref: list = []
    wrap = CheckingRacer if realtime else CheckingBot
    bots = {s: wrap(bot_for(game, vid, level, s, seed), ref) for s in range(seats)}
    session = LocalSession(rules, seats, {"variant": vid, **options}, seed, players,
                           log_dir=log_dir, clock=clock)
    ref.append(session)
    played = Played(session, Path(session.log_path))
    watch = Watch(played, rules, seats, scramble=level == "normal", seed=seed)
    watch(session, [])                              # the set-up, already folded
    session.listeners.append(watch)
    if realtime:
        race_on(session, clock, bots)
    else:
        play_on(session, bots)
    session.close()
    played.live = canonical(rules.to_data(session.state))
    return played


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("every_game")


@pytest.fixture(scope="module")
def plays(tmp_path_factory) -> Path:
    """The run's folder of play-outs: under xdist each worker's temporary folder is
    <the run's>/popen-gwN, and the play-outs are kept in the run's, for every worker."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "every_game_plays"
    folder.mkdir(exist_ok=True)
    return folder


def levels_seeds(game: str, variant: str) -> list[tuple[str, int]]:
    """The play-outs of a case: each level over SEEDS (one seed for the slow ones and for
    an option set)."""
    vid, options = case_of(game, variant)
    return [(lv, seed) for lv in spec_for(game).levels
            for seed in (SEEDS[:1] if (game, vid, lv) in SLOW or options else SEEDS)]


@pytest.mark.parametrize("game,variant", variants())
def test_bots_play_every_level_to_the_end_with_header_and_dry_runs(game, variant, plays):
    for level, seed in levels_seeds(game, variant):
        p = play(game, variant, level, seed, plays)
        out = p.session.outcome()
        assert out is not None, (level, seed)
        assert len(out.scores) == p.session.seats and set(out.winners) <= set(range(p.session.seats))
        assert p.checks > len({e["cmd"] for e in p.session.events})
        assert p.session.view(None)["status"]["ended"] is True


@pytest.mark.parametrize("game,variant", variants())
def test_refold_equals_the_live_state_and_every_checkpoint_verifies(game, variant, plays):
    for level, seed in levels_seeds(game, variant):
        p = play(game, variant, level, seed, plays)
        s = p.session
        assert canonical(s.rules.to_data(s.refold())) == p.live
        loaded = read_log(p.path, spec_for)
        assert loaded.complete and len(loaded.events) == len(s.events)
        assert loaded.checkpoints and loaded.checkpoints[-1]["seq"] == len(s.events) - 1
        code, message = check(loaded)
        assert code == EXIT_OK, message


@pytest.mark.parametrize("game,variant", variants())
def test_no_view_or_event_view_depends_on_a_secret(game, variant, plays):
    total = changed = 0
    for seed in sorted({sd for lv, sd in levels_seeds(game, variant) if lv == "normal"}):
        p = play(game, variant, "normal", seed, plays)
        assert p.scrambles >= len(p.session.events)
        total, changed = total + p.scrambles, changed + p.changed
    assert changed > 0, "the scramble never changed anything: the check would be vacuous"


def test_the_scramble_check_catches_a_leaky_event_view(monkeypatch):
    """Not vacuous for events either: an event_view that passes the deal through shows
    another seat's hand, and the scramble of the deal changes it."""
    game = next(g for g in games() if spec_for(g).hidden_information)
    rules = rules_for(game)
    mod = scrambler(game)
    s = LocalSession(rules, spec_for(game).default_variant.seats.start, {}, 3, log=False)
    first = s.events[0]
    leaky = lambda ev, seat: ev  # noqa: E731
    assert any(leaky(mod.scramble_event(first, 0, Rng(i)), 0) != leaky(first, 0) for i in range(5))
    assert all(rules.event_view(mod.scramble_event(first, 0, Rng(i)), 0) == rules.event_view(first, 0)
               for i in range(5))


# ---- words, pictures ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    from scenes.ui import i18n
    i18n.set_lang("en")


def examples(game: str, variant: str, plays: Path) -> list[dict]:
    """One event of every (type, seat-kind, flag) the game emitted in the play-outs."""
    seen: dict[tuple, dict] = {}
    for level, seed in levels_seeds(game, variant):
        for ev in play(game, variant, level, seed, plays).session.events:
            flags = tuple(sorted(k for k, v in ev.items() if isinstance(v, bool) and v))
            seen.setdefault((ev["type"], ev.get("seat") is None, flags), ev)
    return list(seen.values())


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game,variant", variants())
def test_describe_event_words_every_event_type(game, variant, lang, plays, screen):
    from scenes.ui import i18n
    plugin = scene_registry.plugin(game)
    assert plugin is not None, f"{game} has no scene package"
    i18n.set_lang(lang)
    players = [{"name": n, "kind": "bot"} for n in NAMES]
    evs = examples(game, variant, plays)
    assert {e["type"] for e in evs} == set().union(*(play(game, variant, lv, sd, plays).types
                                                      for lv, sd in levels_seeds(game, variant)))
    rules = rules_for(game)
    for ev in evs:
        for shown in (ev, seat_event(rules, ev, None)):    # a finished log, and as the table sees it
            line = plugin.describe_event(shown, players, case_of(game, variant)[0])
            check_sentence(line, ev, lang, f"{game}/{variant} {ev['type']} ({lang})")


def check_sentence(line: str, ev: dict, lang: str, where: str) -> None:
    """An event's line is a sentence in `lang`: no raw type, no placeholder, its actor named
    (players are named NAMES by seat)."""
    assert line and line == line.strip(), f"{where}: {line!r}"
    raw = ev["type"]            # a bare type name ("put"), or a snake_case one anywhere
    assert line.lower() != raw and ("_" not in raw or raw not in line), f"{where}: raw type in {line!r}"
    assert lang != "en" or " " in line, f"{where}: not a sentence: {line!r}"
    assert "{" not in line and "  " not in line and line[0] not in ",.:;·，。：", f"{where}: {line!r}"
    if isinstance(ev.get("seat"), int):
        assert NAMES[ev["seat"]] in line, f"{where}: no actor in {line!r}"
    if lang == "zh-TW":
        assert any("\u4e00" <= ch <= "\u9fff" for ch in line), f"{where}: untranslated {line!r}"


def draw_end(game: str, renderer: Any, view: dict, surface: pygame.Surface) -> pygame.Surface:
    rect = pygame.Rect(20, 60, 860, 570)
    surface.fill((0, 0, 0))
    renderer.draw(surface, rect, view)
    return surface.subsurface(rect).copy()


def differing(a: pygame.Surface, b: pygame.Surface) -> float:
    import numpy as np
    pa, pb = pygame.surfarray.array3d(a), pygame.surfarray.array3d(b)
    return float(np.any(pa != pb, axis=2).mean())


@pytest.mark.parametrize("game,variant", variants())
def test_the_replay_renderer_draws_the_table_at_the_end(game, variant, plays, screen):
    from engine.core.replay import ReplayCursor
    p = play(game, variant, "normal", SEEDS[0], plays)
    renderer = scene_registry.plugin(game).replay_renderer(None)
    renderer.players = [{"name": n} for n in NAMES[:p.session.seats]]
    cursor = ReplayCursor.from_log(read_log(p.path, spec_for), rules_for)
    cursor.seek(len(cursor))
    end = draw_end(game, renderer, cursor.view(None), screen)
    cursor.seek(0)
    start = draw_end(game, renderer, cursor.view(None), screen)
    assert differing(end, start) > 0.01, f"{game}/{variant}: the end looks like an empty table"


def test_a_finished_race_shows_its_grids_in_the_replay(plays, screen):
    """The defect of issue 8: a finished speed race opened with an empty board (the
    renderer read `board`; race views carry `grids`)."""
    for game, variant in variants():
        p = play(game, variant, "normal", SEEDS[0], plays)
        view = p.session.view(None)
        if "grids" not in view or not any(view["grids"]):
            continue
        renderer = scene_registry.plugin(game).replay_renderer(None)
        shown = draw_end(game, renderer, view, screen)
        bare = draw_end(game, renderer, dict(view, grids=[[] for _ in view["grids"]]), screen)
        assert differing(shown, bare) > 0.005, f"{game}/{variant}: the grids are not drawn"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game", list(games()))
def test_howto_pages_and_the_results_chart_fit(game, lang, plays, screen):
    from scenes.ui import i18n, style
    from scenes.ui.chart import line_chart
    from scenes.ui.draw import record_text
    i18n.set_lang(lang)
    plugin = scene_registry.plugin(game)
    for size in [(1280, 720), (960, 540)]:
        surface = pygame.Surface(size)
        sx, sy = size[0] / 1280, size[1] / 720
        rect = pygame.Rect(round(40 * sx), round(110 * sy), round(1200 * sx), round(520 * sy))
        pages = plugin.howto_pages()
        assert pages
        for page in pages:
            with record_text() as blits:
                page.draw(surface, rect)
            assert page.title and blits, f"{game} how-to page {page.title!r} draws no text"
            bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
            assert not bad, f"{game} how-to {page.title!r} ({lang}, {size}) overflows: {bad[:3]}"
            if lang == "zh-TW":       # the example players have Taiwanese names (ui.howto.names)
                said = " ".join([getattr(page, "body", "")] + [b.text for b in blits])   # a page may draw all its text
                assert not re.search(r"\b(Mei|Ada|Dee)\b", said), f"{game} how-to {page.title!r}: {said[:200]}"
        for g, variant in variants():
            if g != game:
                continue
            s = play(game, variant, "normal", SEEDS[0], plays).session
            series = plugin.score_series(s.events, s.seats)
            assert len(series) == s.seats and len({len(x) for x in series}) == 1
            with record_text() as blits:
                line_chart(surface, pygame.Rect(round(530 * sx), round(172 * sy), round(710 * sx),
                                                round(438 * sy)), series,
                           [style.seat_colour(i) for i in range(s.seats)], label_size=max(12, round(18 * sy)))
            bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
            assert not bad, f"{game}/{variant} chart ({lang}, {size}) overflows: {bad[:3]}"


def test_every_registered_game_declares_a_usable_spec():
    for game in games():
        spec, rules = spec_for(game), rules_for(game)
        assert spec.name == rules.game == game and rules.seats == spec.seats
        pkg = package(game)
        assert pkg.Bot is not None
        assert (pkg.RaceBot is not None) == any(v.realtime for v in spec.variants)
        for v in spec.variants:
            s = LocalSession(rules, v.default_seats, {"variant": v.id}, 1, log=False)
            assert s.view(None)["status"]["ended"] is False
        for name, options in spec.named_options().items():      # each option set can be played
            s = LocalSession(rules, spec.default_variant.default_seats, options, 1, log=False)
            assert s.view(None)["status"]["ended"] is False, name
        assert hasattr(scrambler(game), "scramble") and hasattr(scrambler(game), "scramble_event")
        st = fold(rules, spec.default_variant.default_seats, {}, [])
        assert rules.progress(st)[0]


JUNK: list[Any] = [None, -1, 10**6, "x", [], {}, [[0, 0, 0, 0]], True]


@pytest.mark.parametrize("game,variant", variants())
def test_malformed_commands_are_refused_with_a_rule_error_and_change_nothing(game, variant, plays):
    """Every declared command type, from every seat and the table, with no payload or a
    junk one, at several points of a real game: `check` and `submit` refuse it with a
    RuleError (a message a player can read), never a crash, and nothing changes."""
    p = play(game, variant, "normal", SEEDS[0], plays)
    rules, s0 = rules_for(game), p.session
    spec = spec_for(game)
    fields = ["tiles", "tile", "cell", "value", "word", "target", "letter", "letters", "accept",
              "hands", "n", "multiple", "values", "from", "stuck"]
    points = sorted({0, len(s0.events) // 3, 2 * len(s0.events) // 3})
    from engine.core.replay import ReplayCursor
    s = ReplayCursor(rules, s0.header, s0.events)
    for at in points:
        s.seek(at)
        # the state's data, copied once a point, compared after each command (plain equality,
        # no hash per command; stricter than equal hashes: a tuple turned list shows too)
        before = (copy.deepcopy(rules.to_data(s.state)), s.position)
        assert state_hash(before[0]) == s.hash()
        rng = Rng(at)
        for c in spec.commands:
            for seat in [None, *range(s0.seats), s0.seats, -1]:
                cmds = [{"type": c.type, "seat": seat}]
                for f in fields:
                    cmds.append({"type": c.type, "seat": seat, f: JUNK[rng.below(len(JUNK))]})
                for cmd in cmds:
                    verdict = s.check(cmd)
                    assert verdict is None or isinstance(verdict, RuleError), (cmd, verdict)
                    assert (rules.to_data(s.state), s.position) == before, cmd
        assert s.check({"type": "no_such_command", "seat": 0}) is not None


# ---- the declared options (GameSpec.options, engine/core/options.py) ---------------------
def option_cases() -> list[tuple[str, str, Any]]:
    """(game, option key, value): every value every declared option offers."""
    return [(g, o.key, v) for g in games() for o in spec_for(g).options for v in o.values]


def playable_with(game: str, key: str, value: Any) -> tuple[str, dict[str, Any]]:
    """A variant the option belongs to and session options setting it to `value` (with the
    option it refines switched on)."""
    spec = spec_for(game)
    o = spec.option(key)
    vid = next(v.id for v in spec.variants if o.for_variant(v.id))
    options: dict[str, Any] = {"variant": vid, key: value}
    if o.needs:
        options[o.needs] = next(x for x in spec.option(o.needs).values if x not in (None, False))
    return vid, options


@pytest.mark.parametrize("game,key,value", option_cases(), ids=lambda x: repr(x))
def test_every_declared_option_value_round_trips_through_the_rules_and_the_log(game, key, value, log_dir):
    """Each value an option declares is taken by the rules, kept in the log header as given,
    and read back from the log; the same log then verifies."""
    spec, rules = spec_for(game), rules_for(game)
    vid, options = playable_with(game, key, value)
    seats = spec.variant(vid).default_seats
    assert spec.check_options(seats, options)[key] == value
    session = LocalSession(rules, seats, options, 3, log_dir=log_dir)
    path = session.log_path
    session.close()
    loaded = read_log(path, spec_for)
    assert loaded.header["options"] == options and type(loaded.header["options"][key]) is type(value)
    assert check(loaded)[0] in (EXIT_OK, 4)


@pytest.mark.parametrize("game", games())
def test_a_value_an_option_does_not_declare_is_refused_naming_what_it_takes(game):
    """The rules refuse (through the core's one check) a value outside an option's
    declaration, and the message names the option and the values it takes."""
    spec, rules = spec_for(game), rules_for(game)
    for o in spec.options:
        if o.kind == "data":
            continue
        vid, options = playable_with(game, o.key, "no such value")
        with pytest.raises(ValueError) as e:
            initial_state(rules, spec.variant(vid).default_seats, options)
        assert str(e.value) == f"{o.key} must be {o.allowed_words()}, not 'no such value'"
        assert all(json.dumps(v).strip('"') in str(e.value) for v in o.values)


def test_option_sets_use_only_declared_keys_and_values():
    for game in games():
        spec = spec_for(game)
        for name, options in spec.named_options().items():
            assert set(options) <= set(spec.option_keys), (game, name)
            assert all(spec.option(k).takes(v) for k, v in options.items()), (game, name)


@pytest.mark.parametrize("game", games())
def test_the_set_up_offers_exactly_the_declared_options_and_seats(game):
    """The set-up's option list, values, defaults, variants and partners are the spec's
    (a second list in the scenes would drift); its seats are each variant's."""
    spec, setup = spec_for(game), scene_registry.plugin(game).SETUP
    offered = spec.setup_options()
    assert [o["key"] for o in setup["options"]] == [o.key for o in offered]
    for entry, o in zip(setup["options"], offered):
        assert entry["default"] == o.default and entry["type"] == o.kind
        assert tuple(c[0] for c in entry.get("choices", ())) == (o.values if o.kind == "choice" else ())
        assert tuple(entry.get("variants", ())) == o.variants and entry.get("needs") == o.needs
    assert [(vid, extra["seats"]) for vid, _, extra in setup["variants"]] == [(v.id, v.seats) for v in spec.variants]
    assert setup["default_seats"] == spec.default_variant.default_seats
