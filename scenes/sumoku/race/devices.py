"""Input devices of couch play: the mouse, two keyboard layouts and game pads (pygame's
joystick API, hot-pluggable), each turned into the same small set of actions.

A device id is "mouse", "keys1", "keys2" or "pad:<instance id>". `action_of(ev)` maps a
pygame event to (device id, action) or None; the actions are:
  up down left right   move the cursor
  prev next            cycle the hand / pool tile (grab: the centre tile)
  put                  put the chosen tile / lift the tile under the cursor (grab: pick)
  flip                 turn a 6 into a 9 and back
  exchange             draw 2 (then: return the chosen tile)
  call                 "Sumoku!" (speed), claim (grab), "we are stuck" (team)
Pads also repeat a held stick direction (`PadRepeat`). The mouse is handled by the scene
(clicks land on a viewport), only its device id lives here.
"""
from __future__ import annotations

import pygame

from scenes.ui import pad
from scenes.ui.pad import PadRepeat, instance_of, pad_id

__all__ = ["PadRepeat", "instance_of", "pad_id", "action_of", "open_pad"]

ACTIONS = ("up", "down", "left", "right", "prev", "next", "put", "flip", "exchange", "call")
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

KEYMAPS: dict[str, dict[int, str]] = {
    "keys1": {pygame.K_w: "up", pygame.K_s: "down", pygame.K_a: "left", pygame.K_d: "right",
              pygame.K_q: "prev", pygame.K_e: "next", pygame.K_SPACE: "put", pygame.K_r: "flip",
              pygame.K_x: "exchange", pygame.K_c: "call"},
    "keys2": {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
              pygame.K_COMMA: "prev", pygame.K_PERIOD: "next", pygame.K_RETURN: "put",
              pygame.K_KP_ENTER: "put", pygame.K_SLASH: "flip", pygame.K_SEMICOLON: "exchange",
              pygame.K_RSHIFT: "call"},
}
KEY_DEVICE: dict[int, tuple[str, str]] = {k: (dev, act) for dev, m in KEYMAPS.items() for k, act in m.items()}

# Xbox-style numbering, as SDL reports most pads through the joystick API (scenes/ui/pad.py).
PAD_BUTTONS: dict[int, str] = {pad.A: "put", pad.B: "call", pad.X: "exchange", pad.Y: "flip",
                               pad.LB: "prev", pad.RB: "next"}
PAD_START = pad.START
HAT_MOVES = pad.HAT_MOVES

DEVICE_ORDER = ("keys1", "keys2", "mouse")


def is_pad(device: str) -> bool:
    return device.startswith("pad:")


def legend_key(device: str, variant: str) -> str:
    """The catalog key of the controls legend for a device in a variant."""
    kind = "pad" if is_pad(device) else device
    return f"race.legend.{kind}.{variant}"


def device_label_key(device: str) -> str:
    return "race.device.pad" if is_pad(device) else f"race.device.{device}"


def open_pad(ev: pygame.event.Event) -> tuple[int, object | None]:
    """(instance id, Joystick or None) for a JOYDEVICEADDED event: the real pad when it
    opens, else (a synthesized event) the ids the event carries."""
    index = getattr(ev, "device_index", 0)
    try:
        joy = pygame.joystick.Joystick(index)
        return joy.get_instance_id(), joy
    except (pygame.error, TypeError, ValueError):
        return instance_of(ev), None


def action_of(ev: pygame.event.Event) -> tuple[str, str] | None:
    """(device id, action) for a key or pad event, or None."""
    if ev.type == pygame.KEYDOWN:
        return KEY_DEVICE.get(ev.key)
    if ev.type == pygame.JOYBUTTONDOWN:
        act = PAD_BUTTONS.get(getattr(ev, "button", -1))
        return (pad_id(instance_of(ev)), act) if act else None
    if ev.type == pygame.JOYHATMOTION:
        act = HAT_MOVES.get(tuple(getattr(ev, "value", (0, 0))))
        return (pad_id(instance_of(ev)), act) if act else None
    return None
