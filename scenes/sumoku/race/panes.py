"""The split-screen panes. Each keeps a cached surface of everything that only changes
with the table or a player's choice (panel, header, board, tiles, legend) and redraws it
only when its signature changes; per frame only the cursors (and effects) go on top.

GridPane: a speed player's own grid and hand, or a team's grid and pool (every local
teammate has a cursor of their own colour on it). CentrePane: the grab centre, shared.
StripPane: a grab player's strip (won tiles, picked tiles and their sum)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from engine.core.errors import RuleError
from engine.sumoku.board import all_lines
from engine.sumoku.scoring import Line, check_line
from scenes.sumoku.race.controls import LocalPlayer, grab_columns, grid_dict
from scenes.sumoku.race.devices import device_label_key, legend_key
from scenes.sumoku import style
from scenes.sumoku.boardview import BoardView
from scenes.sumoku.tileart import tile_surface
from scenes.sumoku.widgets import hand_layout
from scenes.ui.buttons import Button
from scenes.ui.geometry import Frame
from scenes.ui import style as ui_style
from scenes.ui.draw import text_in
from scenes.ui.i18n import lang, t
from scenes.ui.text import pages_that_fit
from scenes.ui.sizecache import register

Cell = tuple[int, int]
Name = Callable[[int], str]
LEGEND_CYCLE = 4.0          # s each page of controls shows (a teammate's, a device's, a part)
LEGEND_MIN = 14             # px: a legend that does not fit whole at this size is shown in parts


def fpx(n: int, k: float) -> int:
    """A font size scaled like the screen, never below 18 px (or n when n is smaller)."""
    return max(min(n, 18), round(n * k))


def new_surface(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    return surf.convert() if pygame.display.get_surface() is not None else surf


def bad_lines(grid: dict[Cell, tuple[int, int]], key: int | None) -> list[tuple[tuple[Cell, ...], RuleError]]:
    """The lines of a grid that break a rule (too long, a colour twice, a wrong sum), each
    with the rules' own words for what is wrong."""
    out = []
    for d, cells in all_lines(grid):
        values = tuple(grid[c][1] for c in cells)
        try:
            check_line(Line(d, tuple(cells), values, sum(values)), grid, key or 1)
        except RuleError as err:
            out.append((tuple(cells), err))
    return out


class Slots:
    """Where each loose tile sits in the strip, held still while the tiles come and go: a
    tile put on the grid leaves its slot empty, a tile lifted back finds its own slot again,
    new tiles take the first empty ones. A new round (or an empty hand) starts afresh."""

    def __init__(self) -> None:
        self.slots: list[int | None] = []
        self.home: dict[int, int] = {}
        self.round: Any = None

    def update(self, loose: Sequence[int], round_: Any) -> list[int | None]:
        if round_ != self.round or not loose:
            self.round = round_
            self.slots, self.home = [], {}
        here = set(loose)
        self.slots = [x if x in here else None for x in self.slots]
        placed = {x for x in self.slots if x is not None}
        for tile in loose:
            if tile in placed:
                continue
            i = self.home.get(tile)
            if i is None or i >= len(self.slots) or self.slots[i] is not None:
                i = next((j for j, x in enumerate(self.slots) if x is None and j not in self.home.values()),
                         None)
                if i is None:
                    i = next((j for j, x in enumerate(self.slots) if x is None), len(self.slots))
            if i == len(self.slots):
                self.slots.append(None)
            self.slots[i] = tile
            self.home[tile] = i
            placed.add(tile)
        return list(self.slots)


def ghost(tile: int, value: int, size: int) -> pygame.Surface:
    """A see-through tile face (the tile a player carries, at their cursor)."""
    key = (tile, value, size)
    surf = _ghosts.get(key)
    if surf is None:
        surf = tile_surface(tile, value, size).copy()
        surf.set_alpha(150)
        if len(_ghosts) > 256:
            _ghosts.clear()
        _ghosts[key] = surf
    return surf


_ghosts: dict[tuple[int, int, int], pygame.Surface] = {}
register(_ghosts.clear)


def legend_turn(n: int, now: float) -> int:
    """Which of `n` legend pages shows now: each for LEGEND_CYCLE seconds."""
    return int(now / LEGEND_CYCLE) % n if n > 1 else 0


