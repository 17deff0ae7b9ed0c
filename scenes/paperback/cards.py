"""Paperback's card faces and their words: a letter card shows its letters large, its ¢
in a word, its cost where it is for sale and a short tag for its ability (the full
sentence is the catalog's `paperback.ability.<kind>`); a wild shows the letter it was
laid as, or a star; a common card is a gold vowel. Colours follow the market's cost
piles (cheap cards cool, dear ones warm), so a card's price reads at a glance."""
from __future__ import annotations

from typing import Any

import pygame

from engine.paperback.content import CardDef
from engine.paperback.state import view_box
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.text import band, fit_size, inked, line_step, width, wrap
from scenes.ui.i18n import t

Colour = tuple[int, int, int]

PAPER: Colour = (244, 238, 222)          # a letter card's face
WILD: Colour = (255, 214, 120)           # Fame cards and the starting wilds
COMMON: Colour = (250, 228, 96)          # the commons
BAND: dict[str, Colour] = {              # the cost band across a card's top, by pile
    "start": (140, 148, 168), "p2": (120, 190, 230), "p3": (96, 180, 140), "p4": (150, 200, 90),
    "p5": (230, 190, 70), "p6": (235, 140, 60), "p7": (220, 100, 90), "p8": (190, 110, 200),
}
INK_CARD: Colour = (26, 24, 32)
INK_SOFT: Colour = (70, 66, 80)
MARK_TRASH: Colour = (215, 60, 50)
MARK_PICK: Colour = (40, 160, 90)


def cards_of(view: dict) -> dict[str, CardDef]:
    """Card id -> card for the game this view belongs to."""
    return view_box(view)


def shown_letters(text: str) -> str:
    """Letters as printed on a card: capitals, QU as "Qu"."""
    return "Qu" if text == "qu" else text.upper()


def ability_text(card: CardDef) -> str:
    """The card's ability in a sentence (current language)."""
    a = card.ability
    return t(f"paperback.ability.{a.kind}", n=a.n, length=a.length)


def ability_tag(card: CardDef) -> str:
    """A few characters for the card's face ("" for none)."""
    a = card.ability
    if a.kind == "-" or card.wild or card.kind == "common":
        return ""
    return t(f"paperback.ui.tag.{a.kind}", n=a.n, length=a.length)


def describe(card: CardDef) -> str:
    """One line for the info strip: what the card is, costs, earns and does."""
    if card.wild:
        return t("paperback.ui.about.wild", fame=card.fame)
    if card.kind == "common":
        return t("paperback.ui.about.common", letter=card.letters.upper(), fame=card.fame)
    return t("paperback.ui.about.card", letters=shown_letters(card.letters), cost=card.cost, cents=card.cents,
             ability=ability_text(card))


def band_colour(card: CardDef) -> Colour:
    if card.kind == "start":
        return BAND["start"]
    return BAND.get(card.pile or "", BAND["start"])


def small_print(surface: pygame.Surface, text: str, box: pygame.Rect, size: int, fr: Frame,
                colour: Colour = INK_CARD, *, bold: bool = False, align: str = "center") -> int:
    """A card's small print (a price, a tag, a mark) at a readable size (`fr.min_fs` or
    more) when it fits `box` whole, else left off: the card's full line reads on hover and
    focus (`describe`). The width it took (0: left off)."""
    least = fr.min_fs
    s = fit_size(text, max(size, least), box.w, box.h, bold, least)
    if width(text, s, bold) > box.w or inked(text, s, INK_CARD, bold)[1].h > box.h:
        return 0
    return text_in(surface, text, box, s, colour, bold=bold, align=align, min_size=least).w  # type: ignore[arg-type]


