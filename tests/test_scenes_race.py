"""The couch race scene (scenes/race): split screen for 2-4 local players in both
languages at two sizes with no text out of its box; keyboard players putting tiles with
their own keys; a hot-plugged pad joining in the lobby; a wrong call and its penalty;
the countdown ticks starting the round; grab claims and the conflict message; the team
pane shared by teammates; bots racing to the results screen."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.session import LocalSession
from engine.sumoku.grab import find_set
from engine.sumoku.rules import SumokuRules
from scenes.app import App
from scenes.sumoku import SETUP
from scenes.sumoku.race import VARIANTS, race_options, race_scene
from scenes.sumoku.race.controls import LocalPlayer
from scenes.sumoku.race.devices import PadRepeat, action_of
from scenes.sumoku.race.panes import LEGEND_CYCLE, GridPane
from scenes.sumoku.race.scene import RaceScene, default_locals
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import assert_fits, cut_short
from support.scenes import english_after, key  # noqa: F401 (english_after: autouse)

LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve", "Fay", "Gus", "Hal"]


class FakeClock:
    """The session's clock, moved by the test (LocalSession reads seconds)."""

    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> float:
        return self.ms / 1000.0


def make_app(size=(1280, 720), lang="en") -> App:
    return App(size, lang=lang, fps=None)


def make_session(variant: str, seats: int, humans: int, clock: FakeClock, seed: int = 5,
                 level: str = "easy", **options: Any) -> LocalSession:
    players = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": level}
               for i in range(seats)]
    return LocalSession(SumokuRules(), seats, race_options(variant, seats, options), seed, players,
                        log=False, clock=clock)


def push(app: App, session: LocalSession, locals_=None, lobby=False) -> RaceScene:
    scene = race_scene(app, session, locals_, lobby=lobby)
    app.stack.push(scene)
    app.step()
    return scene


def race(variant: str, seats: int, humans: int, *, lobby: bool = False,
         **kw: Any) -> tuple[FakeClock, App, LocalSession, RaceScene]:
    """A fresh clock, app and session (see make_session), and the race scene pushed on it."""
    clock = FakeClock()
    app = make_app()
    session = make_session(variant, seats, humans, clock, **kw)
    return clock, app, session, push(app, session, lobby=lobby)


def advance(app: App, scene: RaceScene, clock: FakeClock, ms: int, step: int = 250) -> None:
    """Move the session clock on, a frame at a time, letting bot plans finish."""
    end = clock.ms + ms
    while clock.ms < end:
        clock.ms = min(end, clock.ms + step)
        app.step()
        scene.driver.wait_all()


def events_of(session: LocalSession, kind: str) -> list[dict]:
    return [ev for ev in session.events if ev["type"] == kind]


