"""Wooolf!! on screen, driven through the real scene with synthesised input: a whole game
against bots to the results, hot-seat with two people (the curtain rises between them
and nothing of the other's cards, peeks or dial is drawn), the final declarations taken
one person at a time, the dial, the reveal, the notebook at every level, and every
screen fitting its boxes in both languages at both sizes with 8 seats and with 4 (the
neutral seat). Frame counts, never the clock: bots think in threads, so a test waits
for their answer (`bots.wait`) before the next frame."""
from __future__ import annotations

import pygame
import pytest

from engine.core.session import LocalSession
from engine.wooolf.bot import WooolfBot
from engine.wooolf.rules import WooolfRules
from scenes import registry
from scenes.common.handoff import HandoffCurtain
from scenes.common.results import ResultsScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from scenes.wooolf import SETUP, describe_event, replay_renderer, score_series
from scenes.wooolf.narrate import card_words
from scenes.wooolf.table import WooolfScene
from scenes.wooolf.tableview import revealed
from support.fits import assert_fits, cut_short, draw_howto_page
from support.scenes import click, english_after, key, make_app, redraw  # noqa: F401 (english_after: autouse)

NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve", "Fay", "Gus", "Hal"]
RULES = WooolfRules()
LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))


def make_session(seats: int = 5, humans: int = 1, seed: int = 3, level: str = "notes", **options) -> LocalSession:
    players = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": "normal"} for i in range(seats)]
    return LocalSession(RULES, seats, {"assistant": level, **options}, seed, players, log=False)


def push(app, session) -> WooolfScene:
    scene = WooolfScene(app, session)
    app.stack.push(scene)
    app.step()
    return scene


def frame(app, scene) -> None:
    """One frame, after the bot thinking now (if any) has its answer."""
    if scene.bots.thinking:
        scene.bots.wait(30)
    app.step()


def lift(app) -> int:
    curtain = app.stack.top
    assert isinstance(curtain, HandoffCurtain)
    curtain.armed_in = 0
    key(app, pygame.K_SPACE)
    return curtain.seat


def button(scene, name: str):
    return scene.bar[name]


def press(app, scene, name: str) -> None:
    b = button(scene, name)
    assert b.visible and b.enabled, (name, b)
    click(app, b.rect.center)


def seat_point(scene, h: int) -> tuple[int, int]:
    return scene.lay.seats[h].head.center


def bot_move(session, seat: int) -> dict:
    return WooolfBot("normal", 77 + seat).choose(session.view(seat), seat)


def act_through_scene(app, scene, cmd: dict) -> None:
    """The person on screen makes `cmd` with clicks and keys only."""
    kind = cmd["type"]
    if kind == "peek":
        press(app, scene, "peek")
        click(app, scene.lay.seats[cmd["target"]].cards[cmd["pos"]].center)
    elif kind == "ask":
        press(app, scene, "ask")
        rect = dict(scene.q_hits)[cmd["question"]]
        click(app, rect.center)
        click(app, seat_point(scene, cmd["target"]))
        press(app, scene, "do_ask")
    elif kind == "shuffle":
        press(app, scene, "shuffle")
    elif kind == "declare":
        if scene.view["phase"] == "turns" and not scene.view["must_declare"]:
            press(app, scene, "declare")
        for i, a in enumerate(cmd["arrows"]):
            click(app, scene.dial_hits[i][1].center)
            if a < 0:
                press(app, scene, "nobody")
            else:
                click(app, seat_point(scene, a))
        press(app, scene, "do_declare")
    elif kind == "decline":
        press(app, scene, "decline")
    else:
        raise AssertionError(cmd)


def texts(blits) -> list[str]:
    return [b.text for b in blits]


def play_bots_until(session, done) -> None:
    """Every seat plays as a bot from its own view until `done()`."""
    while session.outcome() is None and not done():
        seat = min(session.to_act())
        session.submit(bot_move(session, seat))


# ---- a whole game, one person and bots ---------------------------------------------------------------
@pytest.mark.parametrize("seats", [4, 8])
def test_a_person_plays_a_whole_game_against_bots_to_the_results(seats):
    app = make_app()
    session = make_session(seats, 1, seed=11, level="prob")
    scene = push(app, session)
    made = set()
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if top is scene and scene.reveal is not None and scene.still():
            key(app, pygame.K_RETURN)                        # past the reveal (at the end: the results)
        elif top is scene and scene.ui.result is not None:
            press(app, scene, "done")                        # the peeked card read
        elif top is scene and scene.acting:
            cmd = bot_move(session, 0)
            before = len(session.events)
            act_through_scene(app, scene, cmd)
            assert len(session.events) > before, (cmd, scene.message)
            made.add(cmd["type"])
        else:
            frame(app, scene)
    assert session.outcome() is not None
    assert isinstance(app.stack.top, ResultsScene)
    assert {"peek", "declare"} & made and len(made) >= 2, made
    assert any(e["type"] == "round_revealed" for e in session.events)


def test_a_table_of_bots_only_plays_on_past_each_reveal_by_itself():
    app = make_app()
    session = make_session(5, 0, seed=13)
    scene = push(app, session)
    for _ in range(5000):
        if session.outcome() is not None and scene.reveal is not None:
            break
        frame(app, scene)
    assert session.outcome() is not None and scene.view["ended"]
    assert scene.reveal is not None and "go_on" in scene.bar      # the end waits for someone to look


@pytest.mark.parametrize("lang", LANGS)
def test_during_a_reveal_the_centre_tells_that_round_not_the_next_deal(lang):
    app = make_app(lang=lang)
    session = make_session(5, 0, seed=13)
    scene = push(app, session)
    for _ in range(5000):
        if scene.reveal is not None:
            break
        frame(app, scene)
    assert scene.reveal is not None and scene.reveal["round"] == 1
    assert session.view(None)["round"] == 2                  # the next deal is already made
    from scenes.wooolf import panels
    with record_text() as blits:                             # drawn now (a bots' table goes on by itself)
        panels.draw_scene(app.surface, scene)
    centre = [b.text for b in blits if scene.lay.centre.contains(b.rect)]
    assert i18n.t("wooolf.log.round_revealed", round=1) in centre, centre
    assert not any(i18n.t("wooolf.ui.round_info", round=2, of=3, early=0, need=2) in c for c in centre), centre
    from scenes.wooolf.narrate import log_line
    deal = next(e for e in session.events if e["type"] == "round_dealt" and e.get("round") == 2)
    assert log_line(deal, scene.players, 5, None) not in centre
    assert all(b.size >= 18 for b in blits if scene.lay.centre.contains(b.rect))


