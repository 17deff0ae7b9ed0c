"""Word Porters on screen: one person plays a whole game against bots through the
scene's input to the results; two people at one screen (the curtain between them,
nothing of the other's number or word drawn, the vote one person at a time); words in
English, Chinese and both; every screen fits in both languages at two sizes with 3 and
6 seats; the children's decline; the reveal; replay, how-to pages, event lines and the
score series."""
from __future__ import annotations

import functools

import pygame
import pytest

from engine.core.session import LocalSession
from engine.wordporters.bot import WordPortersBot
from engine.wordporters.content import content
from engine.wordporters.rules import WordPortersRules
from engine.registry import rules_for, spec_for
from scenes.app import App
from scenes.common.handoff import HandoffCurtain
from scenes.common.results import ResultsScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import assert_fits, cut_short, draw_howto_page
from support.scenes import click, english_after, key, make_app, redraw  # noqa: F401 (english_after: autouse)

LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve", "Fay"]
RULES = WordPortersRules()


def make_session(seats=4, humans=1, seed=5, variant="classic", words="en", start=0) -> LocalSession:
    players = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": "normal"}
               for i in range(seats)]
    return LocalSession(RULES, seats, {"variant": variant, "words": words, "start": start}, seed, players,
                        log=False)


def push(app: App, session: LocalSession):
    from scenes.wordporters.table import WordPortersScene
    scene = WordPortersScene(app, session)
    app.session = session
    app.stack.push(scene)
    app.step()
    return scene


def settle(app: App, scene, until, frames: int = 4000) -> None:
    """Frames (waiting on the bots' threads, never on the clock) until `until()`."""
    for _ in range(frames):
        if until():
            return
        if scene.bots.thinking:
            scene.bots.wait(30)
        app.step()
    assert until(), "the table never got there"


def lift(app: App) -> None:
    """The next person presses Space on the curtain (armed at once)."""
    assert isinstance(app.stack.top, HandoffCurtain)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)


def bot_move(session: LocalSession, seat: int) -> dict:
    return WordPortersBot("normal", 7 + seat).choose(session.view(seat), seat)


def bots_play_until(session: LocalSession, done) -> None:
    while session.outcome() is None and not done():
        seat = min(session.to_act())
        session.submit(bot_move(session, seat))


def half_centre(scene, card: int, side: int) -> tuple[int, int]:
    return scene.lay.hints[card].halves[side].center


def act_through_scene(app: App, scene) -> None:
    """The person on screen plays what a bot would, through clicks and keys."""
    seat = scene.viewer
    cmd = bot_move(scene.session, seat)
    if cmd["type"] == "place":
        click(app, half_centre(scene, cmd["card"], cmd["side"]))      # chosen ...
        assert scene.ui.pick == (cmd["card"], cmd["side"])
        click(app, half_centre(scene, cmd["card"], cmd["side"]))      # ... and placed
    elif cmd["type"] == "decline":
        key(app, pygame.K_d)
    elif cmd["type"] == "vote":
        guesses = cmd["guesses"]
        for s, r in scene.vote_hits:
            click(app, r.center)
            assert scene.ui.sel == s
            click(app, scene.lay.words[guesses[s] - 1].center)
        key(app, pygame.K_RETURN)
    else:
        raise AssertionError(cmd)


def drawn_texts(app: App) -> list[str]:
    with record_text() as blits:
        redraw(app)
    return [b.text for b in blits]


# ---- the whole game, one person against bots -----------------------------------------------
def play_through(app: App, scene) -> int:
    """Play the game to the results through the scene: every person on screen acts by
    clicks and keys (lifting the curtain when it rises), every reveal is gone on from.
    Returns the number of reveals seen."""
    reveals = 0
    for _ in range(600):
        settle(app, scene, lambda: isinstance(app.stack.top, (ResultsScene, HandoffCurtain))
               or scene.reveal is not None or (scene.acting and not scene.bots.thinking))
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffCurtain):
            lift(app)
        elif scene.reveal is not None:
            reveals += 1
            key(app, pygame.K_RETURN)                  # the whole reveal at once (animations off: already)
            key(app, pygame.K_RETURN)                  # next round / the results
        else:
            act_through_scene(app, scene)
    return reveals


@pytest.mark.parametrize("lang,words", [("en", "en"), ("zh-TW", "zh"), ("zh-TW", "both")])
def test_one_person_plays_a_whole_game_against_bots_to_the_results(lang, words):
    app = make_app(lang=lang)
    session = make_session(seats=4, humans=1, seed=11, words=words)
    scene = push(app, session)
    assert play_through(app, scene) == 4
    assert isinstance(app.stack.top, ResultsScene)
    assert session.outcome() is not None
    assert len(session.rules.view(session.state, None)["history"]) == 4


def test_three_people_play_a_whole_game_hot_seat():
    app = make_app()
    session = make_session(seats=3, humans=3, seed=21, variant="children")
    scene = push(app, session)
    curtains = []
    original = app.handoff
    app.handoff = lambda seat, then=None, name=None: (curtains.append(seat), original(seat, then, name))[1]
    assert play_through(app, scene) == 4
    assert isinstance(app.stack.top, ResultsScene)
    assert len(curtains) > 12 and set(curtains) == {0, 1, 2}


# ---- two people at one screen ------------------------------------------------------------------
def private_texts(app: App, scene) -> set[str]:
    """Everything drawn in the seat's own panel and the log (where a number shows)."""
    from scenes.wordporters import regions
    boxes = [regions.me(scene.fr), regions.log(scene.fr)]
    with record_text() as blits:
        redraw(app)
    return {b.text for b in blits if any(box.contains(b.box) for box in boxes)}


