"""The minimal game's scene plug-in (scenes/registry.py names): a table on the kit, a
replay renderer, its events in words, a how-to page, the score series. Its words are
its own (a fixture ships no catalog): English or Chinese by the UI language."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from scenes.common.turntable import TurnTable
from scenes.ui import i18n, style
from scenes.ui.buttons import Button
from scenes.ui.draw import text_in

WORDS = {
    "en": {"high": "High", "low": "Low", "guessed": "{name} has guessed.", "dealt": "New cards are dealt.",
           "shown": "The cards are shown: {cards}.", "page": "High or low", "rules":
           "Guess whether your card is high (5 or more). Each right guess scores a point."},
    "zh-TW": {"high": "大", "low": "小", "guessed": "{name} 猜好了。", "dealt": "發新牌了。",
              "shown": "亮牌：{cards}。", "page": "猜大小", "rules": "猜自己的牌是不是大牌（5 以上）。猜對一次得一分。"},
}


def say(key: str, **params: Any) -> str:
    return WORDS["zh-TW" if i18n.lang() == "zh-TW" else "en"][key].format(**params)


SETUP: dict = {"seats": range(2, 5), "default_seats": 2,
               "variants": [("classic", "ui.anim.normal", {"seats": range(2, 5)})], "options": []}


class MiniTable(TurnTable):
    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.view: dict = session.view(None)
        self.bar.set([Button("high", lambda: self.guess(True), say("high")),
                      Button("low", lambda: self.guess(False), say("low")),
                      self.menu_button("ui.pause.title")])

    def refresh(self) -> None:
        self.view = self.session.view(None)

    def guess(self, high: bool) -> None:
        seat = self.view["turn"]
        if not self.is_bot(seat):
            self.submit({"type": "guess", "seat": seat, "high": high})

    def lay_out(self, fr: Any) -> None:
        for i, b in enumerate(self.bar):
            b.rect = fr.r(40 + i * 200, 600, 180, 70)

    def draw(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        text_in(surface, " - ".join(map(str, self.view["scores"])), pygame.Rect(0, 0, 400, 100), 40)
        self.bar.draw(surface, self.fr)


def game_scene(app: Any, session: Any) -> Any:
    return MiniTable(app, session)


class MiniRenderer:
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: dict) -> None:
        for s, score in enumerate(view["scores"]):       # a bar per seat
            h = rect.h * score // 3
            pygame.draw.rect(surface, style.seat_colour(s),
                             pygame.Rect(rect.x + 40 + s * 160, rect.bottom - h, 120, h))


def replay_renderer(app: Any) -> MiniRenderer:
    return MiniRenderer()


def describe_event(ev: dict, players: list | None = None, variant: str | None = None) -> str:
    if ev["type"] == "guessed":
        seat = ev["seat"]
        name = players[seat]["name"] if players else i18n.t("ui.player_n", n=seat + 1)
        return say("guessed", name=name)
    if ev["type"] == "shown":
        return say("shown", cards=", ".join(map(str, ev["cards"])))
    return say("dealt")


@dataclass
class Page:
    @property
    def title(self) -> str:
        return say("page")

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        text_in(surface, say("rules"), rect, 40, style.INK, wrap_lines=True)


def howto_pages() -> list[Page]:
    return [Page()]


def score_series(events: list[dict], seats: int) -> list[list[int]]:
    scores, out = [0] * seats, [[0] for _ in range(seats)]
    for ev in events:
        if ev["type"] == "shown":
            for s in ev["right"]:
                scores[s] += 1
            for s in range(seats):
                out[s].append(scores[s])
    return out
