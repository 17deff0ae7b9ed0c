"""Play online: the relay address and your name, then host a room (race, seats, bots
allowed) or join one with its code, or take back the seat of a game in progress. The
link opens on a background thread (`Connector`); this screen only polls it."""
from __future__ import annotations

from typing import Any

import pygame

from engine.sumoku.rules import SumokuRules
from engine.sumoku.spec import SPEC
from scenes.sumoku.online import store
from scenes.sumoku.online.link import Connector, Problem, clean_code, clean_name
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import GuiScene

VARIANTS = ("speed", "grab", "team")
RELAY_SEATS = range(2, 9)          # the relay's limit is 8 seats a room
DEFAULT_SEATS = 2


def seat_range(variant: str) -> range:
    ok = SumokuRules.seats_for(variant)
    return range(max(ok.start, RELAY_SEATS.start), min(ok.stop, RELAY_SEATS.stop))


def room_options(variant: str, seats: int) -> dict[str, Any]:
    """The rules' options a hosted room carries (without "variant": the room has it)."""
    from scenes.sumoku.race import race_options
    opts = race_options(variant, seats, {"countdown_ms": SPEC.option("countdown_ms").default})
    opts.pop("variant", None)
    return opts


class ConnectScene(GuiScene):
    title_key = "net.connect.title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.relay = store.load_relay()
        self.name = app.player_name(0)
        self.variant = VARIANTS[0]
        self.seats = DEFAULT_SEATS
        self.allow_bots = True
        self.code = ""
        self.rejoins = self.held_seats()
        self.rejoin_index = 0
        self.connector: Connector | None = None
        self.problem: Problem | None = None

    # ---- widgets -----------------------------------------------------------
    def build(self) -> None:
        t = self.app.t
        self.entry(self.r(380, 100, 420, 52), self.relay, self.set_relay,
                   placeholder=t("net.connect.relay_hint"), max_len=80, size=24, oid="relay")
        self.entry(self.r(380, 162, 420, 52), self.name, self.set_name,
                   placeholder=t("ui.player_n", n=1), max_len=32, size=24, oid="name")
        if self.rejoin is not None:
            self.button(self.r(840, 100, 380, 52),
                        t("net.connect.rejoin", code=self.rejoin.code, n=self.rejoin.seat + 1),
                        self.do_rejoin, oid="rejoin", size=24, step=self.step_rejoin)
            self.button(self.r(840, 162, 380, 52), t("net.connect.forget"), self.forget, oid="forget",
                        size=22, bold=False)
        self.cycler(self.r(100, 296, 480, 54), t("net.connect.variant", variant=t(f"race.variant.{self.variant}")),
                    self.step_variant, oid="variant", size=26)
        self.count_row(self.r(100, 360, 480, 54), t("net.connect.seats", n=self.seats), self.seats,
                       seat_range(self.variant), self.set_seats, oid="seats", size=26)
        self.cycler(self.r(100, 424, 480, 54), t("net.connect.bots_on" if self.allow_bots else "net.connect.bots_off"),
                    lambda d: self.toggle_bots(), oid="bots", size=24)
        self.button(self.r(100, 494, 480, 60), t("net.connect.host"), self.do_host, oid="host", size=30)
        self.entry(self.r(760, 318, 360, 64), self.code, self.set_code,
                   placeholder=t("net.connect.code_hint"), max_len=8, size=36, oid="code")
        self.button(self.r(760, 494, 360, 60), t("net.connect.join"), self.do_join, oid="join", size=30)
        self.button(self.r(490, 652, 300, 56), t("ui.back"), self.back, oid="back", size=28)

    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        t = self.app.t
        for y, key in ((100, "net.connect.relay"), (162, "net.connect.name")):
            text_in(surface, t(key), self.r(60, y, 300, 52), self.fs(26), style.INK, bold=True, align="right")
        for x, key in ((60, "net.connect.host_head"), (660, "net.connect.join_head")):
            panel(surface, self.r(x, 230, 560, 340), style.BG_2)
            text_in(surface, t(key), self.r(x + 20, 238, 520, 48), self.fs(30), style.ACCENT, bold=True)
        text_in(surface, t("net.connect.code"), self.r(680, 270, 520, 40), self.fs(22), style.INK_DIM)
        text_in(surface, self.status(), self.r(60, 578, 1160, 66), self.fs(22), self.status_colour(),
                wrap_lines=True, max_lines=2, ellipsis=True)

    def status(self) -> str:
        """Connecting…, the last problem, or how online play works."""
        t = self.app.t
        if self.connector is not None and self.connector.busy:
            return t("net.connect.connecting", relay=self.connector.relay)
        if self.problem is not None:
            return self.problem.text()
        return t("net.connect.how")

    def status_colour(self) -> tuple[int, int, int]:
        if self.connector is not None and self.connector.busy:
            return style.ACCENT
        return style.BAD if self.problem is not None else style.INK_DIM

    # ---- choices ----------------------------------------------------------------
    def set_relay(self, text: str) -> None:
        self.relay = text.strip()

    def set_name(self, text: str) -> None:
        self.name = text

    def set_code(self, text: str) -> None:
        self.code = text

    def step_variant(self, d: int) -> None:
        i = (VARIANTS.index(self.variant) + d) % len(VARIANTS)
        self.variant = VARIANTS[i]
        ok = seat_range(self.variant)
        self.seats = min(max(self.seats, ok.start), ok.stop - 1)
        self.rebuild()

    def set_seats(self, n: int) -> None:
        ok = seat_range(self.variant)
        self.seats = min(max(n, ok.start), ok.stop - 1)
        self.rebuild()

    def toggle_bots(self) -> None:
        self.allow_bots = not self.allow_bots
        self.rebuild()

    def held_seats(self) -> list[store.Rejoin]:
        """The saved seats, but not the one this window is playing right now."""
        playing = getattr(self.app.session, "token", None)
        return [r for r in store.load_rejoins() if r.token != playing]

    @property
    def rejoin(self) -> store.Rejoin | None:
        """The seat the Rejoin button takes back (Left/Right on it choose among several)."""
        return self.rejoins[self.rejoin_index % len(self.rejoins)] if self.rejoins else None

    def step_rejoin(self, d: int) -> None:
        self.rejoin_index = (self.rejoin_index + d) % max(1, len(self.rejoins))
        self.rebuild()

    def forget(self) -> None:
        if self.rejoin is not None:
            store.clear_rejoin(self.rejoin.token)
        self.rejoins = self.held_seats()
        self.rejoin_index = 0
        self.rebuild()

    # ---- connecting --------------------------------------------------------------
    def _checked(self) -> tuple[str, str] | None:
        """The relay address and name, remembered; None (with the problem shown) if bad."""
        if self.connector is not None and self.connector.busy:
            return None
        name = clean_name(self.name)
        if name is None:
            self.problem = Problem("net.err.bad_name")
            return None
        store.save_relay(self.relay)
        settings = self.app.settings
        if name != self.app.player_name(0) and settings.names:
            settings.names[0] = name
            self.app.save_settings()
        return self.relay, name

    def _open(self, make: Any) -> None:
        try:
            self.connector = make()
        except ValueError:
            self.problem = Problem("net.err.bad_address")
            return
        self.problem = None

    def do_host(self) -> None:
        got = self._checked()
        if got is not None:
            relay, name = got
            self._open(lambda: Connector.host(relay, name, self.variant, self.seats,
                                              room_options(self.variant, self.seats), self.allow_bots))

    def do_join(self) -> None:
        got = self._checked()
        if got is None:
            return
        code = clean_code(self.code)
        if code is None:
            self.problem = Problem("net.err.bad_code")
            return
        relay, name = got
        self._open(lambda: Connector.join(relay, name, code))

    def do_rejoin(self) -> None:
        got = self._checked()
        if got is None or self.rejoin is None:
            return
        rejoin = self.rejoin
        self._open(lambda: Connector.resume(rejoin.relay, got[1], rejoin.token))

    def update(self, dt: float) -> None:
        super().update(dt)
        c = self.connector
        if c is None:
            return
        stage = c.poll()
        if stage == "failed":
            self.problem = c.error
            self.connector = None
            if self.problem is not None and self.problem.key in ("net.err.bad_token", "net.err.no_room") \
                    and self.rejoin is not None and c.relay == self.rejoin.relay:
                self.forget()           # that seat cannot be taken back any more
        elif stage == "ok":
            self.connector = None
            from scenes.sumoku.online.lobby import LobbyScene
            self.stack.push(LobbyScene(self.app, c.lobby, c.relay))

    def failed(self, problem: Problem) -> None:
        """The lobby ended with a problem (shown here, where the player can try again)."""
        self.problem = problem

    def back(self) -> None:
        if self.connector is not None:
            self.connector.close()
            self.connector = None
        self.stack.pop()