def secret_texts(session: LocalSession, seat: int) -> set[str]:
    """What would give `seat`'s number away: its number with its target word, in the
    panel and in the log's sentence."""
    v = session.view(seat)
    w = content().word_by_id(v["target"])
    return {w.en, w.zh, str(v["number"]), i18n.t("wordporters.ev.your_number", number=v["number"], word=w.en)}


def test_the_curtain_rises_between_two_people_and_draws_nothing_of_the_others_number():
    app = make_app()
    session = make_session(seats=3, humans=2, seed=4, start=0)
    scene = push(app, session)
    assert isinstance(app.stack.top, HandoffCurtain) and scene.viewer is None
    lift(app)
    assert scene.viewer == 0 and "Mei" in "".join(drawn_texts(app))
    mine, theirs = secret_texts(session, 0), secret_texts(session, 1)
    assert mine & theirs == set()
    shown = private_texts(app, scene)
    assert mine <= shown | {content().word_by_id(session.view(0)["target"]).zh} and not theirs & shown
    assert set(scene.shown().rings) == {session.view(0)["number"]}     # only your own word is ringed
    act_through_scene(app, scene)                       # Mei places; Ada's turn comes
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and scene.viewer is None
    before = scene.draws
    redraw(app)
    assert scene.draws == before, "the table was drawn under the curtain"
    assert scene.session.view(scene.viewer)["number"] is None
    lift(app)
    assert not isinstance(app.stack.top, HandoffCurtain) and scene.viewer == 1
    shown = private_texts(app, scene)
    assert theirs <= shown | {content().word_by_id(session.view(1)["target"]).zh} and not mine & shown
    assert set(scene.shown().rings) == {session.view(1)["number"]}
    mei = next(e for e in reversed(session.events) if e["type"] in ("placed", "passed") and e["seat"] == 0)
    from scenes.wordporters.narrate import log_line
    said = log_line(mei, scene.players, 1, scene.mode)
    assert scene.announced() == (said, 0) and said in drawn_texts(app)    # Ada reads what Mei just did


def test_the_vote_is_taken_one_person_at_a_time_behind_the_curtain():
    app = make_app()
    session = make_session(seats=3, humans=2, seed=9, start=2)
    bots_play_until(session, lambda: session.view(None)["phase"] == "vote")
    scene = push(app, session)
    settle(app, scene, lambda: isinstance(app.stack.top, HandoffCurtain) or scene.viewer is not None)
    if isinstance(app.stack.top, HandoffCurtain):
        lift(app)
    first = scene.viewer
    assert first in (0, 1) and scene.phase() == "vote"
    act_through_scene(app, scene)
    app.step()
    assert isinstance(app.stack.top, HandoffCurtain) and scene.viewer is None
    before = scene.draws
    redraw(app)
    assert scene.draws == before
    lift(app)
    assert scene.viewer == 1 - first and scene.phase() == "vote" and scene.ui.guesses == {}
    assert not secret_texts(session, first) & private_texts(app, scene)
    act_through_scene(app, scene)
    settle(app, scene, lambda: scene.reveal is not None)
    assert not isinstance(app.stack.top, HandoffCurtain)        # the reveal is the whole table's
    assert scene.reveal.board.get("number") is None


def test_votes_take_distinct_numbers_by_keyboard():
    app = make_app()
    session = make_session(seats=4, humans=1, seed=2)
    bots_play_until(session, lambda: session.view(None)["phase"] == "vote")
    scene = push(app, session)
    others = scene.others()
    assert scene.ui.sel == others[0]
    key(app, pygame.K_3)
    assert scene.ui.guesses == {others[0]: 3} and scene.ui.sel == others[1]
    key(app, pygame.K_3)                                  # 3 moves to the next player
    assert scene.ui.guesses == {others[1]: 3} and scene.ui.sel == others[2]
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert scene.ui.sel == others[0]
    key(app, pygame.K_7)
    key(app, pygame.K_0)
    assert scene.ui.guesses == {others[0]: 7, others[1]: 3, others[2]: 10}
    assert scene.bar["vote"].enabled
    key(app, pygame.K_RETURN)
    assert any(e["type"] == "voted" and e["seat"] == 0 and e["guesses"] == [None, 7, 3, 10] for e in session.events)


# ---- placing by keyboard, the prompt, the children's decline ---------------------------------------
def test_placing_by_arrow_keys_says_which_marker_goes_where():
    app = make_app()
    session = make_session(seats=4, humans=1, seed=3, start=0)
    scene = push(app, session)
    assert scene.phase() == "hints"
    key(app, pygame.K_RIGHT)
    assert scene.ui.pick is not None
    key(app, pygame.K_DOWN)
    card, side = scene.ui.pick
    text, tone = scene.prompt()
    hint = content().hint_by_id(session.view(0)["hints"][card]["words"][side]).en
    assert tone == "good" and hint in text and "1" in text
    key(app, pygame.K_RETURN)
    placed = [e for e in session.events if e["type"] == "placed"]
    assert placed and placed[-1]["seat"] == 0 and (placed[-1]["card"], placed[-1]["side"]) == (card, side)


def test_a_bots_placement_is_announced_in_a_sentence():
    app = make_app()
    session = make_session(seats=3, humans=1, seed=3, start=1)
    scene = push(app, session)
    settle(app, scene, lambda: scene.acting)
    assert scene.announce is not None
    text, seat = scene.announced()
    assert seat == 2 and "Bo" in text and ("beside" in text or "passes" in text)
    assert text in drawn_texts(app)


