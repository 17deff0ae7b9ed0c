"""The online race: the couch race scene (scenes/race) on a NetworkSession, with this
window's seat as its one local player (mouse and both keyboard layouts).

What differs from couch play, and is done here rather than in the race scene:
  - the session is polled once a frame (it folds what the relay sequenced, sends the
    due ticks and, on the host, plays the bot-held seats: NetworkSession.run_bots);
    the scene neither ticks nor drives bots itself;
  - `submit` answers with a command id at once; a refusal comes later through the
    session's `error_listeners` and is shown to the local player as at the couch;
  - every other seat (people elsewhere and bots) gets a progress card, as bots do;
  - "Reconnecting…" is shown over the race while the link is down, and the relay's
    last word if it ends; the host can hand a dropped seat to a bot (F2);
  - Esc opens a pause menu that does not pause (the race goes on for the others).

`begin_race(app, lobby, relay)` hands a started Lobby over: it builds the session,
remembers the seat (to rejoin after a restart), starts the host's bots and shows the
scene."""
from __future__ import annotations

from typing import Any

import pygame

from engine.core.errors import RuleError
from engine.core.logstore import make_header
from engine.registry import bot_for
from net.session import Lobby, NetworkSession
from scenes.common.pause import PauseOverlay
from scenes.sumoku.online import store
from scenes.sumoku.online.link import error_problem, refusal_text
from scenes.sumoku.race.botdriver import BotDriver
from scenes.sumoku.race.scene import RaceScene
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.i18n import t

LOCAL_DEVICES = ["keys1", "keys2", "mouse"]
BOT_LEVEL = "normal"


def session_header(session: NetworkSession) -> dict[str, Any]:
    """The log header of an online game (what the results and replay screens read)."""
    players = [dict(p, name=m["name"] or t("ui.player_n", n=m["seat"] + 1))
               for p, m in zip(session.players, session.members)]
    header = make_header(session.rules.game, session.variant, session.seats, session.seed,
                         session.rules.rules_version, session.options, players)
    header["online"] = {"code": session.code, "seat": session.seat}
    return header


