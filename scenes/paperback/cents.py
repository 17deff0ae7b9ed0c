"""The ¢ panel of a word (scenes/paperback): its title and total, the ¢ line by line as the
engine itemised them, and a foot that says the rest (letters, a claim, the draws, a
theme taken, a help cube). Drawn by the table, the help bounty, and the how-to pages."""
from __future__ import annotations

from typing import Sequence

import pygame

from scenes.paperback.cards import cards_of, shown_letters
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import band, line_step, wrap


def item_lines(view: dict, items: Sequence[Sequence]) -> list[tuple[str, int]]:
    """The itemised ¢ of a word as lines (label, ¢): the printed ¢ of its cards in one
    line, then each bonus, the minus and the doubling as the engine listed them."""
    cards = cards_of(view)
    printed = sum(int(c) for key, _, c in items if key == "paperback.score.printed")
    out: list[tuple[str, int]] = []
    if printed:
        out.append((t("paperback.score.printed"), printed))
    for key, cid, cents in items:
        if key == "paperback.score.printed":
            continue
        card = cards.get(cid)
        label = t(key)
        if card is not None and key != "paperback.score.common":
            label = t("paperback.ui.item_of", what=label, card=shown_letters(card.letters))
        out.append((label, int(cents)))
    return out


def foot_plus(foot: str, key: str, **kw: object) -> str:
    """A ¢ panel's foot with one more thing said: catalog line `key` alone, `key`.joined after the rest."""
    return t(f"{key}.joined", text=foot, **kw) if foot else t(key, **kw)


def draw_cents(surface: pygame.Surface, fr: Frame, rect: pygame.Rect, view: dict, title: str,
               title_colour: tuple[int, int, int], items: Sequence[Sequence], total: int | None,
               foot: str = "") -> None:
    """The ¢ panel: a title (the word and whether it counts) with the total beside it, the
    ¢ line by line as the engine itemised them, and a foot (letters, claim, draws)."""
    panel(surface, rect, style.BG_2, radius=fr.px(10))
    inner = rect.inflate(-fr.px(16), -fr.px(10))
    head = fr.px(32)
    total_w = fr.px(76) if total is not None else 0
    text_in(surface, title, pygame.Rect(inner.x, inner.y, inner.w - total_w, head), fr.fs(22), title_colour,
            bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    if total is not None:
        text_in(surface, t("paperback.ui.total", cents=total), pygame.Rect(inner.right - total_w, inner.y, total_w, head),
                fr.fs(30), style.ACCENT, bold=True, align="right", min_size=fr.min_fs)
    y = inner.y + head + fr.px(2)
    line_h = fr.px(22)
    foot_lines = min(2, len(wrap(foot, fr.min_fs, inner.w))) if foot else 0
    foot_h = line_step(fr.min_fs) * (foot_lines - 1) + band(fr.min_fs)[1] + fr.px(2) if foot else 0
    room = inner.bottom - foot_h
    lines = item_lines(view, items)
    for i, (label, cents) in enumerate(lines):
        if y + line_h > room:
            break
        if i < len(lines) - 1 and y + 2 * line_h > room:
            label = t("paperback.ui.more_items", n=len(lines) - i)
            cents = sum(c for _, c in lines[i:])
        amount = t("paperback.ui.cents_signed", cents=f"{cents:+d}")
        aw = fr.px(64)
        text_in(surface, label, pygame.Rect(inner.x, y, inner.w - aw, line_h), fr.fs(18), style.INK_DIM,
                align="left", min_size=fr.min_fs, ellipsis=True)
        text_in(surface, amount, pygame.Rect(inner.right - aw, y, aw, line_h), fr.fs(18), style.INK,
                align="right", min_size=fr.min_fs)
        y += line_h
    if foot:
        text_in(surface, foot, pygame.Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h), fr.fs(18),
                style.INK_DIM, align="left", valign="bottom", wrap_lines=True, max_lines=2, min_size=fr.min_fs,
                ellipsis=True)
