"""Refusals explained in a real browser (headless Chromium driven by Playwright).

A player who taps a card that cannot be played, or a key with nothing legal behind it,
reads why the table refuses it and what to do instead, built from the engine's reason;
and for every reason of the engine and of the table the page says, in English and in
French, what the terminal game says (tests/test_refusals.py pins those sentences).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page
from test_web_browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    hand,
    new_page,
    sit_and_start,
    wait_until,
)

from unoattack.engine import ILLEGAL_REASONS, Game
from unoattack.engine.match import MATCH_REASONS
from unoattack.tui.i18n import Tr
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

#: Every reason with details as the engine gives them, and each variant of its sentence
#: (a seat not at the table, a wild on the pile, one press or two).
CASES: list[tuple[str, dict[str, str | int]]] = [
    ("not_allowed", {}),
    ("match_over", {}),
    ("no_such_seat", {"seat": 7, "players": 3}),
    ("eliminated", {"seat": 0}),
    ("no_uno_to_call", {}),
    ("uno_not_yours", {"seat": 1}),
    ("not_catchable", {"seat": 2}),
    ("not_catchable", {"seat": -1}),
    ("catch_yourself", {}),
    ("not_your_turn", {"seat": 1}),
    ("name_start_colour", {}),
    ("no_colour_to_name", {}),
    ("no_presses_to_stop", {}),
    ("every_press_counts", {}),
    ("stop_after_cards", {}),
    ("no_press_now", {}),
    ("card_not_in_hand", {"card": "G7"}),
    ("must_press", {"left": 1}),
    ("must_press", {"left": 2}),
    ("must_press_until_fire", {}),
    ("must_press_or_stack", {}),
    ("wild_needs_colour", {"card": "W"}),
    ("needs_target", {"card": "WAA"}),
    ("takes_no_target", {"card": "B-Skip"}),
    ("target_yourself", {}),
    ("no_target_seat", {"seat": 2}),
    ("no_target_seat", {"seat": 5}),
    ("no_going_out_on_trade", {}),
    ("uno_with_one_card_only", {}),
    ("no_match", {"card": "Y1", "top": "R3", "colour": "R"}),
    ("no_match", {"card": "R1", "top": "G8", "colour": "G"}),
    ("no_match", {"card": "G-Skip", "top": "B-Rev", "colour": "B"}),
    ("no_match", {"card": "Y1", "top": "W", "colour": "B"}),
    ("referee_only", {}),
    ("nobody_to_penalize", {"seat": 1}),
    ("nobody_to_penalize", {"seat": 9}),
    ("hand_over", {}),
    ("stale", {"state": 12}),
    ("between_hands", {}),
    ("catch_pending", {"seat": 2}),
    ("uno_in_time", {"seat": 1}),
    ("too_late", {}),
    ("offer_pending", {"seat": 2}),
    ("no_offer", {}),
    ("answer_offer", {}),
    ("undo_with_people", {}),
    ("undo_unavailable", {}),
    ("nothing_to_undo", {}),
    ("undo_past_hand", {}),
]
#: The page's names of the table below: Ann (this page) and two bots.
NAMES = {"en": ["Ann (you)", "Bot 2", "Bot 3"], "fr": ["Ann (vous)", "Robot 2", "Robot 3"]}


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0.15, uno_grace=0.1, allow_seed=True
    )
    with ServerThread(settings) as running:
        yield running


def toast_after(page: Page, make: Any) -> str:
    """The toast that ``make()`` brings up (the last one is wiped first)."""
    page.evaluate("document.getElementById('toast').textContent = ''")
    make()
    wait_until(page, "document.getElementById('toast').textContent !== ''")
    return page.text_content("#toast") or ""


def case_id(case: tuple[str, dict[str, str | int]]) -> str:
    reason, details = case
    values = "-".join(str(v) for v in details.values())
    return f"{reason}[{values}]" if values else reason


def test_every_reason_of_the_engine_and_the_table_is_a_case() -> None:
    reasons = {**ILLEGAL_REASONS, **MATCH_REASONS}
    assert {reason for reason, _ in CASES} == set(reasons)
    for reason, details in CASES:
        assert set(details) == set(reasons[reason]), reason


@pytest.fixture(scope="module", params=["en", "fr"])
def seated(
    request: pytest.FixtureRequest, server: ServerThread, browser: Browser
) -> Iterator[tuple[str, Page, list[Any]]]:
    """Ann's page at a table with two bots, in one language, waiting for her move; the
    page's WebSocket runs through a relay that can slip in a message from the server."""
    lang = str(request.param)
    table = create_table(server.url, seats=3, seed=3, host_name="Ann", turn_timer=0)
    code, host = str(table["code"]), str(table["host_token"])
    for seat in (1, 2):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host)
    page = new_page(browser, DESKTOP)
    sockets: list[Any] = []

    def relay(ws: Any) -> None:
        server_side = ws.connect_to_server()
        ws.on_message(server_side.send)
        server_side.on_message(ws.send)
        sockets.append(ws)

    page.route_web_socket("**/ws/**", relay)
    sit_and_start(page, server, table, lang=lang)
    wait_until(page, "document.body.dataset.myTurn === 'yes'", timeout=20)
    yield lang, page, sockets
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("reason", "details"), CASES, ids=[case_id(case) for case in CASES])
def test_the_page_says_why_in_the_words_of_the_terminal_game(
    seated: tuple[str, Page, list[Any]], reason: str, details: dict[str, str | int]
) -> None:
    lang, page, sockets = seated
    refusal = {
        "type": "error",
        "code": reason if reason in MATCH_REASONS else "illegal",
        "message": "the server's English message, which the page does not show",
        "reason": reason,
        "details": details,
        "state": 0,
        "ref": None,
    }
    shown = toast_after(page, lambda: sockets[-1].send(json.dumps(refusal)))
    assert shown == Tr(lang).refusal(reason, details, NAMES[lang])
    assert "{" not in shown and "refusal." not in shown


