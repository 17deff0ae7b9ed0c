"""Paperback on screen, driven through the real scene with synthesised input: a whole game
against bots to the results screen (keyboard and mouse), spelling with a wild typed in,
a two-letter card, the Q as QU and the top common, dragging a card into the word, the
live ¢ itemisation equal to the engine's, buying within the ¢, trashing in place, a word
proposed to the table, hot-seat between two people (the curtain rises and nothing of the
other's hand is drawn), and every screen fitting its boxes in both languages at both
sizes with 2 and 5 seats."""
from __future__ import annotations

import copy
import functools
import time

import pygame
import pytest

from engine.core.session import LocalSession
from engine.paperback.content import content
from engine.paperback.finder import COMMON
from engine.paperback.rules import PaperbackRules
from engine.paperback.scoring import score
from scenes.common.confirm import Confirm
from scenes.common.handoff import HandoffCurtain
from scenes.common.results import ResultsScene
from scenes.paperback import describe_event, howto_pages, replay_renderer, score_series
from scenes.paperback.cards import cards_of
from scenes.paperback.cents import item_lines
from scenes.paperback.table import PaperbackScene
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import unreadable
from support.scenes import click, english_after, make_app, redraw  # noqa: F401 (english_after: autouse)

NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve"]
LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
RULES = PaperbackRules()


def make_session(seats=3, humans=1, seed=3, **options) -> LocalSession:
    players = [{"name": NAMES[i], "kind": "human" if i < humans else "bot", "level": "normal"}
               for i in range(seats)]
    return LocalSession(RULES, seats, {"start": 0, **options}, seed, players, log=False)


def push(app, session) -> PaperbackScene:
    scene = PaperbackScene(app, session)
    app.stack.push(scene)
    app.step()
    return scene


def set_hand(scene: PaperbackScene, seat: int, ids: list[str], common: str | None = None) -> None:
    """Test set-up: give `seat` exactly these cards (taken from wherever they lie; its old
    hand goes under its deck) and put `common` on top of the track."""
    st = scene.session.state
    for cid in ids:
        for pile in list(st.piles.values()) + st.decks + st.hands + st.discards:
            if cid in pile:
                pile.remove(cid)
        for pid, f in st.front.items():
            if f == cid:
                st.front[pid] = st.piles[pid].pop(0) if st.piles[pid] else None
    st.decks[seat].extend(st.hands[seat])
    st.hands[seat] = list(ids)
    if common is not None:
        st.commons.remove(common)
        st.commons.insert(0, common)
    scene.refresh()
    redraw(scene.app)


def key(app, k, uni="", mod=0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=uni))
    app.step()


def type_text(app, text: str) -> None:
    for c in text:
        key(app, ord(c), c)


def button(scene, name: str):
    return next(b for b in scene.bar if b.name == name)


def pass_turn(app, scene) -> None:
    """A person passes: Pass, then Pass again in the question it asks."""
    click(app, button(scene, "pass").rect.center)
    assert isinstance(app.stack.top, Confirm)
    click(app, app.stack.top.widgets["yes"].rect.center)
    app.step()                                                # (pygame_gui posts the press: one more frame)


def hit(scene, kind: str, key_: str):
    return next(r for k, x, r in scene.hits if k == kind and x == key_)


def step_until(app, done, timeout: float = 60.0) -> None:
    """Frames until `done()` (bots and hints think in threads: between frames the loop
    sleeps as the app's does, until their thread wakes it; the timeout is only a safety net)."""
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        app.step()
        app.idle(limit=0.05)
    assert done()


def lay_hint(app, scene) -> bool:
    """A person asks for the hint (F2: the finder runs off the frame loop) and lays its best
    word with a click; False when the hand makes no word."""
    key(app, pygame.K_F2)
    step_until(app, lambda: scene.b.hints is not None)
    if not scene.b.hints:
        return False
    click(app, button(scene, "hint_0").rect.center)
    return True


def to_the_end(app, session, scene, act, most: int) -> int:
    """A person plays a whole game: frames until they are to act, then `act(view)` acts
    for them (True when that ended a turn), until the game is over; the turns played
    (fewer than `most`)."""
    turns = 0
    while True:
        step_until(app, lambda: session.outcome() is not None or scene.acting)
        if session.outcome() is not None:
            return turns
        turns += bool(act(scene.view))
        assert turns < most


