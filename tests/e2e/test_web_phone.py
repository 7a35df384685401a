"""A phone's page, measured in headless Chromium (Playwright) on a 390x844 screen, in
English and French: every player's name and every menu is there to read in full, every
control is big enough for a finger (44x44 CSS px), and neither the notice that UNO is
armed nor a long refusal covers the pile or anything else a player needs to play.

The measures are the page's own boxes (getBoundingClientRect), on the home page with its
house rules open, How to play, a host's lobby, the table (a colour to pick too), the end
of the match and its replay.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page
from test_web_browser import CHROMIUM, DESKTOP, PHONE, new_page, shot, wait_until
from test_web_table import box, inside, overlap

from unoattack.engine import Game
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

#: Each language on a phone and a desktop.
SCREENS = [("en", PHONE), ("fr", PHONE), ("en", DESKTOP), ("fr", DESKTOP)]
#: A name as long as a name may be (24 characters).
LONG_NAME = "Marie-Charlotte Dupontel"
#: Seed 21 deals Ann, at four seats with two cards each, a Wild All Hit and a green
#: Reverse and the first turn: the wild asks for a colour, and UNO may be armed.
DEAL = {"seats": 4, "seed": 21, "options": {"hand_size": 2}, "turn_timer": 0}

# A short name for an element in a failure's message.
DESCRIBE = """
const describe = (el) => {
  const text = (el.textContent || el.value || el.getAttribute("aria-label") || "").trim();
  return (el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + [...el.classList].join("."))
    + " " + JSON.stringify(text.slice(0, 30));
};
"""
# The controls a finger touches that are smaller than 44x44 CSS px, as "what WxH". A
# checkbox or a radio is touched through its label, which then is what counts.
SMALL_CONTROLS = (
    "(root) => {"
    + DESCRIBE
    + """
  const small = [];
  const controls = "a[href], button, input, select, textarea, summary, [role=tab], [tabindex]";
  for (const el of document.querySelector(root).querySelectorAll(controls)) {
    const label = (el.type === "checkbox" || el.type === "radio") && el.closest("label");
    const r = (label || el).getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
    if (r.width < 44 || r.height < 44) small.push(describe(el) + " " + r.width + "x" + r.height);
  }
  return small;
}"""
)
# What is cut off: an element that hides the part of its text that does not fit (outside
# the cards, whose names say it all, and what is only for the eye), a menu with an option
# wider than the menu (measured on a copy sized to each option in turn), and a page
# wider than the screen.
CUT_OFF = (
    "(root) => {"
    + DESCRIBE
    + """
  const cut = [];
  for (const el of document.querySelector(root).querySelectorAll("*")) {
    if (el.closest(".card, [aria-hidden=true], .sr-only, select")) continue;
    if (!el.getBoundingClientRect().width) continue;
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    const spills = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    if (clips && spills && el.textContent.trim()) cut.push(describe(el));
  }
  for (const menu of document.querySelector(root).querySelectorAll("select")) {
    const width = menu.getBoundingClientRect().width;
    if (!width) continue;
    const copy = menu.cloneNode(true);
    copy.removeAttribute("id");
    copy.style.cssText = "position: absolute; visibility: hidden; width: auto; min-width: 0;"
      + " max-width: none; field-sizing: content";
    menu.after(copy);
    for (let i = 0; i < copy.options.length; i++) {
      copy.selectedIndex = i;
      const needs = copy.getBoundingClientRect().width;
      if (needs > width) cut.push(describe(menu.options[i]) + " needs " + needs + " of " + width);
    }
    copy.remove();
  }
  if (document.documentElement.scrollWidth > window.innerWidth) {
    cut.push("the page is " + document.documentElement.scrollWidth + " px wide");
  }
  return cut;
}"""
)


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0.05,
        hand_pause=600,
        bot_hand_pause=600,
        allow_seed=True,
    )
    with ServerThread(settings) as running:
        yield running


def small_controls(page: Page, where: str, root: str = "body") -> list[str]:
    found: list[str] = page.evaluate(SMALL_CONTROLS, root)
    return [f"{where}: {item}" for item in found]


def cut_off(page: Page, where: str, root: str = "body") -> list[str]:
    found: list[str] = page.evaluate(CUT_OFF, root)
    return [f"{where}: {item}" for item in found]


def in_language(page: Page, server: ServerThread, lang: str) -> None:
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")


def sit(page: Page, server: ServerThread, table: dict[str, Any]) -> None:
    """Open ``table`` as Ann, its host, and wait for its lobby."""
    code = table["code"]
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    page.evaluate(f"localStorage.setItem('uno.host.{code}', '{table['host_token']}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")


def ann_long_name_and_bots(server: ServerThread, bots: tuple[int, ...] = (2, 3)) -> dict[str, Any]:
    """A table of DEAL, not started: Ann hosts, a friend with a long name sits at seat 2,
    bots play ``bots`` (seats 3 and 4)."""
    table = create_table(server.url, host_name="Ann", **DEAL)
    code, host = table["code"], table["host_token"]
    post(server.url, f"/api/tables/{code}/join", name=LONG_NAME)
    for seat in bots:
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host)
    return table


def first_turn(server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]) -> Page:
    """Ann's page, in ``lang``, at the first turn of a table of ann_long_name_and_bots."""
    table = ann_long_name_and_bots(server)
    page = new_page(browser, viewport)
    in_language(page, server, lang)
    sit(page, server, table)
    post(server.url, f"/api/tables/{table['code']}/start", host_token=table["host_token"])
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    return page