# ---- the set-up spec ---------------------------------------------------------------------
def test_setup_spec_and_options():
    races = [v for v in SETUP["variants"] if v[0] in VARIANTS]
    assert [v[0] for v in races] == ["speed", "grab", "team"]
    for vid, label, extra in races:
        assert extra["seats"] == SumokuRules.seats_for(vid)
        assert i18n.t(label) != label
    for opt in SETUP["options"]:
        if set(opt.get("variants", ())) & set(VARIANTS):
            assert i18n.t(opt["label"]) != opt["label"]
    assert race_options("team", 5, {"team_count": 3})["teams"] == [0, 1, 2, 0, 1]
    assert race_options("team", 2, {"team_count": 4})["teams"] == [0, 1]      # capped by seats
    assert "teams" not in race_options("speed", 4, {"team_count": 3})
    assert default_locals([{"kind": "human"}, {"kind": "bot"}]) == [
        {"seat": 0, "devices": ["keys1", "keys2", "mouse"]}]
    two = default_locals([{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    assert two == [{"seat": 0, "devices": ["keys1", "mouse"]}, {"seat": 1, "devices": ["keys2"]}]


# ---- rendering ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["speed", "grab", "team"])
@pytest.mark.parametrize("lang", LANGS)
def test_split_screen_renders_without_overflow(variant, lang):
    for size in SIZES:
        for humans in (2, 3, 4):
            clock = FakeClock()
            app = make_app(size, lang)
            session = make_session(variant, 6, humans, clock, seed=humans)
            scene = push(app, session)
            advance(app, scene, clock, 3500)
            assert session.view(None)["live"]
            for p in scene.locals:            # something to show: a tile put, a message
                scene.act(p, "put")
                p.say(scene.refusal_text(_named_error(variant)), scene.now)
            scene.layout = None
            with record_text() as blits:
                app.step()
            assert_fits(blits)
            assert not cut_short(blits), (size, humans, cut_short(blits))
            texts = " ".join(b.text for b in blits)
            assert NAMES[0] in texts
            panes = {id(scene.pane_of[p.seat]) for p in scene.locals}
            assert len(panes) == (len({session.view(None)["teams"][p.seat] for p in scene.locals})
                                  if variant == "team" else humans)
            if lang == "zh-TW":
                assert any("\u4e00" <= c <= "\u9fff" for c in texts)


def _named_error(variant: str):
    from engine.core.errors import RuleError
    return RuleError("err.sumoku.taken_by", seat=2, player=3)


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_renders_without_overflow(lang):
    for size in SIZES:
        clock = FakeClock()
        app = make_app(size, lang)
        session = make_session("team", 5, 3, clock, team_count=3)
        scene = push(app, session, lobby=True)
        with record_text() as blits:
            app.step()
        assert_fits(blits)
        assert not cut_short(blits), (size, cut_short(blits))
        assert scene.phase == "lobby"


def test_panes_redraw_only_on_change():
    clock, app, session, scene = race("speed", 4, 4)
    advance(app, scene, clock, 3500)
    for _ in range(3):
        app.step()
    counts = [pane.redraws for pane in scene.panes]
    for i in range(10):                          # a cursor move is an overlay, not a redraw
        scene.act(scene.locals[0], "right" if i % 2 == 0 else "left")
        app.step()
    assert [pane.redraws for pane in scene.panes] == counts
    scene.act(scene.locals[0], "put")
    app.step()
    assert scene.panes[0].redraws == counts[0] + 1
    assert [pane.redraws for pane in scene.panes[1:]] == counts[1:]


# ---- input ----------------------------------------------------------------------------------
def test_two_keyboard_players_put_with_their_own_keys():
    clock, app, session, scene = race("speed", 3, 2)
    mei, ada = scene.locals
    assert mei.devices[0] == "keys1" and ada.devices == ["keys2"]
    advance(app, scene, clock, 3100)
    hands = session.view(None)["hands"]
    key(app, pygame.K_e)             # Mei: next tile
    key(app, pygame.K_d)             # Mei: cursor right
    key(app, pygame.K_SPACE)         # Mei: put
    key(app, pygame.K_DOWN)          # Ada: cursor down
    key(app, pygame.K_RETURN)        # Ada: put
    puts = events_of(session, "put")
    assert [(ev["seat"], ev["cell"]) for ev in puts] == [(0, [0, 1]), (1, [1, 0])]
    assert puts[0]["tile"] == hands[0][1] and puts[1]["tile"] == hands[1][0]
    grids = session.view(None)["grids"]
    assert [r[:3] for r in grids[0]] == [[0, 1, hands[0][1]]]
    assert [r[:3] for r in grids[1]] == [[1, 0, hands[1][0]]]
    # Space on a placed tile lifts it back to Mei's hand
    key(app, pygame.K_SPACE)
    assert events_of(session, "lifted")[-1]["seat"] == 0
    assert session.view(None)["grids"][0] == []


def test_flip_six_to_nine_before_putting():
    clock = FakeClock()
    app = make_app()
    six = 16 * 2 + 10                # green 6
    from engine.sumoku.tiles import bag_starting_with, number
    assert number(six) == 6
    session = make_session("speed", 2, 2, clock, bag_order=bag_starting_with([six] + list(range(10))))
    scene = push(app, session)
    advance(app, scene, clock, 3100)
    mei = scene.locals[0]
    assert session.view(None)["hands"][0][0] == six
    key(app, pygame.K_r)             # 6 -> 9
    key(app, pygame.K_SPACE)
    assert events_of(session, "put")[-1]["value"] == 9
    key(app, pygame.K_r)             # on the grid: lift and put back as a 6
    assert events_of(session, "put")[-1]["value"] == 6
    assert mei.cursor == (0, 0)


def test_refusal_shows_beside_the_player_with_error_sound():
    clock = FakeClock()
    app = make_app()
    played: list[str] = []
    app.sound.play = played.append                 # type: ignore[method-assign]
    session = make_session("speed", 2, 2, clock)
    scene = push(app, session)
    key(app, pygame.K_SPACE)                       # before GO: nothing is sent
    assert not events_of(session, "put")
    assert scene.locals[0].current_message(scene.now) == i18n.t("race.wait_countdown")
    advance(app, scene, clock, 3100)
    key(app, pygame.K_SEMICOLON)                   # Ada: exchange (draw 2)
    assert events_of(session, "exchanged")[-1]["seat"] == 1
    key(app, pygame.K_RSHIFT)                      # Ada calls before returning: refused
    ada = scene.locals[1]
    assert ada.current_message(scene.now) == i18n.t("err.sumoku.return_first")
    assert "error" in played
    assert scene.locals[0].current_message(scene.now) is None


def test_a_refusal_kept_under_a_pane_is_said_again_after_a_language_switch():
    """The refusal is kept for seconds and said again in the new language (it once named
    the caught error after its except block had ended, and the switch crashed)."""
    clock, app, session, scene = race("speed", 2, 2)
    advance(app, scene, clock, 3100)
    key(app, pygame.K_SEMICOLON)                   # Ada: exchange (draw 2)
    key(app, pygame.K_RSHIFT)                      # Ada calls before returning: refused
    ada = scene.locals[1]
    english = ada.current_message(scene.now)
    assert english == i18n.t("err.sumoku.return_first")
    app.set_lang("zh-TW")
    app.step()
    assert ada.current_message(scene.now) == i18n.t("err.sumoku.return_first") != english


def test_wrong_call_shows_the_penalty():
    clock, app, session, scene = race("speed", 3, 2)
    advance(app, scene, clock, 3100)
    key(app, pygame.K_c)                           # Mei calls with 10 tiles in hand
    called = events_of(session, "called")[-1]
    assert called["seat"] == 0 and not called["right"]
    v = session.view(None)
    assert v["out"][0] and [len(h) for h in v["hands"]] == [10, 12, 12]
    mei = scene.locals[0]
    assert mei.current_message(scene.now) == i18n.t("err.sumoku.hand_left", count=10)
    app.step()
    assert [p.text for p in scene.effects.pops].count("+2") == 2
    assert i18n.t("race.wrong_call") in [p.text for p in scene.effects.pops]
    # out of the round: her keys are refused with the reason
    key(app, pygame.K_SPACE)
    assert mei.current_message(scene.now) == i18n.t("err.sumoku.out_of_round")
    assert scene.pane_of[0].status_text()[1] == i18n.t("race.out")


def test_countdown_ticks_start_the_round():
    clock, app, session, scene = race("speed", 2, 2)
    assert session.view(None)["starts_at"] == 3000
    advance(app, scene, clock, 2900)
    assert not events_of(session, "round_started") and not events_of(session, "tick")
    assert scene.start_at() == 3000
    advance(app, scene, clock, 200)
    started = events_of(session, "round_started")
    assert len(started) == 1 and started[0]["t"] >= 3000
    assert session.view(None)["live"] and all(len(h) == 10 for h in session.view(None)["hands"])


def test_lobby_holds_the_countdown_until_everyone_is_ready():
    clock, app, session, scene = race("speed", 3, 2, lobby=True)
    advance(app, scene, clock, 8000)
    assert not events_of(session, "round_started")   # no tick in the lobby
    key(app, pygame.K_SPACE)                         # Mei ready
    assert scene.phase == "lobby"
    key(app, pygame.K_RETURN)                        # Ada ready: go
    assert scene.phase == "race" and scene.gate_ms == 8000 + 3000
    advance(app, scene, clock, 2900)
    assert not events_of(session, "round_started")
    advance(app, scene, clock, 200)
    assert events_of(session, "round_started")


def test_lobby_mouse_player_readies_with_a_click():
    clock, app, session, scene = race("grab", 3, 3, lobby=True)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    assert scene.phase == "lobby"
    bo = scene.player_of("mouse")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.lobby_screen.slot_rects[bo.seat].center, button=1))
    app.step()
    assert bo.ready and scene.phase == "race"


def test_keyboard_layout_of_a_lone_player_lets_a_second_one_join():
    clock, app, session, scene = race("speed", 2, 1, lobby=True)
    assert scene.locals[0].devices == ["keys1", "keys2", "mouse"]
    key(app, pygame.K_RETURN)                        # arrows + Enter: a new player
    assert [(p.seat, p.devices) for p in scene.locals] == [(0, ["keys1", "mouse"]), (1, ["keys2"])]
    assert scene.session.players[1]["kind"] == "human" and not scene.driver.seats


def test_a_hot_plugged_pad_adds_a_player_in_the_lobby():
    clock = FakeClock()
    app = make_app()
    session = make_session("speed", 3, 1, clock)
    app.session = session
    scene = push(app, session, lobby=True)
    assert [p.seat for p in scene.locals] == [0]
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0, instance_id=7))
    app.step()
    assert [p.seat for p in scene.locals] == [0, 1]
    pad = scene.locals[1]
    assert pad.devices == ["pad:7"]
    s2 = scene.session
    assert s2 is not session and app.session is s2
    assert s2.players[1]["kind"] == "human" and s2.header["players"][1]["kind"] == "human"
    assert 1 not in scene.driver.seats and 2 in scene.driver.seats
    # a second pad takes the last bot seat, a third grows the table
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=1, instance_id=8))
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=2, instance_id=9))
    app.step()
    assert [p.seat for p in scene.locals] == [0, 1, 2, 3] and scene.session.seats == 4
    # unplugging the last pad gives its seat back to a bot
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=9))
    app.step()
    assert [p.seat for p in scene.locals] == [0, 1, 2]
    assert scene.session.players[3]["kind"] == "bot"
    # pads ready up with A; when all are ready the race begins, and a pad plays
    for inst in (7, 8):
        pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=inst, joy=inst, button=0))
    app.step()
    assert scene.phase == "lobby"
    key(app, pygame.K_SPACE)
    assert scene.phase == "race"
    advance(app, scene, clock, 3200)
    pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=7, joy=7, hat=0, value=(1, 0)))
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, joy=7, button=0))
    app.step()
    put = events_of(scene.session, "put")[-1]
    assert put["seat"] == 1 and put["cell"] == [0, 1]