def buy_dearest_fame(app, scene, view) -> None:
    """Put the dearest Fame card the word pays for in the basket (if any)."""
    fame = [f for f in view["fame_piles"] if f["count"] and f["cost"] <= view["cents"]]
    if fame:
        click(app, hit(scene, "market", max(fame, key=lambda f: f["cost"])["id"]).center)


def drag(app, start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def last_event(session, kind: str) -> dict:
    return next(e for e in reversed(session.events) if e["type"] == kind)


# ---- spelling ------------------------------------------------------------------------------------------
def test_typing_a_word_with_a_wild_and_a_two_letter_card():
    app = make_app()
    session = make_session(3, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.T", "D01", "s0.W1", "s0.S", "s0.R"], common="cA")
    type_text(app, "terns")            # T, then ER as a unit (its R typed through), a wild as N, S
    assert scene.b.slots == [("s0.T", "t"), ("D01", "er"), ("s0.W1", "n"), ("s0.S", "s")]
    assert button(scene, "spell").enabled
    with record_text() as blits:
        redraw(app)
    assert any("TERNS" in b.text for b in blits)
    key(app, pygame.K_RETURN)
    ev = last_event(session, "spelled")
    assert ev["word"] == "terns" and ev["cards"] == ["s0.T", "D01", "s0.W1", "s0.S"]
    assert ev["cents"] == 4                                  # 1 + 2 + a wild's 0 + 1
    assert session.view(0)["phase"] == "buy"


def test_typing_a_word_whose_letters_ran_out_lays_it_again_as_the_finder_would():
    """T, a wild, R, a wild, ON and the common O: typing THRONE takes the common for O and
    a wild for N, so E finds no card; the letters typed so far are laid again as the finder
    lays them (ON as a unit, the wilds as H and E), and the word spells."""
    app = make_app()
    session = make_session(3, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.T", "s0.W1", "s0.R", "s0.W2", "D06"], common="cO")
    type_text(app, "thron")
    assert scene.b.slots[3] == (COMMON, "o")                # (the common taken for O, a wild for N)
    type_text(app, "e")
    assert "".join(text for _, text in scene.b.slots) == "throne"
    assert ("D06", "on") in scene.b.slots and scene.message is None
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "throne"


def test_typing_past_a_pair_taken_for_its_first_letter_lays_the_word_again():
    """B, ES, E, S, a wild: typing BESETS takes E, S, then ES for the second E, and T is
    not its S; the word is laid again as the finder lays it (ES for the first E and S, the
    wild as T) and spells."""
    app = make_app()
    session = make_session(3, 1)
    scene = push(app, session)
    es = next(k for k, c in scene.session.state.cards.items() if c.letters == "es")
    b = next(k for k, c in scene.session.state.cards.items() if c.letters == "b")
    e = next(k for k, c in scene.session.state.cards.items() if c.letters == "e" and not k.startswith("c"))
    set_hand(scene, 0, [es, b, e, "s0.W1", "s0.S"], common="cA")
    type_text(app, "besets")
    assert "".join(text for _, text in scene.b.slots) == "besets" and scene.message is None
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "besets"


def test_a_wild_clicked_in_asks_for_its_letter_and_backspace_takes_back():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.W1", "s0.T", "s0.R", "s0.N", "s0.L"], common="cA")
    click(app, hit(scene, "hand", "s0.W1").center)
    assert scene.b.asking == 0 and not button(scene, "spell").enabled
    with record_text() as blits:
        redraw(app)
    assert any(i18n.t("paperback.ui.ask_wild") in b.text for b in blits)
    type_text(app, "r")                                      # the wild is an R now, not the R card
    assert scene.b.slots == [("s0.W1", "r")] and scene.b.asking is None
    type_text(app, "at")
    assert [s for s, _ in scene.b.slots] == ["s0.W1", COMMON, "s0.T"]
    key(app, pygame.K_BACKSPACE)
    assert [s for s, _ in scene.b.slots] == ["s0.W1", COMMON]
    key(app, pygame.K_ESCAPE)                                # Esc drops the half-made word first
    assert scene.b.slots == [] and app.stack.top is scene


def test_q_as_qu_and_the_common_by_mouse_and_a_drag_into_the_word():
    app = make_app()
    session = make_session(3, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["L63", "s0.S", "s0.T", "s0.W1", "s0.R"], common="cI")
    click(app, hit(scene, "hand", "L63").center)
    assert scene.b.slots == [("L63", "q")]
    click(app, button(scene, "lay_0").rect.center)           # the Q laid as QU
    assert scene.b.slots == [("L63", "qu")]
    click(app, hit(scene, "common", COMMON).center)          # the top common, by reference
    click(app, hit(scene, "hand", "s0.S").center)
    drag(app, hit(scene, "hand", "s0.T").center, scene.places.slots[2].move(-4, 0).midleft)
    assert [s for s, _ in scene.b.slots] == ["L63", COMMON, "s0.T", "s0.S"]
    before = session.view(None)["common"]
    click(app, button(scene, "spell").rect.center)
    ev = last_event(session, "spelled")
    assert ev["word"] == "quits" and ev["cards"] == ["L63", COMMON, "s0.T", "s0.S"]
    assert ev["texts"] == ["qu", "i", "t", "s"]
    assert session.view(None)["common"] == before           # used by reference: it stays on the track


def test_the_live_cents_are_the_engines_itemised_score():
    app = make_app()
    session = make_session(3, 1)
    scene = push(app, session)
    hand = ["L20", "L36", "L37", "L15", "s0.W1"]              # H, A (double_adj), T (double_adj), S (last:2)
    set_hand(scene, 0, hand, common="cE")
    type_text(app, "hats")
    box = cards_of(scene.view)
    expected = score([(box[c], text, False) for c, text in scene.b.slots], common_bonus=content().common_bonus,
                     itemise=True)
    shown, refusal = scene.judgement()
    assert refusal is None and shown == expected and shown.cents == 13
    with record_text() as blits:
        redraw(app)
    texts = [b.text for b in blits]
    for label, cents in item_lines(scene.view, expected.items):
        assert any(label in x for x in texts), label
        assert i18n.t("paperback.ui.cents_signed", cents=f"{cents:+d}") in texts
    assert i18n.t("paperback.ui.total", cents=13) in texts
    key(app, pygame.K_RETURN)
    ev = last_event(session, "spelled")
    assert ev["cents"] == expected.cents and [tuple(i) for i in ev["items"]] == list(expected.items)


def test_an_unknown_word_is_refused_live_and_may_be_proposed():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.W2"], common="cA")
    type_text(app, "trnq")
    shown, refusal = scene.judgement()
    assert refusal is not None and refusal.code == "err.paperback.unknown_word"
    assert not button(scene, "spell").enabled and button(scene, "propose").enabled
    click(app, button(scene, "propose").rect.center)
    assert session.view(None)["phase"] == "vote"
    step_until(app, lambda: session.view(None)["phase"] != "vote")    # the bot votes off the frame loop
    assert "trnq" in session.view(None)["refused_words"]
    assert scene.viewer == 0 and scene.b.slots                # the word stays built for its owner


def test_trash_from_the_hand_is_chosen_in_place():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["L39", "s0.T", "s0.W1", "s0.R", "s0.L"], common="cA")   # L39: N, trash_hand:1
    type_text(app, "ant")
    assert "trash_s0.R" in scene.bar and "trash_s0.T" not in scene.bar
    click(app, button(scene, "trash_s0.R").rect.center)
    assert scene.b.trash == ["s0.R"]
    click(app, button(scene, "trash_s0.L").rect.center)       # one card at most: the L is not taken
    assert scene.b.trash == ["s0.R"]
    key(app, pygame.K_RETURN)
    ev = last_event(session, "spelled")
    assert ev["word"] == "ant" and ev["trash"] == ["s0.R"]
    assert "s0.R" not in session.view(0)["hand"]


def test_trash_from_the_offer_is_chosen_on_the_market():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.N", "L30", "s0.T", "s0.W1", "s0.R"], common="cA")   # L30: U, trash_offer:1
    assert not [h for h in scene.hits if h[0] == "market"]      # no word yet: the market is not clickable
    type_text(app, "nut")
    offer = {o["pile"]: o for o in session.view(0)["offer"]}
    first, second = offer["p5"]["front"], offer["p6"]["front"]
    click(app, hit(scene, "market", first).center)
    click(app, hit(scene, "market", second).center)             # one at most: the second is not taken
    assert scene.b.trash_offer == [first]
    with record_text() as blits:
        redraw(app)
    assert i18n.t("paperback.ui.mark.trash") in {b.text for b in blits}
    key(app, pygame.K_RETURN)
    assert last_event(session, "offer_trashed")["cards"] == [first]
    assert first not in [c for o in session.view(0)["offer"] for c in (o["front"], o["top"])]


# ---- buying -----------------------------------------------------------------------------------------------
def test_a_word_spelled_against_bots_may_be_taken_back():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.W2"], common="cA")
    type_text(app, "ran")
    key(app, pygame.K_RETURN)
    assert session.view(0)["phase"] == "buy" and button(scene, "undo").enabled
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert session.view(0)["phase"] == "spell" and "s0.R" in session.view(0)["hand"]
    key(app, pygame.K_RETURN)                                # nothing built: Enter does nothing
    assert session.view(0)["phase"] == "spell"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_pass_asks_first_and_a_stray_or_double_click_does_not_pass(lang, size):
    app = make_app(size, lang)
    session = make_session(2, 1)
    scene = push(app, session)
    pass_ = button(scene, "pass")
    click(app, pass_.rect.center)                             # one click: a question, no pass
    dialog = app.stack.top
    assert isinstance(dialog, Confirm) and session.view(0)["phase"] == "spell"
    assert not any(pass_.rect.colliderect(w.rect) for w in dialog.widgets.values())
    with record_text() as blits:
        redraw(app)
    fits(blits, f"pass question {lang} {size}")
    question = i18n.t("paperback.ui.pass_question")
    assert any(b.text and question.startswith(b.text) for b in blits)       # (wrapped to its box)
    click(app, pass_.rect.center)                             # the second click of a double click
    assert app.stack.top is dialog and session.view(0)["phase"] == "spell"
    key(app, pygame.K_ESCAPE)                                 # Esc: keep spelling
    assert app.stack.top is scene and session.view(0)["phase"] == "spell"
    assert not any(e["type"] == "passed" for e in session.events)
    click(app, pass_.rect.center)
    key(app, pygame.K_RETURN)                                 # Enter on "Keep spelling" (it has the focus)
    assert app.stack.top is scene and not any(e["type"] == "passed" for e in session.events)
    pass_turn(app, scene)
    assert last_event(session, "passed")["seat"] == 0


def test_the_hints_first_word_is_one_a_person_knows():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.S", "s0.L"], common="cI")
    assert lay_hint(app, scene)                                     # the first hint, laid with a click
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "list"        # LIST 4¢, before TIRLS 5¢ (second)


def test_buying_within_the_cents():
    app = make_app()
    session = make_session(2, 1)
    scene = push(app, session)
    set_hand(scene, 0, ["L20", "L36", "L37", "L15", "s0.W1"], common="cE")
    type_text(app, "hats")
    key(app, pygame.K_RETURN)
    v = session.view(0)
    assert v["phase"] == "buy" and v["cents"] == 13
    click(app, hit(scene, "market", "f8").center)            # 8¢ of 13
    assert scene.b.basket == ["f8"]
    offer = {o["pile"]: o for o in v["offer"]}
    dear = offer["p7"]["front"]                               # 7¢: more than the 5¢ left
    click(app, hit(scene, "market", dear).center)
    assert scene.b.basket == ["f8"] and scene.message and scene.message[1] == "error"
    cheap = offer["p4"]["front"]
    click(app, hit(scene, "market", cheap).center)
    assert scene.b.basket == ["f8", cheap]
    with record_text() as blits:
        redraw(app)
    assert any(i18n.t("paperback.ui.buy", cost=12, left=1) in b.text for b in blits)
    click(app, hit(scene, "market", cheap).center)           # a second click puts it back
    assert scene.b.basket == ["f8"]
    click(app, hit(scene, "market", cheap).center)
    key(app, pygame.K_RETURN)
    ev = last_event(session, "bought")
    assert ev["spent"] == 12 <= 13 and ev["seat"] == 0 and cheap in ev["cards"]


# ---- a whole game -------------------------------------------------------------------------------------------
def test_one_person_plays_a_whole_game_against_bots_to_the_results():
    app = make_app()
    session = make_session(2, 1, seed=11)
    scene = push(app, session)

    def act(v: dict) -> bool:
        if v["phase"] == "spell":
            if lay_hint(app, scene):
                assert button(scene, "spell").enabled
                key(app, pygame.K_RETURN)
            else:
                pass_turn(app, scene)
        elif v["phase"] == "buy":
            buy_dearest_fame(app, scene, v)
            key(app, pygame.K_RETURN)
            return True
        return False

    to_the_end(app, session, scene, act, most=200)
    step_until(app, lambda: scene.view.get("ended"))
    assert "results" in scene.bar
    with record_text() as blits:
        redraw(app)
    result = session.view(None)["result"]
    from scenes.paperback.narrate import fame_line
    shown = [b.text for b in blits]
    for s in range(2):
        best = result["best_words"][s]
        if best:
            assert any(best["word"].upper() in b.text for b in blits)
        assert fame_line(result["fame_parts"][s]) in " ".join(shown)       # where the Fame came from (maybe wrapped)
        assert sum(result["fame_parts"][s].values()) == result["scores"][s]
    assert any(t.startswith(i18n.t(f"paperback.end.{result['reason']}")) for t in shown)   # and why it ended
    click(app, button(scene, "results").rect.center)
    assert isinstance(app.stack.top, ResultsScene)
    with record_text() as blits:                                # the results: where each one's Fame came from
        redraw(app)
    from scenes.paperback import result_note
    outcome = session.outcome().to_data()
    for s in range(2):
        assert any(b.text == result_note(outcome, s) for b in blits)


@functools.cache
def _awards_and_themes_game():
    """One seeded five-seat game with awards and themes, played once for the module (the
    results tests read it, never change it: the outcome is made anew from it each time)."""
    from engine.core.bots import play_out
    from engine.paperback.bot import PaperbackBot
    return play_out(RULES, 5, [PaperbackBot("easy", s) for s in range(5)], seed=5,
                    options={"awards": True, "themes": True})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_results_say_why_the_game_ended_and_where_each_players_fame_came_from(lang, size):
    from scenes.paperback import result_note
    session = _awards_and_themes_game()
    out = session.outcome().to_data()
    st = session.state
    for s in range(5):                                  # the parts add up to the score, card by card
        parts = out["detail"]["fame"][s]
        assert sum(parts.values()) == out["scores"][s]
        assert parts["commons"] == 5 * out["detail"]["commons"][s]
        assert parts["fame"] == sum(st.cards[c].fame for c in st.owned(s) if st.cards[c].kind == "fame")
    assert out["detail"]["reason"] == st.result["reason"]
    worst = copy.deepcopy(out)                          # every part at once, two digits each
    worst["detail"]["fame"][0] = {"wilds": 10, "fame": 88, "commons": 20, "award": 5, "theme": 3}
    names = [{"name": n} for n in ("Mei", "Ada", "Bo", "Kai", "Lin")]
    app = make_app(size, lang)
    for outcome in (out, worst):
        app.stack.push(ResultsScene(app, "paperback", {"seats": 5, "players": names}, list(session.events), outcome, None))
        with record_text() as blits:
            redraw(app)
        fits(blits, f"results {lang} {size}")
        shown = [b.text for b in blits]
        assert i18n.t(f"paperback.end.{out['detail']['reason']}") in shown        # why it ended
        for s in range(5):
            assert result_note(outcome, s) in shown
    parts = [i18n.t("paperback.results.part.wilds", n=10), i18n.t("paperback.results.part.fame", n=88),
             i18n.t("paperback.results.part.commons", n=20), i18n.t("paperback.results.part.bonus", n=8)]
    assert result_note(worst, 0) == i18n.t("paperback.results.plus").join(parts)   # award and theme as one
    none = {"detail": {"fame": [{"wilds": 0, "fame": 0, "commons": 0}]}}
    assert result_note(none, 0) == i18n.t("paperback.results.no_fame")


def test_a_bots_word_stays_up_long_enough_to_read_on_a_fake_clock():
    from scenes.paperback.table import READ_S
    app = make_app()
    app.settings.anim_speed = "normal"                         # the pauses as a person sees them
    session = make_session(2, 1, seed=7, start=1)              # the bot spells first
    scene = PaperbackScene(app, session)
    app.stack.push(scene)
    clock = 0.0
    while not any(e["type"] == "spelled" for e in session.events):
        scene.bots.wait(30)
        scene.update(0.5)                                      # a fake clock: half a second a frame
        clock += 0.5
        assert clock < 60
    assert scene.shown is not None and scene.shown["seat"] == 1 and not scene.still()
    word = scene.shown["word"].upper()
    with record_text() as blits:
        scene.draw(app.surface)
    assert any(b.text == word for b in blits) or any(word in b.text for b in blits)
    waited = 0.0
    while scene.hold > 0:
        scene.bots.wait(30)
        scene.update(0.25)
        waited += 0.25
        assert not any(e["type"] == "bought" for e in session.events)   # the bot's buy waits meanwhile
    assert waited >= READ_S * app.settings.anim_factor - 0.25
    for _ in range(20):                                        # then the bot goes on (its own pause first)
        scene.bots.wait(30)
        scene.update(0.5)
    assert any(e["type"] == "bought" for e in session.events)


def test_hot_seat_a_proposed_word_is_voted_one_person_at_a_time():
    app = make_app()
    session = make_session(3, 3, seed=4)
    scene = push(app, session)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.W2"], common="cA")
    type_text(app, "trnq")
    click(app, button(scene, "propose").rect.center)
    voters = []
    for _ in range(2):
        assert isinstance(app.stack.top, HandoffCurtain)
        voters.append(app.stack.top.seat)
        app.stack.top.armed_in = 0
        key(app, pygame.K_SPACE)
        assert scene.b.slots == []                             # the proposer's cards are not shown
        with record_text() as blits:
            redraw(app)
        assert any("TRNQ" in b.text for b in blits)
        key(app, pygame.K_y)
    assert voters == [1, 2]
    assert "trnq" in session.view(None)["accepted_words"]
    app.stack.top.armed_in = 0                                 # back to the proposer, who may spell it now
    key(app, pygame.K_SPACE)
    assert scene.viewer == 0 and [c for c, _ in scene.b.slots] == ["s0.T", "s0.R", "s0.N", "s0.W1"]
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "trnq"


# ---- hot-seat ---------------------------------------------------------------------------------------------------
def test_hot_seat_the_curtain_rises_and_nothing_of_the_other_hand_is_drawn():
    app = make_app()
    session = make_session(2, 2, seed=4)
    scene = push(app, session)
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 0
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 0
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.W2"], common="cA")
    set_hand(scene, 1, ["L63", "L54", "L65", "L60", "s1.W1"])          # Q J K Z: letters nobody else holds
    type_text(app, "ran")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                                          # buy nothing: seat 1 is next
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    drawn = scene.draws
    secret = {"Q", "J", "K", "Z", "QU"}
    with record_text() as blits:
        for _ in range(5):
            app.step()
    assert scene.draws == drawn                                        # the table is not drawn at all
    assert not [b.text for b in blits if b.text.strip().upper() in secret]
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 1 and sorted(scene.view["hand"]) == sorted(["L63", "L54", "L65", "L60", "s1.W1"])
    assert scene.b.slots == []                                         # seat 0's word stays with seat 0
    with record_text() as blits:
        redraw(app)
    texts = {b.text for b in blits}
    assert {"Q", "J", "K", "Z"} <= texts
    # seat 0's cards (now drawn anew) are nowhere: only seat 1's hand is in the hand row
    hand_rects = [r for _, r in scene.places.hand]
    assert len(hand_rects) == 5


# ---- everything fits -----------------------------------------------------------------------------------------
def fits(blits, where: str) -> None:
    bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
    assert not bad, f"{where}: text out of its box: {bad[:4]}"
    assert blits, where


def reads(blits, where: str) -> None:
    """A table screen: every text in its box, none cut short with "…" and none smaller than
    the readable minimum of the window (tests/support/fits.py `unreadable`)."""
    fits(blits, where)
    bad = unreadable(blits)
    assert not bad, f"{where}: {bad[:6]}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", (2, 5))
def test_every_screen_fits(lang, size, seats):
    app = make_app(size, lang)
    session = make_session(seats, 1, seed=2)
    scene = push(app, session)
    set_hand(scene, 0, ["L63", "L36", "L39", "s0.W1", "D01", "L15", "L66"], common="cE")
    with record_text() as blits:
        redraw(app)
    reads(blits, f"empty word {lang} {size} {seats}")
    click(app, hit(scene, "hand", "L63").center)           # Q, a toggle above it
    click(app, hit(scene, "hand", "s0.W1").center)         # a wild asking for its letter
    with record_text() as blits:
        redraw(app)
    reads(blits, f"asking {lang} {size} {seats}")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "nest")                                  # N (trash_hand) E (common) S T?: a refusal line
    with record_text() as blits:
        redraw(app)
    reads(blits, f"building {lang} {size} {seats}")
    scene.clear()
    type_text(app, "hats")                                  # not holdable: whatever the typing laid
    key(app, pygame.K_F2)
    step_until(app, lambda: scene.b.hints is not None)
    with record_text() as blits:
        redraw(app)
    reads(blits, f"hints {lang} {size} {seats}")
    click(app, button(scene, "hint_0").rect.center)         # the best word, laid for us
    assert scene.judgement()[1] is None
    with record_text() as blits:
        redraw(app)
    reads(blits, f"ready to spell {lang} {size} {seats}")
    key(app, pygame.K_RETURN)
    assert session.view(0)["phase"] == "buy"
    click(app, hit(scene, "market", "f5").center)
    pointer = hit(scene, "market", "f5").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0)))
    with record_text() as blits:
        app.step()
        redraw(app)
    reads(blits, f"buying {lang} {size} {seats}")
    key(app, pygame.K_RETURN)
    step_until(app, lambda: scene.acting or session.outcome() is not None)
    with record_text() as blits:
        redraw(app)
    reads(blits, f"after the bots {lang} {size} {seats}")
    # the end: the final table with every hand, best words and Fame
    from engine.core.bots import play_on
    play_on(session, {s: RULES_BOT(s) for s in range(seats)})
    scene.refresh()
    step_until(app, lambda: scene.view.get("ended"))
    with record_text() as blits:
        redraw(app)
    reads(blits, f"final {lang} {size} {seats}")