def test_the_childrens_decline():
    app = make_app()
    session = make_session(seats=3, humans=1, seed=3, start=0, variant="children")
    scene = push(app, session)
    assert "decline" in scene.bar and scene.bar["decline"].enabled
    key(app, pygame.K_d)
    assert session.events[-1]["type"] in ("declined", "passed", "hints_ended") and \
        any(e["type"] == "declined" and e["seat"] == 0 for e in session.events)
    words = set(content().word_by_id(w).side for w in session.view(0)["words"])
    assert words == {"children"}


# ---- word language ----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["en", "zh", "both"])
def test_words_show_in_the_chosen_language(mode):
    app = make_app()
    session = make_session(seats=4, humans=1, seed=6, words=mode)
    scene = push(app, session)
    drawn = drawn_texts(app)
    texts, joined = set(drawn), " ".join(drawn)           # a long word wraps to two lines
    v = session.view(0)
    c = content()
    for wid in v["words"]:
        w = c.word_by_id(wid)
        if mode in ("en", "both"):
            assert w.en in joined
        if mode in ("zh", "both"):
            assert w.zh in texts
        if mode == "zh":
            assert w.en not in joined
    hint = c.hint_by_id(v["hints"][0]["words"][0])
    assert (hint.zh in texts) == (mode != "en") and (hint.en in texts) == (mode != "zh")
    key(app, pygame.K_w)                                  # the table switches on W
    assert scene.mode != mode


def test_the_setup_option_follows_the_menus_language_and_is_remembered():
    from scenes import wordporters
    i18n.set_lang("zh-TW")
    assert wordporters.session_options("classic", 4, {"words": "ui"})["words"] == "zh"
    i18n.set_lang("en")
    assert wordporters.session_options("classic", 4, {"words": "ui"})["words"] == "en"
    assert wordporters.session_options("classic", 4, {"words": "both"})["words"] == "both"
    from scenes.common.setup import SetupScene
    app = make_app()
    setup = SetupScene(app, "wordporters")
    opt = next(o for o in setup.spec["options"] if o["key"] == "words")
    setup.step_option(opt, 3)
    setup.remember()
    again = SetupScene(app, "wordporters")
    assert again.options["words"] == "both"


# ---- everything fits ----------------------------------------------------------------------------
def screens(app: App, seats: int, words: str):
    """The table placing (a word chosen), voting (numbers given), revealing, as the one person sees it."""
    session = make_session(seats=seats, humans=1, seed=8, words=words, start=0)
    scene = push(app, session)
    key(app, pygame.K_RIGHT)
    yield "placing"
    bots_play_until(session, lambda: session.view(None)["phase"] == "vote")
    scene.refresh()
    app.step()
    key(app, pygame.K_4)
    yield "voting"
    scene.assign(5)
    for n in range(6, 12):
        if all(s in scene.ui.guesses for s in scene.others()):
            break
        scene.assign(n)
    scene.controls()
    scene.vote()
    settle(app, scene, lambda: scene.reveal is not None)
    scene.reveal.clock = scene.reveal.length() * 0.6
    yield "revealing"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 6])
def test_every_screen_fits(lang, size, seats):
    app = make_app(size, lang)
    for words in ("en", "zh", "both"):
        for name in screens(app, seats, words):
            with record_text() as blits:
                redraw(app)
            assert_fits(blits, size, small_digits=True)
        app.stack.pop()


