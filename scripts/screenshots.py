#!/usr/bin/env python3
"""Take the screenshots of docs/web.md from a real server, in Debian's Chromium.

Starts ``unoattack serve`` (``python -m unoattack.web serve``) on 127.0.0.1 with a fresh
SQLite database in a temporary folder and chosen seeds, so each run plays the same
games (only the table codes, drawn at random, differ); drives Chromium through
Playwright like a player; writes ``docs/img/web-*.png``:

* ``web-home-en.png``, ``web-home-fr.png``: the home page (desktop; phone in French),
  with the presets of the house rules;
* ``web-howto-en.png``: How to play;
* ``web-lobby-en.png``: a host's lobby, a friend seated, a bot and an empty seat;
* ``web-table-en.png``, ``web-table-fr.png``: a table of four on a desktop, your turn;
* ``web-handover-en.png``: between two hands, every hand laid down;
* ``web-match-over-fr.png``: the match is over;
* ``web-phone-10-en.png``, ``web-phone-10-fr.png``: ten seats on a 390x844 phone.

``--every`` takes, instead, each view on a phone and a desktop in English and French
(``web-every-VIEW-LANG-phone.png``, ``...-desktop.png``): the home page with its house
rules open, a host's lobby, How to play at a Chaos table of the later edition (its house
rules said as the table's), a player's turn with UNO armed, the same turn with a long
refusal (nobody to catch), the hand-over and the end of the match; pictures to look at
after changing the page, not for docs/img.

Usage (from a clone, with the web and web-test extras installed)::

    .venv/bin/python scripts/screenshots.py [--out docs/img] [--chromium /usr/bin/chromium]
    .venv/bin/python scripts/screenshots.py --every --out /tmp/shots
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, sync_playwright

from unoattack.rules import Edition
from unoattack.web.presets import preset_options
from unoattack.web.services import ServerProcess

ROOT = Path(__file__).resolve().parent.parent
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--font-render-hinting=none",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Invite links (and their QR code) as a server on a home network would give them.
PUBLIC_URL = "http://192.168.1.20:8000"


def post(base: str, path: str, **body: Any) -> dict[str, Any]:
    response = httpx.post(base + path, json=body, timeout=10)
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


def wait_until(page: Page, script: str, timeout: float = 60) -> None:
    """Poll a JavaScript expression (the page's CSP forbids Playwright's eval waits)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({script})"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"never true: {script}")
        time.sleep(0.05)


class Shots:
    """A browser and a server, and the folder the pictures go to."""

    def __init__(self, browser: Browser, server: ServerProcess, out: Path) -> None:
        self.browser = browser
        self.url = server.url
        self.out = out
        self.taken: list[Path] = []

    def page(self, viewport: dict[str, int], lang: str) -> Page:
        context = self.browser.new_context(viewport=viewport, locale="en-GB", device_scale_factor=1)
        page = context.new_page()
        page.goto(self.url + "/static/favicon.svg")
        page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")
        page.evaluate("localStorage.setItem('uno.muted', '1')")
        return page

    def table(self, seats: int, seed: int, **body: Any) -> dict[str, Any]:
        setup = {"seats": seats, "seed": seed, "host_name": "Ann", "turn_timer": 0, **body}
        return post(self.url, "/api/tables", **setup)

    def bots(self, table: dict[str, Any], seats: range, level: str = "heuristic") -> None:
        for seat in seats:
            path = f"/api/tables/{table['code']}/seats/{seat}/bot"
            post(self.url, path, host_token=table["host_token"], level=level)

    def start(self, table: dict[str, Any]) -> None:
        post(self.url, f"/api/tables/{table['code']}/start", host_token=table["host_token"])

    def sit(self, page: Page, table: dict[str, Any], host: bool = True) -> None:
        code = table["code"]
        page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
        if host:
            page.evaluate(f"localStorage.setItem('uno.host.{code}', '{table['host_token']}')")
        page.goto(f"{self.url}/t/{code}")

    def take(self, page: Page, name: str, full_page: bool = False) -> None:
        path = self.out / f"web-{name}.png"
        # Cards still flying out of the launcher land first, and the launcher's banner goes
        # (it would hide what the picture is of); fonts and the last render settle.
        wait_until(page, "document.getElementById('flying').children.length === 0", 10)
        with contextlib.suppress(TimeoutError):  # bots still pressing may keep it up
            wait_until(page, "document.getElementById('fire-banner').hidden", 10)
        page.wait_for_timeout(300)
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        self.taken.append(path)
        page.context.close()


def my_turn(page: Page) -> None:
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    wait_until(page, "document.getElementById('picker').hidden")


def home(shots: Shots) -> None:
    for lang, viewport in (("en", DESKTOP), ("fr", PHONE)):
        page = shots.page(viewport, lang)
        page.goto(shots.url + "/")
        wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
        page.fill("#create-name", "Ann")
        page.check("#preset-family")
        page.locator("#create-presets").scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, 0)")
        shots.take(page, f"home-{lang}", full_page=True)
    page = shots.page(DESKTOP, "en")
    page.goto(shots.url + "/")
    wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
    page.click("#home-howto")
    page.wait_for_selector("#howto[open]")
    shots.take(page, "howto-en")


def lobby(shots: Shots) -> None:
    table = shots.table(4, seed=7)
    post(shots.url, f"/api/tables/{table['code']}/join", name="Bob")
    shots.bots(table, range(2, 3))
    page = shots.page(DESKTOP, "en")
    shots.sit(page, table)
    page.wait_for_selector("#lobby:not([hidden])")
    wait_until(page, "document.querySelectorAll('#lobby-seats li .badge').length >= 2")
    wait_until(page, "document.getElementById('invite-qr').complete")
    shots.take(page, "lobby-en")


