"""``unoattack loadtest``: bots play many tables through real WebSockets against a server.

Each table is created, joined and started over REST; then every seat is a WebSocket
client that plays a random legal action whenever the game waits for it. Against several
processes of one cluster (``--url`` given for each), table i is created on process
i mod n and its seat s joins and plays through process (i + s) mod n, so the players of
a table sit on different processes, as behind a load balancer. The latency of
an action is the time from sending it to receiving the update that acknowledges it
(the server writes the action to its store before it sends that update). When a match
ends its table is replaced by a new one until the time is up.

By default the loop is closed and saturated: every table has one action in flight and
sends the next as soon as its update arrives, so throughput and latency are tied
(Little's law: tables in flight = actions a second x latency). With a target ``rate``
(actions a second, all tables together) the actions are paced: each waits for the next
free slot of the rate before it is sent, so the latency is measured at that rate (as
long as the server keeps up with it).

Given the server processes' ids (``pids``, same machine, Linux: read from
``/proc/<pid>/stat``) the report says how much CPU they spent while the tables played,
per 1,000 actions; it also says what the load test itself spent. Those figures move
less than the rates when other work shares the machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any, cast

import httpx
import orjson
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosedError, InvalidStatus, WebSocketException
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import WebSocketURI, parse_uri


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
    players: int
    setup_seconds: float
    seconds: float
    actions: int
    matches: int
    actions_per_second: float
    #: The paced rate asked for (actions a second, all tables together); None: saturated.
    target_rate: float | None
    p50_ms: float
    p95_ms: float
    p99_ms: float
    errors: dict[str, int]
    #: CPU seconds the server processes spent while the tables played (None: no pids).
    server_cpu_seconds: float | None
    #: CPU seconds the load test itself spent meanwhile.
    client_cpu_seconds: float

    @property
    def server_cpu_per_1000(self) -> float | None:
        """The servers' CPU seconds per 1,000 actions."""
        if self.server_cpu_seconds is None or not self.actions:
            return None
        return 1000 * self.server_cpu_seconds / self.actions

    @property
    def client_cpu_per_1000(self) -> float | None:
        """The load test's own CPU seconds per 1,000 actions."""
        return 1000 * self.client_cpu_seconds / self.actions if self.actions else None

    def to_json(self) -> str:
        """The report as one JSON object (``unoattack loadtest --json``)."""
        data: dict[str, Any] = asdict(self)
        data["server_cpu_per_1000"] = _rounded(self.server_cpu_per_1000)
        data["client_cpu_per_1000"] = _rounded(self.client_cpu_per_1000)
        for key in ("setup_seconds", "seconds", "actions_per_second", "p50_ms", "p95_ms"):
            data[key] = _rounded(data[key])
        for key in ("p99_ms", "server_cpu_seconds", "client_cpu_seconds"):
            data[key] = _rounded(data[key])
        return json.dumps(data, sort_keys=True)

    def lines(self) -> list[str]:
        errors = ", ".join(f"{k} {v}" for k, v in sorted(self.errors.items())) or "none"
        pace = "saturated" if self.target_rate is None else f"paced at {self.target_rate:g}/s"
        lines = [
            f"tables: {self.tables} concurrent (set up in {self.setup_seconds:.1f} s); "
            f"{self.matches} matches finished",
            f"actions: {self.actions} in {self.seconds:.1f} s = "
            f"{self.actions_per_second:.0f} actions/s ({pace})",
            f"latency action -> update: p50 {self.p50_ms:.1f} ms, p95 {self.p95_ms:.1f} ms, "
            f"p99 {self.p99_ms:.1f} ms",
        ]
        cpu = f"load test {self.client_cpu_per_1000 or 0:.3f}"
        if self.server_cpu_per_1000 is not None:
            cpu = f"server {self.server_cpu_per_1000:.3f}, {cpu}"
        lines.append(f"CPU s per 1000 actions: {cpu}")
        lines.append(f"errors: {errors}")
        return lines


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def process_cpu_seconds(pid: int) -> float:
    """CPU time (user + system, all threads) process ``pid`` has used so far, from
    ``/proc/<pid>/stat`` (Linux; raises OSError elsewhere or if there is no such process)."""
    with open(f"/proc/{pid}/stat") as stat:
        # The command name (field 2) is in parentheses and may hold spaces.
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Pacer:
    """Slots at ``rate`` a second shared by every table: an action waits for the next
    free one before it is sent."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next = time.perf_counter()

    def delay(self) -> float:
        """Take the next free slot: seconds until it comes (0: now)."""
        now = time.perf_counter()
        slot = max(now, self.next)
        self.next = slot + self.interval
        return slot - now


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


@dataclass(slots=True)
class _Run:
    """What every table of a run shares: the tally, the pacer and the clock, which
    starts once every table's seats are connected."""

    tables: int
    tally: Tally
    pacer: Pacer | None
    deadline: float = math.inf
    arrived: set[int] = field(default_factory=set)
    all_arrived: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)

    async def ready(self, index: int) -> None:
        """Table ``index`` is ready to play (or gave up): wait for the clock."""
        self.arrived.add(index)
        if len(self.arrived) == self.tables:
            self.all_arrived.set()
        await self.go.wait()


