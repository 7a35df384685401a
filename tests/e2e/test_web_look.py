"""The table's look and feel in headless Chromium (Playwright), on a desktop and a
390x844 phone, in English and French: UNO card faces with a shape per colour and a symbol
per action, the seats around the table with a fan of card backs, the launcher's banner,
cards flying to the pile, the turn alert (chime, buzz, tab title), the turn clock, the
bots' pace the host sets, and the log and the chat in tabs with an unread count.

Seed 13 with a hand of seven deals Ann yellow 7, red 9, yellow Reverse, red 4, yellow 3,
blue 5 and red Reverse, on a red 9, and gives her the first turn.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

import httpx
from playwright.sync_api import Browser, Page
from test_web_browser import CHROMIUM, DESKTOP, PHONE, body, new_page, shot, wait_until

from unoattack.engine import Game
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

BOTH = [("en", DESKTOP), ("fr", PHONE)]
ALL = [("en", DESKTOP), ("fr", DESKTOP), ("en", PHONE), ("fr", PHONE)]
SCRIPT = "scripted:7,m,1,loop"  # presses fire 7 cards, nothing, 1 card, 7 cards, ...
DEAL = {"seed": 13, "launcher": SCRIPT, "options": {"hand_size": 7}}

# A page that records its sounds and buzzes, and whose tab can be hidden.
RECORDER = """
window.__tones = [];
window.__buzz = [];
window.__hidden = false;
class FakeParam {
  setValueAtTime(v) { window.__tones.push(v); }
  exponentialRampToValueAtTime() {}
}
class FakeNode {
  constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect(n) { return n; }
  start() {}
  stop() {}
}
class FakeAudio {
  constructor() {
    this.currentTime = 0;
    this.state = "running";
    this.destination = {};
    this.sampleRate = 8000;
  }
  createOscillator() { return new FakeNode(); }
  createGain() { return new FakeNode(); }
  createBuffer(c, n) { return { getChannelData() { return new Float32Array(n); } }; }
  createBufferSource() { return new FakeNode(); }
  resume() {}
}
window.AudioContext = FakeAudio;
Object.defineProperty(Navigator.prototype, "vibrate", {
  value: function (pattern) { window.__buzz.push(pattern); return true; },
  configurable: true,
});
Object.defineProperty(Document.prototype, "hidden", {
  get: () => window.__hidden,
  configurable: true,
});
"""
# Every banner the page shows, in order (a loaded machine may read the page less often
# than a banner stays up).
BANNER_RECORDER = """
window.__banners = [];
document.addEventListener("DOMContentLoaded", () => {
  const el = document.getElementById("fire-banner");
  if (!el) return; // not the table's page
  new MutationObserver((records) => {
    const shown = records.some((r) => !(r.oldValue || "").split(" ").includes("show"));
    if (shown && el.classList.contains("show") && !el.hidden) window.__banners.push(el.textContent);
  }).observe(el, { attributes: true, attributeOldValue: true, attributeFilter: ["class"] });
});
"""
TURN_TONE = 587  # the first note of the turn chime (sound.turn), no other sound's


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0.05, uno_grace=0.05, allow_seed=True
    )
    with ServerThread(settings) as running:
        yield running


def open_table(
    page: Page, server: ServerThread, table: dict[str, str], lang: str, *, host: bool = True
) -> None:
    code = table["code"]
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    if host:
        page.evaluate(f"localStorage.setItem('uno.host.{code}', '{table['host_token']}')")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")


def with_zoe(server: ServerThread, turn_timer: int = 0) -> tuple[dict[str, str], Client]:
    """A table of Ann (the page) and Zoé (a WebSocket client), not started."""
    table = create_table(server.url, seats=2, host_name="Ann", turn_timer=turn_timer, **DEAL)
    joined = post(server.url, f"/api/tables/{table['code']}/join", name="Zoé").json()
    return table, Client(server.ws_url, table["code"], joined["token"])


def zoe_does(zoe: Client, action: str | None = None) -> None:
    """Zoé acts on her turn (``action``, else her first legal play) and reads the answer."""
    zoe.until(lambda c: c.my_turn(), timeout=10)
    assert zoe.view is not None
    if action is None:
        action = next(a["text"] for a in zoe.view["legal"] if a["kind"] == "play")
    state = zoe.state
    zoe.act(action)
    zoe.until(lambda c: c.state > state, timeout=10)


def start(server: ServerThread, table: dict[str, str]) -> None:
    post(server.url, f"/api/tables/{table['code']}/start", host_token=table["host_token"])


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# ---------------------------------------------------------------------- card faces

FACES = {
    "en": {
        "Y7": "yellow 7",
        "Y-Rev": "yellow Reverse",
        "B5": "blue 5",
        "R4": "red 4",
        "legend": ["♥ red", "★ yellow", "♣ green", "◆ blue"],
        "pile": "pile 1 · colour ♥ red",
    },
    "fr": {
        "Y7": "7 jaune",
        "Y-Rev": "Inversion jaune",
        "B5": "5 bleu",
        "R4": "4 rouge",
        "legend": ["♥ rouge", "★ jaune", "♣ vert", "◆ bleu"],
        "pile": "talon 1 · couleur ♥ rouge",
    },
}


@pytest.mark.parametrize(("lang", "viewport"), ALL)
def test_cards_have_uno_faces_with_a_shape_per_colour_and_a_symbol_per_action(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", turn_timer=0, **DEAL)
    post(server.url, f"/api/tables/{table['code']}/seats/1/bot", host_token=table["host_token"])
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    words = FACES[lang]
    # Each card in the hand is a button named in words; its face shows the symbol in the
    # oval and the corners, and the colour's shape.
    faces = {"Y7": ("7", "★"), "Y-Rev": ("⇄", "★"), "B5": ("5", "◆"), "R4": ("4", "♥")}
    for card, (symbol, suit) in faces.items():
        button = page.get_by_role("button", name=words[card], exact=True)
        assert button.count() == 1, card
        assert button.get_attribute("data-card") == card
        assert button.locator(".oval .n").text_content() == symbol
        corners = button.locator(".corner").all_text_contents()
        suits = button.locator(".suit").all_text_contents()
        assert (corners, suits) == ([symbol, symbol], [suit, suit])
    label = {"en": "Reverse", "fr": "Inversion"}[lang]  # whole words (it was "Rev", "Inv.")
    assert page.text_content('#hand .card[data-card="Y-Rev"] .oval .t') == label
    # The shapes are explained on the table, and the pile names its colour with its shape.
    assert page.locator("#colour-legend .key").all_text_contents() == words["legend"]
    assert (
        page.get_attribute("#colour-legend", "aria-label")
        == {
            "en": "Colour symbols",
            "fr": "Symboles des couleurs",
        }[lang]
    )
    assert page.text_content("#pile-info") == words["pile"]
    assert page.get_attribute("#top-card", "aria-label") == {"en": "red 9", "fr": "9 rouge"}[lang]
    shot(page, tmp_path, f"faces-{lang}-{viewport['width']}")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- the seats


@pytest.mark.parametrize(("lang", "viewport"), ALL)
def test_opponents_sit_around_you_with_a_fan_of_card_backs_and_a_turn_marker(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    # Six seats; Ann's first turn waits for her (no turn timer), so nothing moves.
    options = {"hand_size": 9}
    assert Game.new("2003", players=6, seed=3, launcher=SCRIPT, options=options).to_act == 0
    table = create_table(
        server.url,
        seats=6,
        host_name="Ann",
        turn_timer=0,
        seed=3,
        launcher=SCRIPT,
        options=options,
    )
    for seat in range(1, 6):
        post(
            server.url,
            f"/api/tables/{table['code']}/seats/{seat}/bot",
            host_token=table["host_token"],
        )
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    # Nine cards each: a fan of backs, at most 8 on a desktop (5 on a phone) and the rest
    # as a number; the count in words.
    most = 8 if viewport is DESKTOP else 5
    for seat in range(6):
        chip = f'#seats .seat[data-seat="{seat}"]'
        assert page.locator(f"{chip} .fan i").count() == most
        assert page.text_content(f"{chip} .fan .more") == f"+{9 - most}"
        assert page.text_content(f"{chip} .count") == {"en": "9 cards", "fr": "9 cartes"}[lang]
    # The seat to act is marked, for the eye and for a screen reader.
    acting = page.locator("#seats .seat.to-act")
    assert acting.count() == 1 and acting.get_attribute("data-seat") == "0"
    assert acting.get_attribute("aria-current") == "true"
    if viewport is DESKTOP:
        # Around an oval table: Ann at the bottom, the seat opposite her at the top, the
        # next seats to her left, the last ones to her right.
        places = {s: center(page, f'#seats .seat[data-seat="{s}"]') for s in range(6)}
        assert max(places, key=lambda s: places[s][1]) == 0
        assert min(places, key=lambda s: places[s][1]) == 3
        assert places[1][0] < places[0][0] < places[5][0]
        felt = page.locator("#felt").bounding_box()
        assert felt is not None and felt["height"] > 300
    else:
        # A strip under the top bar: every seat in view.
        for seat in range(6):
            box = page.locator(f'#seats .seat[data-seat="{seat}"]').bounding_box()
            assert box is not None and box["y"] + box["height"] < 300
    shot(page, tmp_path, f"seats-{lang}-{viewport['width']}")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- the launcher's banner

BANNERS = {
    "en": ["You got 7 cards!", "Zoé got no cards — lucky!", "You got 1 card!", "Zoé got 7 cards!"],
    "fr": [
        "Vous avez reçu 7 cartes\u00a0!",
        "Zoé n'a reçu aucune carte — quelle chance\u00a0!",
        "Vous avez reçu 1 carte\u00a0!",
        "Zoé a reçu 7 cartes\u00a0!",
    ],
}


@pytest.mark.parametrize(("lang", "viewport"), ALL)
def test_every_fire_of_the_launcher_shows_a_large_banner_with_who_got_how_many(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server)
    page = new_page(browser, viewport)
    page.add_init_script(BANNER_RECORDER)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    banner = "document.getElementById('fire-banner')"
    for number, expected in enumerate(BANNERS[lang]):
        if number % 2 == 0:
            wait_until(page, "document.body.dataset.myTurn === 'yes'")
            page.click("#btn-press")
        else:
            zoe_does(zoe, "press")
        wait_until(page, f"window.__banners.length === {number + 1}")
        assert page.evaluate(f"window.__banners[{number}]") == expected
        if number == 0:
            size = page.evaluate(f"parseFloat(getComputedStyle({banner}).fontSize)")
            assert size >= 24  # large
            assert page.get_attribute("#fire-banner", "data-cards") == "7"
            shot(page, tmp_path, f"banner-{lang}-{viewport['width']}")
        wait_until(page, f"{banner}.hidden", timeout=10)  # it goes, once read
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), BOTH)
def test_with_reduced_motion_nothing_flies_and_the_banner_does_not_move(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server)
    page = new_page(browser, viewport)
    page.add_init_script(BANNER_RECORDER)
    open_table(page, server, table, lang)
    page.evaluate("document.documentElement.classList.add('reduce-motion')")
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    page.click('#hand .card[data-card="R4"]')
    wait_until(page, "document.body.dataset.myTurn === 'no'")
    zoe_does(zoe, "press")  # fires 7 (the script's first press)
    wait_until(page, "window.__banners.length === 1")
    assert body(page, "flights") == ""  # no card flew
    assert (
        page.evaluate("getComputedStyle(document.getElementById('fire-banner')).animationName")
        == "none"
    )
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('#seats .seat.to-act')).animationName"
        )
        == "none"
    )
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- flying cards


@pytest.mark.parametrize(("lang", "viewport"), BOTH)
def test_a_played_card_flies_to_the_pile(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server)
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    assert body(page, "flights") == ""
    page.click('#hand .card[data-card="R4"]')
    wait_until(page, "document.body.dataset.flights === '1'")
    # It lands on the pile, which then shows it.
    wait_until(page, "document.getElementById('top-card').dataset.card === 'R4'")
    wait_until(page, "document.querySelectorAll('#flying .fly-play').length === 0")
    # Zoé's play flies from her seat.
    zoe_does(zoe)
    wait_until(page, "document.body.dataset.flights === '2'")
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- your turn

TITLE = {"en": "● Your turn — UNO Attack", "fr": "● À vous — UNO Attack"}


@pytest.mark.parametrize(("lang", "viewport"), BOTH)
def test_your_turn_chimes_buzzes_and_says_so_in_the_hidden_tabs_title(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server)
    page = new_page(browser, viewport)
    page.add_init_script(RECORDER)
    open_table(page, server, table, lang)
    page.evaluate("window.__hidden = true")  # the player is in another tab
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    wait_until(page, f"document.title === {TITLE[lang]!r}")
    assert page.evaluate(f"window.__tones.includes({TURN_TONE})")
    assert page.evaluate("window.__buzz.length") == 1
    # Back to the tab: the title is the page's again.
    page.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    assert page.title() == "UNO Attack!"
    # Hidden again while it is no longer the player's turn: the title stays the page's.
    page.click('#hand .card[data-card="R4"]')
    wait_until(page, "document.body.dataset.myTurn === 'no'")
    page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    assert page.title() == "UNO Attack!"
    # Zoé plays: the turn comes back, with one more chime and buzz.
    zoe_does(zoe, "press")
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    wait_until(page, f"document.title === {TITLE[lang]!r}")
    assert page.evaluate("window.__buzz.length") == 2
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


def test_with_the_sound_off_the_turn_makes_no_sound_but_still_says_so(
    server: ServerThread, browser: Browser
) -> None:
    table, zoe = with_zoe(server)
    page = new_page(browser, PHONE)
    page.add_init_script(RECORDER)
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate("localStorage.setItem('uno.muted', '1')")  # as the toggle left it
    open_table(page, server, table, "en")
    assert page.text_content("#btn-mute") == "♪ off"
    page.evaluate("window.__hidden = true")
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    wait_until(page, f"document.title === {TITLE['en']!r}")
    assert page.evaluate("window.__tones") == []
    assert page.evaluate("window.__buzz.length") == 1
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- the turn clock

CLOCK = {"en": "Ann (you): {n} s left to play", "fr": "Ann (vous) : encore {n} s pour jouer"}


@pytest.mark.parametrize(("lang", "viewport"), ALL)
def test_a_turn_timer_counts_down_in_the_seat_to_act(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server, turn_timer=600)
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    clock = '#seats .seat.to-act[data-seat="0"] .turn-clock'
    page.wait_for_selector(clock)
    assert page.get_attribute(clock, "role") == "timer"
    # Read at once: the clock ticks.
    left, label, shown, width = page.evaluate(
        f"(() => {{ const c = document.querySelector('{clock}');"
        " return [Number(c.dataset.left), c.getAttribute('aria-label'),"
        " c.querySelector('.left').textContent, parseFloat(c.querySelector('.bar').style.width)];"
        " })()"
    )
    assert 500 < left <= 600
    assert (label, shown) == (CLOCK[lang].format(n=left), f"{left} s")
    assert left / 6 - 1 <= width <= left / 6 + 1  # the bar: the share of the 600 s left
    shot(page, tmp_path, f"clock-{lang}-{viewport['width']}")
    # Ann plays: the clock moves to Zoé's seat.
    page.click('#hand .card[data-card="R4"]')
    page.wait_for_selector('#seats .seat[data-seat="1"] .turn-clock')
    assert page.locator("#seats .turn-clock").count() == 1
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), BOTH)
def test_no_clock_at_a_table_without_a_turn_timer(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server, turn_timer=0)
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    assert page.locator("#seats .turn-clock").count() == 0
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- the bots' pace

PACES = {"en": ["quick", "normal", "relaxed"], "fr": ["rapide", "normal", "posé"]}


@pytest.mark.parametrize(("lang", "viewport"), BOTH)
def test_the_host_sets_the_bots_pace_in_the_lobby_and_during_the_match(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", turn_timer=0, **DEAL)
    code = table["code"]
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=table["host_token"])
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    page.wait_for_selector("#pace-lobby:not([hidden])")
    options = page.locator("#bot-pace option").all_text_contents()
    assert options == PACES[lang]
    assert page.input_value("#bot-pace") == "normal"
    page.select_option("#bot-pace", "relaxed")
    wait_until(
        page,
        "document.getElementById('lobby-rules').textContent.includes('"
        + {"en": "bots: relaxed", "fr": "robots : posé"}[lang]
        + "')",
    )
    assert httpx.get(f"{server.url}/api/tables/{code}").json()["bot_pace"] == "relaxed"
    # Someone who is not the host sees the pace, not the control.
    other = new_page(browser, viewport)
    other.goto(f"{server.url}/t/{code}?watch")
    other.wait_for_selector("#lobby:not([hidden])")
    assert other.is_hidden("#pace-lobby")
    # During the match, in the host's panel.
    start(server, table)
    page.wait_for_selector("#pace-play:not([hidden])")
    assert page.input_value("#bot-pace-play") == "relaxed"
    page.select_option("#bot-pace-play", "quick")
    wait_until(page, "document.getElementById('bot-pace-play').value === 'quick'")
    watcher = Client(server.ws_url, code)
    watcher.until(lambda c: c.messages[-1].get("table", {}).get("bot_pace") == "quick", timeout=5)
    watcher.close()
    assert other.is_hidden("#pace-play")
    assert not page.errors and not other.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- log and chat tabs

UNREAD = {
    "en": (" (1 unread message)", " (2 unread messages)"),
    "fr": (" (1 message non lu)", " (2 messages non lus)"),
}


@pytest.mark.parametrize(("lang", "viewport"), ALL)
def test_the_log_and_the_chat_have_their_tabs_and_the_chat_counts_what_is_unread(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    table, zoe = with_zoe(server)
    page = new_page(browser, viewport)
    open_table(page, server, table, lang)
    start(server, table)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    assert page.get_attribute("#tab-log", "aria-selected") == "true"
    assert page.is_hidden("#chat-pane") and page.is_hidden("#chat-unread")
    assert page.get_attribute("#chat-unread", "aria-live") == "polite"
    zoe.send({"type": "chat", "state": zoe.state, "text": "bonjour"})
    wait_until(page, "document.querySelector('#chat-unread .num').textContent === '1'")
    assert page.text_content("#chat-unread .sr-only") == UNREAD[lang][0]
    zoe.send({"type": "chat", "state": zoe.state, "text": "à toi"})
    wait_until(page, "document.querySelector('#chat-unread .num').textContent === '2'")
    assert page.text_content("#chat-unread .sr-only") == UNREAD[lang][1]
    assert page.is_visible("#chat-unread")
    shot(page, tmp_path, f"unread-{lang}-{viewport['width']}")
    # The log tells what happened, and no chat.
    assert not any("bonjour" in line for line in page.locator("#log li").all_text_contents())
    # The chat tab shows the lines and clears the count.
    page.click("#tab-chat")
    assert page.get_attribute("#tab-chat", "aria-selected") == "true"
    assert page.is_hidden("#log-pane") and page.is_hidden("#chat-unread")
    assert page.locator("#chat-log li").all_text_contents() == ["Zoé: bonjour", "Zoé: à toi"]
    # One's own line is never unread, even from the log tab.
    page.fill("#chat-input", "salut")
    page.press("#chat-input", "Enter")
    you = {"en": "you", "fr": "vous"}[lang]
    wait_until(
        page,
        "document.getElementById('chat-log').lastElementChild.textContent"
        f" === 'Ann ({you}): salut'",
    )
    page.click("#tab-log")
    zoe.send({"type": "chat", "state": zoe.state, "text": "ok"})
    wait_until(page, "document.querySelector('#chat-unread .num').textContent === '1'")
    zoe.close()
    assert not page.errors  # type: ignore[attr-defined]
