"""Procedural sounds, made with numpy at start (no files): place, score, extra play,
end, error, click. A no-op when the mixer cannot start."""
from __future__ import annotations

from typing import Any

import numpy as np
import pygame

NAMES = ("place", "score", "extra", "end", "error", "click")


def _tone(freqs: list[float], dur: float, rate: int, *, attack: float = 0.005, decay: float = 6.0,
          wave: str = "sine") -> np.ndarray:
    t = np.arange(int(dur * rate)) / rate
    out = np.zeros_like(t)
    for f in freqs:
        ph = 2 * np.pi * f * t
        if wave == "square":
            out += np.sign(np.sin(ph)) * 0.5
        elif wave == "tri":
            out += 2 / np.pi * np.arcsin(np.sin(ph))
        else:
            out += np.sin(ph)
    out /= max(1, len(freqs))
    env = np.minimum(1.0, t / attack) * np.exp(-decay * t)
    return out * env


def _seq(notes: list[tuple[list[float], float]], rate: int, **kw: Any) -> np.ndarray:
    return np.concatenate([_tone(f, d, rate, **kw) for f, d in notes])


def waveforms(rate: int) -> dict[str, np.ndarray]:
    """Mono float waveforms in [-1, 1] for each sound."""
    return {
        "place": _tone([220, 330], 0.09, rate, decay=40, wave="tri") * 0.8,
        "click": _tone([1200], 0.03, rate, decay=120) * 0.5,
        "score": _seq([([660], 0.08), ([880], 0.08), ([1320], 0.16)], rate, decay=10, wave="tri"),
        "extra": _seq([([523], 0.07), ([659], 0.07), ([784], 0.07), ([1047], 0.2)], rate, decay=9),
        "end": _seq([([392, 494, 587], 0.18), ([523, 659, 784], 0.5)], rate, decay=4),
        "error": _tone([110, 117], 0.22, rate, decay=8, wave="square") * 0.45,
    }


class SoundPlayer:
    def __init__(self, volume: float = 0.8) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            init = pygame.mixer.get_init()
        except pygame.error:
            init = None
        if not init:
            return
        rate, fmt, channels = init
        try:
            for name, wave in waveforms(rate).items():
                if abs(fmt) == 8:
                    data = ((wave * 0.9 + 1) * 127.5).astype(np.uint8) if fmt > 0 else (wave * 120).astype(np.int8)
                elif abs(fmt) == 32:
                    data = (wave * 0.9).astype(np.float32)
                else:
                    data = (wave * 0.9 * 32767).astype(np.int16)
                if channels > 1:
                    data = np.repeat(data[:, None], channels, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(data))
            self.enabled = True
        except (pygame.error, ValueError, TypeError):
            self.sounds.clear()
        self.set_volume(volume)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        for s in self.sounds.values():
            s.set_volume(self.volume)

    def play(self, name: str) -> None:
        snd = self.sounds.get(name)
        if snd is not None and self.volume > 0:
            snd.play()
