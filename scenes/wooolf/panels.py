"""Drawing the Wooolf!! table scene (read-only): the banner, the table, its centre (the
round, the early declarations, the last action in a sentence), the hand of the seat on
screen, the action area (what to click next, the question cards, the dial), the
notebook, the log, and at a reveal the sentences that explain it. The rects of the
action area's pieces are functions of the frame, shared with the table's hit targets."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from engine.wooolf.content import content
from scenes.common.logpanel import LogView, draw_recent
from scenes.ui import style
from scenes.ui.buttons import ButtonBar
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import line_step, paragraph, wrap
from scenes.wooolf.cards import draw_face
from scenes.wooolf.narrate import arrow_target, log_line, reveal_lines, short_line
from scenes.wooolf.layout import SeatBox, TableLayout
from scenes.wooolf.notebook import draw_notebook, note_rows
from scenes.wooolf.tableview import Shown, draw_table


class Table(Protocol):
    """What the drawing reads of the table (scenes/wooolf/table.py's WooolfScene)."""
    fr: Frame
    n: int
    players: list[dict]
    view: dict
    lay: TableLayout | None
    bar: ButtonBar
    log_view: LogView
    log_lines: list[str]
    message: Any                       # (scenes/common/turntable.py's Message)
    announce: dict | None
    reveal: dict | None
    reveal_table: dict | None
    q_hits: list[tuple[str, pygame.Rect]]
    dial_hits: list[tuple[int, pygame.Rect]]

    @property
    def viewer(self) -> int | None: ...
    @property
    def ui(self) -> Any: ...           # (table.py's Choice: what this seat is choosing)
    @property
    def level(self) -> str: ...
    @property
    def acting(self) -> bool: ...
    def mode(self) -> str | None: ...
    def name(self, seat: int) -> str: ...
    def on_phone(self, seat: int) -> bool: ...
    def status(self) -> tuple[str, tuple[int, int, int]]: ...
    def shown(self) -> Shown: ...
    def announced(self) -> tuple[str, int | None] | None: ...
    def suspicion(self) -> Any: ...
    def visiting(self) -> bool: ...
    def can_swap(self) -> bool: ...
    def flipping(self) -> bool: ...

HINT_W = 250          # design px of the action area's words, left of its cards


def action_area(fr: Frame) -> pygame.Rect:
    return fr.r(12, 524, 828, 116)


def call_rect(fr: Frame, box: SeatBox) -> pygame.Rect:
    """The button on a declared person's box that calls them to the screen to shuffle:
    the right end of its row of answered question cards."""
    row = box.chips
    w = min(fr.px(116), row.w // 2)
    return pygame.Rect(row.right - w, row.y, w, row.h)


def _pieces(fr: Frame, area: pygame.Rect, n: int) -> list[pygame.Rect]:
    x0 = area.x + fr.px(HINT_W + 8)
    gap = fr.px(8)
    w = (area.right - x0 - gap * (n - 1)) // max(1, n)
    return [pygame.Rect(x0 + i * (w + gap), area.y + fr.px(6), w, area.h - fr.px(12)) for i in range(n)]


def question_rects(fr: Frame, area: pygame.Rect, n: int) -> list[pygame.Rect]:
    return _pieces(fr, area, n)


def question_keys(i: int, n: int) -> str:
    """The key shown on the i-th of n question cards (the table's step_question): ← on the
    first, → on the last."""
    return "← →" if n == 1 else "←" if i == 0 else "→" if i == n - 1 else ""


def dial_rects(fr: Frame, area: pygame.Rect, n: int) -> list[pygame.Rect]:
    return _pieces(fr, area, n)


def draw_scene(surface: pygame.Surface, sc: Table) -> None:
    fr, v = sc.fr, sc.view
    style.fill_background(surface)
    text, colour = sc.status()
    text_in(surface, text, fr.r(16, 10, 950, 50), fr.fs(28), colour, bold=True, align="left", min_size=fr.min_fs,
            ellipsis=True)
    if sc.lay is not None:
        draw_table(surface, sc.lay, fr, sc.reveal_table or v, sc.players, sc.shown())
        _centre(surface, sc.lay.centre, fr, sc)
    _actions(surface, action_area(fr), fr, sc)
    if sc.reveal is not None:
        _reveal(surface, fr.r(852, 72, 416, 636), fr, sc)
    else:
        _hand(surface, fr.r(852, 72, 416, 200), fr, sc)
        if sc.viewer is not None:
            draw_notebook(surface, fr.r(852, 280, 416, 292), fr, v, sc.players, sc.level, sc.suspicion())
            draw_recent(surface, fr.r(852, 580, 416, 128), sc.log_lines, fr.fs(18), fr.px(8), fr.px(10), sc.log_view)
        else:
            draw_recent(surface, fr.r(852, 280, 416, 428), sc.log_lines, fr.fs(18), fr.px(8), fr.px(10), sc.log_view)
    sc.bar.draw(surface, fr)


def _centre(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """The round, its early declarations and the last action; at a reveal, the round
    revealed (not yet the next round's deal, which waits behind it)."""
    v = sc.reveal_table or sc.view
    panel(surface, box, style.BG, radius=fr.px(12), border=style.BG_3)
    pad = fr.px(8)
    inner = box.inflate(-2 * pad, -2 * pad)
    top = pygame.Rect(inner.x, inner.y, inner.w, fr.px(26))
    text_in(surface, t("wooolf.ui.round_info", round=v["round"], of=content().rounds, early=len(v["early"]),
                       need=v["threshold"]), top, fr.fs(19), style.INK_DIM, min_size=fr.min_fs, ellipsis=True,
            wrap_lines=True, max_lines=1)
    if sc.reveal is not None:
        words, who = t("wooolf.log.round_revealed", round=sc.reveal.get("round", v["round"])), None
    else:
        words, who = sc.announced() or ((sc.log_lines or [""])[-1], None)
    colour = style.seat_colour(who) if isinstance(who, int) else style.INK
    room = pygame.Rect(inner.x, top.bottom + pad, inner.w, inner.bottom - top.bottom - pad)
    short = short_line(sc.announce, sc.players, sc.n) if sc.reveal is None and sc.announce is not None else None
    if short and paragraph(words, fr.fs(22), room.w, room.h, True, fr.min_fs, 4, cut=True)[1][-1].endswith("…"):
        words = short                    # a small centre (a full table): the answer must not be cut off
    text_in(surface, words, room, fr.fs(22), colour, bold=True, wrap_lines=True, max_lines=4, min_size=fr.min_fs,
            ellipsis=True)


def _hand(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """The seat on screen's own two cards, identity, targets and what it has left."""
    panel(surface, box, style.BG_2, radius=fr.px(10))
    v, me = sc.view, sc.viewer
    pad = fr.px(8)
    if me is None or not v.get("my_cards"):
        phones = any(sc.on_phone(s) for s in range(sc.n))
        text_in(surface, t("wooolf.ui.table_view_phones" if phones else "wooolf.ui.table_view"), box.inflate(-2 * pad, -2 * pad), fr.fs(22), style.INK_DIM,
                wrap_lines=True, min_size=fr.min_fs, ellipsis=True)
        return
    cw, ch = fr.px(104), fr.px(146)
    for i, card in enumerate(v["my_cards"]):
        draw_face(surface, pygame.Rect(box.x + pad + i * (cw + pad), box.y + pad, cw, ch), fr, card)
    left = pygame.Rect(box.x + pad, box.bottom - pad - fr.px(34), box.w - 2 * pad, fr.px(34))
    left_words = t("wooolf.ui.left", markers=v["markers_left"][me], questions=len(v["my_questions"]))
    red = bool(v["red"][me])
    if red:
        left_words = t("wooolf.ui.left_red", left=left_words)
    text_in(surface, left_words, left, fr.fs(18), style.BAD if red else style.INK_DIM, min_size=fr.min_fs,
            ellipsis=True)
    x = box.x + 3 * pad + 2 * cw
    col = pygame.Rect(x, box.y + pad, box.right - pad - x, ch)
    lh = fr.px(26)
    text_in(surface, t("wooolf.ui.you_are"), pygame.Rect(col.x, col.y, col.w, lh), fr.fs(19), style.INK_DIM,
            align="left", min_size=fr.min_fs, ellipsis=True)
    text_in(surface, t(f"wooolf.role.{v['identity']}"), pygame.Rect(col.x, col.y + lh, col.w, fr.px(36)),
            fr.fs(30), style.seat_colour(me), bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    y = col.y + lh + fr.px(40)
    text_in(surface, t("wooolf.ui.targets"), pygame.Rect(col.x, y, col.w, lh), fr.fs(19), style.INK_DIM,
            align="left", min_size=fr.min_fs, ellipsis=True)
    for i, role in enumerate(v["targets"]):
        y += lh
        text_in(surface, t("wooolf.ui.target_line", arrow=(">", ">>")[i], role=t(f"wooolf.role.{role}")),
                pygame.Rect(col.x, y, col.w, lh), fr.fs(21), style.INK, bold=True, align="left", min_size=fr.min_fs,
                ellipsis=True)


def _hint(sc: Table) -> str:
    v, me = sc.view, sc.viewer
    mode = sc.mode()
    if sc.reveal is not None:
        return t("wooolf.ui.hint.reveal")
    if me is None:
        return ""
    if sc.visiting():
        return t("wooolf.ui.hint.visit", name=sc.name(me))
    if sc.can_swap():
        return t("wooolf.ui.hint.declared_shuffle")
    if not sc.acting:
        return t("wooolf.ui.hint.declared") if me in (v.get("declared") or []) else t("wooolf.ui.hint.wait")
    if mode is None:                 # a red X is told here: the hand's line only names it
        if v["red"][me]:
            return t("wooolf.ui.hint.choose_red")
        # the grey Declare early button explained: not before your second turn
        return t("wooolf.ui.hint.choose" if v.get("can_declare_early") else "wooolf.ui.hint.choose_first")
    if mode == "peek":
        if sc.ui.seat is None:
            return t("wooolf.ui.hint.peek")
        return t("wooolf.ui.hint.peek_card", name=_holder(sc, sc.ui.seat))
    if mode == "ask":
        return t("wooolf.ui.hint.ask")
    if v["phase"] == "final":
        return t("wooolf.ui.hint.final")
    return t("wooolf.ui.hint.must_declare") if v.get("must_declare") else t("wooolf.ui.hint.declare")


def _holder(sc: Table, h: int) -> str:
    return arrow_target(sc.players, h, sc.n)


def _result(surface: pygame.Surface, area: pygame.Rect, fr: Frame, sc: Table, ev: dict) -> None:
    """The seat on screen's peek: the card it saw, face up, and what it announced. It stays
    until Done (the curtain waits for it)."""
    pad = fr.px(8)
    ch = area.h - 2 * pad
    face = pygame.Rect(area.x + pad, area.y + pad, round(ch * 0.72), ch)
    draw_face(surface, face, fr, str(ev["card"]), edge=style.ACCENT)
    words = pygame.Rect(face.right + 2 * pad, area.y + pad, area.right - face.right - 3 * pad, area.h - 2 * pad)
    text = log_line(ev, sc.players, sc.n, sc.viewer) + " " + t(
        "wooolf.ui.result.announced", said=t(f"wooolf.public.{ev.get('announced')}"))
    text_in(surface, text, words, fr.fs(22), style.INK, wrap_lines=True, max_lines=4, align="left",
            min_size=fr.min_fs, ellipsis=True)


def _actions(surface: pygame.Surface, area: pygame.Rect, fr: Frame, sc: Table) -> None:
    panel(surface, area, style.BG_2, radius=fr.px(10))
    if sc.ui.result is not None and sc.viewer is not None:
        _result(surface, area, fr, sc, sc.ui.result)
        return
    pad = fr.px(8)
    mode = sc.mode()
    wide = mode not in ("ask", "declare")
    words_box = pygame.Rect(area.x + pad, area.y + pad, (area.w if wide else fr.px(HINT_W)) - 2 * pad, area.h - 2 * pad)
    if sc.message is not None:
        text, kind = sc.message
        colour = style.BAD if kind == "error" else style.GOOD
    else:
        text, colour = _hint(sc), style.INK
    text_in(surface, text, words_box, fr.fs(20), colour, wrap_lines=True, max_lines=4, align="left",
            min_size=fr.min_fs, ellipsis=True)
    ui = sc.ui
    if mode == "ask":
        n = len(sc.q_hits)
        for i, (q, r) in enumerate(sc.q_hits):
            chosen = ui.q_index == i
            ink = style.INK_DARK if chosen else style.INK
            panel(surface, r, style.ACCENT if chosen else style.BG_3, radius=fr.px(10),
                  border=style.INK if chosen else None)
            inner = r.inflate(-2 * pad, -pad)
            keys = question_keys(i, n)
            key_h = fr.fs(18) + fr.px(2)
            words = pygame.Rect(inner.x, inner.y, inner.w, inner.h - key_h) if keys else inner
            text_in(surface, t(f"wooolf.question.{q}"), words, fr.fs(20), ink, wrap_lines=True, max_lines=2,
                    min_size=fr.min_fs, ellipsis=True)
            if keys:
                text_in(surface, keys, pygame.Rect(inner.x, words.bottom, inner.w, key_h), fr.fs(18),
                        ink if chosen else style.INK_DIM, min_size=fr.min_fs)
    elif mode == "declare":
        for i, r in sc.dial_hits:
            on = ui.arrow == i
            panel(surface, r, style.BG_3, radius=fr.px(10), border=style.ACCENT if on else None,
                  width=max(2, fr.px(4)))
            role = t(f"wooolf.role.{sc.view['targets'][i]}")
            a = ui.arrows[i]
            where = t("wooolf.ui.unset") if a is None else _holder(sc, int(a))
            half = r.h // 2
            text_in(surface, t("wooolf.ui.target_line", arrow=(">", ">>")[i], role=role),
                    pygame.Rect(r.x + pad, r.y + pad // 2, r.w - 2 * pad, half - pad // 2), fr.fs(20), style.INK_DIM,
                    align="left", min_size=fr.min_fs, ellipsis=True)
            text_in(surface, where, pygame.Rect(r.x + pad, r.y + half, r.w - 2 * pad, half - pad // 2), fr.fs(24),
                    style.ACCENT if a is not None else style.INK_DIM, bold=True, align="left", min_size=fr.min_fs,
                    ellipsis=True)


def _reveal(surface: pygame.Surface, box: pygame.Rect, fr: Frame, sc: Table) -> None:
    """The reveal explained: a sentence for every player's points or X, then the bonuses and what a red X
    means; each sentence gets the lines it needs (smaller print only when a full table needs it)."""
    panel(surface, box, style.BG_2, radius=fr.px(10), border=style.ACCENT)
    pad = fr.px(10)
    inner = box.inflate(-2 * pad, -2 * pad)
    r = sc.reveal or {}
    title_h = fr.px(36)
    text_in(surface, t("wooolf.ui.reveal_title", round=r.get("round", "")), pygame.Rect(inner.x, inner.y, inner.w,
            title_h), fr.fs(26), style.ACCENT, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    if sc.flipping():
        return
    lines = reveal_lines(r, sc.players)
    body = pygame.Rect(inner.x, inner.y + title_h + pad, inner.w, inner.h - title_h - pad)
    words_w = body.w - fr.px(14)
    sentences = [w for _, w in lines]
    for size in range(fr.fs(19), fr.min_fs - 1, -1):     # the largest size at which every sentence is whole
        step = line_step(size)
        need = sum(max(1, len(wrap(w, size, words_w))) for w in sentences)
        if need * step + len(lines) * fr.px(2) <= body.h:
            break
    gap = max(fr.px(2), min(fr.px(12), (body.h - need * step) // max(1, len(lines))))
    room = (body.h - len(lines) * gap) // step       # the lines there is room for: each sentence gets what it needs
    y = body.y
    for (seat, words), k in zip(lines, note_rows(sentences, size, words_w, room)):
        row = pygame.Rect(body.x, y, body.w, k * step)
        if seat >= 0:
            pygame.draw.rect(surface, style.seat_colour(seat), (row.x, row.y + 2, fr.px(6), row.h - 4),
                             border_radius=fr.px(3))
        text_in(surface, words, pygame.Rect(row.x + fr.px(14), row.y, words_w, row.h), size,
                style.INK if seat >= 0 else style.INK_DIM,
                wrap_lines=True, max_lines=k, align="left", valign="top", min_size=fr.min_fs, ellipsis=True)
        y += row.h + gap
