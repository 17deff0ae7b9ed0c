"""The background music: a short, calm loop made with numpy at start (no files).

Four bars of soft pads over a slow bass, Cmaj7 - Am7 - Fmaj7 - G6, with a gentle bell
arpeggio on top. Every note's tail that runs past the end of the loop is folded back
onto its start, so the loop repeats without a seam."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

BAR_S = 2.4                      # seconds per chord: 4 chords = a 9.6 s loop
STEPS = 8                        # arpeggio notes per bar

# MIDI note numbers: (bass, pad notes, arpeggio notes) per bar.
PROGRESSION: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = (
    (36, (55, 59, 60, 64), (72, 76, 79, 83, 79, 76, 74, 76)),    # Cmaj7
    (33, (55, 57, 60, 64), (69, 72, 76, 79, 76, 72, 71, 72)),    # Am7
    (29, (53, 57, 60, 64), (65, 69, 72, 76, 77, 76, 72, 69)),    # Fmaj7
    (31, (55, 59, 62, 64), (67, 71, 74, 76, 74, 71, 67, 62)),    # G6
)


def hz(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def _add(out: np.ndarray, start: int, note: np.ndarray) -> None:
    """Mix `note` into `out` from sample `start`, wrapping past the end to the start."""
    n = len(out)
    start %= n
    first = min(len(note), n - start)
    out[start:start + first] += note[:first]
    rest = note[first:]
    while len(rest):
        k = min(len(rest), n)
        out[:k] += rest[:k]
        rest = rest[k:]


def _pad(freq: float, dur: float, rate: int) -> np.ndarray:
    """A soft sustained note: two slightly detuned sines and an octave, slow in and out."""
    t = np.arange(int(dur * rate)) / rate
    wave = (np.sin(2 * np.pi * freq * t) + np.sin(2 * np.pi * freq * 1.003 * t)
            + 0.25 * np.sin(2 * np.pi * freq * 2 * t)) / 2.25
    attack, release = 0.7, 0.9
    env = np.minimum(1.0, t / attack) * np.clip((dur - t) / release, 0.0, 1.0)
    return wave * env


def _bell(freq: float, dur: float, rate: int) -> np.ndarray:
    """A gentle plucked bell: a sine and a quiet octave, fading out."""
    t = np.arange(int(dur * rate)) / rate
    wave = np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(2 * np.pi * freq * 2 * t) * np.exp(-6 * t)
    env = np.minimum(1.0, t / 0.01) * np.exp(-3.2 * t)
    return wave * env / 1.3


@lru_cache(maxsize=2)
def music_loop(rate: int = 44100, peak: float = 0.5) -> np.ndarray:
    """The loop as mono floats with |x| <= `peak` (made once per rate: about 0.1 s).
    Nothing in it is above 2.5 kHz, so it is made at a quarter of the rate at most 11 kHz
    and interpolated up."""
    low = rate // max(1, rate // 11025)
    wave = _make(low, peak)
    if low == rate:
        return wave
    n = len(wave) * rate // low
    x = np.arange(n) * (low / rate)
    return np.interp(x, np.arange(len(wave) + 1), np.append(wave, wave[0]))  # wraps: still seamless


def _make(rate: int, peak: float) -> np.ndarray:
    bar = int(BAR_S * rate)
    out = np.zeros(bar * len(PROGRESSION))
    step = bar // STEPS
    for i, (bass, pad, arp) in enumerate(PROGRESSION):
        start = i * bar
        overlap = int(0.5 * rate)                       # chords cross-fade into each other
        _add(out, start - overlap // 2, 0.55 * _pad(hz(bass), BAR_S + 0.5, rate))
        for note in pad:
            _add(out, start - overlap // 2, 0.22 * _pad(hz(note), BAR_S + 0.5, rate))
        for k, note in enumerate(arp):
            _add(out, start + k * step, (0.16 if k % 2 else 0.2) * _bell(hz(note), 1.4, rate))
    return out * (peak / max(1e-9, float(np.abs(out).max())))