def test_replay_pictures_and_howto_fit_in_both_languages():
    from scenes.wordporters import howto_pages, replay_renderer
    from engine.core.bots import play_on
    pygame.init()
    session = LocalSession(RULES, 5, {"variant": "classic"}, 3, [{"name": n} for n in NAMES[:5]], log=False)
    bots = {s: WordPortersBot("normal", s) for s in range(5)}
    play_on(session, bots)
    for lang in LANGS:
        i18n.set_lang(lang)
        for size in SIZES:
            surface = pygame.Surface(size)
            r = replay_renderer(None)
            r.players = [{"name": n} for n in NAMES[:5]]
            for view in (session.view(None), session.view(2)):
                with record_text() as blits:
                    r.draw(surface, pygame.Rect(10, 50, size[0] * 2 // 3, size[1] * 3 // 4), view)
                assert_fits(blits, size, small_digits=True)
            for page in howto_pages():
                with record_text() as blits:
                    page.draw(surface, pygame.Rect(round(40 * size[0] / 1280), round(110 * size[1] / 720),
                                                   round(1200 * size[0] / 1280), round(520 * size[1] / 720)))
                assert_fits(blits, size, small_digits=True)


def test_event_lines_word_secrets_only_for_their_own_seat():
    from scenes.wordporters import describe_event, score_series
    from scenes.wordporters.narrate import log_lines
    session = make_session(seats=4, humans=0, seed=12)
    bots_play_until(session, lambda: False)
    players = [{"name": n} for n in NAMES[:4]]
    deal = session.events[0]
    mine = log_lines(RULES.event_view(deal, 1), players, 1, "en")
    assert len(mine) == 2 and "secret number" in mine[1]
    assert len(log_lines(RULES.event_view(deal, None), players, None, "en")) == 1
    for ev in session.events:
        line = describe_event(RULES.event_view(ev, None), players, "classic")
        assert line and "{" not in line
    placed = next(e for e in session.events if e["type"] == "placed")
    assert content().hint_by_id(placed["hint"]).en in describe_event(placed, players, "classic")
    series = score_series(session.events, 4)
    assert all(len(x) == 5 for x in series) and [x[-1] for x in series] == session.outcome().scores


# ---- the reveal, undo ----------------------------------------------------------------------------
def test_the_reveal_turns_one_number_at_a_time_and_the_scores_move_on_the_track():
    from scenes.wordporters.table import STEP_S, TURN_S
    app = make_app()
    app.settings.anim_speed = "normal"
    session = make_session(seats=4, humans=1, seed=2)
    while not (session.view(None)["phase"] == "vote" and session.to_act() == {0}):
        acting = session.to_act() - ({0} if session.view(None)["phase"] == "vote" else set())
        session.submit(bot_move(session, min(acting)))
    scene = push(app, session)
    for s, n in zip(scene.others(), (1, 2, 3)):
        scene.select_voter(s)
        scene.assign(n)
    scene.vote()
    r = scene.reveal
    assert r is not None and len(r.reveals) == 4 and r.clock == 0.0
    assert [int(e["seat"]) for e in r.reveals] == [(session.view(None)["history"][0]["start"] + k) % 4
                                                    for k in range(4)]
    f = scene.anim_factor
    assert f > 0
    n = len(session.events)
    for _ in range(3):
        scene.drive_bots(10.0)                 # the bots wait while the reveal is read
        scene.bots.wait(30)
    assert len(session.events) == n
    seen = []
    for _ in range(4):
        scene.step(TURN_S * f)                 # a fake clock: the number in turn has turned
        seen.append(r.shown())
        scene.step((STEP_S - TURN_S) * f)
    assert seen == [1, 2, 3, 4]
    assert r.scores() == session.view(None)["history"][0]["scores"]
    app.step()
    assert scene.wake_after() is None and not scene.animating()   # the finished reveal waits, asleep
    assert "go_on" in scene.bar and scene.bar["go_on"].label == i18n.t("wordporters.ui.next_round")
    key(app, pygame.K_RETURN)
    assert scene.reveal is None and session.view(0)["round"] == 2


def test_a_placement_is_taken_back_against_bots():
    app = make_app()
    session = make_session(seats=3, humans=1, seed=3, start=0)
    scene = push(app, session)
    act_through_scene(app, scene)
    assert any(e["type"] == "placed" and e["seat"] == 0 for e in session.events)
    assert scene.bar["undo"].enabled
    key(app, pygame.K_u)
    assert not any(e["type"] == "placed" for e in session.events) and scene.phase() == "hints"


def test_a_game_resumed_mid_vote_and_a_finished_one(tmp_path):
    players = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot", "level": "normal"} for i in range(4)]
    session = LocalSession(RULES, 4, {"variant": "classic", "words": "both"}, 5, players, log_dir=tmp_path)
    while not (session.view(None)["phase"] == "vote" and session.to_act() == {0}):
        acting = session.to_act() - ({0} if session.view(None)["phase"] == "vote" else set())
        session.submit(bot_move(session, min(acting)))
    session.close()
    again = LocalSession.resume(session.log_path, rules_for, spec_for)
    app = make_app()
    scene = push(app, again)
    assert scene.mode == "both" and scene.phase() == "vote" and scene.reveal is None
    bots_play_until(again, lambda: False)
    again.close()
    done = LocalSession.resume(session.log_path, rules_for, spec_for)
    app = make_app()
    scene = push(app, done)
    assert scene.reveal is not None and scene.reveal.ended and len(scene.reveal.reveals) == 4
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, (1280, 720), small_digits=True)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ResultsScene)


@pytest.mark.parametrize("words,lang", [("zh", "en"), ("en", "zh-TW")])
def test_the_replay_viewer_shows_the_words_in_the_language_the_log_recorded(tmp_path, words, lang):
    """The menus in one language, the game played with its words in the other: the replay
    viewer's board shows them as the table did (the log header's options reach the renderer)."""
    from engine.core.bots import play_on
    from engine.core.logstore import read_log
    from scenes.common.replay import ReplayScene
    session = LocalSession(RULES, 4, {"variant": "classic", "words": words}, 8,
                           [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[:4]], log_dir=tmp_path)
    play_on(session, {s: WordPortersBot("normal", s) for s in range(4)})
    session.close() if hasattr(session, "close") else None
    path = next(tmp_path.rglob("*.*"))
    app = make_app(lang=lang)
    viewer = ReplayScene(app, read_log(path, spec_for), path)
    app.stack.push(viewer)
    app.step()
    viewer.seek(5)                                   # the first round's board is laid
    board = viewer.cursor.view(None)["words"]
    assert board
    other = "en" if words == "zh" else "zh"
    with record_text() as blits:
        redraw(app)
    drawn = [b.text for b in blits]
    for wid in board:                                # whole words (wrapped if they must), never "…"
        w = content().word_by_id(wid)
        lines = [b.text for b in blits if b.text and b.text in getattr(w, words)]
        assert getattr(w, words) in drawn or "".join(lines).replace(" ", "") == getattr(w, words).replace(" ", ""), \
            (getattr(w, words), drawn)
        assert getattr(w, other) == getattr(w, words) or getattr(w, other) not in drawn
    placed = [e for e in viewer.cursor.events if e["type"] == "placed"]     # the event list says them alike
    lines = viewer.lines()
    for e in placed:
        h = content().hint_by_id(e["hint"])
        line = lines[viewer.cursor.events.index(e)]
        assert getattr(h, words) in line and (getattr(h, other) == getattr(h, words) or getattr(h, other) not in line)


