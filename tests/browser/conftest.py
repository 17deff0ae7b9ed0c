"""Real headless Chromium pages against the real phone host in the test process.

The browser is Debian's `chromium` (/usr/bin/chromium) driven by Python Playwright at that
binary (never `playwright install`). Pages open http://couchtop.test:PORT/, a name the
browser maps to the loopback address, so that (as on a real LAN) they are not a secure
context. Without the browser these tests skip with one line naming the package; on CI
(`COUCHTOP_CI=1`, set by .ci/run) a missing browser is a failure."""
from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest

from support.phones import HOSTNAME, Pages, Phone

CHROMIUM = Path(os.environ.get("COUCHTOP_CHROMIUM", "/usr/bin/chromium"))


def _missing() -> str | None:
    if not CHROMIUM.exists() and shutil.which(str(CHROMIUM)) is None:
        return f"no browser at {CHROMIUM}: install Debian's chromium package (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no Python playwright: pip install -e '.[test]'"
    return None


@pytest.fixture(scope="session")
def browser():
    """One Chromium (and one Playwright driver) a test worker, started by its first browser
    test: a launch costs about 1 CPU-s, and a run has 8 workers but 19 browser modules.
    Playwright's sync API leaves its event loop marked running in the main thread between
    calls; the other tests step out of it (`pytest_runtest_protocol`, tests/conftest.py)."""
    why = _missing()
    if why:
        if os.environ.get("COUCHTOP_CI"):
            pytest.fail(why)
        pytest.skip(why)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM),
                              args=[f"--host-resolver-rules=MAP {HOSTNAME} 127.0.0.1"])
        loop = asyncio._get_running_loop()
        yield b
        asyncio._set_running_loop(loop)     # (the worker's last test may have stepped out of it)
        b.close()


@pytest.fixture(scope="session")
def pages(browser):
    """The worker's tabs, each kept for the next phone once its test is done with it."""
    kept = Pages(browser)
    loop = asyncio._get_running_loop()
    yield kept
    asyncio._set_running_loop(loop)         # (as the browser's)
    kept.close()


@pytest.fixture
def phones(pages):
    made: list[Phone] = []

    def make(url: str, **kw) -> Phone:
        p = Phone(pages, url, **kw)
        made.append(p)
        return p
    yield make
    for p in made:
        p.close()
