"""Hooky on screen: every screen in both languages at two sizes with no text out of its
box, the handoff curtain between two people (nothing secret drawn under it), worksheet
marks by keyboard and mouse, the assistant levels on a fixed deal, a human's question
typed against bots, a whole game through the scene to the results, the replay picture,
the how-to pages (the rules' examples), event lines and the score series."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from engine.core.bots import play_out
from engine.core.session import LocalSession
from engine.hooky.bot import HookyBot
from engine.hooky.knowledge import ALPHABET
from engine.hooky.rules import HookyRules
from engine.registry import spec_for
from scenes import registry
from scenes.app import App
from scenes.common.handoff import HandoffCurtain
from scenes.hooky import SETUP, describe_event, howto_pages, replay_renderer, score_series
from scenes.hooky.howto import award_facts, counting_examples
from scenes.hooky.table import HookyScene
from scenes.hooky.widgets import ASSIST, PANEL
from scenes.hooky.worksheet import heat_colour
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import assert_fits, draw_howto_page
from support.scenes import click, english_after, key, make_app, redraw  # noqa: F401 (english_after: autouse)

LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve"]
ROOT = Path(__file__).resolve().parents[1]
RULES = HookyRules()


def deal(*hands: str) -> str:
    """A 26-letter deal order: the given hands, the rest (playground, hooky) in order."""
    rest = [c for c in ALPHABET if c not in "".join(hands)]
    return "".join(hands) + "".join(rest)


def make_session(seats=4, humans=1, seed=3, level="notes", **options) -> LocalSession:
    players = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": "normal"}
               for i in range(seats)]
    return LocalSession(RULES, seats, {"assistant": level, **options}, seed, players, log=False)


def push(app: App, session: LocalSession) -> HookyScene:
    scene = HookyScene(app, session)
    app.stack.push(scene)
    app.step()
    return scene


def type_word(app: App, word: str) -> None:
    for c in word:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{c}"), mod=0, unicode=c))
    app.step()


def step_until(app: App, done, timeout: float = 30.0) -> None:
    """Frames until `done()` (bots think in threads: between frames the loop sleeps as
    the app's does, until the bot's thread wakes it; the timeout is only a safety net)."""
    import time
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        app.step()
        app.idle(limit=0.05)


def button(scene: HookyScene, name: str):
    return next(b for b in scene.buttons if b.name == name)


def bot_move(session: LocalSession, seat: int) -> dict:
    return HookyBot("normal", seat).choose(session.view(seat), seat)


def play_bots_until(session: LocalSession, done) -> None:
    """Every seat plays as a normal bot (commands from its own view) until `done()`."""
    while session.outcome() is None and not done():
        seat = min(session.to_act())
        session.submit(bot_move(session, seat))


def act_through_scene(app: App, scene: HookyScene) -> None:
    """The shown person plays the command a bot would choose, through the scene's input."""
    seat = scene.viewer
    cmd = bot_move(scene.session, seat)
    kind = cmd["type"]
    if kind in ("clue", "ask"):
        if kind == "ask":
            scene.choose_target(cmd["target"])
        scene.ui.word = ""
        type_word(app, cmd["word"])
        key(app, pygame.K_RETURN)
    elif kind == "reveal":
        scene.start_reveal()
        scene.type_letter(cmd["letter"])
        scene.choose_target(cmd["target"])
        scene.primary()
    elif kind == "guess":
        scene.ui.picks = []
        type_word(app, "".join(cmd["letters"]))
        key(app, pygame.K_RETURN)
    elif kind == "name_hands":
        hands = cmd["hands"]
        items = hands.items() if isinstance(hands, dict) else enumerate(hands)
        for s, letters in items:
            if int(s) == seat:
                continue
            for c in ALPHABET:
                scene.marks.set(seat, (int(s), c), "has" if c in letters else "not")
        scene.primary()
    elif kind == "vote":
        scene.vote(cmd["accept"])
    else:
        scene.submit(cmd)


