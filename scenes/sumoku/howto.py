"""How to play Sumoku: pages of rules text, each illustrated by the table's own board
renderer. The scoring pages show the five worked examples of the rules file on real
boards, scored by the engine's own judge (so the numbers shown are the rules' numbers)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from engine.sumoku.board import all_lines
from engine.sumoku.scoring import evaluate_play
from scenes.sumoku import howto_variants as variants
from scenes.sumoku import style
from scenes.ui import style as ui_style
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.pending import LineCheck, line_checks
from scenes.ui.draw import text_in
from scenes.sumoku.widgets import hand_layout, draw_hand
from scenes.ui.i18n import t

Cell = tuple[int, int]
Board = dict[Cell, tuple[int, int]]


def tile(colour: int, num: int, copy: int = 0) -> int:
    """A tile id from its colour index (0 orange .. 5 vermillion) and number."""
    return colour * 16 + (num - 1) * 2 + copy


O, S, G, Y, B, V = range(6)


@dataclass(frozen=True)
class Example:
    """A worked example: the table before, the play, the key, and its caption key."""
    caption: str
    board: tuple[tuple[int, int, int, int], ...]      # (r, c, tile, value)
    play: tuple[tuple[int, int, int, int], ...]       # (tile, r, c, value)
    key: int = 5
    first_play: bool = False

    def board_dict(self) -> Board:
        return {(r, c): (tl, v) for r, c, tl, v in self.board}

    def score(self, scoring: str = "cross") -> int:
        return evaluate_play(self.board_dict(), self.key, [list(p) for p in self.play],
                             first_play=self.first_play, scoring=scoring).score


ROW_1937 = ((0, 0, tile(O, 1), 1), (0, 1, tile(S, 6), 9), (0, 2, tile(G, 3), 3), (0, 3, tile(Y, 7), 7))
EXAMPLES: tuple[Example, ...] = (
    Example("sumoku.howto.ex1", (), tuple((tl, r, c, v) for r, c, tl, v in ROW_1937), first_play=True),
    Example("sumoku.howto.ex2", ROW_1937, ((tile(B, 5), 0, 4, 5),)),
    Example("sumoku.howto.ex3", ROW_1937, ((tile(B, 5), 1, 3, 5), (tile(V, 3), 2, 3, 3))),
    Example("sumoku.howto.ex4", ROW_1937, ((tile(B, 5), 0, 4, 5), (tile(O, 6), 1, 4, 9), (tile(V, 1), 2, 4, 1))),
    Example("sumoku.howto.ex5", ((0, 0, tile(G, 3), 3), (0, 1, tile(Y, 7), 7)),
            ((tile(B, 5), 0, 2, 5), (tile(S, 6), 1, 2, 9), (tile(V, 1), 2, 2, 1))),
)

# A finished-looking table for the first page (key 4): every line valid.
SAMPLE: tuple[tuple[int, int, int, int], ...] = (
    (0, 0, tile(O, 1), 1), (0, 1, tile(S, 3), 3), (0, 2, tile(G, 6), 9), (0, 3, tile(Y, 3), 3),
    (1, 2, tile(B, 2), 2), (2, 2, tile(V, 1), 1),
    (2, 3, tile(O, 4), 4), (2, 4, tile(S, 8), 8), (2, 1, tile(Y, 7), 7),
    (3, 4, tile(G, 4), 4), (4, 4, tile(B, 8), 8),
)
# The lines page: a valid row, and a column hanging from it that breaks the sum rule.
LINES_BOARD = ROW_1937
LINES_PLAY = ((tile(B, 4), 1, 2, 4),)
# The turn page: after the first play, a column built down from the 9 (key 5).
TURN_PLAY = ((tile(Y, 2), 1, 1, 2), (tile(V, 4), 2, 1, 4))


class BoardPicture:
    """A small board drawn by the table's renderer, with the play's lines outlined."""

    def __init__(self, board: Board, play: Sequence[Sequence[int]] = (), key: int = 5, *,
                 lines: str = "play", first_play: bool = False) -> None:
        self.board = board
        self.play = [list(p) for p in play]
        self.key = key
        self.view = BoardView(max_cell=56)
        self.view.set_board(board)
        self.view.extra_fit = {(p[1], p[2]) for p in self.play}
        if lines == "scored":   # the lines the play scores (L1 and L2), each with its total
            ps = evaluate_play(board, key, self.play, first_play=first_play)
            self.lines: list = [LineCheck(ln.direction, ln.cells, ln.total) for ln in ps.lines]
        elif lines == "all":    # every line on the table
            self.lines = [LineCheck(d, tuple(cells), sum(board[c][1] for c in cells)) for d, cells in all_lines(board)]
        else:                   # the lines through the play, each judged (errors shown beside)
            self.lines = line_checks(board, key, self.play)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
        self.view.set_rect(rect, scale)
        self.view.refit()
        ghosts = [(p[0], p[3], (p[1], p[2]), True) for p in self.play]
        ok = all(lc.error is None for lc in self.lines)
        ghosts = [(a, b, c, ok) for a, b, c, _ in ghosts]
        self.view.draw(surface, ghosts=ghosts, lines=self.lines)


class Page:
    """One page of the rules: `title` (current language) and `draw(surface, rect)`."""

    def __init__(self, key: str, illustrate: Callable[[pygame.Surface, pygame.Rect, float], None] | None = None,
                 text_share: float = 0.46) -> None:
        self.key = key
        self.illustrate = illustrate
        self.text_share = text_share

    @property
    def title(self) -> str:
        return t(f"sumoku.howto.{self.key}.title")

    @property
    def body(self) -> str:
        return t(f"sumoku.howto.{self.key}.body")

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        rect = pygame.Rect(rect)
        s = ui_style.scale(surface.get_size())
        pad = max(6, round(14 * s))
        if self.illustrate is None:
            text_in(surface, self.body, rect.inflate(-2 * pad, -2 * pad), round(30 * s), style.TEXT,
                    min_size=round(18 * s), wrap_lines=True, valign="top", align="left")
            return
        if rect.w >= rect.h * 1.3:
            tw = round(rect.w * self.text_share)
            text_box = pygame.Rect(rect.x + pad, rect.y + pad, tw - 2 * pad, rect.h - 2 * pad)
            art = pygame.Rect(rect.x + tw, rect.y + pad, rect.w - tw - pad, rect.h - 2 * pad)
        else:
            th = round(rect.h * 0.4)
            text_box = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, th - 2 * pad)
            art = pygame.Rect(rect.x + pad, rect.y + th, rect.w - 2 * pad, rect.h - th - pad)
        text_in(surface, self.body, text_box, round(28 * s), style.TEXT, min_size=round(18 * s), wrap_lines=True,
                valign="top", align="left")
        self.illustrate(surface, art, s)


class ScoringPage(Page):
    """Body text over a row of worked examples, each a board and its caption."""

    def __init__(self, key: str, examples: Sequence[Example]) -> None:
        super().__init__(key, None)
        self.examples = list(examples)
        self.pictures = [BoardPicture(ex.board_dict(), ex.play, ex.key, lines="scored", first_play=ex.first_play)
                         for ex in self.examples]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        rect = pygame.Rect(rect)
        s = ui_style.scale(surface.get_size())
        pad = max(6, round(14 * s))
        text_box = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, round(rect.h * 0.22))
        text_in(surface, self.body, text_box, round(24 * s), style.TEXT, min_size=round(18 * s), wrap_lines=True,
                valign="top", align="left")
        n = len(self.examples)
        area = pygame.Rect(rect.x + pad, text_box.bottom + pad, rect.w - 2 * pad, rect.bottom - text_box.bottom - 2 * pad)
        cw = (area.w - pad * (n - 1)) // n
        cap_h = round(area.h * 0.28)
        for i, (ex, pic) in enumerate(zip(self.examples, self.pictures)):
            col = pygame.Rect(area.x + i * (cw + pad), area.y, cw, area.h)
            pic.draw(surface, pygame.Rect(col.x, col.y, col.w, col.h - cap_h), s)
            caption = pygame.Rect(col.x, col.bottom - cap_h + pad // 2, col.w, cap_h - pad // 2)
            text_in(surface, t(ex.caption, score=ex.score()), caption, round(22 * s), style.ACCENT,
                    min_size=round(18 * s), wrap_lines=True, valign="top")


def _picture(board: Sequence[tuple[int, int, int, int]], play: Sequence[tuple[int, int, int, int]] = (),
             key: int = 5, lines: str = "play") -> Callable[[pygame.Surface, pygame.Rect, float], None]:
    pic = BoardPicture({(r, c): (tl, v) for r, c, tl, v in board}, play, key, lines=lines)

    def draw(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        pic.draw(surface, rect, s)
    return draw


def _end_hand(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    hand = [tile(Y, 3), tile(B, 8)]
    cap_h = round(60 * s)
    rects = hand_layout(pygame.Rect(rect.x, rect.y, rect.w, rect.h - cap_h), len(hand), round(96 * s), round(12 * s))
    draw_hand(surface, rects, hand)
    text_in(surface, t("sumoku.howto.end.caption"), pygame.Rect(rect.x, rect.bottom - cap_h, rect.w, cap_h),
            round(28 * s), style.ACCENT, bold=True, min_size=round(18 * s))


def howto_pages() -> list[Page]:
    return [
        Page("goal", _picture(SAMPLE, key=4, lines="all")),
        Page("lines", _picture(LINES_BOARD, LINES_PLAY)),
        Page("turn", _picture(ROW_1937, TURN_PLAY)),
        ScoringPage("score1", EXAMPLES[:3]),
        ScoringPage("score2", EXAMPLES[3:]),
        Page("end", _end_hand),
        Page("solitaire", variants.draw_solitaire),
        Page("speed", variants.draw_speed),
        Page("wrong", variants.draw_wrong),
        Page("grab", variants.draw_grab),
        Page("team", variants.draw_team),
        Page("controls"),
    ]
