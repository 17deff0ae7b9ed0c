"""One how-to page of a turn game: its title and body from the game's catalog
(`<game>.howto.<key>.title` / `.body`), the text above and the game's own picture below
(drawn by the game's renderer, so the rules are shown with the table's pieces)."""
from __future__ import annotations

from typing import Callable, ClassVar

import pygame

from scenes.ui import style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t

Illustrate = Callable[[pygame.Surface, pygame.Rect, Frame], None]


EXAMPLE_KEYS = ("mei", "ada", "bo", "dee")


def example_names() -> tuple[str, ...]:
    """The how-to pages' four example players, in the language now (`ui.howto.names`:
    Mei, Ada, Bo, Dee / 小美, 阿達, 阿寶, 小迪)."""
    return tuple(t("ui.howto.names").split("|"))


def example_params() -> dict[str, str]:
    """The example players as catalog placeholders: {mei}, {ada}, {bo}, {dee}."""
    return dict(zip(EXAMPLE_KEYS, example_names()))


class HowtoPage:
    """`title`, `body` (current language) and `draw(surface, rect)`. A game subclasses it
    once, naming itself in `game`; `fill()` gives the body's placeholders."""

    game: ClassVar[str] = ""
    text_share_default: ClassVar[float] = 0.42
    text_size: ClassVar[int] = 24              # design px, beside a picture
    text_only_size: ClassVar[int] = 26         # design px, a page of text alone

    def __init__(self, key: str, illustrate: Illustrate | None = None, text_share: float | None = None) -> None:
        self.key = key
        self.illustrate = illustrate
        self.text_share = self.text_share_default if text_share is None else text_share

    def fill(self) -> dict[str, str]:
        return example_params()

    @property
    def title(self) -> str:
        return t(f"{self.game}.howto.{self.key}.title")

    @property
    def body(self) -> str:
        return t(f"{self.game}.howto.{self.key}.body", **self.fill())

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        rect = pygame.Rect(rect)
        fr = Frame(surface.get_size())
        pad = fr.px(12)
        if self.illustrate is None:
            text_in(surface, self.body, rect.inflate(-2 * pad, -2 * pad), fr.fs(self.text_only_size), style.INK,
                    wrap_lines=True, valign="top", align="left", min_size=fr.min_fs)
            return
        th = round(rect.h * self.text_share)
        text_box = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, th - 2 * pad)
        art = pygame.Rect(rect.x + pad, rect.y + th, rect.w - 2 * pad, rect.h - th - pad)
        text_in(surface, self.body, text_box, fr.fs(self.text_size), style.INK, wrap_lines=True, valign="top",
                align="left", min_size=fr.min_fs)
        self.illustrate(surface, art, fr)
