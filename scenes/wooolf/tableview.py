"""The Wooolf!! table drawn from a view: every holder's box with its two cards (face
down, unless `Shown` turns them up: your own, or every card at the reveal), the markers
others laid on each card (the peeker's colour, the identity announced, in order; hollow
once the holder shuffled since), the answered question cards with YES/NO, X tokens and
points, and at the reveal each dial and its result. Used by the table, the replay and
the how-to pages. Drawing only: layout and hit targets are computed elsewhere."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from scenes.common.names import player_name
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import width as text_width
from scenes.wooolf.cards import chip_text, chip_width, draw_card, draw_chip, draw_marker, draw_x_tokens
from scenes.wooolf.layout import SeatBox, TableLayout
from scenes.wooolf.narrate import arrow_target


@dataclass
class Shown:
    """What the table adds to the view: faces turned up, their flips, the reveal's dials
    and results, and the seats picked or offered for a choice."""
    faces: dict[int, list[str]] = field(default_factory=dict)     # holder -> its two cards, face up
    flip: dict[int, float] = field(default_factory=dict)          # holder -> 0..1 (missing: 1)
    dials: dict[int, list[int] | None] = field(default_factory=dict)   # seat -> arrows (None: no declaration)
    results: dict[int, str] = field(default_factory=dict)         # seat -> "+2", "X", ""
    peeked: set[tuple[int, int]] = field(default_factory=set)     # (holder, pos) the viewer saw, since any shuffle
    picked: set[int] = field(default_factory=set)                 # holders chosen (outlined)
    offered: set[int] = field(default_factory=set)                # holders a click may choose
    arrows: dict[int, str] = field(default_factory=dict)          # holder -> the dial arrows set at it (">", ">>")
    room: dict[int, int] = field(default_factory=dict)            # holder -> px kept free right of its chips (a button)
    keyed: bool = False                                           # the offered seats' number keys pick them: shown


def revealed(view: dict) -> Shown:
    """A round's reveal (every card and dial) between its reveal and the next deal, and at
    the end of the game; else only the viewer's own cards: what a view alone lets one draw
    (the replay)."""
    shown = Shown()
    if (view.get("ended") or view.get("phase") == "revealed") and view.get("rounds"):
        last = view["rounds"][-1]
        shown.faces = {h: list(p) for h, p in enumerate(last["cards"])}
        shown.dials = {s: (d or {}).get("arrows") for s, d in enumerate(last["dials"])}
        shown.results = results_of(last)
    elif view.get("seat") is not None and view.get("my_cards"):
        shown.faces = {int(view["seat"]): list(view["my_cards"])}
        shown.peeked = peeked_now(view)
    return shown


def peeked_now(view: dict) -> set[tuple[int, int]]:
    """The card positions the viewer peeked at since their holder last shuffled."""
    epochs = view.get("epochs") or []
    return {(int(p["target"]), int(p["pos"])) for p in view.get("my_peeks") or []
            if int(p["epoch"]) == int(epochs[int(p["target"])])}


def results_of(reveal: dict) -> dict[int, str]:
    out: dict[int, str] = {}
    for ln in reveal.get("lines") or []:
        s = int(ln["seat"])
        pts = int(ln.get("points", 0)) + int(ln.get("bonus", 0))
        out[s] = (f"+{pts}" if pts else "") + (" X" if ln.get("x") else "")
    return {s: r.strip() for s, r in out.items()}


def draw_table(surface: pygame.Surface, lay: TableLayout, fr: Frame, view: dict, players: Sequence[Any] | None,
               shown: Shown | None = None) -> None:
    shown = shown or Shown()
    for box in lay.seats:
        draw_seat(surface, box, fr, view, players, shown)


def _title(view: dict, players: Sequence[Any] | None, h: int) -> str:
    return player_name(players, h) if h < int(view["seats"]) else t("wooolf.ui.neutral_title")


def draw_seat(surface: pygame.Surface, box: SeatBox, fr: Frame, view: dict, players: Sequence[Any] | None,
              shown: Shown) -> None:
    h = box.holder
    n = int(view["seats"])
    player = h < n
    colour = style.seat_colour(h) if player else style.INK_DIM
    acting = player and h in (view.get("status") or {}).get("acting", view.get("to_act") or [])
    edge = style.ACCENT if h in shown.picked else (colour if acting else style.BG_3)
    panel(surface, box.rect, style.BG_2, radius=fr.px(10), border=edge,
          width=max(2, fr.px(5 if (acting or h in shown.picked) else 2)))
    if h in shown.offered:
        pygame.draw.rect(surface, style.INK, box.rect.inflate(-fr.px(6), -fr.px(6)), 1, border_radius=fr.px(8))
    _head(surface, box, fr, view, players, colour, player, str(h + 1) if shown.keyed and h in shown.offered else None)
    faces = shown.faces.get(h)
    for pos, r in enumerate(box.cards):
        card = faces[pos] if faces else None
        draw_card(surface, r, fr, card, shown.flip.get(h, 1.0),
                  edge=style.ACCENT if (h, pos) in shown.peeked and card is None else None)
        if card is None:
            _position(surface, r, fr, pos)
        _markers(surface, box.marks[pos], fr, view, h, pos)
    if h in shown.arrows:
        a = shown.arrows[h]
        tag = pygame.Rect(box.cards[0].x, box.cards[0].bottom - fr.px(26), box.cards[1].right - box.cards[0].x,
                          fr.px(26))
        pygame.draw.rect(surface, style.ACCENT, tag, border_radius=fr.px(6))
        text_in(surface, a, tag, fr.fs(20), style.INK_DARK, bold=True, min_size=fr.min_fs, ellipsis=True)
    if player and h in shown.dials:
        if shown.flip.get(h, 1.0) >= 1.0:      # each dial turns over with its holder's cards
            _dial_line(surface, box, fr, view, players, shown)
    else:
        row = box.chips
        _chips(surface, pygame.Rect(row.x, row.y, max(0, row.w - shown.room.get(h, 0)), row.h), fr, view, h)


def _head(surface: pygame.Surface, box: SeatBox, fr: Frame, view: dict, players: Sequence[Any] | None,
          colour: tuple[int, int, int], player: bool, key: str | None = None) -> None:
    """Name, points, X tokens, the lit dial; `key`: the number key that picks this seat now,
    in a key cap before the name."""
    h = box.holder
    head = box.head
    right = head.right
    left = head.x
    if key is not None:
        cap = pygame.Rect(head.x, head.y + fr.px(1), max(fr.px(24), head.h - fr.px(2)), head.h - fr.px(2))
        pygame.draw.rect(surface, style.INK, cap, border_radius=fr.px(5))
        text_in(surface, key, cap, fr.fs(18), style.INK_DARK, bold=True, min_size=fr.min_fs, ellipsis=True)
        left = cap.right + fr.px(6)
    if player:
        pts = pygame.Rect(right - fr.px(62), head.y, fr.px(62), head.h)
        text_in(surface, t("wooolf.ui.point" if view["scores"][h] == 1 else "wooolf.ui.points", n=view["scores"][h]), pts, fr.fs(20), style.INK, bold=True,
                align="right", min_size=fr.min_fs, ellipsis=True)
        right = draw_x_tokens(surface, pts.x - fr.px(4), head.centery, min(head.h, fr.px(22)),
                              list(view["x_tokens"][h]))
        if h in (view.get("declared") or []):
            d = min(head.h, fr.px(22))
            c = (right - d // 2 - fr.px(2), head.centery)
            early = h in (view.get("early") or [])
            pygame.draw.circle(surface, style.ACCENT if early else style.INK_DIM, c, d // 2)
            pygame.draw.line(surface, style.INK_DARK, c, (c[0] + d // 3, c[1] - d // 3), max(2, d // 7))
            right = c[0] - d // 2 - fr.px(4)
    name = pygame.Rect(left, head.y, max(fr.px(20), right - left - fr.px(4)), head.h)
    text_in(surface, _title(view, players, h), name, fr.fs(22), colour, bold=True, align="left",
            min_size=fr.min_fs, ellipsis=True)


def _position(surface: pygame.Surface, card: pygame.Rect, fr: Frame, pos: int) -> None:
    """A face-down card's position number (its markers' row starts with the same number)."""
    text_in(surface, str(pos + 1), pygame.Rect(card.x, card.bottom - fr.px(24), card.w, fr.px(22)), fr.fs(18),
            style.INK_DIM, min_size=fr.min_fs, ellipsis=True)


def _fit_row(n: int, width: int, widest: int, least: int, gap: int) -> tuple[int, int]:
    """(each item's width, how many show) for `n` items in a row `width` wide: at `widest`
    when all fit, else narrower, down to `least` (their words still whole), so that every
    one shows; only when even that is too wide, the newest that fit after a "+k" that
    takes one item's place."""
    if n * widest + (n - 1) * gap <= width:
        return widest, n
    w = (width - (n - 1) * gap) // n
    if w >= least:
        return w, n
    fit = max(1, (width + gap) // (least + gap))
    return least, max(0, fit - 1)


def _more(surface: pygame.Surface, r: pygame.Rect, fr: Frame, n: int) -> None:
    text_in(surface, t("wooolf.ui.more", n=n), r, fr.fs(18), style.INK_DIM, min_size=fr.min_fs, ellipsis=True)


def _markers(surface: pygame.Surface, strip: pygame.Rect, fr: Frame, view: dict, h: int, pos: int) -> None:
    """The markers on card `pos` of holder `h`, oldest first, narrower when many (every
    one shown while its letter fits); past that, the newest that fit after a "+k"."""
    marks = [m for m in view.get("markers") or [] if m["target"] == h and m["pos"] == pos]
    if not marks:
        return
    label = pygame.Rect(strip.x, strip.y, fr.px(14), strip.h)
    text_in(surface, str(pos + 1), label, fr.fs(18), style.INK_DIM, min_size=fr.min_fs, ellipsis=True)
    strip = pygame.Rect(label.right + fr.px(2), strip.y, strip.right - label.right - fr.px(2), strip.h)
    mh = strip.h
    gap = fr.px(2)
    least = max(text_width(t(f"wooolf.mark.{m['announced']}"), max(fr.fs(15), fr.min_fs), bold=True) for m in marks) + fr.px(4)
    mw, n = _fit_row(len(marks), strip.w, max(mh, fr.px(34)), max(least, mh * 3 // 4), fr.px(2))
    shown = marks[len(marks) - n:] if n else []
    x = strip.x
    if len(shown) < len(marks):
        _more(surface, pygame.Rect(x, strip.y, mw, mh), fr, len(marks) - len(shown))
        x += mw + gap
    epoch = int((view.get("epochs") or [0] * (h + 1))[h])
    for m in shown:
        draw_marker(surface, pygame.Rect(x, strip.y, mw, mh), fr, int(m["by"]), str(m["announced"]),
                    old=int(m["epoch"]) != epoch)
        x += mw + gap


def _chips(surface: pygame.Surface, row: pygame.Rect, fr: Frame, view: dict, h: int) -> None:
    """The questions asked of holder `h` and their answers, oldest first, narrower when
    many (never narrower than their words); past that, the newest after a "+k"."""
    asks = [a for a in view.get("asks") or [] if a["target"] == h]
    if not asks:
        return
    gap = fr.px(3)
    least = max(text_width(chip_text(str(a["question"]), bool(a["answer"])), fr.fs(18), bold=True)
                for a in asks) + fr.px(10)
    cw, n = _fit_row(len(asks), row.w, chip_width(fr, row.h), least, gap)
    shown = asks[len(asks) - n:] if n else []
    x = row.x
    if len(shown) < len(asks):
        _more(surface, pygame.Rect(x, row.y, cw, row.h), fr, len(asks) - len(shown))
        x += cw + gap
    for a in shown:
        draw_chip(surface, pygame.Rect(x, row.y, cw, row.h), fr, str(a["question"]), bool(a["answer"]), int(a["seat"]))
        x += cw + gap


def _dial_line(surface: pygame.Surface, box: SeatBox, fr: Frame, view: dict, players: Sequence[Any] | None,
               shown: Shown) -> None:
    """At the reveal: where this player's dial pointed, and what it earned."""
    h = box.holder
    arrows = shown.dials.get(h)
    n = int(view["seats"])
    result = shown.results.get(h, "")
    row = box.chips
    rw = fr.px(64) if result else 0
    if arrows is None:
        words = t("wooolf.ui.no_dial")
    else:
        marks = (">", ">>")
        words = "  ".join(f"{marks[i]} {_short(players, int(a), n)}" for i, a in enumerate(arrows))
    text_in(surface, words, pygame.Rect(row.x, row.y, row.w - rw, row.h), fr.fs(20), style.INK, align="left",
            min_size=fr.min_fs, ellipsis=True)
    if result:
        good = result.startswith("+")
        text_in(surface, result, pygame.Rect(row.right - rw, row.y, rw, row.h), fr.fs(22),
                style.GOOD if good else style.BAD, bold=True, align="right", min_size=fr.min_fs, ellipsis=True)


def _short(players: Sequence[Any] | None, arrow: int, seats: int) -> str:
    """Where an arrow points, in few letters (the row holds two)."""
    if arrow >= seats:
        return t("wooolf.ui.neutral_short")
    if arrow < 0:
        return t("wooolf.ui.nobody_row")          # "nobody (0)" is too long for the row
    name = arrow_target(players, arrow, seats)
    return name if len(name) <= 10 else name[:9] + "…"
