"""How to play Hooky: the rules in pages, illustrated with the table's own cards and
worksheet. The counting page counts MIRTH, NEVER and QUICK with the engine's own rule,
and the worksheet page runs the engine's deduction on the rules' AWARD example."""
from __future__ import annotations

import pygame

from engine.hooky.deduction import HOOKY, deduce
from engine.hooky.knowledge import Knowledge, count_answer
from scenes.common.howtopage import HowtoPage
from scenes.hooky import assist
from scenes.hooky.tableview import draw_pile
from scenes.hooky.widgets import PANEL, Frame, cards_row, draw_card
from scenes.hooky.worksheet import WorksheetGrid
from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.i18n import t


# the rules' counting examples: (hand, word)
COUNTING = (("aghlu", "mirth"), ("aelnp", "never"), ("smart", "quick"))
# the rules' worked deduction: holding B-D-H-R-Y, player 2 answers 2 to AWARD
AWARD_HAND = "bdhry"
AWARD_CLUE = (1, "award", 2)


class Page(HowtoPage):
    """One page of hooky's how-to: the shared page, this game's catalog and sizes."""
    game = "hooky"
    text_share_default = 0.42
    text_size = 26
    text_only_size = 28


def _table(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Four hands face down, the playground and the three hooky cards."""
    pad = fr.px(10)
    w = (rect.w - 2 * pad) // 3
    for i in range(4):
        box = pygame.Rect(rect.x + (i % 2) * (w // 2 + pad // 2), rect.y + (i // 2) * (rect.h // 2), w // 2 - pad // 2,
                          rect.h // 2 - pad)
        pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(8))
        pygame.draw.rect(surface, style.seat_colour(i), box, max(2, fr.px(3)), border_radius=fr.px(8))
        for r in cards_row(box.inflate(-pad, -pad), 5, fr.px(40), fr.px(3)):
            draw_card(surface, r, None, fr)
    draw_pile(surface, pygame.Rect(rect.x + w + pad, rect.y, w, rect.h), fr, t("hooky.ui.place.playground"),
              [None, None, None], style.INK)
    draw_pile(surface, pygame.Rect(rect.x + 2 * (w + pad), rect.y, rect.w - 2 * (w + pad), rect.h), fr,
              t("hooky.ui.place.hooky"), [None, None, None], style.ACCENT)


def counting_examples() -> list[tuple[str, str, int]]:
    return [(hand, word, count_answer(word, hand)) for hand, word in COUNTING]


def _counting(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """Each example: the hand, the word with its counted letters lit, and the count."""
    rows = counting_examples()
    h = rect.h // len(rows)
    pad = fr.px(10)
    for i, (hand, word, n) in enumerate(rows):
        row = pygame.Rect(rect.x, rect.y + i * h, rect.w, h - pad)
        pygame.draw.rect(surface, PANEL, row, border_radius=fr.px(10))
        hand_box = pygame.Rect(row.x + pad, row.y + pad // 2, row.w * 36 // 100, row.h - pad)
        for c, r in zip(hand, cards_row(hand_box, len(hand), fr.px(48), fr.px(4))):
            draw_card(surface, r, c, fr)
        word_box = pygame.Rect(hand_box.right + 3 * pad, row.y + pad // 2, row.w * 36 // 100, row.h - pad)
        for c, r in zip(word, cards_row(word_box, len(word), fr.px(48), fr.px(4))):
            draw_card(surface, r, c, fr, dim=c not in hand, border=style.GOOD if c in hand else None)
        text_in(surface, t("hooky.howto.count.result", word=word.upper(), n=n),
                pygame.Rect(word_box.right + 2 * pad, row.y, row.right - word_box.right - 3 * pad, row.h), fr.fs(30),
                style.ACCENT, bold=True, min_size=fr.min_fs, align="left")


def award_view() -> dict:
    """A worksheet view of the rules' AWARD example (4 players, seat 0 holds B-D-H-R-Y)."""
    k = Knowledge.new(4, 0, AWARD_HAND, clues=[AWARD_CLUE])
    seat, word, answer = AWARD_CLUE
    return {"seats": 4, "seat": 0, "hand": list(AWARD_HAND), "revealed": [[], [], [], []], "flipped": [],
            "peeks": [], "hand_sizes": [5, 5, 5, 5], "playground_size": 3, "hooky_size": 3, "clues": [],
            "asks": [{"round": 1, "asker": 2, "seat": seat, "word": word, "answer": answer}],
            "options": {"assistant": "certain"}, "knowledge": k.to_view()}


def award_facts() -> dict[str, bool]:
    """What the deduction engine concludes in the AWARD example."""
    d = deduce(Knowledge.new(4, 0, AWARD_HAND, clues=[AWARD_CLUE]))
    return {"a_with_2": d.must("a", 1), "no_w_with_2": d.cannot("w", 1), "a_not_hooky": d.cannot("a", HOOKY)}


def _award(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    view = award_view()
    d = deduce(Knowledge.from_view(view["knowledge"]))
    rows = assist.rows_for(view, 0)
    cap_h = fr.px(64)
    grid = WorksheetGrid()
    grid.layout(pygame.Rect(rect.x, rect.y, rect.w, rect.h - cap_h), rows, fr)
    filled = {**assist.forced(d, rows), **assist.known_facts(view, 0)}
    grid.draw(surface, fr, view=view, seat=0, players=None, marks={}, assist=filled, heat=None,
              cursor=(0, 0), focused=True)
    facts = award_facts()
    lines = [t(f"hooky.howto.award.{k}") for k, ok in facts.items() if ok]
    text_in(surface, t("hooky.howto.award.caption", facts=t("ui.list_sep").join(lines)),
            pygame.Rect(rect.x, rect.y + grid.height + fr.px(6), rect.w, rect.bottom - rect.y - grid.height - fr.px(6)),
            fr.fs(24), style.ACCENT, bold=True, wrap_lines=True, max_lines=2, min_size=fr.min_fs, ellipsis=True)


def _reveal(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """A hand with one card turned up (its corner lit) and the card seen by the peek."""
    pad = fr.px(12)
    half = (rect.w - pad) // 2
    left = pygame.Rect(rect.x, rect.y, half, rect.h)
    right = pygame.Rect(rect.x + half + pad, rect.y, rect.w - half - pad, rect.h)
    for box, title, cards, colour in ((left, t("hooky.howto.turn.yours"), ["b", "d", "h", "r", "y"], style.seat_colour(0)),
                                      (right, t("hooky.howto.turn.theirs"), [None, None, "e", None, None],
                                       style.seat_colour(1))):
        pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(10))
        text_in(surface, title, pygame.Rect(box.x + pad, box.y + pad // 2, box.w - 2 * pad, fr.px(34)), fr.fs(22),
                colour, bold=True, align="left", min_size=fr.min_fs, ellipsis=True)
        area = pygame.Rect(box.x + pad, box.y + fr.px(44), box.w - 2 * pad, box.h - fr.px(54))
        for c, r in zip(cards, cards_row(area, len(cards), fr.px(70), fr.px(6))):
            draw_card(surface, r, c, fr, revealed=box is left and c == "r", selected=box is right and c is not None)


PROPOSED = "mochi"        # a real word the dictionary lacks (tests/test_scenes_hooky.py checks it)


def _propose(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    """The proposed word, then each other player's vote and the table's answer."""
    pad = fr.px(10)
    top = pygame.Rect(rect.x, rect.y, rect.w, rect.h * 45 // 100)
    pygame.draw.rect(surface, PANEL, top, border_radius=fr.px(10))
    text_in(surface, t("hooky.howto.propose.example"), pygame.Rect(top.x + pad, top.y + pad // 2, top.w - 2 * pad,
            fr.px(32)), fr.fs(22), style.INK_DIM, align="left", min_size=fr.min_fs, ellipsis=True)
    area = pygame.Rect(top.x + pad, top.y + fr.px(40), top.w - 2 * pad, top.h - fr.px(48))
    for c, r in zip(PROPOSED, cards_row(area, len(PROPOSED), fr.px(64), fr.px(6))):
        draw_card(surface, r, c, fr)
    votes = pygame.Rect(rect.x, top.bottom + pad, rect.w, rect.bottom - top.bottom - pad)
    w = (votes.w - 3 * pad) // 4
    for i in range(3):
        box = pygame.Rect(votes.x + i * (w + pad), votes.y, w, votes.h * 55 // 100)
        pygame.draw.rect(surface, PANEL, box, border_radius=fr.px(10))
        pygame.draw.rect(surface, style.seat_colour(i + 1), box, max(2, fr.px(3)), border_radius=fr.px(10))
        text_in(surface, t("ui.player_n", n=i + 2), pygame.Rect(box.x + pad, box.y, box.w - 2 * pad, box.h // 2),
                fr.fs(22), style.seat_colour(i + 1), bold=True, min_size=fr.min_fs, ellipsis=True)
        text_in(surface, t("hooky.ui.accept"), pygame.Rect(box.x + pad, box.centery, box.w - 2 * pad, box.h // 2),
                fr.fs(22), style.GOOD, bold=True, min_size=fr.min_fs, ellipsis=True)
    res = pygame.Rect(votes.x + 3 * (w + pad), votes.y, votes.right - votes.x - 3 * (w + pad), votes.h * 55 // 100)
    text_in(surface, t("hooky.log.word_accepted", word=PROPOSED.upper()), res, fr.fs(24), style.ACCENT, bold=True,
            wrap_lines=True, max_lines=3, min_size=fr.min_fs, ellipsis=True)


def _hooky_cards(surface: pygame.Surface, rect: pygame.Rect, fr: Frame) -> None:
    draw_pile(surface, pygame.Rect(rect.x + rect.w // 4, rect.y, rect.w // 2, rect.h), fr,
              t("hooky.ui.place.hooky"), ["j", "v", "x"], style.ACCENT)


def howto_pages() -> list[Page]:
    return [
        Page("goal", _table),
        Page("count", _counting, text_share=0.3),
        Page("turn", _reveal),
        Page("propose", _propose, text_share=0.5),
        Page("worksheet", _award, text_share=0.3),
        Page("end", _hooky_cards, text_share=0.6),
        Page("assistant"),
        Page("controls"),
    ]
