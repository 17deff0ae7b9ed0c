"""Paperback's simultaneous play at the table (issue 12, item 8), driven through the real
scene with synthesised input: the draft by click and by key, two people spelling one
after the other under the curtain with their times measured on a fake frame clock (the
pause and the curtain not counted), nothing of a hand or a secret word on the other
person's screen, bots announcing with their own times, the reveal in buy order, a refused
word laid again and buying last, the Offer replaced at a round's end, a whole game with
one person and two bots, every screen fitting in both languages and sizes, and the replay
drawn to the end and verified.

Time here is never the machine's: the app's frame clock is replaced by one that gives
exactly what a test advances (`advance`), and every other frame takes 0 ms."""
from __future__ import annotations

import pygame
import pytest

from engine.core.bots import play_on
from engine.core.session import LocalSession
from engine.paperback.bot import PaperbackBot
from engine.paperback.rules import PaperbackRules
from engine.registry import spec_for
from scenes.common.handoff import HandoffCurtain
from scenes.common.optionwords import OptionWords
from scenes.common.pause import PauseOverlay
from scenes.common.results import ResultsScene
from scenes.paperback import SETUP, howto_pages, replay_renderer
from scenes.paperback.roundboard import DRAFT_KEYS, secs
from scenes.paperback.table import PaperbackScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import assert_fits, unreadable
from support.scenes import click, english_after, lift, make_app, redraw, texts  # noqa: F401 (english_after: autouse)
from tests.test_scenes_paperback import button, buy_dearest_fame, hit, key, lay_hint, pass_turn, set_hand, step_until, to_the_end, type_text

NAMES = ["Mei", "Ada", "Bo"]
RULES = PaperbackRules()
LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
A_HAND = ["s0.T", "s0.R", "s0.W1", "s0.S", "s0.N"]        # TERNS (a wild as E); TRNS is no word
B_HAND = ["s1.R", "s1.W1", "s1.T", "s1.S", "s1.L"]        # RATS (a wild as A)


class FakeClock:
    """The app's frame clock: each frame takes what the test gave it, else 0 ms."""
    def __init__(self) -> None:
        self.ms = 0

    def tick(self, *_: object) -> int:
        ms, self.ms = self.ms, 0
        return ms


def table(seats: int, humans: int, seed: int = 3, level: str = "hard", size=(1280, 720), lang: str = "en",
          **options) -> tuple:
    app = make_app(size, lang)
    app.clock = FakeClock()
    players = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": level} for i in range(seats)]
    session = LocalSession(RULES, seats, {"start": 0, "simultaneous": True, **options}, seed, players, log=False)
    scene = PaperbackScene(app, session)
    app.stack.push(scene)
    app.step()
    return app, session, scene


def advance(app, seconds: float) -> None:
    """`seconds` of the frame clock (to the ms), at most a tenth of a second a frame (the
    app's longest frame)."""
    left = round(seconds * 1000)
    while left > 0:
        app.clock.ms = min(100, left)
        left -= app.clock.ms
        app.step()


def announced(session, seat: int) -> dict:
    return next(e for e in session.events if e["type"] == "announced" and e["seat"] == seat and not e.get("open"))


def draft_by_keys(app, session, scene) -> None:
    """Every pick of the draft: a person presses 1 (the first card), bots pick themselves."""
    while session.view(None)["phase"] == "draft":
        step_until(app, lambda: session.view(None)["phase"] != "draft" or scene.together.drafting())
        if scene.together.drafting():
            key(app, pygame.K_1)


def fits(app, where: str, size) -> None:
    """Every text of the frame in its box, none cut short with "…" and none below the
    readable size (tests/support/fits.py `unreadable`), and the round's own texts drawn (the
    banner, the players' lines, the info strip, the board). The banner's "Bo is thinking…"
    ends with its own "…": no cut."""
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    p = app.stack.top.places
    assert [b for b in blits if any(pygame.Rect(r).contains(b.box) for r in [p.top, p.info, p.score, *p.players])], where
    bad = unreadable(blits)
    assert not bad, (where, bad[:6])


# ---- the set-up -------------------------------------------------------------------------------------
def test_simultaneous_play_is_offered_at_set_up_with_its_line_in_both_languages():
    option = next(o for o in SETUP["options"] if o["key"] == "simultaneous")
    assert option["type"] == "bool" and option["default"] is False
    for lang in LANGS:
        i18n.set_lang(lang)
        for k in (option["label"], option["about"]):
            assert i18n.t(k) != k
    option_conflict = OptionWords(spec_for("paperback"), SETUP).conflict   # the forbidden partners say why
    i18n.set_lang("en")
    for other in ("attacks", "powers", "offer_discount", "vowel_reshuffle", "bounty", "coop"):
        why = option_conflict({"simultaneous": True}, other)
        assert why and "Simultaneous play" in why, other
        assert option_conflict({other: True}, "simultaneous")