@pytest.mark.parametrize("size", SIZES)
def test_the_track_past_20_says_the_laps_at_a_readable_size(size):
    """A total past 20: the laps are told under the track ("+20", "+40") at 18 px at 720p
    or more, on the table's track and on the replay's narrower one."""
    from scenes.ui.geometry import Frame
    from scenes.wordporters.pieces import draw_track
    from scenes.wordporters.regions import track
    pygame.init()
    surface = pygame.Surface(size)
    fr = Frame(size)
    k = min(size[0] / 1280, size[1] / 720)
    scores = [5, 22, 41, 20, 3, 25]
    for area in (track(fr).inflate(-fr.px(10), -fr.px(10)), fr.r(900, 600, 170, 80)):
        with record_text() as blits:
            draw_track(surface, area, fr, scores)
        laps = [b for b in blits if b.text.startswith("+")]
        assert sorted(b.text for b in laps) == ["+20", "+40"]
        assert all(b.size >= round(18 * k) and b.fits and area.contains(b.rect) for b in laps), laps
        assert all(b.size >= round(18 * k) for b in blits)
    with record_text() as blits:
        draw_track(surface, track(fr), fr, [5, 9, 19, 0])
    assert not any(b.text.startswith("+") for b in blits)            # nobody past 20: no strip


def test_vote_tags_on_the_words_tell_players_apart():
    """A vote tag is the player's initial, or the seat number when two names start alike
    (two default names "Player 3" and "Player 4" were both "P")."""
    app = make_app()
    players = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "normal"}
               for i, n in enumerate(["Mei", "Ada", "", "mo"])]
    session = LocalSession(RULES, 4, {"variant": "classic", "words": "en", "start": 0}, 5, players, log=False)
    scene = push(app, session)
    assert [scene.tag(s) for s in range(4)] == ["1", "A", "P", "4"]


def test_after_the_reveal_the_next_rounds_first_person_gets_the_curtain():
    """The reveal is everyone's; the next round's deal is not: when the person who starts
    it is not the one who voted last (at the screen), the curtain rises first."""
    app = make_app()
    for seed in range(1, 40):
        session = make_session(seats=3, humans=2, seed=seed, start=2)
        bots_play_until(session, lambda: session.view(None)["phase"] == "vote")
        scene = push(app, session)
        last = None
        for _ in range(4):
            settle(app, scene, lambda: isinstance(app.stack.top, HandoffCurtain) or scene.acting
                   or scene.reveal is not None)
            if scene.reveal is not None:
                break
            if isinstance(app.stack.top, HandoffCurtain):
                lift(app)
            last = scene.viewer
            act_through_scene(app, scene)
        assert scene.reveal is not None and last in (0, 1)
        key(app, pygame.K_RETURN)
        key(app, pygame.K_RETURN)
        assert scene.reveal is None
        settle(app, scene, lambda: isinstance(app.stack.top, HandoffCurtain) or scene.acting)
        first = min(session.to_act())
        if first in (0, 1) and first != last:
            assert isinstance(app.stack.top, HandoffCurtain) and scene.viewer is None, (seed, last, first)
            assert app.stack.top.seat == first
            return
        app.stack.pop()
    pytest.fail("no seed where the other person starts the next round: the test would check nothing")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_howto_pages_are_never_cut_short(lang, size):
    """Every sentence of the how-to pages whole (no "…"), at 960x540 too."""
    from scenes.wordporters import howto_pages
    pygame.init()
    i18n.set_lang(lang)
    surface = pygame.Surface(size)
    for page in howto_pages():
        blits = draw_howto_page(page, surface)
        assert_fits(blits, size, small_digits=True)
        assert not cut_short(blits), page.title


# ---- what the reveal tells ---------------------------------------------------------------------
def revealing_scene(app: App, seats: int = 4, seed: int = 2):
    """The person at seat 0 votes last; the reveal is up with every number face down."""
    app.settings.anim_speed = "normal"
    session = make_session(seats=seats, humans=1, seed=seed)
    while not (session.view(None)["phase"] == "vote" and session.to_act() == {0}):
        acting = session.to_act() - ({0} if session.view(None)["phase"] == "vote" else set())
        session.submit(bot_move(session, min(acting)))
    scene = push(app, session)
    for s, n in zip(scene.others(), (1, 2, 3, 4, 5)):
        scene.select_voter(s)
        scene.assign(n)
    scene.vote()
    assert scene.reveal is not None
    return session, scene


