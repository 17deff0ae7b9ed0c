"""Paperback's options on screen (issue 12): every event an option game makes is worded
in both languages (the table's log and the replay list)."""
from __future__ import annotations

import pytest

from engine.core.session import LocalSession
from engine.paperback import PaperbackBot, PaperbackRules
from scenes.paperback import describe_event
from tests.test_every_game import NAMES, check_sentence

RULES = PaperbackRules()


def i18n_t(key: str, **kw) -> str:
    from scenes.ui.i18n import t
    return t(key, **kw)
EVERY = {"powers": True, "attacks": True, "space_dyslexia": True, "awards": True, "discard_cube": True,
         "offer_discount": True, "vowel_reshuffle": True, "bounty": True, "themes": True}
COOP = {"coop": True, "coop_cubes": 4, "attacks": True, "powers": True, "space_dyslexia": True,
        "discard_cube": True, "offer_discount": True, "vowel_reshuffle": True, "bounty": True}
# the event types an option game makes (offer_trashed is the base game's, rare: test_every_game)
TYPES = {"set_up", "spelled", "passed", "bought", "turn_ended", "answered", "power_used",
         "help_asked", "suggested", "theme_proposed", "theme_voted", "theme_decided", "cube_placed",
         "game_ended"}


def play(options: dict, seed: int, seats: int = 3) -> LocalSession:
    """Bots play the game; besides, each seat asks for help once in a while, passes a
    turn now and then and claims the theme for a word off the list whenever it may (the
    table then votes), so the bounty's, the pass's and the theme vote's events happen too."""
    players = [{"name": NAMES[s], "kind": "bot"} for s in range(seats)]
    session = LocalSession(RULES, seats, options, seed, players, log=False)
    bots = {s: PaperbackBot(("hard", "normal", "easy")[s % 3], seed=s) for s in range(seats)}
    asked = 0
    for _ in range(20_000):
        if session.outcome() is not None:
            return session
        seat = sorted(session.to_act())[0]
        extra = [{"type": "theme_claim", "seat": seat}]
        if asked < 3 and len(session.events) % 7 == 0:
            extra.append({"type": "ask_help", "seat": seat})
        if len(session.events) % 29 == 0:
            extra.append({"type": "pass", "seat": seat})
        for cmd in extra:
            if session.check(cmd) is None:
                asked += cmd["type"] == "ask_help"
                session.submit(cmd)
                break
        else:
            session.submit(bots[seat].choose(session.view(seat), seat))
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def examples() -> list[dict]:
    seen: dict[tuple, dict] = {}
    for options in (EVERY, COOP):                   # one seeded game each makes every type
        for ev in play(options, seed=1).events:
            flags = tuple(sorted(k for k, v in ev.items() if isinstance(v, bool) and v))
            seen.setdefault((ev["type"], flags, bool(ev.get("attacks")), ev.get("reason")), ev)
    return list(seen.values())


def test_the_option_games_make_every_event_type(examples):
    assert {e["type"] for e in examples} >= TYPES
    assert any(e["type"] == "spelled" and e.get("attacks") for e in examples)
    assert {e.get("reason") for e in examples if e["type"] == "game_ended"} & {"won", "lost"}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_event_of_an_option_game_is_a_sentence(examples, lang):
    from scenes.ui import i18n
    i18n.set_lang(lang)
    try:
        players = [{"name": n, "kind": "bot"} for n in NAMES[:3]]
        for ev in examples:
            for shown in (ev, RULES.event_view(ev, None), RULES.event_view(ev, ev.get("seat"))):
                check_sentence(describe_event(shown, players), ev, lang, f"{ev['type']} ({lang})")
    finally:
        i18n.set_lang("en")


def test_the_new_lines_say_what_happened():
    from scenes.ui import i18n
    i18n.set_lang("en")
    players = [{"name": n, "kind": "bot"} for n in NAMES[:3]]
    line = describe_event({"type": "spelled", "seat": 0, "word": "cat", "cents": 4, "cards": [],
                           "attacks": ["atk_discard:1", "atk_minus:2"], "bounty": 2}, players)
    assert "discards 1 card" in line and "2¢ less" in line and "Cyd suggested it" in line
    line = describe_event({"type": "answered", "seat": 1, "discard": [], "discard_wild": ["s0.W1"],
                           "topdeck_count": 1}, players)
    assert line == "Bo answered the attack by discarding Wild and putting 1 card back on the deck."
    line = describe_event({"type": "game_ended", "seat": None, "reason": "lost", "winners": [],
                           "scores": [0, 0, 0]}, players)
    assert line == "The game is over. A pyramid card filled with cubes: everyone loses."