def test_pad_stick_repeats_and_unknown_events_are_ignored():
    rep = PadRepeat()
    ev = pygame.event.Event(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.9)
    assert rep.axis(ev) == ("pad:3", "right")
    assert rep.axis(ev) is None                          # held, not pressed again
    assert rep.update(0.2) == [] and rep.update(0.2) == [("pad:3", "right")]
    assert rep.axis(pygame.event.Event(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.0)) is None
    assert rep.update(1.0) == []
    assert action_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0)) is None


def test_mouse_player_picks_a_tile_and_a_square():
    clock, app, session, scene = race("speed", 3, 3)
    advance(app, scene, clock, 3100)
    bo = next(p for p in scene.locals if "mouse" in p.devices)
    pane = scene.pane_of[bo.seat]
    assert isinstance(pane, GridPane)
    tile = session.view(None)["hands"][bo.seat][3]
    r = pane.tile_rects[3].move(pane.rect.topleft)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1))
    app.step()
    assert bo.tile == tile
    cell_pos = pane.board.cell_rect((0, 0)).move(pane.rect.topleft).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cell_pos, button=1))
    app.step()
    put = events_of(session, "put")[-1]
    assert (put["seat"], put["tile"], put["cell"]) == (bo.seat, tile, [0, 0])
    call = next(b for b in pane.buttons if b.name == "call")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=call.rect.move(pane.rect.topleft).center,
                                         button=1))
    app.step()
    assert events_of(session, "called")[-1]["seat"] == bo.seat


