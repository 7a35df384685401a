"""The browser table a family comes back to, in headless Chromium (Playwright): a
mistyped link, the house rules in plain words, the invite as a QR code, asking before a
seat is taken from someone and letting them back in, ten seats on a phone, toasts that
leave the seats in view, and a log that shows the newest lines in the page's language.

Each test is short: a few seconds on a shared 2-core machine.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

import httpx
from playwright.sync_api import Browser, Page
from test_web_browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    new_page,
    shot,
    sit_and_start,
    wait_until,
)

from unoattack.engine import Game
from unoattack.rules import Edition
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

LANGS = [("en", DESKTOP), ("fr", PHONE)]
LAUNCHERS = {
    "en": ["Realistic", "Fixed schedule", "Memoryless", "One card a press"],
    "fr": ["Réaliste", "Programme fixe", "Sans mémoire", "Une carte par appui"],
}
LAUNCHER_HAZARD = {"en": "Calibrated on a real launcher", "fr": "Calibré sur un vrai distributeur"}


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0.15, uno_grace=0.1, allow_seed=True
    )
    with ServerThread(settings) as running:
        yield running


def in_language(page: Page, server: ServerThread, lang: str) -> None:
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")


def table_info(server: ServerThread, code: str) -> dict[str, Any]:
    info: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{code}").json()
    return info


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def visible_rules(page: Page) -> list[str]:
    names: list[str] = page.eval_on_selector_all(
        "#create-rules-list .rule", "rows => rows.filter(r => !r.hidden).map(r => r.dataset.rule)"
    )
    return names


# ---------------------------------------------------------------------- a mistyped link


NO_TABLE = {
    "en": "There is no table with the code ZZZZZZ. Check the link, or create a table here.",
    "fr": "Il n'y a pas de table avec le code ZZZZZZ. Vérifiez le lien, ou créez une table ici.",
}


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_a_mistyped_link_leads_to_a_home_page_that_works(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = new_page(browser, viewport)
    in_language(page, server, lang)
    page.goto(server.url + "/t/ZZZZZZ")
    page.wait_for_selector("#home-notice:not([hidden])")
    assert page.text_content("#home-notice") == NO_TABLE[lang]
    wait_until(page, "location.pathname === '/' && location.search === ''")
    assert page.text_content("#table-code") == ""
    wait_until(page, "document.querySelectorAll('#create-edition option').length === 3")
    # The launchers by their names in words, as the terminal game names them.
    assert page.locator("#create-launcher option").all_text_contents() == LAUNCHERS[lang]
    assert page.text_content("#create-launcher-choice") == LAUNCHER_HAZARD[lang]
    assert page.locator("#create-scoring option").count() == 3
    assert visible_rules(page)[:2] == ["hand_size", "uno_penalty_presses"]
    shot(page, tmp_path, f"no-table-{lang}")
    page.fill("#create-name", "Ann")
    page.click("#create-btn")
    page.wait_for_selector("#lobby:not([hidden])")
    code = page.text_content("#table-code") or ""
    assert len(code) == 6 and page.evaluate("location.pathname") == f"/t/{code}"
    assert table_info(server, code)["seats"][0]["name"] == "Ann"
    assert not page.errors  # type: ignore[attr-defined]


def test_the_home_page_says_what_each_edition_is_and_changes_language_with_the_page(
    server: ServerThread, browser: Browser
) -> None:
    # The titles and descriptions come from the edition files (titles, descriptions).
    page = new_page(browser, PHONE)
    in_language(page, server, "en")
    page.goto(server.url)
    wait_until(page, "document.querySelectorAll('#create-edition option').length === 3")
    assert page.text_content("#create-edition-about") == Edition.load("2003").description
    page.select_option("#create-edition", "2010")
    assert page.text_content("#create-edition-about") == Edition.load("2010").description
    page.click("#btn-lang")  # French, on the same page: the chosen edition stays
    wait_until(page, "document.documentElement.lang === 'fr'")
    assert page.input_value("#create-edition") == "2010"
    assert page.locator("#create-edition option").all_text_contents() == [
        "UNO Attack! (2003)",
        "UNO Attack! (édition ultérieure)",
        "UNO Attack! Méga appuyer",
    ]
    assert page.text_content("#create-edition-about") == (Edition.load("2010").description_in("fr"))
    assert (page.text_content("#create-edition-about") or "").startswith("Carte blanche Appuyer")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- house rules


def test_the_house_rules_are_the_editions_own_in_plain_words(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    page = new_page(browser, PHONE)
    page.goto(server.url + "/")
    wait_until(page, "document.querySelectorAll('#create-rules-list .rule').length > 0")
    page.click("#create-rules summary")
    # 2003: Trade Hands, no attack, no Wild Customizable; a rule that needs another shows
    # only once that one is set.
    assert visible_rules(page) == [
        "hand_size",
        "uno_penalty_presses",
        "stacking",
        "stop_after_fire",
        "two_player_rules",
        "e2_extra_card_all_counts",
        "may_go_out_on_trade_hands",
        "last_card_effects",
        "reshuffle_threshold",
    ]
    page.check("#rule-stacking")
    assert "allow_stack_after_out" in visible_rules(page)
    assert page.text_content('[data-rule="stacking"] label') == "Stack Hit cards (Mega Hit)"
    assert page.text_content("#rule-stacking-help") == (
        "A player who must press because of a Hit card may play any Hit card on it instead: "
        "the presses add up and pass to the next player."
    )
    # Lists are checkboxes, and no identifier is shown.
    assert page.locator("#create-rules-list input[type=text]").count() == 0
    assert page.locator("#create-rules-list input:not([type])").count() == 0
    boxes = page.locator('[data-rule="last_card_effects"] input[type=checkbox]')
    assert boxes.count() == 3
    words = page.text_content("#create-rules-list") or ""
    assert "_" not in words and "hit,all_hit" not in words

    # 2010: its Wild Customizable, and what it may be written as.
    page.select_option("#create-edition", "2010")
    shown = visible_rules(page)
    assert "wild_custom_effect" in shown and "attack_resume" in shown
    assert "may_go_out_on_trade_hands" not in shown
    page.select_option("#rule-wild_custom_effect", "trade_hands")
    assert "may_go_out_on_trade_hands" in visible_rules(page)
    page.select_option("#rule-wild_custom_effect", "attack")
    assert page.is_visible("#rule-wild_custom_effect-presses")
    page.fill("#rule-wild_custom_effect-presses", "3")

    # In French, the choices made stay.
    page.click("#btn-lang")
    assert page.text_content('[data-rule="wild_custom_effect"] label') == (
        "Effet de la carte blanche personnalisable"
    )
    assert page.input_value("#rule-wild_custom_effect") == "attack"
    assert page.input_value("#rule-wild_custom_effect-presses") == "3"
    shot(page, tmp_path, "phone-house-rules-fr")

    page.select_option("#rule-stop_after_fire", "choose")
    page.uncheck("#rule-last_card_effects-attack")
    page.fill("#create-name", "Ann")
    page.click("#create-btn")
    page.wait_for_selector("#lobby:not([hidden])")
    code = page.text_content("#table-code") or ""
    info = table_info(server, code)
    # Only the effects this table can meet: no Wild All Hit or Hit-Fire in this deck, and
    # the Wild Customizable is an attack.
    assert info["options"] == {
        "wild_custom_effect": "attack:3",
        "stop_after_fire": "choose",
        "last_card_effects": "hit",
        "scoring_mode": "first_to_500",
        "target_score": 500,
    }
    assert info["rules"]["last_card_effects"] == ["hit"]
    summary = page.text_content("#lobby-rules") or ""
    assert " · Réaliste — calibré sur un vrai distributeur · " in summary
    assert "Arrêter d'appuyer quand des cartes sortent : le joueur choisit" in summary
    assert "Attaque : un joueur choisi appuie (3 appuis)" in summary
    assert "Une dernière carte fait encore appuyer : les cartes Appuyer" in summary
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- the invite


def test_the_lobby_shows_the_invite_as_a_qr_code_and_copies_the_link(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    table = create_table(server.url, seats=3, host_name="Ann")
    code = str(table["code"])
    page = new_page(browser, PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    sit_and_start_lobby(page, server, table)
    link = f"{server.url}/t/{code}"
    assert page.text_content("#invite-link") == link
    assert page.get_attribute("#invite-qr", "src") == f"/api/tables/{code}/invite.svg"
    wait_until(page, "document.getElementById('invite-qr').naturalWidth > 0")
    assert page.get_attribute("#invite-qr", "alt") == (
        "QR code of the invite link: a phone's camera opens it"
    )
    # No share sheet in this browser: the copy button.
    assert page.is_hidden("#share-invite") and page.is_visible("#copy-invite")
    page.click("#copy-invite")
    wait_until(page, "document.getElementById('toast').textContent === 'Link copied'")
    assert page.evaluate("navigator.clipboard.readText()") == link
    shot(page, tmp_path, "phone-lobby-invite")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_phone_with_a_share_sheet_shares_the_invite(
    server: ServerThread, browser: Browser
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann")
    page = new_page(browser, PHONE)
    # The phone's share sheet, as the page sees it: it records what it was given.
    page.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
    )
    page.evaluate("1")
    sit_and_start_lobby(page, server, table, lang="fr")
    assert page.is_visible("#share-invite") and page.is_hidden("#copy-invite")
    assert page.text_content("#share-invite") == "Partager…"
    page.click("#share-invite")
    wait_until(page, "window.shared")
    assert page.evaluate("window.shared") == {
        "title": "UNO Attack!",
        "text": f"Venez jouer à UNO Attack! avec nous : table {table['code']}",
        "url": f"{server.url}/t/{table['code']}",
    }


def sit_and_start_lobby(
    page: Page, server: ServerThread, table: dict[str, Any], lang: str = "en"
) -> None:
    """Open the table's lobby as its host (in ``lang``)."""
    code = str(table["code"])
    in_language(page, server, lang)
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    page.evaluate(f"localStorage.setItem('uno.host.{code}', '{table['host_token']}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")


