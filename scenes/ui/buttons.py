"""The tables' button: it owns its action and the keys that press it, and shows the first
of those keys under its label, or before it in a button too low for its label to read over
it (so the key a person reads is the key that works). A
`ButtonBar` holds a table's buttons: clicks, hover, keys and drawing in one place.

Buttons are laid out and enabled outside `draw` (drawing changes nothing)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

import pygame

from scenes.ui import pad, style
from scenes.ui.draw import text_in
from scenes.ui.geometry import Frame
from scenes.ui.i18n import t
from scenes.ui.text import inked, width

Colour = tuple[int, int, int]

BUTTON: Colour = (58, 70, 112)
BUTTON_HOT: Colour = (84, 100, 150)
BUTTON_PRIMARY: Colour = (24, 128, 84)
BUTTON_PRIMARY_HOT: Colour = (48, 170, 108)
BUTTON_OFF: Colour = (36, 42, 64)
EDGE: Colour = (110, 124, 160)
INK_OFF: Colour = (150, 156, 172)

# keys whose name is a word: its catalog key (a letter or digit key shows itself)
KEY_NAMES = {pygame.K_RETURN: "kit.key.enter", pygame.K_KP_ENTER: "kit.key.enter",
             pygame.K_ESCAPE: "kit.key.esc", pygame.K_BACKSPACE: "kit.key.backspace",
             pygame.K_DELETE: "kit.key.delete", pygame.K_SPACE: "kit.key.space", pygame.K_TAB: "kit.key.tab"}


def key_name(key: int) -> str:
    """What a key is called on screen, in the current language."""
    if key in KEY_NAMES:
        return t(KEY_NAMES[key])
    return pygame.key.name(key).upper()


@dataclass(eq=False)
class Button:
    name: str                               # what it is ("confirm", "seat_2", ...)
    action: Callable[[], Any]
    label: str = ""                         # the text shown (already in the current language)
    keys: tuple[int, ...] = ()              # keys that press it; keys[0] is shown on it
    ctrl_keys: tuple[int, ...] = ()         # keys that press it with Ctrl held (Ctrl+Z)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True
    primary: bool = False
    colour: Colour | None = None            # a seat's button: its colour as the border
    selected: bool = False
    hot: bool = False
    size: int = 22                          # label size in design px

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.enabled and self.rect.collidepoint(pos)

    def answers(self, key: int, mod: int = 0) -> bool:
        if mod & pygame.KMOD_CTRL:
            return key in self.ctrl_keys
        return key in self.keys

    def press(self) -> bool:
        """Do the button's action when it can be pressed."""
        if not (self.visible and self.enabled):
            return False
        self.action()
        return True

    def key_hint(self) -> str:
        """The first key, by name; while a pad is in use, the pad button that presses it
        (A for Enter, B for Esc, ...), or nothing when no pad button does."""
        if pad.in_use():
            return next((pad.PAD_NAMES[k] for k in self.keys if k in pad.PAD_NAMES), "")
        return key_name(self.keys[0]) if self.keys else ""

    def draw(self, surface: pygame.Surface, fr: Frame) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        if not self.enabled:
            bg, fg = BUTTON_OFF, INK_OFF
        elif self.selected:
            bg = self.colour or style.ACCENT
            fg = style.ink_on(bg)
        elif self.primary:
            bg, fg = (BUTTON_PRIMARY_HOT if self.hot else BUTTON_PRIMARY), style.INK
        else:
            bg, fg = (BUTTON_HOT if self.hot else BUTTON), style.INK
        rad = fr.px(10)
        pygame.draw.rect(surface, bg, self.rect, border_radius=rad)
        if self.enabled:
            edge = self.colour or ((255, 255, 255) if self.hot else EDGE)
            pygame.draw.rect(surface, edge, self.rect, max(2, fr.px(3)), border_radius=rad)
        pad = fr.px(8)
        inner = self.rect.inflate(-2 * pad, -pad)
        hint = self.key_hint()
        hint_ink = fg if self.selected else (INK_OFF if not self.enabled else style.INK_DIM)
        hint_h = min(inner.h // 2, fr.fs(18) + fr.px(2))
        if hint and inked(self.label, fr.min_fs, fg, True)[1].h > inner.h - hint_h:
            # too low for this label to read over its key: the key before it
            hint_w = width(hint, fr.min_fs) + pad
            text_in(surface, hint, pygame.Rect(inner.x, inner.y, hint_w, inner.h), fr.min_fs, hint_ink,
                    align="left", min_size=fr.min_fs)
            label_box = pygame.Rect(inner.x + hint_w, inner.y, inner.w - hint_w, inner.h)
        elif hint:
            label_box = pygame.Rect(inner.x, inner.y, inner.w, inner.h - hint_h)
            text_in(surface, hint, pygame.Rect(inner.x, label_box.bottom, inner.w, hint_h), fr.fs(18), hint_ink,
                    min_size=fr.min_fs, ellipsis=True)
        else:
            label_box = inner
        text_in(surface, self.label, label_box, fr.fs(self.size), fg, bold=True, min_size=fr.min_fs,
                ellipsis=True)


class ButtonBar:
    """A table's buttons. Iterate it, or look a button up by name (`bar["confirm"]`)."""

    def __init__(self, buttons: Iterable[Button] = ()) -> None:
        self.buttons: list[Button] = list(buttons)
        self.mouse: tuple[int, int] | None = None

    def set(self, buttons: Iterable[Button]) -> None:
        """Replace the buttons (a table whose buttons change with the phase)."""
        self.buttons = list(buttons)
        self.hover(self.mouse)

    def __iter__(self) -> Iterator[Button]:
        return iter(self.buttons)

    def __len__(self) -> int:
        return len(self.buttons)

    def __contains__(self, name: object) -> bool:
        return any(b.name == name for b in self.buttons)

    def __getitem__(self, name: str) -> Button:
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(name)

    def hover(self, pos: tuple[int, int] | None) -> None:
        self.mouse = pos
        for b in self.buttons:
            b.hot = pos is not None and b.enabled and b.visible and b.rect.collidepoint(pos)

    def at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.hit(pos)), None)

    def click(self, pos: tuple[int, int]) -> bool:
        """Press the button under `pos`; True when one was there."""
        b = self.at(pos)
        return b is not None and b.press()

    def key(self, ev: pygame.event.Event) -> bool:
        """Press the first button that answers this key; True when one did."""
        mod = getattr(ev, "mod", 0)
        for b in self.buttons:
            if b.visible and b.enabled and b.answers(ev.key, mod):
                return b.press()
        return False

    def draw(self, surface: pygame.Surface, fr: Frame) -> None:
        for b in self.buttons:
            b.draw(surface, fr)


def row_rects(area: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """`n` equal rects side by side filling `area`."""
    if n <= 0:
        return []
    w = (area.w - gap * (n - 1)) / n
    return [pygame.Rect(round(area.x + i * (w + gap)), area.y, round(w), area.h) for i in range(n)]
