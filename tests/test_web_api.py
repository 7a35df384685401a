"""The web server through real HTTP and WebSocket connections (uvicorn on 127.0.0.1)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

import httpx

import unoattack.web
from unoattack.engine import Record, verify
from unoattack.rules import EDITION_NAMES, Edition
from unoattack.web.app import invite_svg
from unoattack.web.manager import Settings
from unoattack.web.table import rejoin_code
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, play, post


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as running:
        yield running


def new_table(server: ServerThread, **body: object) -> dict[str, object]:
    body.setdefault("host_name", "Ann")
    body.setdefault("seed", 11)
    return create_table(server.url, **body)


def two_players_and_a_bot(server: ServerThread, **body: object) -> tuple[str, str, str, str]:
    """A started 3-seat table: Ann (host, seat 0), Bob (seat 1), a random bot (seat 2)."""
    table = new_table(server, seats=3, **body)
    code = str(table["code"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    host = str(table["host_token"])
    assert post(server.url, f"/api/tables/{code}/seats/2/bot", host_token=host).status_code == 200
    return code, host, str(table["token"]), bob


def start(server: ServerThread, code: str, host: str) -> None:
    response = post(server.url, f"/api/tables/{code}/start", host_token=host)
    assert response.status_code == 200, response.text


# ---------------------------------------------------------------------- REST


def test_options_list_editions_launchers_and_bot_levels(server: ServerThread) -> None:
    data = httpx.get(f"{server.url}/api/options").json()
    assert [e["name"] for e in data["editions"]] == ["2003", "2010", "mega-hit"]
    assert data["launchers"] == ["hazard", "schedule", "memoryless", "draw-one"]
    assert data["bot_levels"] == [
        "random",
        "family",
        "heuristic",
        "ismcts-easy",
        "ismcts-normal",
        "ismcts-hard",
    ]
    assert data["bot_paces"] == ["quick", "normal", "relaxed"]
    assert data["editions"][2]["options"]["stacking"] is True
    assert data["allow_seed"] is True


def test_options_name_each_edition_in_each_language_of_the_page(server: ServerThread) -> None:
    # The page names editions by these (it kept its own copy of the French titles).
    editions = httpx.get(f"{server.url}/api/options").json()["editions"]
    assert {e["name"]: e["titles"] for e in editions} == {
        "2003": {"en": "UNO Attack! (2003)", "fr": "UNO Attack! (2003)"},
        "2010": {"en": "UNO Attack! (later edition)", "fr": "UNO Attack! (édition ultérieure)"},
        "mega-hit": {"en": "UNO Attack! Méga appuyer", "fr": "UNO Attack! Méga appuyer"},
    }
    assert {e["name"]: e["titles"]["en"] for e in editions} == {
        name: Edition.load(name).title for name in EDITION_NAMES
    }
    static = Path(unoattack.web.__file__).parent / "static"
    assert "édition ultérieure" not in (static / "i18n.js").read_text(encoding="utf-8")


def test_openapi_documents_every_endpoint(server: ServerThread) -> None:
    paths = httpx.get(f"{server.url}/openapi.json").json()["paths"]
    assert set(paths) == {
        "/api/options",
        "/api/protocol",
        "/api/tables",
        "/api/tables/{code}",
        "/api/tables/{code}/invite.svg",
        "/api/tables/{code}/join",
        "/api/tables/{code}/reclaim",
        "/api/tables/{code}/seats/{seat}/bot",
        "/api/tables/{code}/seats/{seat}/remove",
        "/api/tables/{code}/seats/{seat}/kick",
        "/api/tables/{code}/seats/{seat}/readmit",
        "/api/tables/{code}/pace",
        "/api/tables/{code}/start",
        "/api/tables/{code}/rematch",
        "/api/tables/{code}/replay",
        "/api/tables/{code}/record",
    }
    assert httpx.get(f"{server.url}/docs").status_code == 200


def test_protocol_schema_names_every_client_message(server: ServerThread) -> None:
    schema = httpx.get(f"{server.url}/api/protocol").json()
    messages = {"hello", "act", "chat", "ping", "hint", "ready"}
    assert set(schema["discriminator"]["mapping"]) == messages


def test_pages_are_served_with_a_content_security_policy(server: ServerThread) -> None:
    page = httpx.get(f"{server.url}/t/ABCDEF")
    assert page.status_code == 200 and "<title>UNO Attack!</title>" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert httpx.get(f"{server.url}/static/app.js").status_code == 200
    assert httpx.get(f"{server.url}/static/i18n.js").status_code == 200


def test_create_gives_a_code_an_invite_link_and_tokens(server: ServerThread) -> None:
    table = new_table(server, seats=5, edition="mega-hit", target_score=200)
    code = str(table["code"])
    assert len(code) == 6 and table["invite"] == f"{server.url}/t/{code}"
    assert table["seat"] == 0 and table["token"] and table["host_token"]
    info = httpx.get(f"{server.url}/api/tables/{code}").json()
    assert info["status"] == "lobby" and info["rules"]["target_score"] == 200
    assert [s["kind"] for s in info["seats"]] == ["human", "empty", "empty", "empty", "empty"]
    assert "seed" not in str(info) and "token" not in str(info)


def test_a_host_on_localhost_is_given_invite_links_phones_can_open() -> None:
    # The server found its network address; the host's page is on 127.0.0.1.
    lan = "http://192.0.2.7:8000"
    with ServerThread(Settings(db_url="sqlite://", bot_delay=0, lan_url=lan)) as own:
        table = create_table(own.url, host_name="Ann")
        code = str(table["code"])
        assert table["invite"] == f"{lan}/t/{code}"
        client = Client(own.ws_url, code, str(table["token"]))
        assert client.messages[0]["invite_base"] == lan
        client.close()
        qr = httpx.get(f"{own.url}/api/tables/{code}/invite.svg")
        assert qr.status_code == 200 and qr.headers["content-type"] == "image/svg+xml"
        assert qr.content == invite_svg(f"{lan}/t/{code}")
        assert qr.text.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="')
        assert httpx.get(f"{own.url}/api/tables/ZZZZZZ/invite.svg").status_code == 404


def test_without_a_network_address_a_page_invites_with_its_own_origin(
    server: ServerThread,
) -> None:
    table = new_table(server)
    client = Client(server.ws_url, str(table["code"]), str(table["token"]))
    assert client.messages[0]["invite_base"] is None  # the page uses its own origin
    client.close()


def test_a_bad_setup_is_refused_with_the_engines_words(server: ServerThread) -> None:
    response = httpx.post(f"{server.url}/api/tables", json={"options": {"stackin": True}})
    assert response.status_code == 422
    assert "did you mean 'stacking'" in response.json()["detail"]
    response = httpx.post(f"{server.url}/api/tables", json={"launcher": "turbo"})
    assert response.status_code == 422
    response = httpx.post(f"{server.url}/api/tables", json={"seats": 11})
    assert response.status_code == 422


def test_a_server_that_deals_its_own_seeds_refuses_a_chosen_seed() -> None:
    with ServerThread(Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0)) as own:
        response = httpx.post(f"{own.url}/api/tables", json={"seed": 3})
        assert response.status_code == 422 and response.json()["code"] == "no_seed"


def test_lobby_join_bots_remove_and_start(server: ServerThread) -> None:
    table = new_table(server, seats=4)
    code, host = str(table["code"]), str(table["host_token"])
    joined = post(server.url, f"/api/tables/{code}/join", name="  Bob\u0000 ")
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    taken = post(server.url, f"/api/tables/{code}/join", name="Cy", seat=1)
    assert taken.status_code == 409
    assert taken.json() == {"code": "taken", "detail": "seat 2 is taken", "details": {"seat": 1}}
    not_host = post(server.url, f"/api/tables/{code}/seats/2/bot", host_token="nope")
    assert not_host.status_code == 403
    assert post(server.url, f"/api/tables/{code}/seats/2/bot", host_token=host).status_code == 200
    early = post(server.url, f"/api/tables/{code}/start", host_token=host)
    # People number seats from 1: the fourth seat, index 3, is "seat 4".
    assert early.status_code == 409 and early.json() == {
        "code": "empty_seats",
        "detail": "seat 4 is empty: add a bot or remove the seat before starting",
        "details": {"seat": 3},
    }
    removed = post(server.url, f"/api/tables/{code}/seats/3/remove", host_token=host)
    assert [s["kind"] for s in removed.json()["seats"]] == ["human", "human", "bot"]
    assert removed.json()["seats"][1]["name"] == "Bob"
    start(server, code, host)
    late = post(server.url, f"/api/tables/{code}/join", name="Dee")
    assert late.status_code == 409 and late.json()["code"] == "started"


def test_kick_in_the_lobby_empties_the_seat(server: ServerThread) -> None:
    table = new_table(server, seats=3)
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    client = Client(server.ws_url, code, bob)
    assert client.seat == 1
    kicked = post(server.url, f"/api/tables/{code}/seats/1/kick", host_token=host)
    assert kicked.json()["seats"][1]["kind"] == "empty"
    assert client.next("kicked") == {"type": "kicked", "how": "removed"}
    client.act("press")
    assert client.next("error")["code"] == "not_seated"
    client.close()


def test_a_host_command_for_a_seat_that_does_not_exist_names_that_seat_and_changes_nothing(
    server: ServerThread,
) -> None:
    table = new_table(server, seats=3)
    code, host = str(table["code"]), str(table["host_token"])
    before = httpx.get(f"{server.url}/api/tables/{code}").json()
    for seat in (-1, 3):
        for command in ("kick", "remove", "bot"):
            refused = post(
                server.url, f"/api/tables/{code}/seats/{seat}/{command}", host_token=host
            )
            assert refused.status_code == 404 and refused.json() == {
                "code": "no_seat",
                "detail": f"there is no seat {seat} at this table: its seats are 0 to 2",
                "details": {"seat": seat},
            }
    assert httpx.get(f"{server.url}/api/tables/{code}").json() == before


def test_a_player_whose_seat_the_host_removes_is_told_so(server: ServerThread) -> None:
    table = new_table(server, seats=3)
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    client = Client(server.ws_url, code, bob)
    removed = post(server.url, f"/api/tables/{code}/seats/1/remove", host_token=host)
    assert [seat["kind"] for seat in removed.json()["seats"]] == ["human", "empty"]
    assert client.next("kicked") == {"type": "kicked", "how": "seat_removed"}
    assert client.next("table")["you"] == {"seat": None, "kicked": False, "rejoin": None}
    client.close()


def test_an_unknown_table_is_404_over_rest_and_websocket(server: ServerThread) -> None:
    assert httpx.get(f"{server.url}/api/tables/ZZZZZZ").status_code == 404
    from websockets.sync.client import connect

    with connect(f"{server.ws_url}/ws/ZZZZZZ") as ws:
        assert '"no_table"' in str(ws.recv(timeout=5))


# ---------------------------------------------------------------------- WebSocket


def test_a_seat_sees_its_hand_and_a_spectator_sees_none(server: ServerThread) -> None:
    code, host, ann, _ = two_players_and_a_bot(server)
    a = Client(server.ws_url, code, ann)
    watcher = Client(server.ws_url, code)
    start(server, code, host)
    a.next("update")
    watcher.next("update")
    assert a.view is not None and watcher.view is not None
    assert a.seat == 0 and len(a.view["hand"]) == 7
    assert watcher.seat is None and watcher.view["hand"] is None and watcher.view["legal"] == []
    assert a.view["hand_counts"] == watcher.view["hand_counts"] == [7, 7, 7]
    a.close()
    watcher.close()


def test_two_players_and_a_bot_play_a_whole_match(server: ServerThread) -> None:
    code, host, ann, bob = two_players_and_a_bot(
        server, options={"hand_size": 4}, target_score=60, launcher="draw-one"
    )
    a, b = Client(server.ws_url, code, ann), Client(server.ws_url, code, bob)
    start(server, code, host)
    play([a, b], random.Random(1), lambda: a.view is not None and a.view["result"] is not None)
    b.until(lambda c: c.view is not None and c.view["result"] is not None)
    assert a.view is not None and b.view is not None
    assert a.view["result"] == b.view["result"] and a.state == b.state
    assert httpx.get(f"{server.url}/api/tables/{code}").json()["status"] == "over"
    record = Record.from_json(httpx.get(f"{server.url}/api/tables/{code}/record").text)
    assert verify(record).ok and len(record.actions) == a.state
    assert record.result is not None and record.result["winners"] == a.view["result"]["winners"]
    a.close()
    b.close()


def test_the_replay_steps_through_the_match_as_each_seat_saw_it(server: ServerThread) -> None:
    code, host, ann, bob = two_players_and_a_bot(
        server, options={"hand_size": 2}, target_score=1, launcher="draw-one"
    )
    a, b = Client(server.ws_url, code, ann), Client(server.ws_url, code, bob)
    early = httpx.get(f"{server.url}/api/tables/{code}/replay")
    assert early.status_code == 409 and early.json()["code"] == "not_over"
    start(server, code, host)
    play([a, b], random.Random(2), lambda: a.view is not None and a.view["result"] is not None)
    steps = a.state
    url = f"{server.url}/api/tables/{code}/replay"
    first = httpx.get(url, params={"step": 0}).json()
    assert first["steps"] == steps and first["action"] is None and first["view"]["hand"] is None
    mine = httpx.get(url, params={"step": 0}, headers={"X-Seat-Token": ann}).json()
    assert len(mine["view"]["hand"]) == 2 and mine["view"]["seat"] == 0
    last = httpx.get(url, params={"step": steps}, headers={"X-Seat-Token": ann}).json()
    assert last["view"]["result"] == a.view["result"] and last["view"]["hand"] == a.view["hand"]
    back = httpx.get(url, params={"step": 1}).json()
    assert back["action"]["seat"] in (0, 1, 2) and back["events"]
    assert httpx.get(url, params={"step": steps + 1}).status_code == 404
    a.close()
    b.close()


def test_a_player_who_reconnects_gets_the_same_seat_and_hand(server: ServerThread) -> None:
    code, host, ann, _ = two_players_and_a_bot(server)
    a = Client(server.ws_url, code, ann)
    start(server, code, host)
    a.next("update")
    assert a.view is not None
    hand, state = a.view["hand"], a.state
    a.close()
    again = Client(server.ws_url, code, ann)
    welcome = again.messages[0]
    assert welcome["you"]["seat"] == 0 and welcome["state"] >= state
    if welcome["state"] == state:
        assert welcome["view"]["hand"] == hand
    recent = welcome["recent"]
    assert recent and all(e["cards"] is None for e in recent if e["type"] == "dealt" and e["seat"])
    again.close()


def test_a_stale_message_or_another_seats_action_changes_nothing(server: ServerThread) -> None:
    table = new_table(server, seats=2, seed=5)
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    a, b = Client(server.ws_url, code, str(table["token"])), Client(server.ws_url, code, bob)
    start(server, code, host)
    a.next("update")
    b.next("update")
    assert a.view is not None
    actor, other = (a, b) if a.view["to_act"] == 0 else (b, a)
    state = actor.state
    actor.act("press", state=state + 1, ref=7)
    error = actor.next("error")
    assert error["code"] == "stale" and error["ref"] == 7
    assert (error["reason"], error["details"]) == ("stale", {"state": state})
    other.act("press")
    refused = other.next("error")
    assert refused["code"] == "illegal" and refused["reason"] == "not_your_turn"
    assert refused["details"] == {"seat": actor.seat}
    assert refused["message"] == f"it is not your turn: seat {actor.seat} is to act"
    other.send({"type": "act", "state": state, "action": "press", "seat": actor.seat})
    assert other.next("error")["code"] == "not_your_seat"
    actor.send({"type": "ping", "state": state})
    assert actor.next("pong")["state"] == state
    actor.act("press", ref=8)
    update = actor.next("update")
    assert update["ack"] == 8 and update["state"] == state + 1 and update["by"]["action"] == "press"
    assert other.next("update")["ack"] is None
    a.close()
    b.close()


def test_chat_is_cleaned_and_only_players_chat(server: ServerThread) -> None:
    code, _, ann, _ = two_players_and_a_bot(server)
    a, watcher = Client(server.ws_url, code, ann), Client(server.ws_url, code)
    a.send({"type": "chat", "state": 0, "text": "<script>x</script>\u0007 hi"})
    line = watcher.next("chat")
    assert line == {"type": "chat", "seat": 0, "name": "Ann", "text": "<script>x</script> hi"}
    watcher.send({"type": "chat", "state": 0, "text": "hello"})
    assert watcher.next("error")["code"] == "not_seated"
    late = Client(server.ws_url, code)
    assert late.messages[0]["chat"] == [line]
    for c in (a, watcher, late):
        c.close()


def test_a_kicked_player_is_replaced_by_a_bot_and_can_be_let_back_in(
    server: ServerThread,
) -> None:
    code, host, ann, bob = two_players_and_a_bot(server, options={"hand_size": 3}, target_score=40)
    a, b = Client(server.ws_url, code, ann), Client(server.ws_url, code, bob)
    start(server, code, host)
    a.next("update")
    kicked = post(server.url, f"/api/tables/{code}/seats/1/kick", host_token=host).json()
    assert kicked["seats"][1] == {
        "seat": 1,
        "kind": "bot",
        "name": "Bob",
        "level": "heuristic",
        "connected": True,
        "autopilot": False,
        "kicked": True,
    }
    assert b.next("kicked") == {"type": "kicked", "how": "replaced"}
    b.until(lambda c: c.view is not None and c.view["hand"] is None)
    # Bob's token no longer holds the seat, but it is not forgotten: he watches, and the
    # page knows the host may let him back in.
    again = Client(server.ws_url, code, bob)
    assert again.messages[0]["type"] == "welcome"
    assert again.messages[0]["you"] == {"seat": None, "kicked": True, "rejoin": None}
    readmitted = post(server.url, f"/api/tables/{code}/seats/1/readmit", host_token=host)
    assert readmitted.status_code == 200
    assert readmitted.json()["seats"][1] | {"connected": None} == {
        "seat": 1,
        "kind": "human",
        "name": "Bob",
        "level": None,
        "connected": None,
        "autopilot": False,
        "kicked": False,
    }
    for client in (b, again):
        welcome = client.next("welcome")
        assert welcome["you"] == {"seat": 1, "kicked": False, "rejoin": rejoin_code(bob)}
        assert welcome["view"]["seat"] == 1 and welcome["view"]["hand"] is not None
    # Ann and Bob finish the match against the bot.
    play([a, b], random.Random(3), lambda: a.view is not None and a.view["result"] is not None)
    for c in (a, b, again):
        c.close()


def test_a_player_let_back_in_while_away_is_played_by_the_stand_in_until_they_come(
    server: ServerThread,
) -> None:
    code, host, ann, bob = two_players_and_a_bot(server, turn_timer=0)
    a = Client(server.ws_url, code, ann)
    start(server, code, host)
    post(server.url, f"/api/tables/{code}/seats/1/kick", host_token=host)
    seats = post(server.url, f"/api/tables/{code}/seats/1/readmit", host_token=host).json()["seats"]
    assert seats[1]["kind"] == "human" and seats[1]["autopilot"] is True
    b = Client(server.ws_url, code, bob)
    assert b.seat == 1 and b.messages[0]["table"]["seats"][1]["autopilot"] is False
    refused = post(server.url, f"/api/tables/{code}/seats/2/readmit", host_token=host)
    assert refused.status_code == 409 and refused.json() == {
        "code": "not_kicked",
        "detail": "no player was removed from seat 3",
        "details": {"seat": 2},
    }
    not_host = post(server.url, f"/api/tables/{code}/seats/1/readmit", host_token=bob)
    assert not_host.status_code == 403
    a.close()
    b.close()


def test_a_seat_is_taken_on_another_device_with_its_rejoin_code(server: ServerThread) -> None:
    code, host, ann, bob = two_players_and_a_bot(server)
    a, b, watcher = (Client(server.ws_url, code, t) for t in (ann, bob, None))
    # Each player is shown their own seat's code; a spectator none.
    rejoin = b.messages[0]["you"]["rejoin"]
    assert rejoin == rejoin_code(bob) and len(rejoin) == 8
    assert a.messages[0]["you"]["rejoin"] == rejoin_code(ann) != rejoin
    assert watcher.messages[0]["you"]["rejoin"] is None
    assert rejoin not in json.dumps(a.messages + watcher.messages)
    start(server, code, host)
    # Bob's phone died: on the computer he types the code as he reads it.
    typed = f"{rejoin[:4].lower()}-{rejoin[4:]}"
    taken = post(server.url, f"/api/tables/{code}/reclaim", rejoin=typed)
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    token = taken.json()["token"]
    assert b.next("kicked") == {"type": "kicked", "how": "reclaimed"}
    computer = Client(server.ws_url, code, token)
    assert computer.seat == 1 and computer.view is not None and computer.view["hand"]
    # The seat has a new token and a new code: the old ones hold nothing.
    assert computer.messages[0]["you"]["rejoin"] == rejoin_code(token) != rejoin
    stale = Client(server.ws_url, code, bob)
    assert stale.seat is None and stale.messages[0]["code"] == "bad_token"
    again = post(server.url, f"/api/tables/{code}/reclaim", rejoin=rejoin)
    assert again.status_code == 404 and again.json()["code"] == "bad_rejoin"
    for client in (a, b, watcher, computer, stale):
        client.poll()
        client.close()


def test_a_table_stops_taking_rejoin_codes_after_ten_wrong_ones(server: ServerThread) -> None:
    code, _, _, bob = two_players_and_a_bot(server)
    b = Client(server.ws_url, code, bob)
    right = b.messages[0]["you"]["rejoin"]
    wrong = "".join(reversed(right))
    for _ in range(10):
        refused = post(server.url, f"/api/tables/{code}/reclaim", rejoin=wrong)
        assert refused.status_code == 404
    blocked = post(server.url, f"/api/tables/{code}/reclaim", rejoin=right)
    assert blocked.status_code == 429 and blocked.json()["code"] == "too_many_tries"
    b.close()


def test_an_absent_player_is_played_by_a_bot_until_they_return() -> None:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as server:
        table = create_table(server.url, seats=2, seed=5, host_name="Ann", turn_timer=1)
        code, host = str(table["code"]), str(table["host_token"])
        bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
        a = Client(server.ws_url, code, str(table["token"]))
        start(server, code, host)
        # Bob never connects: when the game waits for him, a bot plays his seat.
        a.until(
            lambda c: (
                c.messages[-1]["type"] == "table"
                and c.messages[-1]["table"]["seats"][1]["autopilot"]
            )
        )
        a.until(
            lambda c: any(
                m.get("by") and m["by"]["seat"] == 1 and m["by"]["auto"] for m in c.messages
            )
        )
        b = Client(server.ws_url, code, bob)
        assert b.seat == 1 and b.messages[0]["table"]["seats"][1]["autopilot"] is False
        a.until(
            lambda c: (
                c.messages[-1]["type"] == "table"
                and not c.messages[-1]["table"]["seats"][1]["autopilot"]
            )
        )
        a.close()
        b.close()


def test_uno_said_within_the_grace_period_beats_a_catch() -> None:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0,
        uno_grace=2.0,
        allow_seed=True,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as server:
        for catch_first_then_uno in (True, False):
            a, b, liable, catcher = _catch_window(server)
            catcher.act(f"catch {liable.seat}", ref=1)
            if catch_first_then_uno:
                liable.act("uno", ref=2)
                assert liable.next("update")["by"]["action"] == "uno"
                error = catcher.next("error")
                assert error["code"] == "uno_in_time" and error["ref"] == 1
                # the engine's reason and details, for the page to say who was in time
                assert (error["reason"], error["details"]) == ("uno_in_time", {"seat": liable.seat})
            else:
                update = catcher.next("update")
                assert update["ack"] == 1 and update["by"]["action"] == f"catch {liable.seat}"
                liable.act("uno", ref=3)
                assert liable.next("error")["code"] in ("illegal", "stale")
            a.close()
            b.close()


def _catch_window(server: ServerThread) -> tuple[Client, Client, Client, Client]:
    """Two players with 2 cards each; the first to act plays one without saying UNO."""
    for seed in range(200):
        table = create_table(
            server.url, seats=2, seed=seed, host_name="Ann", options={"hand_size": 2}
        )
        code, host = str(table["code"]), str(table["host_token"])
        bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
        a, b = Client(server.ws_url, code, str(table["token"])), Client(server.ws_url, code, bob)
        start(server, code, host)
        a.next("update")
        b.next("update")
        assert a.view is not None
        to_act = a.view["to_act"]
        actor, other = (a, b) if to_act == 0 else (b, a)
        assert actor.view is not None
        plain = [
            x["text"]
            for x in actor.view["legal"]
            if x["kind"] == "play" and not x["uno"] and x["target"] is None
        ]
        if actor.view["phase"] == "turn" and plain and len(actor.view["hand"]) == 2:
            actor.act(plain[0])
            actor.next("update")
            other.next("update")
            assert other.view is not None and other.view["catchable"] == actor.seat
            return a, b, actor, other
        a.close()
        b.close()
    raise AssertionError("no seed opens a catch window")


def test_a_connection_that_floods_is_rate_limited() -> None:
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0, rate=1, burst=5, allow_seed=True
    )
    with ServerThread(settings) as server:
        table = create_table(server.url, seats=2, seed=1, host_name="Ann")
        client = Client(server.ws_url, str(table["code"]), str(table["token"]))
        for ref in range(20):
            client.send({"type": "ping", "state": 0, "ref": ref})
        replies = [client.next() for _ in range(20)]
        limited = [r for r in replies if r["type"] == "error" and r["code"] == "rate_limited"]
        assert len(limited) >= 5 and {r["type"] for r in replies} <= {"pong", "error"}
        client.close()


def test_an_action_the_store_refuses_is_not_applied(server: ServerThread) -> None:
    table = new_table(server, seats=2, seed=5)
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    a, b = Client(server.ws_url, code, str(table["token"])), Client(server.ws_url, code, bob)
    start(server, code, host)
    a.next("update")
    b.next("update")
    actor = a if a.view is not None and a.view["to_act"] == 0 else b
    store = server.app.state.manager.store
    original = store.append_action

    def broken(*args: object) -> None:
        raise OSError("disk full")

    store.append_action = broken
    try:
        actor.act("press", ref=1)
        error = actor.next("error")
    finally:
        store.append_action = original
    assert error["code"] == "storage" and error["state"] == actor.state
    actor.act("press", ref=2)
    update = actor.next("update")
    assert update["ack"] == 2 and update["state"] == 1
    a.close()
    b.close()


# ---------------------------------------------------------------------- search bots, coach


def human_to_decide(a: Client, b: Client) -> tuple[Client, Client]:
    """Wait until Ann or Bob has a decision to make: (that one, the other)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for me, other in ((a, b), (b, a)):
            me.poll()
            if me.my_turn():
                return me, other
        time.sleep(0.01)
    raise TimeoutError("nobody got a decision")


