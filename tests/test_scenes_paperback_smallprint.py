"""Paperback's card faces and the lines saying what ends the game at 960x540 in both languages, classic and with every option
that adds cards: a table of bots plays on, and each card's small print (its ¢, its price,
its Fame, its ability tag, a mark, a power's name) is drawn whole at the readable minimum
or more (`fr.min_fs`), or left off for the hover line, never shrunk below it nor cut
with "…"."""
from __future__ import annotations

import pytest

from engine.core.session import LocalSession
from engine.paperback.rules import PaperbackRules
from scenes.paperback.cards import ability_tag, cards_of
from scenes.paperback.table import PaperbackScene
from scenes.ui.draw import record_text
from scenes.ui.i18n import t
from support.scenes import english_after, frames_while_bots_play, make_app  # noqa: F401 (english_after: autouse)

RULES = PaperbackRules()
OPTIONS = {"powers": True, "attacks": True, "awards": True, "themes": True, "space_dyslexia": True,
           "discard_cube": True, "offer_discount": True}


def card_print(view: dict) -> set[str]:
    """Every text a card face of this game may carry in small print."""
    cards = cards_of(view)
    out = {ability_tag(c) for c in cards.values()} - {""}
    out |= {t(f"paperback.card.{c.power}") for c in cards.values() if c.power}
    out |= {t("paperback.card.cost", cost=n) for n in range(0, 30)}
    out |= {t("paperback.ui.fame_short", fame=n) for n in range(0, 30)}
    out |= {t(f"paperback.ui.mark.{m}") for m in ("trash", "pick")}
    return out


@pytest.mark.parametrize("lang", ("en", "zh-TW"))
@pytest.mark.parametrize("options", ({}, OPTIONS), ids=("classic", "options"))
def test_card_small_print_reads_whole_at_960x540(lang, options):
    size = (960, 540)
    app = make_app(size, lang)
    players = [{"name": n, "kind": "bot", "level": "easy"} for n in ("Mei", "Ada", "Bo")]
    session = LocalSession(RULES, 3, {"start": 0, **options}, 3, players, log=False)
    scene = PaperbackScene(app, session)
    app.stack.push(scene)
    app.step()
    least = round(18 * min(size[0] / 1280, size[1] / 720))
    words = card_print(scene.view)
    words |= {w.replace(" ", "") for w in words}
    ends_at = [t(k, empty="{", of="{", left="{") for k in ("paperback.ui.end.fame", "paperback.ui.end.commons")]
    seen: set[str] = set()
    bad: list = []
    for blits in frames_while_bots_play(app, scene, 120):
        for b in blits:
            whole = b.text.rstrip("…")
            ends = b.text.startswith(tuple(x.split("{")[0] for x in ends_at))
            if ends or b.text in words or (b.text.endswith("…") and any(w.startswith(whole) for w in words)):
                seen.add(b.text)
                if b.size < least or b.text.endswith("…") or not b.fits:
                    bad.append((b.text, b.size, tuple(b.rect), tuple(b.box)))
    assert not bad, bad[:6]
    assert any(x.startswith(ends_at[1].split("{")[0]) for x in seen), "the end lines were not drawn"
    assert any(x.endswith("¢") for x in seen), "no card's ¢ was drawn: the check would be vacuous"


@pytest.mark.parametrize("size", ((960, 540), (1280, 720)))
@pytest.mark.parametrize("lang", ("en", "zh-TW"))
@pytest.mark.parametrize("mark", ("pick", "trash"))
def test_a_marked_card_says_its_mark_and_keeps_its_letters_in_sight(mark, lang, size):
    """A card picked to buy or to trash: the mark's word ('Buy', '購買', ...) is drawn whole
    on its foot, clear of the letters (it was a blank band across them: 'Buy' did not fit)."""
    import pygame
    from scenes.paperback.cards import draw_card
    from scenes.paperback.layout import MARKET_CARD
    from scenes.ui import i18n
    from scenes.ui.geometry import Frame
    from support.fits import unreadable
    pygame.init()
    i18n.set_lang(lang)
    fr, surface = Frame(size), pygame.Surface(size)
    card = cards_of(PaperbackRules().view(PaperbackRules().initial(2, {"start": 0}), None))
    es = next(c for c in card.values() if c.letters == "es")
    rect = fr.r(100, 100, *MARKET_CARD)
    with record_text() as blits:
        draw_card(surface, rect, es, fr, cost=True, mark=mark)
    word = [b for b in blits if b.text == t(f"paperback.ui.mark.{mark}")]
    letters = [b for b in blits if b.text.lower() == "es"]
    assert word and letters, [b.text for b in blits]
    assert not word[0].rect.colliderect(letters[0].rect)
    assert not unreadable(word)