def _para_fits(text: str, size: int, box: pygame.Rect) -> bool:
    """Does bold `text`, wrapped at `size`, fit `box` whole?"""
    lines = wrap(text, size, box.w, True)
    return (all(width(ln, size, True) <= box.w for ln in lines)
            and (len(lines) - 1) * line_step(size, True) + band(size, True)[1] <= box.h)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: CardDef, fr: Frame, *,
              laid_as: str | None = None, cost: bool = False, lifted: bool = False,
              mark: str | None = None, dim: bool = False, asking: bool = False, bare: bool = False) -> None:
    """One card face in `rect`. `laid_as`: the letters it is laid as (a wild's letter, QU,
    a flipped pair); `cost`: show the price (for sale); `mark`: "trash" | "pick" (a red or
    green ring and a corner word); `dim`: not usable now; `asking`: a wild waiting for its
    letter; `bare`: the letters alone, no small print (a picture, not a card to read)."""
    rad = max(3, rect.w // 9)
    if card.wild:
        face = WILD
    elif card.kind == "common":
        face = COMMON
    else:
        face = PAPER
    if dim:
        face = tuple(int(c * 0.62) for c in face)        # type: ignore[assignment]
    pygame.draw.rect(surface, face, rect, border_radius=rad)
    band_h = max(4, rect.h // 5, min(rect.h // 4, inked("9¢", fr.min_fs, INK_CARD, True)[1].h + 2))
    top = pygame.Rect(rect.x, rect.y, rect.w, band_h)
    if not card.wild and card.kind != "common":
        pygame.draw.rect(surface, band_colour(card), top, border_top_left_radius=rad, border_top_right_radius=rad)
    edge = style.ACCENT if lifted or asking else (40, 40, 52)
    pygame.draw.rect(surface, edge, rect, max(2, fr.px(4 if lifted or asking else 2)), border_radius=rad)
    pad = max(2, rect.w // 14)
    small = max(fr.fs(16), min(fr.fs(22), rect.h // 6))
    corner = pygame.Rect(rect.x + pad, rect.y + 1, rect.w - 2 * pad, band_h)
    if bare:
        body = pygame.Rect(rect.x + pad, rect.y + band_h, rect.w - 2 * pad, rect.h - 2 * band_h)
        text_in(surface, shown_letters(laid_as or card.letters) or "★", body, max(18, int(rect.h * 0.5)), INK_CARD,
                bold=True, min_size=18)
        return
    if cost and (card.cost or card.kind == "market"):     # (an Offer discount may bring it to 0¢)
        small_print(surface, t("paperback.card.cost", cost=card.cost), corner, small, fr, bold=True, align="left")
    if card.wild or card.kind == "common":
        small_print(surface, t("paperback.ui.fame_short", fame=card.fame), corner, small, fr, bold=True,
                    align="right")
    # the letters, large
    if card.wild:
        big = shown_letters(laid_as) if laid_as else ("?" if asking else "★")
    elif card.power:                        # Space Bar, Dyslexia: the power's name, no letter
        big = ""
        body = pygame.Rect(rect.x + pad, rect.y + band_h, rect.w - 2 * pad, rect.h - 2 * band_h)
        name = t(f"paperback.card.{card.power}")      # whole and readable, or left to the hover line
        if _para_fits(name, fr.min_fs, body):
            text_in(surface, name, body, max(fr.min_fs, rect.h // 6), INK_CARD, bold=True, wrap_lines=True,
                    min_size=fr.min_fs)
    else:
        big = shown_letters(laid_as or card.letters)
    body = pygame.Rect(rect.x + pad, rect.y + band_h, rect.w - 2 * pad, rect.h - 2 * band_h)
    ink = (170, 90, 20) if card.wild and laid_as else INK_CARD
    text_in(surface, big, body, max(fr.fs(18), int(rect.h * (0.5 if len(big) < 2 else 0.4))), ink, bold=True,
            min_size=fr.min_fs)
    # the foot: ¢ in a word, and the ability's tag
    foot = pygame.Rect(rect.x + pad, rect.bottom - band_h - 1, rect.w - 2 * pad, band_h)
    used = 0
    if not card.wild:
        used = small_print(surface, t("paperback.card.cost", cost=card.cents), foot, small, fr, bold=True, align="left")
    tag = ability_tag(card)
    if tag:                         # beside the ¢, or left off (the ability reads on hover)
        gap = fr.px(4) if used else 0
        tag_box = pygame.Rect(foot.x + used + gap, foot.y, foot.w - used - gap, foot.h)
        small_print(surface, tag, tag_box, small, fr, INK_SOFT, align="right")
    if mark:
        colour = MARK_TRASH if mark == "trash" else MARK_PICK
        pygame.draw.rect(surface, colour, rect.inflate(fr.px(6), fr.px(6)), max(3, fr.px(5)), border_radius=rad + 2)
        word = t(f"paperback.ui.mark.{mark}")      # (on the foot, tall enough for its word: the letters stay seen)
        label_h = min(rect.h // 3, max(band_h, inked(word, fr.min_fs, style.INK, True)[1].h + fr.px(6)))
        label = pygame.Rect(rect.x, rect.bottom - label_h, rect.w, label_h)
        pygame.draw.rect(surface, colour, label, border_bottom_left_radius=rad, border_bottom_right_radius=rad)
        small_print(surface, word, label, small, fr, style.INK, bold=True)


def draw_back(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, label: str = "") -> None:
    """A face-down card (a deck, a pile's hidden cards), with a count or word on it."""
    rad = max(3, rect.w // 9)
    pygame.draw.rect(surface, (92, 60, 120), rect, border_radius=rad)
    pygame.draw.rect(surface, (200, 180, 230), rect.inflate(-fr.px(8), -fr.px(8)), max(1, fr.px(2)),
                     border_radius=rad)
    if label:
        text_in(surface, label, rect.inflate(-fr.px(10), -fr.px(10)), fr.fs(22), style.INK, bold=True,
                min_size=fr.min_fs, ellipsis=True)


def draw_slot(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, label: str = "",
              colour: Any = None) -> None:
    """An empty place for a card (a bought-out pile, the word row's next place)."""
    rad = max(3, rect.w // 9)
    pygame.draw.rect(surface, colour or style.BG_3, rect, max(1, fr.px(2)), border_radius=rad)
    if label:
        text_in(surface, label, rect.inflate(-fr.px(6), -fr.px(6)), fr.fs(18), style.INK_DIM, wrap_lines=True,
                min_size=fr.min_fs, ellipsis=True)