# ---- the draft ------------------------------------------------------------------------------------------
def test_a_person_drafts_by_click_and_by_key_and_bots_pick_by_themselves():
    app, session, scene = table(3, 1)
    assert scene.together.drafting() and session.view(None)["simultaneous"]["draft_order"] == [0, 1, 2, 2, 1, 0]
    shown = texts(app)
    assert i18n.t("paperback.ui.sim.draft_help", last="0") in shown           # what the keys do, said
    assert all(k in shown for k in DRAFT_KEYS)                               # a number under each card
    third = scene.places.offer[2][0]
    click(app, hit(scene, "draft", third).center)                            # a click picks
    assert session.events[-1]["type"] == "drafted" and session.events[-1]["card"] == third
    step_until(app, scene.together.drafting)                                          # the bots took theirs
    picks = session.view(None)["simultaneous"]["picks"]
    assert [s for s, _ in picks] == [0, 1, 2, 2, 1]
    offer = session.view(0)["simultaneous"]["offer"]
    key(app, pygame.K_RIGHT)                                                 # the choice moves
    assert scene.together.draft_focus() == offer[1] and scene.hot_market == offer[1]
    assert button(scene, "draft").label.startswith("Pick ")
    key(app, pygame.K_RETURN)                                                # and Enter picks it
    picks = session.view(None)["simultaneous"]["picks"]
    assert picks[-1] == [0, offer[1]]
    assert session.view(0)["phase"] == "spell" and len(session.view(0)["hand"]) == 6
    assert third in session.view(0)["deck_cards"] + session.view(0)["hand"]


def test_a_digit_picks_that_card_and_the_public_draft_needs_no_curtain():
    app, session, scene = table(2, 2)
    offer = session.view(0)["simultaneous"]["offer"]
    key(app, pygame.K_4)
    assert session.events[-1]["card"] == offer[3]
    assert not isinstance(app.stack.top, HandoffCurtain) and scene.viewer == 1     # the next picker, at once
    key(app, pygame.K_KP1)
    assert session.events[-1]["seat"] == 1
    key(app, pygame.K_0)                                             # a card that is not there: nothing
    assert session.events[-1]["seat"] == 1 and scene.viewer == 1
    key(app, pygame.K_2)
    assert scene.viewer == 0 and not isinstance(app.stack.top, HandoffCurtain)


# ---- spelling at one screen --------------------------------------------------------------------------------
def test_two_people_spell_in_turn_under_the_curtain_timed_by_the_frame_clock():
    """Mei takes 30 s (and 50 s in the pause menu, not counted), Ada 10 s (after 20 s
    under the curtain, not counted either): Ada buys first. Ada's screen shows neither
    Mei's hand nor her word, and not even that she announced (Ada's clock is short of it)."""
    app, session, scene = table(2, 2)
    draft_by_keys(app, session, scene)
    assert scene.viewer == 0 and scene.together.announcing()                  # the last picker spells at once
    set_hand(scene, 0, A_HAND)
    advance(app, 30)
    assert texts(app)[0].endswith("0:30")                            # the clock in the banner
    assert 0 < scene.timer_in() <= 1.0 and 0 < scene.wake_after() <= 1.0   # the loop wakes once a second,
    assert not scene.animating()                                     # and sleeps in between
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    advance(app, 50)                                                 # paused: the table is not updated
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    type_text(app, "terns")
    key(app, pygame.K_RETURN)
    assert announced(session, 0)["ms"] == 30_000
    # the curtain for Ada: nothing of the table is drawn beneath it, its time not counted
    assert isinstance(app.stack.top, HandoffCurtain) and scene.viewer is None
    drawn = scene.draws
    advance(app, 20)
    assert scene.draws == drawn
    lift(app, 1)
    assert scene.viewer == 1 and scene.together.spent() == 0.0
    set_hand(scene, 1, B_HAND)
    advance(app, 10)
    shown = texts(app)
    assert not any("TERNS" in s for s in shown)                      # Mei's word: nowhere
    assert [c for c, _ in scene.places.hand] == session.view(1)["hand"]   # the hand drawn is Ada's
    mei = i18n.t("paperback.ui.sim.spelling")
    assert mei in shown and not any("Mei announces" in s for s in shown)   # at Ada's 10 s Mei still spells
    type_text(app, "rats")
    key(app, pygame.K_RETURN)
    assert announced(session, 1)["ms"] == 10_000
    sim = session.view(None)["simultaneous"]
    assert sim["revealed"] and sim["buy_order"] == [1, 0]
    assert scene.viewer == 1 and scene.buying()                      # Ada buys first, still at the screen
    with record_text() as blits:
        redraw(app)
    ys = {b.text: b.rect.y for b in blits}
    assert i18n.t("paperback.ui.sim.buy_title") in ys and ys["RATS"] < ys["TERNS"]   # the reveal, in buy order
    key(app, pygame.K_RETURN)                                        # Ada buys nothing
    lift(app, 0)                                                     # Mei's buy: her hand after the curtain
    assert scene.viewer == 0 and scene.buying()


