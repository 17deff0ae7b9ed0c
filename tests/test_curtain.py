"""The hot-seat curtain's way out (scenes/common/handoff.py): Esc and its Menu button open
the pause menu over the curtain, which stays up beneath it, so nobody's secret is drawn;
resume comes back to the curtain with the game clock still stopped, settings open from
there, and save-and-quit leaves the game to be continued (behind the curtain again).
With a real Wooolf!! hot-seat table, in both languages at both sizes."""
from __future__ import annotations

import pygame
import pytest

from engine.core.session import LocalSession
from engine.wooolf.rules import WooolfRules
from scenes.common.handoff import HandoffCurtain
from scenes.common.pause import PauseOverlay
from scenes.common.settings import SettingsScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from scenes.wooolf.narrate import card_words
from scenes.wooolf.table import WooolfScene
from support.fits import assert_fits, cut_short
from support.scenes import click, english_after, key, lift, make_app, redraw  # noqa: F401

SIZES = ((1280, 720), (960, 540))


def hot_seat(app) -> tuple[LocalSession, WooolfScene]:
    """Two people and two bots; the first person has taken their turn: the curtain is up
    for the second."""
    players = [{"name": n, "kind": k, "level": "normal"}
               for n, k in (("Mei", "human"), ("Ada", "human"), ("Bo", "bot"), ("Dee", "bot"))]
    session = LocalSession(WooolfRules(), 4, {"assistant": "notes", "start": 0}, 2, players)
    scene = WooolfScene(app, session)
    app.stack.push(scene)
    app.step()
    lift(app, 0)
    session.submit({"type": "peek", "seat": 0, "target": 2, "pos": 0})
    for _ in range(5):
        app.step()
    assert "done" in scene.bar                                 # Mei reads the card she peeked, then Done
    click(app, scene.bar["done"].rect.center)
    for _ in range(5):
        app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    return session, scene


def secrets(session: LocalSession) -> list[str]:
    """Words that would give a secret away: either person's cards and what Mei peeked."""
    out = [card_words(c) for seat in (0, 1) for c in session.view(seat)["my_cards"]]
    out += [card_words(p["card"]) for p in session.view(0)["my_peeks"]]
    return out


def drawn(app) -> list[str]:
    with record_text() as blits:
        app.relayout()
        redraw(app)
    return [b.text for b in blits]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_esc_and_the_menu_button_open_the_pause_menu_over_the_curtain(lang, size) -> None:
    app = make_app(size, lang)
    session, scene = hot_seat(app)
    curtain = app.stack.top
    hidden = secrets(session)
    with record_text() as blits:
        app.relayout()                                          # the buttons' labels are noted as built
        redraw(app)
    assert i18n.t("ui.handoff.menu") in [b.text for b in blits]
    assert_fits(blits, size)
    assert not cut_short(blits)
    paused_at = session.now_ms()
    draws = scene.draws
    for open_it in ("esc", "button"):
        if open_it == "esc":
            key(app, pygame.K_ESCAPE)
        else:
            click(app, curtain.widgets["menu"].rect.center)
            app.step()                                            # pygame_gui says "pressed" a frame later
        assert isinstance(app.stack.top, PauseOverlay)
        assert app.stack.scenes[-2] is curtain                  # the curtain stays up beneath
        with record_text() as blits:
            app.relayout()
            redraw(app)
        words = " ".join(b.text for b in blits)
        assert i18n.t("ui.pause.resume") in words and i18n.t("ui.handoff.pass_to") in words
        assert not any(s in words for s in hidden), words
        assert_fits(blits, size)
        assert scene.draws == draws                               # the table is never drawn
        key(app, pygame.K_ESCAPE)                                 # resume: back to the curtain
        assert app.stack.top is curtain and scene.viewer is None
    assert session.now_ms() == paused_at                         # the game clock stayed stopped
    assert scene.draws == draws
    session.close()


def test_settings_from_the_curtains_menu_then_resume_keeps_the_curtain() -> None:
    app = make_app()
    session, scene = hot_seat(app)
    curtain = app.stack.top
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    click(app, pause.widgets["settings"].rect.center)
    app.step()
    assert isinstance(app.stack.top, SettingsScene)
    app.set_lang("zh-TW")                                        # a change made there shows at once
    app.stack.pop()
    assert app.stack.top is pause
    assert i18n.t("ui.pause.resume") in drawn(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is curtain
    words = " ".join(drawn(app))
    assert i18n.t("ui.handoff.pass_to") in words and not any(s in words for s in secrets(session))
    curtain.armed_in = 0
    key(app, pygame.K_SPACE)                                     # the person lifts it as ever
    assert app.stack.top is scene and scene.viewer == 1
    session.close()


def test_save_and_quit_from_the_curtain_then_continue_brings_the_curtain_back() -> None:
    app = make_app()
    session, scene = hot_seat(app)
    key(app, pygame.K_ESCAPE)
    click(app, app.stack.top.widgets["save_quit"].rect.center)
    app.step()
    assert app.session is None and not any(isinstance(s, WooolfScene) for s in app.stack.scenes)
    resumed = app.continue_game(session.log_path)
    assert resumed is not None and len(resumed.events) == len(session.events)
    app.step()
    top = app.stack.top
    assert isinstance(top, HandoffCurtain) and top.seat == 1    # Ada's turn, behind the curtain
    app.close_session()


def test_closing_the_window_at_the_curtain_asks_and_staying_keeps_the_curtain_and_the_clock_stopped() -> None:
    from scenes.common.confirm import Confirm
    app = make_app()
    session, scene = hot_seat(app)
    curtain = app.stack.top
    stopped = session.now_ms()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert isinstance(app.stack.top, Confirm) and app.running
    words = " ".join(drawn(app))
    assert not any(s in words for s in secrets(session))
    key(app, pygame.K_ESCAPE)                                    # Stay
    assert app.stack.top is curtain and app.running
    assert session.now_ms() == stopped                           # still stopped under the curtain
    session.close()
