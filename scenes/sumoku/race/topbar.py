"""The top bar (key number, round, bag) and the bots' progress, small: a card per bot
seat (speed: tiles on its grid and a thumbnail of it; grab: tiles won) or per team with
no local player (team: tiles placed of its share). Cached like the panes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from engine.sumoku.grab import goal
from scenes.sumoku.race.panes import TEAM_COLOURS, Pane, fpx
from scenes.sumoku import style
from scenes.sumoku.tileart import FILLS
from scenes.ui.draw import text_in
from scenes.ui.i18n import t

Name = Callable[[int], str]


@dataclass(frozen=True)
class Progress:
    label: str
    colour: tuple[int, int, int]
    text: str
    grid: tuple[tuple[int, int, int], ...]   # (row, col, tile) for the thumbnail
    alert: bool = False


def progress(view: dict, bots: list[int], local_teams: set[int], name: Name) -> list[Progress]:
    v = view
    out: list[Progress] = []
    variant = v["variant"]
    if variant == "team":
        for team in range(len(v["grids"])):
            if team in local_teams:
                continue
            placed, left = len(v["grids"][team]), len(v["pools"][team])
            out.append(Progress(t("race.team_n", n=team + 1), TEAM_COLOURS[team % len(TEAM_COLOURS)],
                                t("race.placed_of", placed=placed, total=placed + left),
                                tuple((r, c, tile) for r, c, tile, _ in v["grids"][team]), bool(v["stuck"][team])))
        return out
    for s in bots:
        if variant == "grab":
            alert = bool(v["out"][s] or v["sit_out"][s])
            text = t("race.out") if alert else t("race.won_count", count=len(v["won"][s]), goal=goal(v["seats"]))
            out.append(Progress(name(s), style.seat_colour(s), text, (), alert))
        else:
            placed, left = len(v["grids"][s]), len(v["hands"][s])
            alert = bool(v["out"][s])
            text = t("race.out") if alert else t("race.placed_of", placed=placed, total=placed + left)
            wins = "★" * v["wins"][s]
            out.append(Progress(f"{name(s)} {wins}".strip(), style.seat_colour(s), text,
                                tuple((r, c, tile) for r, c, tile, _ in v["grids"][s]), alert))
    return out


def draw_thumb(surf: pygame.Surface, box: pygame.Rect, grid: tuple[tuple[int, int, int], ...]) -> None:
    pygame.draw.rect(surf, style.TABLE, box, border_radius=4)
    if not grid:
        return
    rows = [r for r, _, _ in grid]
    cols = [c for _, c, _ in grid]
    nr, nc = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    cell = max(2, min((box.w - 4) // nc, (box.h - 4) // nr, 12))
    x0 = box.x + (box.w - nc * cell) // 2
    y0 = box.y + (box.h - nr * cell) // 2
    for r, c, tile in grid:
        pygame.draw.rect(surf, FILLS[tile // 16], (x0 + (c - min(cols)) * cell, y0 + (r - min(rows)) * cell,
                                                   cell - 1, cell - 1))


def draw_card(surf: pygame.Surface, rect: pygame.Rect, p: Progress, k: float, thumb: bool) -> None:
    rad = max(4, round(8 * k))
    pygame.draw.rect(surf, style.PANEL_HI, rect, border_radius=rad)
    pygame.draw.rect(surf, p.colour, (rect.x, rect.y, max(3, round(5 * k)), rect.h), border_radius=rad)
    inner = rect.inflate(-round(14 * k), -round(6 * k))
    inner.x += round(4 * k)
    if thumb and p.grid and inner.w > 3 * inner.h:
        tb = pygame.Rect(inner.right - inner.h * 2, inner.y, inner.h * 2, inner.h)
        draw_thumb(surf, tb, p.grid)
        inner.w -= tb.w + round(6 * k)
    half = inner.h // 2
    text_in(surf, p.label, pygame.Rect(inner.x, inner.y, inner.w, half), fpx(20, k), p.colour, bold=True,
            align="left", min_size=11, ellipsis=True)
    text_in(surf, p.text, pygame.Rect(inner.x, inner.y + half, inner.w, inner.h - half), fpx(18, k),
            style.BAD if p.alert else style.TEXT, align="left", min_size=11, ellipsis=True)


class TopBar(Pane):
    def __init__(self, rect: pygame.Rect, scale: float, bots: list[int], local_teams: set[int], name: Name) -> None:
        super().__init__(rect, scale)
        self.bots = bots
        self.local_teams = local_teams
        self.name = name
        self.view: dict = {}
        self.items: list[Progress] = []

    def set_view(self, view: dict) -> None:
        self.view = view
        self.items = progress(view, self.bots, self.local_teams, self.name)

    def signature(self, now: float) -> Any:
        v = self.view
        return (v.get("key"), v.get("round"), v.get("bag_count"), tuple(self.items))

    def render_static(self, surf: pygame.Surface, now: float) -> None:
        k = self.k
        v = self.view
        surf.fill(style.PANEL)
        h = surf.get_height()
        pad = max(4, round(8 * k))
        boxes = [(t("race.key"), str(v.get("key") or "?"), style.ACCENT),
                 (t("race.round"), str(v.get("round", 0)), style.TEXT),
                 (t("race.bag"), str(v.get("bag_count", 0)), style.TEXT)]
        x = pad
        bw = round(92 * k)
        for label, value, colour in boxes:
            r = pygame.Rect(x, pad // 2, bw, h - pad)
            pygame.draw.rect(surf, style.PANEL_HI, r, border_radius=max(4, round(8 * k)))
            if colour == style.ACCENT:
                pygame.draw.rect(surf, colour, r, max(2, round(3 * k)), border_radius=max(4, round(8 * k)))
            text_in(surf, label, pygame.Rect(r.x + 4, r.y + 2, r.w - 8, round(r.h * 0.36)), fpx(16, k),
                    style.MUTED, min_size=10)
            text_in(surf, value, pygame.Rect(r.x + 4, r.y + round(r.h * 0.36), r.w - 8, r.h - round(r.h * 0.38)),
                    fpx(36, k), colour, bold=True, min_size=14)
            x = r.right + pad
        if not self.items:
            return
        avail = surf.get_width() - x - pad
        n = len(self.items)
        cw = min(round(230 * k), (avail - (n - 1) * pad) // n)
        for i, p in enumerate(self.items):
            draw_card(surf, pygame.Rect(x + i * (cw + pad), pad // 2, cw, h - pad), p, k, thumb=cw > round(150 * k))


class BotsPane(Pane):
    """The spare cell of a 3-player split screen: the bots' progress, large."""

    def __init__(self, rect: pygame.Rect, scale: float, bar: TopBar) -> None:
        super().__init__(rect, scale)
        self.bar = bar

    def signature(self, now: float) -> Any:
        return (self.bar.signature(now),)

    def render_static(self, surf: pygame.Surface, now: float) -> None:
        k = self.k
        self.frame(surf, style.PANEL_HI)
        w, h = surf.get_size()
        pad = max(4, round(10 * k))
        title = pygame.Rect(pad, pad, w - 2 * pad, round(36 * k))
        text_in(surf, t("race.bots_title"), title, fpx(26, k), style.MUTED, bold=True, align="left", min_size=12)
        items = self.bar.items
        if not items:
            text_in(surf, t("race.no_bots"), pygame.Rect(pad, title.bottom, w - 2 * pad, h - title.bottom - pad),
                    fpx(24, k), style.MUTED, min_size=12)
            return
        top = title.bottom + pad
        ch = min(round(90 * k), (h - top - pad * len(items)) // len(items))
        for i, p in enumerate(items):
            draw_card(surf, pygame.Rect(pad, top + i * (ch + pad), w - 2 * pad, ch), p, k, thumb=True)