# ---- every screen fits, in both languages, at both sizes -----------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_screen_renders_and_fits(lang, size):
    app = make_app(size, lang)
    session = make_session(3, 1, seed=8, level="prob", start=0)
    scene = push(app, session)
    shots: list[str] = []

    def shot(name: str) -> list:
        app.step()
        scene.wait_assistant()
        with record_text() as blits:
            redraw(app)
        assert_fits(blits, size)
        shots.append(name)
        return blits

    scene.ui.word = "cra"
    shot("clue")
    play_bots_until(session, lambda: session.view(0)["round"] == 2 and 0 in session.to_act())
    scene.choose_target(1)
    scene.ui.word = "zzzzq"
    blits = shot("ask_unknown_word")
    assert any(b.text == "ZZZZQ" or "ZZZZQ" in b.text for b in blits)
    scene.ui.word = ""
    scene.start_reveal()
    scene.type_letter(session.view(0)["hand"][0])
    shot("reveal")
    scene.primary()
    assert scene.message is not None and scene.message[1] == "good"      # what the peek showed
    blits = shot("after_peek")
    seen = [b.text for b in blits if b.text.startswith(i18n.t("hooky.ui.peeks", list="")[:3])]
    assert seen and (("（" in seen[0] and " (" not in seen[0]) if lang == "zh-TW" else " (" in seen[0])
    scene.ui.focus = "grid"
    scene.move_cursor(1, 3)
    shot("grid_cursor")
    play_bots_until(session, lambda: session.view(0)["phase"] == "guess" and 0 in session.to_act())
    scene.ui.picks = ["a", "q"]
    shot("guess")
    play_bots_until(session, lambda: session.view(0)["phase"] == "hands" and 0 in session.to_act())
    scene.likeliest()
    shot("hands")
    play_bots_until(session, lambda: False)
    blits = shot("final")
    result = session.view(None)["result"]
    texts = {b.text for b in blits}
    assert {str(x) for x in result["scores"]} <= texts
    assert {c.upper() for c in result["hooky"]} <= texts                  # the hooky cards turned up
    # a 5-seat table with nobody at it (bots only): the public table, no worksheet
    watch = make_session(5, 0, seed=2, level="off")
    play_bots_until(watch, lambda: watch.view(None)["round"] == 3)
    app.stack.pop()
    scene = push(app, watch)
    scene.bots.paused = True
    shot("table")
    assert scene.viewer is None
    # the replay picture and the how-to pages
    surface = pygame.Surface(size)
    renderer = replay_renderer(app)
    renderer.players = watch.players
    w, h = size
    for rect in (pygame.Rect(0, 0, w, h), pygame.Rect(20, 60, int(w * 0.67), int(h * 0.8))):
        with record_text() as blits:
            renderer.draw(surface, rect, watch.view(None))
        assert_fits(blits, size)
        assert all(rect.contains(b.rect) for b in blits)
    pages = howto_pages()
    assert len({p.title for p in pages}) == len(pages) >= 6
    for page in pages:
        assert not page.title.startswith("hooky.") and not page.body.startswith("hooky.")
        assert_fits(draw_howto_page(page, surface), size)


# ---- hot-seat: the curtain between two people --------------------------------------------------------
def test_hot_seat_curtain_draws_no_secret():
    app = make_app()
    hands = ("bdhry", "acfgi", "eklmn", "opqst")
    session = make_session(4, 2, seed=1, start=0, deal=deal(*hands))
    scene = push(app, session)
    # two people at the table: the first one is asked for behind a curtain
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 0
    assert scene.viewer is None
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert app.stack.top is scene and scene.viewer == 0
    scene.ui.focus = "grid"
    key(app, pygame.K_h)                                     # a mark of seat 0's own
    assert scene.marks.of(0)
    scene.ui.focus = "entry"
    type_word(app, "bread")
    key(app, pygame.K_RETURN)                                # seat 0's clue; seat 1 is next
    assert session.view(None)["clues"][-1]["seat"] == 0
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    drawn = scene.draws
    secret = {c.upper() for c in hands[0] + hands[1]}
    with record_text() as blits:
        for _ in range(5):
            app.step()
    assert scene.draws == drawn                              # the table (worksheet, log) is not drawn at all
    assert not [b.text for b in blits if b.text.strip().upper() in secret]
    assert not [b.text for b in blits if "BREAD" in b.text.upper()]
    assert all("Ada" in b.text or b.text in (i18n.t("ui.handoff.pass_to"),) for b in blits)
    # a stray key does not lift it before it is armed; Space does after
    app.stack.top.armed_in = 10
    key(app, pygame.K_SPACE)
    assert isinstance(app.stack.top, HandoffCurtain)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 1 and scene.view["hand"] == sorted(hands[1])
    assert not scene.marks.of(1)                             # seat 0's marks stay with seat 0
    with record_text() as blits:
        redraw(app)
    cards = {b.text for b in blits if len(b.text) == 1}
    assert {c.upper() for c in hands[1]} <= cards


def test_hot_seat_the_peeker_reads_the_peeked_letter_before_any_curtain():
    """A secret result is never shown to nobody: Hooky's peek comes with a reveal, before
    the turn's question, so its letter is on the peeker's screen (the message and the
    peeks line) while the turn goes on, and the curtain rises only after the question."""
    app = make_app()
    session = make_session(4, 2, seed=1, start=0, deal=deal("bdhry", "acfgi", "eklmn", "opqst"))
    scene = push(app, session)
    play_bots_until(session, lambda: session.view(0)["round"] == 2 and session.to_act() == {0})
    for _ in range(3):
        if isinstance(app.stack.top, HandoffCurtain):
            app.stack.top.armed_in = 0
            key(app, pygame.K_SPACE)
        app.step()
    assert scene.viewer == 0 and scene.acting
    scene.start_reveal()
    scene.type_letter(session.view(0)["hand"][0])
    scene.choose_target(1)
    scene.primary()
    peek = next(e for e in reversed(session.events) if e["type"] == "card_peeked")
    app.step()
    assert app.stack.top is scene and scene.viewer == 0 and session.to_act() == {0}
    with record_text() as blits:
        redraw(app)
    shown = [b.text for b in blits]
    assert any(f" {peek['letter'].upper()} " in f" {s} " for s in shown
               if s.startswith(i18n.t("hooky.ui.peeks", list="")[:3])), shown
    assert scene.message is not None and peek["letter"].upper() in scene.message[0]
    scene.ui.word = ""
    scene.choose_target(1)
    type_word(app, "plumb")
    key(app, pygame.K_RETURN)                                # the question ends the turn: now the curtain
    assert session.view(None)["asks"][-1]["word"] == "plumb", scene.message
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1


