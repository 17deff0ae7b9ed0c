"""The log panel (scenes/common/logpanel.py): every line a game writes is drawn whole,
wrapped, never cut with "…", in both languages at both sizes; the panel scrolls back with
the wheel over it and PageUp / PageDown, in the tables (a real Wooolf!! table) and in the
replay viewer; what is being read stays still while new lines arrive."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from engine.core.session import LocalSession
from engine.wooolf.bot import WooolfBot
from engine.wooolf.rules import WooolfRules
from scenes.common.logpanel import LogView, draw_around, draw_recent
from scenes.ui import i18n
from scenes.ui.draw import record_text
from scenes.ui.geometry import Frame
from scenes.wooolf.table import WooolfScene
from support.fits import assert_fits, cut_short
from support.scenes import english_after, key, make_app, redraw  # noqa: F401

SIZES = ((1280, 720), (960, 540))


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()


LONG = {
    "en": "Ada attacks: every other player discards a card from their hand and draws one less card "
          "at the end of their next turn, unless they answer with a card of their own.",
    "zh-TW": "Ada發動攻擊：其他每位玩家從手牌棄一張牌，並在下一回合結束時少抽一張牌，除非他們用自己的牌回應。",
}


def lines_for(lang: str, n: int = 30) -> list[str]:
    i18n.set_lang(lang)
    return [f"{i}: {LONG[lang]}" if i % 3 == 0 else f"{i}: Bo {i18n.t('ui.pause.resume')}" for i in range(n)]


def drawn(fn: Any, size: tuple[int, int]) -> tuple[list[Any], str]:
    surface = pygame.Surface(size)
    with record_text() as blits:
        fn(surface)
    return blits, " ".join(b.text for b in blits)


def panel_box(size: tuple[int, int]) -> pygame.Rect:
    return Frame(size).r(852, 280, 416, 428)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_a_long_line_is_drawn_whole_wrapped_and_inside_the_panel(lang: str, size: tuple[int, int]) -> None:
    fr = Frame(size)
    small = fr.r(852, 580, 416, 128)                 # Wooolf's smallest log panel
    line = LONG[lang]
    blits, words = drawn(lambda s: draw_recent(s, small, [line], fr.fs(18), fr.px(8)), size)
    assert not cut_short(blits)
    assert_fits(blits, size)
    shown = [b.text for b in blits]
    assert len(shown) >= 2                           # wrapped
    joiner = " " if lang == "en" else ""
    assert joiner.join(shown) == line                # every word of it, in order
    # the replay's list too, numbered
    blits, words = drawn(lambda s: draw_around(s, panel_box(size), [line, "x"], 0, fr.fs(20), fr.px(8)), size)
    assert not cut_short(blits) and joiner.join(b.text for b in blits).startswith("1. " + line[:10])
    assert_fits(blits, size)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_scrolling_back_reaches_the_first_line_and_forward_the_newest(lang: str, size: tuple[int, int]) -> None:
    fr = Frame(size)
    lines, box, view = lines_for(lang), panel_box(size), LogView()
    draw = lambda s: view.draw(s, box, lines, fr.fs(18), fr.px(8))     # noqa: E731
    blits, words = drawn(draw, size)
    assert "29: Bo" in words and "0: " not in words and view.back == 0 and view.most > 0
    seen = {b.text for b in blits}
    while view.back < view.most:
        before = view.back
        assert view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
        blits, words = drawn(draw, size)
        assert view.back > before
        assert not cut_short(blits)
        assert_fits(blits, size)
        seen |= {b.text for b in blits}
    assert words.startswith("0: ")                   # the first line, at the top
    assert all(any(w.startswith(f"{i}: ") for w in seen) for i in range(30))   # every line was on screen
    view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    view.scroll(-10_000)
    blits, words = drawn(draw, size)
    assert view.back == 0 and "29: Bo" in words


def test_the_wheel_scrolls_only_over_the_panel_and_reading_stays_still_as_lines_arrive() -> None:
    size = (1280, 720)
    fr = Frame(size)
    lines, box, view = lines_for("en"), panel_box(size), LogView()
    draw = lambda s: view.draw(s, box, lines, fr.fs(18), fr.px(8))     # noqa: E731
    drawn(draw, size)
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0))
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    wheel_up = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    assert not view.handle(away) and not view.handle(wheel_up) and view.back == 0
    assert not view.handle(over) and view.handle(wheel_up) and view.back == 3
    _, reading = drawn(draw, size)
    lines.append("30: Cy draws a card.")             # a new line while reading back
    _, still = drawn(draw, size)
    assert still == reading and "30: Cy" not in still
    view.scroll(-10_000)
    _, newest = drawn(draw, size)
    assert "30: Cy" in newest


def test_the_replay_list_scrolls_away_from_its_event_and_comes_back_on_a_step() -> None:
    size = (1280, 720)
    fr = Frame(size)
    lines, box, view = lines_for("en"), panel_box(size), LogView()
    current = [15]
    draw = lambda s: view.draw(s, box, lines, fr.fs(20), fr.px(8), current=current[0])     # noqa: E731
    _, words = drawn(draw, size)
    assert "16. 15: Ada" in words and "1. 0: " not in words
    for _ in range(20):
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
        _, words = drawn(draw, size)
    assert words.startswith("1. 0: ")
    for _ in range(40):
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        _, words = drawn(draw, size)
    assert "30. 29: Bo" in words and "16. 15: " not in words
    current[0] = 16                                  # the replay stepped: its event again
    _, words = drawn(draw, size)
    assert "17. 16: Bo" in words and view.back == 0


# ---- in a real table and in the replay viewer --------------------------------------------------------
def wooolf_table(app: Any) -> tuple[LocalSession, WooolfScene]:
    players = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "normal"}
               for i, n in enumerate(["Mei", "Ada", "Bo", "Dee", "Eve"])]
    session = LocalSession(WooolfRules(), 5, {"assistant": "notes", "start": 1}, 7, players)
    while not (session.view(None)["round"] == 2 and 0 in session.to_act()):
        seat = min(session.to_act())
        session.submit(WooolfBot("normal", 77 + seat).choose(session.view(seat), seat))
    scene = WooolfScene(app, session)
    app.stack.push(scene)
    app.step()
    return session, scene


def frame_words(app: Any) -> str:
    with record_text() as blits:
        redraw(app)
    return " ".join(b.text for b in blits)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_table_log_scrolls_back_to_the_games_first_line_by_keys_and_wheel(lang: str) -> None:
    app = make_app((960, 540), lang)
    session, scene = wooolf_table(app)
    first = scene.log_lines[0]
    assert len(scene.log_lines) > 20                 # the whole game so far, not the last few
    assert first not in frame_words(app)
    while scene.log_view.back < scene.log_view.most:
        before = scene.log_view.back
        key(app, pygame.K_PAGEUP)
        assert scene.log_view.back > before
    assert first.split()[0] in frame_words(app).split()[:60] or first[:6] in frame_words(app)
    key(app, pygame.K_PAGEDOWN)
    back = scene.log_view.back
    box = scene.log_view.box
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    app.step()
    assert scene.log_view.back == max(0, back - 3)
    session.close()


def test_the_replay_viewer_event_list_scrolls_with_the_wheel_and_keys() -> None:
    app = make_app()
    session, scene = wooolf_table(app)
    path = session.log_path
    session.close()
    app.stack.pop()
    assert app.open_replay(path)
    replay = app.stack.top
    replay.seek(len(replay.cursor))
    words = frame_words(app)
    first = replay.lines()[0]
    assert f"1. {first}"[:12] not in words
    for _ in range(30):
        key(app, pygame.K_PAGEUP)
    assert f"1. {first}"[:12] in frame_words(app)
    key(app, pygame.K_LEFT)                          # a step: the list comes back to its event
    assert replay.log_view.back == 0
    box = replay.log_view.box
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    app.step()
    assert replay.log_view.back == 3


def test_each_event_is_worded_once_per_seat_and_language_and_again_after_a_take_back() -> None:
    view, calls = LogView(), []

    def word(ev):
        calls.append(ev["seq"])
        return i18n.t("ui.pause.resume") + f" {ev['seq']}" if ev["seq"] % 2 else [f"a{ev['seq']}", "", f"b{ev['seq']}"]
    events = [{"seq": i} for i in range(4)]
    assert view.worded(events, word, 0) == ["a0", "b0", "Resume 1", "a2", "b2", "Resume 3"]
    assert view.worded(events + [{"seq": 4}], word, 0)[-2:] == ["a4", "b4"]
    assert calls == [0, 1, 2, 3, 4]                          # the old events were not worded again
    view.worded(events, word, 1)                             # another seat's log: its own words
    assert calls[5:] == [0, 1, 2, 3]
    i18n.set_lang("zh-TW")
    assert view.worded(events, word, 0)[2] == i18n.t("ui.pause.resume") + " 1"
    view.forget()                                            # a take-back: the same seq may be a new event
    view.worded(events[:1], word, 0)
    assert calls[-1] == 0 and len(calls) == 14


def test_a_list_of_letters_in_chinese_wraps_after_its_commas_and_stays_in_the_panel() -> None:
    from scenes.ui.text import wrap
    size = (960, 540)
    fr = Frame(size)
    line = "Mei拿到了E、T、IN、EA、T、R、G、S、W、QU、ER、TH，還有3.5張牌。"
    rows = wrap(line, fr.fs(18), 120)
    assert len(rows) > 2                                      # broken after the 、 (it was one unbreakable piece)
    assert all(any(pair in r for r in rows) for pair in ("IN", "EA", "QU", "ER", "TH"))
    assert "3.5" in "".join(rows) and not any(r.startswith(("、", "，")) for r in rows)
    blits, _ = drawn(lambda s: draw_recent(s, fr.r(8, 415, 220, 120), [line], fr.fs(18), fr.px(8)), size)
    assert_fits(blits, size)
    assert "".join(b.text for b in blits) == line


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", SIZES)
def test_a_small_table_log_shows_whole_lines_never_a_lines_tail_alone(lang: str, size: tuple[int, int]) -> None:
    """A panel of about three rows (Paperback's crowded column): the newest line is read
    from its start (a line taller than the panel: its start, the rest scrolled down to), and
    an older line that would be cut at its top is left off rather than shown as a tail."""
    fr = Frame(size)
    box = fr.r(12, 600, 292, 110)
    i18n.set_lang(lang)
    older, newest = f"{LONG[lang]} Zed", f"Bo: {LONG[lang]}"
    view = LogView()
    blits, _ = drawn(lambda s: draw_recent(s, box, ["Ada 1", older, newest], fr.fs(18), fr.px(8), view=view), size)
    rows = [b.text for b in sorted(blits, key=lambda b: b.rect.y)]
    assert rows and newest.startswith(rows[0]), rows          # the newest line's first row, at the top
    assert not any(r.endswith("Zed") for r in rows), rows      # no tail of the older line
    assert_fits(blits)
    view.scroll(-99)                                          # down: the newest line's end
    blits, _ = drawn(lambda s: draw_recent(s, box, ["Ada 1", older, newest], fr.fs(18), fr.px(8), view=view), size)
    assert newest.endswith(sorted(blits, key=lambda b: b.rect.y)[-1].text)
    view.scroll(99)                                           # back: the older line whole, from its start
    view.scroll(99)
    blits, _ = drawn(lambda s: draw_recent(s, box, ["Ada 1", older, newest], fr.fs(18), fr.px(8), view=view), size)
    assert "Ada 1" in [b.text for b in blits]
