"""The co-operative pyramid at the Paperback table (option `coop`; the rules are
engine/paperback/coop.py): the 10 Fame cards drawn where the Fame piles are, the front
row (4 × 5¢) nearest the player; a covered card is drawn flat and hatched and takes no
click; each card shows its cubes as cubes and as n/limit. While buying, an uncovered
card goes into the basket like any card for sale. A turn that buys nothing (a pass, or
"Buy nothing") first asks where its cube goes: the rules' own choice is preselected and
marked, a click on an uncovered card or Tab / the arrows move it, Enter puts it there,
Esc goes back. The table's co-op panel (optionpanel.py), and the drawing the table, the replay and the
final table share."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from engine.paperback import coop
from engine.paperback.content import CardDef, content
from scenes.paperback.cards import cards_of, draw_slot
from scenes.paperback.layout import Places
from scenes.paperback.optionpanel import Line, OptionPanel, Rows
from scenes.ui import style
from scenes.ui.buttons import Button
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t

MOVE_KEYS = {pygame.K_TAB: 1, pygame.K_RIGHT: 1, pygame.K_LEFT: -1}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def pyramid_fame(view: dict) -> dict[str, list[str]]:
    """The pyramid cards still there, by Fame pile, as the engine keeps them."""
    return {pid: [c for c in row if c] for (pid, _, _), row in zip(content().fame, view["coop"]["rows"])}


def default_cube(view: dict) -> str | None:
    """Where the rules put a cube the player does not place (the engine's own choice)."""
    co = view["coop"]
    return coop.cube_target(SimpleNamespace(fame=pyramid_fame(view), coop_cubes=co["cubes"], cards=cards_of(view)))


def pyramid_card(view: dict, cid: str, more: int = 0) -> str:
    """A pyramid card in words: its price and its cubes (with `more` placed)."""
    co = view["coop"]
    return t("paperback.ui.pyramid.card", cost=cards_of(view)[cid].cost, n=co["cubes"].get(cid, 0) + more,
             limit=co["limit"])


# ---- drawing (read-only) ---------------------------------------------------------------------------
def draw_tile(surface: pygame.Surface, fr: Frame, r: pygame.Rect, card: CardDef, cubes: int, limit: int, *,
              covered: bool = False, mark: str | None = None, lifted: bool = False, dim: bool = False,
              cube: bool = False) -> None:
    """One pyramid card: its price, its cubes (and the one about to go on it) and n/limit."""
    if lifted:
        r = r.move(0, -fr.px(3))
    rad = max(3, r.h // 5)
    if covered:
        pygame.draw.rect(surface, style.BG, r, border_radius=rad)
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-2, -2).clip(clip) if clip else r.inflate(-2, -2))
        step = max(4, fr.px(10))
        for x in range(r.x - r.h, r.right, step):       # hatched: it cannot be taken yet
            pygame.draw.line(surface, style.BG_2, (x, r.bottom), (x + r.h, r.y), max(1, fr.px(2)))
        surface.set_clip(clip)
        pygame.draw.rect(surface, style.BG_3, r, max(1, fr.px(1)), border_radius=rad)
    else:
        pygame.draw.rect(surface, style.BG_3, r, border_radius=rad)
        edge = style.INK_DIM if dim else style.ACCENT
        pygame.draw.rect(surface, edge, r, max(1, fr.px(2)), border_radius=rad)
    ink = style.INK_DIM if covered or dim else style.INK
    pad = max(2, fr.px(5))
    inner = r.inflate(-2 * pad, -max(2, fr.px(4)))
    cost_w, count_w = inner.w * 30 // 100, inner.w * 26 // 100
    text_in(surface, t("paperback.card.cost", cost=card.cost), pygame.Rect(inner.x, inner.y, cost_w, inner.h),
            fr.fs(20), ink, bold=True, align="left", min_size=fr.min_fs)
    count = t("paperback.ui.pyramid.cubes", n=cubes, limit=limit)
    danger = cubes + 1 >= limit
    text_in(surface, count, pygame.Rect(inner.right - count_w, inner.y, count_w, inner.h), fr.fs(18),
            style.BAD if danger and not covered else ink, bold=danger, align="right", min_size=fr.min_fs)
    row = pygame.Rect(inner.x + cost_w, inner.y, inner.w - cost_w - count_w, inner.h)
    size = max(3, min(inner.h * 45 // 100, row.w * 10 // (limit * 14)))
    gap = max(1, size * 4 // 10)
    x = row.centerx - (limit * size + (limit - 1) * gap) // 2
    for k in range(limit):
        box = pygame.Rect(x + k * (size + gap), row.centery - size // 2, size, size)
        if k < cubes:
            pygame.draw.rect(surface, style.BAD, box)
        elif k == cubes and cube:                      # the cube about to go on it
            pygame.draw.rect(surface, style.ACCENT, box)
        else:
            pygame.draw.rect(surface, style.INK_DIM if not covered else style.BG_3, box, 1)
    if cube:                                           # white, apart from the uncovered cards' yellow edge
        pygame.draw.rect(surface, style.INK, r.inflate(fr.px(8), fr.px(8)), max(2, fr.px(3)),
                         border_radius=rad + fr.px(4))
    elif mark == "pick":
        pygame.draw.rect(surface, style.GOOD, r.inflate(fr.px(6), fr.px(6)), max(2, fr.px(3)),
                         border_radius=rad + fr.px(3))


def draw_pyramid(surface: pygame.Surface, fr: Frame, p: Places, view: dict, marks: dict | None = None,
                 hot: str | None = None, dim: set[str] | None = None, cube: str | None = None) -> None:
    """The pyramid in `p.pyramid` with its title and what loses, from the view alone."""
    co = view["coop"]
    marks, dim = marks or {}, dim or set()
    cards = cards_of(view)
    free = set(co["uncovered"])
    limit = int(co["limit"])
    text_in(surface, t("paperback.ui.pyramid.title"), p.pyramid_title, fr.fs(20), style.INK_DIM, bold=True,
            align="left", min_size=fr.min_fs, ellipsis=True)
    text_in(surface, t("paperback.ui.pyramid.limit", n=limit), p.pyramid_limit, fr.fs(18),
            style.BAD if limit < coop.DEFAULT_CUBES else style.INK_DIM, align="right", wrap_lines=True,
            max_lines=2, min_size=fr.min_fs, ellipsis=True)
    for (i, j), r in p.pyramid:
        cid = co["rows"][i][j]
        if cid is None:
            draw_slot(surface, r, fr)
            continue
        draw_tile(surface, fr, r, cards[cid], int(co["cubes"].get(cid, 0)), limit, covered=cid not in free,
                  mark=marks.get(cid), lifted=hot == cid and cid in free, dim=cid in dim, cube=cube == cid)


def uncovered_places(view: dict, p: Places) -> list[tuple[str, pygame.Rect]]:
    """The cards that may be bought now, with their places (none outside co-op)."""
    if not view.get("coop"):
        return []
    free = set(view["coop"]["uncovered"])
    rows = view["coop"]["rows"]
    return [(rows[i][j], r) for (i, j), r in p.pyramid if rows[i][j] in free]


def hover_line(view: dict, cid: str) -> str:
    """The info line over a pyramid card: what it is, and whether it may be bought yet."""
    covered = cid not in view["coop"]["uncovered"]
    return t("paperback.ui.pyramid.covered" if covered else "paperback.ui.pyramid.open",
             card=pyramid_card(view, cid))


def pyramid_at(p: Places, view: dict, pos: tuple[int, int]) -> str | None:
    """The pyramid card under the pointer (covered ones too), if any."""
    if not view.get("coop"):
        return None
    for (i, j), r in p.pyramid:
        if r.collidepoint(pos):
            return view["coop"]["rows"][i][j]
    return None


# ---- the cube of a turn that buys nothing: the co-op panel of the table -----------------------------
class Pyramid(OptionPanel):
    """`b.cube_for` is "pass" or "buy" while the cube is placed, `b.cube` where it goes."""

    def cube_choosing(self) -> bool:
        b, table = (self.b if self.viewer is not None else None), self.table
        return bool(b is not None and b.cube_for and self.view.get("coop")
                    and ((b.cube_for == "pass" and table.spelling()) or (b.cube_for == "buy" and table.buying())))

    def begin_cube(self, kind: str) -> bool:
        """A turn that buys nothing: ask where its cube goes (False: no card takes one)."""
        target = default_cube(self.view)
        if target is None:
            return False
        self.b.cube_for, self.b.cube = kind, target
        self.table.sound("click")
        self.table.request_redraw()
        return True

    def end_cube(self) -> None:
        self.b.cube_for, self.b.cube = None, None

    def set_cube(self, cid: str) -> None:
        if self.cube_choosing() and cid in self.view["coop"]["uncovered"]:
            self.b.cube = cid
            self.table.sound("click")
            self.table.request_redraw()

    def move_cube(self, d: int) -> None:
        free = list(self.view["coop"]["uncovered"])
        i = free.index(self.b.cube) if self.b.cube in free else -1
        self.set_cube(free[(i + d) % len(free)])

    def place_cube(self) -> None:
        """Send the pass or the empty purchase with the cube where it was put."""
        if not self.cube_choosing():
            return
        b = self.b
        cmd = ({"type": "pass", "seat": self.viewer} if b.cube_for == "pass"
               else {"type": "buy", "seat": self.viewer, "cards": []})
        cmd["cube_on"] = b.cube
        if self.table.submit(cmd):
            self.end_cube()
            b.clear()

    def cube_help(self) -> Line:
        """The info line while the cube is placed: where it goes, whose choice that is,
        and whether it loses the game."""
        v, cid = self.view, self.b.cube
        card = pyramid_card(v, cid, more=1)
        if int(v["coop"]["cubes"].get(cid, 0)) + 1 >= int(v["coop"]["limit"]):
            return t("paperback.ui.cube_loses", card=card), style.BAD
        why = t("paperback.ui.cube_rules" if cid == default_cube(v) else "paperback.ui.cube_yours")
        return t("paperback.ui.cube_help", card=card, why=why), style.ACCENT

    # ---- the table's hooks ------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.b.cube_for and not self.cube_choosing():
            self.end_cube()

    def takes_over(self, action: str) -> bool:
        """A pass, or a purchase of nothing, first asks where its cube goes."""
        if action == "pass":
            return self.begin_cube("pass")
        return action == "buy" and self.table.buying() and not self.b.basket and self.begin_cube("buy")

    def lay_out(self, places: Places) -> None:
        places.fame = []                           # the pyramid stands where the Fame piles are

    def holds(self) -> bool:
        return self.cube_choosing()

    def hits(self) -> list[tuple[str, str, pygame.Rect]]:
        if not self.cube_choosing():
            return []
        return [("cube", cid, r) for cid, r in uncovered_places(self.view, self.table.places)]

    def rows(self) -> Rows | None:
        if not self.cube_choosing():
            return None
        return ([Button("cube", self.place_cube, t("paperback.ui.cube_place"), keys=ENTER, primary=True)],
                [Button("cube_back", self.cancel, t("paperback.ui.cube_back"), keys=(pygame.K_ESCAPE,))])

    def market(self) -> dict[str, Any]:
        return {"cube": self.b.cube if self.cube_choosing() else None}

    def info(self) -> Line | None:
        return self.cube_help() if self.cube_choosing() else None

    def key(self, ev: pygame.event.Event) -> bool | None:
        if not self.cube_choosing():
            return None
        if ev.key in MOVE_KEYS:
            self.move_cube(-MOVE_KEYS[ev.key] if ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT
                           else MOVE_KEYS[ev.key])
            return True
        return False                                     # no letters are laid meanwhile (the bar's keys work)

    def cancel(self) -> bool:
        if self.cube_choosing():
            self.end_cube()
            self.table.request_redraw()
            return True
        return False

    def click(self, kind: str, key: str) -> bool:
        if kind != "cube":
            return False
        self.set_cube(key)
        return True
