"""How to play Paperback: every rule of the basic game in pages, each illustrated by the
table's own renderer on live examples: words laid from real cards and scored by the
engine's scorer (itemised as the table shows it), a dealt table's market, the length
track with its commons (the common card is explained on a page of its own, with a word
that uses it and one that claims it), and the end of the game."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import pygame

from engine.core.rng import Rng
from engine.core.session import LocalSession
from engine.core.turns import view_with_status
from engine.paperback.content import CardDef, content
from engine.paperback.rules import PaperbackRules
from engine.paperback.scoring import Score, score
from scenes.common.howtopage import HowtoPage, Illustrate, example_params
from scenes.paperback import panels
from scenes.paperback.cards import draw_card
from scenes.paperback.cents import draw_cents
from scenes.paperback.layout import PYRAMID_STEP, PYRAMID_W, Places, place_pyramid, place_spread, place_static
from scenes.paperback.pyramid import default_cube, draw_pyramid
from scenes.paperback.roundboard import draw_board
from scenes.ui import style
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t

Laid = Sequence[tuple[str, str, bool]]          # (card id, laid as, the top common by reference)


@lru_cache(maxsize=1)
def sample_view() -> dict:
    """A dealt 3-player table (a fixed seed), as the table sees it."""
    rules = PaperbackRules()
    state = rules.initial(3, {"start": 0})
    for ev in rules.setup(state, Rng(7)):
        rules.apply(state, ev)
    state.commons.remove("cA")                   # the pages' examples use the common A
    state.commons.insert(0, "cA")
    return view_with_status(rules, state, None)


def _box() -> dict[str, CardDef]:
    return content().box(3, True, True)      # the options' cards too (attacks, Space Bar, Dyslexia)


def example_score(laid: Laid) -> Score:
    """The engine's own itemised ¢ for a word laid from these cards."""
    box = _box()
    return score([(box[c], text, ref) for c, text, ref in laid], common_bonus=content().common_bonus, itemise=True)


# the pages' words, from real cards of the box (ids of content/paperback/market.json)
STARTING = (("s0.S", "s", False), ("s0.T", "t", False), ("s0.W1", "e", False), ("s0.R", "r", False),
            ("s0.N", "n", False))                                                      # STERN, a wild as E
PAIRS = (("D17", "qu", False), ("L05", "i", False), ("L22", "c", False), ("L44", "k", False))   # QU card: QUICK
Q_AS_QU = (("L63", "qu", False), ("L06", "i", False), ("s0.T", "t", False))               # Q laid as QU: QUIT
COMMON_USE = (("s0.T", "t", False), ("cA", "a", True), ("s0.N", "n", False))              # TAN with the common A
COMMON_CLAIM = (("s0.S", "s", False), ("s0.T", "t", False), ("cA", "a", True), ("s0.R", "r", False),
                ("s0.W1", "l", False), ("s0.W2", "e", False), ("s0.W3", "t", False))       # STARLET: 7 letters
BONUSES = (("L20", "h", False), ("L36", "a", False), ("L37", "t", False), ("L15", "s", False))   # HATS
FIRST_LAST = (("D03", "th", False), ("L07", "o", False), ("s0.S", "s", False), ("L04", "e", False))  # THOSE
WILD = (("s0.S", "s", False), ("s0.N", "n", False), ("s0.W1", "a", False), ("s0.R", "r", False),
        ("s0.L", "l", False))                                                           # SNARL, a wild as A
ATTACK = (("A08", "p", False), ("cA", "a", True), ("A01", "n", False))     # PAN: put a card back, discard one
SUGGESTED = (("s0.R", "r", False), ("cA", "a", True), ("s0.N", "n", False), ("s0.T", "t", False))  # RANT
THEMED = (("s0.T", "t", False), ("s0.R", "r", False), ("s0.W1", "a", False), ("s0.W2", "i", False),
          ("s0.L", "l", False))                                              # TRAIL: on the Western list