def mouse(app: App, kind, pos, button=1) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=button))


def mouse_drag(app: App, start, end) -> None:
    """Press, move in two steps, release: then one frame."""
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
    mouse(app, pygame.MOUSEMOTION, end)
    mouse(app, pygame.MOUSEBUTTONUP, end)
    app.step()


def test_mouse_drag_puts_tiles_where_aimed_and_the_pane_holds_still():
    clock, app, session, scene = race("speed", 2, 1)            # one person: keys and the mouse
    advance(app, scene, clock, 3100)
    me = scene.locals[0]
    pane = scene.pane_of[me.seat]
    hand = list(session.view(None)["hands"][me.seat])
    at = pane.rect.topleft
    slots = [r.move(at) for r in pane.tile_rects]
    camera = (pane.board.ox, pane.board.oy, pane.board.cell)
    # (slot, square), in no order of the hand, down a column until the grid outgrows the pane
    aims = [(5, (0, 0)), (7, (0, 1)), (0, (0, 2))] + [(s, (r, 0)) for s, r in zip((2, 9, 1, 8, 3, 6, 4), range(1, 8))]
    done = []
    for slot, cell in aims:
        done.append((slot, cell))
        target = pane.board.cell_rect(cell).move(at).center
        mouse_drag(app, slots[slot].center, target)
        put = events_of(session, "put")[-1]
        assert (put["tile"], put["cell"]) == (hand[slot], list(cell))
        # nothing moved under the pointer: the other tiles keep their slots, the board its camera
        assert [r.move(at) for r in pane.tile_rects] == slots
        assert (pane.board.ox, pane.board.oy, pane.board.cell) == camera
        if pane.needs_fit():
            break
    assert pane.hold and pane.needs_fit(), "the grid never reached the pane's edge"
    grid = {tuple(c) for c in (ev["cell"] for ev in events_of(session, "put"))}
    assert grid == {cell for _, cell in done}
    mouse(app, pygame.MOUSEMOTION, slots[1].center)                # off the board: the camera catches up
    app.step()
    assert not pane.hold and not pane.needs_fit()
    assert (pane.board.ox, pane.board.oy, pane.board.cell) != camera
    # a placed tile dragged off its square goes back to its own slot
    cell = pane.board.cell_rect((0, 0)).move(at).center
    mouse_drag(app, cell, slots[1].center)
    assert events_of(session, "lifted")[-1]["tile"] == hand[5]
    assert pane.shown[5] == hand[5]


