"""The loud moments of a race: the 3-2-1-GO countdown, "Sumoku!" pops with a particle
burst, "+2" penalty pops, and banners (a round won, the match won). Effects run on the
scene's own clock in seconds and never touch game state. Their sounds are made here
(numpy, like scenes.ui.sound) and added to the app's player under race_* names."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np
import pygame

from scenes.sumoku import style
from scenes.ui.draw import text_in
from scenes.ui.style import veil
from scenes.ui.synth import to_sound
from scenes.ui.text import render

Colour = tuple[int, int, int]
GRAVITY = 900.0


def ease_out(x: float) -> float:
    x = max(0.0, min(1.0, x))
    return 1 - (1 - x) ** 3


def pop_scale(age: float) -> float:
    """Overshoot then settle: 0 -> 1.25 -> 1 over 0.3 s."""
    if age < 0.18:
        return 1.25 * ease_out(age / 0.18)
    if age < 0.32:
        return 1.25 - 0.25 * (age - 0.18) / 0.14
    return 1.0


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    colour: Colour
    size: int


@dataclass
class Pop:
    text: str
    pos: tuple[int, int]
    colour: Colour
    size: int
    age: float
    life: float
    rise: int


@dataclass
class Banner:
    text: str
    colour: Colour
    age: float
    life: float


class Effects:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)   # looks only: never game randomness
        self.particles: list[Particle] = []
        self.pops: list[Pop] = []
        self.banners: list[Banner] = []
        self.factor = 1.0                # animation speed setting; 0 = off

    @property
    def busy(self) -> bool:
        return bool(self.particles or self.pops or self.banners)

    def burst(self, centre: tuple[int, int], colours: list[Colour], count: int = 70, power: float = 520.0) -> None:
        if self.factor <= 0:
            return
        cx, cy = centre
        for _ in range(count):
            a = self.rng.uniform(0, 2 * math.pi)
            sp = self.rng.uniform(0.3, 1.0) * power
            self.particles.append(Particle(cx, cy, math.cos(a) * sp, math.sin(a) * sp - power * 0.35,
                                           self.rng.uniform(0.7, 1.3) * self.factor, 0.0,
                                           self.rng.choice(colours), self.rng.randint(4, 9)))

    def pop(self, text: str, pos: tuple[int, int], colour: Colour, size: int, life: float = 1.4,
            rise: int = 60) -> None:
        if self.factor <= 0:
            return
        self.pops.append(Pop(text, pos, colour, size, 0.0, life * self.factor, rise))

    def banner(self, text: str, colour: Colour, life: float = 2.6) -> None:
        self.banners = [Banner(text, colour, 0.0, max(0.8, life * max(self.factor, 0.5)))]

    def update(self, dt: float) -> None:
        for p in self.particles:
            p.age += dt
            p.vy += GRAVITY * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
        self.particles = [p for p in self.particles if p.age < p.life]
        for pop in self.pops:
            pop.age += dt
        self.pops = [p for p in self.pops if p.age < p.life]
        for b in self.banners:
            b.age += dt
        self.banners = [b for b in self.banners if b.age < b.life]

    def draw(self, surface: pygame.Surface, k: float) -> None:
        for p in self.particles:
            fade = 1 - p.age / p.life
            s = max(1, round(p.size * k * (0.4 + 0.6 * fade)))
            pygame.draw.rect(surface, p.colour, (round(p.x) - s // 2, round(p.y) - s // 2, s, s))
        for pop in self.pops:
            scale = pop_scale(pop.age)
            size = max(12, round(pop.size * scale))
            alpha = 255 if pop.age < pop.life * 0.6 else max(0, round(255 * (1 - (pop.age / pop.life - 0.6) / 0.4)))
            y = pop.pos[1] - round(pop.rise * k * ease_out(pop.age / pop.life))
            for dx, col in ((3, (0, 0, 0)), (0, pop.colour)):
                surf = render(pop.text, size, col, True)
                if alpha < 255:
                    surf = surf.copy()
                    surf.set_alpha(alpha)
                r = surf.get_rect(center=(pop.pos[0] + dx, y + dx))
                surface.blit(surf, r)
        w, h = surface.get_size()
        for b in self.banners:
            k_in = ease_out(b.age / 0.25)
            bh = round(96 * k)
            band = pygame.Rect(0, round(h * 0.2), w, bh)
            band.x = round(-w * (1 - k_in))
            veil = pygame.Surface(band.size, pygame.SRCALPHA)
            veil.fill((8, 10, 20, 215))
            surface.blit(veil, band)
            pygame.draw.rect(surface, b.colour, (band.x, band.y, band.w, max(3, round(5 * k))))
            pygame.draw.rect(surface, b.colour, (band.x, band.bottom - max(3, round(5 * k)), band.w, max(3, round(5 * k))))
            text_in(surface, b.text, band.inflate(-round(60 * k), -round(16 * k)).clip(surface.get_rect()),
                    max(18, round(54 * k)), b.colour, bold=True, min_size=14, ellipsis=True)


def draw_countdown(surface: pygame.Surface, left_ms: int, label: str, go: str, k: float,
                   go_age: float | None = None) -> None:
    """The big 3-2-1 (left_ms > 0), or GO! for a moment after the start (go_age)."""
    w, h = surface.get_size()
    if left_ms > 0:
        n = max(1, math.ceil(left_ms / 1000))
        age = (1000 - (left_ms % 1000 or 1000)) / 1000
        text, colour = str(n), style.ACCENT
    elif go_age is not None and go_age < 0.8:
        age, text, colour = go_age, go, style.OK
    else:
        return
    veil(surface, (8, 10, 20, 120 if left_ms > 0 else max(0, round(120 * (1 - go_age / 0.8)))))
    size = max(24, round(220 * k * pop_scale(age)))
    box = pygame.Rect(0, round(h * 0.33), w, round(h * 0.45))
    shadow = box.move(round(6 * k), round(6 * k))
    text_in(surface, text, shadow, size, (0, 0, 0), bold=True, min_size=18)
    text_in(surface, text, box, size, colour, bold=True, min_size=18)
    if left_ms > 0 and label:
        text_in(surface, label, pygame.Rect(0, box.y - round(80 * k), w, round(70 * k)), max(18, round(44 * k)),
                style.TEXT, bold=True, min_size=14)


# ---- sounds ----------------------------------------------------------------------------------
def _tone(freqs: list[float], dur: float, rate: int, decay: float) -> np.ndarray:
    t = np.arange(int(dur * rate)) / rate
    wave = sum(np.sin(2 * np.pi * f * t) for f in freqs) / max(1, len(freqs))
    return wave * np.minimum(1.0, t / 0.004) * np.exp(-decay * t)


def race_waveforms(rate: int) -> dict[str, np.ndarray]:
    return {
        "race_count": _tone([660], 0.14, rate, 14) * 0.7,
        "race_go": _tone([880, 1320], 0.45, rate, 5) * 0.8,
        "race_sumoku": np.concatenate([_tone([523, 659], 0.09, rate, 8), _tone([659, 784], 0.09, rate, 8),
                                       _tone([784, 1047, 1319], 0.5, rate, 4)]) * 0.8,
        "race_wrong": np.concatenate([_tone([330], 0.12, rate, 6), _tone([220], 0.3, rate, 5)]) * 0.7,
    }


def install_sounds(player: object) -> None:
    """Add the race sounds to the app's SoundPlayer (nothing when the mixer is off)."""
    if not getattr(player, "enabled", False):
        return
    sounds = getattr(player, "sounds", None)
    if sounds is None or "race_go" in sounds:
        return
    init = pygame.mixer.get_init()
    if not init:
        return
    rate, fmt, channels = init
    try:
        for name, wave in race_waveforms(rate).items():
            snd = to_sound(wave, fmt, channels)
            snd.set_volume(getattr(player, "volume", 0.8))
            sounds[name] = snd
    except (pygame.error, ValueError, TypeError):
        pass
