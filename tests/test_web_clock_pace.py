"""The turn timer a page can count down, and the bots' pace the host sets: the match says
when the seat to act runs out of time, the server sends it in every view (`clock`), and
the host's pace is validated, kept with the table and used for the bots' timing."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")

import httpx

from unoattack.bots import RandomBot
from unoattack.engine import Game
from unoattack.engine.match import Match, Timing
from unoattack.web.manager import Settings
from unoattack.web.store import Store
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post

# Seed 13 deals one card each and gives seat 0 the first turn.
FIRST = {"seed": 13, "launcher": "draw-one", "options": {"hand_size": 1}}


def test_the_match_says_when_the_turn_timer_of_the_seat_to_act_runs_out() -> None:
    game = Game.new("2003", players=2, seed=13, launcher="draw-one", options={"hand_size": 1})
    assert game.to_act == 0
    bot = RandomBot(random.Random(1))
    match = Match(game, bots={1: bot}, stand_ins={0: bot}, timing=Timing(turn_timer=10), now=5)
    assert match.turn_deadline == (0, 15)
    match.set_away(0, True)  # the stand-in plays at bots' pace: no timer runs
    assert match.turn_deadline is None
    match.set_away(0, False)
    match.set_timing(Timing())
    assert match.turn_deadline is None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    db = tmp_path_factory.mktemp("pace") / "tables.sqlite3"
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url=f"sqlite:///{db}", bot_delay=0.4, allow_seed=True
    )
    with ServerThread(settings) as running:
        running.db_url = settings.db_url  # type: ignore[attr-defined]
        yield running


def test_every_view_carries_the_clock_of_the_seat_to_act_while_a_timer_runs(
    server: ServerThread,
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", turn_timer=30, **FIRST)
    code = table["code"]
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=table["host_token"])
    ann = Client(server.ws_url, code, table["token"])
    assert ann.messages[0]["clock"] is None  # in the lobby
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    started = ann.next("update")
    clock = started["clock"]
    assert (clock["seat"], clock["seconds"]) == (0, 30)
    assert 25 < clock["ends_in"] <= 30
    again = Client(server.ws_url, code, table["token"])
    assert again.messages[0]["clock"]["seat"] == 0
    again.close()
    ann.close()


def test_no_clock_at_a_table_without_a_turn_timer(server: ServerThread) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", turn_timer=0, **FIRST)
    code = table["code"]
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=table["host_token"])
    ann = Client(server.ws_url, code, table["token"])
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    started = ann.next("update")
    assert started["view"]["to_act"] == 0 and started["clock"] is None
    ann.close()


def test_the_host_sets_the_bots_pace_which_the_table_keeps_and_plays_at(
    server: ServerThread,
) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", turn_timer=0, **FIRST)
    code, host = table["code"], table["host_token"]
    public = post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=host).json()
    assert public["bot_pace"] == "normal"
    ann = Client(server.ws_url, code, table["token"])
    answer = post(server.url, f"/api/tables/{code}/pace", host_token=host, pace="relaxed")
    assert answer.status_code == 200 and answer.json()["bot_pace"] == "relaxed"
    assert ann.next("table")["table"]["bot_pace"] == "relaxed"
    # Only the host, and only a pace the server knows.
    refused = post(server.url, f"/api/tables/{code}/pace", host_token="nope", pace="quick")
    assert (refused.status_code, refused.json()["code"]) == (403, "not_host")
    assert (
        post(server.url, f"/api/tables/{code}/pace", host_token=host, pace="slow").status_code
        == 422
    )
    assert post(server.url, f"/api/tables/{code}/pace", host_token=host).status_code == 422
    # Kept with the table: in its public state, and in the store.
    stored = Store(server.db_url).load_one(code)  # type: ignore[attr-defined]
    assert stored is not None and stored.setup["bot_pace"] == "relaxed"
    # The bots play at it: the server's bot delay doubled, then halved once changed in play.
    manager = server.app.state.manager
    post(server.url, f"/api/tables/{code}/start", host_token=host)
    match = manager.get(code).match
    assert match.timing.think == match.timing.press == pytest.approx(0.8)
    post(server.url, f"/api/tables/{code}/pace", host_token=host, pace="quick")
    assert match.timing.think == match.timing.react[0] == pytest.approx(0.2)
    ann.close()


def test_a_table_created_with_a_pace_keeps_it(server: ServerThread) -> None:
    table = create_table(server.url, seats=2, host_name="Ann", bot_pace="quick")
    assert httpx.get(f"{server.url}/api/tables/{table['code']}").json()["bot_pace"] == "quick"
    assert post(server.url, "/api/tables", seats=2, bot_pace="slow").status_code == 422