@pytest.mark.parametrize(("lang", "viewport"), [("en", DESKTOP), ("fr", PHONE)])
def test_an_unplayable_card_and_keys_with_nothing_behind_them_are_explained(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # Seed 14 deals seat 0 Y3, Y4 and G5 on a yellow Reverse, and seat 0 plays first.
    options = {"hand_size": 3}
    game = Game.new("2003", players=2, seed=14, launcher="draw-one", options=options)
    assert game.to_act == 0 and str(game.top) == "Y-Rev"
    assert sorted(str(c) for c in game.hand(0)) == ["G5", "Y3", "Y4"]
    table = create_table(
        server.url,
        seats=2,
        seed=14,
        host_name="Ann",
        launcher="draw-one",
        options=options,
        turn_timer=0,
    )
    code, host = str(table["code"]), str(table["host_token"])
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="random")
    page = new_page(browser, viewport)
    sit_and_start(page, server, table, lang=lang)
    wait_until(page, "document.body.dataset.myTurn === 'yes'")
    assert "dim" in (page.get_attribute('#hand .card[data-card="G5"]', "class") or "")

    card = toast_after(page, lambda: page.click('#hand .card[data-card="G5"]'))
    stop = toast_after(page, lambda: page.keyboard.press("s"))
    uno = toast_after(page, lambda: page.click("#btn-uno"))
    expected = {
        "en": (
            "Green 5 matches neither yellow nor Reverse: play a yellow card or a Reverse, or "
            "press the launcher.",
            "You have no presses to stop: you can stop only while you owe presses.",
            "There is no UNO to say now: say UNO with the play that leaves you one card.",
        ),
        "fr": (
            "La carte 5 vert ne va ni sur le jaune ni sur l'Inversion : jouez une carte jaune "
            "ou une Inversion, ou appuyez sur le distributeur.",
            "Vous n'avez pas d'appuis à arrêter : on ne peut arrêter que quand on doit des appuis.",
            "Il n'y a pas de UNO à dire maintenant : dites UNO avec la carte qui vous en "
            "laisse une.",
        ),
    }
    assert (card, stop, uno) == expected[lang]
    # Nothing was played: the table is where it was, and Ann still has her move.
    assert page.evaluate("document.body.dataset.state") == "0"
    assert hand(page) == ["G5", "Y3", "Y4"]
    page.click('#hand .card[data-card="Y3"]')
    wait_until(page, "document.body.dataset.state !== '0'")
    assert not page.errors  # type: ignore[attr-defined]
