"""A browser table a family wants to come back to, in headless Chromium (Playwright):
the moment between two hands (who won, every hand laid down, the scores, "Next hand"),
the countdown of a table of bots, and the rematch at the same table with the same seats.

Each test is short: a few seconds on a shared 2-core machine (small hands, fast bots).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

import httpx
from playwright.sync_api import Browser, Page
from test_web_browser import CHROMIUM, DESKTOP, PHONE, body, new_page, shot, step, wait_until

from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

LANGS = [("en", DESKTOP), ("fr", PHONE)]


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0.05,
        uno_grace=0.05,
        allow_seed=True,
        hand_pause=60,
        bot_hand_pause=2,
    )
    with ServerThread(settings) as running:
        yield running


def open_as(
    page: Page, server: ServerThread, code: str, token: str, lang: str, host: str = ""
) -> None:
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{token}')")
    if host:
        page.evaluate(f"localStorage.setItem('uno.host.{code}', '{host}')")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")


def play_until(pages: list[Page], done: str, timeout: float = 30) -> None:
    """Each page plays its turns (the first playable card, else press) until ``done``
    (a JavaScript expression) holds on every page."""
    deadline = time.monotonic() + timeout
    while not all(p.evaluate(f"() => Boolean({done})") for p in pages):
        assert time.monotonic() < deadline, f"never true: {done}"
        moved = False
        for page in pages:
            if body(page, "screen") == "game" and body(page, "handover") != "yes":
                moved = step(page) or moved
        if not moved:
            time.sleep(0.03)


def last_event(client: Client, kind: str) -> dict[str, Any]:
    def seen(c: Client) -> bool:
        return any(e["type"] == kind for m in c.messages for e in m.get("events") or [])

    client.until(seen, timeout=5)
    for message in reversed(client.messages):
        for event in reversed(message.get("events") or message.get("recent") or []):
            if event["type"] == kind:
                found: dict[str, Any] = event
                return found
    raise AssertionError(f"no {kind} event")


def short_table(
    server: ServerThread, *, seats: int, seed: int, hand_size: int, target: int, timer: int
) -> dict[str, Any]:
    """A table that Ann hosts, of short hands (the launcher mostly dings)."""
    return create_table(
        server.url,
        seats=seats,
        host_name="Ann",
        seed=seed,
        options={"hand_size": hand_size},
        target_score=target,
        turn_timer=timer,
        launcher="scripted:0,0,0,1,loop",
    )


def ann_and_bob(
    server: ServerThread,
    browser: Browser,
    table: dict[str, Any],
    lang: str,
    viewport: dict[str, int],
) -> tuple[Page, Page]:
    """Ann (the host, on ``viewport``) and Bob (who joins, on a phone) at ``table``, each
    on a page, and the match started."""
    code = table["code"]
    joined = httpx.post(f"{server.url}/api/tables/{code}/join", json={"name": "Bob"}).json()
    ann = new_page(browser, viewport)
    bob = new_page(browser, PHONE)
    open_as(ann, server, code, table["token"], lang, table["host_token"])
    open_as(bob, server, code, joined["token"], lang)
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    return ann, bob


HANDOVER = {
    "en": {
        "title": "{who} wins hand 1 and scores {points} points!",
        "you": "You win hand 1 and score {points} points!",
        "next": "Next hand",
        "head": ["Player", "Cards left", "Points in hand", "Score"],
    },
    "fr": {
        "title": "{who} gagne la manche 1 et marque {points} points !",
        "you": "Vous gagnez la manche 1 et marquez {points} points !",
        "next": "Manche suivante",
        "head": ["Joueur", "Cartes restantes", "Points en main", "Score"],
    },
}


# Each card of a hand's summary as it is drawn: its size, and the words of its parts that
# show (the corners' symbol, the colour's shape, the action's name under the oval).
DRAWN = """cards => cards.map(card => {
  const shown = (parts) => [...card.querySelectorAll(parts)]
    .filter(el => getComputedStyle(el).display !== "none" && el.getBoundingClientRect().width > 0)
    .map(el => el.textContent);
  const r = card.getBoundingClientRect();
  return {
    card: card.dataset.card, size: [r.width, r.height], symbol: card.dataset.symbol,
    suit: card.dataset.suit, corners: shown(".corner"), suits: shown(".suit"), words: shown(".t"),
  };
})"""
#: The size of a card of a crowded hand at the table, as the summaries draw every card.
SUMMARY_CARD = {PHONE["width"]: [44, 64], DESKTOP["width"]: [54, 80]}


def assert_drawn_as_at_the_table(row: Any, cards: list[str], viewport: dict[str, int]) -> None:
    """The cards of ``row`` (a hand's summary) are ``cards``, each drawn as the table
    draws it: the symbol in two corners, the colour's shape in the other two, an
    action's name, at the size of a crowded hand's cards."""
    drawn = row.locator(".card").evaluate_all(DRAWN)
    assert [d["card"] for d in drawn] == cards
    for d in drawn:
        assert d["corners"] == [d["symbol"]] * 2, d
        assert d["suits"] == [d["suit"]] * 2 and d["suit"] in "♥★♣◆✦", d
        assert len(d["words"]) == (0 if d["card"][1:].isdigit() else 1), d
        assert d["size"] == SUMMARY_CARD[viewport["width"]], d


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_between_hands_every_hand_is_laid_down_and_the_next_waits_for_the_player(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    table = short_table(server, seats=3, seed=5, hand_size=2, target=5000, timer=0)
    code, host = table["code"], table["host_token"]
    for seat in (1, 2):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level="random")
    page = new_page(browser, viewport)
    open_as(page, server, code, table["token"], lang)
    watcher = Client(server.ws_url, code)
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "document.body.dataset.screen === 'game'")
    # Before the hand ends nobody's cards but one's own are on the page.
    assert page.is_hidden("#handover")
    play_until([page], "document.body.dataset.handover === 'yes'")
    won = last_event(watcher, "hand_won")
    words = HANDOVER[lang]
    bot = {"en": "Bot", "fr": "Robot"}[lang]  # the server's "Bot 2", in the page's words
    names = ["Ann", f"{bot} 2", f"{bot} 3"]
    points = won["points"]
    expected = (
        words["you"].format(points=points)
        if won["seat"] == 0
        else words["title"].format(who=names[won["seat"]], points=points)
    )
    assert page.text_content("#handover-title") == expected
    heads = page.locator("#handover-table th").all_text_contents()
    assert heads == words["head"]
    rows = page.locator("#handover-table tbody tr")
    assert rows.count() == 3
    for seat in range(3):
        row = rows.nth(seat)
        assert_drawn_as_at_the_table(row, won["hands"][seat], viewport)
        cells = row.locator("td").all_text_contents()
        assert cells[0].startswith(names[seat])
        assert cells[2:] == [str(won["hand_points"][seat]), str(won["scores"][seat])]
    assert page.text_content("#next-hand-btn") == words["next"]
    assert page.is_visible("#next-hand-btn")
    shot(page, tmp_path, f"handover-{lang}")
    # Cards still flying from the hand's last press do not cross the summary.
    assert page.evaluate("getComputedStyle(document.getElementById('flying')).display") == "none"
    # The table waits for Ann: the bots do not deal on.
    state = body(page, "state")
    time.sleep(0.4)
    assert body(page, "state") == state and body(page, "handover") == "yes"
    page.click("#next-hand-btn")
    wait_until(page, "document.body.dataset.handover === 'no'")
    wait_until(page, "document.body.dataset.state !== '" + state + "'")
    assert page.text_content("#hand-number") == ("Hand 2" if lang == "en" else "Manche 2")
    assert not page.errors  # type: ignore[attr-defined]
    watcher.close()


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 560}, {"width": 390, "height": 600}],
    ids=["short-desktop", "short-phone"],
)
def test_next_hand_and_who_is_waiting_stay_in_sight_however_long_the_hands(
    server: ServerThread, browser: Browser, viewport: dict[str, int]
) -> None:
    # Four hands laid down do not fit a short screen: the hands scroll in the
    # hand-over, its last lines ("Next hand", who is still to say ready) stay in sight.
    table = short_table(server, seats=4, seed=3, hand_size=7, target=5000, timer=0)
    code, host = table["code"], table["host_token"]
    for seat in (1, 2, 3):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level="random")
    page = new_page(browser, viewport)
    open_as(page, server, code, table["token"], "en")
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "document.body.dataset.screen === 'game'")
    play_until([page], "document.body.dataset.handover === 'yes'", timeout=60)
    panel = page.locator("#handover")
    assert panel.evaluate("el => el.scrollHeight > el.clientHeight")  # the hands scroll
    for selector in ("#next-hand-btn", "#handover-status"):
        box = page.locator(selector).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (selector, box)
        # Not under the hands: the element itself is what a tap on its middle reaches.
        at = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)"
            ".closest('#next-hand-btn, #handover-status')?.id",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert at == selector[1:], (selector, at)
    page.click("#next-hand-btn")
    wait_until(page, "document.body.dataset.handover === 'no'")
    assert not page.errors  # type: ignore[attr-defined]


def wait_for_toast(page: Page, text: str, timeout: float = 10) -> None:
    wait_until(
        page,
        "document.getElementById('toast').classList.contains('show') && "
        f"document.getElementById('toast').textContent === {text!r}",
        timeout=timeout,
    )


def test_a_lost_connection_is_a_banner_and_a_move_meanwhile_says_it_was_not_sent(
    browser: Browser,
) -> None:
    # In the top bar the notice squeezed the buttons off a phone's screen, and a card
    # tapped while the page was cut off did nothing and said nothing.
    settings = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0.05, allow_seed=True)
    page = new_page(browser, PHONE)
    with ServerThread(settings) as gone:
        table = create_table(gone.url, seats=2, host_name="Ann", seed=5, turn_timer=0)
        code, host = table["code"], table["host_token"]
        post(gone.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="heuristic")
        open_as(page, gone, code, table["token"], "fr", host)
        post(gone.url, f"/api/tables/{code}/start", host_token=host)
        wait_until(page, "document.body.dataset.myTurn === 'yes'", timeout=20)
    wait_until(page, "!document.getElementById('conn-status').hidden")
    assert page.text_content("#conn-status") == "Connexion perdue : reconnexion…"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    bar = page.locator("#topbar").bounding_box()
    banner = page.locator("#conn-status").bounding_box()
    language = page.locator("#btn-lang").bounding_box()
    assert bar and banner and language
    assert banner["y"] >= bar["y"] + bar["height"] - 1  # under the bar, not in it
    assert language["x"] + language["width"] <= PHONE["width"]  # still on the screen
    state = body(page, "state")
    page.locator("#hand .card").first.click()
    wait_for_toast(page, "Pas de connexion : rien n'est parti. Reconnexion…")
    assert body(page, "state") == state


def test_when_the_turn_timer_runs_out_the_player_is_told_a_bot_moved_for_them(
    server: ServerThread, browser: Browser
) -> None:
    # The log tells the stand-in's move as the player's own ("Ann (you) pressed"): the
    # page says it was the timer.
    table = short_table(server, seats=2, seed=5, hand_size=3, target=5000, timer=2)
    code, host = table["code"], table["host_token"]
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="random")
    page = new_page(browser, DESKTOP)
    open_as(page, server, code, table["token"], "en", host)
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "document.body.dataset.myTurn === 'yes'", timeout=20)
    wait_for_toast(page, "Time's up: a bot made this move for you.", timeout=15)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_the_end_of_the_match_shows_its_last_hand_as_the_hand_over_shows_a_hand(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    # Three bots, two cards each and a target of 1 point: the first hand ends the match,
    # so no hand-over comes between it and the results.
    code, host = table_of_bots(
        server, seats=3, seed=5, launcher="scripted:0,0,0,1,loop", hand_size=2, target_score=1
    )
    watcher = Client(server.ws_url, code)
    page = new_page(browser, viewport)
    page.add_init_script(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(f"{server.url}/t/{code}?watch")
    page.wait_for_selector("#lobby:not([hidden])")
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "document.body.dataset.screen === 'results'", timeout=20)
    won = last_event(watcher, "hand_won")
    assert won["hand_number"] == 1 and max(won["scores"]) >= 1
    words = HANDOVER[lang]
    bot = {"en": "Bot", "fr": "Robot"}[lang]
    names = [f"{bot} 1", f"{bot} 2", f"{bot} 3"]
    for reloaded in (False, True):  # as it ended, and on a page opened afterwards
        assert page.is_visible("#last-hand"), reloaded
        title = words["title"].format(who=names[won["seat"]], points=won["points"])
        assert page.text_content("#last-hand-title") == title
        assert page.locator("#last-hand-table th").all_text_contents() == words["head"]
        rows = page.locator("#last-hand-table tbody tr")
        assert rows.count() == 3
        for seat in range(3):
            row = rows.nth(seat)
            assert_drawn_as_at_the_table(row, won["hands"][seat], viewport)
            assert row.locator("td").all_text_contents()[::2] == [
                names[seat],
                str(won["hand_points"][seat]),
            ]
            assert row.locator("td").last.text_content() == str(won["scores"][seat])
        shot(page, tmp_path, f"last-hand-{lang}-{reloaded}")
        page.reload()
        wait_until(page, "document.body.dataset.screen === 'results'")
    assert not page.errors  # type: ignore[attr-defined]
    watcher.close()


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_the_next_hand_opens_on_the_first_players_turn_when_that_is_a_person(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    # Two people and no bot: when both are ready, nothing is played before one of them
    # must act, so the page learns of the new hand's first turn from the pause's end.
    table = short_table(server, seats=2, seed=5, hand_size=1, target=5000, timer=30)
    ann, bob = ann_and_bob(server, browser, table, lang, viewport)
    play_until([ann, bob], "document.body.dataset.handover === 'yes'")
    for page in (ann, bob):
        wait_until(page, "document.body.dataset.handover === 'yes'")
        page.click("#next-hand-btn")
    pages = (ann, bob)
    for page in pages:
        wait_until(page, "document.body.dataset.handover === 'no'")
    deadline = time.monotonic() + 5
    while not any(body(page, "myTurn") == "yes" for page in pages):
        assert time.monotonic() < deadline, "nobody's page shows the new hand's first turn"
        time.sleep(0.05)
    first = 0 if body(ann, "myTurn") == "yes" else 1
    mover, other = pages[first], pages[1 - first]
    assert mover.is_visible("#actions") and mover.is_visible("#btn-press")
    between = {"en": "Hand 1 is over.", "fr": "La manche 1 est terminée."}[lang]
    assert between not in (mover.text_content("#prompt") or "")
    waiting = {"en": "Waiting for {}", "fr": "En attente de {}"}[lang]
    assert (other.text_content("#prompt") or "").startswith(waiting.format(["Ann", "Bob"][first]))
    state = body(mover, "state")
    mover.click("#btn-press")  # and the turn is played
    wait_until(other, f"document.body.dataset.state !== '{state}'", timeout=5)
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]


def table_of_bots(
    server: ServerThread,
    *,
    seats: int,
    seed: int,
    launcher: str,
    hand_size: int = 1,
    target_score: int = 5000,
) -> tuple[str, str]:
    """A table of random bots, not started and untimed, dealing one card a hand and its
    match long (a target of 5,000 points) unless told otherwise: its code and the host's
    token."""
    table = create_table(
        server.url,
        seats=seats,
        seed=seed,
        options={"hand_size": hand_size},
        target_score=target_score,
        turn_timer=0,
        launcher=launcher,
    )
    code, host = table["code"], table["host_token"]
    for seat in range(seats):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level="random")
    return code, host


def test_a_table_of_bots_counts_down_to_the_next_hand(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    code, host = table_of_bots(server, seats=2, seed=7, launcher="scripted:0,0,0,1,loop")
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    page = new_page(browser, PHONE)
    page.goto(f"{server.url}/t/{code}?watch")
    wait_until(page, "document.body.dataset.handover === 'yes'", timeout=20)
    assert page.is_hidden("#next-hand-btn")
    status = page.text_content("#handover-status") or ""
    assert status in ("Next hand in 1 s", "Next hand in 2 s")
    wait_until(page, "document.body.dataset.handover === 'no'", timeout=5)
    assert not page.errors  # type: ignore[attr-defined]


# Counts the launcher's banners as they come up, and notes what the page shows once the
# hand-over has come up (a table of bots deals on after a short pause, and its bots fire
# the launcher again, so the page is read at that moment, not later).
#: Counts the launcher's banners, and notes the banner (and the prompt) as the hand-over
#: comes up and as the standings do.
BANNER_COUNTER = """
window.__banners = 0;
window.__atHandover = null;
window.__atResults = null;
document.addEventListener("DOMContentLoaded", () => {
  const el = document.getElementById("fire-banner");
  new MutationObserver(() => {
    if (el.classList.contains("show") && !el.hidden) window.__banners += 1;
  }).observe(el, { attributes: true, attributeFilter: ["class"] });
  new MutationObserver(() => {
    if (document.body.dataset.handover !== "yes" || window.__atHandover) return;
    window.__atHandover = {
      banner: el.hidden ? "hidden" : el.textContent,
      prompt: document.getElementById("prompt").textContent,
    };
  }).observe(document.body, { attributes: true, attributeFilter: ["data-handover"] });
  new MutationObserver(() => {
    if (document.body.dataset.screen !== "results" || window.__atResults) return;
    window.__atResults = el.hidden ? "hidden" : el.textContent;
  }).observe(document.body, { attributes: true, attributeFilter: ["data-screen"] });
});
"""


def test_the_launchers_banner_never_covers_the_standings(
    server: ServerThread, browser: Browser
) -> None:
    # A press's banner stayed up over the end-of-match standings, hiding ranks 2 and 3
    # on a phone. Every press fires one card; a one-card hand and a target of one point:
    # the match ends within a few presses of the last banner.
    code, host = table_of_bots(server, seats=3, seed=11, launcher="scripted:1,loop", target_score=1)
    page = new_page(browser, PHONE)
    page.add_init_script(BANNER_COUNTER)
    page.goto(f"{server.url}/t/{code}?watch")
    page.wait_for_selector("#lobby:not([hidden])")
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "window.__atResults !== null", timeout=30)
    assert page.evaluate("window.__banners") > 0  # the launcher did fire in the match
    assert page.evaluate("window.__atResults") == "hidden"
    assert page.is_hidden("#fire-banner")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_the_launchers_banner_never_covers_the_hand_over(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # Bots fire the launcher faster than its banners go: the news of the hand that ended
    # is dropped when the hand-over comes up, and the line under the table says the hand
    # is over (not whose turn it is in the hand dealt behind the hand-over).
    # Every press fires one card.
    code, host = table_of_bots(server, seats=3, seed=11, launcher="scripted:1,loop")
    page = new_page(browser, viewport)
    page.add_init_script(BANNER_COUNTER)
    page.add_init_script(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(f"{server.url}/t/{code}?watch")
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "window.__atHandover !== null", timeout=30)
    assert page.evaluate("window.__banners") > 0  # the launcher did fire in the hand
    assert page.evaluate("window.__atHandover") == {
        "banner": "hidden",
        "prompt": "Hand 1 is over." if lang == "en" else "La manche 1 est terminée.",
    }
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_a_rematch_keeps_the_seats_and_the_link(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    # Two people and no bot: nobody acts in the new match until they do.
    table = short_table(server, seats=2, seed=11, hand_size=1, target=1, timer=0)
    code = table["code"]
    ann, bob = ann_and_bob(server, browser, table, lang, viewport)
    ann.emulate_media(reduced_motion="reduce")
    play_until([ann, bob], "document.body.dataset.screen === 'results'")
    assert ann.is_visible("#rematch-btn") and bob.is_hidden("#rematch-btn")
    assert bob.is_visible("#rematch-note")
    # The standings, winner first, with their ranks.
    final = httpx.get(f"{server.url}/api/tables/{code}/record").json()["result"]
    winner = final["winners"][0]
    rows = [
        r.split("\t")
        for r in ann.locator("#results-table tbody tr").evaluate_all(
            "rs => rs.map(r => [...r.cells].map(c => c.textContent).join('\\t'))"
        )
    ]
    rows = [[rank, name.split(" (")[0], score] for rank, name, score in rows]  # "Ann (you)"
    names = ["Ann", "Bob"]
    assert rows == [
        ["1", names[winner], str(final["scores"][winner])],
        ["2", names[1 - winner], str(final["scores"][1 - winner])],
    ]
    # No confetti when motion is reduced; Bob's page has some.
    assert ann.locator("#celebration i").count() == 0
    assert bob.locator("#celebration i").count() == 60
    shot(ann, tmp_path, f"match-over-{lang}")
    # Bob watches the replay of the match when Ann starts the rematch.
    bob.click("#replay-btn")
    wait_until(bob, "document.body.dataset.screen === 'replay'")
    bob.click("#replay-next")
    wait_until(bob, "document.body.dataset.replayStep === '1'")
    ann.click("#rematch-btn")
    for page in (ann, bob):
        wait_until(page, "document.body.dataset.screen === 'game'")
        assert page.is_hidden("#replay-bar")
        assert page.evaluate("location.pathname") == f"/t/{code}"
        shown = page.locator("#seats .seat .name").all_text_contents()
        assert [name.split(" (")[0] for name in shown] == ["Ann", "Bob"]
        assert body(page, "handover") == "no"
        assert not page.errors  # type: ignore[attr-defined]
    assert body(ann, "seat") == "0" and body(bob, "seat") == "1"
    info = httpx.get(f"{server.url}/api/tables/{code}").json()
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob"]
    assert info["state"] == 0
    # A new deal: hand 1, one card each, and the scores are back to 0.
    for page in (ann, bob):
        assert page.locator("#hand .card").count() == 1
        assert page.text_content("#hand-number") == ("Hand 1" if lang == "en" else "Manche 1")
    assert ann.locator("#seats .seat .pts").all_text_contents()[:2] in (
        ["0 pts", "0 pts"],
        ["0 pt", "0 pt"],
    )
