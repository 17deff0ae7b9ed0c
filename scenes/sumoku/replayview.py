"""The replay viewer's picture of a Sumoku view: key and bag, the board with the last
play highlighted (a race: every seat's or team's grid side by side, or grab's centre),
and every seat's card (name, score, public hand or team pool)."""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from engine.sumoku.tiles import TILE_COUNT, number
from scenes.sumoku import style
from scenes.ui import style as ui_style
from scenes.common.names import player_name
from scenes.common.renderer import Renderer
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.widgets import draw_seat_card, stat_box
from scenes.ui.i18n import t


class ReplayRenderer(Renderer):
    """`draw(surface, rect, view)`. Set `players` (the log header's) to show names."""

    def __init__(self, app: Any = None, players: Sequence[dict] | None = None) -> None:
        super().__init__(app, players)
        self.board_view = BoardView(max_cell=64)
        self._grid_views: list[BoardView] = []

    def _grid_view(self, i: int) -> BoardView:
        while len(self._grid_views) <= i:
            self._grid_views.append(BoardView(max_cell=48))
        return self._grid_views[i]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        rect = pygame.Rect(rect)
        s = ui_style.scale(surface.get_size())
        pad = max(4, round(8 * s))
        pygame.draw.rect(surface, style.BG, rect)
        seats = int(view.get("seats") or len(view.get("hands") or []))
        solitaire = view.get("variant") == "solitaire"
        # the stat strip along the top
        strip = pygame.Rect(rect.x, rect.y, rect.w, round(78 * s))
        stats = [(t("sumoku.ui.key"), str(view["key"]) if view.get("key") is not None else "?"),
                 (t("sumoku.ui.bag"), str(view.get("bag_count", 0)))]
        if solitaire:
            stats += [(t("sumoku.ui.stage"), str(view.get("stage", 0))),
                      (t("sumoku.ui.placed"), f"{len(view.get('board', []))}/{TILE_COUNT}")]
        bw = min(round(124 * s), (strip.w - pad * (len(stats) + 1)) // len(stats))
        for i, (label, value) in enumerate(stats):
            box = pygame.Rect(strip.x + pad + i * (bw + pad), strip.y + pad, bw, strip.h - 2 * pad)
            stat_box(surface, box, label, value, s, colour=style.ACCENT if i == 0 else style.TEXT)
        body = pygame.Rect(rect.x, strip.bottom, rect.w, rect.bottom - strip.bottom)
        # seat cards: a column on the right when there is room, else a band at the bottom
        cards: list[pygame.Rect] = []
        if seats:
            if body.w >= body.h * 1.25 or solitaire:
                col_w = min(round(300 * s), body.w // 3)
                side = pygame.Rect(body.right - col_w, body.y, col_w, body.h)
                card_h = min(round(124 * s) if not solitaire else round(180 * s),
                             (side.h - pad * (seats + 1)) // seats)
                cards = [pygame.Rect(side.x + pad, side.y + pad + i * (card_h + pad), side.w - 2 * pad, card_h)
                         for i in range(seats)]
                board = pygame.Rect(body.x, body.y, body.w - col_w, body.h)
            else:
                cols = 2 if seats > 2 else seats
                rows = -(-seats // cols)
                card_h = round(76 * s)
                band = pygame.Rect(body.x, body.bottom - rows * (card_h + pad) - pad, body.w, rows * (card_h + pad) + pad)
                cw = (band.w - pad * (cols + 1)) // cols
                cards = [pygame.Rect(band.x + pad + (i % cols) * (cw + pad), band.y + pad + (i // cols) * (card_h + pad),
                                     cw, card_h) for i in range(seats)]
                board = pygame.Rect(body.x, body.y, body.w, band.y - body.y)
        else:
            board = body
        boards, hands, scores = _tables(view, seats)
        last = view.get("last_play")
        hl = [(p[1], p[2]) for p in last["tiles"]] if last else []
        area = board.inflate(-2 * pad, -2 * pad)
        if len(boards) == 1:
            panes, views = [area], [self.board_view]
        else:                               # a race: one grid per seat or team, side by side
            cols = min(len(boards), 4)
            rows = -(-len(boards) // cols)
            pw, ph = (area.w - pad * (cols - 1)) // cols, (area.h - pad * (rows - 1)) // rows
            panes = [pygame.Rect(area.x + (i % cols) * (pw + pad), area.y + (i // cols) * (ph + pad), pw, ph)
                     for i in range(len(boards))]
            views = [self._grid_view(i) for i in range(len(boards))]
            hl = []
        for i, (rows_, pane, bv) in enumerate(zip(boards, panes, views)):
            if len(boards) > 1:
                pygame.draw.rect(surface, style.seat_colour(i), pane, max(1, round(2 * s)))
            bv.set_rect(pane.inflate(-2 * pad, -2 * pad) if len(boards) > 1 else pane, s)
            bv.set_board_list(rows_, hl)
            bv.draw(surface)
        result = view.get("result") or {}
        final = result.get("final") if view.get("ended") else None
        acting = set((view.get("status") or {}).get("acting") or
                     ([view["turn"]] if view.get("turn") is not None else []))
        for seat, card in enumerate(cards):
            score = final[seat] if final and seat < len(final) else scores[seat]
            draw_seat_card(surface, card, s, name=player_name(self.players, seat), colour=style.seat_colour(seat),
                           score=str(score), hand=hands[seat], active=seat in acting)


def _tables(view: dict, seats: int) -> tuple[list[list[list[int]]], list[list[int]], list[int]]:
    """What the picture shows of a view: the boards (rows of [r, c, tile, value]), each
    seat's loose tiles and its score so far. Turn games have one board; a speed race one
    grid per seat, a team race one per team (seats show their team's pool), and grab the
    centre's tiles in a row (seats score the tiles they won)."""
    variant = view.get("variant")
    hands = [list(h) for h in view.get("hands") or []] or [[] for _ in range(seats)]
    if variant == "speed":
        return list(view.get("grids") or [[]]), hands, list(view.get("wins") or [0] * seats)
    if variant == "team":
        teams = list(view.get("teams") or [0] * seats)
        grids = list(view.get("grids") or [[]])
        pools = view.get("pools") or []
        placed = [len(g) for g in grids]
        return (grids, [list(pools[tm]) if tm < len(pools) else [] for tm in teams],
                [placed[tm] if tm < len(placed) else 0 for tm in teams])
    if variant == "grab":
        centre = [[0, i, tile, number(tile)] for i, tile in enumerate(view.get("centre") or [])]
        won = view.get("won") or [[] for _ in range(seats)]
        return [centre], [list(w) for w in won], [len(w) for w in won]
    return [list(view.get("board") or [])], hands, list(view.get("scores") or [0] * seats)
