"""A race round's result, given its own moment before the next countdown: who won the
round (or that nobody did), the winning grid or the claimed set for every player to see,
and the score. The engine leaves the time for it (options["result_ms"]); the scene shows
this card while the next round's start is further off than its countdown, and after the
match until the results screen."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from engine.sumoku.grab import goal
from engine.sumoku.speed import WINS_IN_A_ROW, WINS_IN_ALL
from scenes.sumoku import style
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.race.controls import grid_dict
from scenes.sumoku.race.panes import TEAM_COLOURS, fpx
from scenes.sumoku.tileart import tile_surface
from scenes.ui.draw import text_in
from scenes.ui.i18n import t
from scenes.ui.style import veil

Name = Callable[[int], str]
Colour = tuple[int, int, int]
Words = tuple[str, dict]          # a catalog key and its parameters ("seat" / "seats": named when drawn)


def say(words: Words, name: Name) -> str:
    """The words in the current language (a seat's name looked up now, so the card
    follows a language switch)."""
    key, params = words
    if not key:
        return ""
    params = dict(params)
    if "seat" in params:
        params["name"] = name(params.pop("seat"))
    if "seats" in params:
        params["names"] = t("ui.list_sep").join(name(s) for s in params.pop("seats"))
    return t(key, **params)


@dataclass
class RoundResult:
    """What the card shows. `grid`: the winning grid as the view gives it ([r, c, tile,
    value] rows); `claim`: a right grab claim {tiles, values, multiple}."""
    title: Words
    colour: Colour
    seat: int | None = None
    grid: list[list[int]] = field(default_factory=list)
    grid_owner: Words = ("", {})
    claim: dict | None = None
    note: Words = ("", {})
    final: bool = False


def from_event(ev: dict, view: dict) -> RoundResult | None:
    """The card an event opens (round won, right claim, void round), or None."""
    kind, seat = ev.get("type"), ev.get("seat")
    if kind == "round_won" and isinstance(seat, int):
        return RoundResult(("race.banner.round", {"seat": seat, "n": ev.get("round")}), style.seat_colour(seat),
                           seat, [list(r) for r in view["grids"][seat]], ("race.result.grid_of", {"seat": seat}),
                           note=("race.result.called", {"seat": seat}))
    if kind == "claimed" and ev.get("right") and isinstance(seat, int):
        claim = {"tiles": list(ev["tiles"]), "values": list(ev["values"]), "multiple": ev["multiple"]}
        return RoundResult(("race.banner.claimed", {"seat": seat}), style.seat_colour(seat), seat, claim=claim,
                           note=("race.result.claimed", {"seat": seat, "key": view.get("key") or 1}))
    if kind == "round_void":
        return RoundResult(("race.banner.void", {"n": ev.get("round")}), style.MUTED, None,
                           note=("race.result.void", {}))
    return None


def at_end(current: RoundResult | None, view: dict, winners: list[int]) -> RoundResult:
    """The card after the match: who won it, keeping the last round's grid or claim; a
    team race shows the winning team's grid."""
    title: Words
    if view.get("variant") == "team" and winners:
        team = view["teams"][winners[0]]
        title, colour = ("race.banner.team_wins", {"n": team + 1}), TEAM_COLOURS[team % len(TEAM_COLOURS)]
    elif len(winners) == 1:
        title, colour = ("race.banner.match", {"seat": winners[0]}), style.seat_colour(winners[0])
    elif winners:
        title, colour = ("race.banner.shared", {"seats": list(winners)}), style.ACCENT
    else:
        title, colour = ("race.banner.over", {}), style.ACCENT
    res = current or RoundResult(title, colour)
    res.title, res.colour, res.final = title, colour, True
    if view.get("variant") == "team" and winners and not res.grid:
        team = view["teams"][winners[0]]
        res.grid = [list(r) for r in view["grids"][team]]
        res.grid_owner = ("race.team_n", {"n": team + 1})
    return res


def score_lines(view: dict, name: Name) -> list[tuple[str, str, Colour]]:
    """(who, score, colour) per seat (per team in the team race)."""
    variant = view.get("variant")
    if variant == "team":
        out = []
        for team, grid in enumerate(view["grids"]):
            placed, left = len(grid), len(view["pools"][team])
            out.append((t("race.team_n", n=team + 1), t("race.placed_of", placed=placed, total=placed + left),
                        TEAM_COLOURS[team % len(TEAM_COLOURS)]))
        return out
    if variant == "grab":
        g = goal(view["seats"])
        return [(name(s), t("race.won_count", count=len(view["won"][s]), goal=g), style.seat_colour(s))
                for s in range(view["seats"])]
    return [(name(s), t("race.wins", count=view["wins"][s]), style.seat_colour(s)) for s in range(view["seats"])]


def goal_line(view: dict) -> str:
    variant = view.get("variant")
    if variant == "speed":
        return t("race.result.goal.speed", streak=WINS_IN_A_ROW, total=WINS_IN_ALL)
    if variant == "grab":
        return t("race.result.goal.grab", goal=goal(view["seats"]))
    return ""


