"""Without the browser, the browser tests skip with one line naming the package (and on
CI, where .ci/run sets COUCHTOP_CI, that is a failure instead)."""
from __future__ import annotations

import importlib.util
from pathlib import Path


def browser_conftest():
    path = Path(__file__).with_name("conftest.py")
    spec = importlib.util.spec_from_file_location("browser_conftest_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_missing_browser_names_the_package(monkeypatch):
    conf = browser_conftest()
    monkeypatch.setattr(conf, "CHROMIUM", Path("/nonexistent/chromium"))
    why = conf._missing()
    assert why is not None and "apt-get install chromium" in why and "\n" not in why
    monkeypatch.setattr(conf, "CHROMIUM", Path("/usr/bin/chromium"))
    assert conf._missing() is None or not Path("/usr/bin/chromium").exists()
