"""Starting without a sound device: one line says sound is off, and none of the C
libraries' noise (ALSA's 'cannot find card' lines) reaches the terminal. Run in a child
process, where stderr is the real file descriptor 2."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NO_DEVICE = r'''
import os, pygame
from scenes.ui import sound
def noisy_init(*a, **k):                      # as libasound does with no card, then SDL fails
    for _ in range(8):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
pygame.mixer.init = noisy_init
why = sound.start_pygame()
player = sound.SoundPlayer()                  # the App makes one after: quiet too
player.play("click"); player.start_music()
os.write(2, b"after\n")                       # stderr works again afterwards
print(repr(why), player.enabled)
'''

WITH_DEVICE = r'''
import os, pygame
from scenes.ui import sound
real = pygame.mixer.init
def chatty_init(*a, **k):
    os.write(2, b"a driver's note\n")
    real(*a, **k)
print(repr(sound.start_pygame()))
pygame.mixer.quit()
pygame.mixer.init = chatty_init
print(repr(sound.start_mixer()), sound.SoundPlayer().enabled)
'''


def run(code: str, driver: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER=driver, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_no_sound_device_says_so_once_and_quietly() -> None:
    done = run(NO_DEVICE, "no-such-driver")      # pygame.init()'s own try fails too
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "Couchtop: sound is off (ALSA: Couldn't open audio device: No such file or directory)", "after"]
    assert done.stdout.strip() == "\"ALSA: Couldn't open audio device: No such file or directory\" False"


def test_with_sound_nothing_is_said_and_nothing_is_lost() -> None:
    done = run(WITH_DEVICE, "dummy")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "None", "True"]
    assert done.stderr == "a driver's note\n"         # held while the mixer started, then passed on
