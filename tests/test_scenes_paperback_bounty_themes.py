"""The help bounty and Themes at the Paperback table (issue 12), driven through the real
scene with synthesised input: asking for help (F3), a person typing a suggestion under the
hand-off curtain (a refused word shows the rules' reason and keeps the text), a bot
suggesting by itself, the asker laying a suggestion with one click (or its digit key) and
the suggester's cube; the theme's title, Fame and holder under the players, a listed word
saying it takes the card, a claim and its vote under the curtain (the other person's hand
never drawn beneath it), strict themes without a claim; every screen fitting in both
languages at both sizes, the how-to pages, the set-up entries, and replays of a bounty
game and a theme game drawn to the end."""
from __future__ import annotations

import pygame
import pytest

from engine.core.session import LocalSession
from engine.paperback import PaperbackRules
from scenes.common.handoff import HandoffCurtain
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.scenes import click, english_after, lift, make_app, redraw, texts  # noqa: F401 (english_after: autouse)
from tests.test_scenes_paperback import button, buy_dearest_fame, fits, key, last_event, lay_hint, pass_turn, push, reads, set_hand, step_until, to_the_end, type_text

RULES = PaperbackRules()
NAMES = ["Mei", "Ada", "Bo"]
LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
HAND = ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"]                    # with the common A: RANT, TARNS, ...
SECRET = ["L63", "L54", "L65", "L60", "s1.W1"]                     # Q J K Z: letters nobody else holds


def table(kinds, options, size=(1280, 720), lang="en", seed=4):
    app = make_app(size, lang)
    players = [{"name": NAMES[s], "kind": k, "level": "normal"} for s, k in enumerate(kinds)]
    session = LocalSession(RULES, len(kinds), {"start": 0, **options}, seed, players, log=False)
    scene = push(app, session)
    return app, session, scene


def drawn(text: str, shown: list[str]) -> bool:
    """`text` is on screen, maybe wrapped over several lines."""
    return text.replace(" ", "") in "".join(shown).replace(" ", "")


def nothing_drawn_under_the_curtain(app, scene, secret_letters) -> None:
    drawn = scene.draws
    with record_text() as blits:
        for _ in range(4):
            app.step()
    assert scene.draws == drawn                                   # the table is not drawn at all
    assert not [b.text for b in blits if b.text.strip().upper() in secret_letters]


def t(key_: str, **kw) -> str:
    return i18n.t(key_, **kw)


# ---- the help bounty ------------------------------------------------------------------------------
def test_ask_for_help_a_person_types_a_suggestion_a_bot_suggests_and_the_asker_lays_it():
    app, session, scene = table(["human", "human", "bot"], {"bounty": True})
    lift(app, 0)
    set_hand(scene, 0, HAND, common="cA")
    set_hand(scene, 1, SECRET)
    ask = button(scene, "ask_help")
    assert ask.label == "Ask for help" and ask.key_hint() == "F3"
    assert scene.places.score.contains(ask.rect)                  # in the empty ¢ panel, explained there
    assert drawn(t("paperback.ui.ask_help_about"), texts(app))
    key(app, pygame.K_F3)
    assert last_event(session, "help_asked")["hand"] == HAND and session.view(None)["phase"] == "bounty"
    # Ada suggests under the curtain: the hand shown is Mei's, and nothing is drawn beneath the curtain
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    nothing_drawn_under_the_curtain(app, scene, {"Q", "J", "K", "Z", "QU"})
    lift(app, 1)
    assert scene.helps.suggesting()
    shown = texts(app)
    assert t("paperback.ui.shown_hand", player="Mei") in shown
    assert {"T", "R", "N", "S", "L"} <= set(shown)
    type_text(app, "rantz")
    key(app, pygame.K_RETURN)                                     # refused: the reason, the text kept
    reason = t("err.paperback.suggest_word")
    assert scene.message == (reason, "error") and scene.helps.my_text == "rantz"
    shown = texts(app)
    assert drawn(reason, shown) and "RANTZ|" in shown
    assert not any(e["type"] == "suggested" and e["seat"] == 1 for e in session.events)   # (Bo may have)
    key(app, pygame.K_BACKSPACE)
    assert scene.helps.my_text == "rant" and scene.info_line[0] == t("paperback.ui.suggest_help", player="Mei")
    assert "RANT" in texts(app)                                   # its ¢ for the hand shown
    key(app, pygame.K_RETURN)
    assert [e["word"] for e in session.events if e["type"] == "suggested" and e["seat"] == 1] == ["rant"]
    # Bo, a bot, suggests by himself; then the curtain goes back to Mei
    step_until(app, lambda: isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 0)
    bot = next(e for e in session.events if e["type"] == "suggested" and e["seat"] == 2)
    assert isinstance(bot["word"], str) and len(bot["word"]) >= 2
    lift(app, 0)
    assert "ask_help" not in scene.bar                           # once a turn
    ada = button(scene, "suggestion_1")
    assert ada.label == "Ada: RANT" and ada.key_hint() == "1"
    assert button(scene, "suggestion_2").label == f"Bo: {bot['word'].upper()}"
    assert "Ada: RANT" in texts(app)
    click(app, ada.rect.center)                                   # one click fills the word row
    assert "".join(x for _, x in scene.b.slots) == "rant" and button(scene, "spell").enabled
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["bounty"] == 1
    assert t("paperback.ui.bounty_cube", player="Ada") in texts(app)       # the word says whose cube it earned
    line = t("paperback.ui.cubes_line", cubes=t("paperback.ui.cubes_of", player="Ada", n=1))
    assert line in texts(app)                                     # the suggester's cube, under the players


