"""The sounds themselves, made with numpy (no files): the effects' waveforms and the
music loop (scenes/ui/music.py), as samples in a mixer's format. Only imported when the
sound cache (scenes/ui/soundcache.py) has none for the mixer: numpy costs a start ~0.3 s."""
from __future__ import annotations

from typing import Any

import numpy as np
import pygame

from scenes.ui.music import music_loop
from scenes.ui.soundcache import MUSIC


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


def to_samples(wave: np.ndarray, fmt: int, channels: int) -> bytes:
    """Mono floats in [-1, 1] as the mixer's samples (its sample format, interleaved channels)."""
    if abs(fmt) == 8:
        data = ((wave * 0.9 + 1) * 127.5).astype(np.uint8) if fmt > 0 else (wave * 120).astype(np.int8)
    elif abs(fmt) == 32:
        data = (wave * 0.9).astype(np.float32)
    else:
        data = (wave * 0.9 * 32767).astype(np.int16)
    if channels > 1:
        data = np.repeat(data[:, None], channels, axis=1)
    return np.ascontiguousarray(data).tobytes()




def samples_for(rate: int, fmt: int, channels: int) -> dict[str, bytes]:
    """Every effect and the music loop, as samples for a mixer of that rate and format."""
    out = {name: to_samples(wave, fmt, channels) for name, wave in waveforms(rate).items()}
    out[MUSIC] = to_samples(music_loop(rate), fmt, channels)
    return out


def to_sound(wave: np.ndarray, fmt: int, channels: int) -> pygame.mixer.Sound:
    """A mixer Sound from mono floats in [-1, 1], in the mixer's sample format."""
    return pygame.mixer.Sound(buffer=to_samples(wave, fmt, channels))