def test_the_coach_answers_the_player_whose_decision_it_is_and_nobody_else(
    server: ServerThread,
) -> None:
    code, host, ann, bob = two_players_and_a_bot(server)
    a, b = Client(server.ws_url, code, ann), Client(server.ws_url, code, bob)
    watcher = Client(server.ws_url, code)
    start(server, code, host)
    mine, other = human_to_decide(a, b)
    assert mine.view is not None
    legal = {move["text"] for move in mine.view["legal"]}
    mine.send({"type": "hint", "state": mine.state, "ref": 7})
    hint = mine.next("hint", timeout=30)
    assert hint["state"] == mine.state and hint["ref"] == 7
    assert 1 <= len(hint["moves"]) <= 3
    assert isinstance(hint["even"], bool)
    for move in hint["moves"]:
        assert move["action"]["text"] in legal
        assert move["win_chance"] is None or 0.0 <= move["win_chance"] <= 1.0
    # Someone else's decision, a stale state, a watcher: refused, to that client only.
    other.send({"type": "hint", "state": other.state, "ref": 8})
    assert other.next("error")["code"] == "no_decision"
    mine.send({"type": "hint", "state": mine.state + 5, "ref": 9})
    assert mine.next("error")["code"] == "no_decision"
    watcher.send({"type": "hint", "state": watcher.state})
    assert watcher.next("error")["code"] == "not_seated"
    for client in (a, b, watcher):
        client.poll()
        assert not [m for m in client.messages if m["type"] == "hint" and client is not mine]
        client.close()


