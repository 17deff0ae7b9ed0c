"""Wooolf!!'s pieces drawn: a role card face down or face up (its role, the public identity
in the small circle, its value; large cards also their targets), a flip (a card's width
through zero), a role marker in the peeker's colour, an answered question card, X tokens
and the points. Everything here only draws."""
from __future__ import annotations

import pygame

from engine.wooolf.content import content
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import band, line_step, paragraph, width, wrap

Colour = tuple[int, int, int]

ROLE_COLOURS: dict[str, Colour] = {
    "wolf": (150, 52, 48), "shepherd": (52, 96, 170), "hunter": (40, 120, 72),
    "hound": (160, 104, 40), "sheep": (222, 214, 190), "unknown": (96, 100, 120),
}
BACK: Colour = (64, 42, 96)
BACK_EDGE: Colour = (150, 120, 200)
PEEKED_EDGE: Colour = style.ACCENT
YES: Colour = (34, 120, 78)
NO: Colour = (150, 50, 44)
RED_X: Colour = (235, 70, 60)
BLACK_X: Colour = (12, 12, 16)


def draw_back(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, edge: Colour | None = None) -> None:
    """A role card face down: the night sky and a moon."""
    rad = max(3, rect.w // 8)
    pygame.draw.rect(surface, BACK, rect, border_radius=rad)
    pygame.draw.rect(surface, edge or BACK_EDGE, rect, max(2, fr.px(2 if edge is None else 4)), border_radius=rad)
    r = max(3, min(rect.w, rect.h) // 5)
    c = (rect.centerx, rect.y + rect.h * 2 // 5)
    pygame.draw.circle(surface, (236, 228, 180), c, r)
    pygame.draw.circle(surface, BACK, (c[0] + r // 2, c[1] - r // 3), r)


def draw_face(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, card: str, edge: Colour | None = None) -> None:
    """A role card face up. Small cards show the role's mark; large ones (at least 90
    design px wide) the public identity, the value and the role's name, and from 130
    design px its targets too."""
    c = content().cards[card]
    fill = ROLE_COLOURS[c.role]
    ink = style.ink_on(fill)
    rad = max(3, rect.w // 8)
    pygame.draw.rect(surface, fill, rect, border_radius=rad)
    pygame.draw.rect(surface, edge or style.INK, rect, max(2, fr.px(2 if edge is None else 4)), border_radius=rad)
    big = rect.w >= fr.px(90)
    pad = max(2, rect.w // 12)
    circle_d = max(8, round(rect.w * (0.3 if big else 0.44)))
    circle = pygame.Rect(rect.x + pad, rect.y + pad, circle_d, circle_d)
    pub = ROLE_COLOURS[c.public]
    pygame.draw.ellipse(surface, pub, circle)
    pygame.draw.ellipse(surface, style.INK if pub != ROLE_COLOURS["sheep"] else style.INK_DARK, circle, max(1, fr.px(2)))
    value = content().roles[c.role].value
    vbox = pygame.Rect(rect.right - pad - circle_d, rect.y + pad, circle_d, circle_d)
    if big:
        text_in(surface, t(f"wooolf.mark.{c.public}"), circle.inflate(-2, -2), fr.fs(18), style.ink_on(pub),
                bold=True, min_size=fr.min_fs, ellipsis=True)
        text_in(surface, str(value), vbox, fr.fs(26), ink, bold=True, min_size=fr.min_fs)
        role = t(f"wooolf.role.{c.role}")
        name_w = rect.w - 2 * pad
        rows = min(2, len(wrap(role, fr.fs(22), name_w, True)))       # as tall as the name needs
        name_h = min(round(rect.h * 0.34), (rows - 1) * line_step(fr.fs(22), True) + band(fr.fs(22), True)[1] + pad)
        name = pygame.Rect(rect.x + pad, circle.bottom + pad, name_w, name_h)
        text_in(surface, role, name, fr.fs(22), ink, bold=True, min_size=fr.min_fs,
                wrap_lines=True, max_lines=2, ellipsis=True)
        if rect.w < fr.px(130):
            return
        targets = content().roles[c.role].targets
        words = t("wooolf.ui.targets_short", first=t(f"wooolf.role.{targets[0]}")) if len(targets) == 1 else \
            t("wooolf.ui.targets_two", first=t(f"wooolf.role.{targets[0]}"), second=t(f"wooolf.role.{targets[1]}"))
        tbox = pygame.Rect(rect.x + pad, name.bottom + pad, rect.w - 2 * pad, rect.bottom - pad - name.bottom - pad)
        size, lines = paragraph(words, fr.fs(18), tbox.w, tbox.h, min_size=fr.min_fs)
        if (len(lines) - 1) * line_step(size) + band(size)[1] <= tbox.h and all(width(ln, size) <= tbox.w for ln in lines):
            text_in(surface, words, tbox, fr.fs(18), ink, min_size=fr.min_fs, wrap_lines=True, valign="bottom")
        # a card too small for its targets whole leaves them out rather than cut them
    else:
        mark = pygame.Rect(rect.x + pad, circle.bottom, rect.w - 2 * pad, rect.bottom - pad - circle.bottom)
        text_in(surface, t(f"wooolf.mark.{c.role}"), mark, fr.fs(22), ink, bold=True, min_size=fr.min_fs,
                ellipsis=True)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, card: str | None, flip: float = 1.0,
              edge: Colour | None = None) -> None:
    """Face down (`card` None) or up; `flip` in 0..1 turns it over (0: still its back,
    0.5: edge on, 1: the face)."""
    if card is None or flip >= 1.0:
        (draw_back(surface, rect, fr, edge) if card is None else draw_face(surface, rect, fr, card, edge))
        return
    w = max(1, round(rect.w * abs(1 - 2 * flip)))
    r = pygame.Rect(rect.centerx - w // 2, rect.y, w, rect.h)
    if flip < 0.5:
        draw_back(surface, r, fr, edge)
    else:
        draw_face(surface, r, fr, card, edge)


def draw_marker(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, by: int, announced: str,
                old: bool = False) -> None:
    """One role marker: the peeker's colour around the identity it announced; an `old`
    marker (laid before its holder shuffled) is hollow."""
    colour = style.seat_colour(by)
    rad = max(3, rect.h // 3)
    if old:
        pygame.draw.rect(surface, style.BG_2, rect, border_radius=rad)
        pygame.draw.rect(surface, colour, rect, max(2, fr.px(3)), border_radius=rad)
        ink = colour
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=rad)
        ink = style.ink_on(colour)
    text_in(surface, t(f"wooolf.mark.{announced}"), rect.inflate(-2, -2), fr.fs(18), ink, bold=True,
            min_size=fr.min_fs, ellipsis=True)


def chip_width(fr: Frame, h: int) -> int:
    return max(h * 2, fr.px(100))


def chip_text(question: str, answer: bool) -> str:
    """An answered question card's words: its short form and the answer ("SHB? YES")."""
    return t("wooolf.ui.chip", q=t(f"wooolf.qshort.{question}"), a=t("wooolf.ui.yes_short" if answer else "wooolf.ui.no_short"))


def draw_chip(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, question: str, answer: bool, by: int) -> None:
    """An answered question card: its short form on YES green or NO red, the asker's colour round it."""
    rad = max(3, rect.h // 4)
    pygame.draw.rect(surface, YES if answer else NO, rect, border_radius=rad)
    pygame.draw.rect(surface, style.seat_colour(by), rect, max(2, fr.px(2)), border_radius=rad)
    text_in(surface, chip_text(question, answer), rect.inflate(-fr.px(4), -2), fr.fs(18), style.INK, bold=True, min_size=fr.min_fs,
            ellipsis=True)


def draw_x_tokens(surface: pygame.Surface, right: int, cy: int, d: int, tokens: list[str]) -> int:
    """X tokens from `right` leftwards, centred on `cy`; returns the left edge used."""
    x = right
    for tok in tokens:
        x -= d
        r = pygame.Rect(x, cy - d // 2, d, d)
        pygame.draw.ellipse(surface, RED_X if tok == "red" else BLACK_X, r)
        pygame.draw.ellipse(surface, style.INK, r, max(1, d // 10))
        k = d // 4
        pygame.draw.line(surface, style.INK, (r.x + k, r.y + k), (r.right - k, r.bottom - k), max(2, d // 8))
        pygame.draw.line(surface, style.INK, (r.right - k, r.y + k), (r.x + k, r.bottom - k), max(2, d // 8))
        x -= max(2, d // 6)
    return x