#: Seconds before an action the server refused as ``rate_limited`` is sent again.
RETRY_AFTER = 0.1


class _SeatClient(asyncio.Protocol):
    """One seat's WebSocket on websockets' sans-I/O client, driven from the transport's
    callbacks: each message is handled as its bytes arrive, without a task woken for it.
    The load test shares the machine with the server, so what it spends a message is
    taken from the server (about half of what a task per socket cost)."""

    def __init__(
        self,
        uri: WebSocketURI,
        token: str,
        seat: int,
        rng: random.Random,
        run: _Run,
        welcomed: asyncio.Event,
    ) -> None:
        self.ws = ClientProtocol(uri, max_size=2**22)
        self.token = token
        self.seat = seat
        self.rng = rng
        self.run = run
        self.welcomed = welcomed
        self.loop = asyncio.get_running_loop()
        #: True once the match is over, False if the socket closed before.
        self.done: asyncio.Future[bool] = self.loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.sent: dict[int, float] = {}
        self.ref = 0
        self.acting: tuple[int, str] = (0, "")  # the last action sent: its state, its text
        self.fragments: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.ws.send_request(self.ws.connect())
        self._write()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if self.ws.state is not State.OPEN:
                    self._finish(self.ws.handshake_exc or InvalidStatus(event))
                    return
                self._send({"type": "hello", "token": self.token})
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                if not event.fin:
                    self.fragments.append(bytes(event.data))
                    continue
                text = bytes(event.data)
                if self.fragments:
                    text = b"".join([*self.fragments, text])
                    self.fragments.clear()
                self._message(text)
        self._write()

    def eof_received(self) -> None:
        self.ws.receive_eof()
        self._write()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.ws.state is not State.CLOSED:  # no closing handshake: the server failed
            self._finish(exc or ConnectionClosedError(None, None))
        elif isinstance(self.ws.close_exc, ConnectionClosedError):  # closed with an error
            self._finish(self.ws.close_exc)
        else:
            self._finish(False)

    def _finish(self, outcome: bool | BaseException) -> None:
        if not self.done.done():
            if isinstance(outcome, BaseException):
                self.done.set_exception(outcome)
            else:
                self.done.set_result(outcome)
        if self.transport is not None:
            self.transport.close()

    def _write(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)
            else:  # the end of the stream: the closing handshake is done
                self.transport.close()

    def _send(self, message: dict[str, Any]) -> None:
        # A paced action may come due after the socket closed (the match ended, the run).
        assert self.transport is not None
        if self.ws.state is State.OPEN and not self.transport.is_closing():
            self.ws.send_text(orjson.dumps(message))
            self._write()

    def _message(self, raw: bytes) -> None:
        msg: dict[str, Any] = orjson.loads(raw)  # the load test's own CPU counts too
        kind = msg.get("type")
        if kind == "error":
            code = str(msg.get("code"))
            self.run.tally.error(code)
            ref = msg.get("ref")
            refused = None if not isinstance(ref, int) else self.sent.pop(ref, None)
            if refused is not None and code == "rate_limited":
                # As a page would: the same action again once the limit lets it through
                # (a server run for a load test should be given --rate 1000).
                self.loop.call_later(RETRY_AFTER, self._act, *self.acting)
            return
        if kind == "welcome":
            self.welcomed.set()
        elif kind != "update":
            return
        if kind == "update" and msg.get("ack") is not None:
            started = self.sent.pop(int(msg["ack"]), None)
            if started is not None:
                self.run.tally.latencies.append(time.perf_counter() - started)
                self.run.tally.actions += 1
        view = msg.get("view")
        if view is None:
            return
        if view.get("result") is not None:
            self._finish(True)
            return
        if view.get("to_act") != self.seat or not view["legal"]:
            return
        action = self.rng.choice(view["legal"])["text"]
        delay = 0.0 if self.run.pacer is None else self.run.pacer.delay()
        if delay > 0:
            self.loop.call_later(delay, self._act, msg["state"], action)
        else:
            self._act(msg["state"], action)

    def _act(self, state: int, action: str) -> None:
        self.acting = (state, action)
        self.ref += 1
        self.sent[self.ref] = time.perf_counter()
        self._send({"type": "act", "state": state, "action": action, "ref": self.ref})