def test_no_hint_at_a_table_whose_host_turned_hints_off(server: ServerThread) -> None:
    code, host, ann, bob = two_players_and_a_bot(server, hints=False)
    assert httpx.get(f"{server.url}/api/tables/{code}").json()["hints"] is False
    a, b = Client(server.ws_url, code, ann), Client(server.ws_url, code, bob)
    start(server, code, host)
    mine, _ = human_to_decide(a, b)
    mine.send({"type": "hint", "state": mine.state})
    assert mine.next("error")["code"] == "hints_off"
    a.close()
    b.close()


def test_a_search_bot_at_the_table_plays_and_the_server_serves_others_meanwhile(
    server: ServerThread,
) -> None:
    table = new_table(server, seats=2)
    code, host = str(table["code"]), str(table["host_token"])
    response = post(
        server.url, f"/api/tables/{code}/seats/1/bot", host_token=host, level="ismcts-easy"
    )
    assert response.status_code == 200, response.text
    a = Client(server.ws_url, code, str(table["token"]))
    start(server, code, host)
    played = 0
    rng = random.Random(3)
    pongs = 0
    while played < 30:
        # Whenever the bot may be thinking, the server still answers at once.
        a.send({"type": "ping", "state": a.state, "ref": pongs})
        assert a.next("pong", timeout=5)["ref"] == pongs
        pongs += 1
        a.poll()
        assert a.view is not None
        if a.view["result"] is not None or a.view["hand_number"] > 1:
            break
        if a.my_turn():
            a.act(rng.choice(a.view["legal"])["text"])
            played += 1
        else:
            time.sleep(0.01)
    by_bot = [m for m in a.messages if m["type"] == "update" and (m["by"] or {}).get("seat") == 1]
    assert played >= 5 and len(by_bot) >= 5
    a.close()


