"""How to play Wooolf!!: the roles and identity, peeking and the lying shepherd boy,
asking, shuffling, the targets, the dial and declaring, how the turns end (the markers,
the early declarations needed, the forced declaration) and scoring, each page with an
example drawn by the table's own renderer (its cards, markers, question cards and seat
boxes). The example announcements are the rules' own (`engine.wooolf.rules.announcement`),
the dial example's results the rules' own reveal, the numbers the content's table."""
from __future__ import annotations

import pygame

from engine.wooolf.content import content
from engine.wooolf.rules import announcement
from engine.wooolf.scoring import reveal
from scenes.common.howtopage import HowtoPage, example_names, example_params
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.wooolf.cards import draw_back, draw_chip, draw_face, draw_marker
from scenes.wooolf.layout import TableLayout, seat_box
from scenes.wooolf.tableview import Shown, draw_table, results_of

ROLE_CARDS = ("B01", "B02", "B03", "B04", "B05")      # one card of every role, wolf first


class Page(HowtoPage):
    """One page of wooolf's how-to: the shared page, this game's catalog and sizes."""
    game = "wooolf"
    text_share_default = 0.4
    text_size = 24
    text_only_size = 26

    def fill(self) -> dict[str, str]:
        return {**super().fill(), "markers": str(content().markers), "thresholds": thresholds()}


def thresholds() -> str:
    """The early declarations that end the turns, by seat count, from the content's table:
    "4–5 players: 2 · 6–7 players: 3 · 8 players: 4"."""
    runs: list[list[int]] = []                   # [first seats, last seats, threshold]
    table = content().threshold
    for seats in sorted(table):
        if runs and runs[-1][2] == table[seats] and runs[-1][1] == seats - 1:
            runs[-1][1] = seats
        else:
            runs.append([seats, seats, table[seats]])
    return t("wooolf.howto.threshold_sep").join(
        t("wooolf.howto.threshold_item", seats=str(a) if a == b else f"{a}–{b}", n=n) for a, b, n in runs)


def _row(rect: pygame.Rect, n: int, w: int, gap: int) -> list[pygame.Rect]:
    total = n * w + (n - 1) * gap
    x0 = rect.centerx - total // 2
    return [pygame.Rect(x0 + i * (w + gap), rect.y, w, rect.h) for i in range(n)]


