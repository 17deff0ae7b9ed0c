"""Real headless Chromium pages against the real phone host in the test process.

The browser is Debian's `chromium` (/usr/bin/chromium) driven by Python Playwright at that
binary (never `playwright install`). Pages open http://couchtop.test:PORT/, a name the
browser maps to the loopback address, so that (as on a real LAN) they are not a secure
context. Without the browser these tests skip with one line naming the package; on CI
(`COUCHTOP_CI=1`, set by .ci/run) a missing browser is a failure."""
from __future__ import annotations

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


@pytest.fixture(scope="module")
def browser():
    """One Chromium a module. Not one a session: Playwright's sync API keeps an event loop
    running in the main thread while it is open, and every later test that calls
    asyncio.run() (the relay's, the online scenes') would fail beside it."""
    why = _missing()
    if why:
        if os.environ.get("COUCHTOP_CI"):
            pytest.fail(why)
        pytest.skip(why)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM),
                              args=[f"--host-resolver-rules=MAP {HOSTNAME} 127.0.0.1"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def pages(browser):
    """The module's tabs, each kept for the next phone once its test is done with it."""
    kept = Pages(browser)
    yield kept
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