# ---------------------------------------------------------------------- bounded


def test_an_address_creating_tables_too_fast_is_refused_with_429() -> None:
    settings = Settings(db_url="sqlite://", bot_delay=0, creates_per_minute=3, joins_per_minute=2)
    with ServerThread(settings) as server:
        made = [post(server.url, "/api/tables", seats=3, host_name="Ann") for _ in range(4)]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        assert made[3].json() == {
            "code": "rate_limited",
            "detail": "too many new tables from your address: try again in a minute",
        }
        code = made[0].json()["code"]
        joins = [post(server.url, f"/api/tables/{code}/join", name=n) for n in ("Bo", "Cy", "Di")]
        assert [r.status_code for r in joins] == [200, 200, 429]
        assert (
            joins[2].json()["detail"] == "too many joins from your address: try again in a minute"
        )


def test_a_request_body_over_the_limit_is_refused_before_it_is_read() -> None:
    settings = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0, max_body=1000)
    with ServerThread(settings) as server:
        big = {"seats": 2, "host_name": "Ann", "options": {"x" * 2000: 1}}
        declared = httpx.post(f"{server.url}/api/tables", json=big)
        assert declared.status_code == 413
        assert declared.json() == {
            "code": "too_large",
            "detail": "the request body is larger than 1000 bytes",
        }

        def streamed() -> Iterator[bytes]:  # no Content-Length: chunked
            yield b'{"seats": 2, "host_name": "'
            for _ in range(50):
                yield b"x" * 100
            yield b'"}'

        chunked = httpx.post(
            f"{server.url}/api/tables",
            content=streamed(),
            headers={"Content-Type": "application/json"},
        )
        assert chunked.status_code == 413
        assert post(server.url, "/api/tables", seats=2, host_name="Ann").status_code == 201
        assert declared.headers["X-Content-Type-Options"] == "nosniff"


