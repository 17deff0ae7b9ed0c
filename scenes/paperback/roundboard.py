"""Simultaneous play's public board (option `simultaneous`; engine/paperback/simultaneous.py
`view`, carried as view["simultaneous"]): what the table, the replay and the how-to page
all draw of a round. Read-only drawing from the view; the table's own input and clock
are in together.py.

- `seat_note`: a player's line under their name — the draft's picks, then "spelling…" or
  "announced · 12 s" (never what, until the reveal; your own word on your own screen),
  then the place in the buy order with the word and its ¢ (a refused word marked).
- `draw_board`: the ¢ panel's place while nobody builds a word there — the snake draft
  (two rows, the second back the other way, each pick's card), the announcements in
  order of time, or the buy order after the reveal (the word buying now highlighted,
  the words done dimmed).
- `draw_offer`: the 10-card Offer in the piles' row, with a number key under each card
  during the draft."""
from __future__ import annotations

from typing import Sequence

import pygame

from scenes.common.names import player_name
from scenes.paperback.cards import cards_of, draw_card, shown_letters
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t

DRAFT_KEYS = "1234567890"            # the Offer's cards, left to right, by number key


def sim_of(view: dict) -> dict | None:
    """The variant's part of a view once its round data exists (None: not simultaneous play)."""
    sim = view.get("simultaneous")
    return sim if sim and "draft_order" in sim else None