def test_the_clock_waits_while_the_word_played_before_is_still_up():
    """A round can open while the last bot's word is still shown to be read (the table's
    hold): those seconds are not the person's spelling time."""
    app, session, scene = table(2, 1)
    draft_by_keys(app, session, scene)
    assert scene.viewer == 0 and scene.together.announcing()
    scene.hold = 2.0
    advance(app, 1.5)
    assert scene.together.spent_ms() == 0 and scene.hold > 0
    advance(app, 3.5)                  # the last 0.5 s of the hold, then 3 s of spelling
    assert scene.hold == 0 and scene.together.spent_ms() == 3_000


def test_a_hand_and_a_secret_word_are_never_drawn_under_the_curtain_or_for_the_other_person():
    app, session, scene = table(2, 2, seed=5)
    draft_by_keys(app, session, scene)
    set_hand(scene, 0, A_HAND)
    set_hand(scene, 1, B_HAND)
    type_text(app, "terns")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HandoffCurtain)
    with record_text() as blits:                                     # the curtain alone is drawn
        redraw(app)
    assert not any("TERNS" in b.text for b in blits) and scene.viewer is None
    drawn = scene.draws
    advance(app, 2)
    assert scene.draws == drawn                                      # the table is not drawn at all
    lift(app, 1)
    advance(app, 45)                                                 # past Mei's time: now Ada sees she announced
    shown = texts(app)
    assert not any("TERNS" in s for s in shown)
    assert any(s.startswith("Announced #1") for s in shown)          # who and when, never what
    assert any("Mei announces after" in s for s in shown)
    hand = session.view(1)["hand"]
    assert scene.view["hand"] == hand and session.view(0)["hand"] != hand


def test_bots_announce_at_once_and_the_buy_order_follows_their_times():
    app, session, scene = table(3, 1, seed=4)
    draft_by_keys(app, session, scene)
    step_until(app, lambda: len(session.view(None)["simultaneous"]["announced"]) == 2)
    assert scene.together.spent() == 0.0                                       # no real waiting: the bots took 0 s of clock
    times = {e["seat"]: e["ms"] for e in session.events if e["type"] == "announced"}
    first, second = sorted(times, key=times.get)
    assert times[first] < times[second]
    assert texts(app).count(i18n.t("paperback.ui.sim.spelling")) == 3      # nobody shown yet: your clock is at 0
    advance(app, times[first] / 1000 - 0.1)
    assert texts(app).count(i18n.t("paperback.ui.sim.spelling")) == 3      # a tenth of a second short of it
    advance(app, 0.1)
    shown = texts(app)
    assert i18n.t("paperback.ui.sim.announced", n=1, secs=secs(times[first])) in shown
    assert shown.count(i18n.t("paperback.ui.sim.spelling")) == 2 and scene.timer_in() <= 1.0
    advance(app, times[second] / 1000 - scene.together.spent() + 2)
    mine = round(scene.together.spent() * 1000)
    pass_turn(app, scene)
    assert announced(session, 0)["ms"] == mine
    order = session.view(None)["simultaneous"]["buy_order"]
    assert order == sorted(range(3), key=lambda s: {**times, 0: mine}[s])


