"""The sounds are made once (numpy) and read from disk at later starts
(scenes/ui/soundcache.py): the same samples, a broken file made again, and a start
with the cache filled draws its first menu without importing numpy. No timings."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.ui import sound, soundcache

ROOT = Path(__file__).resolve().parents[1]
MIXER = (22050, -16, 2)


@pytest.fixture
def data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path))
    return tmp_path


def test_samples_saved_are_the_samples_loaded(data: Path) -> None:
    samples = {name: bytes([i]) * (10 + i) for i, name in enumerate((*soundcache.NAMES, soundcache.MUSIC))}
    assert soundcache.load(MIXER) is None
    soundcache.save(MIXER, samples)
    assert soundcache.path_for(MIXER).parent == data / "cache"
    assert soundcache.load(MIXER) == samples
    assert soundcache.load((44100, -16, 2)) is None           # another mixer format: its own file


def test_a_short_or_broken_file_is_made_again(data: Path) -> None:
    samples = {name: b"\x01\x02" * 8 for name in (*soundcache.NAMES, soundcache.MUSIC)}
    soundcache.save(MIXER, samples)
    path = soundcache.path_for(MIXER)
    path.write_bytes(path.read_bytes()[:-3])
    assert soundcache.load(MIXER) is None
    path.write_bytes(b"not json\n")
    assert soundcache.load(MIXER) is None


def test_the_player_plays_the_same_sounds_from_the_cache(data: Path) -> None:
    pygame.init()
    made = sound.SoundPlayer(0.5)
    assert made.enabled                       # the dummy audio driver (conftest) has a mixer
    assert soundcache.path_for(pygame.mixer.get_init()).is_file()     # kept for the next start
    read = sound.SoundPlayer(0.5)
    assert set(read.sounds) == set(sound.NAMES)
    for name in sound.NAMES:
        assert read.sounds[name].get_raw() == made.sounds[name].get_raw()
    assert read.music.get_raw() == made.music.get_raw()


START = """
import sys
from scenes.app import App
app = App((1280, 720), fps=None)
app.stack.push(app.menu())
app.step()
print(app.sound.enabled, 'numpy' in sys.modules)
"""


def test_a_start_with_the_sounds_kept_draws_the_menu_without_numpy(data: Path) -> None:
    env = dict(os.environ, COUCHTOP_DATA=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")

    def start() -> list[str]:
        done = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env, capture_output=True, text=True,
                              check=True)
        return done.stdout.split()
    assert start() == ["True", "True"]          # the first start makes the sounds with numpy
    assert start() == ["True", "False"]       # later ones read them
