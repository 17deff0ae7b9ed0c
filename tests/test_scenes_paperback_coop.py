"""Paperback's co-operative pyramid at the table (options `coop`, `coop_cubes`): the
pyramid drawn where the Fame piles are, only uncovered cards bought, the cube of a turn
that buys nothing placed by click or by key (the rules' choice preselected), a loss at 5
and at 4 cubes, a win, the results' wording in both languages, every screen fitting."""
from __future__ import annotations

import pygame
import pytest

from engine.core.session import LocalSession
from engine.paperback import PaperbackRules
from engine.paperback.coop import cube_target
from scenes.common.results import ResultsScene
from scenes.paperback import describe_event
from scenes.paperback.replayview import ReplayRenderer
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.scenes import click, english_after, make_app, redraw, texts  # noqa: F401  (english_after: autouse)
from tests.test_every_game import NAMES
from tests.test_scenes_paperback import button, fits, hit, reads, key, last_event, lay_hint, push, set_hand, step_until, to_the_end, type_text

RULES = PaperbackRules()
HATS = ["L20", "L36", "L37", "L15", "s0.W1"]          # HATS with the common E: 13¢


def coop_table(limit: int = 5, size=(1280, 720), lang="en", seats: int = 2):
    app = make_app(size, lang)
    players = [{"name": NAMES[s], "kind": "human" if s == 0 else "bot", "level": "normal"} for s in range(seats)]
    session = LocalSession(RULES, seats, {"start": 0, "coop": True, "coop_cubes": limit}, 4, players, log=False)
    scene = push(app, session)
    set_hand(scene, 0, HATS, common="cE")
    return app, session, scene


def place_of(scene, cid: str) -> pygame.Rect:
    rows = scene.view["coop"]["rows"]
    return next(r for (i, j), r in scene.places.pyramid if rows[i][j] == cid)


def says(shown: list[str], text: str) -> bool:
    """`text` drawn, perhaps wrapped over lines (English breaks at spaces, Chinese anywhere)."""
    return text in shown or text in " ".join(shown) or text in "".join(shown)


def spell_hats(app, scene) -> None:
    type_text(app, "hats")
    key(app, pygame.K_RETURN)
    assert scene.buying() and scene.view["cents"] == 13


def test_the_pyramid_stands_for_the_fame_piles_and_covered_cards_take_no_click():
    app, session, scene = coop_table()
    shown = texts(app)
    assert shown.count(i18n.t("paperback.ui.pyramid.cubes", n=0, limit=5)) == 10      # ten cards, no cubes yet
    assert i18n.t("paperback.ui.pyramid.limit", n=5) in shown
    assert i18n.t("paperback.ui.market.fame") not in shown                         # no Fame piles
    assert len(scene.places.pyramid) == 10 and not scene.places.fame
    spell_hats(app, scene)
    market = {key_ for kind, key_, _ in scene.hits if kind == "market"}
    assert {"f5.1", "f5.2", "f5.3", "f5.4"} <= market
    assert not market & {"f8.1", "f8.2", "f8.3", "f11.1", "f11.2", "f17.1", "f5", "f8"}
    click(app, place_of(scene, "f8.1").center)                                     # covered: nothing
    assert scene.b.basket == []
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=place_of(scene, "f8.1").center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step()
    assert scene.info_line[0] == i18n.t("paperback.ui.pyramid.covered",
                                        card=i18n.t("paperback.ui.pyramid.card", cost=8, n=0, limit=5))
    click(app, hit(scene, "market", "f5.1").center)
    click(app, hit(scene, "market", "f5.2").center)                                # 10¢ of 13
    assert scene.b.basket == ["f5.1", "f5.2"]
    click(app, hit(scene, "market", "f5.3").center)                                # 15¢: too dear
    assert scene.b.basket == ["f5.1", "f5.2"] and scene.message[1] == "error"
    key(app, pygame.K_RETURN)
    assert last_event(session, "bought")["cards"] == ["f5.1", "f5.2"]
    assert "f8.1" in session.view(0)["coop"]["uncovered"]                          # bought free
    assert not any(e["type"] == "cube_placed" for e in session.events)             # a purchase: no cube


