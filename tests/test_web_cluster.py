"""Two server processes sharing PostgreSQL and Redis (docs/web.md, "Several processes").

Everything is real: PostgreSQL and Redis start from their binaries in temporary
directories, and two ``unoattack serve --db postgresql://… --redis redis://…`` processes
share them. Players of one table sit on different processes; an owner is killed with
SIGKILL mid-hand, stopped with SIGTERM, or made to lose its lease while it still runs,
and the match goes on through the other process with every acknowledged action kept. The
leak and fuzz checks of one process hold across two.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("redis")
pytest.importorskip("psycopg")

import httpx
import redis as redis_client
import redis.asyncio as aioredis
from fastapi import FastAPI
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from test_web_fuzz import hand_crafted, mutations
from test_web_leak import SECRET_KEYS, check_events, keys_of
from unoattack.engine import Action, Record, verify
from unoattack.web import services
from unoattack.web.cluster import Cluster
from unoattack.web.manager import Settings, TableManager
from unoattack.web.services import ServerProcess
from unoattack.web.store import Store
from unoattack.web.testing import Client, create_table, play, post

_missing = services.missing_binaries()
pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL"),
    pytest.mark.skipif(
        bool(_missing),
        reason=f"{', '.join(_missing)} not installed (scripts/test installs PostgreSQL and Redis)",
    ),
]

#: Seconds of a lease in these tests: a stalled owner loses its tables this fast.
LEASE = 3.0


class Pair:
    """Two server processes on one PostgreSQL database and one Redis."""

    def __init__(self, db: str, redis: str) -> None:
        self.db, self.redis = db, redis
        options = ["--db", db, "--redis", redis, "--lease", str(LEASE), "--bot-delay", "0"]
        options += ["--uno-grace-ms", "0", "--rate", "1000", "--allow-seed"]
        options += ["--creates-per-minute", "1000", "--joins-per-minute", "10000"]
        self.servers = [ServerProcess(*options), ServerProcess(*options)]

    def revive(self) -> tuple[ServerProcess, ServerProcess]:
        """Start whichever process is not running (a test killed it); both answer."""
        waiting = [server.start() for server in self.servers if not server.running]
        for server in waiting:
            server.wait()
        return self.servers[0], self.servers[1]

    def lease(self, code: str) -> str | None:
        """The node holding table ``code``'s lease, as Redis says."""
        with redis_client.Redis.from_url(self.redis) as client:
            holder = client.get(f"unoattack:lease:{code}")
        return None if holder is None else holder.decode()


@pytest.fixture(scope="module")
def pair() -> Iterator[Pair]:
    with services.postgres() as db, services.redis() as redis:
        both = Pair(db, redis)
        try:
            both.revive()
            yield both
        finally:
            for server in both.servers:
                server.stop()


@pytest.fixture
def servers(pair: Pair) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    both = pair.revive()
    yield both
    # Shown only if the test failed (pytest prints a failed test's captured output).
    for name, server in zip("AB", both, strict=True):
        print(f"server {name} logged:\n{server.last_words()}")


def is_over(client: Client) -> bool:
    return client.view is not None and client.view["result"] is not None


def remember(seen: dict[int, tuple[int, str]], *clients: Client) -> None:
    """Note the action behind every update the clients received (state -> action);
    two updates of one state must name the same action."""
    for client in clients:
        for message in client.messages:
            if message.get("type") == "update" and message.get("by"):
                by = message["by"]
                action = (by["seat"], by["action"])
                assert seen.setdefault(message["state"], action) == action, message["state"]


def the_record(server: ServerProcess, code: str) -> Record:
    answer = httpx.get(f"{server.url}/api/tables/{code}/record")
    assert answer.status_code == 200, answer.text
    record = Record.from_json(answer.text)
    assert verify(record).ok
    return record