def test_a_bots_action_is_announced_and_stays_while_the_next_bot_waits():
    app = make_app()
    app.settings.anim_speed = "normal"
    session = make_session(5, 1, seed=4, start=1)
    scene = push(app, session)
    for _ in range(200):
        if any(e.get("seat") == 1 for e in session.events):
            break
        scene.bots.worker.wait(30)
        scene.bots._waited = scene.bots.delay            # the pause is over, as if 1.6 s had passed
        app.step()
    ev = next(e for e in session.events if e.get("seat") == 1)
    words, who = scene.announced()
    assert who == 1 and "Ada" in words
    assert scene.bots.delay >= 1.5                           # the next bot waits this long: time to read it
    with record_text() as blits:
        redraw(app)
    assert any("Ada" in b.text for b in blits if scene.lay.centre.contains(b.rect))
    assert ev["type"] in ("peeked", "asked", "shuffled", "declared")


# ---- hot-seat ----------------------------------------------------------------------------------------
def test_hot_seat_curtain_rises_between_people_and_draws_no_secret():
    app = make_app()
    session = make_session(4, 2, seed=2, start=0)
    scene = push(app, session)
    assert lift(app) == 0 and scene.viewer == 0
    mine = list(session.view(0)["my_cards"])
    act_through_scene(app, scene, {"type": "peek", "target": 2, "pos": 0})
    seen = session.view(0)["my_peeks"][-1]["card"]
    for _ in range(30):                                      # the peeker reads the card: no curtain yet
        frame(app, scene)
    assert app.stack.top is scene and scene.viewer == 0 and scene.ui.result["card"] == seen
    assert session.to_act() == {1}
    with record_text() as blits:
        redraw(app)
    assert any(card_words(seen) in s for s in texts(blits)), texts(blits)     # the card, in words
    press(app, scene, "done")
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    assert scene.viewer is None
    drawn = scene.draws
    with record_text() as blits:
        for _ in range(5):
            app.step()
    assert scene.draws == drawn                              # nothing of the table beneath the curtain
    assert all("Ada" in s or s == i18n.t("ui.handoff.pass_to") for s in texts(blits)), texts(blits)
    assert lift(app) == 1 and scene.viewer == 1
    with record_text() as blits:
        redraw(app)
    words = texts(blits)
    assert not any(card_words(seen) in s for s in words)     # seat 0's peek is not in seat 1's notebook or log
    assert not any(s.startswith("You peek") for s in words)
    from scenes.wooolf.cards import BACK
    surface = app.surface
    for h in (0, 2, 3, 4):                                   # every other holder's cards: backs on screen
        for r in scene.lay.seats[h].cards:
            assert tuple(surface.get_at((r.x + r.w // 5, r.y + r.h // 6)))[:3] == BACK, (h, r)
    for r in scene.lay.seats[1].cards:                       # seat 1's own: faces
        assert tuple(surface.get_at((r.x + r.w // 5, r.y + r.h // 6)))[:3] != BACK
    shown = scene.shown()
    assert set(shown.faces) == {1} and shown.faces[1] == session.view(1)["my_cards"]
    assert not shown.peeked
    identity = session.view(1)["identity"]
    assert i18n.t(f"wooolf.role.{identity}") in words         # seat 1's own identity is on its screen
    assert 0 not in shown.faces and mine == session.view(0)["my_cards"]


def test_final_declarations_are_taken_one_person_at_a_time():
    app = make_app()
    session = make_session(5, 2, seed=5, start=2)
    scene = push(app, session)
    for _ in range(4000):
        v = session.view(None)
        if v["phase"] == "final" and {0, 1} <= set(session.to_act()):
            break
        top = app.stack.top
        if isinstance(top, HandoffCurtain):
            lift(app)
        elif top is scene and scene.reveal is not None and scene.still():
            key(app, pygame.K_RETURN)
        elif top is scene and scene.ui.result is not None:
            press(app, scene, "done")
        elif top is scene and scene.acting:
            cmd = next(c for c in RULES.legal_commands(session.view(scene.viewer), scene.viewer)
                       if c["type"] in ("peek", "ask") or session.view(scene.viewer)["must_declare"])
            act_through_scene(app, scene, cmd)
        else:
            frame(app, scene)
    assert session.view(None)["phase"] == "final" and {0, 1} <= set(session.to_act())
    for _ in range(10):
        if not isinstance(app.stack.top, HandoffCurtain) and scene.viewer in (0, 1):
            break
        lift(app) if isinstance(app.stack.top, HandoffCurtain) else frame(app, scene)
    first = scene.viewer
    other = 1 - first
    assert scene.mode() == "declare" and "decline" in scene.bar
    targets = session.view(first)["targets"]
    arrows = [next(h for h in range(session.view(first)["holders"]) if h != first)] + [-1] * (len(targets) - 1)
    act_through_scene(app, scene, {"type": "declare", "arrows": arrows})
    assert session.view(first)["my_dial"]["arrows"] == arrows
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == other
    assert lift(app) == other and scene.viewer == other
    with record_text() as blits:
        redraw(app)
    assert not any(s.startswith("You set your dial") for s in texts(blits))
    assert scene.ui.arrows == [None] * len(session.view(other)["targets"])     # nothing of the first person's dial
    press(app, scene, "decline")
    assert session.view(other)["my_dial"] == {"early": False, "arrows": None} or \
        any(e["type"] == "round_revealed" for e in session.events)


# ---- the dial ----------------------------------------------------------------------------------------
def test_the_dial_is_set_by_clicking_seats_or_zero():
    app = make_app()
    session = make_session(6, 1, seed=9, start=0)
    play_bots_until(session, lambda: session.view(0)["can_declare_early"] and 0 in session.to_act())
    scene = push(app, session)
    assert scene.acting and button(scene, "declare").enabled
    press(app, scene, "declare")
    assert scene.mode() == "declare" and not button(scene, "do_declare").enabled
    n_targets = len(session.view(0)["targets"])
    click(app, seat_point(scene, 0))                         # your own seat: no arrow points at you
    assert scene.ui.arrows == [None] * n_targets
    click(app, seat_point(scene, 3))
    assert scene.ui.arrows[0] == 3 and scene.shown().arrows[3].startswith(">")
    if n_targets == 2:
        assert scene.ui.arrow == 1                           # on to the second arrow
        press(app, scene, "nobody")
        assert scene.ui.arrows == [3, -1]
        click(app, scene.dial_hits[0][1].center)             # back to the first arrow, and change it
        click(app, seat_point(scene, 4))
        assert scene.ui.arrows == [4, -1]
    assert button(scene, "do_declare").enabled
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.nobody") in texts(blits) or n_targets == 1
    key(app, pygame.K_RETURN)
    ev = next(e for e in reversed(session.events) if e["type"] == "declared")
    assert ev["seat"] == 0 and ev["early"] and ev["arrows"] == [a for a in scene.session.view(0)["my_dial"]["arrows"]]
    assert 0 in session.view(None)["early"]


def test_peek_by_keys_a_seat_then_one_of_its_two_cards():
    app = make_app()
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    key(app, pygame.K_p)
    key(app, pygame.K_3)                                     # the third holder (Bo)
    assert scene.ui.seat == 2 and "card_1" in scene.bar
    key(app, pygame.K_2)                                     # its second card
    ev = next(e for e in reversed(session.events) if e["type"] == "peeked")
    assert (ev["seat"], ev["target"], ev["pos"]) == (0, 2, 1)
    assert scene.mode() is None


def test_ask_by_keys_a_question_card_then_a_player_and_the_keys_are_on_the_cards():
    app = make_app()
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    qs = list(session.view(0)["my_questions"])
    assert len(qs) == 2
    key(app, pygame.K_a)
    assert scene.mode() == "ask" and scene.ui.question is None
    with record_text() as blits:
        redraw(app)
    shown = texts(blits)
    assert "←" in shown and "→" in shown                   # each card says its key
    assert any("← →" in s for s in shown)                  # and so does the hint
    key(app, pygame.K_RIGHT)                                 # the card on the right
    assert (scene.ui.question, scene.ui.q_index) == (qs[1], 1)
    key(app, pygame.K_LEFT)                                  # back to the left one
    assert scene.ui.q_index == 0
    key(app, pygame.K_LEFT)                                  # it stays there
    assert scene.ui.q_index == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_4)                                     # the fourth holder (Dee)
    assert scene.ui.seat == 3
    key(app, pygame.K_RETURN)
    ev = next(e for e in reversed(session.events) if e["type"] == "asked")
    assert (ev["seat"], ev["target"], ev["question"]) == (0, 3, qs[1])


def test_escape_drops_a_half_made_choice_first():
    app = make_app()
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    press(app, scene, "ask")
    assert scene.mode() == "ask"
    key(app, pygame.K_ESCAPE)
    assert scene.mode() is None and app.stack.top is scene


def test_the_reveal_flips_every_card_and_explains_each_line():
    app = make_app()
    app.settings.anim_speed = "normal"
    session = make_session(5, 1, seed=6, start=0)
    play_bots_until(session, lambda: session.view(None)["round"] == 2 and 0 in session.to_act())
    scene = push(app, session)
    scene.on_events([e for e in session.events if e["type"] == "round_revealed"][-1:])
    assert scene.reveal is not None and scene.flipping() and scene.animating()
    flips = scene.shown().flip
    assert set(flips) == set(range(5)) and all(f == 0 for f in flips.values())
    scene.step(0.2)
    mid = scene.shown().flip
    assert 0 < mid[0] <= 1 and mid[4] < mid[0]               # one holder after another
    for _ in range(40):
        scene.step(0.05)
    assert not scene.flipping() and scene.still()
    with record_text() as blits:
        redraw(app)
    words = texts(blits)
    for line in session.view(None)["rounds"][-1]["lines"]:
        name = NAMES[line["seat"]]
        assert any(s.startswith(name) for s in words), name
    assert not scene.acting                                  # nobody acts until the reveal is read
    key(app, pygame.K_RETURN)
    assert scene.reveal is None and scene.acting


# ---- the notebook ------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["off", "notes", "certain", "prob"])
def test_the_notebook_at_each_level(level):
    app = make_app()
    session = make_session(5, 1, seed=7, level=level, start=1)
    play_bots_until(session, lambda: 0 in session.to_act())
    session.submit({"type": "peek", "seat": 0, "target": 2, "pos": 1})
    play_bots_until(session, lambda: 0 in session.to_act())
    scene = push(app, session)
    scene.step(0)
    scene.wait_assistant()
    with record_text() as blits:
        redraw(app)
    words = texts(blits)
    seen = session.view(0)["my_peeks"][0]["card"]
    if level == "prob":                                      # the card you peeked, in your notebook
        from engine.wooolf.content import content
        assert i18n.t("wooolf.ui.saw_col") in words and i18n.t(f"wooolf.mark.{content().cards[seen].role}") in words
    else:
        from scenes.wooolf.notebook import seen_words
        assert seen_words(seen) in " ".join(words)
    assert i18n.t(f"wooolf.ui.notebook.{level}") in words
    sus = scene.suspicion()
    if level in ("certain", "prob"):
        assert sus is not None and sus.consistent
    else:
        assert sus is None
    assert any(s.endswith("%") for s in words) == (level == "prob")


# ---- every screen fits ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [8, 4])
def test_every_screen_fits_in_both_languages(lang, size, seats):
    app = make_app(size, lang)
    session = make_session(seats, 1, seed=21, level="prob", start=1)
    play_bots_until(session, lambda: session.view(None)["round"] == 2 and 0 in session.to_act()
                    and len(session.view(None)["markers"]) + len(session.view(None)["asks"]) >= seats)
    scene = push(app, session)
    scene.step(0)
    scene.wait_assistant()

    def shot() -> None:
        with record_text() as blits:
            redraw(app)
        assert_fits(blits, size)
        from scenes.wooolf import panels
        area = panels.action_area(scene.fr)
        assert not [b.text for b in blits if area.contains(b.rect) and b.text.endswith("…")]   # hints whole

    shot()                                                   # a turn, the notebook's probabilities
    press(app, scene, "ask")
    click(app, scene.q_hits[0][1].center)
    click(app, seat_point(scene, 2))
    shot()
    key(app, pygame.K_ESCAPE)
    press(app, scene, "peek")
    click(app, seat_point(scene, 3))
    shot()
    key(app, pygame.K_ESCAPE)
    if button(scene, "declare").enabled:
        press(app, scene, "declare")
        click(app, seat_point(scene, 1))
        shot()
        key(app, pygame.K_ESCAPE)
    scene.on_events([e for e in session.events if e["type"] == "round_revealed"][-1:])
    scene.reveal_clock = 1e9
    shot()                                                   # the reveal, explained
    play_bots_until(session, lambda: False)
    end = push(app, session)
    assert end.reveal is not None and end.view["ended"]
    shot()                                                   # the last reveal, with its results button
    assert "go_on" in end.bar


def test_neutral_seat_sits_at_the_table_with_four_players():
    app = make_app()
    session = make_session(4, 1, seed=3, start=0)
    scene = push(app, session)
    assert len(scene.lay.seats) == 5
    press(app, scene, "ask")
    click(app, seat_point(scene, 4))                         # the neutral seat cannot be asked
    assert scene.ui.seat is None
    key(app, pygame.K_ESCAPE)
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.ui.neutral_title") in texts(blits)
    act_through_scene(app, scene, {"type": "peek", "target": 4, "pos": 0})
    assert session.view(0)["my_peeks"][-1]["target"] == 4


# ---- the plug-in: set-up, replay, words -------------------------------------------------------------------
def test_plugin_is_registered_with_its_setup_options_explained():
    assert "wooolf" in registry.playable()
    keys = {o["key"]: o for o in SETUP["options"]}
    assert set(keys) == {"advanced", "assistant"}
    assert [c[0] for c in keys["assistant"]["choices"]] == ["off", "notes", "certain", "prob"]
    for lang in LANGS:
        i18n.set_lang(lang)
        for o in SETUP["options"]:
            for k in [o["label"], o["about"]] + [c[1] for c in o.get("choices", [])]:
                assert i18n.t(k) != k, k


def test_replay_shows_a_seats_view_and_everything_once_over():
    session = make_session(5, 0, seed=8)
    play_bots_until(session, lambda: len(session.events) > 8)
    assert set(revealed(session.view(2)).faces) == {2}
    assert not revealed(session.view(None)).faces
    play_bots_until(session, lambda: False)
    end = revealed(session.view(None))
    assert set(end.faces) == set(range(5)) and end.dials
    pygame.init()
    surface = pygame.Surface((1280, 720))
    r = replay_renderer(None)
    r.players = [{"name": n} for n in NAMES[:5]]
    with record_text() as blits:
        r.draw(surface, pygame.Rect(20, 60, 860, 570), session.view(None))
    assert_fits(blits, (1280, 720))
    series = score_series(session.events, 5)
    assert [s[-1] for s in series] == session.outcome().scores
    for ev in session.events:
        line = describe_event(ev, r.players)
        if ev["type"] == "peeked":
            assert card_words(ev["card"]) not in line       # the table never hears the card


@pytest.mark.parametrize("lang", LANGS)
def test_the_picker_icon_is_a_picture_without_letters(lang):
    """The game picker's card shows the wolf's head drawn, not a role's initials ("Wf")."""
    from scenes.wooolf.icon import draw_icon
    pygame.init()
    i18n.set_lang(lang)
    surface = pygame.Surface((200, 150))
    with record_text() as blits:
        draw_icon(surface, surface.get_rect())
    assert texts(blits) == ["!!"]
    face = surface.get_at((surface.get_width() // 2 + 40, 20))[:3]
    assert face != surface.get_at((1, 1))[:3]                # something is drawn on the face-up card


def test_english_sentences_use_straight_quotes():
    """Our font is a Chinese one: its curly quotes are full width, so "Mei: “A sheep!”" read
    with a wide gap on each side. English Wooolf!! text quotes with straight quotes."""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "assets" / "i18n" / "en"
    for path in root.glob("wooolf*.json"):
        curly = [k for k, v in json.loads(path.read_text(encoding="utf-8")).items() if set(v) & set("“”‘’")]
        assert not curly, (path.name, curly)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_howto_cards_show_their_targets_whole_or_not_at_all(lang, size):
    """The targets on a card ("> Wolf" over ">> Shepherd boy") are never cut with "…" nor
    broken between an arrow and its role."""
    from scenes.wooolf import howto_pages
    pygame.init()
    i18n.set_lang(lang)
    surface = pygame.Surface(size)
    for page in howto_pages():
        blits = draw_howto_page(page, surface)
        assert_fits(blits, size)
        assert not cut_short(blits), page.title
        assert not [b.text for b in blits if b.text.rstrip().endswith(">")], page.title


@pytest.mark.parametrize("lang,sep", [("en", "; "), ("zh-TW", "；")])
def test_a_notebook_line_joins_what_you_saw_and_heard_in_the_language_on_screen(lang, sep):
    from scenes.wooolf.notebook import note_line
    i18n.set_lang(lang)
    session = make_session(5, 1, seed=3, start=0)
    session.submit({"type": "peek", "seat": 0, "target": 1, "pos": 0})
    line = note_line(session.view(0), 1, "notes", None)
    assert sep in line and (lang == "en" or "; " not in line), line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_red_x_is_named_in_the_hand_and_explained_in_the_hint(lang, size):
    """Seat 0 declares early and wrongly in round 1 ("nobody" for every target); in round 2
    its hand says "red X" whole and the hint explains it (it used to be cut with "…")."""
    session = make_session(5, 1, seed=2, start=0)
    declared = False
    while session.outcome() is None and session.view(None)["round"] == 1:
        seat = min(session.to_act())
        v = session.view(seat)
        if seat == 0 and v.get("can_declare_early") and not declared:
            session.submit({"type": "declare", "seat": 0, "arrows": [-1] * len(v["targets"])})
            declared = True
        else:
            session.submit(bot_move(session, seat))
    assert session.view(0)["red"][0] and 0 in session.to_act()
    app = make_app(size, lang=lang)
    scene = push(app, session)
    assert scene.acting and not button(scene, "declare").enabled
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    words = texts(blits)
    left = i18n.t("wooolf.ui.left", markers=session.view(0)["markers_left"][0],
                  questions=len(session.view(0)["my_questions"]))
    assert i18n.t("wooolf.ui.left_red", left=left) in words, words
    assert not [w for w in words if w.endswith("…")], words
    hint = [w for w in words if w.startswith(i18n.t("wooolf.ui.hint.choose_red")[:6])]
    assert hint, words


# ---- a peek is read before the curtain; a declared player shuffles off turn ----------------------------
def declared_early(session, seat: int = 0) -> None:
    """Everyone peeks once from the start player 0, then `seat` declares early (arrows at the next seat)."""
    for _ in range(session.seats):
        s = min(session.to_act())
        session.submit({"type": "peek", "seat": s, "target": (s + 1) % session.seats, "pos": 0})
    targets = session.view(seat)["targets"]
    session.submit({"type": "declare", "seat": seat, "arrows": [seat + 1] + [-1] * (len(targets) - 1)})


def test_a_peeked_card_shows_face_up_until_done_and_the_game_waits_for_it():
    app = make_app()
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    act_through_scene(app, scene, {"type": "peek", "target": 2, "pos": 1})
    seen = session.view(0)["my_peeks"][-1]["card"]
    events = len(session.events)
    for _ in range(40):                                      # the bots wait while the card is read
        frame(app, scene)
    assert len(session.events) == events and scene.bots.due_in() is not None
    assert scene.wake_after() is None                        # and nothing wakes the loop for them
    from scenes.wooolf import panels
    from scenes.wooolf.cards import draw_face
    area = panels.action_area(scene.fr)
    with record_text() as blits:
        redraw(app)
    assert any(card_words(seen) in b.text for b in blits if area.contains(b.rect))
    said = i18n.t(f"wooolf.public.{session.events[-1]['announced']}")
    assert any(said in b.text for b in blits if area.contains(b.rect))
    banner = scene.status()[0]                               # the top says who holds the game, not the next bot
    assert banner == i18n.t("wooolf.ui.banner.read_peek", name="Mei") and banner in texts(blits)
    face = pygame.Surface((200, 200))                        # the card's face itself, drawn in the area
    draw_face(face, pygame.Rect(0, 0, 72, 100), scene.fr, seen)
    key(app, pygame.K_RETURN)                                # Done
    assert scene.ui.result is None and scene.hot.pinned is None
    assert scene.status()[0] != banner
    for _ in range(40):
        frame(app, scene)
    assert len(session.events) > events                      # the bots go on


def test_an_early_declarer_alone_with_bots_shuffles_whenever_they_like():
    app = make_app()
    session = make_session(5, 1, seed=3, start=0)
    declared_early(session)
    scene = push(app, session)
    assert not scene.acting and scene.can_swap()
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.ui.hint.declared_shuffle") in texts(blits)
    for _ in range(2):                                       # off turn, again and again: the S key
        before = len(session.events)
        key(app, pygame.K_s)
        assert session.events[-1]["type"] == "shuffled" and session.events[-1]["seat"] == 0
        assert len(session.events) == before + 1
        assert scene.view["my_cards"] == session.state.cards[0]
    for _ in range(400):                                     # and the bots play the round on
        if session.view(None)["round"] == 2 or session.outcome() is not None:
            break
        if scene.reveal is not None and scene.still():
            key(app, pygame.K_RETURN)
        frame(app, scene)
    assert any(e["type"] == "round_revealed" for e in session.events)


def test_hot_seat_a_declared_person_calls_for_the_screen_to_shuffle_and_hands_it_back():
    app = make_app()
    session = make_session(5, 2, seed=3, start=0)
    declared_early(session)
    assert session.to_act() == {1}
    scene = push(app, session)
    assert lift(app) == 1 and scene.viewer == 1 and scene.acting
    assert "call_0" in scene.bar and "call_1" not in scene.bar
    assert scene.lay.seats[0].rect.contains(button(scene, "call_0").rect)
    with record_text() as blits:
        redraw(app)
    words = texts(blits)
    assert i18n.t("wooolf.ui.call_shuffle") in words
    press(app, scene, "call_0")
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 0 and scene.viewer is None
    assert lift(app) == 0 and scene.viewer == 0 and scene.visiting()
    assert not scene.acting and session.to_act() == {1}
    press(app, scene, "shuffle")
    press(app, scene, "shuffle")
    assert [e["seat"] for e in session.events[-2:] if e["type"] == "shuffled"] == [0, 0]
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.ui.hint.visit", name="Mei") in texts(blits)
    assert i18n.t("wooolf.ui.banner.visiting", name="Mei") in texts(blits)     # not 'Waiting for Ada'
    press(app, scene, "done")
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    assert lift(app) == 1 and scene.viewer == 1 and scene.acting
    with record_text() as blits:
        redraw(app)
    assert not any(s.startswith("You shuffle") for s in texts(blits))      # seat 0's result stays seat 0's


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_peek_result_the_off_turn_shuffle_and_the_call_button_fit(lang, size):
    app = make_app(size, lang)
    session = make_session(8, 2, seed=3, start=0)
    declared_early(session)
    scene = push(app, session)
    lift(app)

    def shot() -> None:
        with record_text() as blits:
            redraw(app)
        assert_fits(blits, size)

    shot()                                                   # seat 1's turn, seat 0's call button
    act_through_scene(app, scene, {"type": "peek", "target": 7, "pos": 0})
    shot()                                                   # the peek, read before the curtain
    press(app, scene, "done")
    app.step()
    assert scene.viewer == 1 and not scene.acting           # a bot's turn: the screen stays
    press(app, scene, "call_0")
    app.step()
    assert lift(app) == 0 and scene.visiting()
    shot()                                                   # the visit: shuffle, then Done


# ---- the how-to: the dial example scored by the rules; the round's numbers ------------------------------
def test_howto_dial_example_is_scored_by_the_rules_and_every_declaration_in_it_is_right():
    from engine.wooolf.content import content
    from scenes.wooolf.howto import DIAL_CARDS, DIALS, dial_example
    r = dial_example()
    c = content()
    lines = {ln["seat"]: ln for ln in r["lines"]}
    assert c.identity(DIAL_CARDS[0]) == "hunter" and c.identity(DIAL_CARDS[3]) == "shepherd"
    assert (lines[0]["kind"], lines[0]["right"], lines[0]["points"]) == ("final", True, 1)
    assert (lines[3]["kind"], lines[3]["right"], lines[3]["points"]) == ("early", True, 2)
    assert c.identity(DIAL_CARDS[DIALS[3]["arrows"][1]]) == "sheep"    # Dee's >> points at the sheep
    assert not any(ln["x"] for ln in r["lines"])


@pytest.mark.parametrize("lang", LANGS)
def test_howto_gives_the_thresholds_the_marker_limit_and_the_forced_declaration(lang):
    from engine.wooolf.content import content
    from scenes.wooolf.howto import howto_pages, thresholds
    i18n.set_lang(lang)
    c = content()
    text = " ".join(p.body for p in howto_pages())
    for seats, need in c.threshold.items():
        assert str(seats) in thresholds() and str(need) in thresholds()
    assert thresholds() in text and thresholds().count(i18n.t("wooolf.howto.threshold_sep")) == 2   # 4–5, 6–7, 8
    assert str(c.markers) in text
    page = next(p for p in howto_pages() if p.key == "turns_end")
    blits = draw_howto_page(page, pygame.Surface((960, 540)))
    assert_fits(blits, (960, 540))
    words = " ".join(b.text for b in blits)
    assert i18n.t("wooolf.howto.turns_end.forced") in words
    assert i18n.t("wooolf.howto.turns_end.markers", markers=c.markers) in words
    assert thresholds() in words


@pytest.mark.parametrize("lang", LANGS)
def test_the_number_keys_that_pick_seats_are_said_and_shown_on_the_seats(lang):
    app = make_app(lang=lang)
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    for mode, hint in ((pygame.K_p, "wooolf.ui.hint.peek"), (pygame.K_a, "wooolf.ui.hint.ask")):
        key(app, mode)
        with record_text() as blits:
            redraw(app)
        said = ("" if lang == "zh-TW" else " ").join(texts(blits))        # the hint, wrapped on lines
        assert i18n.t(hint) in said, texts(blits)
        for h in scene.shown().offered:                       # each seat a number picks: its key cap
            head = scene.lay.seats[h].head
            assert any(b.text == str(h + 1) and head.contains(b.rect) for b in blits), h
        assert not any(b.text == "1" and scene.lay.seats[0].head.contains(b.rect) for b in blits)
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_p)
    key(app, pygame.K_3)                                      # a seat chosen: 1 and 2 are its cards now
    with record_text() as blits:
        redraw(app)
    assert not any(b.text == "4" and scene.lay.seats[3].head.contains(b.rect) for b in blits)
    keyword = {"en": "number key", "zh-TW": "數字鍵"}[lang]  # every hint where a number picks a seat says so
    for k in ("peek", "ask", "declare", "final", "must_declare"):
        assert keyword in i18n.t(f"wooolf.ui.hint.{k}"), k


# ---- the results: X tokens and rounds ------------------------------------------------------------------
def test_outcome_counts_x_tokens_rounds_and_right_declarations():
    from engine.core.bots import play_out
    s = play_out(RULES, 5, [WooolfBot("normal", i) for i in range(5)], seed=7)
    d = s.outcome().detail
    assert d["rounds"] == len(s.state.rounds) and d["x_tokens"] == [len(x) for x in s.state.x_tokens]
    for seat in range(5):
        lines = [ln for rd in s.state.rounds for ln in rd["lines"] if ln["seat"] == seat]
        assert d["right"][seat] == sum(ln["right"] for ln in lines) <= d["rounds"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_results_say_each_players_x_tokens_and_the_rounds(lang, size):
    from engine.core.bots import play_out
    from scenes.wooolf import result_note, result_reason
    s = play_out(RULES, 8, [WooolfBot("normal", i) for i in range(8)], seed=5)
    out = s.outcome().to_data()
    app = make_app(size, lang)
    res = ResultsScene(app, "wooolf", {"seats": 8, "players": [{"name": n} for n in NAMES]}, s.events, out, None)
    app.stack.push(res)
    app.step()
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    words = texts(blits)
    d = out["detail"]
    for seat in range(8):
        note = result_note(out, seat)
        assert note in words
        x = d["x_tokens"][seat]
        assert (i18n.t("wooolf.results.x_none") if x == 0 else str(x)) in note
        assert str(d["rounds"]) in note and str(d["right"][seat]) in note
    one = {**out, "detail": {"x_tokens": [1] * 8, "rounds": 1, "right": [0] * 8}}
    assert result_note(one, 0) == i18n.t("wooolf.results.note", x=i18n.t("wooolf.results.x_one"),
                                         rounds=i18n.t("wooolf.results.right_one", right=0))
    assert "1 X tokens" not in result_note(one, 0) and "1 rounds" not in result_note(one, 0)
    assert result_reason(out) in words                          # why it ended, under the headline


@pytest.mark.parametrize("lang", LANGS)
def test_results_say_why_the_game_ended(lang):
    from scenes.wooolf import result_reason
    i18n.set_lang(lang)
    x_out = {"detail": {"x_tokens": [0, 2, 1, 0, 0], "rounds": 2, "right": [0] * 5}}
    assert result_reason(x_out) == i18n.t("wooolf.end.x_tokens", n=2, round=2)
    full = {"detail": {"x_tokens": [1, 1, 0, 0, 0], "rounds": 3, "right": [0] * 5}}
    assert result_reason(full) == i18n.t("wooolf.end.rounds", rounds=3)
    assert "2" in result_reason(x_out) and "3" in result_reason(full)


@pytest.mark.parametrize("lang", LANGS)
def test_the_shepherd_bonus_names_whom_it_fooled_and_one_point_is_singular(lang):
    from engine.wooolf.scoring import reveal
    from scenes.wooolf.narrate import reveal_lines
    i18n.set_lang(lang)
    # Mei the shepherd boy; Ada the wolf; Bo a hunter whose wolf arrow points at Dee (a hound)
    cards = [["B02", "B05"], ["B01", "B06"], ["B03", "B09"], ["B04", "B10"], ["B07", "B08"]]
    dials = [None, None, {"early": False, "arrows": [3, -1]}, None, None]
    r = reveal(cards, dials, [[] for _ in range(5)])
    players = [{"name": n} for n in NAMES[:5]]
    bonus = [words for seat, words in reveal_lines(r, players) if seat == 0 and "Bo" in words]
    assert bonus and "1 " not in bonus[0].split("+")[0], bonus      # names Bo, no "1 hunter arrows"
    app = make_app(lang=lang)
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    scene.view["scores"][1] = 1
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.ui.point", n=1) in texts(blits)
    assert "1 pts" not in texts(blits)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_hint_is_read_whole_in_its_box(lang, size):
    """The action area's words (narrow beside the question cards or the dial, else wide)
    never end in "…", at either size."""
    from scenes.ui.geometry import Frame
    from scenes.ui.text import paragraph
    from scenes.wooolf import panels
    pygame.init()                                            # measured without an app: run alone, too
    i18n.set_lang(lang)
    fr = Frame(size)
    area = panels.action_area(fr)
    pad = fr.px(8)
    narrow = ("ask", "declare", "must_declare", "final")
    keys = narrow + ("reveal", "declared", "declared_shuffle", "wait", "choose", "choose_red", "choose_first", "peek")
    for k in keys:
        text = i18n.t(f"wooolf.ui.hint.{k}")
        w = (fr.px(panels.HINT_W) if k in narrow else area.w) - 2 * pad
        _, lines = paragraph(text, fr.fs(20), w, area.h - 2 * pad, min_size=fr.min_fs, max_lines=4, cut=True)
        assert not lines[-1].endswith("…"), (k, lines)
    text = i18n.t("wooolf.ui.hint.visit", name="Mei")
    _, lines = paragraph(text, fr.fs(20), area.w - 2 * pad, area.h - 2 * pad, min_size=fr.min_fs, max_lines=4, cut=True)
    assert not lines[-1].endswith("…"), lines


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats,level", [(5, "notes"), (8, "notes"), (8, "certain")])
def test_a_busy_notebook_is_read_whole(lang, size, seats, level):
    """Late in a busy round every seat's notes fit: the same announcement heard k times is
    "Sh ×k", a card seen that shows its own role is said once, a certain role stands for
    what was heard, and the rows take the lines they need."""
    app = make_app(size, lang)
    session = make_session(seats, 1, seed=4, level=level, start=1)
    play_bots_until(session, lambda: len(session.view(None)["markers"]) + len(session.view(None)["asks"])
                    >= 2 * seats + 2 or session.view(None)["phase"] != "turns")
    scene = push(app, session)
    scene.step(0)
    scene.wait_assistant()
    assert level == "notes" or scene.suspicion() is not None
    with record_text() as blits:
        redraw(app)
    book = scene.fr.r(852, 280, 416, 292)
    inside = [b.text for b in blits if book.contains(b.rect)]
    assert len(inside) > seats and not [s for s in inside if s.endswith("…")], inside
    marks = [m["announced"] for m in session.view(0)["markers"]]
    twice = next((m for m in marks if marks.count(m) > 1), None)
    if twice is not None and level == "notes":
        assert any("×" in s for s in inside)


def test_note_rows_give_every_note_a_line_then_the_rest_to_those_that_need_more():
    from scenes.wooolf.notebook import note_rows
    from scenes.ui.text import wrap
    notes = ["short", "a long note " * 8, "x", "another long note " * 5]
    need = [len(wrap(n, 18, 200)) for n in notes]
    assert need[1] > 2 and need[3] > 1
    assert note_rows(notes, 18, 200, 100) == need                     # room for all: each what it needs
    tight = note_rows(notes, 18, 200, 6)
    assert sum(tight) == 6 and min(tight) == 1 and tight[0] == 1 and tight[2] == 1


def test_a_card_seen_is_said_short_when_it_shows_its_own_role():
    from engine.wooolf.content import content
    from scenes.wooolf.notebook import seen_words
    for cid, card in content().cards.items():
        words = seen_words(cid)
        assert (words == i18n.t(f"wooolf.role.{card.role}")) == (card.public == card.role), cid
        if card.public != card.role:
            assert words == card_words(cid)


@pytest.mark.parametrize("lang", LANGS)
def test_at_certain_a_certain_role_stands_for_what_was_heard(lang):
    from types import SimpleNamespace
    from scenes.wooolf.notebook import heard_at, note_line
    i18n.set_lang(lang)
    session = make_session(5, 1, seed=3, start=0)
    play_bots_until(session, lambda: any(m["target"] == 2 for m in session.view(0)["markers"]))
    v = session.view(0)
    sure = SimpleNamespace(consistent=True, certain=lambda h: "wolf" if h == 2 else None)
    assert heard_at(v, 2) and heard_at(v, 2) not in note_line(v, 2, "certain", sure)
    assert i18n.t("wooolf.ui.certainly", role=i18n.t("wooolf.role.wolf")) in note_line(v, 2, "certain", sure)
    assert heard_at(v, 2) in note_line(v, 2, "notes", None)


def test_a_language_switch_rewords_the_centre_the_log_and_the_peek_at_once():
    """The menus' language changed mid-game: the next frame words the sentence of what just
    happened, the log and the peek being read in it, before any new event."""
    app = make_app()
    app.settings.anim_speed = "normal"
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    act_through_scene(app, scene, {"type": "peek", "target": 2, "pos": 1})
    assert scene.ui.result is not None and scene.announced() is not None
    n = len(session.events)
    i18n.set_lang("zh-TW")
    with record_text() as blits:
        redraw(app)
    assert len(session.events) == n
    drawn = " ".join(texts(blits))
    said, who = scene.announced()
    assert who == 0 and any("\u4e00" <= ch <= "\u9fff" for ch in said)
    centre = "".join(b.text for b in blits if scene.lay.centre.contains(b.rect))
    assert said.replace(" ", "") in centre.replace(" ", "")
    assert scene.log_lines and all(any("\u4e00" <= ch <= "\u9fff" for ch in ln) for ln in scene.log_lines)
    assert i18n.t("wooolf.ui.done") in drawn and "You peek" not in drawn


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_reveal_sentence_is_read_whole_at_a_full_table(lang, size):
    """Eight players all wrong, half of them early (as many as may: the longest sentence,
    the red X explained), and two shepherd boys' bonuses: each sentence gets the lines it
    needs, none cut with '…'."""
    app = make_app(size, lang)
    session = make_session(8, 1, seed=6, start=0)
    for i, p in enumerate(session.players):
        p["name"] = app.t("ui.player_n", n=i + 1)        # the names a new player sees
    play_bots_until(session, lambda: session.view(None)["round"] == 2)
    ev = dict([e for e in session.events if e["type"] == "round_revealed"][-1])
    ev["lines"] = [dict(ln, kind="early" if i < 4 else "final", right=False, points=0)
                   for i, ln in enumerate(ev["lines"])]
    ev["lines"][1].update(bonus=2, fooled=[3, 4])
    ev["lines"][5].update(bonus=1, fooled=[6])
    scene = push(app, session)
    scene.on_events([ev])
    scene.reveal_clock = 1e9
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    assert not cut_short(blits), cut_short(blits)
    said = " ".join(texts(blits))
    for ln in ev["lines"]:
        assert app.t("wooolf.role." + ln["identity"]) in said
    assert app.t("wooolf.line.red_x") in said                # what a red X means, said once


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_and_the_replay_keep_why_each_player_scored_after_the_reveal(lang):
    """The reveal's explanations go when the next round starts: the table's log keeps
    them after the round's line, and the replay's event list says them with the reveal."""
    from scenes.wooolf.narrate import reveal_lines
    app = make_app(lang=lang)
    session = make_session(5, 1, seed=6, start=0)
    play_bots_until(session, lambda: session.view(None)["round"] == 2)
    ev = [e for e in session.events if e["type"] == "round_revealed"][-1]
    why = [w for _, w in reveal_lines(ev, session.players)]
    assert why
    scene = push(app, session)
    scene.refresh_log()
    at = scene.log_lines.index(i18n.t("wooolf.log.round_revealed", round=1))
    assert scene.log_lines[at + 1:at + 1 + len(why)] == why
    said = describe_event(ev, session.players)
    assert said.startswith(i18n.t("wooolf.log.round_revealed", round=1)) and all(w in said for w in why)
    assert ("。 " not in said) if lang == "zh-TW" else (". " in said)   # sentences joined as each language does


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_howto_says_what_each_short_question_on_an_answered_card_stands_for(lang, size):
    """'WHB? NO' on a seat box: the how-to's asking page gives each short form with its
    whole question, read whole."""
    from engine.wooolf.content import content
    from scenes.wooolf import howto_pages
    pygame.init()
    i18n.set_lang(lang)
    page = next(p for p in howto_pages() if p.key == "ask")
    blits = draw_howto_page(page, pygame.Surface(size))
    assert_fits(blits, size)
    assert not cut_short(blits)
    drawn = texts(blits)
    for q in content().questions:
        short, whole = i18n.t(f"wooolf.qshort.{q.id}"), i18n.t(f"wooolf.question.{q.id}")
        assert any(s.startswith(short) and s.endswith(whole) for s in drawn), (short, drawn)


def test_the_first_turn_says_why_declare_early_is_grey_and_the_second_does_not():
    app = make_app()
    session = make_session(5, 1, seed=3, start=0)
    scene = push(app, session)
    assert scene.acting and not button(scene, "declare").enabled
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.ui.hint.choose_first") in " ".join(texts(blits))
    act_through_scene(app, scene, {"type": "peek", "target": 2, "pos": 1})
    key(app, pygame.K_RETURN)                                # Done
    play_bots_until(session, lambda: 0 in session.to_act())
    scene.refresh()
    scene.controls()
    assert button(scene, "declare").enabled
    with record_text() as blits:
        redraw(app)
    assert i18n.t("wooolf.ui.hint.choose") in " ".join(texts(blits))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_full_tables_small_centre_says_the_answer_to_a_question(lang, size):
    """Eight players, the names a new player sees: the centre is one small cell, and a long
    question there was cut before its answer ('…show the Hound?"…'). It says it short, as
    on the answered card, answer and all; a short sentence stays whole."""
    app = make_app(size, lang)
    session = make_session(8, 1, seed=3, start=0)
    for i, p in enumerate(session.players):
        p["name"] = app.t("ui.player_n", n=i + 1)
    scene = push(app, session)
    for question, answer in (("card_hound", False), ("wolf_hunter_shepherd", True)):
        ev = {"type": "asked", "seat": 7, "target": 4, "question": question, "answer": answer}
        scene.on_events([ev])
        with record_text() as blits:
            redraw(app)
        centre = [b for b in blits if scene.lay.centre.contains(b.rect)]
        assert not cut_short(centre), texts(centre)
        said = "".join(texts(centre)).replace(" ", "")
        yes_no = i18n.t("wooolf.ui.yes_short" if answer else "wooolf.ui.no_short")
        full = i18n.t("wooolf.answer.yes" if answer else "wooolf.answer.no")
        assert yes_no in said or full in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_declaration_says_who_really_held_each_missed_target(lang):
    from engine.wooolf.scoring import reveal
    from scenes.wooolf.narrate import reveal_lines
    i18n.set_lang(lang)
    # Ada the wolf, Dee the hound; Bo (a hunter) points his wolf arrow at Dee and his hound arrow at 0;
    # Eve (a hunter too) points them at Ada and Dee
    cards = [["B02", "B05"], ["B01", "B06"], ["B03", "B09"], ["B04", "B10"], ["B07", "B08"]]
    dials = [None, None, {"early": False, "arrows": [3, -1]}, None, {"early": True, "arrows": [1, 3]}]
    ev = dict(reveal(cards, dials, [[] for _ in range(5)]), dials=dials, scores=[0] * 5)
    lines = dict(reveal_lines(ev, [{"name": n} for n in NAMES[:5]]))
    held = i18n.t("wooolf.line.held_sep").join([
        i18n.t("wooolf.line.held", role=i18n.t("wooolf.role.wolf"), who="Ada"),
        i18n.t("wooolf.line.held", role=i18n.t("wooolf.role.hound"), who="Dee")])
    assert lines[2].endswith(i18n.t("wooolf.line.why", held=held)), lines[2]
    assert i18n.t("wooolf.line.why", held="").rstrip(".。") not in lines[4]    # right: nothing to explain
    nobody = dict(ev, holders={**ev["holders"], "hound": []})                   # had nobody held the hound
    said = dict(reveal_lines(dict(nobody, dials=[None, None, {"early": False, "arrows": [3, 3]}, None, None]),
                             [{"name": n} for n in NAMES[:5]]))[2]
    assert i18n.t("wooolf.line.held", role=i18n.t("wooolf.role.hound"), who=i18n.t("wooolf.line.nobody")) in said


def test_the_replay_turns_every_card_and_dial_over_at_each_rounds_reveal():
    """Between a round's reveal and the next deal the replay's board shows that round's
    cards and dials and says the round is turned over (it showed them only at the end of
    the game, while the list beside it explained the reveal)."""
    from engine.core.replay import ReplayCursor
    from engine.core.logstore import read_log
    from engine.registry import rules_for, spec_for
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as tmp:
        players = [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[:5]]
        session = LocalSession(RULES, 5, {"assistant": "notes"}, 8, players, log_dir=Path(tmp))
        play_bots_until(session, lambda: session.view(None)["round"] == 2)
        session.close()
        cursor = ReplayCursor.from_log(read_log(next(Path(tmp).rglob("*.*")), spec_for), rules_for)
    at = next(i for i, e in enumerate(cursor.events) if e["type"] == "round_revealed") + 1
    cursor.seek(at)
    view = cursor.view(None)
    shown = revealed(view)
    r1 = view["rounds"][0]
    assert shown.faces == {h: list(p) for h, p in enumerate(r1["cards"])} and shown.dials
    pygame.init()
    r = replay_renderer(None)
    r.players = players
    with record_text() as blits:
        r.draw(pygame.Surface((1280, 720)), pygame.Rect(20, 60, 860, 570), view)
    assert i18n.t("wooolf.log.round_revealed", round=1) in " ".join(texts(blits))
    cursor.seek(at + 1)                                      # the next deal: face down again
    assert not revealed(cursor.view(None)).faces
    cursor.seek(0)                                           # the first frame, before the deal
    with record_text() as blits:
        r.draw(pygame.Surface((1280, 720)), pygame.Rect(20, 60, 860, 570), cursor.view(None))
    assert i18n.t("wooolf.ui.before_deal") in texts(blits)
    assert not any(t.startswith(i18n.t("wooolf.ui.round_info", round=0, of=3, early=0, need=2)[:5]) for t in texts(blits))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_an_unset_arrow_of_the_dial_says_the_number_keys_too(lang, size):
    """The dial's empty arrow said only 'click a seat' while its number key picks one too:
    it says both, whole, with two arrows side by side at either size."""
    app = make_app(size, lang)
    session = make_session(5, 1, seed=3, start=0)
    play_bots_until(session, lambda: session.view(None)["phase"] == "final" and 0 in session.to_act())
    scene = push(app, session)
    assert scene.mode() == "declare" and scene.dial_hits
    with record_text() as blits:
        redraw(app)
    dial = [b for b in blits if any(r.contains(b.rect) for _, r in scene.dial_hits)]
    assert not cut_short(dial), texts(dial)
    assert i18n.t("wooolf.ui.unset") in texts(dial)
    assert {"en": "number", "zh-TW": "數字鍵"}[lang] in i18n.t("wooolf.ui.unset")


def test_a_row_of_markers_or_questions_narrows_before_it_hides_any():
    """Every marker on a card shows while its letters fit (narrower chips, never a cut
    word); only past that the newest show after a "+k"."""
    from scenes.ui.geometry import Frame
    from scenes.wooolf.tableview import _fit_row, _markers
    assert _fit_row(3, 200, 40, 20, 2) == (40, 3)              # room for all at their width
    assert _fit_row(5, 120, 40, 20, 2) == (22, 5)              # narrower, every one shown
    assert _fit_row(8, 120, 40, 20, 2) == (20, 4)              # past the least: "+k" and the newest 4
    pygame.init()
    surface = pygame.Surface((1280, 720))
    fr = Frame((1280, 720))
    marks = [{"target": 0, "pos": 1, "by": b, "announced": a, "epoch": 0}
             for b, a in enumerate(("wolf", "sheep", "shepherd", "wolf", "hound"))]
    view = {"markers": marks, "epochs": [0]}
    for lang in ("en", "zh-TW"):
        i18n.set_lang(lang)
        with record_text() as blits:
            _markers(surface, pygame.Rect(130, 150, 185, 22), fr, view, 0, 1)   # 5 at full width need 198
        shown = [b.text for b in blits[1:]]                    # after the card's number
        assert shown == [i18n.t(f"wooolf.mark.{m['announced']}") for m in marks], shown
        assert not any(b.cut for b in blits) and all(b.fits for b in blits)
        with record_text() as blits:                           # half the room: the newest, after "+k"
            _markers(surface, pygame.Rect(130, 150, 100, 22), fr, view, 0, 1)
        texts = [b.text for b in blits[1:]]
        assert texts[0] == i18n.t("wooolf.ui.more", n=5 - len(texts[1:])) and len(texts) >= 2
        assert texts[1:] == [i18n.t(f"wooolf.mark.{m['announced']}") for m in marks[5 - len(texts[1:]):]]
        assert not any(b.cut for b in blits)
