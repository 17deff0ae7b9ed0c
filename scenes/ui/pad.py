"""Game pads on every screen: a pad is read as the keyboard the screens already answer.

The app opens each pad as it is plugged in (`PadInput.event`), and turns a pad's presses
into the key a screen's focus ring and buttons already know: the D-pad and the left stick
are the arrow keys, A is Enter, B is Esc (back), Start is Esc (the pause menu in a game),
LB / RB are Page Up / Page Down (how-to pages, replay lists). So the menu, the picker,
set-up, pause, how-to, results and replays need no pad code of their own; a scene that
reads pads itself (the couch race: a pad per player) says `pad_native = True` and gets
the raw events.

Both of pygame's pad APIs are read: the joystick events (JOYBUTTONDOWN / JOYHATMOTION /
JOYAXISMOTION, Xbox numbering as SDL reports most pads) and the game-controller events
(CONTROLLERBUTTONDOWN / CONTROLLERAXISMOTION). `in_use()` says whether the last input came
from a pad: the screens then show pad hints (`hint_key`, `pad_label`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

# Xbox-style joystick button numbers
A, B, X, Y, LB, RB, BACK, START = range(8)
HAT_MOVES = {(0, 1): "up", (0, -1): "down", (-1, 0): "left", (1, 0): "right"}
STICK_ON = 0.6            # a stick past this counts as a press
STICK_OFF = 0.35          # ... and is released below this
REPEAT_FIRST = 0.35       # s before a held stick repeats
REPEAT_EVERY = 0.12

DIRECTION_KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}
BUTTON_KEYS = {A: pygame.K_RETURN, B: pygame.K_ESCAPE, START: pygame.K_ESCAPE,
               LB: pygame.K_PAGEUP, RB: pygame.K_PAGEDOWN}
CONTROLLER_KEYS = {
    getattr(pygame, "CONTROLLER_BUTTON_A", 0): pygame.K_RETURN,
    getattr(pygame, "CONTROLLER_BUTTON_B", 1): pygame.K_ESCAPE,
    getattr(pygame, "CONTROLLER_BUTTON_START", 6): pygame.K_ESCAPE,
    getattr(pygame, "CONTROLLER_BUTTON_LEFTSHOULDER", 9): pygame.K_PAGEUP,
    getattr(pygame, "CONTROLLER_BUTTON_RIGHTSHOULDER", 10): pygame.K_PAGEDOWN,
    getattr(pygame, "CONTROLLER_BUTTON_DPAD_UP", 11): pygame.K_UP,
    getattr(pygame, "CONTROLLER_BUTTON_DPAD_DOWN", 12): pygame.K_DOWN,
    getattr(pygame, "CONTROLLER_BUTTON_DPAD_LEFT", 13): pygame.K_LEFT,
    getattr(pygame, "CONTROLLER_BUTTON_DPAD_RIGHT", 14): pygame.K_RIGHT,
}
# the pad's name for a key it presses, shown instead of the key while a pad is in use
PAD_NAMES = {pygame.K_RETURN: "A", pygame.K_KP_ENTER: "A", pygame.K_SPACE: "A", pygame.K_ESCAPE: "B",
             pygame.K_PAGEUP: "LB", pygame.K_PAGEDOWN: "RB"}

PRESSES = (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION,
           pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION)
RELEASES = (pygame.JOYBUTTONUP, pygame.CONTROLLERBUTTONUP, pygame.JOYBALLMOTION)
DEVICES = (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEADDED,
           pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERDEVICEREMAPPED)
PERSON = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.TEXTINPUT)

_state = {"in_use": False}


def in_use() -> bool:
    """Whether the last thing a person pressed was on a pad."""
    return _state["in_use"]


def set_in_use(on: bool) -> None:
    _state["in_use"] = on


def instance_of(ev: pygame.event.Event) -> int:
    """The instance id a pad event comes from (synthesized events may only carry `joy`)."""
    for name in ("instance_id", "joy", "device_index", "which"):
        v = getattr(ev, name, None)
        if isinstance(v, int):
            return v
    return 0


def pad_id(instance: int) -> str:
    return f"pad:{instance}"


def direction_of_axis(axis: int, value: float) -> str | None:
    """A left-stick axis past STICK_ON as a direction, else None."""
    if axis not in (0, 1) or abs(value) < STICK_ON:
        return None
    if axis == 0:
        return "left" if value < 0 else "right"
    return "up" if value < 0 else "down"


def pad_label(key: int) -> str:
    """The pad's name of a key (A, B, LB, RB; the D-pad for the arrows), or ""."""
    if key in DIRECTION_KEYS.values():
        return "✚"
    return PAD_NAMES.get(key, "")