def test_a_broken_line_says_what_is_wrong_in_words():
    from engine.sumoku.tiles import colour, number
    for lang in LANGS:
        clock = FakeClock()
        app = make_app(lang=lang)
        session = make_session("speed", 2, 1, clock)
        scene = push(app, session)
        advance(app, scene, clock, 4100)
        me = scene.locals[0]
        pane = scene.pane_of[me.seat]
        v = session.view(None)
        hand = v["hands"][me.seat]
        i, j = next((i, j) for i in range(10) for j in range(i + 1, 10)
                    if (number(hand[i]) + number(hand[j])) % v["key"] and colour(hand[i]) != colour(hand[j]))
        at = pane.rect.topleft
        with record_text() as blits:
            for slot, cell in ((i, (0, 0)), (j, (0, 1))):
                mouse_drag(app, pane.tile_rects[slot].move(at).center, pane.board.cell_rect(cell).move(at).center)
        total = number(hand[i]) + number(hand[j])
        said = [b.text for b in blits]
        want = {"en": f"sums to {total}, not a multiple of {v['key']}", "zh-TW": f"總和是 {total}，不是 {v['key']} 的倍數"}
        assert any(want[lang] in x for x in said), (want[lang], said)
        assert_fits(blits)


def test_a_pane_footer_takes_each_device_of_its_player_in_turn():
    clock, app, session, scene = race("speed", 2, 1)            # one person: WASD, arrows and the mouse
    advance(app, scene, clock, 3100)
    seen = set()
    for _ in range(4):                                          # a full turn and back (the first is cached)
        with record_text() as blits:
            app.stack.request_redraw()
            app.step()
        seen |= {b.text for b in blits}
        scene.now += LEGEND_CYCLE                               # the scene's own clock: no waiting
    for device in ("keys1", "keys2", "mouse"):
        assert i18n.t("race.legend.of", device=i18n.t(f"race.device.{device}"),
                      legend=i18n.t(f"race.legend.{device}.speed")) in seen