def every_screen(page: Page, server: ServerThread, lang: str, check: Any) -> list[str]:
    """What ``check`` finds on each screen of the page, in ``lang``."""
    assert Game.new("2003", players=4, seed=21, options={"hand_size": 2}).to_act == 0
    page.emulate_media(reduced_motion="reduce")  # measured where they stay, not as they move
    in_language(page, server, lang)
    page.goto(server.url + "/")
    wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
    page.click("#create-rules summary")
    found = check(page, "home")
    page.select_option("#create-edition", "2010")
    page.select_option("#rule-wild_custom_effect", "hit")  # and its number of presses
    found += check(page, "home 2010")
    page.select_option("#create-edition", "mega-hit")
    found += check(page, "home mega-hit")
    page.click("#home-howto")
    page.wait_for_selector("#howto[open]")
    found += check(page, "how to play", "#howto")
    page.keyboard.press("Escape")

    table = ann_long_name_and_bots(server, bots=(2,))  # seat 4 empty
    code, host = table["code"], table["host_token"]
    sit(page, server, table)
    wait_until(page, "document.querySelectorAll('#lobby-seats .add-bot').length === 1")
    found += check(page, "lobby")
    post(server.url, f"/api/tables/{code}/seats/3/bot", host_token=host)
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    found += check(page, "table")
    page.click('#hand .card[data-card="WAH"]')
    page.wait_for_selector("#picker:not([hidden])")
    found += check(page, "colour picker")
    page.click("#picker-cancel")

    # The end of a match (two bots, one card each, a target of 1), as its host sees it.
    over = create_table(server.url, seats=2, seed=3, options={"hand_size": 1}, target_score=1)
    for seat in (0, 1):
        path = f"/api/tables/{over['code']}/seats/{seat}/bot"
        post(server.url, path, host_token=over["host_token"], level="random")
    page.evaluate(f"localStorage.setItem('uno.host.{over['code']}', '{over['host_token']}')")
    page.goto(f"{server.url}/t/{over['code']}?watch")
    page.wait_for_selector("#lobby:not([hidden])")
    post(server.url, f"/api/tables/{over['code']}/start", host_token=over["host_token"])
    wait_until(page, "document.body.dataset.screen === 'results'", timeout=20)
    found += check(page, "results")
    page.click("#replay-btn")
    wait_until(page, "document.body.dataset.screen === 'replay'")
    found += check(page, "replay")
    assert not page.errors  # type: ignore[attr-defined]
    return found