def draw_word(surface: pygame.Surface, area: pygame.Rect, fr: Frame, laid: Laid, note: str = "") -> None:
    """A word laid from cards on the left, its ¢ itemised by the engine on the right."""
    box = _box()
    s = example_score(laid)
    cards_w = area.w * 58 // 100
    n = len(laid)
    h = min(area.h - fr.px(40), fr.px(130))
    w = min(round(h * 0.72), (cards_w - fr.px(8) * (n - 1)) // max(1, n))
    h = round(w / 0.72)
    x = area.x
    y = area.y + (area.h - h) // 2
    for cid, text, ref in laid:
        draw_card(surface, pygame.Rect(x, y, w, h), box[cid], fr, laid_as=text, lifted=ref)
        x += w + fr.px(8)
    word = "".join(text for _, text, _ in laid).upper()
    right = pygame.Rect(area.x + cards_w + fr.px(12), area.y, area.w - cards_w - fr.px(12), area.h)
    right.h = min(right.h, h + fr.px(24))
    right.centery = y + h // 2
    need = content().length_track[0]
    note = note or t("paperback.ui.letters_claim" if s.letters >= need else "paperback.ui.letters", n=s.letters,
                     need=need)
    draw_cents(surface, fr, right, sample_view(), word, style.GOOD, s.items, s.cents, note)


def _word_page(laid: Laid, note_key: str = "") -> Illustrate:
    def draw(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
        draw_word(surface, area, fr, laid, t(note_key, **example_params()) if note_key else "")
    return draw


def _two_words(top: Laid, bottom: Laid) -> Illustrate:
    def draw(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
        half = area.h // 2
        draw_word(surface, pygame.Rect(area.x, area.y, area.w, half - fr.px(4)), fr, top)
        draw_word(surface, pygame.Rect(area.x, area.y + half + fr.px(4), area.w, half - fr.px(4)), fr, bottom)
    return draw


def _pane(surface: pygame.Surface, area: pygame.Rect, draw: Callable[[pygame.Surface, Frame, Places], None],
          x: int, y: int, w: int, h: int) -> None:
    """Draw part of the table (design rect x, y, w, h) scaled into `area`."""
    k = min(area.w / w, area.h / h)
    fr = Frame.of_scale(k)
    fr.ox = area.x - x * k + (area.w - w * k) / 2
    fr.oy = area.y - y * k + (area.h - h * k) / 2
    p = place_static(fr, 3)
    place_spread(fr, p, panels.spread_letters(sample_view()))
    draw(surface, fr, p)


def _market(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
    _pane(surface, area, lambda s, f, p: panels.draw_market(s, f, p, sample_view()), 316, 62, 952, 290)


def _common(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
    left = pygame.Rect(area.x, area.y, area.w * 30 // 100, area.h)
    _pane(surface, left, lambda s, f, p: panels.draw_track(s, f, p, sample_view(), usable=True), 12, 370, 292, 176)
    right = pygame.Rect(left.right + fr.px(12), area.y, area.w - left.w - fr.px(12), area.h)
    _two_words(COMMON_USE, COMMON_CLAIM)(surface, right, fr)


def _end(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
    left = pygame.Rect(area.x, area.y, area.w * 40 // 100, area.h)
    _pane(surface, left, lambda s, f, p: panels.draw_track(s, f, p, sample_view()), 12, 370, 292, 176)
    right = pygame.Rect(left.right + fr.px(12), area.y, area.w - left.w - fr.px(12), area.h)
    _pane(surface, right, lambda s, f, p: panels.draw_players(s, f, p, sample_view(), [{} for _ in range(3)]),
          12, 64, 292, 186)


@lru_cache(maxsize=1)
def coop_view() -> dict:
    """A co-operative table a few turns in (a fixed seed): two front cards bought, cubes on others."""
    rules = PaperbackRules()
    state = rules.initial(3, {"start": 0, "coop": True})
    for ev in rules.setup(state, Rng(7)):
        rules.apply(state, ev)
    for cid in ("f5.1", "f5.2"):
        state.fame["f5"].remove(cid)
    state.coop_cubes.update({"f5.3": 3, "f5.4": 1})
    return view_with_status(rules, state, None)


def _pyramid(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
    """The pyramid as the table draws it, the next cube's card marked."""
    view = coop_view()
    k = min(area.w / PYRAMID_W, area.h / (4 * PYRAMID_STEP))
    w, h = round(PYRAMID_W * k), round(4 * PYRAMID_STEP * k)
    p = Places()
    place_pyramid(Frame.of_scale(k), p, pygame.Rect(area.centerx - w // 2, area.centery - h // 2, w, h))
    draw_pyramid(surface, Frame.of_scale(k), p, view, cube=default_cube(view))


@lru_cache(maxsize=1)
def round_view() -> dict:
    """A simultaneous round just revealed (a fixed seed; the easy bots drafted and spelt),
    as the table sees it."""
    from engine.paperback.bot import PaperbackBot
    session = LocalSession(PaperbackRules(), 3, {"start": 0, "simultaneous": True}, 7, log=False)
    bots = [PaperbackBot("easy", seed=s) for s in range(3)]
    while not (session.view(None).get("simultaneous") or {}).get("revealed"):
        seat = min(session.to_act())
        session.submit(bots[seat].choose(session.view(seat), seat))
    return session.view(None)


def _round(surface: pygame.Surface, area: pygame.Rect, fr: Frame) -> None:
    """Simultaneous play: the round's 10-card Offer in a row, its buy order below (the
    table's own board: the word buying now highlighted)."""
    view = round_view()
    offer = list(view["simultaneous"]["offer"])
    gap = fr.px(10)
    w = min(fr.px(84), (area.w - gap * (len(offer) - 1)) // max(1, len(offer)))
    h = round(w / 0.72)
    x = area.centerx - (len(offer) * (w + gap) - gap) // 2
    box = _box()
    for i, cid in enumerate(offer):
        draw_card(surface, pygame.Rect(x + i * (w + gap), area.y, w, h), box[cid], fr, cost=True)
    tall = 46 + 26 * len(view["simultaneous"]["words"])          # design px: the title and a line a word
    bf = Frame.of_scale(fr.k * min(1.25, (area.h - h - fr.px(16)) / fr.px(tall)))
    board = pygame.Rect(0, 0, bf.px(460), bf.px(tall))
    board.midtop = (area.centerx, area.y + h + fr.px(16))
    draw_board(surface, bf, board, view, [{} for _ in range(3)])


class Page(HowtoPage):
    """One page of paperback's how-to: the shared page, this game's catalog and sizes."""
    game = "paperback"
    text_share_default = 0.45
    text_size = 24
    text_only_size = 26


def howto_pages() -> list[Page]:
    return [
        Page("aim", _word_page(STARTING)),
        Page("turn", _word_page(FIRST_LAST)),
        Page("wilds", _word_page(WILD)),
        Page("pairs", _two_words(PAIRS, Q_AS_QU)),
        Page("common", _common, text_share=0.42),
        Page("abilities", _two_words(FIRST_LAST, BONUSES)),
        Page("market", _market, text_share=0.4),
        Page("end", _end),
        Page("controls"),
        Page("attacks", _word_page(ATTACK)),        # the options, each on its own page
        Page("powers"),
        Page("awards"),
        Page("space_dyslexia"),
        Page("discard_cube"),
        Page("offer_discount"),
        Page("vowel_reshuffle"),
        Page("bounty", _word_page(SUGGESTED, "paperback.howto.bounty.note")),
        Page("themes", _word_page(THEMED, "paperback.howto.themes.note")),
        Page("coop", _pyramid),
        Page("simultaneous", _round),
    ]