def test_a_legend_too_long_for_its_footer_shows_whole_in_parts_in_turn():
    """At 960x540 two people share the keyboard: the WASD player's legend, named for its
    device, does not fit the footer whole, so it shows a part at a time, every part whole."""
    for lang in LANGS:
        i18n.set_lang(lang)
        clock = FakeClock()
        app = make_app((960, 540), lang)
        session = make_session("speed", 4, 2, clock)
        scene = push(app, session)
        advance(app, scene, clock, 3100)
        pane = scene.pane_of[0]
        pages = pane.legend_pages(pane.legend_box, pane.players, "speed")
        mine = [text for p, text, _size in pages if p.seat == 0 and "WASD" in text]
        assert len(mine) > 1
        seen = []
        for _ in range(len(pages) + 1):            # a full turn and one more (the first is cached)
            with record_text() as blits:
                app.stack.request_redraw()
                app.step()
            assert not cut_short(blits)
            seen += [b.text for b in blits]
            scene.now += LEGEND_CYCLE
        device = i18n.t("race.device.keys1")
        for part in i18n.t("race.legend.keys1.speed").split("·"):
            assert any(part.strip() in text and device in text for text in mine)
            assert any(part.strip() in x for x in seen), part


def test_lobby_gives_each_device_its_own_legend():
    for lang in LANGS:
        i18n.set_lang(lang)
        clock = FakeClock()
        app = make_app(lang=lang)
        session = make_session("speed", 3, 1, clock)
        push(app, session, lobby=True)
        with record_text() as blits:
            app.stack.request_redraw()
            app.step()
        said = [b.text for b in blits]
        for device in ("keys1", "keys2", "mouse"):               # one person holds all three
            assert i18n.t(f"race.device.{device}") in said
            assert i18n.t(f"race.legend.{device}.speed") in said
        assert_fits(blits)


# ---- grab and team --------------------------------------------------------------------------
def test_grab_claim_and_the_conflict_names_the_winner():
    clock, app, session, scene = race("grab", 3, 2)
    advance(app, scene, clock, 3100)
    v = session.view(None)
    found = find_set(v["centre"], v["key"])
    assert found is not None
    tiles, vals = found
    mei, ada = scene.locals
    for p in (mei, ada):
        for tile, val in zip(tiles, vals):
            p.index = v["centre"].index(tile)
            scene.act(p, "put")
            if val != p.value(tile):
                scene.act(p, "flip")
        assert p.picks == tiles
    key(app, pygame.K_c)                      # Mei claims first
    claimed = events_of(session, "claimed")[-1]
    assert claimed["seat"] == 0 and claimed["right"]
    assert session.view(None)["won"][0] == tiles
    key(app, pygame.K_RSHIFT)                 # Ada's claim of the same tiles comes too late
    assert ada.current_message(scene.now) == i18n.t("race.err.taken_by", name="Mei")
    assert ada.picks == []                    # her picks left the centre with the claim