#: What is looked for on every screen: controls too small to touch, words cut off.
CHECKS = {"small": small_controls, "cut": cut_off}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("check", list(CHECKS))
def test_on_a_phone_no_control_is_under_44_px_and_no_name_or_menu_is_cut_off(
    server: ServerThread, browser: Browser, lang: str, check: str
) -> None:
    found = every_screen(new_page(browser, PHONE), server, lang, CHECKS[check])
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(("lang", "viewport"), [("en", PHONE), ("fr", PHONE), ("fr", DESKTOP)])
def test_every_name_at_the_table_is_shown_whole_in_its_seat(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    page = first_turn(server, browser, lang, viewport)
    you = {"en": "Ann (you)", "fr": "Ann (vous)"}[lang]
    names = page.locator("#seats .seat .name").all_text_contents()
    bot = {"en": "Bot", "fr": "Robot"}[lang]  # the server's "Bot 3", in the page's words
    assert names == [you, LONG_NAME, f"{bot} 3", f"{bot} 4"]
    for seat in range(4):
        name = f'#seats .seat[data-seat="{seat}"] .name'
        fits = page.evaluate(
            f"(() => {{ const n = document.querySelector('{name}');"
            " return n.scrollWidth <= n.clientWidth && n.scrollHeight <= n.clientHeight; })()"
        )
        assert fits, name
        chip = box(page, f'#seats .seat[data-seat="{seat}"]')
        assert overlap(box(page, name), chip)
        inner = box(page, name)
        assert chip["x"] <= inner["x"] and inner["x"] + inner["width"] <= chip["x"] + chip["width"]
    assert not page.errors  # type: ignore[attr-defined]


ARMED = {
    "en": ("UNO! will be said with your next card.", "UNO call cancelled."),
    "fr": ("UNO ! sera dit avec votre prochaine carte.", "Annonce UNO annulée."),
}
#: What a player needs in view to play: the seats, the pile, what to do, the hand and
#: the buttons.
NEEDED = ("#seats", "#top-card", "#pile-info", "#prompt", "#hand", "#actions")


@pytest.mark.parametrize(("lang", "viewport"), SCREENS)
def test_the_notice_that_uno_is_armed_covers_nothing_needed_to_play(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    page = first_turn(server, browser, lang, viewport)
    for notice in ARMED[lang]:  # armed, then disarmed
        page.click("#btn-uno")
        wait_until(page, f"document.getElementById('toast').textContent === {notice!r}")
        wait_until(page, "document.getElementById('toast').classList.contains('show')")
        toast = box(page, "#toast")
        for needed in NEEDED:
            assert not overlap(toast, box(page, needed)), (notice, needed)
        # Over the top bar: its name, the table's code and the toggles (a touch goes
        # through the notice to them).
        bar = box(page, "#topbar")
        assert bar["y"] <= toast["y"] and toast["y"] + toast["height"] <= bar["y"] + bar["height"]
        assert (
            page.evaluate("getComputedStyle(document.getElementById('toast')).pointerEvents")
            == "none"
        )
    assert not page.errors  # type: ignore[attr-defined]


#: The longest refusal, far too long for the top bar: C, with nobody to catch.
CATCH_REFUSED = {
    "en": "Nobody can be caught now: a player can be caught only after playing their "
    "second-to-last card without saying UNO, until the next card or press.",
    "fr": "Personne ne peut être attrapé maintenant : on n'attrape un joueur qu'après son "
    "avant-dernière carte jouée sans dire UNO, jusqu'à la carte ou l'appui suivant.",
}


@pytest.mark.parametrize(("lang", "viewport"), SCREENS)
def test_a_long_refusal_covers_nothing_needed_to_play(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = first_turn(server, browser, lang, viewport)
    page.keyboard.press("c")
    refused = CATCH_REFUSED[lang]
    wait_until(page, f"document.getElementById('toast').textContent === {refused!r}")
    wait_until(page, "document.getElementById('toast').classList.contains('show')")
    shot(page, tmp_path, f"phone-refusal-{lang}-{viewport['width']}")
    toast = box(page, "#toast")
    for needed in NEEDED:
        assert not overlap(toast, box(page, needed)), needed
    assert inside(toast, viewport)
    pointer = page.evaluate("getComputedStyle(document.getElementById('toast')).pointerEvents")
    assert pointer == "none"  # a touch goes through it
    assert not page.errors  # type: ignore[attr-defined]


# Every face of the How to play's cards (each colour of a coloured kind), drawn where the
# table draws cards — the hand (as it is, crowded, very crowded), a hand's summary (the
# hand-over, the last hand), the pile — and How to play's own: the words of each that are
# cut (their box narrower or lower than they are: an ellipsis, or outside the card, which
# hides what overflows), hidden, or missing, as "where face: words".
CARD_WORDS_CUT = """(cards) => {
  const hand = document.getElementById("hand");
  const cell = document.createElement("div");
  cell.className = "cards-cell";
  hand.after(cell);
  const places = [
    ["hand", hand, "hand"],
    ["crowded hand", hand, "hand many"],
    ["very crowded hand", hand, "hand lots"],
    ["summary", cell, "cards-cell"],
    ["pile", document.getElementById("top-card").parentElement, null],
    ["how to play", document.getElementById("howto-cards"), null],
  ];
  const cut = [];
  const drawn = new Set();
  for (const [where, box, className] of places) {
    const before = box.className;
    if (className) box.className = className;
    for (const html of cards) {
      const template = document.createElement("template");
      template.innerHTML = html;
      const card = template.content.firstElementChild;
      const colours = card.classList.contains("c-W") ? ["W"] : ["R", "Y", "G", "B"];
      for (const colour of colours) {
        card.classList.remove("c-R", "c-Y", "c-G", "c-B", "c-W");
        card.classList.add("c-" + colour);
        if (where === "pile") card.classList.add("big");
        const el = box.appendChild(card.cloneNode(true));
        const face = where + " " + colour + "-" + [...el.classList].find((c) => c.startsWith("k-"));
        const words = el.querySelector(".t");
        if (!words || !words.textContent.trim()) {
          cut.push(face + ": no words");
          el.remove();
          continue;
        }
        drawn.add(words.textContent);
        const style = getComputedStyle(words);
        const r = words.getBoundingClientRect(), c = el.getBoundingClientRect();
        const spills = words.scrollWidth > words.clientWidth
          || words.scrollHeight > words.clientHeight;
        const out = r.left < c.left || r.right > c.right || r.top < c.top || r.bottom > c.bottom;
        if (style.display === "none" || style.visibility === "hidden" || !r.width) {
          cut.push(face + ": hidden");
        } else if (spills || out) {
          cut.push(face + ": " + JSON.stringify(words.textContent) + " " + words.scrollWidth
            + "/" + words.clientWidth);
        }
        el.remove();
      }
    }
    box.className = before;
  }
  cell.remove();
  return { cut, drawn: [...drawn] };
}"""


@pytest.mark.parametrize(("lang", "viewport"), SCREENS)
def test_every_cards_words_are_whole_at_every_size_a_card_is_drawn(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # "Appuyer 2 fois" was "Appuyer 2" and "Double attaque" "Double att." cut to
    # "Double a…" on a phone; a very crowded hand hid every card's words.
    page = first_turn(server, browser, lang, viewport)
    words = {"en": ("Discard All", "Trade Hands"), "fr": ("Double attaque", "Appuyer 2\xa0fois")}
    drawn: set[str] = set()
    found: list[str] = []
    for edition in ("2003", "2010", "mega-hit"):
        page.click("#btn-howto")
        page.wait_for_selector("#howto[open]")
        page.select_option("#howto-edition", edition)
        cards = page.eval_on_selector_all("#howto-cards .card", "els => els.map(e => e.outerHTML)")
        kinds = page.eval_on_selector_all("#howto-cards li", "els => els.map(e => e.dataset.kind)")
        assert len(cards) == len(kinds) >= 7  # each action card of the edition, drawn
        measured = page.evaluate(CARD_WORDS_CUT, cards)
        found += [f"{edition} {item}" for item in measured["cut"]]
        drawn |= set(measured["drawn"])
        page.keyboard.press("Escape")
        wait_until(page, "!document.getElementById('howto').open")
    assert found == [], "\n".join(found)
    assert set(words[lang]) <= drawn  # said in full
    assert not page.errors  # type: ignore[attr-defined]


# How many of the cards in ``selector`` share the first one's row, and how many there are.
FIRST_ROW = """(selector) => {
  const cards = [...document.querySelectorAll(selector)];
  const top = cards.length ? cards[0].getBoundingClientRect().top : 0;
  const first = cards.filter((c) => Math.abs(c.getBoundingClientRect().top - top) < 2);
  return [first.length, cards.length];
}"""


#: Two bots, ten cards each, a launcher that fires three cards at every press: the random
#: bot, which presses as often as it plays, is left a long hand (22 cards).
LONG_HAND = {
    "seats": 2,
    "seed": 2,
    "options": {"hand_size": 10},
    "target_score": 5000,
    "launcher": "scripted:3,loop",
    "turn_timer": 0,
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hand_over_lays_a_long_hand_in_rows_as_long_as_the_tables_hand_on_a_phone(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str
) -> None:
    # The hand-over drew 3 cards a row on a phone (its cards' column between the names
    # and the points), where the table's crowded hand, at the same size, holds 7.
    page = first_turn(server, browser, lang, PHONE)
    page.evaluate(
        """() => { const hand = document.getElementById("hand"); hand.className = "hand many";
        const card = hand.querySelector(".card");
        for (let i = 0; i < 20; i++) hand.append(card.cloneNode(true)); }"""
    )
    at_table, _ = page.evaluate(FIRST_ROW, "#hand .card")
    assert at_table >= 7
    over = create_table(server.url, **LONG_HAND)
    for seat, level in enumerate(("random", "heuristic")):
        path = f"/api/tables/{over['code']}/seats/{seat}/bot"
        post(server.url, path, host_token=over["host_token"], level=level)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{server.url}/t/{over['code']}?watch")
    page.wait_for_selector("#lobby:not([hidden])")
    post(server.url, f"/api/tables/{over['code']}/start", host_token=over["host_token"])
    wait_until(page, "document.body.dataset.handover === 'yes'", timeout=30)
    rows = [
        page.evaluate(FIRST_ROW, f'#handover-table tr[data-seat="{seat}"] .card') for seat in (0, 1)
    ]
    first_row, cards = max(rows, key=lambda row: row[1])
    assert cards > at_table  # a hand longer than a row
    assert first_row == at_table
    shot(page, tmp_path, f"phone-handover-{lang}")
    handover = box(page, "#handover")
    right = handover["x"] + handover["width"]
    for card in page.locator("#handover-table .card").all():
        drawn = card.bounding_box()
        assert drawn is not None
        assert handover["x"] <= drawn["x"] and drawn["x"] + drawn["width"] <= right
    assert cut_off(page, "hand-over", "#handover") == []
    assert not page.errors  # type: ignore[attr-defined]