# ---- the reveal, the vote and the word laid again -----------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_refused_word_is_laid_again_and_buys_last_and_every_screen_fits(lang, size):
    """Mei proposes TRNS in 5 s, Ada spells RATS in 20 s, the bot Bo its own time; Ada
    refuses TRNS; Mei lays TERNS again and buys last though she was fastest."""
    app, session, scene = table(3, 2, seed=6, size=size, lang=lang)
    fits(app, "draft", size)
    draft_by_keys(app, session, scene)
    scene.bots.paused = True                                          # Bo announces when we let him
    set_hand(scene, 0, A_HAND)
    advance(app, 5)
    type_text(app, "trns")
    fits(app, "spelling, the clock running", size)
    assert button(scene, "propose").enabled
    click(app, button(scene, "propose").rect.center)
    assert announced(session, 0)["ms"] == 5_000 and announced(session, 0)["kind"] == "propose"
    lift(app, 1)
    set_hand(scene, 1, B_HAND)
    advance(app, 20)
    type_text(app, "rats")
    key(app, pygame.K_RETURN)
    assert scene.viewer == 1 and not scene.acting                     # Bo still thinks: who has announced
    fits(app, "waiting for the others", size)
    shown = texts(app)
    assert not any("TRNS" in s for s in shown) and "RATS" in shown
    bo = PaperbackBot("hard", seed=2)                                 # Bo's moves here, in order (no thread races)
    session.submit(bo.choose(session.view(2), 2))
    redraw(app)
    assert session.view(None)["simultaneous"]["revealed"] and scene.ballot() is not None and scene.acting
    fits(app, "the vote", size)
    assert i18n.t("paperback.ui.sim.proposed", word="TRNS") in texts(app)      # the reveal: put to the vote
    key(app, pygame.K_n)                                              # Ada refuses it
    if 2 in session.to_act():
        session.submit(bo.choose(session.view(2), 2))
    redraw(app)
    if isinstance(app.stack.top, HandoffCurtain):
        lift(app, 0)
    assert scene.viewer == 0 and scene.together.replacing()
    assert scene.info_line[0] == i18n.t("paperback.ui.sim.replace_refused")
    fits(app, "laying a word again", size)
    refused = i18n.t("paperback.ui.sim.refused", word="TRNS")
    assert any(refused in line for line in texts(app))                # Mei's line: her word refused
    assert not button(scene, "propose").enabled                       # no second proposal
    key(app, pygame.K_DELETE)                                         # TRNS off the table
    type_text(app, "terns")
    key(app, pygame.K_RETURN)
    relaid = session.events[-1] if session.events[-1]["type"] == "announced" else next(
        e for e in session.events if e["type"] == "announced" and e.get("open"))
    assert relaid["seat"] == 0 and relaid["entry"]["word"] == "terns" and "ms" not in relaid
    scene.bots.paused = False                                         # Bo buys by himself
    sim = session.view(None)["simultaneous"]
    assert sim["buy_order"][-1] == 0 and sim["refused"] == [0]
    assert sim["buy_order"][:2] == sorted([1, 2], key=lambda s: announced(session, s)["ms"])
    step_until(app, lambda: scene.buying() or isinstance(app.stack.top, HandoffCurtain))
    if isinstance(app.stack.top, HandoffCurtain):
        lift(app, 1)
    fits(app, "a buy, the buy order beside", size)
    shown = texts(app)
    assert i18n.t("paperback.ui.sim.replaced", word="TERNS") in shown      # marked: laid again, buys last


# ---- the round's end -----------------------------------------------------------------------------------------
def test_the_offer_is_replaced_at_the_round_end_and_the_first_seat_moves_on():
    app, session, scene = table(3, 1, seed=8)
    draft_by_keys(app, session, scene)
    before = session.view(0)["simultaneous"]
    assert before["round"] == 1 and before["first"] == 0
    advance(app, 3)
    pass_turn(app, scene)
    step_until(app, lambda: session.view(0)["simultaneous"]["round"] == 2 or session.outcome() is not None)
    after = session.view(0)["simultaneous"]
    replaced = [e for e in session.events if e["type"] == "offer_replaced"][-1]
    assert replaced["gone"] and not set(replaced["offer"]) & set(before["offer"])
    assert after["offer"] == replaced["offer"] and after["first"] == 1
    from scenes.paperback import describe_event
    line = describe_event(replaced, session.players)
    assert "Ada wins ties this round." in line                              # the log says so
    if replaced["dear"]:                                                    # and which dear cards left
        from scenes.common.names import names_list
        from scenes.paperback.narrate import card_name
        assert line.endswith(i18n.t("paperback.ev.dear_gone", cards=names_list([card_name(c) for c in replaced["dear"]])))
    step_until(app, scene.together.announcing)
    shown = texts(app)
    assert any(s.startswith(i18n.t("paperback.ui.sim.offer_label", round=2, n=len(after["offer"]),
                                   deck=after["market_count"])[:10]) for s in shown)
    assert i18n.t("paperback.ui.sim.spell_help", round=2, player="Ada") in shown    # Ada wins ties now
    assert scene.together.spent() == 0.0                                              # a new round, a new clock
    v = session.view(0)                      # "trashed" counts this player's own cards, not the Offer's leavings
    assert len(session.state.trash) >= 10 and v["trashed"][0] == 0
    assert i18n.t("paperback.ui.my_counts", deck=v["deck_counts"][0], discard=len(v["discards"][0]), trash=0) in shown