def test_hot_seat_vote_asks_each_person_behind_the_curtain():
    app = make_app()
    session = make_session(3, 3, seed=1, start=0)
    scene = push(app, session)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    type_word(app, "zorbs")                                  # not in the dictionary
    assert not button(scene, "clue").enabled and button(scene, "propose").enabled
    click(app, button(scene, "propose").rect.center)
    assert session.view(None)["phase"] == "vote"
    voters = []
    for _ in range(2):
        assert isinstance(app.stack.top, HandoffCurtain)
        voters.append(app.stack.top.seat)
        app.stack.top.armed_in = 0
        key(app, pygame.K_SPACE)
        key(app, pygame.K_y)
    assert voters == [1, 2]
    assert "zorbs" in session.view(None)["accepted_words"]
    app.stack.top.armed_in = 0                               # back to the proposer, who may use it
    key(app, pygame.K_SPACE)
    assert scene.viewer == 0


# ---- the worksheet's marks -----------------------------------------------------------------------------
def test_marks_by_keyboard_and_mouse():
    app = make_app()
    session = make_session(4, 1, seed=5, start=0)
    scene = push(app, session)
    rows = scene.grid.rows
    key(app, pygame.K_TAB)
    assert scene.ui.focus == "grid"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    cell = (rows[1], "c")
    for k, mark in ((pygame.K_h, "has"), (pygame.K_n, "not"), (pygame.K_m, "maybe"), (pygame.K_1, "has"),
                    (pygame.K_2, "not"), (pygame.K_3, "maybe")):
        key(app, k)
        assert scene.marks.get(0, cell) == mark
    key(app, pygame.K_BACKSPACE)
    assert scene.marks.get(0, cell) is None
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)                                    # wraps to the hooky row
    key(app, pygame.K_h)
    assert scene.marks.get(0, ("hooky", "c")) == "has"
    # mouse: a click cycles has -> not -> maybe -> clear, a right click clears
    pos = scene.grid.cell_rect(2, 25).center
    for want in ("has", "not", "maybe", None, "has"):
        click(app, pos)
        assert scene.marks.get(0, (rows[2], "z")) == want
    click(app, pos, button=3)
    assert scene.marks.get(0, (rows[2], "z")) is None
    assert scene.ui.cursor == (2, 25)
    # the player's mark is drawn in the seat's colour at the cell's centre
    click(app, pos)
    from scenes.ui.style import seat_colour
    assert tuple(app.surface.get_at(scene.grid.cell_rect(2, 25).center))[:3] == seat_colour(0)
    # a click on a row's name picks that player to ask
    click(app, scene.grid.label_rect(1).center)
    assert scene.ui.target == rows[1]


# ---- the assistant levels on the rules' AWARD example ------------------------------------------------------
def award_session(level: str) -> LocalSession:
    """Seat 0 holds B-D-H-R-Y; after the starting clues seat 2 asks seat 1 AWARD: 2."""
    session = make_session(4, 1, seed=1, level=level, start=2, deal=deal("bdhry", "acfgi", "eklmn", "opqst"))
    clue = {2: "lemon", 3: "stomp", 0: "bread", 1: "magic"}
    for seat in (2, 3, 0, 1):
        session.submit({"type": "clue", "seat": seat, "word": clue[seat]})
    session.submit({"type": "ask", "seat": 2, "target": 1, "word": "award"})
    assert session.view(0)["asks"][-1]["answer"] == 2
    return session


