"""The Sumoku table and everything Sumoku-specific on screen: rendering in both languages
at two sizes with no text out of its box, synthesized mouse and keyboard play, the 6/9
turn, take-back, hints, undo against a bot, the replay renderer, the how-to pages (with
the rules' five worked examples), event descriptions and the score series."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.bots import play_out
from engine.core.session import LocalSession
from engine.sumoku.board import all_lines
from engine.sumoku.bot import SumokuBot
from engine.sumoku.movegen import legal_plays
from engine.sumoku.rules import SumokuRules
from engine.sumoku.scoring import Line, check_line
from engine.sumoku.tiles import number
from engine.sumoku.views import view_board
from scenes import registry
from scenes.app import App
from scenes.sumoku import SETUP, describe_event, howto_pages, replay_renderer, score_series
from scenes.sumoku.howto import EXAMPLES, SAMPLE
from scenes.sumoku.table import TableScene
from scenes.sumoku.tileart import FILLS, INKS, tile_surface
from scenes.ui.style import contrast
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.fits import assert_fits
from support.scenes import click, english_after, key, make_app, redraw  # noqa: F401 (english_after: autouse)

LANGS = ("en", "zh-TW")
SIZES = ((1280, 720), (960, 540))
NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve", "Fay", "Gus", "Hal"]


def make_session(seats=3, bots=2, seed=3, clock=None, **options: Any) -> LocalSession:
    players = [{"name": NAMES[i], "kind": "bot" if i >= seats - bots else "human", "level": "normal"}
               for i in range(seats)]
    return LocalSession(SumokuRules(), seats, {"variant": "classic", **options}, seed, players, log=False,
                        clock=clock)


def table(app: App, session: LocalSession) -> TableScene:
    scene = TableScene(app, session)
    app.stack.push(scene)
    app.step()
    return scene


def drag(app: App, start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def hand_pos(scene: TableScene, tile: int):
    return scene.hand_rects[scene.hand().index(tile)].center


def cell_pos(scene: TableScene, cell):
    scene.board_view.ensure_visible(cell)
    return scene.board_view.cell_rect(cell).center


def a_play(session: LocalSession, seat: int, *, want_nine: bool = False):
    v = session.view(seat)
    for play in legal_plays(view_board(v), v["hands"][seat], v["key"], first_play=v["first_play"]):
        if not want_nine or any(number(t) == 6 and val == 9 for t, _, _, val in play.placements):
            return play
    return None


# ---- tiles ------------------------------------------------------------------------------------
def test_tiles_colour_blind_safe_and_readable():
    assert len(set(FILLS)) == 6
    for fill, ink in zip(FILLS, INKS):
        assert contrast(fill, ink) >= 4.3  # big bold numbers: comfortably above AA-large 3:1
    pygame.init()
    a, b = tile_surface(10, 6, 64), tile_surface(10, 9, 64)
    assert a is tile_surface(10, 6, 64)          # rendered once, then cached
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    # the six colours differ by symbol too: compare the corner of a tile of each colour as grey
    corners = set()
    for colour in range(6):
        s = tile_surface(colour * 16, None, 64)
        corner = s.subsurface((4, 4, 20, 20))
        corners.add(bytes(sum(px) > 300 for px in (corner.get_at((x, y))[:3] for x in range(20) for y in range(20))))
    assert len(corners) == 6


def _luma(rgb) -> float:
    """The grey a colour prints or shows as in greyscale (Rec. 601 luma, 0-255)."""
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def test_tile_colours_differ_in_grey_level_too():
    """No two colours print as the same grey: their luma differs by 25 or more (on 0-255),
    measured on the rendered tile faces as well as on the palette (orange and sky blue
    were 4 apart)."""
    pygame.init()
    faces = []
    for c in range(6):
        face = tile_surface(c * 16, None, 64)
        faces.append(_luma(face.get_at((56, 40))))          # the face, right of the number
    for lumas in ([_luma(f) for f in FILLS], faces):
        gaps = [abs(a - b) for i, a in enumerate(lumas) for b in lumas[i + 1:]]
        assert min(gaps) >= 25, lumas


def _symbol_mask(colour: int, size: int) -> set[tuple[int, int]]:
    """The ink pixels of a tile's symbol corner (the top-left third, above the number)."""
    face = tile_surface(colour * 16, None, size)
    ink = INKS[colour]
    box = round(size * 0.38)
    return {(x, y) for x in range(box) for y in range(box)
            if sum(abs(a - b) for a, b in zip(face.get_at((x, y))[:3], ink)) < 60}