def test_a_bot_is_named_in_the_pages_language_and_a_player_by_the_name_they_typed(
    server: ServerThread, browser: Browser
) -> None:
    # The server names a bot "Bot 3" (seats counted from 1); a French page says
    # "Robot 3". A friend who calls themselves "Bot 2" keeps that name.
    table = create_table(server.url, seats=3, host_name="Ann")
    code = str(table["code"])
    post(server.url, f"/api/tables/{code}/seats/2/bot", host_token=table["host_token"])
    ann = new_page(browser, PHONE)
    sit_and_start_lobby(ann, server, table, "fr")
    bob = new_page(browser, DESKTOP)
    bob.goto(f"{server.url}/t/{code}")
    bob.fill("#join-name", "Bot 2")
    bob.click("#join-btn")
    wait_until(ann, "document.querySelectorAll('#lobby-seats .who').length === 3")
    # Seat 2 reads "place libre" until Bob's join reaches Ann's page.
    wait_until(
        ann,
        "(document.querySelector('#lobby-seats li[data-seat=\"1\"] .who') || {})"
        ".textContent?.startsWith('Bot 2') === true",
    )
    whos = [
        (ann.text_content(f'#lobby-seats li[data-seat="{seat}"] .who') or "").split(" ")[:2]
        for seat in range(3)
    ]
    assert whos == [["Ann", "vous"], ["Bot", "2"], ["Robot", "3"]]
    assert [s["name"] for s in table_info(server, code)["seats"]] == ["Ann", "Bot 2", "Bot 3"]
    assert bob.text_content('#lobby-seats li[data-seat="2"] .who') == "Bot 3 bot (heuristic)"
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- seats taken, given back