def RULES_BOT(seat: int):
    from engine.paperback.bot import PaperbackBot
    return PaperbackBot("easy", seat)


# ---- the plug-in ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_how_to_explains_the_common_card_and_the_length_track(lang):
    i18n.set_lang(lang)
    pages = howto_pages()
    titles = [p.title for p in pages]
    assert i18n.t("paperback.howto.common.title") in titles
    page = pages[titles.index(i18n.t("paperback.howto.common.title"))]
    surface = pygame.Surface((1280, 720))
    with record_text() as blits:
        page.draw(surface, pygame.Rect(40, 110, 1200, 520))
    fits(blits, "common page")
    texts = [b.text for b in blits]
    assert "TAN" in texts and "STARLET" in texts                # a word using it, a word long enough to claim it
    assert i18n.t("paperback.ui.track.letters", n=7) in texts   # the track's 7 / 8 / 9 / 10
    assert i18n.t("paperback.ui.track.letters", n=10) in texts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_replay_shows_the_word_as_laid_and_its_first_frame_claims_nothing(lang, size):
    from engine.core.bots import play_on
    session = make_session(3, 0, seed=5)
    play_on(session, {s: RULES_BOT(s) for s in range(3)})
    renderer = replay_renderer(None)
    renderer.players = [{"name": n} for n in NAMES[:3]]
    make_app(size, lang)
    st = PaperbackRules().initial(3, {"start": 0})

    def drawn(view) -> list:
        surface = pygame.Surface(size)
        with record_text() as blits:
            renderer.draw(surface, pygame.Rect(0, 0, *size), view)
        fits(blits, f"replay {lang} {size}")
        return [b.text for b in blits]

    first = drawn(RULES.view(st, None))                      # before the deal: nothing claimed, nothing empty
    assert i18n.t("paperback.ui.track.done") not in first and i18n.t("paperback.ui.track.not_dealt") in first
    assert i18n.t("paperback.ui.market.empty") not in first
    assert i18n.t("paperback.ui.end.commons", left=0) not in first
    ev = next(e for e in session.events if e["type"] == "spelled" and COMMON in e["cards"]
              and any(box_card.startswith("s") and ".W" in box_card for box_card in e["cards"]))
    for e in session.events[:session.events.index(ev) + 1]:
        RULES.apply(st, e)
    view = RULES.view(st, None)
    assert [c for c, _ in view["laid"]] == [st.discards[ev["seat"]][-1] if c == COMMON and ev["claimed"] else
                                             (view["common"] if c == COMMON else c) for c in ev["cards"]]
    texts = drawn(view)
    laid = [x.upper() for x in ev["texts"]]
    label = texts.index(i18n.t("paperback.ui.word_laid", player=NAMES[ev["seat"]], word=ev["word"].upper(),
                               cents=ev["cents"]))
    letters = [x for x in texts[:label] if x.isalpha()]
    assert letters[-len(laid):] == laid              # each card as laid, in order: the wilds' letters, the common