def test_a_scripted_launcher_is_refused_unless_the_server_allows_seeds() -> None:
    strict = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0)
    with ServerThread(strict) as server:
        refused = post(server.url, "/api/tables", seats=2, launcher="scripted:3;0")
        assert refused.status_code == 422
        assert refused.json()["code"] == "no_scripted"
        assert post(server.url, "/api/tables", seats=2, launcher="hazard").status_code == 201


@pytest.mark.parametrize("launcher", ["scripted:3,0", "scripted:0,m,loop", "scripted:"])
def test_a_scripted_launcher_that_may_never_end_the_match_is_refused(
    server: ServerThread, launcher: str
) -> None:
    # Once a script runs out every press is a ding: a table of bots played on for ever
    # (and with no bot delay, kept the server's event loop to itself).
    refused = post(server.url, "/api/tables", seats=2, launcher=launcher)
    assert refused.status_code == 422
    assert refused.json() == {
        "code": "bad_setup",
        "detail": "a scripted launcher must fire cards and end with loop, or the match may "
        "never end",
    }
    assert post(server.url, "/api/tables", seats=2, launcher="scripted:0,2,loop").status_code == 201


def test_a_rate_limited_message_carries_its_ref() -> None:
    settings = Settings(
        **NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0, rate=0.5, burst=2, allow_seed=True
    )
    with ServerThread(settings) as server:
        table = create_table(server.url, seats=2, seed=1, host_name="Ann")
        client = Client(server.ws_url, str(table["code"]), str(table["token"]))
        for ref in range(4):
            client.send({"type": "ping", "state": 0, "ref": ref})
        client.send("not json at all")
        client.send("[" * 1024 + "]" * 1024)  # too deep for Python's parser: no ref either
        replies = [client.next() for _ in range(6)]
        limited = [(r["code"], r["ref"]) for r in replies if r["type"] == "error"]
        # The hello spent a token: one ping is answered, the rest are refused with their
        # ref; a frame that is not JSON has none to give.
        assert [r["type"] for r in replies][:1] == ["pong"]
        assert limited == [
            ("rate_limited", 1),
            ("rate_limited", 2),
            ("rate_limited", 3),
            ("rate_limited", None),
            ("rate_limited", None),
        ]
        client.close()


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_a_body_with_a_number_json_cannot_hold_is_refused_with_a_422(
    server: ServerThread, number: str
) -> None:
    # Python's JSON parser reads NaN and Infinity; FastAPI's own answer, which echoes the
    # input, could not be written and the server answered 500.
    headers = {"content-type": "application/json"}
    created = httpx.post(
        f"{server.url}/api/tables", content=f'{{"seats": {number}}}', headers=headers
    )
    assert created.status_code == 422
    assert created.json() == {
        "detail": [
            {
                "type": "finite_number",
                "loc": ["body", "seats"],
                "msg": "Input should be a finite number",
            }
        ]
    }
    code = new_table(server, seats=2)["code"]
    joined = httpx.post(
        f"{server.url}/api/tables/{code}/join",
        content=f'{{"name": "Bob", "seat": {number}}}',
        headers=headers,
    )
    assert joined.status_code == 422
    assert joined.json()["detail"][0]["loc"] == ["body", "seat"]
    seats = httpx.get(f"{server.url}/api/tables/{code}").json()["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "empty"]


def test_a_name_of_spaces_is_refused_in_the_words_a_page_translates(server: ServerThread) -> None:
    # The join form sends the name trimmed: "" once was pydantic's "String should have
    # at least 1 character", which the page could only show in English.
    code = new_table(server, seats=2)["code"]
    for name in ("", "   ", "\u200b\u200d"):
        joined = httpx.post(f"{server.url}/api/tables/{code}/join", json={"name": name})
        assert joined.status_code == 422
        assert joined.json() == {
            "code": "bad_name",
            "detail": "a name needs at least one visible character",
        }
    seats = httpx.get(f"{server.url}/api/tables/{code}").json()["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "empty"]


def test_names_and_chat_keep_emoji_made_of_several_pieces(server: ServerThread) -> None:
    cook = "\U0001f469\u200d\U0001f373"  # woman, zero-width joiner, frying pan
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    table = new_table(server, seats=2, host_name=f"Maman {cook}\u202e")  # the override goes
    code = str(table["code"])
    joined = httpx.post(f"{server.url}/api/tables/{code}/join", json={"name": family}).json()
    names = [seat["name"] for seat in httpx.get(f"{server.url}/api/tables/{code}").json()["seats"]]
    assert names == [f"Maman {cook}", family]
    client = Client(server.ws_url, code, str(joined["token"]))
    client.send({"type": "chat", "state": client.state, "text": f"{family} \u2764\ufe0f"})
    line = client.next("chat")
    assert (line["name"], line["text"]) == (family, f"{family} \u2764\ufe0f")
    client.close()