def test_a_pass_asks_where_its_cube_goes_by_click_and_by_key():
    app, session, scene = coop_table()
    session.state.coop_cubes.update({"f5.1": 1})
    scene.refresh()
    click(app, button(scene, "pass").rect.center)
    assert scene.pyramid.cube_choosing() and not any(e["type"] == "passed" for e in session.events)
    rules_choice = cube_target(session.state)
    assert scene.b.cube == rules_choice == "f5.2"                                  # preselected: the rules' own
    card = i18n.t("paperback.ui.pyramid.card", cost=5, n=1, limit=5)
    assert scene.info_line[0] == i18n.t("paperback.ui.cube_help", card=card, why=i18n.t("paperback.ui.cube_rules"))
    assert scene.info_line[0] in texts(app)
    assert {k for k, _, _ in scene.hits} == {"cube"}                               # only the pyramid takes a click
    assert {c for _, c, _ in scene.hits} == set(session.view(0)["coop"]["uncovered"])
    type_text(app, "h")                                                            # no letter is laid meanwhile
    assert scene.b.slots == []
    click(app, place_of(scene, "f8.1").center)                                     # covered: stays
    assert scene.b.cube == "f5.2"
    click(app, hit(scene, "cube", "f5.4").center)
    assert scene.b.cube == "f5.4" and i18n.t("paperback.ui.cube_yours") in scene.info_line[0]
    key(app, pygame.K_TAB)                                                         # Tab: the next uncovered card
    assert scene.b.cube == "f5.1"
    key(app, pygame.K_LEFT)
    assert scene.b.cube == "f5.4"
    key(app, pygame.K_ESCAPE)                                                      # back to the word
    assert not scene.pyramid.cube_choosing() and "spell" in {b.name for b in scene.bar}
    click(app, button(scene, "pass").rect.center)
    key(app, pygame.K_RIGHT)                                                       # f5.2 -> f5.3
    key(app, pygame.K_RETURN)
    assert last_event(session, "passed")["seat"] == 0
    assert last_event(session, "cube_placed")["card"] == "f5.3" and session.state.coop_cubes["f5.3"] == 1


def test_buying_nothing_asks_for_the_cube_too_all_by_keyboard():
    app, session, scene = coop_table()
    spell_hats(app, scene)
    key(app, pygame.K_RETURN)                                                      # Buy nothing: the cube first
    assert scene.pyramid.cube_choosing() and scene.b.cube == "f5.1"
    assert button(scene, "cube").label == i18n.t("paperback.ui.cube_place")
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert last_event(session, "bought")["cards"] == []
    assert last_event(session, "cube_placed") == {**last_event(session, "cube_placed"), "seat": 0, "card": "f5.2"}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("limit", [5, 4])