@pytest.mark.parametrize("size", [28, 34, 42, 56])      # tiles at 960x540 through 1280x720
def test_the_six_symbols_are_told_apart_at_a_glance(size):
    """Each pair of symbols differs in at least a third of the pixels either covers (red's
    hexagon and orange's circle shared all but about 15 %), and no symbol is a speck."""
    pygame.init()
    masks = [_symbol_mask(c, size) for c in range(6)]
    for m in masks:
        assert len(m) >= size * size * 0.02
    for i in range(6):
        for j in range(i + 1, 6):
            differ = len(masks[i] ^ masks[j]) / len(masks[i] | masks[j])
            assert differ >= 0.33, (i, j, round(differ, 2))


# ---- rendering, no overflow -------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_table_renders_and_text_fits(lang, size):
    app = make_app(size, lang)
    cases = [make_session(3, 2, seed=3), make_session(8, 7, seed=4, exchange=True),
             make_session(1, 0, seed=5, variant="solitaire", time_limit_s=600)]
    for session in cases:
        scene = table(app, session)
        hand = scene.hand()
        # a broken placement, so the error text shows beside its line
        scene.put(hand[0], (0, 0))
        scene.put(hand[1], (0, 1))
        scene.put(hand[2], (1, 1))
        with record_text() as blits:
            redraw(app)
        assert_fits(blits)
        assert min(b.size for b in blits) >= round(18 * min(size[0] / 1280, size[1] / 720))
        texts = " ".join(b.text for b in blits)
        assert str(session.view(None)["key"]) in texts
        assert str(session.view(None)["bag_count"]) in texts
        big = [b for b in blits if b.text == str(session.view(None)["key"])]
        assert max(b.size for b in big) >= round(36 * min(size[0] / 1280, size[1] / 720))
        app.stack.pop()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_replay_renderer_and_howto_fit(lang, size):
    app = make_app(size, lang)
    session = make_session(3, 3, seed=11)
    bots = [SumokuBot("normal", s) for s in range(3)]
    for _ in range(9):
        seat = session.view(None)["turn"]
        session.submit(bots[seat].choose(session.view(seat), seat))
    renderer = replay_renderer(app)
    renderer.players = session.players
    surface = pygame.Surface(size)
    w, h = size
    for rect in (pygame.Rect(0, 0, w, h), pygame.Rect(20, 60, int(w * 0.66), h - 120)):
        with record_text() as blits:
            renderer.draw(surface, rect, session.view(None))
        assert_fits(blits)
        assert all(rect.contains(b.rect) for b in blits)
    pages = howto_pages()
    assert len(pages) >= 6
    titles = set()
    for page in pages:
        titles.add(page.title)
        assert page.title and not page.title.startswith("sumoku.")
        with record_text() as blits:
            page.draw(surface, pygame.Rect(30, 100, w - 60, h - 180))
        assert_fits(blits)
        assert min(b.size for b in blits) >= round(18 * min(w / 1280, h / 720))
    assert len(titles) == len(pages)


def test_howto_worked_examples_are_the_rules():
    assert [ex.score() for ex in EXAMPLES] == [20, 25, 35, 40, 30]
    assert EXAMPLES[2].score("formed") == 15
    board = {(r, c): (t, v) for r, c, t, v in SAMPLE}
    for direction, cells in all_lines(board):
        vals = tuple(board[c][1] for c in cells)
        check_line(Line(direction, tuple(cells), vals, sum(vals)), board, 4)
    pygame.init()
    i18n.set_lang("zh-TW")
    captions = [p for p in howto_pages() if p.key.startswith("score")]
    surface = pygame.Surface((1280, 720))
    with record_text() as blits:
        for page in captions:
            page.draw(surface, pygame.Rect(0, 80, 1280, 560))
    shown = " ".join(b.text for b in blits)
    for total in ("20", "25", "35", "40", "30"):
        assert total in shown


