"""The table as everyone may see it: every seat's cards (face down unless revealed), the
playground (flipped cards face up), the hooky pile, every question; and, once the game
is over, everything turned up with each seat's score broken down. Used by the replay
viewer, by the screen between two people's turns, and by the end-of-game reveal."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.common.names import winners_text
from scenes.hooky.widgets import PANEL, Frame, cards_row, draw_card, seat_name
from scenes.hooky.worksheet import draw_questions
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.i18n import t


def round_text(view: dict) -> str:
    if view.get("phase") == "clue":
        return t("hooky.ui.clues")
    return t("hooky.ui.round_of", n=max(1, int(view.get("round") or 1)), total=6)


def seat_cards(view: dict, seat: int) -> list[tuple[str | None, bool]]:
    """The seat's cards as the view shows them: (letter or None for a back, revealed)."""
    revealed = list((view.get("revealed") or [[]] * (seat + 1))[seat])
    result = view.get("result")
    if result:
        hand = list(result["hands"][seat])
        return [(c, c in revealed) for c in hand]
    if view.get("seat") == seat and view.get("hand"):
        return [(c, c in revealed) for c in view["hand"]]
    hidden = int((view.get("hidden_counts") or [0] * (seat + 1))[seat])
    return [(c, True) for c in revealed] + [(None, False)] * hidden


def pile_cards(view: dict, which: str) -> list[str | None]:
    result = view.get("result")
    if which == "playground":
        if result:
            return list(result["playground"])
        flipped = list(view.get("flipped") or [])
        return flipped + [None] * (int(view.get("playground_size", 0)) - len(flipped))
    if result:
        return list(result["hooky"])
    return [None] * int(view.get("hooky_size", 3))