def test_the_host_is_asked_before_removing_a_friends_seat_and_the_friend_is_told(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    table = create_table(server.url, seats=3, host_name="Ann")
    code = str(table["code"])
    ann = new_page(browser, DESKTOP)
    sit_and_start_lobby(ann, server, table)
    bob = new_page(browser, PHONE)
    in_language(bob, server, "fr")
    bob.goto(f"{server.url}/t/{code}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-btn")
    wait_until(bob, "document.body.dataset.seat === '1'")
    ann.wait_for_selector('#lobby-seats li[data-seat="1"] .remove-seat')
    # Seats are numbered from 1, in the page and in what the server says.
    ann.click("#start-btn")
    wait_until(ann, "document.getElementById('lobby-error').textContent !== ''")
    assert ann.text_content("#lobby-error") == (
        "Seat 3 is empty: add a bot or remove the seat before starting."
    )
    ann.click('#lobby-seats li[data-seat="1"] .remove-seat')
    assert ann.is_visible("#confirm")
    assert ann.text_content("#confirm-text") == (
        "Remove Bob's seat? Bob will watch instead of playing."
    )
    shot(ann, tmp_path, "desktop-confirm-remove")
    ann.click("#confirm-no")
    assert ann.is_hidden("#confirm")
    assert len(table_info(server, code)["seats"]) == 3
    ann.click('#lobby-seats li[data-seat="1"] .remove-seat')
    ann.click("#confirm-yes")
    wait_until(bob, "document.getElementById('toast').classList.contains('show')")
    assert bob.text_content("#toast") == "L'hôte a retiré votre place : vous regardez."
    assert [s["kind"] for s in table_info(server, code)["seats"]] == ["human", "empty"]
    wait_until(bob, "document.body.dataset.seat === ''")
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]