def test_every_variant_has_its_own_howto_pages_worked_out_by_the_engine():
    from engine.sumoku.grab import claim_fault, find_set
    from engine.sumoku.grid import grid_errors
    from scenes.sumoku import howto_variants as hv
    pages = {p.key: p for p in howto_pages()}
    for key_ in ("solitaire", "speed", "wrong", "grab", "team"):
        assert key_ in pages and pages[key_].illustrate is not None
    drawings = [pages[k].illustrate for k in ("goal", "solitaire", "speed", "wrong", "grab", "team")]
    assert len({getattr(d, "__name__", id(d)) for d in drawings}) == len(drawings)   # no page reuses another's
    # the examples are the engine's: a solver-made grid, a set the finder picked, a real rule error
    speed = dict(hv.speed_grid())
    assert sorted(tl for tl, _ in speed.values()) == sorted(hv.SPEED_HAND) and not grid_errors(speed, hv.SPEED_KEY)
    assert not grid_errors(hv.grid_of(hv.SOLITAIRE_GRID), hv.SOLITAIRE_KEY) and len(hv.SOLITAIRE_GRID) == 16
    tiles, vals = find_set(hv.GRAB_CENTRE, hv.GRAB_KEY)
    assert claim_fault(tiles, vals, sum(vals), hv.GRAB_KEY) is None
    wrong = hv.wrong_call()
    bad = dict(wrong.board)
    bad[wrong.cell] = (wrong.tile, wrong.value)
    assert grid_errors(bad, hv.SPEED_KEY)[0].code == wrong.error.code == "err.sumoku.line_sum"
    team = dict(hv.team_grid())
    assert len(team) == hv.TEAM_ON_GRID and not grid_errors(team, hv.TEAM_KEY)
    surface = pygame.Surface((1280, 720))
    for lang in LANGS:
        i18n.set_lang(lang)
        shown = {}
        for key_ in ("solitaire", "speed", "wrong", "grab", "team"):
            with record_text() as blits:
                pages[key_].draw(surface, pygame.Rect(40, 110, 1200, 520))
            assert_fits(blits)
            shown[key_] = " ".join(b.text for b in blits)
        assert wrong.error.message(lang) in shown["wrong"]                   # the rules' own words
        assert f"{' + '.join(map(str, vals))} = {sum(vals)}" in shown["grab"]
        assert "16" in shown["solitaire"] and "10" in shown["speed"]
        assert str(len(team)) in shown["team"] and str(len(hv.TEAM_TILES) - len(team)) in shown["team"]


# ---- playing with mouse and keyboard ------------------------------------------------------------
def test_mouse_drag_places_and_enter_confirms():
    app, session, scene = start_with_human()
    seat = 0
    play = a_play(session, seat)
    before = session.view(None)["scores"][seat]
    for t, r, c, val in play.placements:
        if number(t) == 6 and val == 9:
            scene.flipped[t] = 9
        drag(app, hand_pos(scene, t), cell_pos(scene, (r, c)))
    assert sorted(p[0] for p in scene.pending.tiles) == sorted(p[0] for p in play.placements)
    assert scene.analysis.ok and scene.analysis.score == play.score
    key(app, pygame.K_RETURN)
    v = session.view(None)
    assert v["scores"][seat] == before + play.score
    assert {(r, c) for r, c, _, _ in v["board"]} >= {(r, c) for _, r, c, _ in play.placements}
    assert not scene.pending


def start_with_human(seed_from=0, **kw) -> tuple[App, LocalSession, TableScene]:
    """A 3-seat table (seat 0 a person) on a seed where the person starts."""
    for seed in range(seed_from, seed_from + 40):
        session = make_session(3, 2, seed=seed, **kw)
        if session.view(None)["turn"] == 0:
            app = make_app()
            return app, session, table(app, session)
    raise AssertionError("no seed lets seat 0 start")


def test_keyboard_places_and_confirms_the_score_changes():
    app, session, scene = start_with_human()
    play = a_play(session, 0)
    for t, r, c, val in play.placements:
        key(app, pygame.K_1 + scene.hand().index(t))    # pick the tile by its slot's number
        assert scene.selected == t
        if number(t) == 6 and val == 9:
            key(app, pygame.K_r)
        cur = scene.cursor
        while cur != (r, c):                              # walk the cursor with the arrows
            if cur[0] != r:
                key(app, pygame.K_DOWN if r > cur[0] else pygame.K_UP)
            else:
                key(app, pygame.K_RIGHT if c > cur[1] else pygame.K_LEFT)
            cur = scene.cursor
        key(app, pygame.K_SPACE)                          # drop
        assert scene.selected is None                     # nothing is picked up for you
    assert scene.analysis.ok
    key(app, pygame.K_RETURN)                             # no tile in hand: Enter confirms
    assert session.view(None)["scores"][0] == play.score > 0