async def _seat(
    ws_url: str,
    token: str,
    seat: int,
    rng: random.Random,
    run: _Run,
    welcomed: asyncio.Event,
) -> bool:
    """Play one seat until the match ends (True); the caller cancels it at the deadline."""
    uri = parse_uri(ws_url)
    loop = asyncio.get_running_loop()
    transport, client = await asyncio.wait_for(
        loop.create_connection(
            lambda: _SeatClient(uri, token, seat, rng, run, welcomed), uri.host, uri.port
        ),
        30,
    )
    try:
        return await client.done
    finally:
        transport.close()


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
    run: _Run,
    first: bool,
) -> None:
    """Connect every seat, start the match and play it until it ends or time is up (a
    table's first match starts with the clock, once every table's seats are connected)."""
    tasks = []
    welcomed = [asyncio.Event() for _ in table.tokens]
    for seat, token in enumerate(table.tokens):
        base = str(_spread(clients, index, seat).base_url).rstrip("/")
        url = f"{base.replace('http', 'ws', 1)}/ws/{table.code}"
        seat_rng = random.Random(rng.random())
        tasks.append(asyncio.ensure_future(_seat(url, token, seat, seat_rng, run, welcomed[seat])))
    try:
        # Every seat has said hello before the deal (a seat that failed ends the wait).
        waits = [asyncio.ensure_future(event.wait()) for event in welcomed]
        try:
            watched: list[asyncio.Future[Any]] = [asyncio.gather(*waits), *tasks]
            await asyncio.wait(watched, timeout=60, return_when="FIRST_COMPLETED")
        finally:
            for wait in waits:
                wait.cancel()
        if first:
            await run.ready(index)
        started = await _spread(clients, index, 0).post(
            f"/api/tables/{table.code}/start", json={"host_token": table.host_token}
        )
        started.raise_for_status()
        run.tally.tables += 1
        await asyncio.wait(tasks, timeout=max(0.0, run.deadline - time.monotonic()))
    finally:
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, Exception):
            raise result
    if any(result is True for result in results):
        run.tally.matches += 1


async def _table(
    clients: list[httpx.AsyncClient],
    index: int,
    first: _Prepared,
    players: int,
    edition: str,
    launcher: str,
    run: _Run,
) -> None:
    """Keep one table busy: play matches back to back until the deadline."""
    rng = random.Random(index)
    table: _Prepared | None = first
    while time.monotonic() < run.deadline:
        try:
            if table is None:
                table = await _prepare(clients, index, players, edition, launcher)
            await _play(clients, index, table, rng, run, index not in run.arrived)
        except (OSError, httpx.HTTPError, WebSocketException) as exc:
            # One table's trouble is counted, not fatal: the others keep playing.
            run.tally.error(type(exc).__name__)
            if index not in run.arrived:
                await run.ready(index)
            await asyncio.sleep(0.2)
        table = None


async def run(
    base: str | list[str],
    tables: int,
    duration: float,
    players: int = 4,
    edition: str = "2003",
    launcher: str = "hazard",
    rate: float | None = None,
    pids: list[int] | None = None,
) -> Report:
    """Play ``tables`` tables for ``duration`` seconds against the server at ``base``
    (or the processes of one cluster: a list of their addresses), saturated or paced at
    ``rate`` actions a second; ``pids``: the server processes, to report their CPU."""
    bases = [base] if isinstance(base, str) else list(base)
    pids = list(pids or [])
    for pid in pids:
        process_cpu_seconds(pid)  # fails now, not after the run, if it cannot be read
    tally = Tally()
    # An idle connection is let go after 2 s, before the server's keep-alive (uvicorn's
    # 5 s) closes it: at httpx's default of 5 s, a call could go out on a connection the
    # server was closing at that moment and end in a ReadError (docs/web.md).
    limits = httpx.Limits(max_connections=64, keepalive_expiry=2.0)
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
        # Then every seat connects and says hello; the clock starts when all have.
        shared = _Run(tables, tally, None)
        playing = asyncio.gather(
            *(
                _table(clients, i, first, players, edition, launcher, shared)
                for i, first in enumerate(prepared)
            )
        )
        arrived: list[asyncio.Future[Any]] = [
            playing,
            asyncio.ensure_future(shared.all_arrived.wait()),
        ]
        await asyncio.wait(arrived, return_when="FIRST_COMPLETED")
        shared.pacer = None if rate is None else Pacer(rate)
        server_before = sum(process_cpu_seconds(pid) for pid in pids)
        client_before = time.process_time()
        begin = time.monotonic()
        shared.deadline = begin + duration
        shared.go.set()
        await playing
        seconds = time.monotonic() - begin
        client_cpu = time.process_time() - client_before
        server_cpu = sum(process_cpu_seconds(pid) for pid in pids) - server_before
    return Report(
        tables=tables,
        players=players,
        setup_seconds=begin - setup,
        seconds=seconds,
        actions=tally.actions,
        matches=tally.matches,
        actions_per_second=tally.actions / seconds if seconds else 0.0,
        target_rate=rate,
        p50_ms=percentile(tally.latencies, 0.50) * 1000,
        p95_ms=percentile(tally.latencies, 0.95) * 1000,
        p99_ms=percentile(tally.latencies, 0.99) * 1000,
        errors=tally.errors,
        server_cpu_seconds=server_cpu if pids else None,
        client_cpu_seconds=client_cpu,
    )