def test_rest_calls_about_a_table_work_on_either_process(
    servers: tuple[ServerProcess, ServerProcess], pair: Pair
) -> None:
    a, b = servers
    table = create_table(a.url, seats=4, seed=11, host_name="Ann")
    code, host = str(table["code"]), str(table["host_token"])
    assert pair.lease(code) is not None  # taken by A before its code was given out

    # B holds no table: each call goes to A, and A's answer comes back, refusals too.
    assert httpx.get(f"{b.url}/api/tables/{code}").json()["seats"][0]["name"] == "Ann"
    assert post(b.url, f"/api/tables/{code}/join", name="Bob").json()["seat"] == 1
    assert post(b.url, f"/api/tables/{code}/join", name="Cy").json()["seat"] == 2
    assert post(b.url, f"/api/tables/{code}/seats/2/kick", host_token=host).status_code == 200
    made = post(b.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="random")
    assert made.status_code == 200 and made.json()["seats"][2]["kind"] == "bot"
    removed = post(b.url, f"/api/tables/{code}/seats/3/remove", host_token=host)
    assert removed.status_code == 200 and len(removed.json()["seats"]) == 3
    refused = post(b.url, f"/api/tables/{code}/start", host_token="not the host")
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    assert post(b.url, f"/api/tables/{code}/join", name="Dee").json()["code"] == "full"
    assert post(b.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    for server in (a, b):
        assert httpx.get(f"{server.url}/api/tables/{code}").json()["status"] == "playing"

    # A code nobody made: 404 on either process, and no lease left behind for it.
    assert httpx.get(f"{b.url}/api/tables/ZZZZZZ").json()["code"] == "no_table"
    assert httpx.get(f"{a.url}/api/tables/not-a-code").status_code == 404
    assert pair.lease("ZZZZZZ") is None
    reply, closed = first_words(b.ws_url, "ZZZZZZ")
    assert reply["code"] == "no_table" and closed == 4404


def first_words(ws_url: str, code: str) -> tuple[dict[str, Any], int | None]:
    """Connect to table ``code``: the first message, and the code the server closed with."""
    with connect(f"{ws_url}/ws/{code}", ping_interval=None) as ws:
        reply: dict[str, Any] = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    return reply, None if closed.value.rcvd is None else closed.value.rcvd.code


def test_players_on_two_processes_see_only_their_own_cards(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = servers
    table = create_table(
        a.url, seats=4, seed=7340000011, host_name="Ann", target_score=200, options={"hand_size": 5}
    )
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(b.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    for seat, level in ((2, "random"), (3, "heuristic")):
        post(b.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level=level)
    ann = Client(a.ws_url, code, str(table["token"]))  # on the owner
    bobc = Client(b.ws_url, code, bob)  # on the other process
    watcher = Client(b.ws_url, code)
    assert post(b.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    rng = random.Random(11)
    # Ann leaves the owner mid-match and comes back through the other process.
    play([ann, bobc], rng, lambda: ann.state >= 30 or is_over(ann), react=0.3)
    ann.close()
    ann_again = Client(b.ws_url, code, str(table["token"]))
    play([ann_again, bobc], rng, lambda: is_over(ann_again), timeout=120, react=0.3)
    for client in (bobc, watcher):
        client.until(is_over)

    record = the_record(b, code)
    game = record.replay(upto=0)
    hands = [[[str(c) for c in game.hand(s)] for s in range(4)]]
    for seat, text in record.actions:
        game.apply(Action.parse(text), seat)
        hands.append([[str(c) for c in game.hand(s)] for s in range(4)])
    private_fields = 0
    for client, reader in ((ann, 0), (ann_again, 0), (bobc, 1), (watcher, -1)):
        for message in client.messages:
            text = json.dumps(message)
            assert not SECRET_KEYS & set(keys_of(message)), text[:200]
            assert str(record.seed) not in text
            view = message.get("view")
            if view is not None:
                truth = hands[message["state"]]
                assert view["seat"] == reader
                assert view["hand_counts"] == [len(h) for h in truth]
                assert view["hand"] == (None if reader < 0 else truth[reader])
            for key in ("events", "recent"):
                private_fields += check_events(message.get(key) or [], reader)
    assert private_fields > 50
    for client in (ann_again, bobc, watcher):
        client.close()


def test_a_bad_message_to_the_other_process_is_answered_to_its_sender_only(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = servers
    table = create_table(a.url, seats=2, seed=21, host_name="Ann")
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(a.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    assert post(a.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    on_a = Client(a.ws_url, code)
    assert on_a.view is not None
    actor_seat = on_a.view["to_act"]
    tokens = [str(table["token"]), bob]
    # The seat to act plays on A, the owner; the other seat and a spectator on B.
    actor = Client(a.ws_url, code, tokens[actor_seat])
    idle = Client(b.ws_url, code, tokens[1 - actor_seat])
    watcher = Client(b.ws_url, code)
    time.sleep(0.2)  # the others hear that the idle player came: let that arrive first
    for client in (actor, on_a, idle, watcher):
        client.poll()
    state, before = actor.state, (actor.view, idle.view, watcher.view)

    rng = random.Random(5)
    valid_act = json.dumps({"type": "act", "state": state, "action": "press", "ref": 3})
    for client in (idle, watcher):
        for message in hand_crafted(state, actor_seat) + mutations(valid_act, rng, 60):
            client.send(message)
            reply = client.next(timeout=10)
            assert reply["type"] == "error", (message, reply)
            assert reply["state"] == state
    time.sleep(0.2)
    for client in (actor, on_a, idle, watcher):
        assert client.poll() == 0  # nobody else heard of it, and nothing more came
    assert (actor.view, idle.view, watcher.view) == before
    # The table still plays, for both processes' players.
    actor.act("press", ref=9)
    assert actor.next("update")["ack"] == 9
    assert idle.next("update")["state"] == watcher.next("update")["state"] == state + 1
    for client in (actor, on_a, idle, watcher):
        client.close()


def test_an_oversized_frame_or_a_message_before_hello_on_the_other_process_hurts_no_one(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = servers
    table = create_table(a.url, seats=2, seed=3, host_name="Ann")
    code = str(table["code"])
    ann = Client(a.ws_url, code, str(table["token"]))
    with connect(f"{b.ws_url}/ws/{code}", ping_interval=None) as ws:
        ws.send(json.dumps({"type": "act", "state": 0, "action": "press"}))
        assert json.loads(ws.recv(timeout=10))["code"] == "no_hello"
    with connect(f"{b.ws_url}/ws/{code}", ping_interval=None) as ws:
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


def test_killing_the_owner_mid_hand_loses_no_acknowledged_action(
    servers: tuple[ServerProcess, ServerProcess], pair: Pair
) -> None:
    a, b = servers
    table = create_table(
        a.url, seats=3, seed=99, host_name="Ann", options={"hand_size": 6}, target_score=150
    )
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(b.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    post(b.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="heuristic")
    ann = Client(a.ws_url, code, str(table["token"]))  # on the owner, which dies
    bobc = Client(b.ws_url, code, bob)
    assert post(a.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    owner = pair.lease(code)
    rng = random.Random(4)
    play([ann, bobc], rng, lambda: ann.state >= 25, react=0.2)
    # One more action goes out, and the owner dies before anyone reads the answer.
    for client in (ann, bobc):
        client.poll()
        if client.my_turn():
            assert client.view is not None
            client.act(rng.choice(client.view["legal"])["text"])
            break
    a.kill()
    killed = time.monotonic()
    # Counted before anything more is read: on a busy machine B may find A gone and bring
    # Bob's page up to date before the test reads what A had sent.
    before = len(bobc.messages)
    with contextlib.suppress(Exception):  # Ann's connection died with A
        ann.poll()

    # B finds A gone, takes the table from PostgreSQL, and Bob's page is brought up to
    # date on the connection he had: a welcome at least as far as anything anyone saw.
    bobc.until(lambda c: any(m["type"] == "welcome" for m in c.messages[before:]), timeout=15)
    took = time.monotonic() - killed
    at = next(i for i in range(before, len(bobc.messages)) if bobc.messages[i]["type"] == "welcome")
    welcome = bobc.messages[at]
    from_a = [*ann.messages, *bobc.messages[:at]]  # all Ann had, and Bob's before B's welcome
    last_seen = max(m["state"] for m in from_a if m.get("type") == "update" and m.get("by"))
    assert welcome["state"] >= last_seen and welcome["table"]["status"] == "playing"
    seen: dict[int, tuple[int, str]] = {}
    remember(seen, ann, bobc)
    assert pair.lease(code) not in (None, owner)
    assert took < LEASE + 3
    ann = Client(b.ws_url, code, str(table["token"]))  # her page reconnects, through B
    assert ann.state == welcome["state"] or ann.state > welcome["state"]
    play([ann, bobc], rng, lambda: is_over(ann), timeout=120, react=0.2)
    remember(seen, ann, bobc)
    record = the_record(b, code)
    # Every action anyone was told about is in the record, in its place.
    for state, (seat, action) in seen.items():
        assert record.actions[state - 1] == (seat, action)
    ann.close()
    bobc.close()


def test_an_owner_stopped_with_sigterm_hands_its_tables_over_at_once(
    servers: tuple[ServerProcess, ServerProcess], pair: Pair
) -> None:
    a, b = servers
    table = create_table(a.url, seats=3, seed=5, host_name="Ann", target_score=500)
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(b.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    post(b.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="random")
    ann = Client(b.ws_url, code, str(table["token"]))  # both players on B; A owns the table
    bobc = Client(b.ws_url, code, bob)
    assert post(b.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    rng = random.Random(8)
    play([ann, bobc], rng, lambda: ann.state >= 15 or is_over(ann))
    stopped = time.monotonic()
    a.stop()
    # A released its lease and told B's links: they open again at B, with no wait for
    # the lease to lapse.
    for client in (ann, bobc):
        before = len(client.messages)
        client.until(lambda c, n=before: any(m["type"] == "welcome" for m in c.messages[n:]))
    assert time.monotonic() - stopped < LEASE + 10  # the stop itself takes its time
    states = [ann.state, bobc.state]
    play([ann, bobc], rng, lambda: ann.state >= states[0] + 10 or is_over(ann))
    remember({}, ann, bobc)
    ann.close()
    bobc.close()


def test_an_owner_stalled_past_its_lease_gives_its_table_up(
    servers: tuple[ServerProcess, ServerProcess], pair: Pair
) -> None:
    a, b = servers
    table = create_table(
        a.url, seats=3, seed=31, host_name="Ann", options={"hand_size": 6}, target_score=150
    )
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(a.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    post(a.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="heuristic")
    ann = Client(a.ws_url, code, str(table["token"]))  # on the owner, which stalls
    bobc = Client(b.ws_url, code, bob)
    assert post(a.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    rng = random.Random(2)
    play([ann, bobc], rng, lambda: ann.state >= 10 or is_over(ann))
    assert a.process is not None
    a.process.send_signal(signal.SIGSTOP)  # alive, connected, and silent
    try:
        for client in (ann, bobc):  # whoever's turn it is acts: A holds the message
            client.poll()
            if client.my_turn():
                assert client.view is not None
                client.act(rng.choice(client.view["legal"])["text"])
        # Its lease lapses; B takes the table, and Bob's page is brought up to date.
        before = len(bobc.messages)
        bobc.until(lambda c: any(m["type"] == "welcome" for m in c.messages[before:]), 15)
    finally:
        a.process.send_signal(signal.SIGCONT)
    # A wakes up: it writes nothing more to the table and sends Ann's link to B.
    before = len(ann.messages)
    ann.until(lambda c: any(m["type"] == "welcome" for m in c.messages[before:]), 15)
    play([ann, bobc], rng, lambda: is_over(ann), timeout=120, react=0.2)
    seen: dict[int, tuple[int, str]] = {}
    remember(seen, ann, bobc)
    record = the_record(b, code)
    for state, (seat, action) in seen.items():
        assert record.actions[state - 1] == (seat, action)
    ann.close()
    bobc.close()


def test_two_processes_that_both_hold_a_table_cannot_fork_its_game(
    servers: tuple[ServerProcess, ServerProcess], pair: Pair
) -> None:
    a, b = servers
    table = create_table(
        a.url, seats=3, seed=41, host_name="Ann", options={"hand_size": 6}, target_score=150
    )
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(a.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    post(a.url, f"/api/tables/{code}/seats/2/bot", host_token=host, level="heuristic")
    ann = Client(a.ws_url, code, str(table["token"]))
    bobc = Client(a.ws_url, code, bob)
    assert post(a.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    rng = random.Random(3)
    play([ann, bobc], rng, lambda: ann.state >= 10 or is_over(ann))
    # The worst case: A's lease vanishes while A runs on (as when a process is wrongly
    # thought dead), and B loads the table. Both play it for a moment: A its players', B
    # its bot's. The store takes one action per place; the copy refused lets go.
    with redis_client.Redis.from_url(pair.redis) as client:
        assert client.delete(f"unoattack:lease:{code}") == 1
    watcher = Client(b.ws_url, code)
    play([ann, bobc], rng, lambda: is_over(ann), timeout=120, react=0.2)
    seen: dict[int, tuple[int, str]] = {}
    remember(seen, ann, bobc, watcher)  # no two updates of one state differ
    deadline = time.monotonic() + LEASE + 5  # B looks again at what it loaded by then
    while httpx.get(f"{b.url}/api/tables/{code}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    record = the_record(b, code)
    for state, (seat, action) in seen.items():
        assert record.actions[state - 1] == (seat, action)
    for client in (ann, bobc, watcher):
        client.close()


def test_a_process_that_lets_a_table_go_does_not_claim_it_into_its_own_release(
    pair: Pair,
) -> None:
    # A store conflict lets a table go, and its lease is released in the background; a
    # link of the same process may ask for the table at once. Its claim must wait for that
    # release: claimed first, the lease would be deleted by it while the process serves
    # the table (and another process could take it meanwhile).
    async def claim_after_letting_go() -> tuple[str, str, str | None, bool]:
        settings = Settings(db_url="sqlite://", redis_url=pair.redis, lease_seconds=LEASE)
        client = aioredis.Redis.from_url(pair.redis)
        cluster = Cluster(FastAPI(), TableManager(Store(settings.db_url), settings), client)
        try:
            assert await cluster.resolve("TEST23") == cluster.node
            cluster.drop("TEST23")
            holder = await cluster.resolve("TEST23")
            await asyncio.gather(*cluster._background)
            leased = await client.get("unoattack:lease:TEST23")
            return (
                cluster.node,
                holder,
                None if leased is None else leased.decode(),
                ("TEST23" in cluster.owned),
            )
        finally:
            await client.delete("unoattack:lease:TEST23")
            await client.aclose()

    node, holder, leased, owned = asyncio.run(claim_after_letting_go())
    assert (holder, leased, owned) == (node, node, True)


def test_one_process_imports_no_redis() -> None:
    script = (
        "import sys\n"
        "from fastapi.testclient import TestClient\n"
        "from unoattack.web.app import create_app\n"
        "from unoattack.web.manager import Settings\n"
        "with TestClient(create_app(Settings(db_url='sqlite://'))) as client:\n"
        "    assert client.get('/api/options').status_code == 200\n"
        "assert 'redis' not in sys.modules, 'redis was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
