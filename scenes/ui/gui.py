"""GuiScene: a scene with its own pygame_gui UIManager (built on enter, dropped on leave,
rebuilt when the window size or the language changes), a keyboard focus ring (arrows /
Tab / Shift+Tab move, Left/Right change a value, Enter/Space press, Esc goes back), and
widget helpers that pick a font size at which each label fits its box."""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIHorizontalSlider, UITextEntryLine

from scenes.stack import Scene
from scenes.ui import pad, style
from scenes.ui.draw import note, text_in
from scenes.ui.fonts import font
from scenes.ui.geometry import Frame
from scenes.ui.text import ellipsize, fit_size
from scenes.ui.theme import SIZES, make_manager, size_class

BORDER = 3
PAD = 10
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def fit_widget_size(text: str, want: int, box: pygame.Rect, bold: bool) -> int:
    """The largest theme font size <= want at which `text` fits inside `box` on one line
    (tried from the top down: each size tried loads a font face, so stop at the first)."""
    for s in reversed([s for s in SIZES if s <= want]):
        f = font(s, bold)
        if f.size(text)[0] <= box.width and f.get_height() <= box.height:
            return s
    return SIZES[0]


class GuiScene(Scene):
    """Subclasses override `build()` (create widgets with the helpers below) and
    `draw_back()` / `draw_front()` (what is drawn under and over the widgets)."""

    modal = False          # an overlay that swallows every input
    title_key: str | None = None
    back_oid: str | None = "back"   # the widget that does what Esc (a pad's B) does

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.manager: pygame_gui.UIManager | None = None
        self._handlers: dict[tuple[int, Any], Callable[[Any], None]] = {}
        self._actions: dict[Any, Callable[[], None]] = {}
        self._steppers: dict[Any, Callable[[int], None]] = {}
        self.focusables: list[Any] = []
        self.widgets: dict[str, Any] = {}   # by object id ("play_sumoku", "back", ...)
        self._reuse: dict[str, Any] = {}    # during a rebuild over the widgets there: those not yet asked for again
        self.focus_index = 0

    # ---- geometry ----------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def k(self) -> float:
        return style.scale(self.size)

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect given in 1280x720 design units, scaled and centred in the window."""
        return Frame(self.size).r(x, y, w, h)

    def fs(self, n: int) -> int:
        return style.font_px(n, self.size)

    # ---- life cycle --------------------------------------------------------
    def enter(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        self.manager = None
        self._handlers.clear()
        self._actions.clear()
        self._steppers.clear()
        self.focusables = []
        self.widgets = {}

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuilt for the new size (or language) when next used: a scene covered by
        others is not rebuilt for every step of a window drag."""
        if self.manager is not None:
            self._stale = True

    _stale = False

    def _fresh(self) -> None:
        if self._stale and self.manager is not None:
            self.rebuild()

    def rebuild(self) -> None:
        """Lay the widgets out again. A new window size or language (`resize`), or a scene
        just entered, gets a new manager and new widgets. After a change of the scene's own
        state (an option stepped, a seat changed) `build()` runs again over the widgets
        there: each it asks for again as it was (the same id, kind, place and font class)
        is kept, its label and whether it is enabled brought up to date, and only new or
        moved ones are made (a pygame_gui button costs ~1 ms to make); those it no longer
        asks for go."""
        anew = self.manager is None or self._stale      # (stale: a new size or language)
        self._stale = False
        was = next((oid for oid, el in self.widgets.items() if el is self.focused), None)
        if anew:
            self.leave()
            self.manager = make_manager(self.size)
            self.build()
        else:
            self._reuse = self.widgets
            self._handlers.clear()
            self._actions.clear()
            self._steppers.clear()
            self.focusables = []
            self.widgets = {}
            try:
                self.build()
            finally:
                gone, self._reuse = self._reuse, {}
                for el in gone.values():
                    el.kill()
        # pygame_gui renders a widget's text on its first update: one update with dt 0 now,
        # so the first frame drawn (perhaps before any update) already shows every label
        self.manager.update(0.0)
        if was is not None and self.widgets.get(was) in self.focusables:     # the focus stays with its widget
            self.focus_index = self.focusables.index(self.widgets[was])
        if self.focusables:
            self.focus_index = max(0, min(self.focus_index, len(self.focusables) - 1))
            if not self._enabled(self.focusables[self.focus_index]):
                self.move_focus(1)

    def build(self) -> None:
        """Ask for the widgets with the helpers below (on a fresh manager, or over the
        widgets there: see `rebuild`)."""

    def back(self) -> None:
        """Esc: by default, close this scene."""
        self.stack.pop()

    # ---- widgets -----------------------------------------------------------
    def _label_size(self, text: str, rect: pygame.Rect, size: int, bold: bool, pad: int = PAD) -> int:
        inner = rect.inflate(-2 * (BORDER + pad), -2 * BORDER)
        s = fit_widget_size(text, self.fs(size), inner, bold)
        tw, th = font(s, bold).size(text)
        note(text, pygame.Rect(inner.centerx - tw // 2, inner.centery - th // 2, tw, th), inner, self.size, s)
        return s

    def button(self, rect: pygame.Rect, text: str, action: Callable[[], None], *, size: int = 28,
               bold: bool = True, oid: str = "button", focus: bool = True, enabled: bool = True,
               step: Callable[[int], None] | None = None, look: str | None = None) -> UIButton:
        """`look`: the theme's block for the button (default: its `oid`); "card" is a
        clear rectangle whose ground the scene draws (a big rounded pygame_gui button
        costs its anti-aliasing at 16 times its area, in time and memory, at every build)."""
        s = self._label_size(text, rect, size, bold)
        key = ("button", tuple(rect), look or oid, size_class(s, bold))
        btn = self._kept(oid, key)
        if btn is None:
            btn = UIButton(rect, text, manager=self.manager,
                           object_id=ObjectID(object_id=f"#{look or oid}", class_id=size_class(s, bold)))
            btn.couch_key = key
        elif btn.text != text:
            btn.set_text(text)
        if enabled != btn.is_enabled:
            btn.enable() if enabled else btn.disable()
        self.widgets[oid] = btn

        def pressed(_: Any = None) -> None:
            self.app.sound.play("click")
            action()
        self._handlers[(pygame_gui.UI_BUTTON_PRESSED, btn)] = pressed
        self._actions[btn] = pressed
        if step is not None:
            self._steppers[btn] = step
        if focus:
            self.focusables.append(btn)
        return btn

    def cycler(self, rect: pygame.Rect, text: str, step: Callable[[int], None], **kw: Any) -> UIButton:
        """A button that steps through choices: click/Enter = next, Left/Right = back/next."""
        return self.button(rect, text, lambda: step(1), step=step, **kw)

    def count_row(self, rect: pygame.Rect, text: str, value: int, within: range,
                  set_value: Callable[[int], None], *, oid: str, size: int = 24) -> UIButton:
        """A count in `within` as [−] [text] [+]: − and + (the mouse) go one down or up and
        grey at the ends; the middle is a cycler (click: one more, round to the fewest;
        Left/Right). The buttons are `oid`, `oid`_less and `oid`_more."""
        side, gap = rect.h, max(2, rect.h // 6)
        self.button(pygame.Rect(rect.x, rect.y, side, side), "−", lambda: set_value(max(value - 1, within.start)),
                    oid=f"{oid}_less", size=30, focus=False, enabled=value > within.start)
        middle = self.cycler(pygame.Rect(rect.x + side + gap, rect.y, rect.w - 2 * (side + gap), rect.h), text,
                             lambda d: set_value(within.start + (value - within.start + d) % len(within)),
                             oid=oid, size=size)
        self.button(pygame.Rect(rect.right - side, rect.y, side, side), "+",
                    lambda: set_value(min(value + 1, within.stop - 1)),
                    oid=f"{oid}_more", size=30, focus=False, enabled=value < within.stop - 1)
        return middle

    def slider(self, rect: pygame.Rect, value: float, lo: float, hi: float,
               on_change: Callable[[float], None], *, step: float = 0.1, oid: str = "slider") -> UIHorizontalSlider:
        key = ("slider", tuple(rect), lo, hi, step)
        sl = self._kept(oid, key)
        if sl is None:
            sl = UIHorizontalSlider(rect, value, (lo, hi), manager=self.manager, click_increment=step)
            sl.couch_key = key
        elif sl.get_current_value() != value:
            sl.set_current_value(value)
        self.widgets[oid] = sl
        self._handlers[(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, sl)] = lambda e: on_change(sl.get_current_value())

        def nudge(d: int) -> None:
            v = min(hi, max(lo, round(sl.get_current_value() + d * step, 4)))
            sl.set_current_value(v)
            on_change(v)
        self._steppers[sl] = nudge
        self.focusables.append(sl)
        return sl

    def entry(self, rect: pygame.Rect, text: str, on_change: Callable[[str], None], *,
              placeholder: str = "", max_len: int = 24, size: int = 24, oid: str = "entry") -> UITextEntryLine:
        s = self._label_size(placeholder or text or "M", rect, size, False)
        key = ("entry", tuple(rect), size_class(s))
        e = self._kept(oid, key)
        if e is None:
            e = UITextEntryLine(rect, manager=self.manager, initial_text=text or None,
                                object_id=ObjectID(object_id="#entry", class_id=size_class(s)))
            e.couch_key = key
        elif e.get_text() != (text or ""):
            e.set_text(text or "")
        e.couch_placeholder = (placeholder, s)     # drawn dim and italic while the entry is empty
        e.set_text_length_limit(max_len)
        self.widgets[oid] = e
        self._handlers[(pygame_gui.UI_TEXT_ENTRY_CHANGED, e)] = lambda ev: on_change(e.get_text())
        self.focusables.append(e)
        return e

    def _kept(self, oid: str, key: tuple[Any, ...]) -> Any:
        """The widget `oid` from before this rebuild if it is the same kind in the same
        place with the same font class (`key`), else None (one that changed goes)."""
        el = self._reuse.pop(oid, None)
        if el is not None and getattr(el, "couch_key", None) == key:
            return el
        if el is not None:
            el.kill()
        return None

    # ---- focus ---------------------------------------------------------------
    @staticmethod
    def _enabled(el: Any) -> bool:
        return getattr(el, "is_enabled", True) and el.visible

    @property
    def focused(self) -> Any:
        if not self.focusables:
            return None
        return self.focusables[self.focus_index % len(self.focusables)]

    def set_focus(self, el: Any) -> None:
        if el in self.focusables:
            old = self.focused
            if isinstance(old, UITextEntryLine) and old is not el:
                old.unfocus()
            self.focus_index = self.focusables.index(el)

    def move_focus(self, d: int) -> None:
        n = len(self.focusables)
        if not n:
            return
        old = self.focused
        for i in range(1, n + 1):
            j = (self.focus_index + d * i) % n
            if self._enabled(self.focusables[j]):
                self.focus_index = j
                break
        if isinstance(old, UITextEntryLine) and old is not self.focused:
            old.unfocus()
        if isinstance(self.focused, UITextEntryLine):
            self.focused.focus()

    def _typing(self) -> bool:
        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.focusables)

    def activate_focused(self) -> None:
        el = self.focused
        if el is not None and self._enabled(el) and el in self._actions:
            self._actions[el]()

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Scene-specific keys (before the focus ring). Return True when used."""
        return False

    # ---- the loop -----------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> bool:
        self._fresh()
        if self.manager is None:
            return self.modal
        if ev.type == pygame.KEYDOWN:
            if self._typing():
                if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE,
                              pygame.K_DOWN, pygame.K_UP):
                    shift = ev.mod & pygame.KMOD_SHIFT or ev.key == pygame.K_UP
                    self.move_focus(-1 if shift else 1)
                    return True
            else:
                if self.handle_key(ev):
                    return True
                if ev.key in (pygame.K_DOWN, pygame.K_TAB):
                    self.move_focus(-1 if ev.mod & pygame.KMOD_SHIFT else 1)
                    return True
                if ev.key == pygame.K_UP:
                    self.move_focus(-1)
                    return True
                if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focused in self._steppers:
                    self._steppers[self.focused](1 if ev.key == pygame.K_RIGHT else -1)
                    return True
                if ev.key in ACTIVATE_KEYS:
                    self.activate_focused()
                    return True
                if ev.key == pygame.K_ESCAPE:
                    self.back()
                    return True
        consumed = self.manager.process_events(ev)
        el = getattr(ev, "ui_element", None)
        fn = self._handlers.get((ev.type, el))
        if fn is not None:
            if el in self.focusables:
                self.set_focus(el)
            fn(ev)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN or (ev.type == pygame.MOUSEMOTION and not self._typing()):
            for f in self.focusables:       # the pointer moves the focus ring: one highlight
                if f.rect.collidepoint(ev.pos) and self._enabled(f):
                    self.set_focus(f)
        return bool(consumed) or self.modal

    def update(self, dt: float) -> None:
        self._fresh()
        if self.manager is not None:
            self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self._fresh()
        self.draw_back(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
            self.draw_placeholders(surface)
            el = self.focused
            if el is not None and self._enabled(el):
                pygame.draw.rect(surface, style.ACCENT, el.rect.inflate(10, 10), 4, border_radius=14)
        self.draw_front(surface)
        self.draw_pad_hints(surface)

    def pad_badges(self) -> dict[str, str]:
        """Widget id -> the pad button that presses it, badged while a pad is in use (A,
        the focused widget's, is added by draw_pad_hints)."""
        return {self.back_oid: "B"} if self.back_oid else {}

    def draw_pad_hints(self, surface: pygame.Surface) -> None:
        """While a pad is in use (its presses arrive as the keys this screen knows:
        scenes/ui/pad.py), badges say which pad button does what: A on the focused widget,
        B on the one that goes back, arrows on a choice that Left/Right change."""
        if not pad.in_use() or self.manager is None:
            return
        el = self.focused
        if el is not None and self._enabled(el):
            if el in self._steppers:
                self._pad_arrows(surface, el.rect)
            self._pad_badge(surface, el.rect, "A", right=True)
        for oid, label in self.pad_badges().items():
            w = self.widgets.get(oid)
            if w is not None and w.visible and self._enabled(w):
                self._pad_badge(surface, w.rect, label, right=False)

    def _pad_badge(self, surface: pygame.Surface, rect: pygame.Rect, label: str, right: bool) -> None:
        d = max(16, round(30 * self.k))
        w = max(d, font(self.fs(18), True).size(label)[0] + d // 2)
        cx = rect.right - d // 4 if right else rect.left + d // 4
        badge = pygame.Rect(0, 0, w, d)
        badge.center = (cx - w // 2 + d // 2 if right else cx + w // 2 - d // 2, rect.top + d // 4)
        pygame.draw.rect(surface, style.ACCENT, badge, border_radius=d // 2)
        pygame.draw.rect(surface, style.BG, badge, max(1, round(2 * self.k)), border_radius=d // 2)
        text_in(surface, label, badge, self.fs(18), style.INK_DARK, bold=True, min_size=10)

    def _pad_arrows(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        a = max(4, round(8 * self.k))
        cy, inset = rect.centery, max(6, round(14 * self.k))
        left, right = rect.left + inset, rect.right - inset
        pygame.draw.polygon(surface, style.ACCENT, [(left, cy), (left + a, cy - a), (left + a, cy + a)])
        pygame.draw.polygon(surface, style.ACCENT, [(right, cy), (right - a, cy - a), (right - a, cy + a)])

    def draw_placeholders(self, surface: pygame.Surface) -> None:
        """An empty entry's hint ("blank = random"), dim and italic so that it never looks
        typed; it is gone as soon as something is typed."""
        for el in self.focusables:
            text, size = getattr(el, "couch_placeholder", ("", 0))
            if text and isinstance(el, UITextEntryLine) and not el.get_text():
                box = el.rect.inflate(-2 * PAD, -8)
                s = fit_size(text, size, box.w - size // 4, box.h, False, min(size, 16))
                short = ellipsize(text, s, box.w - size // 4, False)
                f = font(s, False)
                f.italic = True
                try:
                    surf = f.render(short, True, style.INK_DIM)
                finally:
                    f.italic = False
                r = surf.get_rect(midleft=(box.x, box.centery))
                surface.blit(surf, r)
                ink = surf.get_bounding_rect().move(r.topleft)
                note(short, ink, el.rect, surface.get_size(), s, short != text)

    def draw_back(self, surface: pygame.Surface) -> None:
        style.fill_background(surface)
        if self.title_key:
            self.draw_title(surface, self.app.t(self.title_key))

    def draw_title(self, surface: pygame.Surface, text: str, y: int = 24, h: int = 80) -> None:
        text_in(surface, text, self.r(40, y, 1200, h), self.fs(56), style.INK, bold=True)

    def draw_front(self, surface: pygame.Surface) -> None:
        """Drawn over the widgets."""
