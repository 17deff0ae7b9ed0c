"""Playing with phones at the TV in the games beyond Wooolf!! and Word Porters: the set-up's
switch is offered for each game with a phone page (and only those), and a mixed table (one
phone, one bot, one person at the TV) plays on: the phone's moves reach the session, the
curtain and the TV's own view are for the person at the TV only."""
from __future__ import annotations

import json

import pytest

from engine.core.rng import Rng
from engine.registry import bot_for, games, phone_games, spec_for
from scenes.common.setup import PHONE, SetupScene
from support.scenes import texts
from test_scenes_phones import app, lobby_for, phone, recv_k, redraw, steps_until  # noqa: F401


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


def play_mixed(app, game, kinds, enough, check=lambda table, acting, mei: None):
    """A mixed table (one phone, one bot, one person at the TV) played on until
    `enough(session)`: the phone's moves (the normal bot's, sent over its socket) reach the
    session as its seat's, the person at the TV plays through the session, and the TV never
    shows the phone's seat nor raises a curtain for it; `check(table, acting, the phone's
    socket)` each step.
    Returns (the phone's first view, the session, the phone's moves)."""
    lobby = lobby_for(app, game, kinds)
    host = lobby.host
    ps, tv = kinds.index("phone"), kinds.index("human")
    mei = phone(host.port, ps, "Mei", host.code)
    recv_k(mei, "welcome")
    steps_until(app, lobby.ready)
    lobby.start()
    table = app.stack.top
    session = app.session
    assert table.humans == [tv]
    view = recv_k(mei, "view")["view"]
    assert view == json.loads(json.dumps(session.view(ps)))
    mei_bot = bot_for(game, None, "normal", ps, 0)     # stands in for the person on the phone
    tv_bot = bot_for(game, None, "normal", tv, 0)      # and for the person at the TV
    phone_moves = 0
    waited = False
    while not enough(session):
        acting = session.to_act()
        assert table.viewer in (None, tv)                 # the TV never shows the phone's seat
        assert table.hot.curtain_for in (None, tv)        # nor raises a curtain for it
        check(table, acting, mei)
        if ps in acting:
            waited = waited or "Waiting for Mei (on their phone)" in texts(app)
            n = len(session.events)
            mei.send(json.dumps({"k": "cmd", "cmd": mei_bot.choose(session.view(ps), ps)}))
            steps_until(app, lambda: len(session.events) > n)
            assert session.events[n]["seat"] == ps
            phone_moves += 1
        elif tv in acting:
            session.submit(tv_bot.choose(session.view(tv), tv))
            app.step()
        else:
            app.step()
    assert phone_moves >= 2 and waited
    mei.close()
    return view, session, phone_moves


def test_hooky_mixed_table_phone_bot_and_a_person_at_the_tv(app):  # noqa: F811
    view, session, _ = play_mixed(app, "hooky", ("phone", "bot", "human"),
                                  lambda s: s.view(0)["phase"] not in ("clue", "vote") and s.view(0)["round"] >= 2)
    assert view["hand"] and view["hand"] != session.view(2)["hand"]


def test_sumoku_mixed_table_the_tv_never_plays_the_phones_turn(app):  # noqa: F811
    """The TV's table waits for the phone's seat: no hand to play, no Confirm or Pass for it;
    the play the phone is building (its draft) is shown large on the TV's board, judged
    there as a play built at the TV would be, and gone once the phone has played."""
    drafts = []

    def check(table, acting, mei):
        app.step()
        if 0 not in acting:
            assert not table.pending
            return
        assert not table.my_turn
        assert not table.bar["confirm"].enabled and not table.bar["pass"].enabled
        if not drafts:
            view = app.session.view(0)
            cmd = next(c for c in app.session.rules.legal_commands(view, 0) if c["type"] == "place")
            mei.send(json.dumps({"k": "draft", "cmd": {"type": "place", "tiles": cmd["tiles"]}}))
            steps_until(app, lambda: table.pending.tiles == cmd["tiles"])
            redraw(app)
            score = app.session.rules.decide(app.session.state, cmd, Rng(0))[0]["score"]
            assert f"Mei, on their phone: This play scores {score}" in texts(app)
            drafts.append(cmd)
    turns = ("placed", "passed", "exchanged")
    play_mixed(app, "sumoku", ("phone", "bot", "human"),
               lambda s: sum(ev["type"] in turns and ev["seat"] == 0 for ev in s.events) >= 3, check)


def test_sumoku_races_are_not_played_with_phones(app):  # noqa: F811
    """Stepping from classic to a race switches Play with phones off: its seats go back to
    people at the TV, and the switch is gone until a variant with phones comes round."""
    setup = SetupScene(app, "sumoku")
    app.stack.push(setup)
    app.step()
    assert setup.variant == "classic" and "phones" in setup.widgets
    setup.toggle_phones()
    assert setup.phones and PHONE in setup.kinds[:setup.seats]
    while setup.variant in ("classic", "solitaire"):
        setup.step_variant(1)
    app.step()
    assert not setup.phones and "phones" not in setup.widgets
    assert PHONE not in setup.kinds and all(p["kind"] != "phone" for p in setup.setup_dict()["players"])


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
    play_mixed(app, "paperback", ("human", "phone", "bot"), lambda s: sum(s.view(1)["turns"]) >= 6)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_sumoku_a_phones_refused_draft_is_read_whole_on_the_tv(lang, size, tmp_path, monkeypatch):
    """A phone's draft the rules would refuse: the TV says why under the board, with the
    phone player's (long) name, in both languages at both sizes, nothing cut or too small."""
    from scenes.app import App
    from scenes.ui import i18n
    from scenes.ui.draw import record_text
    from support.fits import unreadable
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setattr("scenes.common.phonelobby.lan_addresses", lambda: ["127.0.0.1"])
    a = App(size, lang=lang, fps=None)
    a.settings.anim_speed, a.settings.phone_port = "off", 0
    a.stack.push(a.menu())
    try:
        lobby = lobby_for(a, "sumoku", ("phone", "human"))
        mei = phone(lobby.host.port, 0, "Mei-Lin Chang", lobby.host.code)
        recv_k(mei, "welcome")
        steps_until(a, lobby.ready)
        lobby.start()
        table, s = a.stack.top, a.session
        while 0 not in s.to_act():
            s.submit(bot_for("sumoku", None, "normal", 1, 0).choose(s.view(1), 1))
            a.step()
        tile = s.view(0)["hands"][0][0]
        one = [[tile, 30, 30, (tile % 16) // 2 + 1]]        # alone, far off: never a play
        mei.send(json.dumps({"k": "draft", "cmd": {"type": "place", "tiles": one}}))
        steps_until(a, lambda: bool(table.pending))
        assert table.analysis.error is not None, "the draft was meant to be refused"
        a.stack.request_redraw()
        with record_text() as blits:
            a.step()
        said = [b.text for b in blits if b.text.startswith("Mei-Lin Chang") and b.text != "Mei-Lin Chang"]
        assert said and not unreadable(blits), (said, unreadable(blits))
        mei.close()
    finally:
        a.stop_phones()
        i18n.set_lang("en")
