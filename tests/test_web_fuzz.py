"""Malformed, oversized and out-of-turn messages: each gets an error, nothing changes."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from unoattack.engine.match import INSTANT
from unoattack.web.manager import Settings
from unoattack.web.protocol import MAX_MESSAGE_BYTES, view_payload
from unoattack.web.store import Store
from unoattack.web.table import Table
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    db = tmp_path_factory.mktemp("fuzz") / "tables.sqlite3"
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url=f"sqlite:///{db}",
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
        rate=5000,
        burst=5000,
    )
    with ServerThread(settings) as running:
        yield running


def hand_crafted(state: int, other_seat: int) -> list[str | bytes]:
    """Messages that are wrong in one way each (for a seat that is not to act)."""
    act = {"type": "act", "state": state, "action": "press"}
    return [
        "",
        "not json",
        "{",
        "[]",
        "42",
        "null",
        '"hello"',
        "{}",
        '{"type": "nope"}',
        '{"type": null}',
        '{"type": "act"}',
        json.dumps({"type": "act", "action": "press"}),
        json.dumps({**act, "state": -1}),
        json.dumps({**act, "state": "0"}),
        json.dumps({**act, "state": 1.5}),
        json.dumps({**act, "state": True}),
        json.dumps({**act, "state": 10**30}),
        json.dumps({**act, "action": ""}),
        json.dumps({**act, "action": 7}),
        json.dumps({**act, "action": "x" * 41}),
        json.dumps({**act, "action": "fly away"}),
        json.dumps({**act, "action": "play ZZ"}),
        json.dumps({**act, "action": "catch 11"}),
        json.dumps({**act, "extra": 1}),
        json.dumps({**act, "ref": -5}),
        json.dumps({**act, "seat": other_seat}),
        json.dumps({**act, "seat": 99}),
        json.dumps({**act, "state": state + 1}),
        json.dumps({**act, "state": max(0, state - 1)})
        if state
        else json.dumps({**act, "state": 9}),
        json.dumps(act),  # out of turn: not this seat's turn
        json.dumps({**act, "action": "uno"}),
        json.dumps({**act, "action": "catch 0"}),
        json.dumps({**act, "action": "colour R"}),
        json.dumps({**act, "action": "play W R"}),
        json.dumps({**act, "action": "penalize 0"}),
        json.dumps({"type": "hello", "token": "again"}),
        json.dumps({"type": "chat", "state": state, "text": ""}),
        json.dumps({"type": "chat", "state": state, "text": "\u0000\u0001"}),
        json.dumps({"type": "chat", "state": state, "text": "x" * 401}),
        json.dumps({"type": "ping"}),
        json.dumps({"type": "act", "state": state, "action": "press\u0000"}),
        '{"type": "act", "state": 0, "action": "\\ud800"}',
        "[" * 900 + "]" * 900,
        '{"a":' * 300 + "1" + "}" * 300,
        "x" * (MAX_MESSAGE_BYTES + 1),
        json.dumps({**act, "action": "é" * 1500}),
        b"\x00\x01binary",
        b"",
    ]


def mutations(base: str, rng: random.Random, count: int) -> list[str | bytes]:
    """Random single-spot corruptions of a valid message (truncations, byte flips)."""
    raw = base.encode()
    out: list[str | bytes] = []
    for _ in range(count):
        data = bytearray(raw)
        how = rng.randrange(3)
        spot = rng.randrange(len(data))
        if how == 0:
            data = data[:spot]
        elif how == 1:
            data[spot] = rng.randrange(256)
        else:
            data[spot:spot] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        try:
            out.append(bytes(data).decode("utf-8"))
        except UnicodeDecodeError:
            out.append(bytes(data))
    return out


def test_every_bad_message_gets_an_error_and_nothing_changes(server: ServerThread) -> None:
    table = create_table(server.url, seats=2, seed=21, host_name="Ann")
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    ann = Client(server.ws_url, code, str(table["token"]))
    bobc = Client(server.ws_url, code, bob)
    watcher = Client(server.ws_url, code)
    assert post(server.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    for client in (ann, bobc, watcher):
        client.next("update")
    assert ann.view is not None
    to_act = ann.view["to_act"]
    actor, idle = (ann, bobc) if to_act == 0 else (bobc, ann)
    assert actor.view is not None and idle.view is not None
    state, before = ann.state, (ann.view, bobc.view, watcher.view)
    assert idle.seat is not None and actor.seat is not None

    rng = random.Random(5)
    valid_act = json.dumps({"type": "act", "state": state, "action": "press", "ref": 3})
    for client in (idle, watcher):
        garbage = hand_crafted(state, actor.seat) + mutations(valid_act, rng, 150)
        for message in garbage:
            client.send(message)
            reply = client.next(timeout=10)
            assert reply["type"] == "error", (message, reply)
            assert reply["state"] == state

    # The acting seat's own mistakes: stale, someone else's seat, an illegal card.
    actor.act("press", state=state + 3)
    assert actor.next("error")["code"] == "stale"
    actor.send({"type": "act", "state": state, "action": "press", "seat": idle.seat})
    assert actor.next("error")["code"] == "not_your_seat"
    unplayable = next(
        f"play {card}" for card in actor.view["hand"] if f"play {card}" not in actor.view["legal"]
    )
    actor.act(unplayable)
    assert actor.next("error")["code"] in ("illegal", "bad_action")

    # Nothing changed: a fresh connection sees the same state and the same views.
    for client, token in ((ann, table["token"]), (bobc, bob), (watcher, None)):
        again = Client(server.ws_url, code, None if token is None else str(token))
        assert again.state == state
        assert again.view == before[[ann, bobc, watcher].index(client)]
        again.close()
    # The store agrees: the table rebuilt from its stored actions is the same game.
    assert server.settings.db_url is not None
    stored = next(t for t in Store(server.settings.db_url).load_all() if t.code == code)
    rebuilt = Table.restore(Store("sqlite://"), stored, lambda timer: INSTANT, 0.0)
    assert rebuilt.state == state
    for seat, seen in enumerate(before[:2]):
        view = rebuilt.view_for(seat)
        assert view is not None and view_payload(view) == seen
    # And the table still plays.
    actor.act("press", ref=9)
    update = actor.next("update")
    assert update["ack"] == 9 and update["state"] == state + 1
    for client in (ann, bobc, watcher):
        client.close()


def test_a_frame_larger_than_the_limit_closes_only_that_connection(server: ServerThread) -> None:
    table = create_table(server.url, seats=2, seed=3, host_name="Ann")
    code = str(table["code"])
    ann = Client(server.ws_url, code, str(table["token"]))
    with connect(f"{server.ws_url}/ws/{code}", ping_interval=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        ws.recv(timeout=10)
        ws.send("x" * 200_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    ann.send({"type": "ping", "state": 0, "ref": 1})
    assert ann.next("pong")["ref"] == 1
    ann.close()


def test_a_connection_must_say_hello_first(server: ServerThread) -> None:
    table = create_table(server.url, seats=2, seed=3, host_name="Ann")
    with connect(f"{server.ws_url}/ws/{table['code']}", ping_interval=None) as ws:
        ws.send(json.dumps({"type": "act", "state": 0, "action": "press"}))
        reply = json.loads(ws.recv(timeout=10))
        assert reply["type"] == "error" and reply["code"] == "no_hello"