def test_a_suggestion_the_hand_cannot_lay_says_so_and_the_digit_key_lays_one():
    app, session, scene = table(["human", "bot"], {"bounty": True})
    set_hand(scene, 0, HAND, common="cA")
    click(app, button(scene, "ask_help").rect.center)
    step_until(app, lambda: scene.spelling())                     # the bot suggested
    session.state.bounty["suggestions"]["1"] = "quiz"             # test set-up: a word this hand lacks
    scene.refresh()
    redraw(app)
    key(app, pygame.K_1)
    assert scene.b.slots == [] and scene.message == (t("paperback.ui.suggestion_cannot", word="QUIZ"), "error")
    session.state.bounty["suggestions"]["1"] = "tarns"
    scene.refresh()
    redraw(app)
    key(app, pygame.K_1)
    assert "".join(x for _, x in scene.b.slots) == "tarns"
    assert scene.judgement()[1] is None


def test_no_suggestion_by_its_key():
    app, session, scene = table(["human", "human"], {"bounty": True})
    lift(app, 0)
    set_hand(scene, 0, HAND, common="cA")
    key(app, pygame.K_F3)
    lift(app, 1)
    assert button(scene, "no_suggestion").key_hint() == "F4"
    key(app, pygame.K_F4)
    assert last_event(session, "suggested")["word"] is None
    lift(app, 0)
    assert button(scene, "suggestion_1").label == "Ada: none" and not button(scene, "suggestion_1").enabled


# ---- themes -----------------------------------------------------------------------------------------
def theme_table(kinds, size=(1280, 720), lang="en", **options):
    app, session, scene = table(kinds, {"themes": True, **options}, size, lang)
    session.state.theme = "western"
    scene.refresh()
    return app, session, scene


def test_the_theme_is_shown_and_a_listed_word_says_it_takes_the_card():
    app, session, scene = theme_table(["human", "bot"])
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.L"], common="cA")
    western = t("paperback.theme.western")
    nobody = t("paperback.ui.theme_line", theme=western, fame=3, holder=t("paperback.ui.theme_nobody"))
    assert nobody in texts(app)
    type_text(app, "trail")                                       # the common A, a wild as I: on the list
    assert any(x.endswith(t("paperback.ui.takes_theme.joined", text="")) for x in texts(app) if x)
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["theme"] is True
    shown = texts(app)
    assert t("paperback.ui.theme_line", theme=western, fame=3,
             holder=t("paperback.ui.theme_holder", player="Mei")) in shown
    assert "claim_theme" not in scene.bar                         # a listed word needs no claim


