"""Tests run headless and never touch the real user folders."""
import asyncio
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
if os.environ.get("COUCHTOP_TEST_CACHE"):      # an xdist worker: the run's one cache folder
    os.symlink(os.environ["COUCHTOP_TEST_CACHE"], Path(_DATA, "cache"))
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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test that drives no browser runs outside Playwright's event loop, fixtures and all.
    A worker's browser (tests/browser/conftest.py) lives for the worker, and Playwright's
    sync API leaves its loop marked running in the main thread between its calls:
    `asyncio.run()` would refuse to start beside it. The mark is lifted for the test and put
    back after it, for the browser's next call (which needs it)."""
    running = None if "browser" in item.fixturenames else asyncio._get_running_loop()
    if running is not None:
        asyncio._set_running_loop(None)
    yield
    if running is not None:
        asyncio._set_running_loop(running)


def pytest_configure(config):
    """The xdist controller, before its workers start, compiles the program and rewrites
    each test module for pytest's assertions, into the caches every worker then reads: on
    a fresh clone each worker did all of it itself (~10 CPU-s each; ~2 when cached)."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    # What is kept on disk (engine/core/diskcache.py: the word finder's index, the sounds) is
    # made once for the run, not once a worker: each worker's data folder links to this one.
    os.environ["COUCHTOP_TEST_CACHE"] = tempfile.mkdtemp(prefix="couchtop-test-cache-")
    import compileall
    for part in ("engine", "scenes", "net", "tests/support"):
        compileall.compile_dir(ROOT / part, quiet=1)
    compileall.compile_file(ROOT / "main.py", quiet=1)
    try:   # pytest's own cache of rewritten modules (private: another pytest just skips this)
        from _pytest.assertion.rewrite import (PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc,
                                               assertstate_key, get_cache_dir)
        state = config.stash[assertstate_key]
    except (ImportError, KeyError):
        return
    for fn in sorted((ROOT / "tests").rglob("*.py")):
        if fn.name.startswith("test_") or fn.name == "conftest.py":
            pyc = get_cache_dir(fn) / (fn.name[:-3] + PYC_TAIL)
            if _read_pyc(fn, pyc) is None:
                pyc.parent.mkdir(exist_ok=True)
                source_hash, co = _rewrite_test(fn, config)
                _write_pyc(state, co, source_hash, pyc)


def pytest_collection_modifyitems(session, config, items):
    """The browser modules spread through the run (tests/support/order.py)."""
    from support.order import run_order
    items[:] = run_order(items)


def pytest_collection_finish(session):
    """What collection imported (the program, its word lists and tables, every test module)
    lives for the whole run: it is moved out of the cyclic collector's reach, which would
    otherwise walk all of it again at every full collection (each screen a test leaves,
    `scenes/ui/heap.py`; Python's own as bots' games pile up objects). The youngest
    generation is collected after 10,000 allocations, not 700: most of a game's objects are
    gone by then, and fewer live on to be walked again (the collector's time in the run
    15 -> 10 CPU-s)."""
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def pytest_unconfigure(config):
    """The run's cache folder goes with the run (the controller made it)."""
    shared = os.environ.get("COUCHTOP_TEST_CACHE")
    if shared and not hasattr(config, "workerinput") and getattr(config.option, "numprocesses", None):
        import shutil
        shutil.rmtree(shared, ignore_errors=True)