def test_replay_shows_the_table_and_every_hand_at_the_end():
    session = make_session(3, 0, seed=5)
    from engine.core.bots import play_on
    play_on(session, {s: RULES_BOT(s) for s in range(3)})
    view = session.view(None)
    renderer = replay_renderer(None)
    renderer.players = [{"name": n} for n in NAMES[:3]]
    surface = pygame.Surface((1280, 720))
    with record_text() as blits:
        renderer.draw(surface, pygame.Rect(20, 60, 860, 570), view)
    fits(blits, "replay end")
    hands = view["result"]["hands"]
    box = cards_of(view)
    letters = {box[c].letters.upper() for h in hands for c in h if not box[c].wild}
    texts = {b.text for b in blits}
    assert letters & texts
    from engine.core.replay import ReplayCursor             # a seat's view mid-game, once the game is over
    cursor = ReplayCursor(RULES, session.header, list(session.events))
    cursor.seek(len(cursor) // 2)
    mid = cursor.view(1)
    with record_text() as blits:
        renderer.draw(surface, pygame.Rect(20, 60, 860, 570), mid)
    fits(blits, "replay mid-game, seat 2's view")
    shown = {b.text for b in blits}
    assert {box[c].letters.upper() for c in mid["hand"] if not box[c].wild} <= shown
    assert i18n.t("paperback.ui.hands_hidden") not in shown
    series = score_series(session.events, 3)
    assert [s[-1] for s in series] == view["result"]["scores"]
    for ev in session.events:
        line = describe_event(ev, renderer.players, "classic")
        assert line and "_" not in line


def test_a_word_that_claimed_the_common_still_shows_that_common():
    """The track has moved on once the word claimed its common: the word on the table
    shows the claimed card in its place, not the next one."""
    from scenes.paperback.table import spelled_shown
    ev = {"seat": 0, "word": "tea", "cents": 3, "cards": ["s0.T", COMMON, "s0.W1"], "texts": ["t", "e", "a"],
          "claimed": "cE"}
    assert spelled_shown(ev)["cards"] == ["s0.T", "cE", "s0.W1"]
    assert spelled_shown({**ev, "claimed": None})["cards"] == ["s0.T", COMMON, "s0.W1"]


def test_the_finders_kept_answers_go_when_the_table_leaves():
    """The finder keeps its answers while a table plays (the bots and the hint search the
    same hands), also under the pause or a hand-over curtain; the table's leaving for good
    lets them go (kept, they held ~30 MB of a long session's memory in scattered pieces:
    bench/memory.py games_in_a_row)."""
    from engine.paperback import finder
    from engine.paperback.hand import word_choices
    from scenes.common.pause import PauseOverlay
    app = make_app()
    push(app, make_session(3, 1, seed=5))
    table = app.stack.top
    assert word_choices(table.session.view(0), limit=3)
    kept = finder._found.cache_info().currsize
    assert kept > 0
    app.stack.push(PauseOverlay(app))                  # covered: the table is coming back
    app.stack.pop()
    app.stack.push(HandoffCurtain(app, 1, "Ann"))
    app.stack.remove(app.stack.top)
    assert app.stack.top is table and finder._found.cache_info().currsize == kept
    app.stack.pop()
    assert finder._found.cache_info().currsize == 0
