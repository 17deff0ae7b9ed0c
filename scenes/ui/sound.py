"""The sound player: procedural sounds (place, score, extra play, end, error, click) and
the music loop, made with numpy (scenes/ui/synth.py) the first time and kept on disk in
the mixer's format (scenes/ui/soundcache.py), so a start needs no numpy. A no-op when
the mixer cannot start; starting without a sound device prints one line, not the C
libraries' noise (`start_pygame`)."""
from __future__ import annotations

import os
import sys
import tempfile
from contextlib import contextmanager
from typing import Iterator

import pygame

from scenes.ui import soundcache
from scenes.ui.soundcache import MUSIC, NAMES

NOISE = ("ALSA lib ",)          # what a missing sound device makes C libraries print


@contextmanager
def held_stderr() -> Iterator[list[str]]:
    """What C libraries write to file descriptor 2 inside the block (ALSA's 'cannot find
    card' lines when there is no sound device) is held back; afterwards the list holds it,
    for the caller to drop or pass on. Does nothing when stderr is not a real file."""
    held: list[str] = []
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):      # a test runner's stand-in
        yield held
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), fd)
        try:
            yield held
        finally:
            sys.stderr.flush()
            os.dup2(saved, fd)
            os.close(saved)
            tmp.seek(0)
            held.append(tmp.read().decode("utf-8", "replace"))


def start_mixer() -> str | None:
    """Start the mixer if it is not running, quietly: None when it runs, else why not (the
    C libraries' messages about the missing device dropped; anything said while it did
    start is passed on)."""
    if pygame.mixer.get_init():
        return None
    why = None
    with held_stderr() as held:
        try:
            pygame.mixer.init()
        except pygame.error as e:
            why = str(e) or "no audio device"
    if why is None and not pygame.mixer.get_init():
        why = "no audio device"
    if why is None and "".join(held):
        sys.stderr.write("".join(held))
    return why


def start_pygame() -> str | None:
    """pygame.init() and the mixer, with no sound device's noise on the terminal: says once,
    in one line, that sound is off, and returns why (None when sound works)."""
    with held_stderr() as held:
        pygame.init()          # tries the mixer too: its noise is held with the rest
    if pygame.mixer.get_init():
        if "".join(held):
            sys.stderr.write("".join(held))
        return None
    rest = "".join(line for line in "".join(held).splitlines(keepends=True) if not line.startswith(NOISE))
    if rest:
        sys.stderr.write(rest)
    why = start_mixer()        # pygame.init() swallows the mixer's error: ask once more, for the reason
    if why:
        print(f"Couchtop: sound is off ({why})", file=sys.stderr)
    return why


class SoundPlayer:
    """The effects (`play(name)` at the sound volume) and the music loop (`start_music()`,
    on a channel of its own, at the music volume). Every call is a no-op when the mixer
    cannot start (no audio device)."""

    def __init__(self, volume: float = 0.8, music_volume: float = 0.5) -> None:
        self.volume = volume
        self.music_volume = music_volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.music: pygame.mixer.Sound | None = None
        self.music_channel: pygame.mixer.Channel | None = None
        self.enabled = False
        init = pygame.mixer.get_init() if start_mixer() is None else None
        if not init:
            return
        try:
            samples = soundcache.load(init)
            if samples is None:       # made once per mixer format (numpy), then read from disk
                from scenes.ui.synth import samples_for
                samples = soundcache.save(init, samples_for(*init))
            self.sounds = {name: pygame.mixer.Sound(buffer=samples[name]) for name in NAMES}
            self.music = pygame.mixer.Sound(buffer=samples[MUSIC])
            pygame.mixer.set_reserved(1)          # channel 0 is the music's: effects never take it
            self.music_channel = pygame.mixer.Channel(0)
            self.enabled = True
        except (pygame.error, ValueError, TypeError):
            self.sounds.clear()
            self.music = self.music_channel = None
        self.set_volume(volume)
        self.set_music_volume(music_volume)

    def set_volume(self, volume: float) -> None:
        """The effects' volume (0..1), applied at once."""
        self.volume = max(0.0, min(1.0, volume))
        for s in self.sounds.values():
            s.set_volume(self.volume)

    def set_music_volume(self, volume: float) -> None:
        """The music's volume (0..1), applied at once (also to the loop now playing)."""
        self.music_volume = max(0.0, min(1.0, volume))
        if self.music_channel is not None:
            self.music_channel.set_volume(self.music_volume)

    def start_music(self) -> None:
        """Loop the music (again from the top only if it is not already playing)."""
        if self.music is not None and self.music_channel is not None and not self.music_playing:
            self.music_channel.play(self.music, loops=-1)
            self.music_channel.set_volume(self.music_volume)

    def stop_music(self) -> None:
        if self.music_channel is not None:
            self.music_channel.stop()

    @property
    def music_playing(self) -> bool:
        ch = self.music_channel
        return ch is not None and ch.get_busy() and ch.get_sound() is self.music

    def play(self, name: str) -> None:
        snd = self.sounds.get(name)
        if snd is not None and self.volume > 0:
            snd.play()
