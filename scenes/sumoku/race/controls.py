"""One local player at the couch: their seat, devices, cursor and chosen tile, and how
their actions become race commands (speed, grab, team). Nothing here submits: `act()`
returns the commands, the scene sends them to the session in the order input arrives."""
from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil
from typing import Any

from engine.sumoku.tiles import number
from scenes.sumoku.race.devices import MOVES

Cell = tuple[int, int]
Command = dict[str, Any]
GRAB_SET = 4


def grab_columns(n: int) -> int:
    """Columns of the centre's tile grid (shared by the drawing and the cursor)."""
    return max(5, ceil(n / 2))


def grid_dict(rows: list[list[int]]) -> dict[Cell, tuple[int, int]]:
    return {(r, c): (t, v) for r, c, t, v in rows}


@dataclass
class LocalPlayer:
    seat: int
    devices: list[str]
    cursor: Cell = (0, 0)
    index: int = 0                       # grab: the centre tile under the cursor
    tile: int | None = None              # speed/team: the chosen loose tile
    flips: dict[int, int] = field(default_factory=dict)   # a 6 chosen to read 9
    picks: list[int] = field(default_factory=list)        # grab: the chosen centre tiles
    order: list[int] = field(default_factory=list)        # the loose tiles as the pane shows them
    message: str | None = None
    message_bad: bool = False
    message_until: float = 0.0
    ready: bool = False
    shake: float = 0.0                   # seconds of the wrong-move shake left

    # ---- what the view says ------------------------------------------------------------
    @staticmethod
    def owner(view: dict, seat: int) -> int:
        return view["teams"][seat] if view["variant"] == "team" else seat

    def grid(self, view: dict) -> dict[Cell, tuple[int, int]]:
        return grid_dict(view["grids"][self.owner(view, self.seat)])

    def loose(self, view: dict) -> list[int]:
        """The tiles this player may put: their hand (speed) or their team's pool."""
        if view["variant"] == "team":
            return list(view["pools"][view["teams"][self.seat]])
        return list(view["hands"][self.seat])

    def value(self, tile: int) -> int:
        return self.flips.get(tile, number(tile))

    def owes_return(self, view: dict) -> bool:
        pr = view.get("pending_return") or []
        return bool(pr[self.seat]) if self.seat < len(pr) else False

    def sync(self, view: dict) -> None:
        """Forget choices the table no longer allows (a tile gone, a centre refilled)."""
        if view["variant"] == "grab":
            centre = view["centre"]
            self.picks = [t for t in self.picks if t in centre]
            self.index = min(self.index, max(0, len(centre) - 1))
            self.flips = {t: v for t, v in self.flips.items() if t in centre}
            return
        loose = self.ordered(self.loose(view))
        on_grid = {t for t, _ in self.grid(view).values()}
        if self.tile not in loose:
            self.tile = loose[0] if loose else None
        self.flips = {t: v for t, v in self.flips.items() if t in loose or t in on_grid}

    # ---- actions -----------------------------------------------------------------------
    def act(self, action: str, view: dict) -> list[Command]:
        """The commands for one action (often none: the cursor moved)."""
        if view["variant"] == "grab":
            return self._act_grab(action, view)
        return self._act_grid(action, view)

    def ordered(self, loose: list[int]) -> list[int]:
        """`loose` in the order the pane shows it (Q/E walk the strip as it is drawn)."""
        here = set(loose)
        shown = [x for x in self.order if x in here]
        return shown + [x for x in loose if x not in set(shown)]

    def _cycle(self, loose: list[int], step: int) -> None:
        loose = self.ordered(loose)
        if not loose:
            self.tile = None
            return
        i = loose.index(self.tile) + step if self.tile in loose else 0
        self.tile = loose[i % len(loose)]

    def _act_grid(self, action: str, view: dict) -> list[Command]:
        seat = self.seat
        if action in MOVES:
            dr, dc = MOVES[action]
            self.cursor = (self.cursor[0] + dr, self.cursor[1] + dc)
            return []
        loose = self.loose(view)
        grid = self.grid(view)
        here = grid.get(self.cursor)
        if action in ("prev", "next"):
            self._cycle(loose, -1 if action == "prev" else 1)
            return []
        if action == "flip":
            if here is not None and number(here[0]) == 6:
                tile, v = here
                new = 9 if v == 6 else 6
                self.flips[tile] = new
                return [{"type": "lift", "seat": seat, "tile": tile},
                        {"type": "put", "seat": seat, "tile": tile, "cell": list(self.cursor), "value": new}]
            if self.tile is not None and number(self.tile) == 6:
                self.flips[self.tile] = 9 if self.value(self.tile) == 6 else 6
            return []
        if action in ("put", "exchange") and self.owes_return(view):
            tile = here[0] if (here is not None and action == "put") else self.tile
            if tile is None:
                return []
            return [{"type": "return", "seat": seat, "tile": tile}]
        if action == "put":
            if here is not None:
                self.tile = here[0]
                return [{"type": "lift", "seat": seat, "tile": here[0]}]
            if self.tile is None or self.tile not in loose:
                self._cycle(loose, 0)
            if self.tile is None:
                return []
            return [{"type": "put", "seat": seat, "tile": self.tile, "cell": list(self.cursor),
                     "value": self.value(self.tile)}]
        if action == "exchange":
            return [{"type": "exchange", "seat": seat}]
        if action == "call":
            return [{"type": "stuck" if view["variant"] == "team" else "call", "seat": seat}]
        return []

    def _act_grab(self, action: str, view: dict) -> list[Command]:
        centre = view["centre"]
        n = len(centre)
        if n == 0:
            return []
        cols = grab_columns(n)
        if action in MOVES:
            dr, dc = MOVES[action]
            r, c = divmod(self.index, cols)
            rows = ceil(n / cols)
            r, c = (r + dr) % rows, (c + dc) % cols
            self.index = min(n - 1, r * cols + c)
            return []
        if action in ("prev", "next"):
            self.index = (self.index + (-1 if action == "prev" else 1)) % n
            return []
        tile = centre[min(self.index, n - 1)]
        if action == "put":
            if tile in self.picks:
                self.picks.remove(tile)
            else:
                if len(self.picks) >= GRAB_SET:
                    self.picks.pop(0)
                self.picks.append(tile)
            return []
        if action == "flip":
            if number(tile) == 6:
                self.flips[tile] = 9 if self.value(tile) == 6 else 6
            return []
        if action == "exchange":
            self.picks.clear()
            return []
        if action == "call":
            if len(self.picks) != GRAB_SET:
                return []
            vals = [self.value(t) for t in self.picks]
            return [{"type": "claim", "seat": self.seat, "tiles": list(self.picks), "values": vals,
                     "multiple": sum(vals)}]
        return []

    def pick_sum(self) -> int:
        return sum(self.value(t) for t in self.picks)

    # ---- feedback ----------------------------------------------------------------------
    def say(self, text: str, now: float, *, bad: bool = True, seconds: float = 3.5) -> None:
        self.message, self.message_bad, self.message_until = text, bad, now + seconds
        if bad:
            self.shake = 0.35

    def current_message(self, now: float) -> str | None:
        return self.message if self.message and now < self.message_until else None