def _card_size(rect: pygame.Rect, fr: Frame, n: int) -> tuple[int, int]:
    h = min(rect.h - fr.px(34), fr.px(236))
    w = min(round(h * 0.7), (rect.w - (n - 1) * fr.px(12)) // n)
    return w, round(w / 0.7)


def _roles(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """One card of every role, face up."""
    w, h = _card_size(rect, fr, len(ROLE_CARDS))
    for r, card in zip(_row(pygame.Rect(rect.x, rect.y, rect.w, h), len(ROLE_CARDS), w, fr.px(12)), ROLE_CARDS):
        draw_face(surface, r, fr, card)


def _identity(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Three hands and the identity each makes: the higher-valued card decides."""
    pairs = (("B04", "B05"), ("B05", "B01"), ("B09", "B10"))
    c = content()
    slot_w = rect.w // 3
    for i, pair in enumerate(pairs):
        slot = pygame.Rect(rect.x + i * slot_w, rect.y, slot_w - fr.px(10), rect.h)
        w, h = _card_size(pygame.Rect(slot.x, slot.y, slot.w, slot.h - fr.px(40)), fr, 2)
        for r, card in zip(_row(pygame.Rect(slot.x, slot.y, slot.w, h), 2, w, fr.px(8)), pair):
            draw_face(surface, r, fr, card)
        role = c.identity(pair)
        text_in(surface, t("wooolf.howto.is", role=t(f"wooolf.role.{role}")),
                pygame.Rect(slot.x, slot.y + h + fr.px(6), slot.w, fr.px(34)), fr.fs(22), style.ACCENT, bold=True,
                min_size=fr.min_fs, ellipsis=True)


def _peek_pair(surface: pygame.Surface, slot: pygame.Rect, fr: Frame, card: str, peeker: str, by: int) -> None:
    """A card face up, what its peeker must announce, and the marker laid."""
    w, h = _card_size(pygame.Rect(slot.x, slot.y, slot.w, slot.h - fr.px(80)), fr, 2)
    card_r, mark_r = _row(pygame.Rect(slot.x, slot.y, slot.w, h), 2, w, fr.px(16))
    draw_face(surface, card_r, fr, card)
    said = announcement(content().cards[card].public, peeker)
    m = pygame.Rect(0, 0, fr.px(56), fr.px(40))
    m.center = mark_r.center
    draw_marker(surface, m, fr, by, said)
    text_in(surface, t("wooolf.howto.peeker", role=t(f"wooolf.role.{peeker}")),
            pygame.Rect(slot.x, slot.y + h + fr.px(4), slot.w, fr.px(34)), fr.fs(20), style.INK_DIM,
            min_size=fr.min_fs, ellipsis=True)
    text_in(surface, t(f"wooolf.public.{said}"), pygame.Rect(slot.x, slot.y + h + fr.px(40), slot.w, fr.px(36)),
            fr.fs(24), style.seat_colour(by), bold=True, min_size=fr.min_fs, ellipsis=True)


def _peek(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """A hunter peeks at the wolf that shows "Sheep", and at the hunter that shows "?"."""
    half = rect.w // 2
    _peek_pair(surface, pygame.Rect(rect.x, rect.y, half - fr.px(10), rect.h), fr, "B01", "hunter", 1)
    _peek_pair(surface, pygame.Rect(rect.x + half, rect.y, half - fr.px(10), rect.h), fr, "B07", "hunter", 1)


def _shepherd(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The shepherd boy peeks at a sheep and at a hound: "Wolf!" both times."""
    half = rect.w // 2
    _peek_pair(surface, pygame.Rect(rect.x, rect.y, half - fr.px(10), rect.h), fr, "B05", "shepherd", 2)
    _peek_pair(surface, pygame.Rect(rect.x + half, rect.y, half - fr.px(10), rect.h), fr, "B04", "shepherd", 2)


def example_view() -> dict:
    """A small table in the middle of a round, for the pictures."""
    return {"seats": 4, "holders": 5, "neutral": 4, "scores": [2, 0, 1, 0], "x_tokens": [[], ["black"], [], []],
            "declared": [3], "early": [3], "to_act": [0], "epochs": [0, 1, 0, 0, 2],
            "markers": [{"by": 1, "target": 0, "pos": 0, "epoch": 0, "announced": "sheep"},
                        {"by": 2, "target": 0, "pos": 0, "epoch": 0, "announced": "wolf"},
                        {"by": 0, "target": 1, "pos": 1, "epoch": 0, "announced": "hunter"},
                        {"by": 3, "target": 1, "pos": 1, "epoch": 1, "announced": "unknown"},
                        {"by": 0, "target": 4, "pos": 0, "epoch": 1, "announced": "hound"}],
            "asks": [{"seat": 0, "target": 2, "question": "card_hound", "answer": True},
                     {"seat": 3, "target": 2, "question": "wolf_hunter_shepherd", "answer": False},
                     {"seat": 1, "target": 0, "question": "card_sheep", "answer": True}]}


def _three_seats(rect: pygame.Rect, fr: Frame, holders: tuple[int, ...]) -> TableLayout:
    """Three seat boxes of the table side by side (the table's own box at its own size),
    and a note under them."""
    gap = fr.px(10)
    w = min(fr.px(300), (rect.w - 2 * gap) // 3)
    h = min(fr.px(150), rect.h - fr.px(60))
    x0 = rect.centerx - (3 * w + 2 * gap) // 2
    boxes = tuple(seat_box(hd, pygame.Rect(x0 + i * (w + gap), rect.y, w, h)) for i, hd in enumerate(holders))
    return TableLayout(boxes, pygame.Rect(x0, rect.y + h + gap, 3 * w + 2 * gap, rect.bottom - rect.y - h - gap))


def _table(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Seats with their markers, answered question cards, X tokens and points."""
    view = example_view()
    lay = _three_seats(rect, fr, (0, 1, 4))
    draw_table(surface, lay, fr, view, [{"name": n} for n in example_names()], Shown(faces={0: ["B03", "B06"]}))
    text_in(surface, t("wooolf.howto.table.note"), lay.centre, fr.fs(20),
            style.INK_DIM, wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)


def _ask(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """A question card, and the answered cards it leaves in front of a player."""
    q = pygame.Rect(rect.x, rect.y, rect.w // 2 - fr.px(10), min(rect.h, fr.px(140)))
    pygame.draw.rect(surface, style.BG_3, q, border_radius=fr.px(12))
    text_in(surface, t("wooolf.question.wolf_hunter_shepherd"), q.inflate(-fr.px(20), -fr.px(16)), fr.fs(24),
            style.INK, wrap_lines=True, max_lines=3, min_size=fr.min_fs, ellipsis=True)
    x = rect.x + rect.w // 2 + fr.px(10)
    ch = fr.px(40)
    for i, (qid, ans) in enumerate((("wolf_hunter_shepherd", False), ("card_hound", True), ("card_sheep", True))):
        draw_chip(surface, pygame.Rect(x, rect.y + i * (ch + fr.px(10)), fr.px(130), ch), fr, qid, ans, i)
    text_in(surface, t("wooolf.howto.ask.note"), pygame.Rect(x + fr.px(140), rect.y, rect.right - x - fr.px(140),
            3 * ch + 2 * fr.px(10)), fr.fs(20), style.INK_DIM, wrap_lines=True, align="left", max_lines=4,
            min_size=fr.min_fs, ellipsis=True)
    # what each short form on an answered card stands for ("WHB?" is not self-evident)
    top = rect.y + max(q.h, 3 * ch + 2 * fr.px(10)) + fr.px(16)
    rows = [t("wooolf.howto.ask.legend", short=t(f"wooolf.qshort.{qn.id}"), question=t(f"wooolf.question.{qn.id}"))
            for qn in content().questions]
    rh = min(fr.px(30), (rect.bottom - top) // max(1, len(rows)))
    for i, row in enumerate(rows):
        text_in(surface, row, pygame.Rect(rect.x, top + i * rh, rect.w, rh), fr.fs(20), style.INK_DIM, align="left",
                min_size=fr.min_fs, ellipsis=True)


def _targets(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Every role's card with its targets written on it."""
    _roles(surface, rect, fr)


def _shuffle(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Two face-down cards and the markers that go hollow after a shuffle."""
    w, h = _card_size(pygame.Rect(rect.x, rect.y, rect.w, rect.h - fr.px(10)), fr, 4)
    a, b, c, d = _row(pygame.Rect(rect.x, rect.y, rect.w, h), 4, w, fr.px(16))
    draw_back(surface, a, fr)
    draw_back(surface, b, fr)
    for i, (r, old) in enumerate(((c, False), (d, True))):
        m = pygame.Rect(0, 0, fr.px(56), fr.px(40))
        m.center = r.center
        draw_marker(surface, m, fr, 1, "sheep", old=old)
        text_in(surface, t("wooolf.howto.shuffle.new" if not old else "wooolf.howto.shuffle.old"),
                pygame.Rect(r.x - fr.px(20), m.bottom + fr.px(8), r.w + fr.px(40), fr.px(30)), fr.fs(20),
                style.INK_DIM, min_size=fr.min_fs, ellipsis=True)


# the dial example: Mei a hunter (final: > the wolf Ada, >> 0, no hound is dealt), Ada the
# wolf, Bo the sheep, Dee the shepherd boy (early: > Ada, >> Bo), the neutral seat a hunter
DIAL_CARDS = (("B03", "B06"), ("B01", "B05"), ("B09", "B10"), ("B02", "B12"), ("B07", "B16"))
DIALS = ({"early": False, "arrows": [1, -1]}, None, None, {"early": True, "arrows": [1, 2]})


def dial_example() -> dict:
    """The dial example's reveal, scored by the rules (so the picture cannot score it wrong)."""
    return reveal([list(p) for p in DIAL_CARDS], list(DIALS), [[] for _ in DIALS])


def _dial(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The dials at the reveal, with what each earned."""
    view = example_view()
    view.update({"declared": [0, 3], "early": [3]})
    lay = _three_seats(rect, fr, (0, 1, 3))
    shown = Shown(faces={h: list(p) for h, p in enumerate(DIAL_CARDS)},
                  dials={s: (d or {}).get("arrows") for s, d in enumerate(DIALS)}, results=results_of(dial_example()))
    draw_table(surface, lay, fr, view, [{"name": n} for n in example_names()], shown)
    text_in(surface, t("wooolf.howto.dial.note", **example_params()), lay.centre, fr.fs(20),
            style.INK_DIM, wrap_lines=True, max_lines=3, min_size=fr.min_fs, ellipsis=True)


def _lines(surface: pygame.Surface, rect: pygame.Rect, fr: Frame, page: str, keys: tuple[str, ...],
           lit: int) -> None:
    """A page's rules, one line each (the first `lit` in the accent colour)."""
    rh = rect.h // len(keys)
    fill = Page(page).fill()
    for i, k in enumerate(keys):
        text_in(surface, t(f"wooolf.howto.{page}.{k}", **fill), pygame.Rect(rect.x, rect.y + i * rh, rect.w, rh - 2),
                fr.fs(22), style.ACCENT if i < lit else style.INK, align="left", wrap_lines=True, max_lines=2,
                min_size=fr.min_fs, ellipsis=True)


def _scoring(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The points and X tokens, one line each."""
    _lines(surface, rect, fr, "scoring", ("early", "final", "bonus", "red", "black", "end"), 3)


def _turns_end(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The markers, the early declarations that end the turns, the forced declaration."""
    _lines(surface, rect, fr, "turns_end", ("markers", "threshold", "forced", "red", "final"), 2)


def howto_pages() -> list[Page]:
    return [Page("roles", _roles), Page("identity", _identity), Page("peek", _peek), Page("shepherd", _shepherd),
            Page("ask", _ask), Page("shuffle", _shuffle), Page("table", _table, 0.3), Page("targets", _targets),
            Page("declare", _dial, 0.36), Page("turns_end", _turns_end, 0.3), Page("scoring", _scoring, 0.34)]
