"""The Sumoku board on screen: a camera (pan, zoom, fit), a cached layer of the grid and
the placed tiles (redrawn only when the board, the camera or the highlights change), and
per-frame overlays: pending tiles coloured by validity, line outlines with their totals,
the error text of a broken line beside it, the keyboard cell cursor."""
from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

import pygame

from scenes.sumoku import style
from scenes.sumoku.tileart import tile_surface
from scenes.ui.i18n import lang
from scenes.ui.text import render, wrap

Cell = tuple[int, int]
Board = Mapping[Cell, tuple[int, int]]

ZOOMS = (14, 16, 18, 20, 22, 24, 27, 30, 34, 38, 42, 46, 52, 58, 64, 72, 80, 90, 100, 112, 124)
DRAG_SLOP = 5


class BoardView:
    """`rect` is where the board shows on screen. Cell (0, 0)'s top-left corner sits at
    rect.topleft + (ox, oy); a cell is `cell` px square."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int] = (0, 0, 640, 480), *,
                 scale: float = 1.0, max_cell: int = 72) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.max_cell = max_cell
        self.board: dict[Cell, tuple[int, int]] = {}
        self._board_sig: object = None
        self.highlight: frozenset[Cell] = frozenset()
        self.hidden: frozenset[Cell] = frozenset()
        self.zoom_i = ZOOMS.index(46)
        self.ox = self.oy = 0
        self.auto = True                      # keep the board fitted until the camera is moved
        self.extra_fit: set[Cell] = set()     # cells the fit must also show (pending tiles)
        self.margin = 1                       # free rings of cells the fit leaves around the tiles
        self._layer: pygame.Surface | None = None
        self._layer_key: object = None
        self._drag: tuple[int, int, int, int] | None = None
        self._dragged = False
        self.redraws = 0                      # how often the cached layer was rebuilt (tests)
        self._labels: dict[tuple, pygame.Surface] = {}
        self.fit()

    # ---- the model -------------------------------------------------------------------
    @property
    def cell(self) -> int:
        return ZOOMS[self.zoom_i]

    def set_rect(self, rect: pygame.Rect | tuple[int, int, int, int], scale: float | None = None) -> None:
        rect = pygame.Rect(rect)
        if scale is not None:
            self.scale = scale
        if rect != self.rect:
            old_c = self.centre_world()
            self.rect = rect
            if self.auto:
                self.fit()
            else:
                self.centre_on(old_c)

    def set_board(self, board: Board, highlight: Iterable[Cell] = ()) -> None:
        """Show `board`; the cached layer is rebuilt only if something changed."""
        sig = (len(board), hash(frozenset(board.items())))
        hl = frozenset(highlight)
        if sig != self._board_sig:
            self.board = dict(board)
            self._board_sig = sig
            if self.auto:
                self.fit()
        self.highlight = hl

    def set_board_list(self, rows: Sequence[Sequence[int]], highlight: Iterable[Cell] = ()) -> None:
        """From a view's list form [[r, c, tile, value], ...]."""
        self.set_board({(int(r), int(c)): (int(t), int(v)) for r, c, t, v in rows}, highlight)

    # ---- camera ----------------------------------------------------------------------
    def centre_world(self) -> tuple[float, float]:
        """The (row, col) at the centre of the view, in fractional cells."""
        cs = self.cell
        return ((self.rect.h / 2 - self.oy) / cs, (self.rect.w / 2 - self.ox) / cs)

    def centre_on(self, rc: tuple[float, float]) -> None:
        cs = self.cell
        self.ox = round(self.rect.w / 2 - rc[1] * cs)
        self.oy = round(self.rect.h / 2 - rc[0] * cs)

    def fit(self) -> None:
        """Zoom and centre so every tile (and a margin of empty cells) shows."""
        cells = list(self.board) + list(self.extra_fit)
        if not cells:
            r0 = c0 = -3
            r1 = c1 = 3
        else:
            m = self.margin
            r0 = min(r for r, _ in cells) - m
            r1 = max(r for r, _ in cells) + m
            c0 = min(c for _, c in cells) - m
            c1 = max(c for _, c in cells) + m
        rows, cols = r1 - r0 + 1, c1 - c0 + 1
        limit = max(ZOOMS[0], int(self.max_cell * self.scale))
        best = 0
        for i, z in enumerate(ZOOMS):
            if z <= limit and z * cols <= self.rect.w and z * rows <= self.rect.h:
                best = i
        self.zoom_i = best
        self.centre_on(((r0 + r1 + 1) / 2, (c0 + c1 + 1) / 2))

    def refit(self) -> None:
        self.auto = True
        self.fit()

    def pan_px(self, dx: float, dy: float) -> None:
        self.auto = False
        self.ox += round(dx)
        self.oy += round(dy)

    def zoom_step(self, steps: int, at: tuple[int, int] | None = None) -> None:
        """Zoom in (steps > 0) or out, keeping the point under `at` (screen) still."""
        i = max(0, min(len(ZOOMS) - 1, self.zoom_i + steps))
        if i == self.zoom_i:
            return
        self.auto = False
        ax, ay = (at if at is not None else self.rect.center)
        lx, ly = ax - self.rect.x, ay - self.rect.y
        old = self.cell
        wx, wy = (lx - self.ox) / old, (ly - self.oy) / old
        self.zoom_i = i
        new = self.cell
        self.ox = round(lx - wx * new)
        self.oy = round(ly - wy * new)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        cs = self.cell
        return pygame.Rect(self.rect.x + self.ox + cell[1] * cs, self.rect.y + self.oy + cell[0] * cs, cs, cs)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.rect.collidepoint(pos):
            return None
        cs = self.cell
        return (math.floor((pos[1] - self.rect.y - self.oy) / cs),
                math.floor((pos[0] - self.rect.x - self.ox) / cs))

    def ensure_visible(self, cell: Cell, margin: int = 1) -> None:
        """Bring `cell` (and `margin` cells around it) on screen: by fitting again while the
        view is fitted, else by panning just enough."""
        r = self.cell_rect(cell).inflate(2 * margin * self.cell, 2 * margin * self.cell)
        if self.rect.contains(r):
            return
        if self.auto:
            self.extra_fit = set(self.extra_fit) | {cell}
            self.fit()
            r = self.cell_rect(cell).inflate(2 * margin * self.cell, 2 * margin * self.cell)
        dx = dy = 0
        if r.left < self.rect.left:
            dx = self.rect.left - r.left
        elif r.right > self.rect.right:
            dx = self.rect.right - r.right
        if r.top < self.rect.top:
            dy = self.rect.top - r.top
        elif r.bottom > self.rect.bottom:
            dy = self.rect.bottom - r.bottom
        if dx or dy:
            self.pan_px(dx, dy)

    # ---- mouse drag-to-pan -----------------------------------------------------------
    def begin_drag(self, pos: tuple[int, int]) -> None:
        self._drag = (pos[0], pos[1], self.ox, self.oy)
        self._dragged = False

    def drag_to(self, pos: tuple[int, int]) -> None:
        if self._drag is None:
            return
        x0, y0, ox, oy = self._drag
        if not self._dragged and abs(pos[0] - x0) + abs(pos[1] - y0) < DRAG_SLOP:
            return
        self._dragged = True
        self.auto = False
        self.ox = ox + pos[0] - x0
        self.oy = oy + pos[1] - y0

    def end_drag(self) -> bool:
        """Finish a drag; True if the view moved (so it was not a click)."""
        moved = self._dragged
        self._drag = None
        self._dragged = False
        return moved

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    # ---- drawing ---------------------------------------------------------------------
    def _layer_surface(self) -> pygame.Surface:
        key = (self._board_sig, self.highlight, self.hidden, self.cell, self.ox, self.oy, self.rect.size)
        if self._layer is not None and key == self._layer_key:
            return self._layer
        if self._layer is None or self._layer.get_size() != self.rect.size:
            self._layer = pygame.Surface(self.rect.size).convert() if pygame.display.get_surface() \
                else pygame.Surface(self.rect.size)
        self._draw_layer(self._layer)
        self._layer_key = key
        self.redraws += 1
        return self._layer

    def _draw_layer(self, surf: pygame.Surface) -> None:
        surf.fill(style.TABLE)
        cs = self.cell
        w, h = surf.get_size()
        x = self.ox % cs
        while x < w:
            pygame.draw.line(surf, style.TABLE_GRID, (x, 0), (x, h))
            x += cs
        y = self.oy % cs
        while y < h:
            pygame.draw.line(surf, style.TABLE_GRID, (0, y), (w, y))
            y += cs
        if not self.board:  # the first play must cover the centre
            r = pygame.Rect(self.ox, self.oy, cs, cs).inflate(-cs // 6, -cs // 6)
            pygame.draw.rect(surf, style.TABLE_CENTRE, r, max(2, cs // 14), border_radius=cs // 6)
            pygame.draw.circle(surf, style.TABLE_CENTRE, r.center, max(3, cs // 8))
        pad = max(1, cs // 24)
        size = cs - 2 * pad
        c0, r0 = -self.ox // cs - 1, -self.oy // cs - 1
        c1, r1 = c0 + w // cs + 3, r0 + h // cs + 3
        hidden = self.hidden
        for (r, c), (t, v) in self.board.items():
            if r0 <= r <= r1 and c0 <= c <= c1 and (r, c) not in hidden:
                surf.blit(tile_surface(t, v, size), (self.ox + c * cs + pad, self.oy + r * cs + pad))
        lw = max(2, cs // 14)
        for (r, c) in self.highlight:
            rect = pygame.Rect(self.ox + c * cs, self.oy + r * cs, cs, cs).inflate(lw, lw)
            pygame.draw.rect(surf, style.HIGHLIGHT, rect, lw, border_radius=cs // 6)

    def draw(self, surface: pygame.Surface, *, ghosts: Sequence[tuple[int, int, Cell, bool]] = (),
             lines: Sequence = (), cursor: Cell | None = None, cursor_colour: tuple[int, int, int] = style.ACCENT,
             drop: tuple[int, int, Cell] | None = None) -> None:
        """The board with overlays. ghosts: (tile, value, cell, ok) pending tiles; lines:
        LineCheck-like objects (cells, total, error) for the pending play; cursor: the
        keyboard cell cursor; drop: (tile, value, cell) a tile being dragged over a cell."""
        surface.blit(self._layer_surface(), self.rect.topleft)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        try:
            cs = self.cell
            pad = max(1, cs // 24)
            lw = max(2, cs // 14)
            for tile, value, cell, ok in ghosts:
                r = self.cell_rect(cell)
                surface.blit(tile_surface(tile, value, cs - 2 * pad), (r.x + pad, r.y + pad))
                pygame.draw.rect(surface, style.OK if ok else style.BAD, r.inflate(lw, lw), lw,
                                 border_radius=cs // 6)
            if drop is not None:
                tile, value, cell = drop
                r = self.cell_rect(cell)
                pygame.draw.rect(surface, style.ACCENT, r.inflate(lw, lw), lw, border_radius=cs // 6)
            for lc in lines:
                self._draw_line_check(surface, lc, lw)
            if cursor is not None:
                r = self.cell_rect(cursor).inflate(lw * 2, lw * 2)
                pygame.draw.rect(surface, cursor_colour, r, lw + 1, border_radius=cs // 5)
            for lc in lines:
                if getattr(lc, "error", None) is not None:
                    self._draw_error_label(surface, lc)
        finally:
            surface.set_clip(clip)

    def line_rect(self, cells: Sequence[Cell]) -> pygame.Rect:
        return self.cell_rect(cells[0]).union(self.cell_rect(cells[-1]))

    def _draw_line_check(self, surface: pygame.Surface, lc, lw: int) -> None:
        bad = getattr(lc, "error", None) is not None
        rect = self.line_rect(lc.cells).inflate(lw * 3, lw * 3)
        pygame.draw.rect(surface, style.BAD if bad else style.OK, rect, lw, border_radius=self.cell // 4)
        if bad:
            return
        # the line's total in a small badge past its end
        size = max(13, round(19 * self.scale))
        label = render(str(lc.total), size, (16, 20, 28), True)
        bw, bh = label.get_width() + 10, label.get_height() + 2
        if lc.direction == "row":
            badge = pygame.Rect(rect.right + 3, rect.centery - bh // 2, bw, bh)
        else:
            badge = pygame.Rect(rect.centerx - bw // 2, rect.bottom + 3, bw, bh)
        pygame.draw.rect(surface, style.OK, badge, border_radius=bh // 2)
        surface.blit(label, label.get_rect(center=badge.center))

    def error_label(self, text: str) -> pygame.Surface:
        """The boxed error text shown beside a broken line (cached)."""
        size = max(13, round(18 * self.scale))
        width = max(160, int(min(340 * self.scale, self.rect.w * 0.5)))
        key = (text, size, width)
        surf = self._labels.get(key)
        if surf is None:
            lines = wrap(text, size, width - 16)
            rendered = [render(s, size, style.TEXT) for s in lines]
            w = max(r.get_width() for r in rendered) + 16
            h = sum(r.get_height() for r in rendered) + 10
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, style.BAD_BG, surf.get_rect(), border_radius=8)
            pygame.draw.rect(surf, style.BAD, surf.get_rect(), 2, border_radius=8)
            y = 5
            for r in rendered:
                surf.blit(r, (8, y))
                y += r.get_height()
            if len(self._labels) > 64:
                self._labels.clear()
            self._labels[key] = surf
        return surf

    def error_label_rect(self, lc, text: str) -> pygame.Rect:
        """Where the error text of line `lc` goes: past its end, else before its start,
        kept inside the board area."""
        label = self.error_label(text)
        lr = self.line_rect(lc.cells).inflate(8, 8)
        r = label.get_rect()
        if lc.direction == "row":
            r.midleft = (lr.right + 6, lr.centery)
            if r.right > self.rect.right:
                r.midright = (lr.left - 6, lr.centery)
            if r.left < self.rect.left:
                r.midtop = (lr.centerx, lr.bottom + 6)
        else:
            r.midtop = (lr.centerx, lr.bottom + 6)
            if r.bottom > self.rect.bottom:
                r.midbottom = (lr.centerx, lr.top - 6)
            if r.top < self.rect.top:
                r.midleft = (lr.right + 6, lr.centery)
        return r.clamp(self.rect)

    def _draw_error_label(self, surface: pygame.Surface, lc) -> None:
        text = lc.error.message(lang())
        surface.blit(self.error_label(text), self.error_label_rect(lc, text))