def test_a_player_replaced_by_a_bot_is_let_back_in(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    table = create_table(server.url, seats=3, host_name="Ann", seed=5, turn_timer=0)
    code, host = str(table["code"]), str(table["host_token"])
    bob_token = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    post(server.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="random")
    ann = new_page(browser, DESKTOP)
    in_language(ann, server, "en")
    ann.evaluate(f"localStorage.setItem('uno.host.{code}', '{host}')")
    sit_and_start(ann, server, table)
    bob = new_page(browser, PHONE)
    in_language(bob, server, "en")
    bob.evaluate(f"localStorage.setItem('uno.seat.{code}', '{bob_token}')")
    bob.goto(f"{server.url}/t/{code}")
    wait_until(bob, "document.body.dataset.screen === 'game' && document.body.dataset.seat === '1'")
    kick = '#host-kicks .kick[data-seat="1"]'
    ann.wait_for_selector(kick)
    assert ann.text_content(kick) == "Replace Bob by a bot"
    ann.click(kick)
    assert ann.text_content("#confirm-text") == (
        "Give Bob's seat to a bot? Bob will watch until you let them back in."
    )
    ann.click("#confirm-no")
    assert table_info(server, code)["seats"][1]["kind"] == "human"
    ann.click(kick)
    ann.click("#confirm-yes")
    wait_until(bob, "document.body.dataset.seat === ''")
    assert bob.text_content("#toast") == (
        "The host gave your seat to a bot: you are watching until the host lets you back in."
    )
    assert (bob.text_content("#prompt") or "").startswith(
        "A bot plays your seat: ask the host to let you back in."
    )
    # Bob's page keeps his token: after a reload he still waits to be let back in.
    bob.reload()
    wait_until(bob, "document.body.dataset.screen === 'game'")
    assert (bob.text_content("#prompt") or "").startswith("A bot plays your seat")
    readmit = '#host-kicks .readmit[data-seat="1"]'
    ann.wait_for_selector(readmit)
    assert ann.text_content(readmit) == "Let Bob back in"
    shot(ann, tmp_path, "desktop-readmit")
    ann.click(readmit)
    wait_until(bob, "document.body.dataset.seat === '1'")
    wait_until(bob, "document.getElementById('toast').textContent === 'You are back in your seat.'")
    assert bob.locator("#hand .card").count() > 0
    assert table_info(server, code)["seats"][1]["kind"] == "human"
    ann.wait_for_selector(kick)
    assert not ann.errors and not bob.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- ten seats on a phone


def inside(inner: dict[str, float], outer: dict[str, int]) -> bool:
    return (
        inner["x"] >= 0
        and inner["y"] >= 0
        and inner["x"] + inner["width"] <= outer["width"]
        and inner["y"] + inner["height"] <= outer["height"]
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_ten_seats_on_a_phone_keep_the_seat_to_act_in_view_and_toasts_off_them(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str
) -> None:
    # Seed 13 deals ten seats and gives the first turn to the last seat: Zoe, who is
    # away, with no turn timer, so the table waits for her.
    assert Game.new("2003", players=10, seed=13, launcher="draw-one").to_act == 9
    table = create_table(
        server.url, seats=10, seed=13, host_name="Ann", launcher="draw-one", turn_timer=0
    )
    code, host = str(table["code"]), str(table["host_token"])
    for seat in range(1, 9):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level="random")
    post(server.url, f"/api/tables/{code}/join", name="Zoe")
    page = new_page(browser, PHONE)
    sit_and_start(page, server, table, lang)
    wait_until(page, "document.querySelectorAll('#seats .seat').length === 10")
    acting = '#seats .seat.to-act[data-seat="9"]'
    page.wait_for_selector(acting)
    assert inside(box(page, acting), PHONE)
    for chip in range(10):
        assert inside(box(page, f'#seats .seat[data-seat="{chip}"]'), PHONE)
    # Scrolled down to the log, the seats stay in view.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(100)
    assert page.evaluate("window.scrollY") > 0
    assert inside(box(page, acting), PHONE)
    shot(page, tmp_path, f"phone-ten-seats-{lang}")
    # A refusal's toast shows under the seats, not over them.
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#btn-uno")
    wait_until(page, "document.getElementById('toast').classList.contains('show')")
    toast = box(page, "#toast")
    assert not overlap(toast, box(page, "#seats"))
    for chip in range(10):
        assert not overlap(toast, box(page, f'#seats .seat[data-seat="{chip}"]'))
    shot(page, tmp_path, f"phone-ten-seats-toast-{lang}")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- the log


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_after_a_reload_the_log_shows_the_newest_lines_and_speaks_the_pages_language(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # Seed 13 deals one card each and gives Ann the first turn: the table waits for her.
    options = {"hand_size": 1}
    assert Game.new("2003", players=2, seed=13, launcher="draw-one", options=options).to_act == 0
    table = create_table(
        server.url,
        seats=2,
        seed=13,
        host_name="Ann",
        launcher="draw-one",
        turn_timer=0,
        options=options,
    )
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="random")
    page = new_page(browser, viewport)
    sit_and_start(page, server, table, lang)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    # Enough chat to fill the log, then a reload.
    ann = Client(server.ws_url, code, str(table["token"]))
    for number in range(1, 26):  # within the rate limit's burst
        ann.send({"type": "chat", "state": ann.state, "text": f"line {number}"})
    wait_until(
        page,
        "document.getElementById('chat-log').lastElementChild?.textContent.endsWith('line 25')",
    )
    ann.poll()  # read what the table sent back, so that the connection closes at once
    ann.close()
    page.reload()
    wait_until(page, "document.body.dataset.screen === 'game'")
    you = {"en": "you", "fr": "vous"}[lang]
    page.click("#tab-chat")  # the chat has its own tab
    last = page.locator("#chat-log li").last
    assert last.text_content() == f"Ann ({you}): line 25"
    at_bottom = (
        "(() => { const p = document.getElementById('chat-pane');"
        " return p.scrollHeight > p.clientHeight"
        " && p.scrollTop + p.clientHeight >= p.scrollHeight - 1; })()"
    )
    wait_until(page, at_bottom)
    # One card is one card, in both languages, and the log follows the language.
    words = {
        "en": ("Hand 1 begins: 1 card each.", "1 card"),
        "fr": ("Manche 1 : 1 carte chacun.", "1 carte"),
    }
    other = "fr" if lang == "en" else "en"
    lines = page.locator("#log li").all_text_contents()
    assert words[lang][0] in lines and words[other][0] not in lines
    assert page.text_content('#seats .seat[data-seat="1"] .count') == words[lang][1]
    page.click("#btn-lang")
    lines = page.locator("#log li").all_text_contents()
    assert words[other][0] in lines and words[lang][0] not in lines
    assert page.text_content('#seats .seat[data-seat="1"] .count') == words[other][1]
    wait_until(page, at_bottom)
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- another device


def ann_against_a_bot(
    server: ServerThread, browser: Browser, viewport: dict[str, int], lang: str
) -> tuple[dict[str, Any], Page]:
    """A match of Ann (seed 5, untimed) against a random bot, started, and Ann's page."""
    table = create_table(server.url, seats=2, host_name="Ann", seed=5, turn_timer=0)
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="random")
    page = new_page(browser, viewport)
    sit_and_start(page, server, table, lang)
    return table, page


