"""Paperback's table reads whole at 960x540 and 1280x720, in both languages, in every way
of playing (classic, every option of the turn game with attacks, powers, awards, themes,
cubes, discounts and the help bounty, the co-operative pyramid, simultaneous play): five
bots play on while every frame's text is recorded, and none is drawn outside its box,
cut short with "…" or below the readable minimum (tests/support/fits.py `unreadable`).
The screens a person drives (spelling, buying, the bounty, the vote, the cube) are read
the same way by the scene tests' `reads`."""
from __future__ import annotations

import pytest

from engine.core.session import LocalSession
from engine.paperback.spec import SHOWCASE
from engine.paperback.rules import PaperbackRules
from scenes.paperback.table import PaperbackScene
from scenes.ui.draw import record_text
from scenes.ui.i18n import t
from support.fits import readable_min, unreadable
from support.scenes import english_after, frames_while_bots_play, make_app, redraw  # noqa: F401 (english_after: autouse)

RULES = PaperbackRules()
NAMES = ["Mei", "Ada", "Bo", "Dee", "Eve"]
WAYS = {"classic": {}, **{name: dict(options) for name, options in SHOWCASE}}
FRAMES = 90


@pytest.mark.parametrize("size", ((960, 540), (1280, 720)))
@pytest.mark.parametrize("lang", ("en", "zh-TW"))
@pytest.mark.parametrize("way", list(WAYS))
def test_every_table_text_reads_whole_while_five_bots_play(way, lang, size):
    app = make_app(size, lang)
    players = [{"name": n, "kind": "bot", "level": "easy"} for n in NAMES]
    session = LocalSession(RULES, 5, {"start": 0, **WAYS[way]}, 3, players, log=False)
    scene = PaperbackScene(app, session)
    app.stack.push(scene)
    app.step()
    thinking = {t("paperback.ui.banner.bot", name=n) for n in NAMES}
    seen: set[str] = set()
    bad: set[tuple] = set()
    for blits in frames_while_bots_play(app, scene, FRAMES):
        seen |= {b.text for b in blits}
        bad |= set(unreadable(blits))
    assert not bad, sorted(bad)[:8]
    assert seen & thinking, "no bot was thinking on the banner: the check would miss its own \"…\""
    assert len(seen) > 60, "too little was drawn to check"


def test_the_readable_minimum_is_the_frames_own():
    """The tests' minimum is the one the table draws with (Frame.min_fs: 18 design px)."""
    from scenes.ui.geometry import Frame
    for size in ((960, 540), (1280, 720), (1920, 1080), (800, 600)):
        assert readable_min(size) == Frame(size).min_fs


@pytest.mark.parametrize("size", ((960, 540), (1280, 720)))
@pytest.mark.parametrize("lang", ("en", "zh-TW"))
@pytest.mark.parametrize("way", ("every", "simultaneous"))
def test_a_crowded_column_keeps_three_log_rows_and_says_how_the_game_ends_beside_the_fame(way, lang, size):
    """Five players with every option: the log keeps room for three rows (the track's two
    lines on how the game ends move beside the Fame piles when it would not), and those
    lines are drawn whole there, clear of every card and label of the market."""
    from scenes.ui import style
    from scenes.ui.text import line_step
    app = make_app(size, lang)
    players = [{"name": n, "kind": "human" if i == 0 else "bot", "level": "easy"} for i, n in enumerate(NAMES)]
    session = LocalSession(RULES, 5, {"start": 1, **WAYS[way]}, 3, players, log=False)
    scene = PaperbackScene(app, session)
    app.stack.push(scene)
    app.step()
    with record_text() as blits:
        redraw(app)
    p, fr = scene.places, scene.fr
    assert p.log.h - 2 * fr.px(8) >= 3 * line_step(fr.fs(18)), (p.log, lang, size)
    ends = {t("paperback.ui.end.commons", left=4).split("4")[0].strip()}
    drawn = [b for b in blits if any(e and e in b.text for e in ends)]
    assert drawn, "the commons line was not drawn"
    if p.ends is not None:
        assert all(p.ends.contains(b.rect) for b in drawn)
        market = [r for _, r in p.fame + p.spread + p.offer] + [p.spread_label, p.fame_label]
        market += [r for pile in p.piles for r in pile[1:]]
        seen = {tuple(app.surface.get_at((x, y))[:3]) for x in range(drawn[0].rect.left, drawn[0].rect.right)
                for y in range(drawn[0].rect.top, drawn[0].rect.bottom)}
        assert style.INK_DIM[:3] in seen, "the lines were drawn over (by the market's panel)"
        assert p.market.contains(p.ends) and not any(p.ends.colliderect(r) for r in market)
        over = [(b.text, b.rect) for b in blits if p.ends.colliderect(b.rect) and not p.ends.contains(b.box)]
        assert not over, (p.ends, over)
    assert not unreadable(blits), unreadable(blits)[:4]