@pytest.mark.parametrize("lang", LANGS)
def test_the_reveal_shows_every_players_points_and_total_and_who_voted_for_each_word(lang):
    """Row by row, as the numbers turn: each player's points so far in this reveal (a
    guesser's too, not only the revealer's) and running total; on the words, where each
    other player put the revealer's number (tagged by initial); the log says only the
    numbers turned so far."""
    from scenes.wordporters import regions as geo
    from scenes.wordporters.table import STEP_S, TURN_S
    app = make_app(lang=lang)
    session, scene = revealing_scene(app, seats=5)
    r = scene.reveal
    votes = {e["seat"]: e["guesses"] for e in session.events if e["type"] == "voted"}   # the raw log
    reveals = [e for e in session.events if e["type"] == "revealed"]
    before = list(r.before)
    gained = [0] * 5
    for k in range(len(reveals)):
        scene.step((STEP_S * k + TURN_S) * scene.anim_factor - r.clock)
        assert r.shown() == k + 1
        cur = reveals[k]
        gained[cur["seat"]] += len(cur["right"])
        for v in cur["right"]:
            gained[v] += 1
        with record_text() as blits:
            redraw(app)
        for i, row in enumerate(geo.reveal_rows(scene.fr, 5)):
            s = reveals[i]["seat"]
            inside = [b.text for b in blits if row.contains(b.rect)]
            assert f"+{gained[s]}" in inside and str(before[s] + gained[s]) in inside, (k, s, inside)
        want: dict[int, list[str]] = {}
        for v in range(5):
            if v != cur["seat"]:
                want.setdefault(votes[v][cur["seat"]], []).append(scene.tag(v))
        marks = scene.shown().marks
        assert {p: [t for t, _ in m] for p, m in marks.items()} == want
        assert sum(len(m) for m in marks.values()) == 4           # every other player's vote
        assert len([e for e in scene.logged() if e["type"] == "revealed"]) == k + 1
        assert not any(e["type"] in ("round_ended", "game_ended") for e in scene.logged()) or k == 4
        assert_fits(blits, (1280, 720), small_digits=True)
    assert [b + g for b, g in zip(before, gained)] == session.view(None)["history"][0]["scores"]
    own = {e["seat"]: len(e["right"]) for e in reveals}
    assert any(gained[s] > own[s] for s in range(5))       # a guesser's points were on screen
    scene.step(10.0)
    assert any(e["type"] == "round_ended" for e in scene.logged())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_replay_shows_every_vote_and_a_readable_track(tmp_path, lang, size):
    """Every vote is in the replay: each reveal's line names who guessed it and gives the
    revealer's vote; the board tags where each other player put the revealer's number.
    The side panel's track has five squares a row, every number on it whole at the
    smallest readable size, every square wide enough for it."""
    from engine.core.bots import play_on
    from engine.core.logstore import read_log
    from scenes.common.replay import ReplayScene
    from scenes.common.names import names_list
    from scenes.wordporters.replayview import shown_of
    session = LocalSession(RULES, 5, {"variant": "classic", "words": "en"}, 8,
                           [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[:5]], log_dir=tmp_path)
    play_on(session, {s: WordPortersBot("normal", s) for s in range(5)})
    session.close()
    app = make_app(size, lang)
    viewer = ReplayScene(app, read_log(next(tmp_path.rglob("*.*")), spec_for), None)
    app.stack.push(viewer)
    app.step()
    events = viewer.cursor.events
    lines = viewer.lines()
    votes = {}
    for i, ev in enumerate(events):
        if ev["type"] == "voted":
            votes[ev["seat"]] = ev["guesses"]
        if ev["type"] != "revealed":
            continue
        line = lines[i]
        for other, number in enumerate(votes[ev["seat"]]):      # the revealer's whole vote
            if number is not None:
                assert i18n.t("wordporters.ui.guess", player=NAMES[other], number=number) in line, line
        if ev["right"]:
            assert names_list([NAMES[v] for v in ev["right"]]) in line, line
        viewer.seek(i + 1)
        view = viewer.cursor.view(None)
        want = {}
        for v in range(5):
            if v != ev["seat"]:
                want.setdefault(votes[v][ev["seat"]], []).append(NAMES[v][0])
        assert {p: [t for t, _ in m] for p, m in shown_of(view, viewer.loaded.header["players"]).marks.items()} == want
    k = min(size[0] / 1280, size[1] / 720)
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size, small_digits=True)
    numbers = [b for b in blits if b.text.isdigit() and int(b.text) < 20 and b.rect.x > viewer.r(700, 0, 1, 1).x
               and b.rect.y > viewer.r(0, 400, 1, 1).y]
    assert sorted({int(b.text) for b in numbers}) == list(range(20)), sorted(b.text for b in numbers)
    assert all(b.size >= round(18 * k) and b.fits for b in numbers)


@pytest.mark.parametrize("lang", LANGS)
def test_an_automatic_pass_is_said_at_the_table_and_logged(lang):
    """The rules pass a seat with no place for a marker: the sentence under the board says
    who passed (the person on screen too, who did nothing to learn it by), and the log has
    a line for each pass."""
    from scenes.wordporters.narrate import announce_line
    app = make_app(lang=lang)
    session = make_session(seats=4, humans=1, seed=1)
    scene = push(app, session)
    passed = lambda: [e for e in session.events if e["type"] == "passed"]          # noqa: E731
    for _ in range(300):
        settle(app, scene, lambda: scene.reveal is not None or (scene.acting and not scene.bots.thinking)
               or bool(passed()))
        if passed():
            break
        if scene.reveal is not None:
            key(app, pygame.K_RETURN)
            key(app, pygame.K_RETURN)
        else:
            act_through_scene(app, scene)
    batch = [e for e in session.events if e["cmd"] == passed()[0]["cmd"]]
    seats = [e["seat"] for e in batch if e["type"] == "passed"]
    assert 0 in seats                                   # the person on screen was passed too
    drawn = drawn_texts(app)
    said = announce_line(batch, session.players, 0, "en")
    assert said in drawn and all(NAMES[s] in said for s in seats), drawn
    for s in seats:
        assert i18n.t("wordporters.ev.passed", player=NAMES[s]) in scene.log_lines


def test_continue_brings_back_the_word_language_chosen_at_the_table(tmp_path):
    """EN + 中 chosen at the table (W), the game saved and quit, then continued: the table
    comes back in both languages (the setting is kept beside the log, never in it); a kept
    file that is unreadable or says nonsense is no setting."""
    from engine.core.logstore import read_log
    from scenes.common import tablesettings
    players = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot", "level": "normal"} for i in range(4)]
    session = LocalSession(RULES, 4, {"variant": "classic", "words": "en", "start": 0}, 5, players,
                           log_dir=tmp_path)
    path = session.log_path
    app = make_app()
    scene = push(app, session)
    assert scene.mode == "en"
    before = path.read_bytes()
    key(app, pygame.K_w)
    key(app, pygame.K_w)
    assert scene.mode == "both" and path.read_bytes() == before           # the log is only the game
    app.save_and_quit()
    again = app.continue_game(path)
    assert again is not None and isinstance(app.stack.top, type(scene)) and app.stack.top.mode == "both"
    assert read_log(path, spec_for).header["options"]["words"] == "en"
    with record_text() as blits:
        redraw(app)
    drawn = [b.text for b in blits]
    board = again.view(None)["words"]
    assert any(content().word_by_id(w).zh in drawn for w in board) and any(
        content().word_by_id(w).en in drawn for w in board)
    app.save_and_quit()
    for junk in ("{not json", '{"words": "klingon"}', "[1, 2]", '{"words": ' + '"x" ' * 3000 + "}"):
        tablesettings.path_for(path).write_text(junk, encoding="utf-8")
        app.continue_game(path)
        assert app.stack.top.mode == "en"
        app.save_and_quit()


