"""End to end in a real browser: headless Chromium (Debian's package) driven by Playwright.

Two browser players and a bot play a complete hand, one player reloads mid-hand and
carries on, a spectator watches; the UNO button stays reachable over the colour picker.
Chromium comes from ``apt-get install chromium`` (never ``playwright install``).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from unoattack.bots.ismcts import MoveEstimate
from unoattack.engine import Game
from unoattack.engine.determinize import Sampler
from unoattack.web import manager as manager_module
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread, create_table, post

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0.15, uno_grace=0.1, allow_seed=True
    )
    with ServerThread(settings) as running:
        yield running


def new_page(browser: Browser, viewport: dict[str, int]) -> Page:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def shot(page: Page, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path))
    keep = os.environ.get("UNOATTACK_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / path.name)


def body(page: Page, key: str) -> str:
    value: str = page.evaluate(f"document.body.dataset.{key} || ''")
    return value


CLICK_MS = 3000  # how long one click may wait for its button before the page is read again


def hand(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        "#hand .card", "els => els.map(e => e.dataset.card)"
    )
    return sorted(cards)


def wait_until(page: Page, script: str, timeout: float = 10) -> None:
    """Poll a JavaScript expression (the page's CSP forbids Playwright's eval-based waits)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({script})"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"never true: {script}")
        time.sleep(0.02)


def sit_and_start(
    page: Page, server: ServerThread, table: dict[str, object], lang: str = "en"
) -> None:
    """Open the table as its host (in ``lang``) and start the match."""
    code, host = str(table["code"]), str(table["host_token"])
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")
    post(server.url, f"/api/tables/{code}/start", host_token=host)


def step(page: Page) -> bool:
    """Make one move through the page, as a person would; False if it is not our turn.

    The page re-renders on every update from the server (a bot's move, a catch, cards
    flying in), so a button found a moment ago may be gone: a click that cannot land
    within a short time counts as no move, and the caller looks again.
    """
    try:
        if page.is_visible("#picker") and page.locator("#picker-options button").count():
            page.locator("#picker-options button").first.click(timeout=CLICK_MS)
            return True
        uno = page.locator("#btn-uno")
        if page.is_visible("#btn-uno") and "ready" in (uno.get_attribute("class") or ""):
            uno.click(timeout=CLICK_MS)  # arms UNO for the play that leaves one card, or says it
            return True
        if body(page, "myTurn") != "yes":
            return False
        playable = page.locator("#hand .card.playable")
        if playable.count():
            playable.first.click(timeout=CLICK_MS)
        elif page.is_visible("#btn-stop"):
            page.click("#btn-stop", timeout=CLICK_MS)
        else:
            page.click("#btn-press", timeout=CLICK_MS)
    except PlaywrightTimeoutError:
        return False
    return True