def test_a_seat_is_taken_on_another_device_with_its_rejoin_code(
    server: ServerThread, browser: Browser, tmp_path: Path
) -> None:
    table, phone = ann_against_a_bot(server, browser, PHONE, "fr")
    code = str(table["code"])
    wait_until(phone, "document.body.dataset.screen === 'game'")
    # Seed 5: the bot plays a Wild All Hit, and Ann owes one press (said once, "encore").
    wait_until(phone, "document.getElementById('prompt').textContent.startsWith('Appuyez')")
    assert phone.text_content("#prompt") == "Appuyez sur le distributeur : encore 1."
    shown = phone.text_content("#rejoin-code") or ""
    assert len(shown) == 9 and shown[4] == "-"
    phone.click("#rejoin-mine summary")
    assert phone.text_content("#rejoin-mine p") == f"Le code de reprise de votre place : {shown}"
    shot(phone, tmp_path, "phone-rejoin-code-fr")
    assert phone.is_hidden("#rejoin-form")

    computer = new_page(browser, DESKTOP)
    in_language(computer, server, "en")
    computer.goto(f"{server.url}/t/{code}")
    wait_until(computer, "document.body.dataset.screen === 'game'")
    assert computer.is_hidden("#rejoin-mine") and computer.is_visible("#rejoin-form")
    computer.fill("#rejoin-input", "ZZZZ-ZZZZ")
    computer.click("#rejoin-btn")
    wait_until(computer, "document.getElementById('rejoin-error').textContent !== ''")
    assert computer.text_content("#rejoin-error") == (
        "No seat at this table has this rejoin code: check it on the device that holds the seat."
    )
    computer.fill("#rejoin-input", shown.lower())
    computer.click("#rejoin-btn")
    wait_until(computer, "document.body.dataset.seat === '0'")
    assert computer.locator("#hand .card").count() > 0
    assert computer.is_hidden("#rejoin-form")
    assert (computer.text_content("#rejoin-code") or "") not in ("", shown)
    wait_until(phone, "document.body.dataset.seat === ''")
    assert phone.text_content("#toast") == (
        "Votre place a été reprise avec son code sur un autre appareil : vous regardez ici."
    )
    shot(computer, tmp_path, "desktop-rejoined")
    assert not phone.errors and not computer.errors  # type: ignore[attr-defined]


