"""The game picker's cards: one per playable game (and one per broken game, saying it
could not be loaded), with its name in both scripts (English
and Chinese, whatever the UI language), its player count and playing time from the game's
declared spec (engine.registry.spec_for), its small picture, and a "Phones" badge on the
games that have a phone page (the spec's `phone_variants`: Play with phones in the set-up).

A game's picture is `draw_icon(surface, rect)` in the module `icon` of its scene package
(`scenes/<game>/icon.py`), found by that convention; a game without one shows its
initial on a plain tile."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

import pygame

import engine.registry as engine_registry
from engine.core.i18n import LANGS, tr
from scenes import registry
from scenes.ui import style
from scenes.ui.draw import panel, text_in
from scenes.ui.i18n import t

Icon = Callable[[pygame.Surface, pygame.Rect], None]

# design units (1280x720): five cards fit side by side
CARD_W, CARD_H, CARD_GAP, CARDS_TOP = 224, 360, 16, 164
CARD_RADIUS, CARD_BORDER = 10, 3      # px, as the theme's buttons (assets/themes/couchtop.json)


@dataclass(frozen=True)
class GameCard:
    game: str
    names: tuple[str, ...]          # English first, then the Chinese name (when it differs)
    seats: range
    minutes: tuple[int, int]
    draw_icon: Icon
    phones: bool = False            # a phone page: the set-up offers Play with phones
    broken: bool = False            # registered but cannot be played (scenes/registry.py broken())

    @property
    def players_text(self) -> str:
        lo, hi = self.seats.start, self.seats.stop - 1
        if lo == hi:
            return t("ui.menu.player_1") if lo == 1 else t("ui.menu.players_n", n=lo)
        return t("ui.menu.players_range", lo=lo, hi=hi)

    @property
    def minutes_text(self) -> str:
        lo, hi = self.minutes
        return t("ui.menu.minutes", n=lo) if lo == hi else t("ui.menu.minutes_range", lo=lo, hi=hi)


def icon_for(game: str) -> Icon:
    plugin = registry.plugin(game)
    name = f"{plugin.__name__}.icon" if plugin else ""
    try:
        module = importlib.import_module(name) if plugin else None
    except ModuleNotFoundError as e:
        if e.name != name:          # the icon module is there but broken: say so
            raise
        module = None
    draw = getattr(module, "draw_icon", None) if module else None
    return draw or (lambda surface, rect, game=game: initial_icon(surface, rect, card_names(game)[0]))


def card_names(game: str) -> tuple[str, ...]:
    """The game's title in every UI language, English first, each once."""
    key = engine_registry.spec_for(game).title_key
    names: list[str] = []
    for lang in LANGS:
        name = tr(key, lang)
        if name not in names:
            names.append(name)
    return tuple(names)


def card_for(game: str) -> GameCard:
    spec = engine_registry.spec_for(game)
    return GameCard(game, card_names(game), spec.seats, tuple(spec.minutes), icon_for(game),
                    bool(spec.phone_variants))


def broken_card(game: str) -> GameCard:
    """The card of a registered game that cannot be played: its name (the game's id when
    even its spec cannot be read) and a line saying it could not be loaded."""
    try:
        names = card_names(game)
    except Exception:
        names = (game,)
    return GameCard(game, names, range(0), (0, 0),
                    lambda surface, rect, name=names[0]: initial_icon(surface, rect, name), broken=True)


def card_rects(n: int) -> list[tuple[int, int, int, int]]:
    """Design-unit rects of `n` cards in one centred row."""
    width = n * CARD_W + max(0, n - 1) * CARD_GAP
    x0 = (style.DESIGN[0] - width) // 2
    return [(x0 + i * (CARD_W + CARD_GAP), CARDS_TOP, CARD_W, CARD_H) for i in range(n)]


def draw_card(surface: pygame.Surface, card: GameCard, rect: pygame.Rect, k: float,
              fs: Callable[[int], int]) -> None:
    """The card inside `rect`, its ground too (the button under it is clear: look "card")."""
    panel(surface, rect, style.BG_3, radius=CARD_RADIUS, border=style.EDGE, width=CARD_BORDER)
    def box(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(rect.x + round(x * k), rect.y + round(y * k), round(w * k), round(h * k))

    inner_w = CARD_W - 28
    pic = box(14, 14, inner_w, 150)
    panel(surface, pic, style.BG, radius=max(4, round(10 * k)))
    card.draw_icon(surface, pic.inflate(-round(12 * k), -round(12 * k)))
    if card.phones:         # a badge over the picture's top edge: playable with phones
        badge = box(CARD_W - 14 - 104, 6, 100, 30)
        panel(surface, badge, style.ACCENT, radius=max(4, round(14 * k)))
        text_in(surface, t("ui.menu.phones"), badge.inflate(-round(10 * k), -round(4 * k)), fs(18), style.BG, bold=True)
    text_in(surface, card.names[0], box(14, 176, inner_w, 48), fs(36), style.INK, bold=True)
    if len(card.names) > 1:
        text_in(surface, card.names[1], box(14, 226, inner_w, 40), fs(30), style.ACCENT, bold=True)
    pygame.draw.line(surface, style.BG_3, box(30, 276, 0, 0).topleft, box(CARD_W - 30, 276, 0, 0).topleft,
                     max(1, round(2 * k)))
    if card.broken:
        text_in(surface, t("ui.menu.broken"), box(14, 284, inner_w, 64), fs(22), style.BAD, wrap_lines=True)
        return
    text_in(surface, card.players_text, box(14, 284, inner_w, 32), fs(22), style.INK_DIM)
    text_in(surface, card.minutes_text, box(14, 316, inner_w, 32), fs(22), style.INK_DIM)


def initial_icon(surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
    """The picture of a game that has none yet: its initial on a tile."""
    side = min(rect.w, rect.h)
    tile = pygame.Rect(0, 0, side, side)
    tile.center = rect.center
    panel(surface, tile, style.BG_3, radius=max(4, side // 6))
    text_in(surface, name[:1].upper(), tile.inflate(-side // 4, -side // 4), round(side * 0.6), style.ACCENT,
            bold=True)