@functools.cache
def played_to_the_end(seats: int, seed: int) -> LocalSession:
    """A classic game of `seats` normal bots, played once for every size and language
    that draws it (only its views are read)."""
    from engine.core.bots import play_on
    session = LocalSession(RULES, seats, {"variant": "classic"}, seed, [{"name": n} for n in NAMES[:seats]],
                           log=False)
    play_on(session, {s: WordPortersBot("normal", s) for s in range(seats)})
    return session


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_both_languages_give_each_script_its_room(lang, size):
    """Words and hint words in English and Chinese: at the table (3 and 6 players) and on
    the replay's narrower board (3 to 6 players: six players' 14 hint cards each as wide
    as its longer word needs), every English and every Chinese text is
    drawn whole (wrapped if it must, a long word hyphenated, never cut with "…"), and the table's round line
    counts its words and hint cards alike (numerals, not "ten words and 8 hint cards")."""
    from scenes.wordporters.replayview import ReplayRenderer
    app = make_app(size, lang)
    for seats in (3, 6):
        for name in screens(app, seats, "both"):
            with record_text() as blits:
                redraw(app)
            assert not cut_short(blits), (seats, name, cut_short(blits))
        app.stack.pop()
    k = min(size[0] / 1280, size[1] / 720)
    rect = pygame.Rect(round(20 * k), round(60 * k), round(860 * k), round(570 * k))
    surface = pygame.Surface(size)
    for seats in (3, 4, 5, 6):
        for seed in (1, 2, 3):
            session = played_to_the_end(seats, seed)
            r = ReplayRenderer(None, [{"name": n} for n in NAMES[:seats]], mode="both")
            with record_text() as blits:
                r.draw(surface, rect, session.view(None))
            assert not cut_short(blits), (seats, seed, cut_short(blits))
            drawn = "".join(b.text for b in blits).replace(" ", "").replace("-", "")
            for wid in session.view(None)["words"]:
                w = content().word_by_id(wid)
                assert w.en.replace(" ", "").replace("-", "") in drawn and w.zh in drawn
    from scenes.wordporters.narrate import log_line
    line = log_line({"type": "round_dealt", "round": 1, "start": 0, "hints": list(range(8))}, None)
    assert "10" in line and "8" in line and "ten" not in line and "十" not in line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_results_say_where_each_players_points_came_from(lang, size):
    """Under each name on the results screen: the player's right guesses and how often
    the others found their words, which add up to the score; the chart is per round."""
    from engine.core.bots import play_on
    from scenes.wordporters import result_note
    session = LocalSession(RULES, 5, {"variant": "classic"}, 4, [{"name": n} for n in NAMES[:5]], log=False)
    play_on(session, {s: WordPortersBot("normal", s) for s in range(5)})
    out = session.outcome().to_data()
    detail = out["detail"]
    assert [g + f for g, f in zip(detail["guessed"], detail["found"])] == out["scores"]
    reveals = [e for e in session.events if e["type"] == "revealed"]
    assert detail["found"] == [sum(len(e["right"]) for e in reveals if e["seat"] == s) for s in range(5)]
    app = make_app(size, lang)
    app.show_results(session)
    assert isinstance(app.stack.top, ResultsScene)
    with record_text() as blits:
        redraw(app)
    drawn = [b.text for b in blits]
    for s in range(5):
        note = result_note(out, s)
        assert note and note in drawn and str(detail["guessed"][s]) in note and str(detail["found"][s]) in note
    assert i18n.t("wordporters.results.chart") in drawn
    small = [b for b in blits if b.text in {result_note(out, s) for s in range(5)}]
    k = min(size[0] / 1280, size[1] / 720)
    assert all(b.fits and b.size >= round(18 * k) for b in small), [(b.text, b.size) for b in small]


def test_a_language_switch_rewords_the_log_and_the_sentence_at_once():
    """The menus' language changed mid-game (the pause menu's settings): the next frame
    words the log and the sentence of what just happened in it, before any new event."""
    app = make_app()
    session = make_session(seats=3, humans=1, seed=3, start=1)
    scene = push(app, session)
    settle(app, scene, lambda: scene.acting)
    assert scene.announce is not None and scene.log_lines
    n = len(session.events)
    i18n.set_lang("zh-TW")
    drawn = drawn_texts(app)
    assert len(session.events) == n
    said, _ = scene.announced()
    assert any("\u4e00" <= ch <= "\u9fff" for ch in said) and said in drawn
    for line in scene.log_lines:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in line), line


def test_sentences_follow_each_other_without_a_space_in_chinese():
    from scenes.wordporters import describe_event
    session = make_session(seats=3, humans=0, seed=12)
    bots_play_until(session, lambda: False)
    players = [{"name": n} for n in NAMES[:3]]
    for lang, bad in (("zh-TW", "。 "), ("en", ".M")):
        i18n.set_lang(lang)
        for ev in session.events:
            if ev["type"] in ("revealed", "game_ended"):
                line = describe_event(RULES.event_view(ev, None), players, "classic")
                assert bad not in line and line.count("。" if lang != "en" else ". ") >= 1, line