def draw_seat(surface: pygame.Surface, box: pygame.Rect, fr: Frame, view: dict, seat: int, players: Any, *,
              active: bool = False, score: str | None = None) -> None:
    colour = style.seat_colour(seat)
    pygame.draw.rect(surface, style.BG_3 if active else PANEL, box, border_radius=fr.px(10))
    if active:
        pygame.draw.rect(surface, colour, box, max(2, fr.px(4)), border_radius=fr.px(10))
    pad = fr.px(8)
    name_h = fr.px(32)
    score_w = fr.px(64) if score is not None else 0
    text_in(surface, seat_name(players, seat), pygame.Rect(box.x + pad, box.y + pad // 2, box.w - 2 * pad - score_w, name_h),
            fr.fs(22), colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    if score is not None:
        text_in(surface, score, pygame.Rect(box.right - pad - score_w, box.y + pad // 2, score_w, name_h),
                fr.fs(26), style.INK, bold=True, align="right", min_size=fr.min_fs)
    cards = seat_cards(view, seat)
    area = pygame.Rect(box.x + pad, box.y + name_h + pad, box.w - 2 * pad, box.h - name_h - 2 * pad)
    for (letter, up), r in zip(cards, cards_row(area, len(cards), fr.px(56), fr.px(5))):
        draw_card(surface, r, letter, fr, revealed=up and letter is not None)


def draw_pile(surface: pygame.Surface, box: pygame.Rect, fr: Frame, title: str, cards: list[str | None],
              colour: tuple[int, int, int]) -> None:
    pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(10))
    pad = fr.px(8)
    title_h = fr.px(30)
    text_in(surface, title, pygame.Rect(box.x + pad, box.y + pad // 2, box.w - 2 * pad, title_h), fr.fs(21),
            colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    area = pygame.Rect(box.x + pad, box.y + title_h + pad, box.w - 2 * pad, box.h - title_h - 2 * pad)
    for letter, r in zip(cards, cards_row(area, len(cards), fr.px(56), fr.px(5))):
        draw_card(surface, r, letter, fr)


def draw_table(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, view: dict, players: Any) -> None:
    """The public table inside `rect`: seats on top, the piles and the round, then every
    question. Draws only what `view` holds (the table's view shows no secret)."""
    rect = pygame.Rect(rect)
    n = int(view["seats"])
    pad = fr.px(8)
    seats_h = min(fr.px(150), rect.h * 30 // 100)
    gap = pad
    cw = (rect.w - gap * (n - 1)) // n
    over = bool(view.get("ended"))
    scores = (view.get("result") or {}).get("scores") if over else None
    for s in range(n):
        box = pygame.Rect(rect.x + s * (cw + gap), rect.y, cw, seats_h)
        draw_seat(surface, box, fr, view, s, players, active=s in (view.get("to_act") or []),
                  score=str(scores[s]) if scores else None)
    mid = pygame.Rect(rect.x, rect.y + seats_h + pad, rect.w, min(fr.px(120), rect.h * 22 // 100))
    rw = mid.w // 4
    rbox = pygame.Rect(mid.x, mid.y, rw - pad, mid.h)
    pygame.draw.rect(surface, PANEL, rbox, border_radius=fr.px(10))
    text_in(surface, round_text(view), rbox.inflate(-2 * pad, -2 * pad), fr.fs(34), style.ACCENT, bold=True,
            min_size=fr.min_fs)
    pw = (mid.w - rw - pad) // 2
    draw_pile(surface, pygame.Rect(mid.x + rw, mid.y, pw, mid.h), fr, t("hooky.ui.place.playground"),
              pile_cards(view, "playground"), style.INK)
    draw_pile(surface, pygame.Rect(mid.x + rw + pw + pad, mid.y, mid.right - (mid.x + rw + pw + pad), mid.h), fr,
              t("hooky.ui.place.hooky"), pile_cards(view, "hooky"), style.ACCENT)
    qrect = pygame.Rect(rect.x, mid.bottom + pad, rect.w, rect.bottom - mid.bottom - pad)
    if qrect.h > fr.px(90):
        draw_questions(surface, qrect, fr, view=view, seat=None, players=players)


# ---- the end of the game ---------------------------------------------------------------
BREAKDOWN_COLS = (("r4", 4), ("r5", 5), ("r6", 6), ("letters", None), ("exact", None), ("total", None))


def breakdown_values(b: dict) -> list[int]:
    hooky = b.get("hooky") or {}
    vals = [int(hooky.get(str(r), hooky.get(r, 0)) or 0) for r in (4, 5, 6)]
    return vals + [int(b.get("letters", 0)), int(b.get("exact", 0)), int(b.get("total", 0))]


def draw_final(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, view: dict, players: Any) -> None:
    """Everything turned up: the hooky letters and playground, each hand, and each seat's
    points (hooky guesses after rounds 4, 5, 6; letters named right; exact hands; total),
    the winners and the tie-break that decided."""
    result = view.get("result") or {}
    n = int(view["seats"])
    pad = fr.px(8)
    winners = [int(w) for w in result.get("winners") or []]
    head = pygame.Rect(rect.x, rect.y, rect.w, fr.px(56))
    colour = style.seat_colour(winners[0]) if len(winners) == 1 else style.ACCENT
    text_in(surface, winners_text(players, winners), head,
            fr.fs(40), colour, bold=True, min_size=fr.min_fs)
    y = head.bottom
    tb = result.get("tiebreak")
    if tb:
        text_in(surface, t("ui.results.tiebreak", rule=t(tb)), pygame.Rect(rect.x, y, rect.w, fr.px(30)), fr.fs(22),
                style.ACCENT, min_size=fr.min_fs, ellipsis=True)
    y += fr.px(34)
    piles = pygame.Rect(rect.x, y, rect.w, fr.px(100))
    half = (piles.w - pad) // 2
    draw_pile(surface, pygame.Rect(piles.x, piles.y, half, piles.h), fr, t("hooky.ui.place.hooky"),
              pile_cards(view, "hooky"), style.ACCENT)
    draw_pile(surface, pygame.Rect(piles.x + half + pad, piles.y, piles.w - half - pad, piles.h), fr,
              t("hooky.ui.place.playground"), pile_cards(view, "playground"), style.INK)
    # the score table
    table = pygame.Rect(rect.x, piles.bottom + pad, rect.w, rect.bottom - piles.bottom - pad)
    pygame.draw.rect(surface, PANEL, table, border_radius=fr.px(10))
    name_w, hand_w = fr.px(190), fr.px(330)
    col_w = (table.w - name_w - hand_w - 2 * pad) // len(BREAKDOWN_COLS)
    row_h = min(fr.px(64), (table.h - fr.px(40)) // max(1, n))
    hy = table.y + pad // 2
    x0 = table.x + pad + name_w + hand_w
    for i, (key, _r) in enumerate(BREAKDOWN_COLS):
        text_in(surface, t(f"hooky.ui.col.{key}"), pygame.Rect(x0 + i * col_w, hy, col_w - fr.px(4), fr.px(32)),
                fr.fs(19), style.INK_DIM, min_size=fr.min_fs, ellipsis=True)
    breakdown = result.get("breakdown") or []
    for s in range(n):
        ry = hy + fr.px(36) + s * row_h
        row = pygame.Rect(table.x + pad, ry, table.w - 2 * pad, row_h - fr.px(4))
        if s in winners:
            pygame.draw.rect(surface, style.BG_3, row, border_radius=fr.px(8))
        c = style.seat_colour(s)
        pygame.draw.rect(surface, c, (row.x, row.y + 4, max(3, fr.px(6)), row.h - 8))
        text_in(surface, seat_name(players, s), pygame.Rect(row.x + fr.px(12), row.y, name_w - fr.px(16), row.h),
                fr.fs(24), c, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        cards = seat_cards(view, s)
        area = pygame.Rect(row.x + name_w, row.y + fr.px(4), hand_w - pad, row.h - fr.px(8))
        for (letter, up), r in zip(cards, cards_row(area, len(cards), fr.px(44), fr.px(4))):
            draw_card(surface, r, letter, fr, revealed=up)
        vals = breakdown_values(breakdown[s]) if s < len(breakdown) else [0] * len(BREAKDOWN_COLS)
        for i, v in enumerate(vals):
            last = i == len(vals) - 1
            text_in(surface, str(v), pygame.Rect(x0 + i * col_w, row.y, col_w - fr.px(4), row.h),
                    fr.fs(36 if last else 24), style.INK if last else style.INK_DIM, bold=last, min_size=fr.min_fs)
