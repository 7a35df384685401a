"""Group commit: in a server, the actions taken during one turn of the event loop are
stored together at its end, before anything about them is sent; a table whose actions
could not be stored leaves memory and comes back as stored, none of its lost actions
ever acknowledged."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from websockets.exceptions import ConnectionClosed

from unoattack.web.manager import Connection, Settings, TableManager
from unoattack.web.outbox import Outbox
from unoattack.web.protocol import Act, Hello, Ping
from unoattack.web.store import Store
from unoattack.web.table import Setup
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post


def new_store(path: Path, *codes: str) -> Store:
    store = Store(f"sqlite:///{path / 'tables.sqlite3'}")
    for code in codes:
        store.create_table(code, {"edition": "2003"}, [{"kind": "empty"}], "h" * 64)
    return store


def test_the_actions_of_one_turn_are_stored_together_when_it_ends(tmp_path: Path) -> None:
    store = new_store(tmp_path, "AAAAAA", "BBBBBB")
    reader = Store(store.url)
    lost: list[frozenset[str]] = []

    async def scenario() -> None:
        store.defer_commits(asyncio.get_running_loop(), lost.append)
        store.append_action("AAAAAA", 0, 0, "press")
        store.append_action("BBBBBB", 0, 1, "press")
        store.append_action("AAAAAA", 1, 1, "stop")
        store.set_status("AAAAAA", "over")
        # Nothing is written while the turn goes on.
        assert (reader.count_actions("AAAAAA"), reader.count_actions("BBBBBB")) == (0, 0)
        await asyncio.sleep(0)
        assert (reader.count_actions("AAAAAA"), reader.count_actions("BBBBBB")) == (2, 1)

    asyncio.run(scenario())
    stored = {table.code: table for table in reader.load_all()}
    assert stored["AAAAAA"].actions == [(0, "press"), (1, "stop")]
    assert stored["AAAAAA"].status == "over" and stored["BBBBBB"].status == "lobby"
    assert lost == []


def test_an_action_whose_place_is_taken_costs_only_its_own_table(tmp_path: Path) -> None:
    store = new_store(tmp_path, "AAAAAA", "BBBBBB")
    store.append_action("BBBBBB", 0, 2, "press")  # another process wrote B's action 0
    lost: list[frozenset[str]] = []
    conflicts: list[str] = []
    store.on_conflict = conflicts.append

    async def scenario() -> frozenset[str]:
        store.defer_commits(asyncio.get_running_loop(), lost.append)
        store.append_action("AAAAAA", 0, 0, "press")
        store.append_action("BBBBBB", 0, 1, "press")
        store.append_action("AAAAAA", 1, 1, "stop")
        store.append_action("BBBBBB", 1, 0, "stop")
        return store.flush_actions()

    assert asyncio.run(scenario()) == {"BBBBBB"}
    assert lost == [{"BBBBBB"}] and conflicts == ["BBBBBB"]
    stored = {table.code: table.actions for table in Store(store.url).load_all()}
    assert stored == {"AAAAAA": [(0, "press"), (1, "stop")], "BBBBBB": [(2, "press")]}


class Socket:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    async def __call__(self, message: dict[str, Any]) -> None:
        self.sent.append(message.get("text", message.get("code")))


def test_an_outbox_passes_its_gate_before_it_sends_and_the_gate_may_drop_it() -> None:
    async def scenario() -> None:
        socket = Socket()
        seen_at_gate: list[list[Any]] = []
        outbox = Outbox(socket, limit=10, gate=lambda: seen_at_gate.append(list(socket.sent)))
        outbox.put("a")
        outbox.put("b")
        await outbox.finished()
        assert seen_at_gate == [[]] and socket.sent == ["a", "b"]

        def losing_gate() -> None:
            dropping.discard()
            dropping.close()

        dropped = Socket()
        dropping = Outbox(dropped, limit=10, gate=losing_gate)
        dropping.put("an update the store lost")
        await dropping.finished()
        assert dropped.sent == [1000]

    asyncio.run(scenario())


def test_an_action_the_store_loses_is_never_acknowledged_and_its_table_comes_back(
    tmp_path: Path,
) -> None:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url=f"sqlite:///{tmp_path / 'tables.sqlite3'}",
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
    )
    with ServerThread(settings) as server:
        table = create_table(server.url, seats=2, seed=5, host_name="Ann")
        code, host = str(table["code"]), str(table["host_token"])
        bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
        tokens = {0: str(table["token"]), 1: str(bob)}
        ann, bert = Client(server.ws_url, code, tokens[0]), Client(server.ws_url, code, tokens[1])
        assert post(server.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
        ann.next("update")
        bert.next("update")
        actor = ann if ann.view is not None and ann.view["to_act"] == 0 else bert
        store = server.app.state.manager.store
        original = store._write

        def failing(batch: object) -> None:
            raise OSError("disk full")

        store._write = failing
        try:
            actor.act("press", ref=1)
            with pytest.raises(ConnectionClosed):  # closed, with no update before it
                actor.next()
            with pytest.raises(ConnectionClosed):
                (bert if actor is ann else ann).next()
        finally:
            store._write = original
        assert Store(settings.db_url).count_actions(code) == 0
        again = Client(server.ws_url, code, tokens[actor.seat or 0])
        assert again.state == 0  # the table as stored: before the lost press
        again.act("press", ref=2)
        update = again.next("update")
        assert update["ack"] == 2 and update["state"] == 1
        assert Store(settings.db_url).count_actions(code) == 1
        again.ws.close()
        ann.ws.close()
        bert.ws.close()


def test_a_lost_action_is_never_told_even_queued_behind_an_earlier_message() -> None:
    """A pong put in the same turn before the action: its socket's send is scheduled
    before the store's flush, and still no update of the lost action leaves."""

    async def scenario() -> tuple[list[Any], list[Any], int]:
        store = Store("sqlite://")
        tables = TableManager(store, Settings(db_url=store.url, bot_delay=0, uno_grace=0))
        tables.defer_commits()
        setup = Setup(edition="2003", options={}, launcher="hazard", turn_timer=0, seed=5)
        table, host, ann_token = tables.create(setup, 2, "Ann")
        _, bob_token = tables.join(table.code, "Bob", None)
        sockets = [Socket(), Socket()]
        conns = []
        for socket, token in zip(sockets, (ann_token, bob_token), strict=True):
            conn = Connection(socket, table, tables.settings, store.flush_actions)
            tables.attach(conn)
            tables.hello(conn, Hello(type="hello", token=token))
            conns.append(conn)
        tables.start(table.code, host)
        await asyncio.sleep(0.01)
        assert table.match is not None
        actor = conns[table.match.game.to_act]
        sent_before = [len(socket.sent) for socket in sockets]

        def failing(batch: object) -> None:
            raise OSError("disk full")

        store._write = failing
        tables.handle(actor, Ping(type="ping", state=table.state, ref=1))
        tables.handle(actor, Act(type="act", state=table.state, action="press", ref=2))
        await asyncio.sleep(0.01)
        del store._write
        after = [socket.sent[count:] for socket, count in zip(sockets, sent_before, strict=True)]
        return after[0], after[1], store.count_actions(table.code)

    ann_got, bob_got, stored = asyncio.run(scenario())
    assert stored == 0
    # Each socket is closed (1000, the page reconnects), with nothing of the press before.
    assert ann_got == [1000] and bob_got == [1000]