def clock_text(seconds: float) -> str:
    s = max(0, int(seconds))
    return t("paperback.ui.sim.clock", m=s // 60, s=f"{s % 60:02d}")


def secs(ms: int) -> str:
    """A spelling time as the screen says it (whole seconds; under 10 s, tenths)."""
    return f"{ms / 1000:.1f}" if ms < 10_000 else str(round(ms / 1000))


def card_letters(view: dict, cid: str) -> str:
    card = cards_of(view).get(cid)
    if card is None:
        return "?"
    if card.wild:
        return t("paperback.ui.sim.wild")
    return shown_letters(card.letters)


def announce_order(sim: dict, seats: int) -> list[dict]:
    """The announcements so far, fastest first (ties by seat from the round's first seat)."""
    first = int(sim.get("first") or 0)
    return sorted(sim.get("announced") or [], key=lambda a: (a["ms"], (a["seat"] - first) % seats))


def word_of(w: dict) -> str:
    """A revealed word as the board says it: the word, a pass, a proposal (to the vote, or
    refused), or what its proposer laid again instead (a refused one buys last)."""
    word = str(w.get("word") or "").upper()
    if w["kind"] == "propose":                              # put to the vote, or refused (not laid again yet)
        return t("paperback.ui.sim.refused" if w.get("refused") else "paperback.ui.sim.proposed", word=word)
    said = t("paperback.ui.sim.passes") if w["kind"] == "pass" else word
    return t("paperback.ui.sim.replaced", word=said) if w.get("refused") else said


def seat_note(view: dict, seat: int) -> str | None:
    """A player's line in simultaneous play (None: the usual counts)."""
    sim = sim_of(view)
    if sim is None:
        return None
    n = int(view["seats"])
    if view.get("phase") == "draft":
        picks = [card_letters(view, c) for s, c in sim["picks"] if s == seat]
        if picks:
            return t("paperback.ui.sim.picked", cards=t("ui.list_sep").join(picks))
        return t("paperback.ui.sim.picks_none")
    if sim.get("revealed") and sim.get("words"):
        for i, w in enumerate(sim["words"]):
            if w["seat"] == seat:
                cents = "" if w["kind"] != "spell" else t("paperback.ui.sim.cents", cents=w["cents"])
                return t("paperback.ui.sim.placed", n=i + 1, word=word_of(w), cents=cents).strip()
        return None
    order = announce_order(sim, n)
    for i, a in enumerate(order):
        if a["seat"] == seat:
            mine = sim.get("mine") if view.get("seat") == seat else None
            if mine and mine.get("kind") == "spell":
                return t("paperback.ui.sim.announced_mine", word=str(mine["word"]).upper(), secs=secs(a["ms"]))
            return t("paperback.ui.sim.announced", n=i + 1, secs=secs(a["ms"]))
    return t("paperback.ui.sim.spelling") if view.get("phase") == "spell" else None


def _title(surface: pygame.Surface, fr: Frame, inner: pygame.Rect, text: str) -> int:
    text_in(surface, text, pygame.Rect(inner.x, inner.y, inner.w, fr.px(28)), fr.fs(20), style.INK, bold=True,
            align="left", min_size=fr.min_fs, ellipsis=True)
    return inner.y + fr.px(30)


def draw_board(surface: pygame.Surface, fr: Frame, rect: pygame.Rect, view: dict, players: Sequence[dict]) -> None:
    """The round on the board (see the module's docstring)."""
    sim = sim_of(view)
    panel(surface, rect, style.BG_2, radius=fr.px(10))
    if sim is None:
        return
    inner = rect.inflate(-fr.px(16), -fr.px(10))
    if view.get("phase") == "draft":
        _draw_draft(surface, fr, inner, view, sim, players)
    elif sim.get("revealed") and sim.get("words"):
        _draw_buy_order(surface, fr, inner, view, sim, players)
    else:
        _draw_announced(surface, fr, inner, view, sim, players)


def _draw_draft(surface: pygame.Surface, fr: Frame, inner: pygame.Rect, view: dict, sim: dict,
                players: Sequence[dict]) -> None:
    y = _title(surface, fr, inner, t("paperback.ui.sim.draft_title", n=sim["picks_each"]))
    order = list(sim["draft_order"])
    n = int(view["seats"])
    rows = [order[i:i + n] for i in range(0, len(order), n)]
    gap = fr.px(4)
    row_h = (inner.bottom - y - gap * (len(rows) - 1)) // max(1, len(rows))
    picks = list(sim["picks"])
    k = 0
    for r, row in enumerate(rows):
        cells = [pygame.Rect(inner.x + i * (inner.w + gap) // n, y + r * (row_h + gap),
                             (inner.w + gap) // n - gap, row_h) for i in range(n)]
        if r % 2:                                  # the snake: the second pass goes back
            cells = cells[::-1]
        for seat, cell in zip(row, cells):
            now = k == len(picks)
            colour = style.seat_colour(seat)
            panel(surface, cell, style.BG if not now else style.BG_3, radius=fr.px(6),
                  border=colour if now else None, width=fr.px(2))
            top = pygame.Rect(cell.x + fr.px(4), cell.y + fr.px(2), cell.w - fr.px(8), cell.h // 2 - fr.px(2))
            bottom = pygame.Rect(top.x, cell.y + cell.h // 2, top.w, cell.h // 2 - fr.px(2))
            text_in(surface, player_name(list(players), seat), top, fr.fs(18), colour, bold=True,
                    min_size=fr.min_fs, ellipsis=True)
            said = (card_letters(view, picks[k][1]) if k < len(picks)
                    else t("paperback.ui.sim.picking") if now else "")
            text_in(surface, said, bottom, fr.fs(18), style.ACCENT if now else style.INK, bold=k < len(picks),
                    min_size=fr.min_fs, ellipsis=True)
            k += 1


def _line(surface: pygame.Surface, fr: Frame, row: pygame.Rect, seat: int, players: Sequence[dict],
          lead: str, middle: str, right: str, colour: tuple[int, int, int], bold: bool = False) -> None:
    lead_w, right_w = fr.px(28), fr.px(60)
    name_w = (row.w - lead_w - right_w) * 36 // 100
    text_in(surface, lead, pygame.Rect(row.x, row.y, lead_w, row.h), fr.fs(18), colour, bold=True,
            align="left", min_size=fr.min_fs)
    text_in(surface, player_name(list(players), seat), pygame.Rect(row.x + lead_w, row.y, name_w, row.h),
            fr.fs(18), style.seat_colour(seat), bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
    mid = pygame.Rect(row.x + lead_w + name_w + fr.px(4), row.y, row.w - lead_w - name_w - right_w - fr.px(8), row.h)
    text_in(surface, middle, mid, fr.fs(18), colour, bold=bold, align="left", min_size=fr.min_fs, ellipsis=True)
    text_in(surface, right, pygame.Rect(row.right - right_w, row.y, right_w, row.h), fr.fs(18), colour,
            bold=bold, align="right", min_size=fr.min_fs)


def _rows(fr: Frame, inner: pygame.Rect, y: int, n: int) -> list[pygame.Rect]:
    h = min(fr.px(26), (inner.bottom - y) // max(1, n))
    return [pygame.Rect(inner.x, y + i * h, inner.w, h) for i in range(n)]


def _draw_announced(surface: pygame.Surface, fr: Frame, inner: pygame.Rect, view: dict, sim: dict,
                    players: Sequence[dict]) -> None:
    """Who has announced and when, fastest first; who is still spelling (never a word but
    your own)."""
    y = _title(surface, fr, inner, t("paperback.ui.sim.announced_title", round=int(sim["round"])))
    n = int(view["seats"])
    order = announce_order(sim, n)
    done = {a["seat"] for a in order}
    waiting = [s for s in range(n) if s not in done]
    mine = sim.get("mine")
    for i, row in enumerate(_rows(fr, inner, y, n)):
        if i < len(order):
            a = order[i]
            said = (str(mine["word"]).upper() if a["seat"] == view.get("seat") and mine and mine.get("kind") == "spell"
                    else t("paperback.ui.sim.passes") if a["seat"] == view.get("seat") and mine
                    and mine.get("kind") == "pass" else t("paperback.ui.sim.announced_short"))
            _line(surface, fr, row, a["seat"], players, f"{i + 1}.", said,
                  t("paperback.ui.sim.secs", secs=secs(a["ms"])), style.INK)
        else:
            _line(surface, fr, row, waiting[i - len(order)], players, "", t("paperback.ui.sim.spelling"), "",
                  style.INK_DIM)


def _draw_buy_order(surface: pygame.Surface, fr: Frame, inner: pygame.Rect, view: dict, sim: dict,
                    players: Sequence[dict]) -> None:
    """Every word with its ¢ in the order they buy: the one buying now highlighted, those
    done dimmed, a refused proposal marked (it buys last)."""
    y = _title(surface, fr, inner, t("paperback.ui.sim.buy_title"))
    words = list(sim["words"])
    buyer = sim.get("buyer")
    for i, (w, row) in enumerate(zip(words, _rows(fr, inner, y, len(words)))):
        now = w["seat"] == buyer
        if now:
            pygame.draw.rect(surface, style.BG_3, row.inflate(fr.px(8), 0), border_radius=fr.px(6))
        colour = style.BAD if w.get("refused") else style.INK_DIM if w.get("done") else (
            style.ACCENT if now else style.INK)
        cents = t("paperback.ui.total", cents=w["cents"]) if w["kind"] == "spell" else ""
        _line(surface, fr, row, w["seat"], players, f"{i + 1}.", word_of(w), cents, colour, bold=now)


def draw_offer(surface: pygame.Surface, fr: Frame, places: Sequence[tuple[str, pygame.Rect]], view: dict,
               marks: dict[str, str], hot: str | None, dim: set[str], numbered: bool = False) -> None:
    """The Offer's cards (every one for sale); `numbered`: the draft's number keys under them."""
    cards = cards_of(view)
    for i, (cid, r) in enumerate(places):
        card = cards.get(cid)
        if card is None:
            continue
        draw_card(surface, r, card, fr, cost=True, lifted=hot == cid, mark=marks.get(cid), dim=cid in dim)
        if numbered and i < len(DRAFT_KEYS):
            b = pygame.Rect(r.centerx - fr.px(14), r.bottom + fr.px(4), fr.px(28), fr.px(24))
            pygame.draw.rect(surface, style.BG, b, border_radius=fr.px(6))
            pygame.draw.rect(surface, style.ACCENT if hot == cid else style.INK_DIM, b, max(1, fr.px(2)),
                             border_radius=fr.px(6))
            text_in(surface, DRAFT_KEYS[i], b, fr.fs(18), style.ACCENT if hot == cid else style.INK, bold=True,
                    min_size=fr.min_fs)