def test_a_double_tap_on_join_or_create_sends_one_request(
    server: ServerThread, browser: Browser
) -> None:
    """A phone's double tap on "Rejoindre" took two seats for one person (the table was
    then full, one of them away); on "Create" it made two tables. A form now sends one
    request at a time, its buttons off meanwhile."""
    table = create_table(server.url, seats=3, host_name="Ann", seed=5, turn_timer=0)
    code = str(table["code"])
    phone = new_page(browser, PHONE)
    in_language(phone, server, "fr")
    phone.goto(f"{server.url}/t/{code}")
    phone.wait_for_selector("#join-form:not([hidden])")
    phone.fill("#join-name", "Zoé")
    phone.dblclick("#join-btn")
    wait_until(phone, "document.body.dataset.seat === '1'")
    phone.wait_for_timeout(500)  # time for a second request to land, had one gone
    names = [seat.get("name") for seat in table_info(server, code)["seats"]]
    assert names == ["Ann", "Zoé", ""]
    assert not phone.errors  # type: ignore[attr-defined]

    computer = new_page(browser, DESKTOP)
    made: list[str] = []
    computer.on(
        "request",
        lambda request: (
            made.append(request.url)
            if request.method == "POST" and request.url.endswith("/api/tables")
            else None
        ),
    )
    computer.goto(server.url + "/")
    computer.fill("#create-name", "Bob")
    computer.dblclick("#create-btn")
    computer.wait_for_url("**/t/*")
    assert len(made) == 1
    assert not computer.errors  # type: ignore[attr-defined]


SHORT = [{"width": 1280, "height": 600}, {"width": 390, "height": 600}]


@pytest.mark.parametrize("viewport", SHORT)
def test_the_hand_comes_into_view_above_the_action_bar_when_the_turn_begins(
    server: ServerThread, browser: Browser, viewport: dict[str, int]
) -> None:
    """On a short screen the hand was under the fixed action bar (a long hand's second
    row, on a laptop) until one scrolled: when the turn begins, the page brings it into
    view between the top bar and the action bar."""
    _table, page = ann_against_a_bot(server, browser, viewport, "en")
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    wait_until(
        page,
        "(() => { const h = document.getElementById('hand').getBoundingClientRect();"
        " const a = document.getElementById('actions').getBoundingClientRect();"
        " return h.bottom <= a.top && h.top >= 0; })()",
        timeout=5,
    )
    assert page.locator("#hand .card").count() > 0
    assert not page.errors  # type: ignore[attr-defined]


def test_the_create_forms_message_goes_once_the_form_changes(
    server: ServerThread, browser: Browser
) -> None:
    """The server's refusal of a name of spaces stayed under "Create" after the name was
    put right, while the browser's own check stopped the next try (11 seats): a message
    about what was sent last goes as soon as the form changes."""
    page = new_page(browser, DESKTOP)
    in_language(page, server, "fr")
    page.goto(server.url + "/")
    page.fill("#create-name", "   ")
    page.click("#create-btn")
    wait_until(page, "document.getElementById('create-error').textContent !== ''")
    assert page.text_content("#create-error") == "Un nom a besoin d'au moins un caractère visible."
    page.fill("#create-name", "Bob")
    assert page.text_content("#create-error") == ""
    assert not page.errors  # type: ignore[attr-defined]