@dataclass
class PadRepeat:
    """The left stick as four direction buttons that repeat while held (per device id)."""
    held: dict[str, str | None] = field(default_factory=dict)    # device -> direction
    timers: dict[str, float] = field(default_factory=dict)

    def axis(self, ev: pygame.event.Event, dev: str | None = None) -> tuple[str, str] | None:
        """Feed a stick motion; returns (device, direction) when a direction is pressed.
        The device id is "pad:<instance id>" unless given."""
        dev = dev or pad_id(instance_of(ev))
        axis, value = getattr(ev, "axis", -1), float(getattr(ev, "value", 0.0))
        if ev.type == pygame.CONTROLLERAXISMOTION:
            value /= 32767.0
        if axis not in (0, 1):
            return None
        if abs(value) < STICK_OFF:
            if self._axis_of(self.held.get(dev)) == axis:
                self.held[dev] = None
            return None
        direction = direction_of_axis(axis, value)
        if direction is None or self.held.get(dev) == direction:
            return None
        self.held[dev] = direction
        self.timers[dev] = REPEAT_FIRST
        return dev, direction

    @staticmethod
    def _axis_of(direction: str | None) -> int | None:
        if direction is None:
            return None
        return 0 if direction in ("left", "right") else 1

    def update(self, dt: float) -> list[tuple[str, str]]:
        out = []
        for dev, direction in self.held.items():
            if direction is None:
                continue
            self.timers[dev] = self.timers.get(dev, REPEAT_FIRST) - dt
            if self.timers[dev] <= 0:
                self.timers[dev] = REPEAT_EVERY
                out.append((dev, direction))
        return out

    def drop(self, dev: str) -> None:
        self.held.pop(dev, None)
        self.timers.pop(dev, None)


def as_key(key: int) -> pygame.event.Event:
    """The KEYDOWN a pad press stands for (marked `pad=True`)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, pad=True)


class PadInput:
    """The app's pads: opened as they are plugged in, read as keys by the screens."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}
        self.stick = PadRepeat()

    def open(self, ev: pygame.event.Event) -> None:
        index = getattr(ev, "device_index", None)
        if not isinstance(index, int):
            return
        try:
            joy = pygame.joystick.Joystick(index)
            self.pads[joy.get_instance_id()] = joy
        except (pygame.error, TypeError, ValueError):
            pass                     # a synthesized event: there is no device to open

    def key_for(self, ev: pygame.event.Event) -> int | None:
        """The key a pad press stands for, or None (a release, an unmapped button)."""
        et = ev.type
        if et == pygame.JOYBUTTONDOWN:
            return BUTTON_KEYS.get(getattr(ev, "button", -1))
        if et == pygame.CONTROLLERBUTTONDOWN:
            return CONTROLLER_KEYS.get(getattr(ev, "button", -1))
        if et == pygame.JOYHATMOTION:
            direction = HAT_MOVES.get(tuple(getattr(ev, "value", (0, 0))))
            return DIRECTION_KEYS[direction] if direction else None
        if et in (pygame.JOYAXISMOTION, pygame.CONTROLLERAXISMOTION):
            hit = self.stick.axis(ev)
            return DIRECTION_KEYS[hit[1]] if hit else None
        return None

    def event(self, ev: pygame.event.Event, native: bool) -> pygame.event.Event | None:
        """What the screens get for `ev`: a pad press as its key (raw for a scene that reads
        pads itself), None for pad noise; any other event as it is. Notes whether the
        person is on a pad."""
        et = ev.type
        if et in (pygame.JOYDEVICEADDED, pygame.CONTROLLERDEVICEADDED):
            self.open(ev)
            return ev
        if et in PERSON and not getattr(ev, "pad", False):
            set_in_use(False)
            return ev
        if et in PRESSES:
            key = self.key_for(ev)
            if key is not None or et in (pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN):
                set_in_use(True)
            if native:
                return ev
            return as_key(key) if key is not None else None
        if et in RELEASES:
            return ev if native else None
        return ev
