"""Where everything on the Paperback table goes, in 1280x720 design units (scenes/ui/
geometry.Frame scales them): the players and the length track down the left, the market
across the top right, the info strip, the word row with its ¢ panel, the hand at the
bottom. Computed outside drawing (on a resize and when the view or the building
changes), so drawing only reads it and clicks find the same rects."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from engine.paperback.content import content
from scenes.ui.geometry import Frame

LEFT_X, LEFT_W = 12, 292
RIGHT_X, RIGHT_W = 316, 952
MARKET_CARD = (68, 94)
SPREAD_Y, PILES_Y = 88, 230
HAND_CARD = (86, 120)
WORD_CARD = (74, 104)


@dataclass
class Places:
    top: pygame.Rect = field(default_factory=pygame.Rect)
    players: list[pygame.Rect] = field(default_factory=list)
    modules: list[pygame.Rect] = field(default_factory=list)                    # the award's / theme's lines
    track: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    market: pygame.Rect = field(default_factory=pygame.Rect)
    spread_label: pygame.Rect = field(default_factory=pygame.Rect)
    fame_label: pygame.Rect = field(default_factory=pygame.Rect)
    spread: list[tuple[str, pygame.Rect]] = field(default_factory=list)        # (letter, rect)
    fame: list[tuple[str, pygame.Rect]] = field(default_factory=list)          # (pile id, rect)
    piles: list[tuple[str, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]] = field(default_factory=list)
    info: pygame.Rect = field(default_factory=pygame.Rect)
    word: pygame.Rect = field(default_factory=pygame.Rect)
    slots: list[pygame.Rect] = field(default_factory=list)
    score: pygame.Rect = field(default_factory=pygame.Rect)
    hand_area: pygame.Rect = field(default_factory=pygame.Rect)
    hand: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    common: pygame.Rect = field(default_factory=pygame.Rect)
    track_title: pygame.Rect = field(default_factory=pygame.Rect)
    track_cards: list[pygame.Rect] = field(default_factory=list)
    track_needs: list[pygame.Rect] = field(default_factory=list)
    track_lines: list[pygame.Rect] = field(default_factory=list)
    ends: pygame.Rect | None = None     # a crowded column: the two ways the game ends, beside the Fame piles
    buttons: pygame.Rect = field(default_factory=pygame.Rect)
    pyramid: list[tuple[tuple[int, int], pygame.Rect]] = field(default_factory=list)   # co-op: (row, place)
    pyramid_title: pygame.Rect = field(default_factory=pygame.Rect)
    pyramid_limit: pygame.Rect = field(default_factory=pygame.Rect)
    offer: list[tuple[str, pygame.Rect]] = field(default_factory=list)        # simultaneous play: the Offer's cards


LEFT_TOP, LEFT_BOTTOM = 64, 710
ROW_MOST, ROW_LEAST = 62, 52            # a player's row: two readable lines at least
MODULE_LINE, MODULE_PAD = 25, 7         # an option line's panel: its readable lines, its padding and the gap under it
TRACK_Y, TRACK_H = 370, 176             # the length track: here, or lower when the players need the room
TRACK_ENDS = 46                         # its two lines on how the game ends (moved to the header when crowded)
LOG_LEAST = 100                         # the log keeps about three lines (it scrolls back)
ENDS_BOX = (RIGHT_X + 754, 90, 190, 110)  # the market's top row, right of the Fame piles (not in co-op: the pyramid)


def place_static(fr: Frame, seats: int, modules: int | Sequence[int] = 0) -> Places:
    """Everything whose place does not depend on the cards (`modules`: the option lines
    under the players, the award's, the theme's, ..., as each one's count of text lines, or
    how many one-line ones)."""
    p = Places()
    p.top = fr.r(12, 6, 640, 52)
    place_left(fr, p, seats, [1] * modules if isinstance(modules, int) else modules)
    p.market = fr.r(RIGHT_X, 62, RIGHT_W, 290)
    p.spread_label = fr.r(RIGHT_X + 8, 64, 380, 24)
    p.fame_label = fr.r(RIGHT_X + 430, 64, 500, 24)
    p.info = fr.r(RIGHT_X, 358, RIGHT_W, 44)
    p.word = fr.r(RIGHT_X, 408, 600, 146)
    p.score = fr.r(RIGHT_X + 612, 408, RIGHT_W - 612, 176)
    p.hand_area = fr.r(RIGHT_X, 556, 600, 158)
    p.buttons = fr.r(RIGHT_X + 612, 590, RIGHT_W - 612, 122)
    # the 2¢ spread (one card per vowel still there) and the Fame piles, in the first row
    w, h = MARKET_CARD
    p.spread = []
    p.fame = [(pid, fr.r(RIGHT_X + 430 + i * (w + 12), SPREAD_Y, w, h)) for i, pid in enumerate(("f5", "f8", "f11", "f17"))]
    # six piles, each its front card and its top, in the second row
    p.piles = []
    x = RIGHT_X + 8
    for pid in ("p3", "p4", "p5", "p6", "p7", "p8"):
        label = fr.r(x, PILES_Y - 24, 2 * w + 4, 22)
        front = fr.r(x, PILES_Y, w, h)
        top = fr.r(x + w + 4, PILES_Y, w, h)
        under = fr.r(x - 6, PILES_Y + h + 2, 2 * w + 16, 20)
        p.piles.append((pid, label, front, top, under))
        x += 2 * w + 4 + 14
    place_pyramid(fr, p, fr.r(PYRAMID_X, 64, PYRAMID_W, 4 * PYRAMID_STEP))
    return p


def place_left(fr: Frame, p: Places, seats: int, modules: Sequence[int] = (), ends_movable: bool = True) -> None:
    """The left column: a row per player (two readable lines), a panel per option line
    (`modules`: the text lines of each), the length track under them (at TRACK_Y, lower
    when they need the room) and the log in what is left (it scrolls back). When that
    would leave the log fewer than LOG_LEAST (five players with several options), the
    track's two lines on how the game ends move beside the Fame piles (`ends`; not in
    co-op, where the pyramid stands there) and the log has their room."""
    mods = [MODULE_PAD + n * MODULE_LINE for n in modules]
    room = LEFT_BOTTOM - LEFT_TOP - TRACK_H - 16 - LOG_LEAST - sum(mods)
    row_h = max(ROW_LEAST, min(ROW_MOST, room // max(1, seats)))
    p.players = [fr.r(LEFT_X, LEFT_TOP + i * row_h, LEFT_W, row_h - 4) for i in range(seats)]
    y = LEFT_TOP + seats * row_h
    p.modules = []
    for h in mods:
        p.modules.append(fr.r(LEFT_X, y, LEFT_W, h - 4))
        y += h
    ty = max(TRACK_Y, y + 4)
    crowded = ends_movable and LEFT_BOTTOM - ty - TRACK_H - 8 < LOG_LEAST
    track_h = TRACK_H - TRACK_ENDS if crowded else TRACK_H
    p.ends = fr.r(*ENDS_BOX) if crowded else None
    p.track = fr.r(LEFT_X, ty, LEFT_W, track_h)
    p.log = fr.r(LEFT_X, ty + track_h + 8, LEFT_W, LEFT_BOTTOM - ty - track_h - 8)
    p.track_title = fr.r(LEFT_X + 8, ty + 4, LEFT_W - 16, 24)
    p.track_cards = [fr.r(LEFT_X + 14 + i * 68, ty + 32, 56, 74) for i in range(4)]
    p.track_needs = [fr.r(LEFT_X + 10 + i * 68, ty + 108, 64, 20) for i in range(4)]
    p.track_lines = ([] if crowded else
                     [fr.r(LEFT_X + 10, ty + 130, LEFT_W - 20, 22), fr.r(LEFT_X + 10, ty + 152, LEFT_W - 20, 22)])


PYRAMID_X, PYRAMID_W, PYRAMID_STEP = 712, 548, 34      # co-op: the pyramid where the Fame piles are


def place_pyramid(fr: Frame, p: Places, area: pygame.Rect) -> None:
    """The co-operative pyramid's places in `area` (scaled): the front row (4 cards) at
    the bottom, nearest the player, each row above it one card shorter and set in by half
    a card; its title and its cube limit in the two top corners beside the single card."""
    rows = list(content().coop_pyramid)
    gap = max(1, area.w // 90)
    step_y = area.h // len(rows)
    w = (area.w - (rows[0] - 1) * gap) // rows[0]
    h = step_y - max(1, step_y // 9)
    p.pyramid = []
    for i, n in enumerate(rows):
        x0 = area.x + i * (w + gap) // 2
        y = area.bottom - (i + 1) * step_y
        p.pyramid += [((i, j), pygame.Rect(x0 + j * (w + gap), y, w, h)) for j in range(n)]
    top = p.pyramid[-1][1]
    p.pyramid_title = pygame.Rect(area.x, top.y, top.x - area.x - gap, h)
    p.pyramid_limit = pygame.Rect(top.right + gap, top.y, area.right - top.right - gap, h)


def place_spread(fr: Frame, p: Places, letters: list[str]) -> None:
    w, h = MARKET_CARD
    p.spread = [(ch, fr.r(RIGHT_X + 8 + i * (w + 8), SPREAD_Y, w, h)) for i, ch in enumerate(letters[:5])]


OFFER_GAP = 16          # design px between the simultaneous Offer's cards


def place_offer(fr: Frame, p: Places, ids: list[str]) -> None:
    """Simultaneous play: the Offer's cards (up to 10) in one row where the piles are,
    centred, each with room for its number under it."""
    w, h = MARKET_CARD
    total = len(ids) * (w + OFFER_GAP) - OFFER_GAP
    x0 = RIGHT_X + (RIGHT_W - total) // 2
    p.offer = [(cid, fr.r(x0 + i * (w + OFFER_GAP), PILES_Y - 6, w, h)) for i, cid in enumerate(ids)]


def place_row(fr: Frame, area: pygame.Rect, n: int, card: tuple[int, int], arc: float = 0.0,
              gap: int = 8) -> list[pygame.Rect]:
    """`n` cards centred in `area` (design rect already scaled), overlapping when they
    would not fit; `arc` lifts the middle ones (a fanned hand)."""
    if n <= 0:
        return []
    w, h = fr.px(card[0]), fr.px(card[1])
    g = fr.px(gap)
    step = w + g
    if n * w + (n - 1) * g > area.w:
        step = max(fr.px(20), (area.w - w) // max(1, n - 1))
    total = step * (n - 1) + w
    x0 = area.centerx - total // 2
    out = []
    mid = (n - 1) / 2
    for i in range(n):
        lift = round(arc * fr.px(10) * (1 - ((i - mid) / max(1.0, mid)) ** 2)) if n > 1 else 0
        out.append(pygame.Rect(x0 + i * step, area.bottom - h - fr.px(6) - lift, w, h))
    return out


def word_slots(fr: Frame, p: Places, n: int) -> list[pygame.Rect]:
    """The places of the word's cards and one more (where the next card goes)."""
    area = pygame.Rect(p.word.x, p.word.y + fr.px(36), p.word.w, p.word.h - fr.px(36))
    return place_row(fr, area, n + 1, WORD_CARD, gap=6)


def insert_index(slots: list[pygame.Rect], x: int, n: int) -> int:
    """Where a card dropped at `x` goes among `n` laid cards."""
    for i, r in enumerate(slots[:n]):
        if x < r.centerx:
            return i
    return n