def test_a_card_full_of_cubes_loses_for_the_table(limit, lang):
    app, session, scene = coop_table(limit, lang=lang)
    session.state.coop_cubes.update({"f5.1": limit - 2, "f5.2": limit - 1, "f5.3": limit - 1, "f5.4": limit - 1})
    scene.refresh()
    click(app, button(scene, "pass").rect.center)
    assert scene.b.cube == "f5.1"                                                  # the rules' choice: not yet full
    assert scene.info_line[1] != (255, 120, 90)
    key(app, pygame.K_RETURN)
    assert session.state.coop_cubes["f5.1"] == limit - 1 and not session.state.ended
    step_until(app, lambda: scene.acting)
    set_hand(scene, 0, HATS, common="cE")
    click(app, button(scene, "pass").rect.center)
    card = i18n.t("paperback.ui.pyramid.card", cost=5, n=limit, limit=limit)
    assert scene.info_line[0] == i18n.t("paperback.ui.cube_loses", card=card)    # it warns before it loses
    key(app, pygame.K_RETURN)
    assert session.state.ended and last_event(session, "game_ended")["reason"] == "lost"
    step_until(app, lambda: scene.view.get("ended"))
    shown = texts(app)
    assert says(shown, i18n.t("paperback.coop.lost"))                              # the final table says so
    assert shown.count(i18n.t("paperback.ui.pyramid.cubes", n=limit, limit=limit)) >= 1   # with the pyramid
    click(app, button(scene, "results").rect.center)
    assert isinstance(app.stack.top, ResultsScene)
    shown = texts(app)
    assert i18n.t("paperback.coop.headline.lost") in shown
    assert says(shown, i18n.t("paperback.coop.lost"))
    assert not any(s.startswith(i18n.t("ui.results.tiebreak", rule="")) for s in shown)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_buying_the_last_pyramid_card_wins_for_the_table(lang):
    app, session, scene = coop_table(lang=lang)
    st = session.state
    st.fame = {pid: [c for c in ids if c == "f17.1"] for pid, ids in st.fame.items()}
    scene.refresh()
    spell_hats(app, scene)
    st.cents = 17
    scene.refresh()
    scene.controls()
    click(app, hit(scene, "market", "f17.1").center)
    key(app, pygame.K_RETURN)
    assert last_event(session, "game_ended")["reason"] == "won"
    step_until(app, lambda: scene.view.get("ended"))
    assert says(texts(app), i18n.t("paperback.coop.won"))
    click(app, button(scene, "results").rect.center)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.outcome["winners"] == [0, 1]
    assert results.headline() == i18n.t("paperback.coop.headline.won")
    assert i18n.t("paperback.coop.headline.won") in texts(app)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_every_co_op_screen_fits(lang, size):
    app, session, scene = coop_table(4, size=size, lang=lang, seats=5)
    session.state.coop_cubes.update({"f5.1": 3, "f5.2": 2})
    scene.refresh()
    for where in ("spell", "cube"):
        with record_text() as blits:
            redraw(app)
        reads(blits, f"{where} {lang} {size}")
        if where == "spell":
            click(app, button(scene, "pass").rect.center)
    click(app, hit(scene, "cube", "f5.1").center)                      # the warning line: it would lose
    with record_text() as blits:
        redraw(app)
    reads(blits, f"cube loses {lang} {size}")
    key(app, pygame.K_RETURN)
    step_until(app, lambda: scene.view.get("ended"))
    for where in ("final", "results"):
        with record_text() as blits:
            redraw(app)
        reads(blits, f"{where} {lang} {size}")
        if where == "final":
            click(app, button(scene, "results").rect.center)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_log_words_the_cube_and_the_replay_draws_the_pyramid(lang):
    i18n.set_lang(lang)
    players = [{"name": n, "kind": "bot"} for n in NAMES[:3]]
    line = describe_event({"type": "cube_placed", "seat": 0, "card": "f8.2"}, players)
    assert line == i18n.t("paperback.ev.cube_placed", player=NAMES[0],
                          card=i18n.t("paperback.ui.pyramid.named", cost=8))
    session = LocalSession(RULES, 2, {"coop": True}, 4, players[:2], log=False)
    session.state.coop_cubes["f5.3"] = 2
    surface = pygame.Surface((1280, 720))
    renderer = ReplayRenderer(make_app())
    with record_text() as blits:
        renderer.draw(surface, surface.get_rect(), session.view(None))
    shown = [b.text for b in blits]
    assert shown.count(i18n.t("paperback.ui.pyramid.cubes", n=0, limit=5)) == 9
    assert i18n.t("paperback.ui.pyramid.cubes", n=2, limit=5) in shown