class ResultCard:
    """Draws a RoundResult over the table; the grid's board view is kept between frames."""

    def __init__(self) -> None:
        self.board: BoardView | None = None
        self._key: object = None

    def _grid_view(self, rect: pygame.Rect, grid: list[list[int]], k: float) -> BoardView:
        key = (tuple(rect), tuple(map(tuple, grid)))
        if self.board is None or self._key != key:
            self.board = BoardView(rect, scale=k, max_cell=round(72 * k))
            self.board.margin = 0
            self.board.set_board(grid_dict(grid))
            self.board.fit()
            self._key = key
        return self.board

    def draw(self, surface: pygame.Surface, area: pygame.Rect, res: RoundResult, view: dict, name: Name,
             k: float, next_round: int | None) -> None:
        veil(surface, (8, 10, 20, 170))
        card = area.inflate(-round(40 * k), -round(24 * k))
        pygame.draw.rect(surface, style.PANEL, card, border_radius=max(6, round(14 * k)))
        pygame.draw.rect(surface, res.colour, card, max(2, round(4 * k)), border_radius=max(6, round(14 * k)))
        pad = round(20 * k)
        inner = card.inflate(-2 * pad, -2 * pad)
        head = pygame.Rect(inner.x, inner.y, inner.w, round(64 * k))
        text_in(surface, say(res.title, name), head, fpx(48, k), res.colour, bold=True, min_size=16)
        y = head.bottom
        if res.note[0]:
            line = pygame.Rect(inner.x, y, inner.w, round(36 * k))
            text_in(surface, say(res.note, name), line, fpx(26, k), style.TEXT, min_size=12)
            y = line.bottom
        foot_h = round(40 * k)
        body = pygame.Rect(inner.x, y + round(8 * k), inner.w, inner.bottom - foot_h - y - round(16 * k))
        scores = score_lines(view, name)
        side_w = round(min(body.w * 0.38, 360 * k))
        show = body.inflate(0, 0)
        if res.grid or res.claim:
            show.w = body.w - side_w - pad
            side = pygame.Rect(show.right + pad, body.y, side_w, body.h)
        else:
            side = pygame.Rect(body.centerx - side_w // 2, body.y, side_w, body.h)
        if res.grid:
            self._draw_grid(surface, show, res, say(res.grid_owner, name), k)
        elif res.claim:
            self._draw_claim(surface, show, res.claim, k)
        self._draw_scores(surface, side, scores, res, k)
        foot = pygame.Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h)
        bits = [goal_line(view)] if not res.final else []
        if next_round is not None and not res.final:
            bits.append(t("race.result.next", n=next_round))
        text = "  ·  ".join(b for b in bits if b)
        if text:
            text_in(surface, text, foot, fpx(24, k), style.MUTED, min_size=11)

    def _draw_grid(self, surface: pygame.Surface, box: pygame.Rect, res: RoundResult, owner: str,
                   k: float) -> None:
        label = pygame.Rect(box.x, box.y, box.w, round(32 * k))
        text_in(surface, owner, label, fpx(24, k), res.colour, bold=True, min_size=11)
        area = pygame.Rect(box.x, label.bottom, box.w, box.bottom - label.bottom)
        pygame.draw.rect(surface, style.TABLE, area, border_radius=max(4, round(8 * k)))
        bv = self._grid_view(area.inflate(-round(8 * k), -round(8 * k)), res.grid, k)
        bv.draw(surface)

    def _draw_claim(self, surface: pygame.Surface, box: pygame.Rect, claim: dict, k: float) -> None:
        size = max(24, min(round(96 * k), box.w // 5))
        gap = round(12 * k)
        tiles = claim["tiles"]
        row_w = len(tiles) * size + (len(tiles) - 1) * gap
        x = box.centerx - row_w // 2
        y = box.y + max(0, (box.h - size - round(60 * k)) // 2)
        for tile, value in zip(tiles, claim["values"]):
            surface.blit(tile_surface(tile, value, size), (x, y))
            x += size + gap
        total = " + ".join(str(v) for v in claim["values"]) + f" = {claim['multiple']}"
        text_in(surface, total, pygame.Rect(box.x, y + size + round(10 * k), box.w, round(50 * k)), fpx(36, k),
                style.TEXT, bold=True, min_size=14)

    def _draw_scores(self, surface: pygame.Surface, box: pygame.Rect, scores: list[tuple[str, str, Colour]],
                     res: RoundResult, k: float) -> None:
        title = pygame.Rect(box.x, box.y, box.w, round(32 * k))
        text_in(surface, t("race.result.score"), title, fpx(24, k), style.MUTED, bold=True, min_size=11)
        n = max(1, len(scores))
        row_h = min(round(44 * k), (box.bottom - title.bottom) // n)
        y = title.bottom
        for i, (who, score, colour) in enumerate(scores):
            row = pygame.Rect(box.x, y, box.w, row_h - max(1, round(3 * k)))
            mine = res.seat is not None and i == res.seat
            pygame.draw.rect(surface, style.PANEL_HI if mine else style.TABLE, row, border_radius=max(3, round(6 * k)))
            pygame.draw.rect(surface, colour, (row.x, row.y, max(3, round(6 * k)), row.h))
            half = round(row.w * 0.55)
            text_in(surface, who, pygame.Rect(row.x + round(12 * k), row.y, half - round(12 * k), row.h),
                    fpx(24, k), colour, bold=True, align="left", min_size=10)
            text_in(surface, score, pygame.Rect(row.x + half, row.y, row.w - half - round(10 * k), row.h),
                    fpx(24, k), style.TEXT, bold=mine, align="right", min_size=10)
            y += row_h
