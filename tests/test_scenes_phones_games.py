"""Playing with phones at the TV in the games beyond Wooolf!! and Word Porters: the set-up's
switch is offered for each game with a phone page (and only those), and a mixed table (one
phone, one bot, one person at the TV) plays on: the phone's moves reach the session, the
curtain and the TV's own view are for the person at the TV only."""
from __future__ import annotations

import json

import pytest

from engine.registry import bot_for, games, phone_games, spec_for
from scenes.common.setup import SetupScene
from support.scenes import texts
from test_scenes_phones import app, lobby_for, phone, recv_k, steps_until  # noqa: F401


@pytest.mark.parametrize("game", games())
def test_the_switch_is_offered_for_every_variant_with_a_phone_page(app, game):  # noqa: F811
    """The set-up's Play with phones is there for the variants the spec names
    (`phone_variants`) and for no other: stepping through the variants shows and hides it."""
    setup = SetupScene(app, game)
    app.stack.push(setup)
    app.step()
    seen = set()
    for _ in setup.spec.get("variants") or [None]:
        assert ("phones" in setup.widgets) == spec_for(game).plays_on_phones(setup.variant), setup.variant
        seen.add(setup.variant)
        if setup.variant is not None:
            setup.step_variant(1)
            app.step()
    assert len(seen) == len(setup.spec.get("variants") or [None])


def test_hooky_mixed_table_phone_bot_and_a_person_at_the_tv(app):  # noqa: F811
    lobby = lobby_for(app, "hooky", ("phone", "bot", "human"))
    host = lobby.host
    mei = phone(host.port, 0, "Mei", host.code)
    recv_k(mei, "welcome")
    steps_until(app, lobby.ready)
    lobby.start()
    table = app.stack.top
    session = app.session
    assert table.humans == [2]
    view = recv_k(mei, "view")["view"]
    assert view == json.loads(json.dumps(session.view(0)))
    assert view["hand"] and view["hand"] != session.view(2)["hand"]
    mei_bot = bot_for("hooky", None, "normal", 0, 0)    # stands in for the person on the phone
    tv_bot = bot_for("hooky", None, "normal", 2, 0)     # and for the person at the TV
    phone_moves = 0
    waited = False
    while session.view(0)["phase"] in ("clue", "vote") or session.view(0)["round"] < 2:
        acting = session.to_act()
        assert table.viewer in (None, 2)                 # the TV never shows the phone's seat
        assert table.hot.curtain_for in (None, 2)        # nor raises a curtain for it
        if 0 in acting:
            waited = waited or "Waiting for Mei (on their phone)" in texts(app)
            n = len(session.events)
            mei.send(json.dumps({"k": "cmd", "cmd": mei_bot.choose(session.view(0), 0)}))
            steps_until(app, lambda: len(session.events) > n)
            assert session.events[n]["seat"] == 0
            phone_moves += 1
        elif 2 in acting:
            session.submit(tv_bot.choose(session.view(2), 2))
            app.step()
        else:
            app.step()
    assert phone_moves >= 2 and waited
    mei.close()


@pytest.mark.parametrize("lang, badge", [("en", "Phones"), ("zh-TW", "可用手機")])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_picker_says_which_games_play_with_phones(lang, badge, size, tmp_path, monkeypatch):
    from scenes.app import App
    from scenes.ui import i18n
    from support.fits import assert_fits
    from scenes.ui.draw import record_text
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    a = App(size, lang=lang, fps=None)
    try:
        a.stack.push(a.menu())
        a.step()
        a.stack.request_redraw()
        with record_text() as blits:
            a.step()
        assert [b.text for b in blits].count(badge) == len(phone_games()) >= 4
        assert_fits([b for b in blits if b.text == badge], size)
    finally:
        i18n.set_lang("en")


def test_paperback_mixed_table_phone_bot_and_a_person_at_the_tv(app):  # noqa: F811
    lobby = lobby_for(app, "paperback", ("human", "phone", "bot"))
    host = lobby.host
    mei = phone(host.port, 1, "Mei", host.code)
    recv_k(mei, "welcome")
    steps_until(app, lobby.ready)
    lobby.start()
    table = app.stack.top
    session = app.session
    assert table.humans == [0]
    view = recv_k(mei, "view")["view"]
    assert view == json.loads(json.dumps(session.view(1)))
    mei_bot = bot_for("paperback", None, "normal", 1, 0)
    tv_bot = bot_for("paperback", None, "normal", 0, 0)
    phone_moves = 0
    waited = False
    while sum(session.view(1)["turns"]) < 6:
        acting = session.to_act()
        assert table.viewer in (None, 0) and table.hot.curtain_for in (None, 0)
        if 1 in acting:
            waited = waited or "Waiting for Mei (on their phone)" in texts(app)
            n = len(session.events)
            mei.send(json.dumps({"k": "cmd", "cmd": mei_bot.choose(session.view(1), 1)}))
            steps_until(app, lambda: len(session.events) > n)
            assert session.events[n]["seat"] == 1
            phone_moves += 1
        elif 0 in acting:
            session.submit(tv_bot.choose(session.view(0), 0))
            app.step()
        else:
            app.step()
    assert phone_moves >= 2 and waited
    mei.close()