def shown_texts(app: App) -> list[str]:
    with record_text() as blits:
        redraw(app)
    return [b.text for b in blits]


def test_keyboard_flow_is_the_one_the_screen_states():
    app, session, scene = start_with_human()
    hand = scene.hand()
    assert any("1–8 or Tab" in x for x in shown_texts(app))       # the keys line, nothing in hand
    key(app, pygame.K_3)
    assert scene.selected == hand[2]
    assert any("3 again or Esc puts it back" in x for x in shown_texts(app))
    key(app, pygame.K_3)                                            # the same number again: back in hand
    assert scene.selected is None and not scene.pending
    key(app, pygame.K_RETURN)                                       # nothing picked, nothing pending: no-op
    assert session.view(None)["board"] == []
    play = a_play(session, 0)
    t0, r0, c0, _ = play.placements[0]
    key(app, pygame.K_1 + hand.index(t0))
    scene.cursor = (r0, c0)
    key(app, pygame.K_RETURN)                                       # a tile in hand: Enter drops it
    assert scene.pending.at((r0, c0)) and scene.selected is None
    texts = shown_texts(app)
    assert any("Backspace takes it all back" in x for x in texts), texts
    key(app, pygame.K_1 + hand.index(t0))                           # its slot is empty: nothing happens
    assert scene.selected is None
    i18n.set_lang("zh-TW")
    assert any("Backspace 全部收回" in x for x in shown_texts(app))


def a_hint_with_a_nine() -> tuple[App, LocalSession, TableScene, list]:
    from engine.sumoku.bot import hint
    for seed in range(80):
        session = make_session(3, 2, seed=seed)
        v = session.view(0)
        if v["turn"] != 0:
            continue
        tiles = hint(v, 0)["tiles"]
        if len(tiles) >= 2 and any(number(t) == 6 and val == 9 for t, _, _, val in tiles):
            app = make_app()
            return app, session, table(app, session), tiles
    raise AssertionError("no seed gives a hint with a 9")


def test_take_back_returns_the_whole_hint_and_a_six_reads_six_again():
    app, session, scene, tiles = a_hint_with_a_nine()
    click(app, scene.buttons["hint"].rect.center)
    if scene.hints.busy:
        scene.hints.wait(20)
        app.step()
    assert len(scene.pending) == len(tiles) >= 2
    nine = next(t for t, _, _, val in tiles if number(t) == 6 and val == 9)
    assert scene.value_of(nine) == 9                               # on the board it reads 9
    click(app, scene.buttons["take_back"].rect.center)              # one press: the whole play
    assert not scene.pending and scene.free_tiles() == scene.hand()
    assert scene.value_of(nine) == 6 and nine not in scene.flipped  # back in hand it is a 6
    assert session.view(None)["board"] == []


def test_solitaire_keys_match_a_hand_of_sixteen():
    app = make_app()
    session = make_session(1, 0, seed=2, variant="solitaire")
    scene = table(app, session)
    hand = scene.hand()
    assert len(hand) == 16
    with record_text() as blits:
        redraw(app)
    texts = [b.text for b in blits]
    assert any("1–9 picks up a tile, Tab reaches all 16" in x for x in texts), texts
    assert not any("1–8" in x or "1–16" in x for x in texts)
    # the first nine slots show their key in a corner; the others have none
    assert any(b.text == "9" and scene.hand_rects[8].colliderect(b.rect) for b in blits)
    assert not any(b.text == "10" for b in blits)
    key(app, pygame.K_9)
    assert scene.selected == hand[8]
    key(app, pygame.K_ESCAPE)                                       # Esc puts it back
    assert scene.selected is None
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)                       # Shift+Tab: the last tile
    assert scene.selected == hand[15]
    assert any("Esc puts it back" in x for x in shown_texts(app))


