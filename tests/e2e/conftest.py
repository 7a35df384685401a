"""The browser tests' shared parts: one Chromium per test module, and every browser test
leaves that browser as it found it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, sync_playwright
from test_web_browser import ARGS, CHROMIUM


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the tests of one module."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def close_pages_after_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every context a test opened in its module's browser (a page a module-scoped
    fixture made stays for the module's other tests). A page left open keeps playing its
    table (bots move, the turn clock ticks, the seat to act glows): a few dozen of them
    kept both cores of the test machine busy until their module ended."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            with contextlib.suppress(Exception):  # closed meanwhile, or the browser is gone
                context.close()