def test_a_theme_claim_is_voted_under_the_curtain_one_person_at_a_time():
    app, session, scene = theme_table(["human", "human", "human"])
    lift(app, 0)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.L"], common="cA")
    set_hand(scene, 1, SECRET)
    type_text(app, "rant")                                        # off the Western list
    key(app, pygame.K_RETURN)
    claim = button(scene, "claim_theme")
    assert claim.key_hint() == "F3"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=claim.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert scene.info_line[0] == t("paperback.ui.claim_theme_about")
    click(app, claim.rect.center)
    assert last_event(session, "theme_proposed")["word"] == "rant"
    voters = []
    for seat in (1, 2):
        assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == seat
        nothing_drawn_under_the_curtain(app, scene, {"Q", "J", "K", "Z", "QU"})
        lift(app, seat)
        voters.append(scene.viewer)
        q = scene.ballot()
        assert q.command == "theme_vote" and q.question == t("paperback.ui.theme_vote_on", player="Mei", word="RANT",
                                                             theme=t("paperback.theme.western"))
        shown = texts(app)
        assert drawn(q.question, shown) and t("paperback.ui.fits") in shown and drawn(q.rule, shown)
        assert button(scene, "yes").label == t("paperback.ui.fits")      # the word vote's buttons, Y / N
        key(app, pygame.K_y)
    assert voters == [1, 2]
    decided = last_event(session, "theme_decided")
    assert decided["accepted"] is True and session.view(None)["theme"]["holder"] == 0
    lift(app, 0)
    assert scene.buying() and "claim_theme" not in scene.bar       # the card is Mei's now
    shown = texts(app)
    assert t("paperback.ui.takes_theme") in shown                   # the word on the table says so now
    assert drawn(t("paperback.ev.theme_accepted", word="RANT", player="Mei"), shown), " | ".join(shown)   # narrated


def test_one_no_refuses_the_claim_and_it_is_not_offered_again():
    app, session, scene = theme_table(["human", "human"])
    lift(app, 0)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.L"], common="cA")
    type_text(app, "rant")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F3)
    lift(app, 1)
    key(app, pygame.K_n)
    assert last_event(session, "theme_decided")["accepted"] is False
    lift(app, 0)
    assert scene.buying() and "claim_theme" not in scene.bar


def test_strict_themes_offer_no_claim():
    app, session, scene = theme_table(["human", "bot"], themes_strict=True)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.W1", "s0.L"], common="cA")
    western = t("paperback.theme.western")
    assert drawn(t("paperback.ui.theme_line_strict", theme=western, fame=3,
                   holder=t("paperback.ui.theme_nobody")), texts(app))      # (over two lines if need be)
    type_text(app, "rant")
    key(app, pygame.K_RETURN)
    assert scene.buying() and "claim_theme" not in scene.bar
    key(app, pygame.K_F3)
    assert session.view(None)["phase"] == "buy"                   # F3 does nothing either


# ---- everything fits, in both languages and sizes ------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_bounty_and_theme_screens_fit(lang, size):
    def check(where: str) -> None:
        with record_text() as blits:
            redraw(app)
        reads(blits, f"{where} {lang} {size}")
    app, session, scene = table(["human", "human", "human"], {"bounty": True, "themes": True, "discard_cube": True},
                                size, lang)
    session.state.theme = "western"
    lift(app, 0)
    set_hand(scene, 0, HAND, common="cA")
    check("ask")
    key(app, pygame.K_F3)
    lift(app, 1)
    type_text(app, "rantz")
    key(app, pygame.K_RETURN)
    check("suggest refused")
    key(app, pygame.K_BACKSPACE)
    check("suggest")
    key(app, pygame.K_RETURN)
    lift(app, 2)
    type_text(app, "tarns")
    key(app, pygame.K_RETURN)
    lift(app, 0)
    check("suggestions")
    key(app, pygame.K_1)
    check("suggestion laid")
    key(app, pygame.K_RETURN)
    check("claim")
    key(app, pygame.K_F3)
    lift(app, 1)
    check("theme vote")


# ---- how-to, set-up, replays -------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_how_to_pages_for_the_bounty_and_themes(lang):
    from scenes.paperback import howto_pages
    make_app(lang=lang)
    from scenes.common.howtopage import example_params
    pages = {p.title: p for p in howto_pages()}
    surface = pygame.Surface((1280, 720))
    for key_, word in (("bounty", "RANT"), ("themes", "TRAIL")):
        page = pages[t(f"paperback.howto.{key_}.title")]
        with record_text() as blits:
            page.draw(surface, pygame.Rect(40, 110, 1200, 520))
        fits(blits, f"{key_} page")
        shown = [b.text for b in blits]
        assert word in shown and t(f"paperback.howto.{key_}.note", **example_params()) in shown   # a live example