# ---- attacks: the respond phase at the table ------------------------------------------------
def test_attacks_each_human_victim_answers_under_the_curtain_and_bots_answer_themselves():
    import pygame
    from scenes.common.handoff import HandoffCurtain
    from scenes.ui.draw import record_text
    from support.scenes import click, make_app, redraw
    from tests.test_scenes_paperback import button, key, push, set_hand, step_until, type_text
    app = make_app()
    players = [{"name": NAMES[s], "kind": "human" if s < 2 else "bot", "level": "normal"} for s in range(3)]
    session = LocalSession(RULES, 3, {"start": 0, "attacks": True}, 4, players, log=False)
    scene = push(app, session)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 0
    set_hand(scene, 1, ["s1.T", "s1.R", "s1.W1", "s1.L", "s1.S"])
    set_hand(scene, 0, ["A08", "A01", "s0.R", "s0.W1", "s0.W2"], common="cA")    # P (put back), N (discard 1)
    type_text(app, "pan")
    key(app, pygame.K_RETURN)
    spelled = next(e for e in reversed(session.events) if e["type"] == "spelled")
    assert sorted(spelled["attacks"]) == ["atk_discard:1", "atk_topdeck"]
    assert session.view(None)["phase"] == "respond"
    # the curtain passes to the human victim; nothing of a hand is drawn beneath it
    assert isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 1
    drawn = scene.draws
    for _ in range(3):
        app.step()
    assert scene.draws == drawn
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 1 and scene.answers.answering()
    with record_text() as blits:
        redraw(app)
    help_line = scene.answers.answer_help()
    assert "Ann's attack" in help_line and "1 card to discard" in help_line
    assert any(b.text == help_line for b in blits), (help_line, scene.info_line, [b.text for b in blits])
    assert not button(scene, "answer").enabled
    click(app, button(scene, "answer_s1.T").rect.center)             # the first pick discards
    click(app, dict((c, r) for c, r in scene.places.hand)["s1.R"].center)   # a click on the card: on top
    assert scene.b.answer == {"discard": ["s1.T"], "topdeck": ["s1.R"]}
    assert button(scene, "answer_s1.R").label == "On top"
    key(app, pygame.K_RETURN)
    mine = next(e for e in reversed(session.events) if e["type"] == "answered" and e["seat"] == 1)
    assert mine["discard"] == ["s1.T"] and mine["topdeck"] == ["s1.R"]
    assert session.state.decks[1][0] == "s1.R"
    # the bot answers by itself, then the curtain passes back to the attacker, who buys
    step_until(app, lambda: isinstance(app.stack.top, HandoffCurtain) and app.stack.top.seat == 0)
    assert any(e["type"] == "answered" and e["seat"] == 2 for e in session.events)
    app.stack.top.armed_in = 0
    key(app, pygame.K_SPACE)
    assert scene.viewer == 0 and scene.view["phase"] == "buy"
    with record_text() as blits:
        redraw(app)
    texts = " ".join(b.text for b in blits)
    assert "Bo answered the attack by discarding" in texts


# ---- powers: the button only when it applies, the word powers in the builder ------------------
def power_table(power: str, hand: list[str], common: str = "cA", last_word: str | None = None,
                size=(1280, 720), lang="en"):
    from support.scenes import make_app
    from tests.test_scenes_paperback import push, set_hand
    app = make_app(size, lang)
    players = [{"name": NAMES[0], "kind": "human"}, {"name": NAMES[1], "kind": "bot", "level": "normal"}]
    session = LocalSession(RULES, 2, {"start": 0, "powers": True}, 4, players, log=False)
    scene = push(app, session)
    session.state.powers[0] = power
    session.state.last_word = last_word
    set_hand(scene, 0, hand, common=common)
    return app, session, scene


def names(scene) -> set[str]:
    return {b.name for b in scene.bar}