def first_turn(shots: Shots, game: dict[str, Any], viewport: dict[str, int], lang: str) -> Page:
    """Ann's page at ``game``, which starts: her first turn."""
    page = shots.page(viewport, lang)
    shots.sit(page, game)
    page.wait_for_selector("#lobby:not([hidden])")
    shots.start(game)
    my_turn(page)
    return page


def table(shots: Shots) -> None:
    for lang in ("en", "fr"):
        game = shots.table(4, seed=11)
        shots.bots(game, range(1, 4))
        shots.take(first_turn(shots, game, DESKTOP, lang), f"table-{lang}")


def phone_ten_seats(shots: Shots) -> None:
    for lang in ("en", "fr"):
        game = shots.table(10, seed=21)
        shots.bots(game, range(1, 10))
        shots.take(first_turn(shots, game, PHONE, lang), f"phone-10-{lang}")


@contextmanager
def watching(
    shots: Shots, seed: int, target: int, lang: str, viewport: dict[str, int] = DESKTOP
) -> Iterator[Page]:
    """A table of four bots, watched (from a desktop unless ``viewport`` says otherwise)."""
    game = shots.table(4, seed=seed, host_name=None, target_score=target, options={"hand_size": 4})
    shots.bots(game, range(4))
    page = shots.page(viewport, lang)
    page.goto(f"{shots.url}/t/{game['code']}?watch")
    page.wait_for_selector("#lobby:not([hidden])")
    shots.start(game)
    yield page


def hand_over(shots: Shots) -> None:
    with watching(shots, seed=3, target=500, lang="en") as page:
        wait_until(page, "document.body.dataset.handover === 'yes'")
        shots.take(page, "handover-en")


def match_over(shots: Shots) -> None:
    with watching(shots, seed=4, target=1, lang="fr") as page:
        wait_until(page, "document.body.dataset.screen === 'results'")
        page.wait_for_timeout(4500)  # the confetti has gone
        shots.take(page, "match-over-fr")


#: A friend's name as long as a name may be (24 characters), to see where names wrap.
LONG_NAME = "Marie-Charlotte Dupontel"
SIZES = (("phone", PHONE), ("desktop", DESKTOP))


def every(shots: Shots) -> None:
    """Each view on a phone and a desktop, in English and French."""
    for lang in ("en", "fr"):
        for size, viewport in SIZES:
            name = f"{lang}-{size}"
            page = shots.page(viewport, lang)
            page.goto(shots.url + "/")
            wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
            page.fill("#create-name", "Ann")
            page.click("#create-rules summary")
            page.evaluate("window.scrollTo(0, 0)")
            shots.take(page, f"every-home-{name}", full_page=True)

            lobby = shots.table(4, seed=7)
            post(shots.url, f"/api/tables/{lobby['code']}/join", name=LONG_NAME)
            shots.bots(lobby, range(2, 3))
            page = shots.page(viewport, lang)
            shots.sit(page, lobby)
            page.wait_for_selector("#lobby:not([hidden])")
            wait_until(page, "document.querySelectorAll('#lobby-seats li .badge').length >= 2")
            shots.take(page, f"every-lobby-{name}", full_page=True)

            options = preset_options(Edition.load("2010"), "chaos")
            chaos = shots.table(
                4, seed=7, edition="2010", options=options, scoring_mode="challenge"
            )
            page = shots.page(viewport, lang)
            shots.sit(page, chaos)
            page.wait_for_selector("#lobby:not([hidden])")
            page.click("#btn-howto")
            page.wait_for_selector("#howto[open]")
            shots.take(page, f"every-howto-table-{name}")

            # Seed 1 deals Ann red 7 and a green Hit 2 and the first turn: UNO may be armed,
            # and C, with nobody to catch, is refused at length.
            for view, key in (("armed", "u"), ("refused", "c")):
                game = shots.table(4, seed=1, options={"hand_size": 2})
                post(shots.url, f"/api/tables/{game['code']}/join", name=LONG_NAME)
                shots.bots(game, range(2, 4))
                page = first_turn(shots, game, viewport, lang)
                page.keyboard.press(key)
                wait_until(page, "document.getElementById('toast').classList.contains('show')")
                shots.take(page, f"every-{view}-{name}")

            with watching(shots, seed=3, target=500, lang=lang, viewport=viewport) as page:
                wait_until(page, "document.body.dataset.handover === 'yes'")
                shots.take(page, f"every-handover-{name}")

            with watching(shots, seed=4, target=1, lang=lang, viewport=viewport) as page:
                wait_until(page, "document.body.dataset.screen === 'results'")
                page.wait_for_timeout(4500)  # the confetti has gone
                shots.take(page, f"every-match-over-{name}", full_page=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument(
        "--every", action="store_true", help="each view on a phone and a desktop, in both languages"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="unoattack-shots-") as data:
        server = ServerProcess(
            "--db",
            f"sqlite:///{data}/tables.sqlite3",
            "--allow-seed",
            "--public-url",
            PUBLIC_URL,
            "--bot-delay",
            "0.05",
            "--hand-pause",
            "90",
            "--bot-hand-pause",
            "90",
            "--creates-per-minute",
            "1000",
            "--joins-per-minute",
            "1000",
        )
        with server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
            shots = Shots(browser, server, args.out)
            views = (home, lobby, table, hand_over, match_over, phone_ten_seats)
            for take in (every,) if args.every else views:
                take(shots)
            browser.close()
    for path in shots.taken:
        print(
            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
            f"  {path.stat().st_size // 1024} KB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
