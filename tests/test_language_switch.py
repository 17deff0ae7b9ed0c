"""Switching the language mid-game (Settings over the pause menu) says every text on the
table again at once, in every game: the sentence at the table's centre, the message of a
refused move, the status lines, the log, not only what the next event brings. Each
text drawn after the switch is either one a table freshly opened in the new language
draws too, or one not written in the old language's script (nothing is left over from
it); the refusal is drawn in the new language. Both ways, at both sizes."""
from __future__ import annotations

from argparse import Namespace
from typing import Any

import re

import pytest

from engine.core.errors import RuleError
from scenes import registry
from scenes.app import _play_setup
from scenes.ui import i18n
from scenes.ui.draw import record_text
from support.scenes import english_after, make_app, redraw  # noqa: F401

GAMES = registry.playable()
NAMES = ("Mei", "Ada", "Bo", "Dee", "Eve")


def in_script(text: str, lang: str) -> bool:
    """Is `text` written in `lang`'s script (Chinese characters, or a Latin word)?"""
    if lang == "zh-TW":
        return bool(re.search(r"[\u3400-\u9fff]", text))
    return bool(re.search(r"[A-Za-z]{3,}", text))


def drawn(app: Any) -> list[str]:
    with record_text() as blits:
        redraw(app)
    return [b.text for b in blits]


def at_a_persons_turn(app: Any, game: str) -> tuple[Any, Any]:
    """One person and bots, the bots played until the person acts."""
    args = Namespace(game=game, variant=None, seats=None, bots=None, level="easy", seed=5, game_options=None)
    setup = _play_setup(app, args)
    for i, p in enumerate(setup["players"]):
        p["name"] = NAMES[i]
    session = app.start_game(game, setup)
    scene = app.stack.top
    for _ in range(3000):
        if 0 in session.to_act() and app.stack.top is scene and scene.still():
            break
        if scene.bots.thinking:
            scene.bots.wait(30)
        app.step()
    assert 0 in session.to_act() and app.stack.top is scene, game
    return session, scene


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("langs,size", [(("en", "zh-TW"), (1280, 720)), (("zh-TW", "en"), (960, 540))])
def test_every_text_on_a_table_changes_language_at_once(game: str, langs: tuple[str, str], size) -> None:
    old, new = langs
    app = make_app(size, old)
    session, scene = at_a_persons_turn(app, game)
    refused = not scene.submit({"type": "no_such_move", "seat": 0})          # a refusal's message
    assert refused and scene.message is not None
    try:
        session.submit({"type": "no_such_move", "seat": 0})
    except RuleError as e:
        said_new = e.message(new)
    app.set_lang(new)                                                        # as Settings does
    after = drawn(app)
    assert scene.message is not None and scene.message[0] == said_new       # the refusal, said again
    fresh = registry.plugin(game).game_scene(app, session)                  # the same table, opened now
    fresh.hot.viewer = scene.hot.viewer
    app.stack.push(fresh)
    fresh_words = set(drawn(app))
    app.stack.pop()
    left = [w for w in after if in_script(w, old) and w not in fresh_words]
    assert not left, (game, left)
    session.close()