# ---- a whole game ---------------------------------------------------------------------------------------------------
def test_one_person_and_two_bots_play_a_whole_game_to_the_results():
    app, session, scene = table(3, 1, seed=9, level="normal")

    def act(v: dict) -> bool:
        if scene.together.drafting():
            key(app, pygame.K_1)
        elif scene.together.announcing():
            advance(app, 2)
            if lay_hint(app, scene):
                key(app, pygame.K_RETURN)
            else:
                pass_turn(app, scene)
            return True
        elif scene.together.replacing():
            pass_turn(app, scene)
        elif scene.ballot() is not None:
            key(app, pygame.K_y)
        elif scene.buying():
            fame = [f for f in v["fame_piles"] if f["count"] and f["cost"] <= v["cents"]]
            if fame:
                buy_dearest_fame(app, scene, v)
            elif v["simultaneous"]["offer"]:
                cheap = [c for c in v["simultaneous"]["offer"] if c in dict(scene.places.offer)
                         and next(f["cost"] for f in v["for_sale"] if f["id"] == c) <= v["cents"]]
                if cheap:
                    click(app, hit(scene, "market", cheap[0]).center)
            key(app, pygame.K_RETURN)
        return False

    turns = to_the_end(app, session, scene, act, most=60)
    assert turns >= 3 and any(e["type"] == "bought" and e["seat"] == 0 for e in session.events)
    step_until(app, lambda: scene.view.get("ended"))
    click(app, button(scene, "results").rect.center)
    assert isinstance(app.stack.top, ResultsScene)


# ---- the how-to page and the replay ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_how_to_page_shows_a_round_in_buy_order(lang):
    pygame.font.init()                                   # (alone, no earlier test has made an app)
    i18n.set_lang(lang)
    pages = howto_pages()
    page = next(p for p in pages if p.title == i18n.t("paperback.howto.simultaneous.title"))
    from support.fits import draw_howto_page
    blits = draw_howto_page(page, pygame.Surface((1280, 720)))
    assert_fits(blits)
    shown = [b.text for b in blits]
    assert i18n.t("paperback.ui.sim.buy_title") in shown and "1." in shown and "3." in shown


def test_the_replay_shows_a_simultaneous_game_to_the_end_and_verifies(tmp_path):
    from engine.commands.verify import EXIT_OK, check
    from engine.core.logstore import read_log
    from engine.core.replay import ReplayCursor
    players = [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES]
    session = LocalSession(RULES, 3, {"start": 0, "simultaneous": True}, 12, players, log_dir=tmp_path)
    play_on(session, {s: PaperbackBot(("easy", "normal", "hard")[s], seed=s) for s in range(3)})
    code, message = check(read_log(session.log_path, spec_for))
    assert code == EXIT_OK, message
    renderer = replay_renderer(None)
    renderer.players = players
    surface = pygame.Surface((1280, 720))
    cursor = ReplayCursor(RULES, session.header, list(session.events))
    kinds = [e["type"] for e in session.events]
    marks = {"draft": kinds.index("drafted") + 1, "announced": kinds.index("announced") + 1,
             "revealed": kinds.index("words_revealed") + 1, "end": len(kinds)}
    seen = {}
    for name, at in marks.items():
        cursor.seek(at)
        with record_text() as blits:
            renderer.draw(surface, pygame.Rect(20, 60, 860, 570), cursor.view(None))
        assert_fits(blits)
        seen[name] = [b.text for b in blits]
    assert any(s.startswith("Picked: ") for s in seen["draft"])
    assert i18n.t("paperback.ui.sim.announced_short") in seen["announced"]
    revealed = next(e for e in session.events if e["type"] == "words_revealed")
    assert i18n.t("paperback.ui.sim.buy_title") in seen["revealed"]
    assert any(str(w["word"]).upper() in seen["revealed"] for w in revealed["words"] if w["kind"] == "spell")
    assert session.view(None)["result"]["scores"] and seen["end"]