def test_grab_call_needs_four_picks():
    clock, app, session, scene = race("grab", 2, 2)
    advance(app, scene, clock, 3100)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_c)
    assert not events_of(session, "claimed")
    assert scene.locals[0].current_message(scene.now) == i18n.t("race.pick_four")


def test_teammates_share_one_pane_with_their_own_cursors():
    clock = FakeClock()
    app = make_app()
    session = make_session("team", 4, 3, clock, team_count=2)     # teams [0, 1, 0, 1]
    locals_ = [{"seat": 0, "device": "keys1"}, {"seat": 2, "device": "keys2"}, {"seat": 1, "device": "mouse"}]
    scene = push(app, session, locals_)
    advance(app, scene, clock, 3100)
    mei, bo, ada = scene.locals
    assert scene.pane_of[0] is scene.pane_of[2] and scene.pane_of[1] is not scene.pane_of[0]
    assert len(scene.panes) == 2
    pool = session.view(None)["pools"][0]
    key(app, pygame.K_SPACE)                  # Mei puts on (0, 0)
    puts = events_of(session, "put")
    assert [(ev["seat"], ev["owner"], ev["cell"]) for ev in puts] == [(0, 0, [0, 0])]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)                 # Bo puts beside it on the same team grid
    assert [(ev["seat"], ev["cell"]) for ev in events_of(session, "put")][-1] == (2, [0, 1])
    assert len(session.view(None)["pools"][0]) == len(pool) - 2
    assert len(session.view(None)["grids"][0]) == 2
    # a square a teammate took first: the refusal names them
    from engine.core.errors import RuleError
    err = RuleError("err.sumoku.teammate_cell", row=0, col=1)
    assert scene.refusal_text(err) == i18n.t("race.err.teammate_cell", name="Bo")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                 # Bo on Mei's tile: lifts it back to the pool
    assert events_of(session, "lifted")[-1]["seat"] == 2
    assert len(session.view(None)["grids"][0]) == 1
    # Ada, alone on team 2's pane with the mouse, drags a pool tile onto her team's grid
    pane = scene.pane_of[1]
    tile = pane.shown[4]
    mouse_drag(app, pane.tile_rects[4].move(pane.rect.topleft).center,
               pane.board.cell_rect((0, 0)).move(pane.rect.topleft).center)
    put = events_of(session, "put")[-1]
    assert (put["seat"], put["owner"], put["tile"], put["cell"]) == (1, 1, tile, [0, 0])
    assert pane.shown[4] is None                    # its slot waits, empty, for it


# ---- bots and the end ---------------------------------------------------------------------
def test_bots_race_to_the_results_screen():
    from scenes.common.results import ResultsScene
    clock, app, session, scene = race("grab", 3, 0, level="hard", countdown_ms=1000)
    assert sorted(scene.driver.seats) == [0, 1, 2]
    for _ in range(400):
        advance(app, scene, clock, 1000, step=500)
        if session.outcome() is not None:
            break
    assert session.outcome() is not None
    assert events_of(session, "claimed")
    scene.end_at = scene.now                  # skip the banner's wait
    app.step()
    assert isinstance(app.stack.top, ResultsScene)


def test_local_player_choices_follow_the_table():
    p = LocalPlayer(0, ["keys1"])
    view = {"variant": "speed", "grids": [[[0, 0, 5, 3]]], "hands": [[7, 9]], "pending_return": [False]}
    p.tile = 5
    p.sync(view)
    assert p.tile == 7                        # a tile gone from the hand is no longer chosen
    assert p.act("put", view) == [{"type": "lift", "seat": 0, "tile": 5}]   # the cursor is on it
    p.cursor = (0, 1)
    p.tile = 9
    assert p.act("put", view) == [{"type": "put", "seat": 0, "tile": 9, "cell": [0, 1], "value": 5}]
    view["pending_return"] = [True]
    assert p.act("exchange", view) == [{"type": "return", "seat": 0, "tile": 9}]