def test_the_setup_offers_bounty_and_themes_explained_in_both_languages():
    from scenes.paperback import SETUP
    entries = {o["key"]: o for o in SETUP["options"]}
    assert {"bounty", "themes", "themes_strict"} <= set(entries)
    for lang in LANGS:
        i18n.set_lang(lang)
        for k in ("bounty", "themes", "themes_strict"):
            for field in ("label", "about"):
                assert t(entries[k][field]) != entries[k][field], (lang, k, field)


@pytest.mark.parametrize("options", [{"bounty": True}, {"themes": True}], ids=["bounty", "themes"])
def test_replays_of_a_bounty_game_and_a_theme_game_render_to_the_end(options):
    from engine.core.replay import ReplayCursor
    from scenes.paperback import describe_event, replay_renderer
    from scenes.paperback.cards import cards_of
    from tests.test_scenes_paperback_options import play
    make_app()                                                    # fonts and a display, as the replay viewer has
    session = play(options, 3)
    kinds = {e["type"] for e in session.events}
    assert {"help_asked", "suggested"} <= kinds if "bounty" in options else {"theme_proposed", "theme_decided"} <= kinds
    cursor = ReplayCursor(RULES, session.header, list(session.events))
    renderer = replay_renderer(None)
    renderer.players = [{"name": n} for n in NAMES]
    for lang in LANGS:
        i18n.set_lang(lang)
        for size in SIZES:
            surface = pygame.Surface(size)
            marks = [i + 1 for i, e in enumerate(session.events)        # just after each of these
                     if e["type"] in ("help_asked", "suggested", "theme_decided")]
            for i in marks[:4] + [len(cursor)]:
                cursor.seek(i)
                view = cursor.view(None)
                with record_text() as blits:
                    renderer.draw(surface, pygame.Rect(0, 0, *size), view)
                fits(blits, f"replay {options} {lang} {size} at {i}")
                if session.events[i - 1]["type"] == "help_asked":          # its hand, shown to all
                    shown = [b.text for b in blits]
                    assert t("paperback.ui.shown_hand_seat") in shown
                    box = cards_of(view)
                    assert {box[c].letters.upper() for c in view["bounty"]["hand"] if box[c].letters} <= set(shown)
                if "themes" in options and not view.get("ended"):       # the theme line, throughout
                    title = t(f"paperback.theme.{view['theme']['id']}")
                    assert any(title in b.text for b in blits)
            for ev in session.events:
                assert describe_event(ev, renderer.players)


# ---- a whole game ------------------------------------------------------------------------------------
def test_one_person_plays_a_whole_bounty_and_theme_game_against_bots_to_the_end():
    """Every turn: ask for help, lay the first suggestion that the hand can lay (else the
    hint's best word, else pass), spell, claim the theme when offered, buy the dearest
    Fame it can; the game ends and the final table is drawn."""
    app, session, scene = table(["human", "bot"], {"bounty": True, "themes": True}, seed=11)
    played = {"claims": 0, "laid": 0}

    def act(v: dict) -> bool:
        if v["phase"] == "spell" and "ask_help" in scene.bar:
            key(app, pygame.K_F3)
            step_until(app, lambda: scene.spelling())              # the bot suggested
        elif v["phase"] == "spell":
            if scene.helps.suggestions()[0][1]:
                key(app, pygame.K_1)                                # the bot's suggestion, laid
            if scene.b.slots and button(scene, "spell").enabled:
                played["laid"] += 1
            else:
                scene.clear()
                lay_hint(app, scene)
            if scene.b.slots and button(scene, "spell").enabled:
                key(app, pygame.K_RETURN)
            else:
                pass_turn(app, scene)
        elif v["phase"] == "buy":
            if "claim_theme" in scene.bar:
                played["claims"] += 1
                key(app, pygame.K_F3)
                step_until(app, lambda: scene.acting)               # the bot voted
                return False
            buy_dearest_fame(app, scene, v)
            key(app, pygame.K_RETURN)
            return True
        return False

    to_the_end(app, session, scene, act, most=200)
    step_until(app, lambda: scene.view.get("ended"))
    assert played["laid"] and played["claims"]                      # both options were played
    kinds = {e["type"] for e in session.events}
    assert {"help_asked", "suggested", "theme_proposed", "theme_decided"} <= kinds
    with record_text() as blits:
        redraw(app)
    fits(blits, "final")
    assert "results" in scene.bar
