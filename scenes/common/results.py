"""Results: final scores ranked (equal places shared: 1, 1, 3), the tie-break if one
decided it, a chart of every seat's score over the turns or rounds (from the log, through
the game's score_series; its axis numbered, under the game's axis name), and Play again /
Watch replay / Menu."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from scenes import registry
from scenes.common.names import player_name, winners_text
from scenes.ui import style
from scenes.ui.chart import line_chart
from scenes.ui.draw import panel, text_in
from scenes.ui.gui import ACTIVATE_KEYS, GuiScene
from scenes.ui.ondemand import RedrawOnDemand

NAV_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB)


def ranks(scores: list[int], winners: list[int]) -> list[int]:
    """Each seat's place, shared by equals ("1, 1, 3"): the winners first (a tie-break
    that chose among equal scores separates them), then by score."""
    key = [(s in winners, scores[s]) for s in range(len(scores))]
    return [1 + sum(1 for other in key if other > mine) for mine in key]


class ResultsScene(RedrawOnDemand, GuiScene):
    back_oid = "menu"            # B (Esc) does what this button does
    """No button has the focus on arrival: the Enter that ended the game, pressed once
    too often, must not start the next one. The first key (Enter or an arrow) shows the
    focus ring on Menu; the mouse works at once."""

    def __init__(self, app: Any, game: str, header: dict[str, Any], events: list[dict],
                 outcome: dict[str, Any] | None, log_path: Path | None) -> None:
        super().__init__(app)
        self.game = game
        self.header = header
        self.seats = int(header["seats"])
        given = list(header.get("players") or [])
        self.players = [player_name(given, s) for s in range(self.seats)]
        self.outcome = outcome or {"scores": [0] * self.seats, "winners": [], "tiebreak": None}
        self.log_path = log_path
        plugin = registry.plugin(game)
        self.series = plugin.score_series(events, self.seats) if plugin else []
        axis = registry.optional(game, "score_axis")              # the game names the chart's points
        self.x_labels = axis(events, self.seats) if axis else None
        note = registry.optional(game, "result_note")
        self.notes = [note(self.outcome, s) if note else "" for s in range(self.seats)]
        self.own = registry.optional(game, "result_headline")     # the game words its end itself
        reason = registry.optional(game, "result_reason")         # why the game ended, under the headline
        self.reason = reason(self.outcome) if reason else None
        self.focus_shown = False

    @property
    def focused(self) -> Any:
        return super().focused if self.focus_shown else None

    def set_focus(self, el: Any) -> None:
        self.focus_shown = True
        super().set_focus(el)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        if not self.focus_shown and (ev.key in ACTIVATE_KEYS or ev.key in NAV_KEYS):
            self.set_focus(self.widgets["menu"])
            return True
        return False

    def build(self) -> None:
        t = self.app.t
        items = [("ui.results.again", self.app.play_again, "again", self.app.last_setup is not None),
                 ("ui.results.replay", self.watch, "watch", self.log_path is not None),
                 ("ui.results.menu", self.back, "menu", True)]
        for i, (key, fn, oid, ok) in enumerate(items):
            self.button(self.r(130 + i * 350, 640, 320, 62), t(key), fn, oid=oid, size=28, enabled=ok)

    def back(self) -> None:
        """To the menu (or the replay): the game with phones is over, its server stops."""
        self.app.stop_phones()
        self.stack.clear_to(self.app.menu())

    def watch(self) -> None:
        if self.log_path is not None:
            path = self.log_path
            self.back()
            self.app.open_replay(path)

    @property
    def own_headline(self) -> str | None:
        return self.own(self.outcome) if self.own else None

    def headline(self) -> str:
        if self.own_headline:
            return self.own_headline
        return winners_text(self.players, self.outcome.get("winners") or []) or self.app.t("ui.results.over")

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        t = self.app.t
        winners = self.outcome.get("winners") or []
        colour = style.seat_colour(winners[0]) if len(winners) == 1 else style.ACCENT
        if self.reason:
            text_in(surface, self.headline(), self.r(40, 10, 1200, 76), self.fs(56), colour, bold=True)
            text_in(surface, self.reason, self.r(40, 86, 1200, 36), self.fs(24), style.INK_DIM)
        else:
            text_in(surface, self.headline(), self.r(40, 20, 1200, 90), self.fs(60), colour, bold=True)
        scores = list(self.outcome.get("scores") or [0] * self.seats)
        place = ranks(scores, list(winners))
        order = sorted(range(self.seats), key=lambda s: (place[s], s))
        left = self.r(40, 130, 460, 480)
        panel(surface, left, style.BG_2)
        row_h = min(60, 440 // max(1, self.seats))
        for row, s in enumerate(order):
            y = 150 + row * row_h
            pygame.draw.rect(surface, style.seat_colour(s), self.r(60, y + 6, 10, row_h - 12), border_radius=3)
            top_h = row_h * 0.58 if self.notes[s] else row_h
            if self.seats > 1:                         # a game alone has no places (solitaire)
                text_in(surface, t("ui.results.rank", n=place[s]), self.r(80, y, 70, top_h), self.fs(22),
                        style.ACCENT if place[s] == 1 else style.INK_DIM, bold=True, align="left")
            if self.notes[s]:                          # the name above, the game's note below
                text_in(surface, self.players[s], self.r(154, y, 196, row_h * 0.58), self.fs(26),
                        style.seat_colour(s), bold=s in winners, align="left")
                text_in(surface, self.notes[s], self.r(84, y + row_h * 0.56, 396, row_h * 0.42), self.fs(18),
                        style.INK_DIM, align="left")          # (the note runs under the score too)
                text_in(surface, str(scores[s]), self.r(354, y, 126, row_h * 0.58), self.fs(34), style.INK,
                        bold=True, align="right")
            else:
                text_in(surface, self.players[s], self.r(154, y, 196, row_h), self.fs(30), style.seat_colour(s),
                        bold=s in winners, align="left")
                text_in(surface, str(scores[s]), self.r(354, y, 126, row_h), self.fs(40), style.INK, bold=True,
                        align="right")
        tb = self.outcome.get("tiebreak")
        if tb and self.own_headline:          # the game's own end, in its words
            text_in(surface, t(tb), self.r(60, 532, 420, 72), self.fs(20), style.ACCENT, wrap_lines=True,
                    valign="bottom")
        elif tb:
            text_in(surface, t("ui.results.tiebreak", rule=t(tb)), self.r(60, 560, 420, 44), self.fs(20),
                    style.ACCENT, wrap_lines=True)
        panel(surface, self.r(530, 130, 710, 480), style.BG_2)
        own = f"{self.game}.results.chart"          # a game whose series is per round words it so
        label = t(own) if t(own) != own else t("ui.results.chart")
        own_axis = f"{self.game}.results.axis"      # ... and names its axis (Round)
        axis = t(own_axis) if t(own_axis) != own_axis else t("ui.results.axis")
        text_in(surface, label, self.r(550, 136, 670, 36), self.fs(22), style.INK_DIM, align="left")
        if self.series and any(self.series):
            line_chart(surface, self.r(530, 172, 710, 438), self.series,
                       [style.seat_colour(s) for s in range(len(self.series))], names=self.players[:len(self.series)],
                       label_size=self.fs(18), x_labels=self.x_labels, x_title=axis)