# ---- a round's result --------------------------------------------------------------------------
def _race_to_a_result(variant: str) -> tuple[FakeClock, App, LocalSession, RaceScene]:
    """Two people and a hard bot; the clock runs until the bot wins a round (the people
    never finish), and stops at once."""
    clock, app, session, scene = race(variant, 3, 2, level="hard", seed=3)
    kind = "round_won" if variant == "speed" else "claimed"
    for _ in range(400):
        advance(app, scene, clock, 250)
        if any(ev.get("right", True) for ev in events_of(session, kind)):
            return clock, app, session, scene
    raise AssertionError("the bot never won a round")


@pytest.mark.parametrize("variant", ["speed", "grab"])
def test_a_round_result_has_its_own_moment_before_the_next_countdown(variant):
    clock, app, session, scene = _race_to_a_result(variant)
    v = session.view(None)
    assert v["round"] == 2 and not v["live"]
    left = v["starts_at"] - clock.ms
    assert left > v["countdown_ms"]            # the engine leaves the result its time
    winner = 2
    for lang in LANGS:
        i18n.set_lang(lang)
        for size in SIZES:
            app.resize(size)
            with record_text() as blits:
                app.step()
            assert_fits(blits)
            texts = [b.text for b in blits]
            assert scene.showing_result()
            title = (i18n.t("race.banner.round", name=NAMES[winner], n=1) if variant == "speed"
                     else i18n.t("race.banner.claimed", name=NAMES[winner]))
            assert title in texts
            assert i18n.t("race.round_n", n=2) not in texts      # no countdown under it
            for s in range(3):                                    # the score, every seat
                assert NAMES[s] in texts
            if variant == "speed":                                # the winning grid for all to see
                assert i18n.t("race.result.grid_of", name=NAMES[winner]) in texts
                assert len(scene.card.board.board) == len(v["grids"][winner]) == 10
            else:
                claim = events_of(session, "claimed")[-1]
                assert " + ".join(map(str, claim["values"])) + f" = {claim['multiple']}" in texts
    i18n.set_lang("en")
    app.resize(SIZES[0])
    advance(app, scene, clock, left - v["countdown_ms"] + 10)     # now the countdown
    with record_text() as blits:
        app.step()
    texts = [b.text for b in blits]
    assert not scene.showing_result() and i18n.t("race.round_n", n=2) in texts
    assert i18n.t("race.banner.round", name=NAMES[winner], n=1) not in texts


def test_the_match_result_keeps_the_winning_grid_until_the_results():
    clock, app, session, scene = race("speed", 2, 1, level="hard", seed=4)
    for _ in range(2000):
        advance(app, scene, clock, 500, step=500)
        if session.outcome() is not None:
            break
    assert session.outcome() is not None and scene.showing_result()
    winner = session.outcome().winners[0]
    with record_text() as blits:
        app.step()
    texts = [b.text for b in blits]
    assert i18n.t("race.banner.match", name=NAMES[winner]) in texts
    assert i18n.t("race.result.grid_of", name=NAMES[winner]) in texts


def test_a_language_switch_says_the_kept_race_messages_again_at_once():
    """A refusal under a player's pane and the "wrong call" pop are kept for seconds: after
    a switch to Chinese they are said in Chinese at once, not left in English."""
    clock, app, session, scene = race("speed", 3, 2)
    advance(app, scene, clock, 3100)
    key(app, pygame.K_c)                           # Mei calls with 10 tiles in hand: wrong
    mei = scene.locals[0]
    english = (mei.current_message(scene.now), [p.text for p in scene.effects.pops])
    assert english[0] == i18n.t("err.sumoku.hand_left", count=10)
    assert i18n.t("race.wrong_call") in english[1]
    app.set_lang("zh-TW")
    app.step()
    assert mei.current_message(scene.now) == i18n.t("err.sumoku.hand_left", count=10) != english[0]
    texts = [p.text for p in scene.effects.pops]
    assert i18n.t("race.wrong_call") in texts and i18n.t("race.wrong_call") not in english[1]