def test_a_six_turned_into_a_nine_is_placed_as_nine():
    for seed in range(60):
        session = make_session(3, 2, seed=seed)
        if session.view(None)["turn"] == 0 and a_play(session, 0, want_nine=True):
            break
    else:
        raise AssertionError("no seed gives a play with a 9")
    app = make_app()
    scene = table(app, session)
    play = a_play(session, 0, want_nine=True)
    for t, r, c, val in play.placements:
        if number(t) == 6 and val == 9:
            click(app, hand_pos(scene, t), button=3)      # right-click turns the 6 into a 9
            assert scene.value_of(t) == 9
        drag(app, hand_pos(scene, t), cell_pos(scene, (r, c)))
    assert scene.analysis.ok
    click(app, scene.buttons["confirm"].rect.center)
    board = view_board(session.view(None))
    nines = [(t, r, c) for t, r, c, val in play.placements if val == 9]
    assert nines and all(board[(r, c)] == (t, 9) for t, r, c in nines)


def test_take_back_by_click_and_backspace():
    app, session, scene = start_with_human()
    play = a_play(session, 0)
    hand = scene.hand()
    (t1, r1, c1, _), (t2, r2, c2, _) = play.placements[:2]
    drag(app, hand_pos(scene, t1), cell_pos(scene, (r1, c1)))
    drag(app, hand_pos(scene, t2), cell_pos(scene, (r2, c2)))
    assert len(scene.pending) == 2
    click(app, cell_pos(scene, (r1, c1)))                 # a click on a placed tile lifts it
    assert [p[0] for p in scene.pending.tiles] == [t2]
    key(app, pygame.K_BACKSPACE)
    assert not scene.pending and scene.free_tiles() == hand
    assert session.view(None)["board"] == []              # nothing was sent


def test_hint_gives_a_legal_play():
    app, session, scene = start_with_human(5)
    assert not scene.pending
    click(app, scene.buttons["hint"].rect.center)
    if scene.hints.busy:                    # the normal bot thinks in a thread
        scene.hints.wait(20)
        app.step()
    assert scene.pending and scene.analysis.ok, scene.message
    score = scene.analysis.score
    key(app, pygame.K_RETURN)
    assert session.view(None)["scores"][0] == score > 0


def test_rule_error_shown_beside_its_line_in_both_languages():
    app, session, scene = start_with_human()
    hand = scene.hand()
    bad = None
    for i, a in enumerate(hand):   # two tiles whose sum breaks the key (or that share a colour)
        for b in hand[i + 1:]:
            if (number(a) + number(b)) % session.view(None)["key"] or a // 16 == b // 16:
                bad = (a, b)
                break
        if bad:
            break
    assert bad
    for lang in LANGS:
        i18n.set_lang(lang)
        scene.pending.clear()
        scene.put(bad[0], (0, 0))
        scene.put(bad[1], (0, 1))
        with record_text() as blits:
            redraw(app)
        err = scene.analysis.error
        assert err is not None and not scene.analysis.ok
        wrong = [lc for lc in scene.analysis.lines if lc.error is not None]
        assert wrong
        shown = "".join(b.text for b in blits)
        message = wrong[0].error.message(lang)
        assert message.replace(" ", "")[:8] in shown.replace(" ", "")
        label = scene.board_view.error_label_rect(wrong[0], message)
        line = scene.board_view.line_rect(wrong[0].cells)
        assert label.colliderect(line.inflate(80, 80))     # next to its line
        assert not scene.buttons["confirm"].enabled
        click(app, scene.buttons["confirm"].rect.center)
        assert session.view(None)["board"] == []


def test_undo_against_a_bot_restores_the_state_hash():
    rules = SumokuRules()
    for seed in range(30):
        players = [{"name": "Mei", "kind": "human", "level": "normal"},
                   {"name": "Ada", "kind": "bot", "level": "normal"}]
        session = LocalSession(rules, 2, {"variant": "classic"}, seed, players, log=False)
        bots = [SumokuBot("normal", 1), SumokuBot("normal", 2)]
        while session.outcome() is None and (session.view(None)["bag_count"] or session.view(None)["turn"] != 0):
            seat = session.view(None)["turn"]
            session.submit(bots[seat].choose(session.view(seat), seat))
        if session.outcome() is None and a_play(session, 0):
            break
    else:
        raise AssertionError("no seed reaches an empty bag with a play for seat 0")
    app = make_app()
    scene = table(app, session)
    before = session.hash()
    play = a_play(session, 0)
    scene.pending.set([list(p) for p in play.placements])
    app.step()
    key(app, pygame.K_RETURN)
    assert session.hash() != before
    for _ in range(3000):                                  # the bot answers off the frame loop
        if session.outcome() is not None or session.view(None)["turn"] == 0 and not scene.bots.thinking:
            break
        app.step()
    assert session.can_undo(0)
    assert scene.buttons["undo"].enabled
    key(app, pygame.K_u)
    assert session.hash() == before
    assert session.view(None)["turn"] == 0


