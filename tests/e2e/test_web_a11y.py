"""Accessibility: axe-core (bundled by axe-playwright-python, from the npm registry) finds
no serious or critical violation on the home page, the How to play, the lobby, the
table, the hand-over and the end of the match, on a desktop and a phone, in English and
French; the reduced-motion toggle and the
system's setting put the class reduce-motion on <html>.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
pytest.importorskip("axe_playwright_python")

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page
from test_web_browser import CHROMIUM, DESKTOP, PHONE, wait_until

from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

LANGS = [("en", DESKTOP), ("fr", PHONE), ("fr", DESKTOP), ("en", PHONE)]
AXE = Axe()
NOT_PRESSED = "document.getElementById('btn-motion').getAttribute('aria-pressed') === 'false'"


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0.15,
        bot_hand_pause=600,
        hand_pause=600,
        allow_seed=True,
    )
    with ServerThread(settings) as running:
        yield running


def open_page(browser: Browser, viewport: dict[str, int], **context: Any) -> Page:
    page = browser.new_context(viewport=viewport, locale="en-GB", **context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def serious(page: Page, where: str) -> list[str]:
    """The serious and critical violations axe finds on the page as it is now."""
    found = AXE.run(page).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}): "
        + "; ".join(node["target"][0] for node in v["nodes"][:4])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_axe_finds_no_serious_violation_at_home_lobby_and_table(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    page = open_page(browser, viewport)
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(server.url + "/")
    wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
    page.click("#create-rules summary")
    problems = serious(page, "home")
    page.click("#home-howto")
    page.wait_for_selector("#howto[open]")
    problems += serious(page, "how to play")
    page.keyboard.press("Escape")

    # A lobby as its host sees it (a friend seated, an empty seat), its How to play (with
    # house rules the table's), then the table.
    options = {"hand_size": 10, "uno_penalty_presses": 4, "stacking": True}
    table = create_table(server.url, seats=3, host_name="Ann", seed=5, options=options)
    code, host = str(table["code"]), str(table["host_token"])
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    page.evaluate(f"localStorage.setItem('uno.host.{code}', '{host}')")
    post(server.url, f"/api/tables/{code}/join", name="Bob")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")
    wait_until(page, "document.querySelectorAll('#lobby-seats li').length === 3")
    problems += serious(page, "lobby")
    page.click("#btn-howto")
    page.wait_for_selector("#howto[open]")
    problems += serious(page, "how to play at the table")
    page.keyboard.press("Escape")
    wait_until(page, "!document.getElementById('howto').open")
    post(server.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="random")
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "document.body.dataset.screen === 'game'")
    wait_until(page, "document.querySelectorAll('#hand .card').length > 0")
    problems += serious(page, "table")
    assert problems == []
    assert not page.errors  # type: ignore[attr-defined]


def test_axe_does_report_a_button_without_a_name(server: ServerThread, browser: Browser) -> None:
    """The check can fail: a nameless button added to the home page is reported."""
    page = open_page(browser, PHONE)
    page.goto(server.url + "/")
    wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
    page.evaluate("document.querySelector('main').append(document.createElement('button'))")
    assert [p.split(":")[1].strip() for p in serious(page, "home")] == ["button-name (critical)"]


def test_the_reduce_motion_toggle_sets_the_class_and_is_remembered(
    server: ServerThread, browser: Browser
) -> None:
    page = open_page(browser, PHONE)
    page.goto(server.url + "/")
    wait_until(page, "document.getElementById('btn-motion') !== null")
    assert not page.evaluate("document.documentElement.classList.contains('reduce-motion')")
    assert page.get_attribute("#btn-motion", "aria-pressed") == "false"
    assert page.get_attribute("#btn-motion", "aria-label") == "Reduce motion"
    page.click("#btn-motion")
    assert page.evaluate("document.documentElement.classList.contains('reduce-motion')")
    assert page.get_attribute("#btn-motion", "aria-pressed") == "true"
    # Animations stop: a blinking light of the launcher takes no time.
    duration = page.evaluate(
        "getComputedStyle(document.querySelector('.lights i')).animationDuration"
    )
    assert duration in ("1e-06s", "0.000001s", "0s")
    page.reload()
    wait_until(page, "document.documentElement.classList.contains('reduce-motion')")
    assert page.get_attribute("#btn-motion", "aria-pressed") == "true"
    page.click("#btn-motion")
    page.reload()
    wait_until(page, NOT_PRESSED)
    assert not page.evaluate("document.documentElement.classList.contains('reduce-motion')")
    # French words for it.
    page.click("#btn-lang")
    assert page.get_attribute("#btn-motion", "aria-label") == "Réduire les animations"


def test_a_system_that_asks_for_less_motion_gets_it_by_default(
    server: ServerThread, browser: Browser
) -> None:
    page = open_page(browser, DESKTOP, reduced_motion="reduce")
    page.goto(server.url + "/")
    wait_until(page, "document.documentElement.classList.contains('reduce-motion')")
    assert page.get_attribute("#btn-motion", "aria-pressed") == "true"
    assert page.is_visible("#btn-motion .motion-text")  # said in words on a wide screen
    assert page.text_content("#btn-motion .motion-text") == "Reduce motion"
    # The player's own choice wins over the system's.
    page.click("#btn-motion")
    page.reload()
    wait_until(page, NOT_PRESSED)
    assert not page.evaluate("document.documentElement.classList.contains('reduce-motion')")


@pytest.mark.parametrize(("lang", "viewport"), LANGS[:2])
def test_axe_finds_no_serious_violation_between_hands_and_at_the_end(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # Tables of bots, watched: one pauses after its first hand (a target of 5,000
    # points), the other ends with it (a target of 1) and shows that hand's summary.
    problems = []
    for target, screen in (
        (5000, "document.body.dataset.handover === 'yes'"),
        (1, "document.body.dataset.screen === 'results'"),
    ):
        table = create_table(
            server.url, seats=3, seed=5, options={"hand_size": 2}, target_score=target
        )
        code, host = str(table["code"]), str(table["host_token"])
        for seat in range(3):
            post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host)
        # No fading toast: axe reads a colour half-way through its fade.
        page = open_page(browser, viewport, reduced_motion="reduce")
        page.add_init_script(f"localStorage.setItem('uno.lang', '{lang}')")
        page.goto(f"{server.url}/t/{code}?watch")
        page.wait_for_selector("#lobby:not([hidden])")
        post(server.url, f"/api/tables/{code}/start", host_token=host)
        wait_until(page, screen, timeout=30)
        problems += serious(page, "hand-over" if target > 1 else "results")
        assert not page.errors  # type: ignore[attr-defined]
    assert problems == [], "\n".join(problems)