def test_turn_powers_show_their_button_only_when_they_apply():
    from support.scenes import click
    from tests.test_scenes_paperback import button, last_event, set_hand
    app, session, scene = power_table("writers_block", ["s0.T", "s0.R", "s0.W1", "s0.S", "s0.L"])
    assert "power" not in names(scene)                          # a wild in hand: Writer's Block does not apply
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"])
    assert button(scene, "power").label == "Draw 1"
    click(app, button(scene, "power").rect.center)
    assert last_event(session, "power_used")["power"] == "writers_block" and len(scene.view["hand"]) == 6
    assert "power" not in names(scene)                          # once a turn
    app, session, scene = power_table("ghost_writer", ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"])
    click(app, button(scene, "power").rect.center)
    assert scene.b.ghosting and scene.info_line[0].startswith("Ghost Writer")
    click(app, dict(scene.places.hand)["s0.T"].center)          # the card to put under the deck
    ev = last_event(session, "power_used")
    assert ev["card"] == "s0.T" and session.state.decks[0][-1] == "s0.T" and not scene.b.ghosting


def test_typo_stuck_key_and_plagiarism_in_the_word_builder():
    import pygame
    from engine.core.rng import Rng
    from scenes.paperback.word import command
    from support.scenes import click
    from tests.test_scenes_paperback import button, key, last_event, type_text
    app, session, scene = power_table("typo", ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"])
    type_text(app, "t")
    click(app, button(scene, "power_0").rect.center)             # Typo above the T: it asks for a letter
    assert scene.b.asking == 0 and scene.info_line[0] == "Type the letter this card stands for."
    type_text(app, "can")                                        # C (the typo), the common A, N
    assert scene.b.slots == [("s0.T", "c"), ("common", "a"), ("s0.N", "n")]
    score_now, refusal = scene.judgement()                       # the live ¢ are the rules' (the typo: 0¢)
    assert refusal is None and score_now.cents == RULES.decide(session.state, command(0, scene.b), Rng(0))[0]["cents"]
    key(app, pygame.K_RETURN)
    ev = last_event(session, "spelled")
    assert ev["word"] == "can" and ev["texts"][0] == "c"
    app, session, scene = power_table("stuck_key", ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"])
    type_text(app, "tal")
    assert "power_1" not in names(scene) and "power_2" in names(scene)   # the common is not a letter card
    click(app, button(scene, "power_2").rect.center)             # the L twice: TALL
    assert scene.b.slots[2] == ("s0.L", "ll") and button(scene, "spell").enabled
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "tall"
    app, session, scene = power_table("plagiarism", ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"], last_word="dog")
    type_text(app, "n")
    click(app, button(scene, "power").rect.center)               # Plagiarism: a letter of DOG, typed
    type_text(app, "ot")
    assert scene.b.slots == [("s0.N", "n"), ("plagiarism", "o"), ("s0.T", "t")]
    assert "power" not in names(scene)
    key(app, pygame.K_RETURN)
    ev = last_event(session, "spelled")
    assert ev["word"] == "not" and "plagiarism" in ev["cards"]


def test_the_table_makes_a_panel_only_for_each_option_played():
    """The base game has no option panel; each option set the conformance suite plays has
    exactly the panels of its options on, in the table's order, each by its name too."""
    from engine.paperback.spec import SHOWCASE
    from scenes.paperback.table import PANELS
    from support.scenes import make_app
    from tests.test_scenes_paperback import push
    app = make_app()
    players = [{"name": NAMES[0], "kind": "human"}, {"name": NAMES[1], "kind": "bot", "level": "normal"}]
    named = {"simultaneous": "together", "attacks": "answers", "powers": "powers", "bounty": "helps",
             "themes": "themes", "coop": "pyramid"}
    assert set(named) == {key for key, _ in PANELS}
    for options in [{}] + [dict(pairs) for _, pairs in SHOWCASE]:
        scene = push(app, LocalSession(RULES, 2, {"start": 0, **options}, 4, players, log=False))
        assert [type(part) for part in scene.option_panels] == [make for key, make in PANELS if options.get(key)]
        for key, make in PANELS:
            assert isinstance(getattr(scene, named[key]), make) == bool(options.get(key)), (options, key)
        app.stack.pop()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_power_and_answer_screens_fit(lang, size):
    from scenes.ui.draw import record_text
    from support.scenes import click, redraw
    from tests.test_scenes_paperback import button, reads, type_text
    hand = ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"]
    for power in ("writers_block", "ghost_writer", "plagiarism", "typo", "stuck_key"):
        app, session, scene = power_table(power, hand, last_word="dog", size=size, lang=lang)
        type_text(app, "tal")
        if "power" in names(scene):
            click(app, button(scene, "power").rect.center)
        elif "power_2" in names(scene):
            click(app, button(scene, "power_2").rect.center)
        with record_text() as blits:
            redraw(app)
        reads(blits, f"{power} {lang} {size}")
        assert any(b.text == i18n_t(f"paperback.power.{power}") for b in blits)     # each seat's power is named


# ---- awards: which award, who leads, all game long ----------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("seats", [2, 5])
def test_the_award_and_its_leader_are_shown_throughout(lang, size, seats):
    import pygame
    from scenes.ui.draw import record_text
    from support.scenes import make_app, redraw
    from tests.test_scenes_paperback import reads, key, push, set_hand, type_text
    app = make_app(size, lang)
    players = [{"name": NAMES[s], "kind": "human" if s == 0 else "bot", "level": "normal"} for s in range(seats)]
    session = LocalSession(RULES, seats, {"start": 0, "awards": True}, 4, players, log=False)
    scene = push(app, session)
    session.state.award = "thesaurus"
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"], common="cA")
    award = i18n_t("paperback.award.thesaurus")
    with record_text() as blits:
        redraw(app)
    reads(blits, f"award {lang} {size}")
    nobody = i18n_t("paperback.ui.award_line", award=award, fame=scene.view["award"]["fame"],
                    lead=i18n_t("paperback.ui.award_nobody"))
    assert any(b.text == nobody for b in blits)
    type_text(app, "rant")
    key(app, pygame.K_RETURN)
    with record_text() as blits:
        redraw(app)
    reads(blits, f"award led {lang} {size}")
    lead = i18n_t("paperback.ui.award_lead", names=NAMES[0], mark=i18n_t("paperback.ui.award_mark.thesaurus", n=4))
    assert scene.view["award"]["leaders"] == [0]
    assert any(b.text == i18n_t("paperback.ui.award_line", award=award, fame=scene.view["award"]["fame"], lead=lead)
               for b in blits)


# ---- Space Bar and Dyslexia in the word builder ------------------------------------------------
def dealt(session, cid: str) -> None:
    """Test set-up: the power common `cid` among the four dealt (swapped with a boxed one)."""
    st = session.state
    if cid in st.boxed:
        st.boxed.remove(cid)
        st.boxed.append(st.commons.pop())
        st.commons.append(cid)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_space_bar_spells_two_words_and_dyslexia_reverses_a_pair(lang, size):
    import pygame
    from engine.core.rng import Rng
    from scenes.paperback.word import command
    from scenes.ui.draw import record_text
    from support.scenes import click, make_app, redraw
    from tests.test_scenes_paperback import button, reads, key, last_event, push, set_hand, type_text
    app = make_app(size, lang)
    players = [{"name": NAMES[0], "kind": "human"}, {"name": NAMES[1], "kind": "bot", "level": "normal"}]
    session = LocalSession(RULES, 2, {"start": 0, "space_dyslexia": True}, 4, players, log=False)
    scene = push(app, session)
    dealt(session, "cSP")
    set_hand(scene, 0, ["s0.T", "s0.W1", "s0.N", "s0.S", "s0.W2"], common="cSP")
    type_text(app, "tan")
    key(app, pygame.K_SPACE, " ")                                 # the Space Bar from the track
    type_text(app, "so")
    assert [c for c, _ in scene.b.slots] == ["s0.T", "s0.W1", "s0.N", "common", "s0.S", "s0.W2"]
    live, refusal = scene.judgement()
    assert refusal is None and live.cents == RULES.decide(session.state, command(0, scene.b), Rng(0))[0]["cents"]
    with record_text() as blits:
        redraw(app)
    reads(blits, f"space {lang} {size}")
    assert any("TAN SO" in b.text for b in blits)                 # the live ¢ name both words
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "tan so"
    # Dyslexia: ON reversed, NOT
    app = make_app(size, lang)
    session = LocalSession(RULES, 2, {"start": 0, "space_dyslexia": True}, 4, players, log=False)
    scene = push(app, session)
    dealt(session, "cDY")
    set_hand(scene, 0, ["D06", "s0.T", "s0.R", "s0.S", "s0.L"], common="cDY")
    click(app, dict(scene.places.hand)["D06"].center)
    assert "lay_0" not in {b.name for b in scene.bar}             # no Dyslexia in the word yet: one way only
    click(app, scene.places.common.center)                        # Dyslexia from the track
    click(app, button(scene, "lay_0").rect.center)                # ON laid as NO
    type_text(app, "t")
    assert scene.b.slots == [("D06", "no"), ("common", ""), ("s0.T", "t")]
    live, refusal = scene.judgement()
    assert refusal is None and live.cents == RULES.decide(session.state, command(0, scene.b), Rng(0))[0]["cents"]
    with record_text() as blits:
        redraw(app)
    reads(blits, f"dyslexia {lang} {size}")
    key(app, pygame.K_RETURN)
    assert last_event(session, "spelled")["word"] == "not"


# ---- the flexible rules: the hand for a cube, cubes spent as ¢ -----------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_pass_takes_a_cube_and_the_cube_pays_a_cent_of_a_purchase(lang, size):
    import pygame
    from scenes.ui.draw import record_text
    from support.scenes import click, make_app, redraw
    from tests.test_scenes_paperback import button, reads, hit, key, last_event, pass_turn, push, set_hand, step_until, type_text
    app = make_app(size, lang)
    players = [{"name": NAMES[0], "kind": "human"}, {"name": NAMES[1], "kind": "bot", "level": "normal"}]
    session = LocalSession(RULES, 2, {"start": 0, "discard_cube": True, "vowel_reshuffle": True}, 4, players,
                           log=False)
    scene = push(app, session)
    pass_turn(app, scene)
    assert last_event(session, "passed").get("cube") and session.view(0)["cubes"] == [1, 0]
    step_until(app, lambda: scene.acting)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"], common="cA")
    with record_text() as blits:
        redraw(app)
    reads(blits, f"cubes {lang} {size}")
    line = i18n_t("paperback.ui.cubes_line", cubes=i18n_t("paperback.ui.cubes_of", player=NAMES[0], n=1))
    assert any(b.text == line for b in blits)
    type_text(app, "rant")
    key(app, pygame.K_RETURN)
    cents = scene.view["cents"]
    dear = next(o[k] for o in scene.view["offer"] for k in ("front", "top")
                if o[k] and next(f["cost"] for f in scene.view["for_sale"] if f["id"] == o[k]) == cents + 1)
    click(app, hit(scene, "market", dear).center)
    assert scene.b.basket == [dear]                               # dearer than the ¢: a cube pays the rest
    with record_text() as blits:
        redraw(app)
    reads(blits, f"cubes buying {lang} {size}")
    key(app, pygame.K_RETURN)
    ev = last_event(session, "bought")
    assert ev["cards"] == [dear] and ev["cubes"] == 1 and session.view(0)["cubes"][0] == 0


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_offer_discounts_are_shown_and_bought_at_their_price(lang, size):
    import pygame
    from engine.paperback.state import view_box
    from scenes.ui.draw import record_text
    from support.scenes import click, make_app, redraw
    from tests.test_scenes_paperback import button, reads, hit, key, last_event, push, set_hand, step_until, type_text
    app = make_app(size, lang)
    players = [{"name": NAMES[0], "kind": "human"}, {"name": NAMES[1], "kind": "bot", "level": "normal"}]
    session = LocalSession(RULES, 2, {"start": 0, "offer_discount": True}, 4, players, log=False)
    scene = push(app, session)
    cards = view_box(scene.view)
    for _ in range(2):                                            # two turns, a pile top bought in each
        set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"], common="cA")
        type_text(app, "rant")
        key(app, pygame.K_RETURN)
        pile = next(o for o in scene.view["offer"] if o["top"] and o["front"]
                    and cards[o["top"]].cost <= scene.view["cents"])
        click(app, hit(scene, "market", pile["top"]).center)
        key(app, pygame.K_RETURN)
        assert last_event(session, "bought")["cards"] == [pile["top"]]
        step_until(app, lambda: scene.acting)
    off = {c: n for c, n in scene.view["discount"].items() if n}
    assert off and all(any(o["front"] == c for o in scene.view["offer"]) for c in off)
    set_hand(scene, 0, ["s0.T", "s0.R", "s0.N", "s0.S", "s0.L"], common="cA")
    with record_text() as blits:
        redraw(app)
    reads(blits, f"discount {lang} {size}")
    shown = {b.text for b in blits}
    for c in off:        # each front card shows the price it sells at, the line under its pile how much off
        assert i18n_t("paperback.card.cost", cost=max(0, cards[c].cost - off[c])) in shown
        under = next(o["under"] for o in scene.view["offer"] if o["front"] == c)
        assert i18n_t("paperback.ui.market.under_off", n=under, off=min(off[c], cards[c].cost)) in shown
    type_text(app, "rant")
    key(app, pygame.K_RETURN)
    cid = next(c for c in off if any(o["front"] == c for o in scene.view["offer"]))
    price = next(f["cost"] for f in scene.view["for_sale"] if f["id"] == cid)
    assert price == max(0, cards[cid].cost - off[cid]) < cards[cid].cost
    assert price <= scene.view["cents"]
    click(app, hit(scene, "market", cid).center)
    assert scene.b.basket == [cid] and cid not in scene.market_marks[1]
    key(app, pygame.K_RETURN)
    ev = last_event(session, "bought")
    assert ev["cards"] == [cid] and ev["spent"] == price


# ---- the set-up screen offers them all -------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_setup_offers_every_playable_option_and_its_controls_fit(lang, size):
    from scenes.common.setup import SetupScene
    from scenes.paperback import SETUP
    from scenes.ui.draw import record_text
    from support.scenes import make_app, redraw
    app = make_app(size, lang)
    scene = SetupScene(app, "paperback")
    app.stack.push(scene)
    app.step()
    keys = [o["key"] for o in SETUP["options"]]
    assert {"attacks", "powers", "awards", "space_dyslexia", "discard_cube", "offer_discount",
            "vowel_reshuffle"} <= set(keys)
    scene.options["attacks"] = True
    scene.rebuild()
    with record_text() as blits:
        redraw(app)
    start = scene.widgets["start"].rect
    shown = [o["key"] for o in scene.active_options()]           # a refinement only with its parent on
    rows = [scene.widgets[f"opt_{k}"].rect for k in shown] + [scene.widgets["seed"].rect]
    for i, a in enumerate(rows):
        assert not any(a.colliderect(b) for b in rows[i + 1:])   # side by side or one under another
    assert all(r.bottom <= rows[-1].top for r in rows[:-1])       # the seed under them all
    assert rows[-1].bottom < start.top                            # the seed stays above Back / Start
    about = i18n_t("ui.label_value", label=i18n_t("paperback.opt.attacks"), value=i18n_t("paperback.opt.attacks.about"))
    assert scene.options_about() == [about]                       # the option switched on explains itself
    assert blits


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_log_counts_cards_as_a_person_would_say_them(lang):
    """An attack answered and a power's extra cards: "1 card", "2 cards", never "card(s)"."""
    from scenes.ui import i18n
    i18n.set_lang(lang)
    try:
        players = [{"name": n, "kind": "bot"} for n in NAMES[:3]]
        lines = []
        for n in (1, 2):
            lines.append(describe_event({"type": "answered", "seat": 1, "discard": [], "discard_wild": [],
                                         "topdeck_count": n}, players))
            lines.append(describe_event({"type": "answered", "seat": 1, "discard": [], "discard_wild": ["s0.W1"],
                                         "topdeck_count": n}, players))
            lines.append(describe_event({"type": "power_used", "seat": 0, "power": "writers_block", "drawn_count": n},
                                        players))
        assert not [ln for ln in lines if "(s)" in ln or "{" in ln], lines
        assert len(set(lines)) == 6
        if lang == "en":
            assert "putting 1 card back" in lines[0] and "putting 2 cards back" in lines[3]
            assert "1 extra card drawn" in lines[2] and "2 extra cards drawn" in lines[5]
    finally:
        i18n.set_lang("en")