def test_solitaire_hud_and_countdown_ticks():
    app = make_app()
    now = [1000.0]                                         # the session's clock, in seconds
    session = make_session(1, 0, seed=2, clock=lambda: now[0], variant="solitaire", time_limit_s=300)
    scene = table(app, session)
    with record_text() as blits:
        redraw(app)
    texts = [b.text for b in blits]
    assert "5:00" in texts and "0/96" in texts
    now[0] += 120.5                                        # two minutes on the game clock
    with record_text() as blits:
        redraw(app)
    assert "2:60" not in [b.text for b in blits] and "3:00" in [b.text for b in blits]
    assert scene.time_left() == 180 and not session.view(None)["ended"]
    now[0] += 180.0                                        # the rest of the five minutes
    app.step()
    app.step()
    assert session.view(None)["ended"]                     # the countdown's tick ended the game
    assert session.outcome() is not None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 4, 5, 8])
def test_the_table_log_says_what_each_player_played_and_scored(lang, size, seats):
    """Under the seat cards, a log of every turn: a person sees what the bots played and
    what it scored (the board only outlines the last play, and the scores just jump),
    each line whole, the seat cards still fitting beside it (5 to 8 players: compact
    cards two a row, so that the log has its room too)."""
    from support.fits import cut_short
    app = make_app(size, lang)
    session = make_session(seats, seats - 1, seed=5)
    scene = table(app, session)
    for _ in range(20000):
        plays = [e for e in session.events if e["type"] in ("placed", "passed")]
        if len(plays) >= seats + 1 and scene.still():
            break
        if scene.my_turn:
            scene.pass_now()
        app.step()
    assert scene.layout.log.h > 0
    assert all(scene.layout.side.contains(c) and c.bottom <= scene.layout.log.y for c in scene.layout.cards)
    assert not any(a.colliderect(b) for i, a in enumerate(scene.layout.cards) for b in scene.layout.cards[i + 1:])
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    logged = [b.text for b in blits if scene.layout.log.contains(b.rect)]
    assert logged and not cut_short([b for b in blits if b.text in logged])     # the log wraps, never cuts
    plays = [e for e in session.events if e["type"] in ("placed", "passed")]      # a bot may have played since
    last = describe_event(plays[-1], session.players)
    assert last in scene.log_lines and "".join(logged).replace(" ", "").endswith(last.replace(" ", ""))
    assert any(b.text == str(session.view(None)["scores"][1]) for b in blits)      # a bot's score beside it


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", ["classic", "solitaire"])
def test_pass_and_end_game_ask_first(lang, size, variant):
    """P (or a stray click on Pass / End game) asks before it passes the turn or, in
    solitaire, ends the whole game: Esc or the focused answer keeps playing; the other
    answer does it. The question fits its box, whole, in both languages."""
    from scenes.common.confirm import Confirm
    from support.fits import cut_short
    app = make_app(size, lang)
    solo = variant == "solitaire"
    session = make_session(1, 0, seed=2, variant="solitaire") if solo else make_session(2, 1, seed=4)
    scene = table(app, session)
    for _ in range(5000):                                 # the bot may open
        if scene.my_turn and not scene.anim.busy:
            break
        app.step()
    before = len(session.events)
    key(app, pygame.K_p)
    assert isinstance(app.stack.top, Confirm) and len(session.events) == before
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    assert not cut_short(blits)
    drawn = "".join(b.text for b in blits).replace(" ", "")     # read across its wrapped lines
    assert i18n.t("sumoku.ui.stop_question" if solo else "sumoku.ui.pass_question").replace(" ", "") in drawn
    key(app, pygame.K_ESCAPE)                            # no: back to the table, nothing sent
    assert app.stack.top is scene and len(session.events) == before
    key(app, pygame.K_p)
    app.stack.top.confirm()                               # yes
    if solo:
        assert session.view(None)["ended"]
    else:
        assert any(e["type"] == "passed" for e in session.events[before:])


