"""``unoattack loadtest``: bots play many tables through real WebSockets against a server.

Each table is created, joined and started over REST; then every seat is a WebSocket
client that plays a random legal action whenever the game waits for it. Against several
processes of one cluster (``--url`` given for each), table i is created on process
i mod n and its seat s joins and plays through process (i + s) mod n, so the players of
a table sit on different processes, as behind a load balancer. The latency of
an action is the time from sending it to receiving the update that acknowledges it
(the server writes the action to its store before it sends that update). When a match
ends its table is replaced by a new one until the time is up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException


@dataclass(slots=True)
class Tally:
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    matches: int = 0
    tables: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


@dataclass(frozen=True, slots=True)
class Report:
    tables: int
    setup_seconds: float
    seconds: float
    actions: int
    matches: int
    actions_per_second: float
    p50_ms: float
    p99_ms: float
    errors: dict[str, int]

    def lines(self) -> list[str]:
        errors = ", ".join(f"{k} {v}" for k, v in sorted(self.errors.items())) or "none"
        return [
            f"tables: {self.tables} concurrent (set up in {self.setup_seconds:.1f} s); "
            f"{self.matches} matches finished",
            f"actions: {self.actions} in {self.seconds:.1f} s = "
            f"{self.actions_per_second:.0f} actions/s",
            f"latency action -> update: p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms",
            f"errors: {errors}",
        ]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5), percentile([1.0, 2.0], 0.99)
    (3.0, 2.0)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q * len(ordered) + 0.5)))
    return ordered[rank - 1]


async def _seat(ws_url: str, token: str, seat: int, rng: random.Random, tally: Tally) -> bool:
    """Play one seat until the match ends (True); the caller cancels it at the deadline."""
    sent: dict[int, float] = {}
    ref = 0
    async with connect(ws_url, max_size=2**22, open_timeout=30, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for raw in ws:
            msg: dict[str, Any] = json.loads(raw)
            kind = msg.get("type")
            if kind == "error":
                tally.error(str(msg.get("code")))
                continue
            if kind not in ("welcome", "update"):
                continue
            if kind == "update" and msg.get("ack") is not None:
                started = sent.pop(int(msg["ack"]), None)
                if started is not None:
                    tally.latencies.append(time.perf_counter() - started)
                    tally.actions += 1
            view = msg.get("view")
            if view is None:
                continue
            if view.get("result") is not None:
                return True
            if view.get("to_act") != seat or not view["legal"]:
                continue
            action = rng.choice(view["legal"])["text"]
            ref += 1
            sent[ref] = time.perf_counter()
            await ws.send(
                json.dumps({"type": "act", "state": msg["state"], "action": action, "ref": ref})
            )
    return False


@dataclass(frozen=True, slots=True)
class _Prepared:
    code: str
    host_token: str
    tokens: list[str]


def _spread(clients: list[httpx.AsyncClient], index: int, seat: int) -> httpx.AsyncClient:
    """The client (the server) through which seat ``seat`` of table ``index`` plays."""
    return clients[(index + seat) % len(clients)]


async def _prepare(
    clients: list[httpx.AsyncClient], index: int, players: int, edition: str, launcher: str
) -> _Prepared:
    """Create a table and fill every seat over REST."""
    made = await _spread(clients, index, 0).post(
        "/api/tables",
        json={
            "edition": edition,
            "launcher": launcher,
            "seats": players,
            "turn_timer": 0,
            "host_name": f"load-{index}-0",
        },
    )
    _check(made)
    created = made.json()
    tokens = [created["token"]]
    for seat in range(1, players):
        joined = await _spread(clients, index, seat).post(
            f"/api/tables/{created['code']}/join", json={"name": f"load-{seat}"}
        )
        _check(joined)
        tokens.append(joined.json()["token"])
    return _Prepared(created["code"], created["host_token"], tokens)


def _check(response: httpx.Response) -> None:
    if response.status_code == 429:
        raise RuntimeError(
            "the server limits tables and joins per address: start it with "
            "--creates-per-minute 1000 --joins-per-minute 10000 for a load test"
        )
    response.raise_for_status()


async def _play(
    clients: list[httpx.AsyncClient],
    index: int,
    table: _Prepared,
    rng: random.Random,
    tally: Tally,
    deadline: float,
) -> None:
    """Connect every seat, start the match and play it until it ends or time is up."""
    tasks = []
    for seat, token in enumerate(table.tokens):
        base = str(_spread(clients, index, seat).base_url).rstrip("/")
        url = f"{base.replace('http', 'ws', 1)}/ws/{table.code}"
        seat_rng = random.Random(rng.random())
        tasks.append(asyncio.ensure_future(_seat(url, token, seat, seat_rng, tally)))
    try:
        await asyncio.sleep(0.05)  # let every seat say hello before the deal
        started = await _spread(clients, index, 0).post(
            f"/api/tables/{table.code}/start", json={"host_token": table.host_token}
        )
        started.raise_for_status()
        tally.tables += 1
        await asyncio.wait(tasks, timeout=max(0.0, deadline - time.monotonic()))
    finally:
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, Exception):
            raise result
    if any(result is True for result in results):
        tally.matches += 1


async def _table(
    clients: list[httpx.AsyncClient],
    index: int,
    first: _Prepared,
    players: int,
    edition: str,
    launcher: str,
    tally: Tally,
    deadline: float,
) -> None:
    """Keep one table busy: play matches back to back until the deadline."""
    rng = random.Random(index)
    table: _Prepared | None = first
    while time.monotonic() < deadline:
        try:
            if table is None:
                table = await _prepare(clients, index, players, edition, launcher)
            await _play(clients, index, table, rng, tally, deadline)
        except (OSError, httpx.HTTPError, WebSocketException) as exc:
            # One table's trouble is counted, not fatal: the others keep playing.
            tally.error(type(exc).__name__)
            await asyncio.sleep(0.2)
        table = None


async def run(
    base: str | list[str],
    tables: int,
    duration: float,
    players: int = 4,
    edition: str = "2003",
    launcher: str = "hazard",
) -> Report:
    """Play ``tables`` tables for ``duration`` seconds against the server at ``base``
    (or the processes of one cluster: a list of their addresses)."""
    bases = [base] if isinstance(base, str) else list(base)
    tally = Tally()
    limits = httpx.Limits(max_connections=64)
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=url.rstrip("/"), timeout=60, limits=limits)
            )
            for url in bases
        ]
        for client in clients:
            (await client.get("/api/options")).raise_for_status()
        # Tables are created and filled before the clock starts: the figures measure play.
        setup = time.monotonic()
        prepared = await asyncio.gather(
            *(_prepare(clients, i, players, edition, launcher) for i in range(tables))
        )
        begin = time.monotonic()
        deadline = begin + duration
        await asyncio.gather(
            *(
                _table(clients, i, first, players, edition, launcher, tally, deadline)
                for i, first in enumerate(prepared)
            )
        )
        seconds = time.monotonic() - begin
    return Report(
        tables=tables,
        setup_seconds=begin - setup,
        seconds=seconds,
        actions=tally.actions,
        matches=tally.matches,
        actions_per_second=tally.actions / seconds if seconds else 0.0,
        p50_ms=statistics.median(tally.latencies) * 1000 if tally.latencies else 0.0,
        p99_ms=percentile(tally.latencies, 0.99) * 1000,
        errors=tally.errors,
    )