def footer_pages(players: Sequence[LocalPlayer], variant: str, w: int, h: int,
                 k: float) -> list[tuple[LocalPlayer, str, int]]:
    """(player, text, px) of each page of controls a footer `w` x `h` shows in turn: every
    device of every player here, each whole on one page where it fits at a readable size,
    else split between its " · " parts over as many pages as hold them whole (each named
    for its device where the player has more than one). Nothing is cut short."""
    out = []
    for p in players:
        for device in p.devices:
            parts = [x.strip() for x in t(legend_key(device, variant)).split("·") if x.strip()]
            named = len(p.devices) > 1

            def page(run: list[str], device: str = device, named: bool = named) -> str:
                text = " · ".join(run)
                return t("race.legend.of", device=t(device_label_key(device)), legend=text) if named else text
            size, pages = pages_that_fit(parts, page, fpx(18, k), LEGEND_MIN, w, h, max_lines=2)
            out += [(p, text, size) for text in pages]
    return out


class Pane:
    """The cache every pane shares: `signature()` says what the static layer shows;
    `render_static(surf)` draws it; `draw(surface, now)` blits it and the overlays."""

    def __init__(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.k = scale
        self._cache: pygame.Surface | None = None
        self._sig: Any = None
        self.redraws = 0
        self.buttons: list[Button] = []
        self._legend_key: Any = None
        self._legend: list[tuple[LocalPlayer, str, int]] = []

    def bands(self, header_h: int, footer_h: int) -> int:
        """Set `header` and `footer`: bands across the top and the bottom of the pane, inside
        its padding, `header_h` and `footer_h` high at scale 1. Returns the padding."""
        k = self.k
        pad = max(4, round(8 * k))
        w, h = self.rect.size
        self.header = pygame.Rect(pad, pad, w - 2 * pad, round(header_h * k))
        self.footer = pygame.Rect(pad, h - pad - round(footer_h * k), w - 2 * pad, round(footer_h * k))
        return pad

    def signature(self, now: float) -> Any:
        return None

    def render_static(self, surf: pygame.Surface, now: float) -> None:
        pass

    def static(self, now: float) -> pygame.Surface:
        sig = (self.signature(now), lang(), self.rect.size)
        if self._cache is None or sig != self._sig or self._cache.get_size() != self.rect.size:
            if self._cache is None or self._cache.get_size() != self.rect.size:
                self._cache = new_surface(self.rect.size)
            self.render_static(self._cache, now)
            self._sig = sig
            self.redraws += 1
        return self._cache

    def draw(self, surface: pygame.Surface, now: float, shake: float = 0.0) -> None:
        dx = round(shake * 14 * self.k * ((int(now * 40) % 2) * 2 - 1)) if shake > 0 else 0
        surface.blit(self.static(now), self.rect.move(dx, 0))
        self.overlay(surface, now)

    def overlay(self, surface: pygame.Surface, now: float) -> None:
        pass

    def to_local(self, pos: tuple[int, int]) -> tuple[int, int]:
        return pos[0] - self.rect.x, pos[1] - self.rect.y

    def button_at(self, pos: tuple[int, int]) -> str | None:
        local = self.to_local(pos)
        for b in self.buttons:
            if b.hit(local):
                return b.name
        return None

    # ---- pieces ---------------------------------------------------------------------------
    def frame(self, surf: pygame.Surface, edge: tuple[int, int, int]) -> None:
        surf.fill(ui_style.BG)
        r = surf.get_rect()
        rad = max(4, round(12 * self.k))
        pygame.draw.rect(surf, style.PANEL, r, border_radius=rad)
        pygame.draw.rect(surf, edge, r, max(2, round(3 * self.k)), border_radius=rad)

    def legend_pages(self, box: pygame.Rect, players: Sequence[LocalPlayer],
                     variant: str) -> list[tuple[LocalPlayer, str, int]]:
        """The footer's pages of controls (`footer_pages`), kept while nothing they depend
        on changes."""
        key = (tuple(box), tuple((p.seat, tuple(p.devices)) for p in players), variant, lang())
        if self._legend_key != key:
            self._legend_key = key
            inner = box.w - (self.legend_dot() if len(players) > 1 else 0)
            self._legend = footer_pages(players, variant, inner, box.h, self.k)
        return self._legend

    def dot_size(self) -> int:
        """A player's colour dot before the legend on a shared pane."""
        return max(6, round(10 * self.k))

    def legend_dot(self) -> int:
        """The width the dot and its gap take before the legend."""
        return self.dot_size() + round(6 * self.k)

    def legend_now(self, box: pygame.Rect, players: Sequence[LocalPlayer], variant: str, now: float) -> int:
        """Which page of the footer's legend shows now."""
        return legend_turn(len(self.legend_pages(box, players, variant)), now)

    def legend(self, surf: pygame.Surface, box: pygame.Rect, players: Sequence[LocalPlayer],
               variant: str, now: float) -> None:
        """One page of one device's controls at a time, in turn (every device of every
        player here)."""
        pages = self.legend_pages(box, players, variant)
        if not pages or box.h <= 0:
            return
        p, text, size = pages[legend_turn(len(pages), now)]
        x = box.x
        if len(players) > 1:
            dot = self.dot_size()
            pygame.draw.circle(surf, style.seat_colour(p.seat), (box.x + dot // 2, box.centery), dot // 2)
            x += self.legend_dot()
        text_in(surf, text, pygame.Rect(x, box.y, box.right - x, box.h), size, style.MUTED,
                align="left", min_size=size, wrap_lines=True, max_lines=2, ellipsis=True)

    def message(self, surf: pygame.Surface, box: pygame.Rect, text: str, bad: bool) -> None:
        rad = max(4, round(8 * self.k))
        pygame.draw.rect(surf, style.BAD_BG if bad else style.PANEL_HI, box, border_radius=rad)
        pygame.draw.rect(surf, style.BAD if bad else style.ACCENT, box, 2, border_radius=rad)
        text_in(surf, text, box.inflate(-round(16 * self.k), -round(6 * self.k)), fpx(20, self.k), style.TEXT,
                bold=True, wrap_lines=True, max_lines=2, min_size=12, ellipsis=True)

    def place_buttons(self, box: pygame.Rect, names: Sequence[tuple[str, str]], primary: str) -> pygame.Rect:
        """Buttons right-aligned in `box`; returns the box left for other things."""
        gap = round(6 * self.k)
        bw = round(112 * self.k)
        x = box.right
        self.buttons = []
        for name, key in reversed(names):
            x -= bw
            b = Button(name, lambda: None, t(key), rect=pygame.Rect(x, box.y, bw, box.h), primary=name == primary,
                       size=24)
            self.buttons.insert(0, b)
            x -= gap
        return pygame.Rect(box.x, box.y, max(0, x - box.x), box.h)


class GridPane(Pane):
    """A grid and its loose tiles: a speed player's (owner = seat) or a team's (owner = team)."""

    def __init__(self, rect: pygame.Rect, scale: float, variant: str, owner: int,
                 players: list[LocalPlayer], name: Name) -> None:
        super().__init__(rect, scale)
        self.variant = variant
        self.owner = owner
        self.players = players
        self.name = name
        self.view: dict = {}
        k = scale
        pad = self.bands(36, 34)
        w, h = self.rect.size
        top, bottom = self.header.bottom + pad // 2, self.footer.y - pad // 2
        self.wide = w > 1.5 * h
        if self.wide:      # a wide pane: the tiles in a column on the right
            sw = round(w * (0.36 if variant == "team" else 0.3))
            self.strip = pygame.Rect(w - pad - sw, top, sw, bottom - top)
            board = pygame.Rect(pad, top, self.strip.x - pad - pad, bottom - top)
        else:
            strip_h = round(h * (0.30 if variant == "team" else 0.22))
            self.strip = pygame.Rect(pad, bottom - strip_h, w - 2 * pad, strip_h)
            board = pygame.Rect(pad, top, w - 2 * pad, self.strip.y - pad // 2 - top)
        self.board = BoardView(board, scale=k, max_cell=64)
        self.board.margin = 2              # room to grow before the camera has to move
        self.board.auto = False            # the camera moves only when settle() says so
        self.hold = False                  # a pointer is aiming at the board: keep it still
        self.tile_rects: list[pygame.Rect] = []
        self.loose: list[int] = []
        self.slots = Slots()
        self.shown: list[int | None] = []  # the strip, slot by slot (None: an empty slot)
        self.mouse = any("mouse" in p.devices for p in players)
        self.legend_box = self.footer
        if self.mouse:
            names = [("exchange", "race.btn.exchange"),
                     ("call", "race.btn.stuck" if variant == "team" else "race.btn.call")]
            self.legend_box = self.place_buttons(self.footer, names, "call")

    @property
    def colour(self) -> tuple[int, int, int]:
        if self.variant == "team":
            return TEAM_COLOURS[self.owner % len(TEAM_COLOURS)]
        return style.seat_colour(self.owner)

    def set_view(self, view: dict) -> None:
        self.view = view
        self.board.set_board(grid_dict(view["grids"][self.owner]))
        self.loose = list(view["pools"][self.owner] if self.variant == "team" else view["hands"][self.owner])
        self.shown = self.slots.update(self.loose, view.get("round"))
        order = [x for x in self.shown if x is not None]
        for p in self.players:
            p.order = order
        self.settle()
        self.follow()

    def needs_fit(self) -> bool:
        """The grid (with one free ring around it) would leave the pane, or it is new."""
        bv = self.board
        if not bv.board:
            return (bv.ox, bv.oy, bv.zoom_i) != self._empty_camera()
        inner = bv.rect
        return any(not inner.contains(bv.cell_rect(c).inflate(2 * bv.cell, 2 * bv.cell)) for c in bv.board)

    def _empty_camera(self) -> tuple[int, int, int]:
        probe = BoardView(self.board.rect, scale=self.k, max_cell=self.board.max_cell)
        probe.margin = self.board.margin
        probe.fit()
        return probe.ox, probe.oy, probe.zoom_i

    def settle(self) -> None:
        """Fit the camera again if the grid needs it, unless a pointer is aiming at it (it
        is done when the pointer leaves the board: between two placements)."""
        if not self.hold and self.needs_fit():
            self.board.fit()

    def follow(self) -> None:
        """Keep every local cursor on screen (the camera moves, the layer is redrawn)."""
        for p in self.players:
            self.board.ensure_visible(p.cursor, margin=0)

    def signature(self, now: float) -> Any:
        v = self.view
        if not v:
            return None
        bv = self.board
        mine = tuple((p.seat, p.tile, tuple(sorted(p.flips.items())), p.current_message(now),
                      p.owes_return(v)) for p in self.players)
        status = self.status_text()
        return (bv._board_sig, bv.cell, bv.ox, bv.oy, tuple(self.shown), v.get("key"), mine, status,
                self.legend_now(self.legend_box, self.players, self.variant, now), v.get("live"))

    def status_text(self) -> tuple[str, str, bool]:
        """(title, stat, alert) of the header."""
        v = self.view
        if self.variant == "team":
            members = [s for s, tm in enumerate(v["teams"]) if tm == self.owner]
            title = t("race.team_named", n=self.owner + 1, names=t("ui.list_sep").join(self.name(s) for s in members))
            stat = t("race.pool_left", count=len(self.loose))
            alert = bool(v["stuck"][self.owner])
            if alert:
                stat = t("race.stuck_on")
            return title, stat, alert
        seat = self.owner
        title = self.name(seat)
        if v["out"][seat]:
            return title, t("race.out"), True
        if v["pending_return"][seat]:
            return title, t("race.return_one"), True
        return title, t("race.wins", count=v["wins"][seat]), False

    def render_static(self, surf: pygame.Surface, now: float) -> None:
        k = self.k
        edge = self.colour
        self.frame(surf, edge)
        title, stat, alert = self.status_text()
        hb = self.header
        stat_w = round(hb.w * 0.42)
        text_in(surf, title, pygame.Rect(hb.x + round(6 * k), hb.y, hb.w - stat_w - round(12 * k), hb.h),
                fpx(28, k), edge, bold=True, align="left", min_size=14, ellipsis=True)
        text_in(surf, stat, pygame.Rect(hb.right - stat_w, hb.y, stat_w - round(6 * k), hb.h), fpx(24, k),
                style.BAD if alert else style.TEXT, bold=True, align="right", min_size=12, ellipsis=True)
        # the grid, and its broken lines in red
        bv = self.board
        bv.draw(surf)
        key = self.view.get("key")
        lw = max(2, round(3 * k))
        clip = surf.get_clip()
        surf.set_clip(bv.rect)
        broken = bad_lines(bv.board, key)
        for cells, _err in broken:
            r = bv.cell_rect(cells[0]).union(bv.cell_rect(cells[-1])).inflate(lw, lw)
            pygame.draw.rect(surf, style.BAD, r, lw, border_radius=max(3, bv.cell // 5))
        surf.set_clip(clip)
        # the loose tiles: a hand (speed) or the team's pool
        pygame.draw.rect(surf, style.PANEL_HI, self.strip, border_radius=max(4, round(8 * k)))
        rows = (12 if self.wide else 3) if self.variant == "team" else (6 if self.wide else 2)
        inner = self.strip.inflate(-round(8 * k), -round(8 * k))
        self.tile_rects = hand_layout(inner, len(self.shown), round(56 * k), max(2, round(4 * k)), rows)
        chosen = {p.tile: p for p in self.players}
        for tile, r in zip(self.shown, self.tile_rects):
            if tile is None:               # a tile of this slot is on the grid
                pygame.draw.rect(surf, style.PANEL, r, max(1, r.w // 24), border_radius=max(2, r.w // 7))
                continue
            owner = chosen.get(tile)
            value = owner.value(tile) if owner is not None else next(
                (p.flips[tile] for p in self.players if tile in p.flips), None)
            rr = r.move(0, -round(4 * k)) if owner is not None else r
            surf.blit(tile_surface(tile, value, r.w), rr.topleft)
            if owner is not None:
                pygame.draw.rect(surf, style.seat_colour(owner.seat), rr.inflate(6, 6), max(2, round(3 * k)),
                                 border_radius=max(3, r.w // 6))
        if not self.loose and self.view.get("live"):
            text_in(surf, t("race.hand_empty_call" if self.variant == "speed" else "race.pool_empty"), inner,
                    fpx(22, k), style.ACCENT, bold=True, min_size=12, ellipsis=True)
        # footer: the controls (and the mouse player's buttons)
        self.legend(surf, self.legend_box, self.players, self.variant, now)
        for b in self.buttons:
            b.enabled = bool(self.view.get("live"))
            b.draw(surf, Frame.of_scale(k))
        # the newest message of a player on this pane, over the bottom of the board; else
        # what is wrong with a red line, in words
        mh = round(58 * k)
        box = pygame.Rect(bv.rect.x + round(8 * k), bv.rect.bottom - mh - round(6 * k), bv.rect.w - round(16 * k), mh)
        for p in self.players:
            msg = p.current_message(now)
            if msg:
                self.message(surf, box, msg, p.message_bad)
                break
        else:
            if broken:
                rh = round(40 * k)
                self.message(surf, pygame.Rect(box.x, box.bottom - rh, box.w, rh), broken[0][1].message(lang()), True)

    def overlay(self, surface: pygame.Surface, now: float) -> None:
        if not self.view.get("live"):
            return
        bv = self.board
        ox, oy = self.rect.topleft
        lw = max(2, round(3 * self.k))
        clip = surface.get_clip()
        surface.set_clip(bv.rect.move(ox, oy).clip(clip) if clip else bv.rect.move(ox, oy))
        grid = bv.board
        pulse = 1 + int(2 * (0.5 + 0.5 * ((now * 3) % 1)))
        for i, p in enumerate(self.players):
            r = bv.cell_rect(p.cursor).move(ox, oy)
            if p.cursor not in grid and p.tile is not None and p.tile in self.loose:
                pad = max(1, bv.cell // 24)
                surface.blit(ghost(p.tile, p.value(p.tile), bv.cell - 2 * pad), (r.x + pad, r.y + pad))
            inset = -lw * 2 + i * (lw + 1)
            pygame.draw.rect(surface, style.seat_colour(p.seat), r.inflate(-inset, -inset), lw + pulse,
                             border_radius=max(3, bv.cell // 5))
        surface.set_clip(clip)

    def hit(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        local = self.to_local(pos)
        name = self.button_at(pos)
        if name:
            return "button", name
        for tile, r in zip(self.shown, self.tile_rects):
            if tile is not None and r.collidepoint(local):
                return "tile", tile
        cell = self.board.cell_at(local)
        return ("cell", cell) if cell is not None else None


TEAM_COLOURS = ((86, 180, 233), (230, 159, 0), (0, 192, 139), (204, 121, 167))


class CentrePane(Pane):
    """The grab centre: face-up tiles in a grid; each local player's cursor and picks."""

    def __init__(self, rect: pygame.Rect, scale: float, players: list[LocalPlayer]) -> None:
        super().__init__(rect, scale)
        self.players = players
        self.centre: list[int] = []
        self.view: dict = {}
        self.tile_rects: list[pygame.Rect] = []

    def set_view(self, view: dict) -> None:
        self.view = view
        self.centre = list(view["centre"])
        self._layout()

    def _layout(self) -> None:
        n = len(self.centre)
        k = self.k
        w, h = self.rect.size
        area = pygame.Rect(0, 0, w, h).inflate(-round(40 * k), -round(40 * k))
        cols = grab_columns(n) if n else 5
        rows = max(1, -(-n // cols))
        gap = round(14 * k)
        size = min(round(128 * k), (area.w - gap * (cols - 1)) // cols, (area.h - gap * (rows - 1)) // rows)
        total_w = cols * size + (cols - 1) * gap
        total_h = rows * size + (rows - 1) * gap
        x0, y0 = area.x + (area.w - total_w) // 2, area.y + (area.h - total_h) // 2
        self.tile_rects = [pygame.Rect(x0 + (i % cols) * (size + gap), y0 + (i // cols) * (size + gap), size, size)
                           for i in range(n)]

    def signature(self, now: float) -> Any:
        picks = tuple((p.seat, tuple(p.picks), tuple(sorted(p.flips.items()))) for p in self.players)
        return (tuple(self.centre), picks, self.view.get("live"))

    def render_static(self, surf: pygame.Surface, now: float) -> None:
        k = self.k
        self.frame(surf, style.ACCENT)
        pygame.draw.rect(surf, style.TABLE, surf.get_rect().inflate(-round(10 * k), -round(10 * k)),
                         border_radius=max(4, round(10 * k)))
        flips: dict[int, int] = {}
        for p in self.players:
            flips.update(p.flips)
        badge = max(10, round(22 * k))
        for tile, r in zip(self.centre, self.tile_rects):
            surf.blit(tile_surface(tile, flips.get(tile), r.w), r.topleft)
            pickers = [p for p in self.players if tile in p.picks]
            for j, p in enumerate(pickers):
                c = pygame.Rect(r.right - badge - j * (badge + 2), r.bottom - badge, badge, badge)
                pygame.draw.circle(surf, (10, 12, 20), c.center, badge // 2 + 2)
                pygame.draw.circle(surf, style.seat_colour(p.seat), c.center, badge // 2)
                n = str(p.picks.index(tile) + 1)
                text_in(surf, n, c, max(10, round(badge * 0.8)), (16, 16, 20), bold=True, min_size=8)
        if not self.centre:
            text_in(surf, t("race.centre_empty"), surf.get_rect().inflate(-40, -40), fpx(30, k), style.MUTED,
                    min_size=12)

    def overlay(self, surface: pygame.Surface, now: float) -> None:
        if not self.view.get("live"):
            return
        lw = max(3, round(4 * self.k))
        for i, p in enumerate(self.players):
            if not self.tile_rects:
                break
            r = self.tile_rects[min(p.index, len(self.tile_rects) - 1)].move(self.rect.topleft)
            grow = lw * 3 - i * (lw + 2)
            pygame.draw.rect(surface, style.seat_colour(p.seat), r.inflate(grow, grow), lw,
                             border_radius=max(4, r.w // 6))

    def hit(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        local = self.to_local(pos)
        for i, r in enumerate(self.tile_rects):
            if r.collidepoint(local):
                return "centre", i
        return None


class StripPane(Pane):
    """A grab player's strip: name, tiles won of the goal, the 4 picked tiles and their sum."""

    def __init__(self, rect: pygame.Rect, scale: float, player: LocalPlayer, name: Name, goal: int) -> None:
        super().__init__(rect, scale)
        self.player = player
        self.name = name
        self.goal = goal
        self.view: dict = {}
        k = scale
        pad = self.bands(38, 28)
        w, h = self.rect.size
        self.won_box = pygame.Rect(pad, self.header.bottom + pad // 2, w - 2 * pad, round(30 * k))
        self.pick_box = pygame.Rect(pad, self.won_box.bottom + pad, w - 2 * pad,
                                    self.footer.y - pad - self.won_box.bottom - pad)
        self.legend_box = self.footer
        if "mouse" in player.devices:
            names = [("exchange", "race.btn.clear"), ("call", "race.btn.claim")]
            self.legend_box = self.place_buttons(self.footer, names, "call")
            if self.legend_box.w < self.footer.w // 2:     # a narrow pane: the buttons a row up
                row = pygame.Rect(self.footer.x, self.footer.y - pad // 2 - self.footer.h,
                                  self.footer.w, self.footer.h)
                self.pick_box.h = max(0, row.y - pad // 2 - self.pick_box.y)
                self.place_buttons(row, names, "call")
                self.legend_box = self.footer

    def set_view(self, view: dict) -> None:
        self.view = view

    def status(self) -> tuple[str, bool]:
        v, s = self.view, self.player.seat
        if v["sit_out"][s]:
            return t("race.sitting_out"), True
        if v["out"][s]:
            return t("race.out"), True
        return t("race.won_count", count=len(v["won"][s]), goal=self.goal), False

    def signature(self, now: float) -> Any:
        p = self.player
        v = self.view
        return (tuple(v["won"][p.seat]), tuple(p.picks), tuple(sorted(p.flips.items())), self.status(),
                p.current_message(now), v.get("live"), v.get("key"),
                self.legend_now(self.legend_box, [p], "grab", now))

    def render_static(self, surf: pygame.Surface, now: float) -> None:
        k = self.k
        p = self.player
        colour_ = style.seat_colour(p.seat)
        self.frame(surf, colour_)
        hb = self.header
        stat, alert = self.status()
        sw = round(hb.w * 0.5)
        text_in(surf, self.name(p.seat), pygame.Rect(hb.x + 4, hb.y, hb.w - sw - 8, hb.h), fpx(28, k), colour_,
                bold=True, align="left", min_size=14, ellipsis=True)
        text_in(surf, stat, pygame.Rect(hb.right - sw, hb.y, sw - 4, hb.h), fpx(24, k),
                style.BAD if alert else style.TEXT, bold=True, align="right", min_size=12, ellipsis=True)
        won = self.view["won"][p.seat]
        wb = self.won_box
        size = min(wb.h, max(8, (wb.w - 2 * 15) // 16))
        for i, tile in enumerate(won[-16:]):
            surf.blit(tile_surface(tile, None, size), (wb.x + i * (size + 2), wb.y))
        pb = self.pick_box
        msg = p.current_message(now)
        if msg:
            self.message(surf, pb, msg, p.message_bad)
        else:
            gap = round(8 * k)
            size = max(8, min(pb.h, round(60 * k), (round(pb.w * 0.66) - 3 * gap) // 4))
            for i in range(4):
                r = pygame.Rect(pb.x + i * (size + gap), pb.y + (pb.h - size) // 2, size, size)
                if i < len(p.picks):
                    surf.blit(tile_surface(p.picks[i], p.value(p.picks[i]), size), r.topleft)
                else:
                    pygame.draw.rect(surf, style.PANEL_HI, r, max(1, round(2 * k)), border_radius=max(3, size // 7))
            rest = pygame.Rect(pb.x + 4 * (size + gap), pb.y, pb.w - 4 * (size + gap), pb.h)
            if p.picks:
                text = t("race.pick_sum", total=p.pick_sum())
            else:
                text = t("race.pick_hint")
            text_in(surf, text, rest, fpx(26, k), style.ACCENT if len(p.picks) == 4 else style.MUTED,
                    bold=True, min_size=12, wrap_lines=True, max_lines=2, ellipsis=True)
        self.legend(surf, self.legend_box, [p], "grab", now)
        for b in self.buttons:
            b.enabled = bool(self.view.get("live"))
            b.draw(surf, Frame.of_scale(k))

    def hit(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        name = self.button_at(pos)
        return ("button", name) if name else None

