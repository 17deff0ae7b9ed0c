"""Drawing the Paperback table's public parts (read-only: every rect comes from
scenes/paperback/layout.py): the players with their Fame and card counts, the length
track with the commons and what ends the game, the market (the 2¢ spread, the Fame piles,
each pile's front card and top), the word laid, and the final table (the ¢ panel
of a word is scenes/paperback/cents.py). Used by the
table scene, the replay renderer and the how-to pages alike."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

import pygame

from engine.paperback.content import CardDef
from scenes.common.names import names_list, player_name
from scenes.paperback.cards import cards_of, draw_card, draw_slot, shown_letters
from scenes.paperback.helping import draw_shown_hand, hand_shown
from scenes.paperback.layout import HAND_CARD, LEFT_W, Places, place_left, place_pyramid, place_row, word_slots
from scenes.paperback.narrate import fame_line
from scenes.paperback.pyramid import draw_pyramid
from scenes.paperback.roundboard import draw_offer, seat_note, sim_of
from scenes.paperback.theming import theme_line
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import width, wrap

Marks = dict[str, str]      # card id (or pile id, "spread:a") -> "trash" | "pick"


def spread_letters(view: dict) -> list[str]:
    """The vowels of the 2¢ spread still there, in order, once each."""
    cards = cards_of(view)
    for p in view["offer"]:
        if p["spread"] is not None:
            return sorted({cards[c].letters for c in p["spread"]})
    return []


def spread_cards(view: dict) -> dict[str, list[str]]:
    cards = cards_of(view)
    out: dict[str, list[str]] = {}
    for p in view["offer"]:
        for c in p["spread"] or []:
            out.setdefault(cards[c].letters, []).append(c)
    return out


def draw_players(surface: pygame.Surface, fr: Frame, p: Places, view: dict, players: Sequence[dict]) -> None:
    """Each seat: name, Fame so far (public: every card owned), deck / discard / hand counts."""
    acting = set(view.get("status", {}).get("acting") or view.get("to_act") or [])
    for s, r in enumerate(p.players):
        colour = style.seat_colour(s)
        panel(surface, r, style.BG_2, radius=fr.px(8), border=colour if s in acting else None, width=fr.px(3))
        pygame.draw.rect(surface, colour, pygame.Rect(r.x + fr.px(4), r.y + fr.px(6), fr.px(6), r.h - fr.px(12)),
                         border_radius=fr.px(3))
        inner = pygame.Rect(r.x + fr.px(16), r.y + fr.px(1), r.w - fr.px(22), r.h - fr.px(2))
        top = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
        bottom = pygame.Rect(inner.x, inner.y + inner.h // 2, inner.w, inner.h - inner.h // 2)
        fame_w = fr.px(70)
        name_w = top.w - fame_w
        powers = view.get("powers")
        if powers:                               # each seat's Player Power (public), by the Fame
            power = t(f"paperback.power.{powers[s]}")
            power_w = min(name_w - fr.px(40), width(power, fr.min_fs) + fr.px(12))
            name_w -= power_w
            text_in(surface, power, pygame.Rect(top.x + name_w, top.y, power_w - fr.px(6), top.h), fr.min_fs,
                    style.INK_DIM, align="right", min_size=fr.min_fs, ellipsis=True)
        text_in(surface, player_name(list(players), s), pygame.Rect(top.x, top.y, name_w, top.h),
                fr.fs(22), colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        text_in(surface, t("paperback.ui.fame_short", fame=view["fame"][s]),
                pygame.Rect(top.right - fame_w, top.y, fame_w, top.h), fr.fs(24), style.ACCENT, bold=True,
                align="right", min_size=fr.min_fs)
        counts = seat_note(view, s) or t("paperback.ui.counts", deck=view["deck_counts"][s],
                                         discard=len(view["discards"][s]), hand=view["hand_counts"][s])
        text_in(surface, counts, bottom, fr.fs(18), style.INK_DIM, align="left", min_size=fr.min_fs, ellipsis=True)
    draw_modules(surface, fr, p, view, players)


def module_lines(view: dict, players: Sequence[dict]) -> list[str]:
    """The options' public cards, one line each: the award and who leads it now, the
    theme and who holds it, the cubes held (an Offer discount is said under its pile)."""
    out = []
    award = view.get("award")
    if award:
        marks = award.get("marks") or []
        leaders = award.get("leaders") or []
        lead = (t("paperback.ui.award_lead", names=names_list([player_name(list(players), s) for s in leaders]),
                  mark=t(f"paperback.ui.award_mark.{award['id']}", n=marks[leaders[0]]))
                if leaders else t("paperback.ui.award_nobody"))
        out.append(t("paperback.ui.award_line", award=t(f"paperback.award.{award['id']}"), fame=award["fame"],
                     lead=lead))
    theme = theme_line(view, players)
    if theme:                                  # the theme, its Fame and who holds its card
        out.append(theme)
    cubes = view.get("cubes")
    if cubes:                                  # who holds cubes (1¢ each), and how many
        held = [t("paperback.ui.cubes_of", player=player_name(list(players), s), n=n) for s, n in enumerate(cubes) if n]
        out.append(t("paperback.ui.cubes_line", cubes=t("ui.list_sep").join(held) if held
                     else t("paperback.ui.cubes_none")))
    return out


def module_rows(fr: Frame, view: dict, players: Sequence[dict]) -> list[int]:
    """How many lines each option line wraps to at the readable size in its panel."""
    room = fr.r(0, 0, LEFT_W, 1).w - fr.px(16)           # as draw_modules insets its panel
    return [len(wrap(line, fr.min_fs, room)) for line in module_lines(view, players)]


def place_players(fr: Frame, p: Places, view: dict, players: Sequence[dict]) -> None:
    """The left column for this view: the players, each option line with room for all its
    lines, the track and the log."""
    place_left(fr, p, int(view["seats"]), module_rows(fr, view, players), ends_movable=not view.get("coop"))


def draw_modules(surface: pygame.Surface, fr: Frame, p: Places, view: dict, players: Sequence[dict]) -> None:
    for line, r in zip(module_lines(view, players), p.modules):
        panel(surface, r, style.BG_2, radius=fr.px(8))
        text_in(surface, line, r.inflate(-fr.px(16), -fr.px(4)), fr.fs(18), style.ACCENT, align="left",
                wrap_lines=True, min_size=fr.min_fs, ellipsis=True)


def dealt(view: dict) -> bool:
    """Whether the cards are dealt (a replay's first frame shows the table before the deal)."""
    return view.get("phase") != "deal"


def end_lines(view: dict) -> tuple[str, str]:
    """What ends the game and how close it is (co-op: the pyramid left, the most cubes)."""
    co = view.get("coop")
    if co:
        left = sum(1 for row in co["rows"] for c in row if c)
        return (t("paperback.ui.end.pyramid", left=left, of=sum(len(row) for row in co["rows"])),
                t("paperback.ui.end.cubes", most=max(co["cubes"].values(), default=0), limit=co["limit"]))
    commons_left = len(view["commons"])
    return (t("paperback.ui.end.fame", empty=view["empty_fame_piles"], of=view["end_empty_piles"]),
            t("paperback.ui.end.commons", left=commons_left))


def draw_track(surface: pygame.Surface, fr: Frame, p: Places, view: dict, *, usable: bool = False,
               in_word: bool = False) -> None:
    """The length track: the commons still on it (the top one the next to claim), the
    letters each needs, and the two ways the game ends."""
    panel(surface, p.track, style.BG_2, radius=fr.px(8))
    cards = cards_of(view)
    need = view.get("need")
    top = view.get("common")
    if top is not None and need is not None:
        title = t("paperback.ui.track.next", letter=cards[top].letters.upper() or t(f"paperback.card.{cards[top].power}"),
                  need=need)
    else:                              # (before the deal, nothing is on the track and nothing claimed)
        title = t("paperback.ui.track.done" if view.get("claimed") else "paperback.ui.track.not_dealt")
    text_in(surface, title, p.track_title, fr.fs(20), style.INK, align="left", min_size=fr.min_fs,
            ellipsis=True)
    claimed = int(view.get("claimed", 0))
    left = list(view.get("commons") or [])
    track = list(view.get("track") or [])
    for i, (r, nr) in enumerate(zip(p.track_cards, p.track_needs)):
        if i < claimed:
            draw_slot(surface, r, fr, t("paperback.ui.track.claimed"))
        elif i - claimed < len(left):
            cid = left[i - claimed]
            draw_card(surface, r, cards[cid], fr, lifted=i == claimed and usable, dim=i > claimed or in_word)
        else:
            draw_slot(surface, r, fr)
        if i < len(track):
            text_in(surface, t("paperback.ui.track.letters", n=track[i]), nr, fr.fs(18),
                    style.ACCENT if i == claimed else style.INK_DIM, bold=i == claimed, min_size=fr.min_fs)
    for line, r in zip(end_lines(view) if dealt(view) else (), p.track_lines):
        text_in(surface, line, r, fr.fs(18), style.INK_DIM, align="left", min_size=fr.min_fs)


def draw_ends(surface: pygame.Surface, fr: Frame, p: Places, view: dict) -> None:
    """A crowded column's two lines on how the game ends, beside the Fame piles (which the
    first is about), over the market's panel."""
    lines = end_lines(view) if dealt(view) else ()
    if p.ends is not None and lines:
        half = p.ends.h // 2
        for i, line in enumerate(lines):
            text_in(surface, line, pygame.Rect(p.ends.x, p.ends.y + i * half, p.ends.w, half), fr.fs(18),
                    style.INK_DIM, align="left", valign="top", wrap_lines=True, min_size=fr.min_fs)


def draw_market(surface: pygame.Surface, fr: Frame, p: Places, view: dict, marks: Marks | None = None,
                hot: str | None = None, dim: set[str] | None = None, cube: str | None = None,
                numbered: bool = False) -> None:
    """The Offer: the 2¢ spread, the Fame piles (count and Fame) and each pile's front
    card and top with how many lie under it. `marks` rings cards picked or to trash;
    `dim` greys what cannot be bought now; `hot` lifts the card under the pointer. In
    co-op the pyramid stands in the Fame piles' place (`cube`: the card a cube is going on); in
    simultaneous play the Offer is one row of cards (`numbered`: the draft's keys under them)."""
    marks = marks or {}
    dim = dim or set()
    cards = cards_of(view)
    panel(surface, p.market, style.BG_2, radius=fr.px(10))
    sim = sim_of(view)
    if sim is not None:                    # simultaneous play: no 2¢ spread; the Offer said where it stood
        said = "paperback.ui.sim.offer_label_draft" if view.get("phase") == "draft" else "paperback.ui.sim.offer_label"
        room = pygame.Rect(p.spread_label.x, p.spread_label.y + fr.px(4),
                           p.fame_label.x - p.spread_label.x - fr.px(16), fr.px(112))
        text_in(surface, t(said, round=max(1, int(sim["round"])), n=len(sim["offer"]), deck=sim["market_count"]),
                room, fr.fs(20), style.INK_DIM, align="left", valign="top", wrap_lines=True, max_lines=4,
                min_size=fr.min_fs, ellipsis=True)
    else:
        text_in(surface, t("paperback.ui.market.spread"), p.spread_label, fr.fs(18), style.INK_DIM, align="left",
                min_size=fr.min_fs, ellipsis=True)
    if view.get("coop"):
        draw_pyramid(surface, fr, p, view, marks, hot, dim, cube)
    else:
        text_in(surface, t("paperback.ui.market.fame"), p.fame_label, fr.fs(18), style.INK_DIM, align="left",
                min_size=fr.min_fs, ellipsis=True)
    groups = spread_cards(view)
    for ch, r in p.spread:
        ids = groups.get(ch, [])
        if not ids:
            continue
        key = f"spread:{ch}"
        draw_card(surface, r, cards[ids[0]], fr, cost=True, lifted=hot == key, mark=marks.get(key),
                  dim=key in dim)
        _badge(surface, fr, r, t("paperback.ui.times", n=len(ids)))
    for f, (pid, r) in zip(view["fame_piles"], [] if view.get("coop") else p.fame):
        if f["count"]:
            fame_card = _fame_card(view, pid)
            draw_card(surface, r, fame_card, fr, cost=True, lifted=hot == pid, mark=marks.get(pid),
                      dim=pid in dim)
            _badge(surface, fr, r, t("paperback.ui.times", n=f["count"]))
        else:                              # (before the deal a pile is not empty, just not there yet)
            draw_slot(surface, r, fr, t("paperback.ui.market.empty") if dealt(view) else "")
    if sim is not None:                    # simultaneous play: one row of Offer cards, no piles
        draw_offer(surface, fr, p.offer, view, marks, hot, dim, numbered=numbered)
        return
    offer = {o["pile"]: o for o in view["offer"]}
    for pid, label, front, top, under in p.piles:
        o = offer.get(pid)
        if o is None:
            continue
        costs = o["costs"]
        text = t("paperback.card.cost", cost=costs[0]) if len(costs) == 1 else t(
            "paperback.ui.market.costs", low=costs[0], high=costs[-1])
        text_in(surface, text, label, fr.fs(18), style.INK_DIM, min_size=fr.min_fs)
        for cid, r in ((o["front"], front), (o["top"], top)):
            if cid is None:
                draw_slot(surface, r, fr)
            else:
                card = cards[cid]
                if (view.get("discount") or {}).get(cid):     # an Offer discount: the price it sells at
                    card = replace(card, cost=next((f["cost"] for f in view["for_sale"] if f["id"] == cid),
                                                   card.cost))
                draw_card(surface, r, card, fr, cost=True, lifted=hot == cid, mark=marks.get(cid),
                          dim=cid in dim)
        if dealt(view):
            front_card = cards.get(o["front"] or "")                        # its cubes, 1¢ each, to 0¢
            off = min((view.get("discount") or {}).get(o["front"]) or 0, front_card.cost if front_card else 0)
            said = (t("paperback.ui.market.under_off", n=o["under"], off=off) if off
                    else t("paperback.ui.market.under", n=o["under"]))
            text_in(surface, said, under, fr.fs(18), style.ACCENT if off else style.INK_DIM, min_size=fr.min_fs,
                    ellipsis=True)


def _fame_card(view: dict, pid: str) -> CardDef:
    cards = cards_of(view)
    return next(c for c in cards.values() if c.pile == pid)


def fame_card(view: dict, pid: str) -> CardDef:
    """A card of that Fame pile (all of a pile are alike)."""
    return _fame_card(view, pid)


def _badge(surface: pygame.Surface, fr: Frame, r: pygame.Rect, text: str) -> None:
    b = pygame.Rect(r.centerx - fr.px(27), r.bottom + fr.px(2), fr.px(54), fr.px(24))
    pygame.draw.rect(surface, style.BG, b, border_radius=fr.px(8))
    pygame.draw.rect(surface, style.ACCENT, b, max(1, fr.px(2)), border_radius=fr.px(8))
    text_in(surface, text, b.inflate(-fr.px(4), -fr.px(2)), fr.min_fs, style.ACCENT, bold=True, min_size=fr.min_fs)


def draw_laid(surface: pygame.Surface, fr: Frame, rects: Sequence[pygame.Rect], view: dict,
              cards_texts: Sequence[tuple[str, str | None]], asking: int | None = None) -> None:
    """Cards laid in a word (the top common shown as the common card)."""
    cards = cards_of(view)
    for i, ((cid, text), r) in enumerate(zip(cards_texts, rects)):
        card = cards.get(view.get("common") or "") if cid == "common" else cards.get(cid)
        if card is None:
            draw_slot(surface, r, fr, shown_letters(text or "?"))
            continue
        draw_card(surface, r, card, fr, laid_as=text, asking=asking == i)


def draw_hand_backs(surface: pygame.Surface, fr: Frame, rect: pygame.Rect, text: str) -> None:
    """No hand on screen (the table's view): a word in its place."""
    panel(surface, rect, style.BG_2, radius=fr.px(10))
    text_in(surface, text, rect.inflate(-fr.px(20), -fr.px(20)), fr.fs(22), style.INK_DIM, wrap_lines=True,
            min_size=fr.min_fs, ellipsis=True)


def draw_final(surface: pygame.Surface, fr: Frame, rect: pygame.Rect, view: dict, players: Sequence[dict]) -> None:
    """The game over: each player's Fame, best word, commons and the cards they held (in
    co-op the pyramid as it was left above them)."""
    if view.get("coop"):
        top = pygame.Rect(rect.x, rect.y, rect.w, rect.h * 30 // 100)
        panel(surface, top, style.BG_2, radius=fr.px(10))
        p = Places()
        w = min(top.w - fr.px(24), round((top.h - fr.px(16)) * 4.4))
        place_pyramid(fr, p, pygame.Rect(top.centerx - w // 2, top.y + fr.px(8), w, top.h - fr.px(16)))
        draw_pyramid(surface, fr, p, view)
        rect = pygame.Rect(rect.x, top.bottom + fr.px(8), rect.w, rect.bottom - top.bottom - fr.px(8))
    result = view.get("result") or {}
    scores = list(result.get("scores") or view["fame"])
    winners = set(result.get("winners") or [])
    best = list(result.get("best_words") or [None] * len(scores))
    hands = list(result.get("hands") or [[] for _ in scores])
    cards = cards_of(view)
    n = len(scores)
    order = sorted(range(n), key=lambda s: (-scores[s], s))
    panel(surface, rect, style.BG_2, radius=fr.px(10))
    row_h = min(fr.px(104), (rect.h - fr.px(16)) // max(1, n))
    y = rect.y + fr.px(8)
    for s in order:
        colour = style.seat_colour(s)
        row = pygame.Rect(rect.x + fr.px(12), y, rect.w - fr.px(24), row_h - fr.px(6))
        if s in winners:
            pygame.draw.rect(surface, style.ACCENT, row, max(2, fr.px(3)), border_radius=fr.px(8))
        name_w = row.w * 26 // 100
        text_in(surface, player_name(list(players), s), pygame.Rect(row.x + fr.px(10), row.y, name_w, row.h // 2),
                fr.fs(26), colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        text_in(surface, t("paperback.ui.final.fame", fame=scores[s]),
                pygame.Rect(row.x + fr.px(10), row.y + row.h // 2, name_w, row.h // 2), fr.fs(24), style.ACCENT,
                bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        bw = best[s] if s < len(best) else None
        best_text = (t("paperback.ui.final.best", word=str(bw["word"]).upper(), cents=bw["cents"]) if bw
                     else t("paperback.ui.final.no_word"))
        mid = pygame.Rect(row.x + name_w + fr.px(16), row.y, row.w * 30 // 100, row.h)
        parts = result.get("fame_parts") or []
        if s < len(parts):                     # the best word above, where the Fame came from below
            half = pygame.Rect(mid.x, mid.y, mid.w, mid.h // 2)
            text_in(surface, best_text, half, fr.fs(22), style.INK, align="left", min_size=fr.min_fs, ellipsis=True)
            text_in(surface, fame_line(parts[s]), half.move(0, half.h), fr.fs(18), style.INK_DIM, wrap_lines=True,
                    max_lines=2, align="left", min_size=fr.min_fs, ellipsis=True)
        else:
            text_in(surface, best_text, mid, fr.fs(22), style.INK, wrap_lines=True, max_lines=2, align="left",
                    min_size=fr.min_fs, ellipsis=True)
        hand = hands[s] if s < len(hands) else []
        area = pygame.Rect(mid.right + fr.px(10), row.y + fr.px(4), row.right - mid.right - fr.px(16),
                           row.h - fr.px(8))
        ch = area.h
        cw = round(ch * 0.72)
        step = min(cw + fr.px(4), (area.w - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else cw
        for i, cid in enumerate(hand):
            card = cards.get(cid)
            if card is not None:
                draw_card(surface, pygame.Rect(area.x + i * step, area.y, cw, ch), card, fr)
        y += row_h


def counts_by_letter(view: dict, ids: Sequence[str]) -> Counter:
    cards = cards_of(view)
    return Counter(cards[c].letters for c in ids)


def draw_table_word(surface: pygame.Surface, fr: Frame, p: Places, view: dict,
                    players: Sequence[dict] = ()) -> None:
    """The word in play this turn (public) as it was laid: each card in its place, a wild
    with the letter it stood for, the common where it was used; who spelled it, the word
    and the ¢ it earned; and the hand of the seat whose view it is (a replay's seat, once
    the game is over; the table's view holds no hand)."""
    panel(surface, p.word, style.BG_2, radius=fr.px(10))
    laid = [(str(c), str(text)) for c, text in view.get("laid") or []]
    if not laid:                      # (a view without the laying: the cards in play, in hand order)
        laid = [(c, None) for c in view.get("play") or []]
    if laid:
        rects = word_slots(fr, p, len(laid))[:len(laid)]
        draw_laid(surface, fr, rects, view, laid)
        seat = view.get("turn")
        if isinstance(seat, int):
            word = "".join(text or "" for _, text in laid).upper()
            line = (t("paperback.ui.word_laid", player=player_name(list(players), seat), word=word,
                      cents=view.get("cents", 0)) if word.strip()
                    else t("paperback.ui.cents_earned", cents=view.get("cents", 0)))
            text_in(surface, line,
                    pygame.Rect(p.word.x + fr.px(12), p.word.y + fr.px(4), p.word.w - fr.px(24), fr.px(30)),
                    fr.fs(20), style.seat_colour(seat), bold=True, align="left", min_size=fr.min_fs)
    hand = view.get("hand")
    if hand is None and hand_shown(view):        # the hand shown for help is everyone's
        seat = int(view["bounty"]["seat"])
        draw_shown_hand(surface, fr, p.hand_area, view, t("paperback.ui.shown_hand_seat"), style.seat_colour(seat))
        return
    if hand is None:
        draw_hand_backs(surface, fr, p.hand_area, t("paperback.ui.hands_hidden"))
        return
    cards = cards_of(view)
    for cid, r in zip(hand, place_row(fr, p.hand_area, len(hand), HAND_CARD, arc=1.0)):
        draw_card(surface, r, cards[cid], fr)
