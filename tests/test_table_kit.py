"""The table kit (scenes/common/turntable.py, hotseat.py, scenes/ui/buttons.py, worker.py)
driven through real tables, headless: the curtain rises whenever the person at the screen
must change (mid-turn too), the session clock stops under it, nothing secret is drawn
beneath it, each seat keeps its own half-made choices, the latest-job worker drops stale
answers, and every button's key is the one it shows and does what a click does."""
from __future__ import annotations

import threading

import pygame

from engine.core.session import LocalSession
from engine.hooky.rules import HookyRules
from scenes.common.handoff import HandoffCurtain
from scenes.hooky.table import HookyScene
from scenes.ui.buttons import key_name
from scenes.ui.draw import record_text
from scenes.ui.worker import Latest
from test_scenes_sumoku import start_with_human
from support.scenes import click, english_after, make_app, redraw  # noqa: F401 (english_after: autouse)

NAMES = ["Mei", "Ada", "Bo"]


def hooky_session(clock) -> LocalSession:
    players = [{"name": n, "kind": "human", "level": "normal"} for n in NAMES]
    return LocalSession(HookyRules(), 3, {"assistant": "notes", "start": 0}, 1, players, log=False, clock=clock)


def press(app, k, unicode="") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode))
    app.step()


def lift(app) -> None:
    assert isinstance(app.stack.top, HandoffCurtain)
    app.stack.top.armed_in = 0
    press(app, pygame.K_SPACE)


def test_curtain_rises_mid_turn_stops_the_clock_and_hides_the_table():
    now = [500.0]
    app = make_app()
    session = hooky_session(lambda: now[0])
    scene = HookyScene(app, session)
    app.stack.push(scene)
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 0 and scene.viewer is None
    lift(app)
    assert scene.viewer == 0 and app.stack.top is scene
    hand0 = {c.upper() for c in session.view(0)["hand"]}
    for c in "zorbs":                                        # not a word: Mei proposes it, still in her turn
        press(app, getattr(pygame, f"K_{c}"), c)
    scene.ui.target = 1
    click(app, scene.bar["propose"].rect.center)
    assert session.view(None)["phase"] == "vote" and 0 not in session.to_act()
    # mid-turn, another person must act: the curtain is up for Ada, the table is not drawn
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    assert scene.viewer is None
    t0, drawn = session.now_ms(), scene.draws
    now[0] += 90.0                                           # a minute and a half behind the curtain
    with record_text() as blits:
        for _ in range(3):
            app.step()
    assert session.now_ms() == t0                            # the game clock stood still
    assert scene.draws == drawn
    assert not [b.text for b in blits if b.text.strip() in hand0 or "ZORBS" in b.text.upper()]
    lift(app)
    assert scene.viewer == 1 and scene.ui.word == "" and scene.ui.target is None   # Ada's own choices
    now[0] += 2.0
    assert session.now_ms() == t0 + 2000                     # the clock runs again once she is there
    press(app, pygame.K_y)                                   # Ada accepts; Bo must vote next
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 2
    lift(app)
    press(app, pygame.K_y)
    assert "zorbs" in session.view(None)["accepted_words"]
    lift(app)                                                # back to Mei, whose turn it still is
    assert scene.viewer == 0 and scene.hot.private(0).target == 1    # her half-made question kept


def test_latest_job_drops_stale_answers():
    gates = [threading.Event(), threading.Event()]
    latest: Latest[str] = Latest()

    def answer(i: int) -> str:
        gates[i].wait(10)
        return f"answer {i}"
    latest.ask("position 1", answer, 0)
    assert latest.busy and latest.take("position 1") is None          # not done yet
    gates[0].set()
    latest.wait(10)
    assert latest.take("position 2") is None and not latest.busy      # the game moved on: dropped
    latest.ask("position 2", answer, 1)
    latest.ask("position 3", answer, 1)                               # a newer question replaces it
    gates[1].set()
    latest.wait(10)
    assert latest.take("position 3") == "answer 1"

    def boom() -> str:
        raise ValueError("no")
    latest.ask("p", boom)
    latest.wait(10)
    assert latest.take("p") is None and isinstance(latest.failed, ValueError)


def test_button_keys_match_their_labels_and_do_what_a_click_does():
    app, session, scene = start_with_human()          # a Sumoku table where the person plays first
    pressed: list[str] = []
    for b in scene.bar:
        b.action = lambda name=b.name: pressed.append(name)
    scene.bar["exchange"].visible = False
    app.step()
    with record_text() as blits:
        redraw(app)
    shown = [b for b in scene.bar if b.visible and b.keys]
    assert {b.name for b in shown} >= {"confirm", "take_back", "hint", "pass", "undo", "menu"}
    for b in shown:
        b.enabled = True
        hint = key_name(b.keys[0])
        assert any(x.text == hint and b.rect.contains(x.rect) for x in blits), (b.name, hint)
        click(app, b.rect.center)
        assert pressed and pressed[-1] == b.name
        pressed.clear()
        for bb in scene.bar:
            bb.enabled = True
        scene.controls = lambda: None                        # keep every button pressable for the key
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=b.keys[0], mod=0, unicode=""))
        app.step()
        assert pressed == [b.name], (b.name, pressed)
        pressed.clear()
        del scene.controls


def test_a_waiting_table_sleeps_and_wakes_for_what_changes():
    app, session, scene = start_with_human()                 # the person to play, bots after
    for _ in range(3):
        app.step()
    assert not app.stack.frame_due() and scene.wake_after() is None       # nothing moves: no frames
    drawn = app.redraws
    for _ in range(5):
        app.step()
    assert app.redraws == drawn
    press(app, pygame.K_1)                                    # input: the picked tile shows at once
    assert app.redraws == drawn + 1 and scene.selected is not None
    press(app, pygame.K_ESCAPE)
    from test_scenes_sumoku import a_play
    scene.pending.set([list(p) for p in a_play(session, 0).placements])
    app.step()
    press(app, pygame.K_RETURN)
    assert session.view(None)["turn"] != 0
    # a bot is to move: the loop must not sleep past it (its thinking thread wakes the loop)
    assert scene.wake_after() == 0.0 or scene.bots.thinking
    scene.bots.wait(10)
    assert scene.wake_after() is not None and scene.wake_after() <= scene.bots.delay


def test_a_failing_bot_falls_back_to_a_legal_move():
    app, session, scene = start_with_human()

    class Broken:
        def choose(self, view, seat):
            raise RuntimeError("no idea")
    scene.bots.make_bot = lambda seat, level: Broken()
    from test_scenes_sumoku import a_play
    scene.pending.set([list(p) for p in a_play(session, 0).placements])
    app.step()
    press(app, pygame.K_RETURN)
    bot = session.view(None)["turn"]
    assert bot != 0
    for _ in range(200):
        if session.view(None)["turn"] != bot:
            break
        scene.bots.wait(10)
        app.step()
    assert session.view(None)["turn"] != bot                  # the game went on
    assert any(ev.get("seat") == bot for ev in session.events[-3:])


def test_a_paused_table_does_not_redraw_itself():
    from scenes.common.pause import PauseOverlay
    app, session, scene = start_with_human()
    from test_scenes_sumoku import a_play
    scene.pending.set([list(p) for p in a_play(session, 0).placements])
    app.step()
    press(app, pygame.K_RETURN)                               # a bot is to move next
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    app.step()
    assert not scene.animating() and scene.wake_after() is None   # paused: no bot move, no frames for it