def test_the_outlined_lines_add_up_to_what_the_play_scores():
    """With cross scoring a play also scores the lines it crosses: the table outlines them
    with their totals too, so the badges add up to 'This play scores N' (the rules' worked
    example 3: 7-5-3 (15) + 1-9-3-7 (20) = 35; the table showed only the 15)."""
    from scenes.sumoku.pending import analyse
    ex = EXAMPLES[2]
    a = analyse(ex.board_dict(), ex.key, [list(p) for p in ex.play], first_play=False)
    assert a.ok and a.score == 35 and sorted(lc.total for lc in a.outlined) == [15, 20]
    bad = analyse(ex.board_dict(), ex.key, [[ex.play[0][0], 1, 3, 4]], first_play=False)
    assert not bad.ok and bad.outlined == bad.lines                    # a wrong play: its lines, judged
    app = make_app()
    scene = table(app, make_session(1, 0, seed=2))
    scene.view = dict(scene.view, board=[[r, c, tl, v] for r, c, tl, v in ex.board], key=ex.key, first_play=False)
    for tl, r, c, v in ex.play:
        scene.pending.put(tl, (r, c), v)
    drawn: dict = {}
    draw = scene.board_view.draw
    scene.board_view.draw = lambda surface, **kw: (drawn.update(kw), draw(surface, **kw))[1]
    scene.controls()                                   # judges the pending play, as each frame does
    scene.draw(app.surface)
    assert sorted(lc.total for lc in drawn["lines"]) == [15, 20] and scene.analysis.score == 35


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_solitaire_says_when_a_stage_is_done_and_what_the_next_asks(lang, size):
    """Solitaire: when the whole hand is in one grid the next stage's tiles are drawn; the
    table says so ('Stage 1 done! Stage 2: add these 10 tiles to the same grid.'), whole,
    until the first tile of the new stage is placed (it said only 'Your turn')."""
    session = make_session(1, 0, seed=1, variant="solitaire")
    bot = SumokuBot("hard", 0)
    while session.view(0)["stage"] == 1:
        session.submit(bot.choose(session.view(0), 0))
    app = make_app(size, lang)
    scene = table(app, session)
    said = i18n.t("sumoku.ui.preview.stage", done=1, stage=2, count=len(session.view(0)["hands"][0]))
    with record_text() as blits:
        redraw(app)
    assert_fits(blits, size)
    drawn = "".join(b.text for b in blits).replace(" ", "")
    assert said.replace(" ", "") in drawn and "…" not in said
    scene.session.submit(bot.choose(session.view(0), 0))            # the first play of stage 2
    app.step()
    with record_text() as blits:
        redraw(app)
    assert said.replace(" ", "") not in "".join(b.text for b in blits).replace(" ", "")


def test_skipping_an_extra_play_asks_about_the_extra_play():
    """After a line of 6 the Pass button declines the extra play: its question says that,
    not 'Pass this turn'."""
    from scenes.common.confirm import Confirm
    app = make_app()
    scene = table(app, make_session(1, 0, seed=2))
    scene.view = dict(scene.view, extra_play=True)          # as after a line of exactly 6
    scene.pass_turn()
    assert isinstance(app.stack.top, Confirm) and app.stack.top.question == "sumoku.ui.skip_question"
    assert i18n.t("sumoku.ui.skip_question") != "sumoku.ui.skip_question"


def test_bots_play_a_whole_classic_game_through_the_table():
    app = make_app()
    session = make_session(2, 2, seed=9)
    scene = table(app, session)
    for _ in range(20000):
        if session.outcome() is not None and scene.ended_shown:
            break
        app.step()
    assert session.outcome() is not None
    from scenes.common.results import ResultsScene
    assert isinstance(app.stack.top, ResultsScene)