def test_one_person_and_a_bot_play_the_pyramid_to_its_end():
    """A person buys the dearest uncovered card the word pays for, else places the cube
    where the rules would; the bot plays with them; the game ends won or lost."""
    app = make_app()
    players = [{"name": NAMES[0], "kind": "human"}, {"name": NAMES[1], "kind": "bot", "level": "hard"}]
    session = LocalSession(RULES, 2, {"start": 0, "coop": True}, 12, players, log=False)
    scene = push(app, session)

    def act(v: dict) -> bool:
        if v["phase"] == "spell":
            if lay_hint(app, scene):
                key(app, pygame.K_RETURN)
            else:
                click(app, button(scene, "pass").rect.center)
                key(app, pygame.K_RETURN)                          # the cube where the rules put it
        elif v["phase"] == "buy":
            free = [f for f in v["for_sale"] if f["id"] in v["coop"]["uncovered"] and f["cost"] <= v["cents"]]
            if free:
                click(app, hit(scene, "market", max(free, key=lambda f: f["cost"])["id"]).center)
            key(app, pygame.K_RETURN)
            if scene.pyramid.cube_choosing():
                key(app, pygame.K_RETURN)
            return True
        return False

    to_the_end(app, session, scene, act, most=300)
    assert session.outcome().tiebreak in ("paperback.coop.won", "paperback.coop.lost")
    step_until(app, lambda: scene.view.get("ended"))
    click(app, button(scene, "results").rect.center)
    assert isinstance(app.stack.top, ResultsScene)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_how_to_page_shows_the_pyramid(lang, size):
    from scenes.paperback import howto_pages
    from tests.support.fits import cut_short, draw_howto_page
    make_app(size, lang)
    page = next(p for p in howto_pages() if p.title == i18n.t("paperback.howto.coop.title"))
    blits = draw_howto_page(page, pygame.Surface(size))
    fits(blits, f"co-op how-to {lang} {size}")
    assert not cut_short(blits)
    shown = [b.text for b in blits]
    assert i18n.t("paperback.ui.pyramid.cubes", n=3, limit=5) in shown            # the live pyramid, its cubes
    assert shown.count(i18n.t("paperback.card.cost", cost=8)) == 3


def test_the_setup_offers_coop_and_its_cubes_explained_in_both_languages():
    from scenes.paperback import SETUP
    entries = {o["key"]: o for o in SETUP["options"]}
    assert [c[0] for c in entries["coop_cubes"]["choices"]] == [5, 4]
    for lang in ("en", "zh-TW"):
        i18n.set_lang(lang)
        for k in ("coop", "coop_cubes"):
            for field in ("label", "about"):
                assert i18n.t(entries[k][field]) != entries[k][field], (lang, k, field)
        for _, label in entries["coop_cubes"]["choices"]:
            assert i18n.t(label) != label


@pytest.mark.parametrize("limit", [5, 4])
def test_a_replay_of_a_bots_co_op_game_shows_the_pyramid_to_the_end(limit):
    from engine.core.replay import ReplayCursor
    from scenes.paperback import replay_renderer
    from tests.test_scenes_paperback_options import play
    make_app()
    session = play({"coop": True, "coop_cubes": limit}, 2)
    assert session.outcome().tiebreak in ("paperback.coop.won", "paperback.coop.lost")
    cursor = ReplayCursor(RULES, session.header, list(session.events))
    renderer = replay_renderer(None)
    renderer.players = [{"name": n} for n in NAMES]
    cubes = [i + 1 for i, e in enumerate(session.events) if e["type"] == "cube_placed"]
    for lang in ("en", "zh-TW"):
        i18n.set_lang(lang)
        for size in [(1280, 720), (960, 540)]:
            surface = pygame.Surface(size)
            for i in cubes[:2] + [len(cursor)]:
                cursor.seek(i)
                view = cursor.view(None)
                with record_text() as blits:
                    renderer.draw(surface, pygame.Rect(0, 0, *size), view)
                fits(blits, f"co-op replay {lang} {size} at {i}")
                n = view["coop"]["cubes"].get(session.events[i - 1].get("card"), 0)
                if session.events[i - 1]["type"] == "cube_placed":             # the cube just placed, drawn
                    assert i18n.t("paperback.ui.pyramid.cubes", n=n, limit=limit) in [b.text for b in blits]
            assert view["ended"] and view["coop"]                              # the last frame: the final table