class OnlineRaceScene(RaceScene):
    def __init__(self, app: Any, session: NetworkSession, relay: str = "") -> None:
        super().__init__(app, session, [{"seat": session.seat, "devices": list(LOCAL_DEVICES)}],
                         lobby_first=False)
        self.relay = relay
        self.driver = BotDriver(session, [])   # bots are the host client's (run_bots), not ours
        self.gate_ms = 0                       # the relay's clock rules the countdown
        self.finished = False
        session.listeners.append(self._changed)
        session.error_listeners.append(self._refused)

    # ---- what the race scene asks ------------------------------------------------------
    def bot_seats(self) -> list[int]:
        """Every seat not played at this window gets a progress card."""
        mine = {p.seat for p in self.locals}
        return [s for s in range(self.session.seats) if s not in mine]

    def name(self, seat: int) -> str:
        """The seat's player (an open seat a bot took has no name: "Player n")."""
        members = self.session.members
        name = members[seat].get("name") if 0 <= seat < len(members) else None
        return str(name) if name else t("ui.player_n", n=seat + 1)

    def _tick(self) -> None:
        """The session sends the due ticks (the host at once, the others later)."""

    # ---- the session's news --------------------------------------------------------------
    def _changed(self, session: NetworkSession, new: list[dict]) -> None:
        if new:
            return                             # new events: the scene's own poll shows them
        if len(session.events) < self.seen:    # refolded after a resync: nothing to animate
            self.seen = len(session.events)
        self.refresh()

    def _refused(self, session: NetworkSession, info: dict[str, Any]) -> None:
        player = next((p for p in self.locals if p.seat == info.get("seat")), None)
        if player is None or info.get("kind") == "link":
            return
        if info.get("kind") == "rule":
            text = self.refusal_text(RuleError(str(info["code"]), **dict(info.get("params") or {})))
        else:
            text = refusal_text(str(info["code"]))
        player.say(text, self.now)
        self.app.sound.play("error")

    @property
    def status(self) -> str:
        return str(self.session.status)

    def away_seats(self) -> list[int]:
        return [m["seat"] for m in self.session.members
                if m["status"] == "away" and m["seat"] != self.session.seat]

    def can_hand_to_bot(self) -> bool:
        room_bots = bool(getattr(self.session, "allow_bots", True))
        return self.session.is_host and room_bots and self.status == "live"

    # ---- the loop --------------------------------------------------------------------------
    def poll_session(self) -> None:
        if self.status != "closed":
            self.session.poll()
        if not self.finished and self.session.outcome() is not None:
            self.finished = True
            store.clear_rejoin(self.session.token)   # nothing left to rejoin

    def update(self, dt: float) -> None:
        self.poll_session()
        super().update(dt)

    def open_pause(self) -> None:
        """The online pause menu (the race goes on); after the room closed, back to the menu."""
        if self.status == "closed":
            self.app.save_and_quit()
        else:
            self.stack.push(OnlinePause(self.app, self))

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            if self.status == "closed" and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.save_and_quit()
                return True
            if ev.key == pygame.K_ESCAPE:
                self.open_pause()
                return True
            if ev.key == pygame.K_F2 and self.can_hand_to_bot():
                for seat in self.away_seats():
                    self.session.set_bot(seat, True)
                return True
        return super().handle(ev)

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.status == "reconnecting":
            self.draw_notice(surface, t("net.reconnecting"), t("net.reconnecting_hint"), style.ACCENT)
        elif self.status == "closed" and self.session.outcome() is None:
            closed = self.session.closed or {}
            why = error_problem(str(closed.get("code", "lost")), self.relay).text()
            self.draw_notice(surface, t("net.closed"), f"{why}\n{t('net.closed_hint')}", style.BAD)
        elif self.session.outcome() is None and self.away_seats():
            self.draw_away(surface)

    def draw_notice(self, surface: pygame.Surface, title: str, body: str, colour: tuple[int, int, int]) -> None:
        w, h = surface.get_size()
        k = min(w / 1280, h / 720)
        style.shade(surface, 150)
        box = pygame.Rect(0, 0, round(760 * k), round(240 * k))
        box.center = (w // 2, h // 2)
        panel(surface, box, style.BG_2, border=colour, radius=max(6, round(16 * k)))
        inner = box.inflate(-round(48 * k), -round(32 * k))
        head = pygame.Rect(inner.x, inner.y, inner.w, round(80 * k))
        text_in(surface, title, head, style.font_px(56, (w, h)), colour, bold=True)
        rest = pygame.Rect(inner.x, head.bottom + round(8 * k), inner.w, inner.bottom - head.bottom - round(8 * k))
        text_in(surface, body, rest, style.font_px(24, (w, h)), style.INK, wrap_lines=True, max_lines=3,
                ellipsis=True)

    def draw_away(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        k = min(w / 1280, h / 720)
        names = t("ui.list_sep").join(self.name(s) for s in self.away_seats())
        hint = t("net.away_bot") if self.can_hand_to_bot() else t("net.away_wait")
        box = pygame.Rect(0, 0, round(900 * k), round(64 * k))
        box.midbottom = (w // 2, h - round(12 * k))
        panel(surface, box, style.BG_2, border=style.ACCENT, radius=max(4, round(10 * k)))
        text_in(surface, f"{t('net.away_seat', name=names)} {hint}", box.inflate(-round(24 * k), -round(8 * k)),
                style.font_px(22, (w, h)), style.INK, wrap_lines=True, max_lines=2, ellipsis=True)


class OnlinePause(PauseOverlay):
    """The pause menu over an online race: the race goes on underneath (the others are
    still playing), so the session keeps being polled."""

    def __init__(self, app: Any, race: OnlineRaceScene) -> None:
        super().__init__(app)
        self.race = race

    def update(self, dt: float) -> None:
        super().update(dt)
        self.race.update(dt)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.shade(surface, 190)
        panel(surface, self.r(360, 120, 560, 460), style.BG_2, border=style.ACCENT)
        text_in(surface, t("net.pause.title"), self.r(380, 140, 520, 80), self.fs(52), style.INK, bold=True)
        text_in(surface, t("net.pause.note"), self.r(380, 510, 520, 62), self.fs(20), style.INK_DIM,
                wrap_lines=True, max_lines=2, ellipsis=True)


def begin_race(app: Any, lobby: Lobby, relay: str) -> OnlineRaceScene:
    """The room has started: build its NetworkSession (logged like a local game), save the
    seat for a rejoin, let the host's client run the bot seats, show the race."""
    session = lobby.session()
    session.header = session_header(session)      # type: ignore[attr-defined]
    session.allow_bots = bool((lobby.room or {}).get("allow_bots"))  # type: ignore[attr-defined]
    if session.outcome() is None:
        store.save_rejoin(store.Rejoin(relay, session.code, session.token, session.seat))
    seed = session.seed
    session.run_bots(lambda seat: bot_for(session.rules.game, session.variant, BOT_LEVEL, seat, seed))
    app.close_session()
    app.session = session
    app.game = session.rules.game
    app.last_setup = None                          # "Play again" is for local games
    scene = OnlineRaceScene(app, session, relay)
    app.stack.clear_to(app.menu())
    app.stack.push(scene)
    return scene
