"""The replay viewer: the table drawn by the game's renderer, the event list beside it,
and play / pause / step back / step forward / seek slider / speed. A log with a cut
tail opens up to its last valid event, with a notice; so does one with an event the rules
cannot fold or describe (shown up to the event before it). A log that cannot even set up
its game shows the "not a Couchtop log" notice instead of the viewer."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pygame

from engine.core.logstore import LoadedLog
from engine.core.reading import seat_event
from engine.core.replay import ReplayCursor
from engine.registry import rules_for
from scenes import registry
from scenes.common.logpanel import LogView, draw_around
from scenes.common.names import player_name
from scenes.ui import pad, style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene
from scenes.ui.ondemand import RedrawOnDemand
from scenes.common.notice import Notice

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
STEPS_PER_SECOND = 2.0


def watchable(loaded: LoadedLog, plugin: Any) -> LoadedLog | None:
    """`loaded` cut back to the events this build can fold, describe and view (an event
    the rules refuse ends it, as a cut tail does), or None when its game cannot even be
    set up."""
    try:
        cursor = ReplayCursor.from_log(loaded, rules_for)
        cursor.view(None)
    except Exception:
        return None
    h, i = loaded.header, 0
    try:
        for i, ev in enumerate(cursor.events):
            plugin.describe_event(ev, h.get("players"), h.get("variant"))
            cursor.step()
            cursor.view(None)
        cursor.outcome()
        return loaded
    except Exception:   # event i is nonsense to the rules: show the log up to the one before
        return dataclasses.replace(loaded, events=loaded.events[:i], checkpoints=[], error="malformed",
                                   error_offset=loaded.event_offsets[i] if i < len(loaded.event_offsets) else None)


class ReplayScene(RedrawOnDemand, GuiScene):
    playing = False

    def animating(self) -> bool:
        return self.playing          # paused, it is drawn only when something happens

    def __init__(self, app: Any, loaded: LoadedLog, path: Path | None = None) -> None:
        super().__init__(app)
        self.path = path
        self.log_view = LogView()            # the event list's scroll
        self.game = str(loaded.header["game"])
        self.plugin = registry.plugin(self.game)
        usable = watchable(loaded, self.plugin)
        self.unreadable = usable is None
        self.loaded = loaded = usable or loaded
        if self.unreadable:
            return
        self.cursor = ReplayCursor.from_log(loaded, rules_for)
        self.renderer = self.plugin.replay_renderer(app)
        if hasattr(self.renderer, "players"):   # a renderer may show the seats' names
            self.renderer.players = list(loaded.header.get("players") or [])
        if hasattr(self.renderer, "options"):   # ... and draw as the game's options said
            self.renderer.options = dict(loaded.header.get("options") or {})
        self.playing = False
        self.speed_i = 1
        self._acc = 0.0
        self._lines: list[str] = []
        self._lines_lang = ""
        self.slider_el = None
        # Whose eyes: the table's public view; once the game is over, any seat's view too
        # (an unfinished game keeps its secrets).
        end = ReplayCursor.from_log(loaded, rules_for)
        end.seek(len(end))
        seats = int(loaded.header.get("seats", 0))
        self.viewpoints: list[int | None] = [None] + (list(range(seats)) if end.outcome() is not None else [])
        self.view_i = 0

    def enter(self) -> None:
        if self.unreadable:   # the error screen in the viewer's place
            name = self.path.name if self.path else self.game
            self.stack.replace(Notice(self.app, "ui.replay.unreadable", name=name))
            return
        super().enter()

    # ---- controls --------------------------------------------------------------
    def build(self) -> None:
        t = self.app.t
        y, h = 646, 58
        self.button(self.r(20, y, 150, h), t("ui.back"), self.back, oid="back", size=24)
        self.button(self.r(180, y, 80, h), t("ui.replay.to_start"), lambda: self.seek(0), oid="start", size=28)
        self.button(self.r(266, y, 80, h), t("ui.replay.step_back"), self.step_back, oid="step_back", size=28)
        self.play_btn = self.button(self.r(352, y, 150, h), t("ui.replay.pause" if self.playing else "ui.replay.play"),
                                    self.toggle, oid="play", size=24)
        self.button(self.r(508, y, 80, h), t("ui.replay.step_fwd"), self.step_fwd, oid="step_fwd", size=28)
        self.button(self.r(594, y, 80, h), t("ui.replay.to_end"), lambda: self.seek(len(self.cursor)), oid="end", size=28)
        self.cycler(self.r(684, y, 170, h), t("ui.replay.speed", x=self.speed_text()), self.step_speed,
                    oid="speed", size=24)
        if len(self.viewpoints) > 1:
            self.cycler(self.r(650, 8, 230, 46), t("ui.replay.view", who=self.viewpoint_name()),
                        self.step_view, oid="viewpoint", size=20)
        self.slider_el = self.slider(self.r(868, y + 9, 392, 40), self.cursor.position, 0,
                                     max(1, len(self.cursor)), lambda v: self.seek(int(round(v)), from_slider=True),
                                     step=1, oid="seek")
        if self._first:
            self.focus_index = 3
            self._first = False

    _first = True

    def viewpoint_name(self) -> str:
        seat = self.viewpoints[self.view_i]
        if seat is None:
            return self.app.t("ui.replay.view_table")
        players = self.loaded.header.get("players") or []
        name = players[seat].get("name") if seat < len(players) else None
        return str(name or self.app.t("ui.player_n", n=seat + 1))

    def step_view(self, d: int) -> None:
        self.view_i = (self.view_i + d) % len(self.viewpoints)
        self.rebuild()

    def speed_text(self) -> str:
        s = SPEEDS[self.speed_i]
        return f"{s:g}×"

    def step_speed(self, d: int) -> None:
        self.speed_i = (self.speed_i + d) % len(SPEEDS)
        self.rebuild()

    def toggle(self) -> None:
        if self.cursor.at_end and not self.playing:
            self.seek(0)
        self.playing = not self.playing
        self._acc = 0.0
        self.rebuild()

    def step_fwd(self) -> None:
        self.cursor.step()
        self._sync()

    def step_back(self) -> None:
        self.cursor.back()
        self._sync()

    def seek(self, pos: int, from_slider: bool = False) -> None:
        self.cursor.seek(pos)
        if not from_slider:
            self._sync()

    def _sync(self) -> None:
        if self.slider_el is not None:
            self.slider_el.set_current_value(self.cursor.position)

    def handle(self, ev: pygame.event.Event) -> bool:
        if self.log_view.handle(ev) and ev.type != pygame.MOUSEMOTION:    # the event list's wheel and keys
            self.request_redraw()
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.track_hit(ev.pos) is not None:
            self.seek(self.track_hit(ev.pos))     # a click on the track jumps there
            self.set_focus(self.slider_el)
            return True
        return super().handle(ev)

    def track_rect(self) -> pygame.Rect | None:
        """The part of the seek slider between its arrow buttons."""
        sl = self.slider_el
        if sl is None:
            return None
        aw = getattr(sl, "arrow_button_width", 0) or 0
        return pygame.Rect(sl.rect.x + aw, sl.rect.y, max(1, sl.rect.w - 2 * aw), sl.rect.h)

    def track_hit(self, pos: tuple[int, int]) -> int | None:
        """The position a click at `pos` on the slider's track (not its knob) asks for."""
        track, sl = self.track_rect(), self.slider_el
        if track is None or not track.collidepoint(pos):
            return None
        knob = getattr(sl, "sliding_button", None)
        if knob is not None and knob.rect.collidepoint(pos):
            return None
        return round((pos[0] - track.x) / track.w * len(self.cursor))

    def handle_key(self, ev: pygame.event.Event) -> bool:
        k = ev.key
        if k == pygame.K_LEFT:
            self.step_back()
        elif k == pygame.K_RIGHT:
            self.step_fwd()
        elif k == pygame.K_HOME:
            self.seek(0)
        elif k == pygame.K_END:
            self.seek(len(self.cursor))
        elif k == pygame.K_SPACE:
            self.toggle()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.step_speed(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step_speed(-1)
        elif k == pygame.K_v and len(self.viewpoints) > 1:
            self.step_view(1)
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        if self.playing:
            self._acc += dt * STEPS_PER_SECOND * SPEEDS[self.speed_i]
            moved = False
            while self._acc >= 1.0 and not self.cursor.at_end:
                self._acc -= 1.0
                self.cursor.step()
                moved = True
            if moved:
                self._sync()
            if self.cursor.at_end:
                self.playing = False
                self.rebuild()
        super().update(dt)

    # ---- drawing ------------------------------------------------------------------
    def lines(self) -> list[str]:
        """Every event in words, as the chosen viewpoint may see it (engine.core.reading.seat_event)."""
        key = f"{self.app.settings.lang}/{self.view_i}"
        if self._lines_lang != key:
            h = self.loaded.header
            seat, rules = self.viewpoints[self.view_i], self.cursor.rules
            describer = registry.optional(self.game, "event_describer")
            describe = describer(h) if describer is not None else self.plugin.describe_event
            self._lines = [describe(seat_event(rules, ev, seat), h.get("players"), h.get("variant"))
                           for ev in self.cursor.events]
            self._lines_lang = key
        return self._lines

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        h = self.loaded.header
        names = t("ui.list_sep").join(player_name(h.get("players"), s) for s in range(int(h.get("seats", 0))))
        title_w = 620 if len(self.viewpoints) > 1 else 860
        text_in(surface, t("ui.replay.title", game=t(f"ui.game.{self.game}"), players=names),
                self.r(20, 10, title_w, 44), self.fs(26), style.INK, bold=True, align="left")
        text_in(surface, t("ui.replay.position", n=self.cursor.position, total=len(self.cursor)),
                self.r(900, 10, 360, 44), self.fs(24), style.INK_DIM, align="right")
        board = self.r(20, 60, 860, 540)
        panel(surface, board, style.BG_2)
        prev = surface.get_clip()
        surface.set_clip(board)
        self.renderer.draw(surface, board, self.cursor.view(self.viewpoints[self.view_i]))
        surface.set_clip(prev)
        self.draw_events(surface, self.r(900, 60, 360, 540))
        keys = "ui.replay.keys_pad" if pad.in_use() else \
            "ui.replay.keys_view" if len(self.viewpoints) > 1 else "ui.replay.keys"
        text_in(surface, t(keys), self.r(20, 606, 1240, 34), self.fs(20), style.INK_DIM)
        if not self.loaded.complete:
            bar = self.r(20, 556, 860, 44)
            pygame.draw.rect(surface, (110, 40, 20), bar, border_radius=8)
            text_in(surface, t("ui.replay.cut", n=len(self.cursor)), bar.inflate(-20, -4), self.fs(20), style.INK)

    def draw_events(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The event list, the current event centred (scenes/common/logpanel.py)."""
        draw_around(surface, box, self.lines(), self.cursor.position - 1, self.fs(20), max(4, round(8 * self.k)),
                    self.log_view)