@pytest.mark.parametrize("lang", LANGS)
def test_a_vote_never_reads_as_one_number_with_the_default_names(lang):
    """"Player 1 1, Player 2 4" read as 11 and 24: a vote says which number goes to whom."""
    import re
    from scenes.wordporters.narrate import guesses_text
    i18n.set_lang(lang)
    text = guesses_text([None, 1, 4, 3], None)
    assert not re.search(r"\d\s*\d", text), text
    for seat, number in ((1, 1), (2, 4), (3, 3)):
        assert i18n.t("wordporters.ui.guess", player=i18n.t("ui.player_n", n=seat + 1), number=number) in text


def test_a_long_word_too_wide_for_its_card_is_hyphenated_not_cut():
    from scenes.ui.geometry import Frame
    from scenes.wordporters.pieces import hyphenated
    pygame.font.init()          # measured with no app made (first test of a worker, too)
    fr = Frame((960, 540))
    narrow = pygame.Rect(0, 0, 52, 60)
    split = hyphenated("countryside", narrow, fr)
    assert split is not None and split.replace("-\n", "") == "countryside"
    head, tail = split.split("\n")
    assert head.endswith("-") and len(head) >= 4 and len(tail) >= 3
    assert hyphenated("sky", narrow, fr) is None                      # fits, or too short to break
    assert hyphenated("countryside", pygame.Rect(0, 0, 400, 60), fr) is None
    assert hyphenated("筆記型電腦筆記型電腦", narrow, fr) is None         # Chinese wraps by character instead


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_sentences_under_the_board_are_read_whole_with_words_in_both_languages(lang, size):
    """Words in both languages, the names a new player sees, the longest word: what you may
    do now (a marker stacked beside a hint), what a bot just did, and each number as it is
    revealed are said whole under the board, never cut with '…' (a sentence names a word in
    the menus' language when both do not fit; the card shows both)."""
    from engine.wordporters.content import content
    from scenes.wordporters import regions as geo
    from scenes.wordporters.table import STEP_S, TURN_S
    app = make_app(size, lang)
    app.settings.anim_speed = "normal"
    longest = max(content().words, key=lambda w: len(w.en) + len(w.zh)).id
    session = make_session(seats=6, humans=1, seed=8, words="both", start=1)
    for i, p in enumerate(session.players):
        p["name"] = app.t("ui.player_n", n=i + 1)

    def under_board() -> list:
        with record_text() as blits:
            redraw(app)
        box = geo.prompt(scene.fr)
        return [b for b in blits if box.contains(b.rect)]

    scene = push(app, session)
    session.submit(bot_move(session, 1))                         # a bot's placement, announced
    app.step()
    said = under_board()
    assert said and not cut_short(said), [b.text for b in said]
    while not (session.view(None)["phase"] == "hints" and session.to_act() == {0}
               and any(len(h["markers"]) for h in session.view(0)["hints"])):
        acting = session.to_act()
        if 0 in acting and session.view(None)["phase"] == "hints":
            session.submit(bot_move(session, 0))
        else:
            session.submit(bot_move(session, min(acting)))
    scene.refresh()
    scene.ui.pick = next(p for p in sorted(scene.legal()) if session.view(0)["hints"][p[0]]["markers"])
    said = under_board()                                         # your 1 on your 3 beside a hint
    assert said and not cut_short(said), [b.text for b in said]
    while not (session.view(None)["phase"] == "vote" and session.to_act() == {0}):
        acting = session.to_act() - ({0} if session.view(None)["phase"] == "vote" else set())
        session.submit(bot_move(session, min(acting)))
    scene.refresh()
    for s, n in zip(scene.others(), range(1, 6)):
        scene.select_voter(s)
        scene.assign(n)
    scene.vote()
    r = scene.reveal
    assert r is not None
    for ev in r.reveals:
        ev["word"] = longest
    for k in range(len(r.reveals)):
        scene.step((STEP_S * k + TURN_S) * scene.anim_factor - r.clock)
        said = under_board()
        assert len(said) >= 2 and not cut_short(said), [b.text for b in said]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_replays_last_frame_names_every_winner_whole(lang, size):
    """Three of six players sharing the win, with the names a new player sees: the replay's
    side panel says it whole over as many lines as it takes (it was cut: 'Player 1 and
    Player 3 share t…'), and the totals, the note and the track under it still fit."""
    from engine.core.bots import play_out
    from scenes.common.names import winners_text
    from scenes.ui.geometry import Frame
    from scenes.wordporters.replayview import ReplayRenderer
    app = make_app(size, lang)
    players = [{"name": app.t("ui.player_n", n=i + 1), "kind": "bot", "level": "normal"} for i in range(6)]
    session = play_out(RULES, 6, [WordPortersBot("normal", s) for s in range(6)], seed=3)
    view = dict(session.view(None), result={**session.view(None)["result"], "winners": [0, 2, 4]})
    assert view["ended"]
    surface = pygame.Surface(size)
    board = Frame(size).r(20, 60, 860, 570)                      # where the replay viewer draws it
    with record_text() as blits:
        ReplayRenderer(app, players, "en").draw(surface, board, view)
    assert_fits(blits, size, small_digits=True)
    assert not cut_short(blits), cut_short(blits)
    said = "".join(b.text for b in blits).replace(" ", "")
    assert winners_text(players, [0, 2, 4]).replace(" ", "") in said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_setup_says_what_the_word_language_option_does(lang, size):
    """The set-up's left column under the seed was empty: it says what the word language
    option does (and that W switches it at the table), whole."""
    from scenes.common.setup import SetupScene
    app = make_app(size, lang)
    app.stack.push(SetupScene(app, "wordporters"))
    app.step()
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    assert not cut_short(blits), cut_short(blits)
    said = "".join(b.text for b in blits).replace(" ", "")
    assert i18n.t("wordporters.opt.words.about").replace(" ", "") in said
