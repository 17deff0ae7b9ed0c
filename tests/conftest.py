"""Tests run headless and never touch the real user folders."""
import os
import sys
import tempfile
from pathlib import Path

# Compiled modules are kept even where PYTHONDONTWRITEBYTECODE is set: every worker and every
# `python main.py` a test starts would otherwise compile the whole program again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_DATA = tempfile.mkdtemp(prefix="couchtop-test-")
os.environ["COUCHTOP_DATA"] = _DATA
os.environ["COUCHTOP_CONFIG"] = _DATA
os.environ["COUCHTOP_STRICT_PLUGINS"] = "1"   # a broken game plug-in raises (scenes/registry.py)

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_settings():
    """Every test starts from default settings in the suite's own folders: a test that
    saves a setting (animations off, a language, names) never changes the next test's app."""
    os.environ["COUCHTOP_DATA"] = _DATA
    os.environ["COUCHTOP_CONFIG"] = _DATA
    Path(_DATA, "settings.json").unlink(missing_ok=True)
    yield