# ---- the plug-in's other names ---------------------------------------------------------------------
def test_plugin_is_registered_with_its_setup():
    assert registry.plugin("sumoku") is not None
    assert [v[0] for v in SETUP["variants"]] == ["classic", "solitaire", "speed", "grab", "team"]
    keys = {o["key"] for o in SETUP["options"]}
    assert keys == {"scoring", "exchange", "time_limit_s", "countdown_ms", "team_count"}
    for lang in LANGS:
        i18n.set_lang(lang)
        for _, label, _ in SETUP["variants"]:
            assert i18n.t(label) != label
        for o in SETUP["options"]:
            assert i18n.t(o["label"]) != o["label"]
            for choice in o.get("choices", []):
                assert i18n.t(choice[1]) != choice[1]


def test_setup_offers_the_countdown_only_for_the_races():
    """Classic and solitaire have no countdown: their set-up does not offer one (a new
    player read 'Countdown: 3 seconds' on a classic game and waited for it)."""
    from scenes.common.setup import SetupScene
    app = make_app((960, 540))
    scene = SetupScene(app, "sumoku")
    app.stack.push(scene)
    app.step()
    seen = {}
    for _ in range(2 * len(SETUP["variants"])):        # the variant button goes round them all
        seen[scene.variant] = "opt_countdown_ms" in scene.widgets
        click(app, scene.widgets["variant"].rect.center)
    assert seen == {"classic": False, "solitaire": False, "speed": True, "grab": True, "team": True}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_results_say_why_the_game_ended_and_what_the_scores_are(lang, size):
    """The results say why the game ended; under a classic score, the plays' points less
    the tiles left in hand; under a solitaire score, that it counts the tiles placed."""
    from scenes.common.results import ResultsScene
    from scenes.sumoku import result_note, result_reason
    classic = play_out(SumokuRules(), 3, [SumokuBot("normal", s) for s in range(3)], seed=21,
                       options={"variant": "classic"})
    solo = make_session(1, 0, seed=2, variant="solitaire")
    solo.submit(SumokuBot("normal", 0).choose(solo.view(0), 0))
    solo.submit({"type": "stop", "seat": 0})
    for session in (classic, solo):
        out = session.outcome().to_data()
        app = make_app(size, lang)
        app.show_results(session)
        assert isinstance(app.stack.top, ResultsScene)
        with record_text() as blits:
            redraw(app)
        assert_fits(blits, size)
        drawn = [b.text for b in blits]
        assert result_reason(out) == i18n.t(f"sumoku.end.{out['detail']['reason']}") and result_reason(out) in drawn
        notes = [result_note(out, s) for s in range(session.seats)]
        assert all(n in drawn for n in notes if n)
        if session is solo:
            assert notes == [i18n.t("sumoku.results.placed", n=out["scores"][0])] and out["scores"][0] > 0
        else:
            d = out["detail"]
            for s in range(3):
                assert (str(d["penalties"][s]) in notes[s] and str(d["scores"][s]) in notes[s]) if d["penalties"][s] \
                    else notes[s] == ""
                assert d["scores"][s] - d["penalties"][s] == out["scores"][s]
            assert any(d["penalties"])


def test_describe_event_and_score_series():
    session = play_out(SumokuRules(), 3, [SumokuBot("normal", s) for s in range(3)], seed=21,
                       options={"variant": "classic"})
    events = session.events
    for lang in LANGS:
        i18n.set_lang(lang)
        lines = [describe_event(ev) for ev in events]
        assert all(lines) and not any(line.startswith("sumoku.") for line in lines)
        named = [describe_event(ev, session.players) for ev in events if ev["type"] == "placed"]
        assert all(any(p["name"] in line for p in session.players) for line in named)
    series = score_series(events, 3)
    assert len({len(s) for s in series}) == 1
    turns = sum(1 for ev in events if ev["type"] in ("placed", "passed", "exchanged"))
    assert len(series[0]) == 1 + turns + 1
    assert [s[-1] for s in series] == session.outcome().scores
    assert [s[-2] for s in series] == session.view(None)["scores"]
    for s in series:
        assert all(a <= b for a, b in zip(s[:-2], s[1:-1]))


def test_main_play_command_runs_headless(tmp_path):
    import main
    shot = tmp_path / "s.png"
    rc = main.main(["play", "sumoku", "--seats", "3", "--bots", "2", "--frames", "30", "--screenshot", str(shot),
                    "--lang", "zh-TW", "--seed", "4"])
    assert rc == 0 and shot.exists() and shot.stat().st_size > 10_000