def test_two_players_and_a_bot_play_a_hand_with_a_reload_and_a_spectator(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    ann = new_page(browser, PHONE)
    ann.goto(server.url + "/")
    ann.fill("#create-name", "Ann")
    ann.fill("#create-seats", "3")
    ann.select_option("#create-launcher", "draw-one")
    ann.fill("#create-target", "1")
    ann.fill("#create-timer", "0")
    ann.fill("#create-seed", "12")
    ann.click("#create-rules summary")
    ann.fill("#rule-hand_size", "3")
    shot(ann, tmp_path, "phone-home")
    ann.click("#create-btn")
    ann.wait_for_selector("#lobby:not([hidden])")
    code = ann.text_content("#table-code") or ""
    assert len(code) == 6

    bob = new_page(browser, DESKTOP)
    bob.goto(f"{server.url}/t/{code}")
    bob.fill("#join-name", "Bob <b>&amp;")
    bob.click("#join-btn")
    wait_until(bob, "document.body.dataset.seat === '1'")
    ann.select_option('#lobby-seats li[data-seat="2"] .bot-level', "heuristic")
    ann.click('#lobby-seats li[data-seat="2"] .add-bot')
    ann.wait_for_selector('#lobby-seats li[data-seat="2"] .badge')
    # A name is text, never markup.
    assert ann.text_content('#lobby-seats li[data-seat="1"] .who') == "Bob <b>&amp;"
    assert ann.locator('#lobby-seats li[data-seat="1"] .who b').count() == 0

    watcher = new_page(browser, PHONE)
    watcher.goto(f"{server.url}/t/{code}?watch")
    watcher.wait_for_selector("#lobby:not([hidden])")
    assert watcher.is_hidden("#join-form")
    shot(ann, tmp_path, "phone-lobby")
    ann.click("#start-btn")
    for page in (ann, bob, watcher):
        wait_until(page, "document.body.dataset.screen === 'game'")
    assert watcher.locator("#hand .card").count() == 0
    assert watcher.text_content("#hand-title") == "You are watching: no hand to show."
    # Said once: the line under the table says whose turn it is, not "You are watching" again.
    wait_until(watcher, "document.getElementById('prompt').textContent !== ''")
    assert "watching" not in (watcher.text_content("#prompt") or "")
    assert watcher.is_hidden("#actions")

    reloaded = False
    bob_moves = 0
    phone_shot = False
    deadline = time.monotonic() + 150
    while not all(body(p, "screen") == "results" for p in (ann, bob)):
        assert time.monotonic() < deadline, "the hand did not finish"
        moved = False
        for page in (ann, bob):
            if body(page, "screen") != "game":
                continue
            if page is ann and not phone_shot and body(ann, "myTurn") == "yes":
                shot(ann, tmp_path, "phone-game")
                phone_shot = True
            if page is bob and not reloaded and bob_moves >= 2 and body(bob, "myTurn") == "yes":
                before, state = hand(bob), body(bob, "state")
                bob.reload()
                wait_until(bob, "document.body.dataset.screen === 'game'")
                wait_until(bob, f"document.body.dataset.state === '{state}'")
                assert body(bob, "seat") == "1" and hand(bob) == before
                reloaded = True
            before_state = body(page, "state")
            if step(page):
                moved = True
                if page is bob:
                    bob_moves += 1
                wait_until(
                    page,
                    f"document.body.dataset.state !== '{before_state}' || "
                    "!document.getElementById('picker').hidden || "
                    "document.getElementById('btn-uno').classList.contains('armed')",
                    timeout=10,
                )
        if not moved:
            time.sleep(0.05)
        assert watcher.locator("#hand .card").count() == 0
    assert reloaded, "Bob never had a turn after his second move"

    for page in (ann, bob, watcher):
        wait_until(page, "document.body.dataset.screen === 'results'")
        assert page.text_content("#results-winner")
        assert page.locator("#results-table tbody tr").count() == 3
        assert not page.errors  # type: ignore[attr-defined]
    shot(ann, tmp_path, "phone-results")

    # The replay steps through the match.
    ann.click("#replay-btn")
    wait_until(ann, "document.body.dataset.replayStep === '0'")
    ann.click("#replay-next")
    wait_until(ann, "document.body.dataset.replayStep === '1'")
    ann.click("#replay-last")
    steps = ann.get_attribute("#replay-slider", "max")
    wait_until(ann, f"document.body.dataset.replayStep === '{steps}'")
    assert int(steps or 0) > 3
    shot(ann, tmp_path, "phone-replay")

    # In French.
    watcher.click("#btn-lang")
    assert watcher.text_content("#results h1") == "La partie est terminée"
    shot(watcher, tmp_path, "phone-results-fr")


def test_uno_stays_reachable_over_the_colour_picker(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    # Seed 43 deals seat 0 a red 9 and a Wild, and seat 0 plays first.
    options = {"hand_size": 2}
    game = Game.new("2003", players=2, seed=43, launcher="draw-one", options=options)
    assert game.to_act == 0 and sorted(str(c) for c in game.hand(0)) == ["R9", "W"]
    table = create_table(
        server.url,
        seats=2,
        seed=43,
        host_name="Ann",
        launcher="draw-one",
        options=options,
        turn_timer=0,
    )
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="random")
    page = new_page(browser, PHONE)
    sit_and_start(page, server, table, lang="fr")
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    assert page.text_content("#prompt", timeout=5000) == (
        "À vous : jouez une carte ou appuyez sur le distributeur."
    )

    page.click('#hand .card[data-card="W"]')
    page.wait_for_selector("#picker:not([hidden])")
    assert page.locator("#picker-options button").count() == 4
    # The UNO button is on top of the picker, not behind it.
    on_top = page.evaluate(
        """() => {
            const r = document.getElementById('btn-uno').getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit && hit.id;
        }"""
    )
    assert on_top == "btn-uno"
    page.click("#btn-uno")
    assert "armed" in (page.get_attribute("#btn-uno", "class") or "")
    shot(page, tmp_path, "phone-picker")
    page.click('#picker-options button[data-colour="G"]')
    wait_until(page, "document.body.dataset.state !== '0'")
    page.wait_for_selector('#seats .seat[data-seat="0"] .badge.uno')
    log = page.text_content("#log") or ""
    assert "Ann (vous) joue Carte blanche (couleur vert)." in log
    assert "Ann (vous) dit UNO !" in log
    assert not page.errors  # type: ignore[attr-defined]


def test_a_trade_hands_asks_for_its_target(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    # Seed 19 deals seat 0 a red Trade Hands it may play first, at seat 1 or seat 2.
    game = Game.new("2003", players=3, seed=19, launcher="draw-one")
    assert game.to_act == 0 and "R-TH" in [str(c) for c in game.hand(0)]
    table = create_table(
        server.url, seats=3, seed=19, host_name="Ann", launcher="draw-one", turn_timer=0
    )
    code, host = str(table["code"]), str(table["host_token"])
    for seat in (1, 2):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host)
    page = new_page(browser, PHONE)
    sit_and_start(page, server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    page.click('#hand .card[data-card="R-TH"]')
    page.wait_for_selector("#picker:not([hidden])")
    targets = page.eval_on_selector_all(
        "#picker-options button", "els => els.map(e => e.dataset.target)"
    )
    assert targets == ["1", "2"]
    assert page.text_content("#picker-title") == "Aim red Trade Hands at…"
    shot(page, tmp_path, "phone-target")
    page.click('#picker-options button[data-target="2"]')
    wait_until(page, "document.body.dataset.state !== '0'")
    assert "Ann (you) played red Trade Hands at Bot 3." in (page.text_content("#log") or "")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("fr", PHONE)])
