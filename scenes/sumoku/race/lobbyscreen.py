"""The couch lobby's screen, before the first countdown: a row per seat (who plays with
which devices, and their controls; who is ready; bots and empty seats), the start button,
and the presses that join a player, make one ready, or start. What a join or a leave does
to the session is scenes/sumoku/race/lobby.py; the race itself is scene.py, which owns
this screen while its phase is "lobby"."""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from scenes.sumoku import style
from scenes.sumoku.race import devices, lobby
from scenes.sumoku.race.controls import LocalPlayer
from scenes.sumoku.race.panes import fpx
from scenes.ui import style as ui_style
from scenes.ui.buttons import Button
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t


class LobbyHost(Protocol):
    """What the lobby reads and calls of the scene that owns it (scene.py's RaceScene)."""
    app: Any
    session: Any
    locals: list[LocalPlayer]
    view: dict
    variant: str

    def name(self, seat: int) -> str: ...
    def player_of(self, device: str) -> LocalPlayer | None: ...
    def begin(self) -> None: ...
    def use_session(self, fresh: Any) -> None: ...


class LobbyScreen:
    """The lobby of `scene` (the RaceScene that owns it): its input and its drawing."""

    def __init__(self, scene: LobbyHost) -> None:
        self.scene = scene
        self.start_button = Button("start", lambda: None, primary=True, size=24)
        self.slot_rects: dict[int, pygame.Rect] = {}

    # ---- players come and go --------------------------------------------------------------
    def join(self, device: str) -> bool:
        """A new local player on `device` (a free seat, or a new one the variant allows)."""
        sc = self.scene
        got = lobby.join(sc.session, sc.locals, device, "")
        if got is None:
            return False
        fresh, player = got
        fresh.players[player.seat]["name"] = self._fresh_name(player.seat)
        sc.locals.append(player)
        sc.use_session(fresh)
        sc.app.sound.play("score")
        return True

    def leave(self, player: LocalPlayer) -> None:
        """`player`'s last device went (a pad unplugged): the seat goes back to a bot."""
        sc = self.scene
        sc.use_session(lobby.leave(sc.session, sc.locals, player))

    def _fresh_name(self, seat: int) -> str:
        pn = getattr(self.scene.app, "player_name", None)
        return pn(seat) if pn else t("sumoku.ui.seat", n=seat + 1)

    # ---- input -------------------------------------------------------------------------------
    def action(self, device: str, action: str) -> None:
        """A device's press in the lobby: join, or toggle ready (all ready: the race begins)."""
        sc = self.scene
        p = sc.player_of(device)
        if p is not None and p.devices[0] != device and action == "put":
            # a second layout of a player who holds several: a new player takes it
            p.devices.remove(device)
            if not self.join(device):
                p.devices.append(device)
            return
        if p is None:
            if action == "put" and (devices.is_pad(device) or device in devices.KEYMAPS):
                self.join(device)
            return
        if action == "put":
            p.ready = not p.ready
            sc.app.sound.play("click")
            if sc.locals and all(q.ready for q in sc.locals):
                sc.begin()

    def mouse(self, ev: pygame.event.Event) -> bool:
        """The start button, or the mouse player's own row (ready)."""
        sc = self.scene
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if self.start_button.hit(ev.pos):
                sc.begin()
                sc.app.sound.play("click")
                return True
            p = sc.player_of("mouse")
            row = self.slot_rects.get(p.seat) if p is not None else None
            if p is not None and row is not None and row.collidepoint(ev.pos):
                self.action(p.devices[0], "put")
        return True

    # ---- drawing -----------------------------------------------------------------------------
    def _legends(self, surface: pygame.Surface, p: LocalPlayer, box: pygame.Rect, k: float) -> None:
        """A player's devices, one line each: the device's name, then its own controls."""
        n = len(p.devices)
        if n == 0 or box.h <= 0:
            return
        lh = box.h // n
        label_w = round(200 * k)
        for i, device in enumerate(p.devices):
            line = pygame.Rect(box.x, box.y + i * lh, box.w, lh)
            text_in(surface, t(devices.device_label_key(device)), pygame.Rect(line.x, line.y, label_w, lh),
                    fpx(20, k), style.TEXT, bold=True, align="left", min_size=11, ellipsis=True)
            text_in(surface, t(devices.legend_key(device, self.scene.variant)),
                    pygame.Rect(line.x + label_w, line.y, line.w - label_w, lh), fpx(20, k), style.MUTED,
                    align="left", min_size=11, ellipsis=True)

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        ui_style.fill_background(surface)
        w, h = surface.get_size()
        k = min(w / 1280, h / 720)
        text_in(surface, t(f"race.variant.{sc.variant}"), pygame.Rect(40 * k, 16 * k, w - 80 * k, 70 * k),
                fpx(52, k), style.TEXT, bold=True, min_size=18)
        text_in(surface, t("race.lobby.hint"), pygame.Rect(40 * k, 86 * k, w - 80 * k, 40 * k), fpx(22, k),
                style.MUTED, min_size=12, ellipsis=True)
        seats = sc.session.seats
        mine = {p.seat: p for p in sc.locals}
        top = round(136 * k)
        bottom = h - round(96 * k)
        # a row per seat; a player's row also holds one line per device: its controls
        line_h = round(30 * k)
        heights = [round(58 * k) + (len(mine[s].devices) * line_h if s in mine else 0) for s in range(seats)]
        squeeze = min(1.0, (bottom - top) / max(1, sum(heights)))
        y = top
        for s in range(seats):
            row_h = round(heights[s] * squeeze)
            r = pygame.Rect(round(60 * k), y, w - round(120 * k), row_h - max(2, round(6 * k)))
            y += row_h
            p = mine.get(s)
            self.slot_rects[s] = r
            pygame.draw.rect(surface, style.PANEL_HI if p else style.PANEL, r, border_radius=max(4, round(10 * k)))
            pygame.draw.rect(surface, style.seat_colour(s), (r.x, r.y, max(4, round(8 * k)), r.h),
                             border_radius=max(4, round(10 * k)))
            head = pygame.Rect(r.x, r.y, r.w, round(52 * k * squeeze)) if p is not None else r
            name_box = pygame.Rect(r.x + round(20 * k), head.y, round(300 * k), head.h)
            label = sc.name(s)
            if sc.variant == "team":
                label = t("race.lobby.team_tag", name=label, team=t("race.team_n", n=sc.view["teams"][s] + 1))
            text_in(surface, label, name_box, fpx(26, k), style.seat_colour(s), bold=True, align="left",
                    min_size=12, ellipsis=True)
            info = pygame.Rect(name_box.right + round(10 * k), head.y, head.right - name_box.right - round(200 * k),
                               head.h)
            state = pygame.Rect(head.right - round(180 * k), head.y, round(170 * k), head.h)
            if p is not None:
                self._legends(surface, p, pygame.Rect(name_box.x, head.bottom, r.right - name_box.x - round(12 * k),
                                                           r.bottom - head.bottom - round(4 * k)), k)
                prompt = "race.lobby.click" if p.devices[0] == "mouse" else "race.lobby.press"
                text_in(surface, t("race.lobby.ready" if p.ready else prompt), state, fpx(22, k),
                        style.OK if p.ready else style.ACCENT, bold=True, align="right", min_size=11, ellipsis=True)
            else:
                level = sc.session.players[s].get("level", "normal")
                kind = t("race.lobby.bot", level=t(f"race.level.{level}")) \
                    if sc.session.players[s].get("kind") == "bot" else t("race.lobby.away")
                text_in(surface, kind, info, fpx(20, k), style.MUTED, align="left", min_size=11, ellipsis=True)
        self.start_button.rect = pygame.Rect(w // 2 - round(160 * k), h - round(82 * k), round(320 * k), round(62 * k))
        self.start_button.label = t("race.lobby.start")
        self.start_button.draw(surface, Frame.of_scale(k))