@pytest.mark.parametrize("level", ["off", "notes", "certain", "prob"])
def test_assistant_levels_fill_the_worksheet(level):
    app = make_app()
    session = award_session(level)
    scene = push(app, session)
    scene.bots.paused = True
    scene.wait_assistant()
    app.step()
    filled = scene.assist_cells()
    ri_1 = scene.grid.rows.index(1)
    a_col, w_col = ALPHABET.index("a"), ALPHABET.index("w")
    if level == "off":
        assert filled == {}
        with record_text() as blits:
            redraw(app)
        assert not any(b.text == "AWARD" for b in blits)     # pen and paper: no list of words
        return
    assert filled[("playground", "b")] == "not"              # own letters are nowhere else
    if level == "notes":
        assert (1, "a") not in filled
        with record_text() as blits:
            redraw(app)
        assert any(b.text == "AWARD" for b in blits)
        return
    assert filled[(1, "a")] == "has" and filled[(1, "w")] == "not" and filled[("hooky", "a")] == "not"
    centre = scene.grid.cell_rect(ri_1, a_col).center
    assert tuple(app.surface.get_at(centre))[:3] == ASSIST        # the forced cell is filled
    if level == "prob":
        d = scene.deduction()
        drawn = 0
        for ri, loc in enumerate(scene.grid.rows):
            for ci, c in enumerate(ALPHABET):
                p = d.p(c, loc)
                if 0 < p < 1 and (loc, c) not in filled:
                    r = scene.grid.cell_rect(ri, ci).inflate(-2, -2)
                    base = PANEL if (ci // 5) % 2 == 0 else (36, 44, 76)
                    assert tuple(app.surface.get_at((r.x + 3, r.bottom - 4)))[:3] == heat_colour(base, p)
                    drawn += 1
        assert drawn > 30                                     # a heat map, not a few cells
        assert scene.cell_under_cursor() is not None
    else:
        r = scene.grid.cell_rect(ri_1, w_col + 1).inflate(-2, -2)
        assert tuple(app.surface.get_at((r.x + 3, r.bottom - 4)))[:3] in (PANEL, (36, 44, 76))


# ---- a human's turn against bots ---------------------------------------------------------------------------
def test_typed_question_is_answered_on_screen():
    app = make_app()
    session = make_session(4, 1, seed=2, start=0, deal=deal("bdhry", "acfgi", "eklmn", "opqst"))
    scene = push(app, session)
    type_word(app, "brea")
    with record_text() as blits:
        redraw(app)
    assert any(b.text == "A" for b in blits)                 # the typed letters show
    type_word(app, "d")
    key(app, pygame.K_RETURN)
    assert session.view(0)["clues"][0]["word"] == "bread"
    step_until(app, lambda: 0 in session.to_act())          # the bots give their clues
    assert session.view(0)["phase"] == "turn" and 0 in session.to_act()
    click(app, button(scene, "seat_1").rect.center)
    assert scene.ui.target == 1
    type_word(app, "crane")
    assert button(scene, "ask").enabled
    key(app, pygame.K_RETURN)
    ask = session.view(0)["asks"][-1]
    assert (ask["asker"], ask["seat"], ask["word"], ask["answer"]) == (0, 1, "crane", 2)
    with record_text() as blits:
        redraw(app)
    texts = [b.text for b in blits]
    assert "CRANE" in texts                                   # in Ada's column of the worksheet
    assert any("CRANE" in x and "2" in x for x in texts)      # and the log line with its answer
    # the same word again, next round: refused before and after Enter, with the rule's message
    step_until(app, lambda: 0 in session.to_act() and session.view(0)["round"] == 2)
    scene.choose_target(1)
    type_word(app, "nacre")
    assert not button(scene, "ask").enabled
    key(app, pygame.K_RETURN)
    assert scene.message is not None and scene.message[1] == "error" and "CRANE" in scene.message[0]
    assert not any(a["asker"] == 0 and a["round"] == 2 for a in session.view(0)["asks"])
    assert 0 in session.to_act()


# ---- a whole game, one person and bots, through the scene ------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_results_chart_says_what_its_points_are(lang, size):
    """Hooky's chart has a point after each hooky guess (rounds 4, 5 and 6) and the named
    hands, not one a turn: its title says so, whole, in its box."""
    from scenes.common.results import ResultsScene
    session = make_session(3, 0, seed=12, level="off")
    play_bots_until(session, lambda: False)
    app = make_app(size, lang)
    app.show_results(session)
    assert isinstance(app.stack.top, ResultsScene)
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    title = [b for b in blits if b.text == i18n.t("hooky.results.chart")]
    assert title and i18n.t("ui.results.chart") not in {b.text for b in blits}
    assert len(score_series(session.events, 3)[0]) == 5          # 0, rounds 4, 5, 6, the hands
    labels = [i18n.t("hooky.results.start"), *(i18n.t("hooky.results.round", n=r) for r in (4, 5, 6)),
              i18n.t("hooky.results.hands")]
    drawn = [b.text for b in blits]
    assert all(label in drawn for label in labels) and i18n.t("hooky.results.axis") in drawn   # not 'Turn 1-4'
    assert i18n.t("ui.results.axis") not in drawn


def test_zh_how_to_says_the_starting_clue_is_counted_against_ones_own_hand():
    """The starting clue's number is the word's count against the giver's own hand (the
    rules' counting rule), not 'the number of cards in one's hand', as the zh page said."""
    i18n.set_lang("zh-TW")
    body = next(p for p in howto_pages() if p.key == "turn").body
    count = next(p for p in howto_pages() if p.key == "count")
    assert "手牌的數量" not in body
    assert "回答" in body and "回答" in count.title           # the same word as the page on counting


def test_whole_game_one_human_reaches_results():
    from scenes.common.results import ResultsScene
    app = make_app()
    session = make_session(3, 1, seed=12, level="certain")
    scene = push(app, session)
    import time
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if isinstance(app.stack.top, ResultsScene):
            break
        if app.stack.top is scene and scene.acting:
            act_through_scene(app, scene)
        elif app.stack.top is scene and session.outcome() is not None:
            app.step()
            key(app, pygame.K_RETURN)                        # "Scores and chart"
        else:
            app.step()
    assert session.outcome() is not None
    assert isinstance(app.stack.top, ResultsScene)
    assert len(session.view(None)["asks"]) == 6 * 3


# ---- words, series, the plug-in ----------------------------------------------------------------------------------
def test_describe_event_never_tells_a_secret_and_score_series():
    session = play_out(RULES, 4, [HookyBot("normal", s) for s in range(4)], seed=21, options={"assistant": "notes"})
    events = session.events
    result = session.view(None)["result"]
    for lang in LANGS:
        i18n.set_lang(lang)
        lines = [describe_event(ev, session.players) for ev in events]
        assert all(lines) and not any(line.startswith("hooky.") for line in lines)
        for ev, line in zip(events, lines):
            if ev["type"] == "card_peeked":
                assert f" {ev['letter'].upper()} " not in f" {line} "
            if ev["type"] == "hooky_guessed":
                assert not any(f" {c.upper()} " in f" {line} " for c in ev["letters"])
            if ev["type"] == "dealt":
                assert not any(f" {c.upper()} " in f" {line} " for c in result["hooky"])
    series = score_series(events, 4)
    assert [len(s) for s in series] == [5] * 4
    assert [s[-1] for s in series] == session.outcome().scores
    for s, b in zip(series, result["breakdown"]):
        assert s[1:4] == [b["hooky"]["4"], b["hooky"]["4"] + b["hooky"]["5"],
                          b["hooky"]["4"] + b["hooky"]["5"] + b["hooky"]["6"]]
    assert score_series(events[:30], 4) == [[0]] * 4


def test_replay_picture_shows_no_hidden_card():
    session = make_session(4, 0, seed=6)
    play_bots_until(session, lambda: session.view(None)["round"] == 4)
    view = session.view(None)
    public = {c.upper() for r in view["revealed"] for c in r} | {c.upper() for c in view["flipped"]}
    app = make_app()
    surface = pygame.Surface((1280, 720))
    with record_text() as blits:
        replay_renderer(app).draw(surface, pygame.Rect(0, 0, 1280, 720), view)
    cards = {b.text for b in blits if len(b.text) == 1 and b.text.isalpha()}
    assert cards and cards <= public


def test_howto_examples_are_the_rules():
    assert counting_examples() == [("aghlu", "mirth", 1), ("aelnp", "never", 3), ("smart", "quick", 0)]
    assert award_facts() == {"a_with_2": True, "no_w_with_2": True, "a_not_hooky": True}
    pygame.init()
    surface = pygame.Surface((1280, 720))
    for lang in LANGS:
        i18n.set_lang(lang)
        pages = {p.key: p for p in howto_pages()}
        with record_text() as blits:
            pages["count"].draw(surface, pygame.Rect(40, 110, 1200, 520))
        texts = " ".join(b.text for b in blits)
        assert "MIRTH" in texts and "1" in texts and "3" in texts and "0" in texts
        with record_text() as blits:
            pages["worksheet"].draw(surface, pygame.Rect(40, 110, 1200, 520))
        caption = [b.text for b in blits if "W" in b.text and ("2" in b.text)]
        assert caption


def test_plugin_registered_setup_and_catalogs():
    assert registry.plugin("hooky") is not None and "hooky" in registry.playable()
    assert SETUP["seats"] == range(3, 6)
    opt = SETUP["options"][0]
    assert opt["key"] == "assistant" and [c[0] for c in opt["choices"]] == ["off", "notes", "certain", "prob"]
    RULES.initial(4, {"assistant": "prob"})                  # the engine keeps unknown options
    en = json.loads((ROOT / "assets/i18n/en/hooky_ui.json").read_text(encoding="utf-8"))
    zh = json.loads((ROOT / "assets/i18n/zh-TW/hooky_ui.json").read_text(encoding="utf-8"))
    assert en.keys() == zh.keys()
    cjk = [k for k, v in zh.items() if any("\u4e00" <= ch <= "\u9fff" for ch in v)]
    assert len(cjk) >= len(zh) - 3                           # all real Chinese but "{letter} · {place}" and the like
    import re
    for k in en:
        assert set(re.findall(r"\{(\w+)\}", en[k])) == set(re.findall(r"\{(\w+)\}", zh[k])), k
    for lang in LANGS:
        i18n.set_lang(lang)
        for label in [opt["label"]] + [c[1] for c in opt["choices"]] + [v[1] for v in SETUP["variants"]]:
            assert i18n.t(label) != label


def test_main_play_hooky_runs_headless(tmp_path):
    import main
    shot = tmp_path / "h.png"
    rc = main.main(["play", "hooky", "--seats", "4", "--bots", "3", "--frames", "30", "--screenshot", str(shot),
                    "--lang", "zh-TW", "--seed", "4"])
    assert rc == 0 and shot.exists() and shot.stat().st_size > 10_000


def test_log_replays_and_resumes(tmp_path):
    from scenes.common.replay import ReplayScene
    from scenes.common.setup import SetupScene
    players = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot", "level": "normal"} for i in range(4)]
    session = LocalSession(RULES, 4, {"assistant": "certain", "variant": "classic"}, 9, players, log_dir=tmp_path)
    play_bots_until(session, lambda: session.view(None)["round"] == 3)
    path, round_now = session.log_path, session.view(None)["round"]
    session.close()
    app = make_app()
    assert app.continue_game(path) is not None
    scene = app.stack.top
    assert isinstance(scene, HookyScene) and scene.viewer == 0 and scene.view["round"] == round_now
    assert scene.level == "certain"
    app.step()
    app.save_and_quit()
    for lang in LANGS:
        i18n.set_lang(lang)
        assert app.open_replay(path)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        replay.seek(len(replay.cursor) // 2)
        app.step()
        with record_text() as blits:
            redraw(app)
        assert_fits(blits, (1280, 720))
        app.stack.pop()
        with record_text() as blits:                         # the set-up scene with the assistant option
            app.stack.push(SetupScene(app, "hooky"))
            app.step()
        assert_fits(blits, (1280, 720))
        assert any(i18n.t("hooky.opt.assistant") in b.text for b in blits)
        app.stack.pop()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_replay_shows_one_seats_view_only_once_the_game_is_over(tmp_path, lang):
    from engine.core.logstore import parse_log, read_log
    from scenes.common.replay import ReplayScene
    seats = 3
    done = play_out(HookyRules(), seats, [HookyBot("easy", s) for s in range(seats)], seed=4,
                    log=True, log_dir=tmp_path)
    done.close()
    data = done.log_path.read_bytes()
    app = make_app(lang=lang)
    finished = ReplayScene(app, read_log(done.log_path, spec_for))
    assert finished.viewpoints == [None, 0, 1, 2]
    app.stack.push(finished)
    seen = []
    finished.renderer.draw = lambda surface, rect, view: seen.append(view)
    finished.cursor.seek(len(finished.cursor) // 2)
    key(app, pygame.K_v)
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, app.size)
    assert seen[-1] == finished.cursor.view(0)
    assert seen[-1] != finished.cursor.view(None)
    # a game cut before its end keeps its secrets: the table's view only
    half = parse_log(data[: len(data) // 2], spec_for)
    assert ReplayScene(app, half).viewpoints == [None]


def test_how_to_play_offers_every_game():
    from scenes.common.howto import HowToScene
    app = make_app()
    scene = HowToScene(app, "sumoku")
    app.stack.push(scene)
    app.step()
    assert "game" in scene.widgets
    sumoku_pages = [p.title for p in scene.pages]
    scene.step_game(1)
    app.step()
    assert scene.game == "hooky" and scene.page == 0
    assert [p.title for p in scene.pages] != sumoku_pages
    scene.request_redraw()                                   # the how-to redraws only when asked
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, app.size)


# ---- taking back a play against bots ---------------------------------------------------------------------------
def test_undo_takes_back_a_guess_but_never_a_heard_answer():
    app = make_app()
    session = make_session(3, 1, seed=8, start=0)
    scene = push(app, session)
    scene.bots.paused = True                                 # the test plays the bots' turns itself
    assert not button(scene, "undo").enabled                 # nothing to take back yet
    play_bots_until(session, lambda: session.view(0)["phase"] == "guess" and 0 in session.to_act())
    app.step()
    assert not session.can_undo(0) and not button(scene, "undo").enabled     # seat 0's last play heard an answer
    before, n = session.hash(), len(session.events)
    letters = bot_move(session, 0)["letters"]
    scene.ui.picks = []
    type_word(app, "".join(letters))
    key(app, pygame.K_RETURN)
    assert len(session.events) > n and session.hash() != before and 0 not in session.to_act()
    app.step()
    assert session.can_undo(0) and button(scene, "undo").enabled
    key(app, pygame.K_u)                                     # U: seat 0 is not typing now
    assert session.hash() == before and len(session.events) == n
    assert 0 in session.to_act() and scene.acting and scene.view["phase"] == "guess"
    app.step()
    assert not button(scene, "undo").enabled                 # the guess's ask came before: no further back
    # the guess again, by the button this time
    type_word(app, "".join(letters))
    key(app, pygame.K_RETURN)
    app.step()
    click(app, button(scene, "undo").rect.center)
    assert session.hash() == before
    # an ask: the answer was heard, so neither the button, U nor Ctrl+Z takes it back
    play_bots_until(session, lambda: session.view(0)["phase"] == "turn" and 0 in session.to_act())
    app.step()
    cmd = next(c for c in RULES.legal_commands(session.view(0), 0) if c["type"] == "ask")
    scene.choose_target(cmd["target"])
    scene.ui.word = ""
    type_word(app, cmd["word"])
    key(app, pygame.K_RETURN)
    assert session.view(0)["asks"][-1]["asker"] == 0
    app.step()
    after_ask = session.hash()
    assert not session.can_undo(0) and not button(scene, "undo").enabled
    click(app, button(scene, "undo").rect.center)
    key(app, pygame.K_u)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert session.hash() == after_ask


def test_u_types_a_letter_while_spelling_a_word_and_hot_seat_has_no_undo():
    app = make_app()
    session = make_session(4, 1, seed=2, start=0)
    scene = push(app, session)
    type_word(app, "qu")                                     # U is a letter of the word being typed
    assert scene.ui.word == "qu"
    hot = make_session(3, 3, seed=1, start=0)
    app.stack.pop()
    scene = push(app, hot)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.undo_seat is None and not any(b.name == "undo" for b in scene.buttons)


# ---- the worksheet's marks are saved beside the log ------------------------------------------------------------
def test_marks_come_back_with_a_resumed_game_for_their_seat_only(tmp_path):
    from scenes.hooky.marks import marks_path
    from scenes.ui.style import seat_colour
    players = [{"name": n, "kind": k, "level": "normal"} for n, k in (("Mei", "human"), ("Ada", "human"),
                                                                     ("Bo", "bot"))]
    session = LocalSession(RULES, 3, {"assistant": "notes", "start": 0}, 4, players, log_dir=tmp_path)
    path = session.log_path
    app = make_app()
    scene = push(app, session)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 0
    ri = scene.grid.rows.index("playground")
    click(app, scene.grid.cell_rect(ri, ALPHABET.index("c")).center)
    assert scene.marks.of(0) == {("playground", "c"): "has"}
    saved = json.loads(marks_path(path).read_text(encoding="utf-8"))     # written at once, as plain JSON
    assert saved["seats"] == {"0": [["playground", "c", "has"]]}
    scene.ui.focus = "entry"
    act_through_scene(app, scene)                            # Mei's clue; Ada is next
    assert session.view(None)["clues"][-1]["seat"] == 0
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 1
    ri = scene.grid.rows.index("hooky")
    click(app, scene.grid.cell_rect(ri, ALPHABET.index("z")).center)
    app.save_and_quit()
    assert app.continue_game(path) is not None
    resumed = app.stack.top
    assert isinstance(resumed, HookyScene) and resumed is not scene
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    assert resumed.marks.of(0) == {("playground", "c"): "has"}
    assert resumed.marks.of(1) == {("hooky", "z"): "has"}
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert resumed.viewer == 1
    app.step()
    grid = resumed.grid
    own = grid.cell_rect(grid.rows.index("hooky"), ALPHABET.index("z")).center
    other = grid.cell_rect(grid.rows.index("playground"), ALPHABET.index("c")).center
    assert tuple(app.surface.get_at(own))[:3] == seat_colour(1)          # Ada's own mark is back
    assert tuple(app.surface.get_at(other))[:3] != seat_colour(0)        # Mei's is not shown to Ada


def test_marks_file_keeps_only_valid_entries():
    from scenes.hooky.marks import Marks
    m = Marks()
    m.set(0, (1, "a"), "has")
    m.set(0, ("hooky", "q"), "maybe")
    m.set(2, ("playground", "z"), "not")
    assert m.dirty
    back = Marks.from_data(json.loads(json.dumps(m.to_data())), 3)
    assert back.by_seat == m.by_seat
    bad = {"format": "couchtop-hooky-marks", "version": 1,
           "seats": {"0": [[0, "a", "has"], [1, "A", "has"], [1, "b", "sure"], [True, "c", "has"], [7, "d", "has"],
                           ["attic", "e", "has"], [2, "f", "not"], "x"],
                     "9": [[0, "a", "has"]], "-1": [], "1": "no"}}
    assert Marks.from_data(bad, 3).by_seat == {0: {(2, "f"): "not"}}
    assert Marks.from_data(["not", "a", "dict"], 3).by_seat == {}


# ---- zh-TW: a space between a Latin name and Chinese text ----------------------------------------------------------
def test_zh_names_join_chinese_text_without_spaces():
    """Issue 9: "偷看 玩家 3" had a stray space; no ASCII space between two Chinese
    characters, also once a Chinese name is filled in (docs/glossary.md)."""
    i18n.set_lang("zh-TW")
    reveal = {"type": "card_revealed", "seat": 2, "letter": "r", "target": 1}
    assert describe_event(reveal, [{"name": n} for n in NAMES]).startswith("Bo 翻開了")
    line = describe_event(reveal, [{"name": ""}] * 3)          # default names, in Chinese
    assert "偷看玩家 2 的" in line and not re.search(r"[\u4e00-\u9fff] +[\u4e00-\u9fff]", line)


# ---- the handoff curtain is complete on its first frame ------------------------------------------------------------
def test_curtain_button_has_its_label_on_the_first_frame():
    app = make_app()
    scene = HookyScene(app, make_session(3, 2, seed=1, start=0))
    app.stack.push(scene)
    app.step()                                               # the table's update raises the curtain; then it is drawn
    curtain = app.stack.top
    assert isinstance(curtain, HandoffCurtain)
    rect = curtain.widgets["ready"].rect
    first = app.surface.subsurface(rect).copy()
    for _ in range(3):
        app.step()
    later = app.surface.subsurface(rect).copy()
    inner = rect.inflate(-24, -24).move(-rect.x, -rect.y)
    ink = sum(1 for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom)
              if sum(tuple(first.get_at((x, y)))[:3]) > 600)
    assert ink > 100                                         # the white label is there
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(later, "RGB")


# ---- issue 9: the assistant button, Propose, pen and paper, the answer lists -------------------------------------
def test_assistant_button_turns_the_seats_own_level_down_never_above_the_tables(tmp_path):
    from scenes.hooky.marks import load_marks
    app = make_app()
    session = LocalSession(RULES, 3, {"assistant": "certain"}, 5,
                           [{"name": n, "kind": k, "level": "normal"} for n, k in
                            (("Mei", "human"), ("Ada", "bot"), ("Bo", "bot"))], log_dir=tmp_path)
    scene = push(app, session)
    assert scene.level == "certain"
    b = button(scene, "assistant")
    assert b.enabled and b.label == i18n.t("hooky.ui.assistant.certain")
    click(app, b.rect.center)                                   # certainties -> notes
    assert scene.level == "notes"
    assert button(scene, "assistant").label == i18n.t("hooky.ui.assistant.notes")
    key(app, pygame.K_F2)                                       # notes -> pen and paper
    assert scene.level == "off"
    with record_text() as blits:
        redraw(app)
    assert i18n.t("hooky.ws.paper") in {b.text for b in blits} or any(
        i18n.t("hooky.ws.paper").startswith(b.text[:8]) for b in blits)
    key(app, pygame.K_F2)                                       # back up, but only to the table's level
    assert scene.level == "certain"
    key(app, pygame.K_F2)
    assert scene.level == "notes"
    scene.flush_marks()                                         # kept beside the log for a resumed game
    assert load_marks(scene.marks_file, 3).levels == {0: "notes"}
    # a seat cannot claim more than the table allows, even from a doctored file
    scene.marks.levels[0] = "prob"
    assert scene.level == "certain"
    app.stack.pop()
    # a pen-and-paper table has nothing to choose: a label, not a button
    paper = push(app, make_session(3, 1, seed=5, level="off"))
    assert "assistant" not in paper.bar
    with record_text() as blits:
        redraw(app)
    assert i18n.t("hooky.ui.assistant.off") in {b.text for b in blits}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_propose_says_why_it_is_greyed_and_how_to_play_explains_the_vote(lang, size):
    from engine.hooky.rules import is_clue_word
    from scenes.hooky.howto import PROPOSED
    i18n.set_lang(lang)
    app = make_app(size, lang=lang)
    session = make_session(4, 1, seed=2, start=0, deal=deal("bdhry", "acfgi", "eklmn", "opqst"))
    scene = push(app, session)
    type_word(app, "brea")                                       # not yet a word: Propose greyed, and why
    assert not button(scene, "propose").enabled
    with record_text() as blits:
        redraw(app)
    whole = i18n.t("hooky.ui.propose_about")
    under = button(scene, "propose").rect.bottom                  # the lines under the buttons
    about = [b for b in blits if b.text and b.text in whole and b.rect.top >= under]
    assert about and all(b.fits for b in about)
    assert "".join(b.text for b in about).replace(" ", "") == whole.replace(" ", "")    # read whole (960x540 cut it)
    scene.ui.word = ""
    type_word(app, "mochi")                                      # not in the dictionary: it may be proposed
    assert button(scene, "propose").enabled
    with record_text() as blits:
        redraw(app)
    ready = i18n.t("hooky.ui.propose_ready", word="MOCHI")
    assert any(b.text and b.text in ready for b in blits)
    assert_fits(blits, size)
    # How to play has a page on proposing and the table vote, with a word the dictionary really lacks
    assert not is_clue_word(PROPOSED, set())
    page = next(p for p in howto_pages() if p.key == "propose")
    assert PROPOSED.upper() in page.body or "PARIS" in page.body
    surface = pygame.Surface((1280, 720))
    with record_text() as blits:
        page.draw(surface, pygame.Rect(40, 110, 1200, 520))
    assert_fits(blits, (1280, 720))
    assert i18n.t("hooky.ui.accept") in {b.text for b in blits}


def test_pen_and_paper_hears_each_answer_once_the_log_lists_none():
    app = make_app()
    session = make_session(4, 1, seed=2, start=0, level="off", deal=deal("bdhry", "acfgi", "eklmn", "opqst"))
    scene = push(app, session)
    type_word(app, "bread")
    key(app, pygame.K_RETURN)
    step_until(app, lambda: 0 in session.to_act())              # the bots give their clues
    clues = session.view(0)["clues"]
    assert len(clues) == 4
    assert not any(c["word"].upper() in line for line in scene.log_lines for c in clues)
    assert scene.log_lines                                       # the deal is still there
    with record_text() as blits:
        redraw(app)
    texts = " ".join(b.text for b in blits)
    last = clues[-1]["word"].upper()
    assert last in texts                                         # heard once, on the worksheet side
    assert not any(c["word"].upper() in texts for c in clues[:-1])
    # with notes, the same table lists them all
    notes = push(app, make_session(4, 1, seed=2, start=0, level="notes", deal=deal("bdhry", "acfgi", "eklmn", "opqst")))
    type_word(app, "bread")
    key(app, pygame.K_RETURN)
    step_until(app, lambda: 0 in notes.session.to_act())
    assert sum(any(c["word"].upper() in line for line in notes.log_lines) for c in notes.session.view(0)["clues"]) == 4


@pytest.mark.parametrize("size", SIZES)
def test_answer_lists_keep_whole_words_in_one_column(size):
    from scenes.hooky.worksheet import answer_rows, draw_questions
    from scenes.ui.geometry import Frame
    session = make_session(5, 0, seed=4, level="notes")
    play_bots_until(session, lambda: False)
    view = session.view(None)
    words = {a["word"].upper() for a in view["asks"]} | {c["word"].upper() for c in view["clues"]}
    w, h = size
    surface = pygame.Surface(size)
    fr = Frame(size)
    for rect in (pygame.Rect(0, 0, w, h), pygame.Rect(20, int(h * 0.55), int(w * 0.6), int(h * 0.42))):
        with record_text() as blits:
            draw_questions(surface, rect, fr, view=view, seat=None, players=session.players)
        drawn = [b for b in blits if b.text.isalpha() and b.text.isupper() and len(b.text) == 5]
        assert drawn and {b.text for b in drawn} <= words             # never "WOR…"
        assert not any("…" in b.text for b in blits if b.text.upper() == b.text and "+" not in b.text)
        assert_fits(blits, size)
        xs = {}
        for b in drawn:                                               # one column of words per seat
            xs.setdefault(b.box.x, 0)
        assert len(xs) <= 5
    assert answer_rows(4, 200, 27, 22) == (27, 4, 0)
    assert answer_rows(9, 200, 27, 22) == (22, 9, 0)                 # shorter rows before leaving any out
    assert answer_rows(12, 200, 27, 22) == (22, 8, 4)                # then "+4 earlier" and the newest 8


def test_hooky_setup_remembers_the_assistant_level(monkeypatch, tmp_path):
    from scenes.common.setup import SetupScene
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path))
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path))
    app = make_app()
    setup = SetupScene(app, "hooky")
    app.stack.push(setup)
    app.step()
    assert setup.options["assistant"] == "notes" and "variant" not in setup.widgets   # one variant: none shown
    pos = setup.widgets["opt_assistant"].rect.center               # notes -> certainties, by mouse
    for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(ev)
    for _ in range(3):
        app.step()
    assert setup.options["assistant"] == "certain"
    setup.start()
    assert app.session.options["assistant"] == "certain"
    app.close_session()
    fresh = make_app()                                            # a new run reads the settings file
    assert SetupScene(fresh, "hooky").options["assistant"] == "certain"