def test_the_coach_shows_its_best_moves_in_the_players_language(
    browser: Browser, server: ServerThread, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", seed=5)
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="heuristic")
    page = new_page(browser, viewport)
    sit_and_start(page, server, table, lang)
    wait_until(page, "document.body.dataset.myTurn === 'yes'", timeout=20)
    page.click("#btn-hint")
    page.wait_for_selector("#hint-panel:not([hidden]) #hint-moves li", timeout=20_000)
    moves = page.locator("#hint-moves li").all_text_contents()
    assert 1 <= len(moves) <= 3
    one = {"en": "Only one move", "fr": "Un seul coup"}[lang]
    assert all(re.search(r"\d+ ?%$", move) or one in move for move in moves), moves
    title = {"en": "your chance to win the hand", "fr": "vos chances de gagner la manche"}
    assert title[lang] in page.text_content("#hint-panel h2")
    shot(page, tmp_path, f"hint-{lang}")
    if viewport == DESKTOP:  # the moves beside the hand, not over it
        panel = page.locator("#hint-panel").bounding_box()
        assert panel is not None
        for card in page.locator("#hand .card").all():
            box = card.bounding_box()
            assert box is not None
            apart = (
                box["x"] + box["width"] <= panel["x"]
                or panel["x"] + panel["width"] <= box["x"]
                or box["y"] + box["height"] <= panel["y"]
                or panel["y"] + panel["height"] <= box["y"]
            )
            assert apart, (box, panel)
    # The page's other language says the same moves in its words.
    page.click("#btn-lang")
    other = {"en": "vos chances de gagner la manche", "fr": "your chance to win the hand"}
    wait_until(
        page, f"document.querySelector('#hint-panel h2').textContent.includes({other[lang]!r})"
    )
    again = page.locator("#hint-moves li").all_text_contents()
    assert len(again) == len(moves) and again != moves, (moves, again)
    page.click("#btn-lang")
    assert page.locator("#hint-moves li").all_text_contents() == moves
    page.click("#hint-close")
    assert not page.is_visible("#hint-panel")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_coach_says_when_its_best_moves_are_about_even(
    browser: Browser, server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Early in a hand at a large table the coach's moves all read, say, 8 %: three equal
    figures guided nobody. The page says when they are about even (bots.ismcts.about_even,
    here given such estimates), in the page's language, and again in the other one."""

    def even(knowledge: Sampler, rng: random.Random) -> tuple[MoveEstimate, ...]:
        legal = knowledge.legal_actions()
        return tuple(MoveEstimate(a, 10, 0.081 - 0.003 * i) for i, a in enumerate(legal[:3]))

    monkeypatch.setattr(manager_module, "coach", even)
    table = create_table(server.url, seats=2, host_name="Ann", seed=5)
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="heuristic")
    page = new_page(browser, PHONE)
    sit_and_start(page, server, table, "fr")
    wait_until(page, "document.body.dataset.myTurn === 'yes'", timeout=20)
    page.click("#btn-hint")
    page.wait_for_selector("#hint-panel:not([hidden]) #hint-even:not([hidden])", timeout=20_000)
    assert page.text_content("#hint-even") == "Ces coups se valent à peu près ici."
    page.click("#btn-lang")
    wait_until(page, "document.getElementById('hint-even').textContent.startsWith('These')")
    assert page.text_content("#hint-even") == "These moves are about even here."
    assert not page.errors  # type: ignore[attr-defined]


def test_no_hint_button_where_the_host_turned_hints_off(
    browser: Browser, server: ServerThread
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", seed=5, hints=False)
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="heuristic")
    page = new_page(browser, DESKTOP)
    sit_and_start(page, server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'", timeout=20)
    assert not page.is_visible("#btn-hint")
    assert not page.errors  # type: ignore[attr-defined]
