"""Several server processes sharing one set of tables: a Redis lease per table, Redis
pub/sub between the processes (``unoattack serve --db postgresql://… --redis redis://…``;
docs/web.md, "Several processes").

A table is *owned* by one process at a time: the holder of its lease, the Redis key
``unoattack:lease:CODE`` holding the process's node id with a time to live that the owner
renews every third of it. Only the owner keeps the table in memory (its match, bots and
timers) and writes its actions to the shared store; everything the one-process server
does for a table, the owner does, with the same :class:`~unoattack.web.manager.TableManager`.
Any process accepts any connection, so a load balancer may send anyone anywhere:

- A WebSocket is a :class:`Link` on the process that accepted it, its *edge*. The edge
  judges each frame as one process would (size, rate, JSON schema, hello first) and
  answers a bad one itself, to that client only; a good one goes to the table's owner —
  straight in when that is this process, else on the owner's Redis channel. The owner
  serves it through a :class:`LinkConnection`, a manager connection whose messages go
  back to the edge the same way, so views per seat, redaction and acks are the
  manager's own code.
- A REST call about a table (``/api/tables/{code}/…``) runs at the owner: here, or
  forwarded whole on the owner's channel and its answer relayed. Creating a table takes
  its lease before the answer leaves.
- A process that needs a table nobody owns takes its lease (SET NX) and loads the table
  from the store by replay, as a one-process server loads it after a restart.
- When an owner dies its lease lapses; sooner, when Redis shows that the owner's
  subscription is gone (its connections closed with it), a process that needs the table
  deletes the dead owner's lease. Either way the edges of the table's links take the
  table or learn who did, and each link says its hello again to the new owner, whose
  ``welcome`` brings the page up to date. An action is committed before anyone hears
  of it, so every acknowledged action is in the store the new owner replays.
- The store fences: an action's row is keyed by (table, index), so two processes that
  both believe they own a table (an owner stalled past its lease) cannot both write
  action n. The one refused learns its copy is behind and lets the table go.

Each process listens on one channel, ``unoattack:node:NODE``; a message there is a JSON
list of entries, each a list starting with its kind (``open``, ``frame``, ``bye`` from an
edge to an owner; ``out``, ``reopen``, ``close`` from an owner to an edge; ``call`` and
``reply`` for REST). One task publishes everything a process sends, in order, batched
per destination, so the messages of a connection arrive in the order they were made.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Callable, Coroutine
from typing import Any

import redis.asyncio as aioredis
from fastapi import FastAPI
from redis.exceptions import RedisError
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from unoattack.web.app import HELLO_TIMEOUT, MAX_STRIKES, _peek_ref
from unoattack.web.manager import MAX_QUEUE, Connection, RateLimiter, TableManager
from unoattack.web.outbox import Outbox
from unoattack.web.protocol import Hello, MessageError, dumps, parse_client_message
from unoattack.web.table import CODE_ALPHABET, CODE_LENGTH, Table, TableError

log = logging.getLogger("unoattack.web.cluster")

#: The start of every Redis key and channel the servers use.
PREFIX = "unoattack:"
#: Times in a row a link may be sent on to another owner without a word from one before
#: it is closed (the page then reconnects).
MAX_MOVES = 20
#: Tries to find a table's owner before a REST call gets 503 or a link is closed.
ATTEMPTS = 12
#: Seconds an edge waits for the owner's answer to a forwarded REST call.
CALL_TIMEOUT = 15.0
#: Leases renewed (or released) by one Redis script call.
CHUNK = 1000
#: Marks a REST call forwarded by another process (it is never forwarded again).
FORWARDED = "unoattack.forwarded"

_TABLE_PATH = re.compile(r"/api/tables/([^/]+)(?:/.*)?")
_CODE_SHAPE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")

# The lease's holder after taking it for ARGV[1] (ARGV[2] ms) if nobody held it.
_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder then return holder end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
"""
# Another ARGV[2] ms for each lease of KEYS that ARGV[1] holds; the (1-based) places of
# those it no longer holds.
_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost
"""
# Delete each lease of KEYS that ARGV[1] holds (a process letting go, or a dead one's).
_RELEASE = """
local gone = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    gone = gone + redis.call('DEL', key)
  end
end
return gone
"""


def lease_key(code: str) -> str:
    return f"{PREFIX}lease:{code}"


def channel(node: str) -> str:
    return f"{PREFIX}node:{node}"


def new_node() -> str:
    """A process's name in the cluster: host, pid and a random part (a restarted process
    is a new node and holds none of its predecessor's leases)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"


class Link:
    """A WebSocket this process accepted, for a table owned here or by another process.

    ``owner`` is the node its messages go to (None while it is being found); ``hello``
    the client's hello once an owner had it, said again to each new owner.
    """

    def __init__(
        self,
        number: int,
        websocket: WebSocket,
        send: Send,
        code: str,
        rate: float,
        burst: int,
        gate: Callable[[], object],
    ) -> None:
        self.number = number
        self.websocket = websocket
        self.code = code
        self.owner: str | None = None
        self.ready = asyncio.Event()  # set while ``owner`` is known
        self.hello: str | None = None
        self.state = 0  # the table's state id as its owner last said (for the edge's errors)
        self.moves = 0  # times sent on to another owner since one last spoke
        self.limiter = RateLimiter(rate, burst)
        self.strikes = 0
        # The server's own send, as for one process (web/outbox.py); a reader too slow
        # for MAX_QUEUE waiting messages is dropped, as for one process. ``gate``: the
        # store's flush, as for one process (what this process owns is stored first).
        self.outbox = Outbox(send, MAX_QUEUE, gate)
        self.opener: asyncio.Task[None] | None = None

    @property
    def closed(self) -> bool:
        """Closing (or the socket failed): nothing more goes out or in."""
        return self.outbox.closing

    def send(self, text: str) -> None:
        self.outbox.put(text)
        if self.outbox.closing:
            self.ready.set()  # a frame waiting for an owner stops waiting

    def error(self, code: str, message: str, ref: int | None = None) -> None:
        error = {"type": "error", "code": code, "message": message, "state": self.state}
        self.send(dumps(error | {"ref": ref}))

    def close(self, code: int = 1000) -> None:
        """Close the socket with ``code`` once the messages sent so far are out."""
        self.outbox.close(code)
        self.ready.set()  # a frame waiting for an owner stops waiting


class LinkConnection(Connection):
    """The owner's end of a link: a connection of the manager whose messages travel to
    the link's edge (directly when the edge is this process)."""

    def __init__(self, cluster: Cluster, edge: str, number: int, table: Table) -> None:
        super().__init__(None, table, cluster.manager.settings)
        self.cluster = cluster
        self.edge = edge
        self.number = number
        self.gone = False  # the edge said the client left: nothing more to tell it

    def send(self, text: str) -> None:
        if not self.closed:
            entry = ["out", self.number, self.cluster.node, self.table.state, text]
            self.cluster.tell(self.edge, entry)

    def discard(self) -> None:
        """Drop the messages for the link not sent yet (they tell of actions the store
        lost): those waiting to be published, and those in the link's own outbox when
        the link is in this process."""
        waiting = self.cluster._outbox.get(self.edge)
        if waiting:
            waiting[:] = [e for e in waiting if not (e[0] == "out" and e[1] == self.number)]
        if self.edge == self.cluster.node:
            link = self.cluster.links.get(self.number)
            if link is not None:
                link.outbox.discard()

    def close(self) -> None:
        """The manager let the connection go (the table left this process): the link
        finds the table's next owner, unless the client is gone."""
        if self.closed:
            return
        self._closed = True
        key = (self.edge, self.number)
        if self.cluster.virtual.get(key) is self:
            del self.cluster.virtual[key]
        if not self.gone:
            self.cluster.tell(self.edge, ["reopen", self.number, self.cluster.node])


class Cluster:
    """This process's part in a cluster: its leases, its links, and the Redis channel
    through which it talks to the other processes."""

    def __init__(self, app: FastAPI, manager: TableManager, client: aioredis.Redis) -> None:
        settings = manager.settings
        self.app = app
        self.manager = manager
        self.redis = client
        self.node = new_node()
        self.ttl = settings.lease_seconds
        self._ttl_ms = max(1, int(settings.lease_seconds * 1000))
        #: A process stops writing to its tables this long before its leases may lapse.
        self.margin = min(0.5, self.ttl / 5)
        #: Tables whose lease this process holds, with when it took it (manager clock).
        self.owned: dict[str, float] = {}
        #: Until when (time.monotonic) the last renewal proves this process's leases.
        self.valid_until = time.monotonic() + self.ttl
        self.links: dict[int, Link] = {}  # this process's WebSockets, by number
        #: The owner's ends of links (of any edge, this one included), by (edge, number).
        self.virtual: dict[tuple[str, int], LinkConnection] = {}
        self.calls: dict[int, tuple[str, asyncio.Future[dict[str, Any]]]] = {}
        self._numbers = itertools.count(1)
        self._outbox: dict[str, list[list[Any]]] = {}
        self._pending = asyncio.Event()  # something waits in the outbox
        self._alarm = asyncio.Event()  # a process did not hear us: check who is alive
        self._strays: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[Any]] = set()
        #: This process's releases of leases not yet done, by table (see :meth:`resolve`).
        self._releases: dict[str, asyncio.Task[None]] = {}
        self._claim = client.register_script(_CLAIM)
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)
        self.pubsub = client.pubsub()

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def start(cls, app: FastAPI, manager: TableManager) -> Cluster:
        """Connect to Redis (``settings.redis_url``), listen on this node's channel and
        keep the leases; ``app.state.cluster`` is the cluster."""
        url = manager.settings.redis_url
        assert url is not None
        client = aioredis.Redis.from_url(url)
        await client.ping()  # a wrong URL stops the server at its start, not at a player
        cluster = cls(app, manager, client)
        await cluster.pubsub.subscribe(channel(cluster.node))
        manager.store.guard = cluster._guard
        manager.store.on_conflict = cluster._conflict
        cluster._tasks = [
            asyncio.create_task(cluster._listen(), name="cluster-listen"),
            asyncio.create_task(cluster._publish(), name="cluster-publish"),
            asyncio.create_task(cluster._keep(), name="cluster-keep"),
            asyncio.create_task(cluster._watch(), name="cluster-watch"),
        ]
        app.state.cluster = cluster
        log.info("node %s: tables shared through Redis, leases of %g s", cluster.node, cluster.ttl)
        return cluster

    async def stop(self) -> None:
        """Hand every table over: release the leases, then tell the links of other
        processes to find the new owners; close this process's own links (their pages
        reconnect, through the balancer, to another process)."""
        for task in self._tasks[2:]:
            task.cancel()
        codes = list(self.owned)
        self.owned.clear()
        with contextlib.suppress(RedisError, OSError):
            await self._release_all(self.node, codes)
        for code in codes:
            self.manager.unload(code)
        for link in list(self.links.values()):
            link.close(1012)  # "service restart"
        with contextlib.suppress(RedisError, OSError):
            await self._publish_once()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._background, return_exceptions=True)
        self.manager.store.guard = None
        self.manager.store.on_conflict = None
        with contextlib.suppress(RedisError, OSError):
            # redis-py types PubSub.aclose from 8.2 on and not before: an ignore would be
            # an error with the one or the other.
            pubsub: Any = self.pubsub
            await pubsub.aclose()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ------------------------------------------------------------------ leases

    async def resolve(self, code: str) -> str:
        """The node that owns table ``code``, after taking its lease if nobody held it
        (this node: the caller may load it)."""
        if code in self.owned:
            return self.node
        releasing = self._releases.get(code)
        if releasing is not None:
            # This process is letting the table go: a claim now would find the lease still
            # its own and keep it, and the release would then delete the lease it thinks
            # it holds (another process could take the table while it still serves it).
            await asyncio.shield(releasing)
            if code in self.owned:
                return self.node
        holder = _text(await self._claim(keys=[lease_key(code)], args=[self.node, self._ttl_ms]))
        if holder == self.node and code not in self.owned:
            taken = self.owned[code] = self.manager.clock()
            # Whoever held the table before may have written to it until its own lease ran
            # out (only a process that was wrongly thought dead): look again then.
            loop = asyncio.get_running_loop()
            loop.call_later(self.ttl + self.margin, self._recheck, code, taken)
        return holder

    def _recheck(self, code: str, taken: float) -> None:
        """Let table ``code`` go if the store holds actions its copy lacks."""
        table = self.manager.tables.get(code)
        if table is None or self.owned.get(code) != taken:
            return
        try:
            stored = self.manager.store.count_actions(code)
        except Exception as exc:
            log.warning("table %s: cannot count its actions: %s", code, exc)
            return
        if stored > len(table.actions):
            log.warning("table %s: another process wrote to it after it came here", code)
            self.drop(code)

    def _guard(self, code: str) -> None:
        """The store's guard: a table's change is written only while this process owns
        the table and its leases are proven for a while yet; else the write is refused
        and the table let go (it loads again wherever its lease goes)."""
        if code in self.owned and time.monotonic() < self.valid_until - self.margin:
            return
        asyncio.get_running_loop().call_soon(self.drop, code)
        raise TableError(
            "unavailable", "this table is moving to another server process: try again", 503
        )

    async def _release_all(self, node: str, codes: list[str]) -> None:
        for start in range(0, len(codes), CHUNK):
            keys = [lease_key(code) for code in codes[start : start + CHUNK]]
            await self._release(keys=keys, args=[node])

    def _let_go(self, code: str) -> None:
        """Release the lease of a table this process holds but has not loaded (no such
        table, or it was archived)."""
        if code in self.owned and code not in self.manager.tables:
            del self.owned[code]
            self._release_soon(code)

    def _release_soon(self, code: str) -> None:
        """Release this process's lease of ``code`` in the background (a claim of it by
        this process waits until that is done: :meth:`resolve`)."""
        task = asyncio.create_task(self._release_quietly(self.node, [code]))
        self._background.add(task)
        self._releases[code] = task

        def done(finished: asyncio.Task[None]) -> None:
            self._background.discard(finished)
            if self._releases.get(code) is finished:
                del self._releases[code]

        task.add_done_callback(done)

    async def _release_quietly(self, node: str, codes: list[str]) -> None:
        try:
            await self._release_all(node, codes)
        except (RedisError, OSError) as exc:  # the lease lapses on its own
            log.warning("cannot release %d leases: %s", len(codes), exc)

    def drop(self, code: str, release: bool = True) -> None:
        """Stop owning table ``code``: out of memory at once (its links find its next
        owner) and, when this process still holds it, its lease released."""
        self.owned.pop(code, None)
        self.manager.unload(code)
        if release:
            self._release_soon(code)

    def _conflict(self, code: str) -> None:
        """The store refused an action of ``code`` whose place another process filled:
        this copy is behind. Let the table go (after the manager's current step); its
        links load it afresh wherever its lease goes."""
        log.warning("table %s: another process wrote its next action; letting it go", code)
        asyncio.get_running_loop().call_soon(self.drop, code)

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.renew()
            except Exception:  # a bug must not stop the renewals
                log.exception("renewing the leases failed")

    async def renew(self) -> None:
        """Renew every lease held; let go of the tables whose lease was lost (another
        process took it after this one stalled), of leases held for tables no longer
        in memory, and of tables in memory without a lease."""
        started = time.monotonic()
        since = self.manager.clock()
        codes = list(self.owned)
        lost: list[str] = []
        try:
            for start in range(0, len(codes), CHUNK):
                chunk = codes[start : start + CHUNK]
                places = await self._renew(
                    keys=[lease_key(code) for code in chunk], args=[self.node, self._ttl_ms]
                )
                lost.extend(chunk[int(place) - 1] for place in places)
        except (RedisError, OSError) as exc:
            if time.monotonic() > self.valid_until:
                # Past its lease, this process can no longer tell that nobody else took
                # its tables: it stops serving them rather than risk two owners.
                log.error("Redis unreachable past the leases (%s): letting every table go", exc)
                for code in list(self.owned):
                    self.drop(code, release=False)
            else:
                log.warning("cannot renew the leases: %s", exc)
            return
        self.valid_until = started + self.ttl
        for code in lost:
            if self.owned.get(code, since) < since:
                log.warning("table %s: its lease went to another process", code)
                self.drop(code, release=False)
        now = self.manager.clock()
        for code, taken in list(self.owned.items()):
            if code not in self.manager.tables and now - taken > self.ttl:
                self._let_go(code)
        # A table in memory without a lease, twice running (a race with a drop): out.
        strays = set(self.manager.tables) - set(self.owned)
        for code in strays & self._strays:
            log.warning("table %s: in memory without its lease; letting it go", code)
            self.manager.unload(code)
        self._strays = strays

    # ------------------------------------------------------------------ messages

    def tell(self, node: str, entry: list[Any]) -> None:
        """Send ``entry`` to ``node``: handled at once when it is this node."""
        if node == self.node:
            self._receive(entry)
        else:
            self._outbox.setdefault(node, []).append(entry)
            self._pending.set()

    async def _publish(self) -> None:
        while True:
            await self._pending.wait()
            self._pending.clear()
            try:
                await self._publish_once()
            except (RedisError, OSError) as exc:
                log.error("cannot publish to the other processes: %s", exc)

    async def _publish_once(self) -> None:
        # What the updates tell is stored first (a lost table's updates are dropped).
        self.manager.store.flush_actions()
        outbox, self._outbox = self._outbox, {}
        if not outbox:
            return
        nodes = list(outbox)
        async with self.redis.pipeline(transaction=False) as pipe:
            for node in nodes:
                pipe.publish(channel(node), json.dumps(outbox[node], separators=(",", ":")))
            heard = await pipe.execute()
        if not all(heard):  # a process nobody listens for any more: it is gone
            self._alarm.set()

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=None
                )
            except (RedisError, OSError) as exc:
                log.error("the Redis subscription failed: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                entries = json.loads(message["data"])
            except ValueError:
                log.error("an unreadable message on %s", channel(self.node))
                continue
            for entry in entries:
                try:
                    self._receive(entry)
                except Exception:  # one bad entry must not stop the others
                    log.exception("cluster message %r failed", entry[:3])

    def _receive(self, entry: list[Any]) -> None:
        kind = entry[0]
        if kind == "out":
            _, number, source, state, text = entry
            link = self.links.get(number)
            if link is not None and link.owner == source:
                link.state = state
                link.moves = 0
                link.send(text)
        elif kind == "reopen":
            link = self.links.get(entry[1])
            if link is not None:
                self._reopen(link, entry[2])
        elif kind == "close":
            _, number, source, code, text = entry
            link = self.links.get(number)
            if link is not None and link.owner == source:
                if text:
                    link.send(text)
                link.close(code)
        elif kind == "open":
            self._attach(entry[2], entry[1], entry[3])
        elif kind == "frame":
            self._frame(entry[2], entry[1], entry[3])
        elif kind == "bye":
            self._detach(entry[2], entry[1])
        elif kind == "call":
            self._spawn(self._answer(entry[1], entry[2], entry[3]))
        elif kind == "reply":
            waiting = self.calls.get(entry[1])
            if waiting is not None and not waiting[1].done():
                waiting[1].set_result(entry[2])

    # ------------------------------------------------------------------ the owner's side

    def _attach(self, edge: str, number: int, code: str) -> None:
        """A link of ``edge`` opens at this process: a connection of the table, if this
        process owns it; else the link is sent on."""
        if code not in self.owned:
            self.tell(edge, ["reopen", number, self.node])
            return
        try:
            table = self.manager.get(code)
        except TableError as exc:
            error = dumps({"type": "error", "code": exc.code, "message": exc.message})
            self.tell(edge, ["close", number, self.node, 4404, error])
            self._let_go(code)
            return
        except Exception:
            log.exception("table %s cannot be loaded", code)
            self.tell(edge, ["close", number, self.node, 1011, None])
            return
        self._detach(edge, number)
        conn = LinkConnection(self, edge, number, table)
        self.virtual[(edge, number)] = conn
        self.manager.attach(conn)

    def _frame(self, edge: str, number: int, raw: str) -> None:
        """A client's message, judged by its edge already, for the manager."""
        conn = self.virtual.get((edge, number))
        if conn is None:
            self.tell(edge, ["reopen", number, self.node])
            return
        try:
            msg = parse_client_message(raw)
        except MessageError as exc:
            self.manager.error(conn, "malformed", str(exc))
            return
        if isinstance(msg, Hello):
            self.manager.hello(conn, msg)
        else:
            self.manager.handle(conn, msg)

    def _detach(self, edge: str, number: int) -> None:
        conn = self.virtual.pop((edge, number), None)
        if conn is not None:
            conn.gone = True
            self.manager.detach(conn)

    # ------------------------------------------------------------------ the edge's side

    async def serve_link(self, scope: Scope, receive: Receive, send: Send, code: str) -> None:
        """One WebSocket, from accept to close."""
        websocket = WebSocket(scope, receive=receive, send=send)
        await websocket.accept()
        settings = self.manager.settings
        link = Link(
            next(self._numbers),
            websocket,
            send,
            code.upper(),
            settings.rate,
            settings.burst,
            self.manager.store.flush_actions,
        )
        self.links[link.number] = link
        if _CODE_SHAPE.fullmatch(link.code):
            link.opener = asyncio.create_task(self._open(link))
        else:
            error = {"type": "error", "code": "no_table", "message": f"there is no table {code!r}"}
            link.send(dumps(error))
            link.close(4404)
        try:
            await self._read(link)
        except WebSocketDisconnect:
            pass
        finally:
            del self.links[link.number]
            if link.owner == self.node:
                self._detach(self.node, link.number)
            elif link.owner is not None:
                self.tell(link.owner, ["bye", link.number, self.node])
            link.close()
            if link.opener is not None:
                link.opener.cancel()
            await link.outbox.finished()

    async def _read(self, link: Link) -> None:
        """The client's frames, judged here as one process judges them (app.py's
        ``_serve``); each good one goes to the table's owner."""
        websocket = link.websocket
        while not link.closed:
            try:
                if link.hello is not None:
                    message = await websocket.receive()
                else:
                    message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
            except TimeoutError:
                link.error("no_hello", "say hello first")
                return
            if message["type"] == "websocket.disconnect":
                return
            raw: str | bytes | None = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            if not link.limiter.allow():
                link.strikes += 1
                ref = _peek_ref(raw)
                if link.strikes > MAX_STRIKES:
                    link.error("rate_limited", "too many messages: goodbye", ref)
                    return
                link.error("rate_limited", "too many messages: slow down", ref)
                continue
            link.strikes = 0
            try:
                msg = parse_client_message(raw)
            except MessageError as exc:
                code = "too_large" if "larger than" in str(exc) else "malformed"
                link.error(code, str(exc))
                continue
            first = isinstance(msg, Hello) and link.hello is None
            if link.hello is None and not first:
                link.error("no_hello", "say hello first")
                continue
            while link.owner is None and not link.closed:
                await link.ready.wait()
            if link.closed or link.owner is None:
                return
            assert isinstance(raw, str)  # parse_client_message refuses bytes
            self._forward(link, link.owner, raw)
            if first:
                link.hello = raw

    def _forward(self, link: Link, owner: str, raw: str) -> None:
        if owner == self.node:
            self._frame(self.node, link.number, raw)
        else:
            self.tell(owner, ["frame", link.number, self.node, raw])

    async def _open(self, link: Link) -> None:
        """Find the table's owner (taking the lease if nobody holds it) and open the link
        there, saying the client's hello again if it had said it."""
        delay = 0.05
        tries = 0
        while link.owner is None and not link.closed:
            if link.moves > MAX_MOVES or tries >= ATTEMPTS:
                link.error("unavailable", "the table's server cannot be reached: try again")
                link.close(1013)  # "try again later": the page reconnects
                return
            tries += 1
            try:
                owner = await self.resolve(link.code)
            except (RedisError, OSError) as exc:
                log.warning("table %s: cannot find its owner: %s", link.code, exc)
                await asyncio.sleep(delay)
                delay = min(1.0, delay * 2)
                continue
            if link.closed:
                return
            link.owner = owner
            if owner == self.node:
                self._attach(self.node, link.number, link.code)
            else:
                self.tell(owner, ["open", link.number, self.node, link.code])
            if link.hello is not None and link.owner == owner and not link.closed:
                self._forward(link, owner, link.hello)
            if link.owner is None:  # turned away at once: the lease is changing hands
                await asyncio.sleep(delay)
                delay = min(1.0, delay * 2)
        if not link.closed:
            link.ready.set()

    def _reopen(self, link: Link, source: str | None, tell: bool = False) -> None:
        """``source`` no longer serves the link's table: find its owner again (telling
        ``source`` the link left, when ``tell``)."""
        if link.closed or link.owner != source:
            return  # a word from an owner the link has already left
        if tell and source is not None and source != self.node:
            self.tell(source, ["bye", link.number, self.node])
        link.owner = None
        link.ready.clear()
        link.moves += 1
        if link.opener is None or link.opener.done():
            link.opener = asyncio.create_task(self._open(link))

    async def _watch(self) -> None:
        interval = min(1.0, self.ttl / 4)
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._alarm.wait(), interval)
            self._alarm.clear()
            try:
                await self.check()
            except (RedisError, OSError) as exc:
                log.warning("cannot check the other processes: %s", exc)
            except Exception:
                log.exception("checking the other processes failed")

    async def check(self) -> None:
        """Follow the tables this process's links use but do not own, and the processes
        it talks to: a link whose owner lost the table, or died, finds the new owner; a
        dead process's leases are deleted at once (Redis shows its subscription gone,
        so the process is, or is cut off and will let its tables go); the connections
        of a dead edge leave their tables."""
        remote = [link for link in self.links.values() if link.owner not in (None, self.node)]
        codes = sorted({link.code for link in remote})
        nodes = {str(link.owner) for link in remote}
        nodes |= {edge for edge, _ in self.virtual if edge != self.node}
        nodes |= {owner for owner, _ in self.calls.values()}
        if not codes and not nodes:
            return
        ordered = sorted(nodes)
        async with self.redis.pipeline(transaction=False) as pipe:
            if codes:
                pipe.mget([lease_key(code) for code in codes])
            if ordered:
                pipe.pubsub_numsub(*[channel(node) for node in ordered])
            results = await pipe.execute()
        holders: dict[str, str | None] = {}
        if codes:
            for code, holder in zip(codes, results.pop(0), strict=True):
                holders[code] = None if holder is None else _text(holder)
        listening = results.pop(0) if ordered else []
        dead = {node for node, (_, count) in zip(ordered, listening, strict=True) if not count}
        if not dead and all(holders.get(link.code) == link.owner for link in remote):
            return
        for node in dead:
            theirs = [code for code, holder in holders.items() if holder == node]
            if theirs:
                log.warning("node %s is gone: taking over %d of its tables", node, len(theirs))
                await self._release_all(node, theirs)
        for link in remote:
            if link.owner in dead or holders.get(link.code) != link.owner:
                self._reopen(link, link.owner, tell=link.owner not in dead)
        for edge, number in [key for key in self.virtual if key[0] in dead]:
            conn = self.virtual.pop((edge, number))
            self.manager.detach(conn)
        for owner, waiting in self.calls.values():
            if owner in dead and not waiting.done():
                waiting.set_result({"lost": True})

    # ------------------------------------------------------------------ REST

    async def create(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        """``POST /api/tables``: create here, and take the new table's lease before
        anyone hears its code."""
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)

        await app(scope, receive, hold)
        start = next((m for m in held if m["type"] == "http.response.start"), None)
        if start is not None and start["status"] == 201:
            body = b"".join(m.get("body", b"") for m in held if m["type"] == "http.response.body")
            code = str(json.loads(body)["code"])
            try:
                holder = await self.resolve(code)
            except (RedisError, OSError) as exc:
                log.error("table %s: cannot take its lease: %s", code, exc)
                holder = None
            if holder != self.node:
                self.manager.unload(code)  # the store keeps it; whoever opens it loads it
                await _unavailable(scope, receive, send)
                return
        for message in held:
            await send(message)

    async def route(
        self, app: ASGIApp, scope: Scope, receive: Receive, send: Send, code: str
    ) -> None:
        """A REST call about table ``code``: run here if this process owns (or can take)
        the table, else forwarded to its owner."""
        code = code.upper()
        if scope.get(FORWARDED):
            if code in self.owned:
                await app(scope, receive, send)
            else:  # it left this process meanwhile: the caller asks again
                await JSONResponse({"code": "moved"}, 503, {"x-unoattack-moved": "1"})(
                    scope, receive, send
                )
            return
        if not _CODE_SHAPE.fullmatch(code):
            await app(scope, receive, send)  # the route answers 404
            return
        body = await _read_body(receive)
        for attempt in range(ATTEMPTS):
            try:
                owner = await self.resolve(code)
            except (RedisError, OSError) as exc:
                log.warning("table %s: cannot find its owner: %s", code, exc)
                break
            if owner == self.node:
                await app(scope, _replay(body, receive), send)
                self._let_go(code)  # no such table: nothing to hold
                return
            reply = await self._call(owner, code, scope, body)
            if reply is not None and not reply.get("moved"):
                if reply.get("lost"):
                    break  # the owner died with the call: done or not, nobody can say
                await _send_reply(send, reply)
                return
            await asyncio.sleep(min(1.0, 0.05 * 2**attempt))
        await _unavailable(scope, receive, send)

    async def _call(
        self, owner: str, code: str, scope: Scope, body: bytes
    ) -> dict[str, Any] | None:
        """Forward a REST call to ``owner``; its answer, or None when nobody heard it."""
        number = next(self._numbers)
        request = {
            "method": scope["method"],
            "scheme": scope.get("scheme", "http"),
            "path": scope["path"],
            "raw_path": (scope.get("raw_path") or scope["path"].encode()).decode("latin-1"),
            "query": scope.get("query_string", b"").decode("latin-1"),
            "headers": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]],
            "client": list(scope.get("client") or ("unknown", 0)),
            "server": list(scope.get("server") or ("unknown", 0)),
            "body": base64.b64encode(body).decode("ascii"),
        }
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.calls[number] = (owner, future)
        try:
            message = json.dumps([["call", number, self.node, request]])
            heard = await self.redis.publish(channel(owner), message)
            if not heard:  # the owner is gone: free its lease now rather than when it lapses
                await self._bury(owner, code)
                return None
            return await asyncio.wait_for(future, CALL_TIMEOUT)
        except (RedisError, OSError) as exc:
            log.warning("table %s: cannot forward a call: %s", code, exc)
            return None
        except TimeoutError:
            return {"lost": True}
        finally:
            del self.calls[number]

    async def _bury(self, node: str, code: str) -> None:
        """Delete ``node``'s lease of ``code`` if Redis shows ``node`` gone."""
        [(_, count)] = await self.redis.pubsub_numsub(channel(node))
        if not count:
            log.warning("node %s is gone: taking over table %s", node, code)
            await self._release_all(node, [code])

    async def _answer(self, number: int, edge: str, request: dict[str, Any]) -> None:
        """Run a REST call another process forwarded; send it the answer."""
        try:
            reply = await self._run(request)
        except Exception:
            log.exception("a forwarded call failed")
            body = json.dumps({"code": "server_error", "detail": "the call failed"}).encode()
            reply = {
                "status": 500,
                "headers": [["content-type", "application/json"]],
                "body": base64.b64encode(body).decode("ascii"),
            }
        self.tell(edge, ["reply", number, reply])

    async def _run(self, request: dict[str, Any]) -> dict[str, Any]:
        found = _TABLE_PATH.fullmatch(request["path"])
        if found is None or found[1].upper() not in self.owned:
            return {"moved": True}
        scope: Scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": request["method"],
            "scheme": request["scheme"],
            "path": request["path"],
            "raw_path": request["raw_path"].encode("latin-1"),
            "query_string": request["query"].encode("latin-1"),
            "root_path": "",
            "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in request["headers"]],
            "client": tuple(request["client"]),
            "server": tuple(request["server"]),
            "state": {},
            FORWARDED: True,
        }
        body = base64.b64decode(request["body"])
        status, headers, chunks = 500, [], []

        async def receive() -> Message:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: Message) -> None:
            nonlocal status, headers
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [
                    [k.decode("latin-1"), v.decode("latin-1")] for k, v in message["headers"]
                ]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        if status == 503 and ["x-unoattack-moved", "1"] in headers:
            return {"moved": True}
        content = base64.b64encode(b"".join(chunks)).decode("ascii")
        return {"status": status, "headers": headers, "body": content}


class ClusterRouter:
    """ASGI middleware of a server that is one of several processes: each REST call
    about a table runs at its owner (``app.state.cluster``, set when the server starts).
    Each WebSocket of a table becomes a :class:`Link` (app.py's ``_WebSockets`` sends it
    to :meth:`Cluster.serve_link`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster: Cluster | None = None
        if scope["type"] != "lifespan":
            cluster = getattr(scope["app"].state, "cluster", None)
        if cluster is not None:
            path: str = scope["path"]
            if scope["type"] == "http":  # its WebSockets: app.py's _WebSockets
                if path == "/api/tables" and scope["method"] == "POST":
                    await cluster.create(self.app, scope, receive, send)
                    return
                found = _TABLE_PATH.fullmatch(path)
                if found is not None:
                    await cluster.route(self.app, scope, receive, send, found[1])
                    return
        await self.app(scope, receive, send)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


async def _read_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the route a body already read, then the real one."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


async def _send_reply(send: Send, reply: dict[str, Any]) -> None:
    headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in reply["headers"]]
    await send({"type": "http.response.start", "status": reply["status"], "headers": headers})
    await send({"type": "http.response.body", "body": base64.b64decode(reply["body"])})


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:
    detail = "the server that holds this table cannot be reached: try again in a moment"
    await JSONResponse({"code": "unavailable", "detail": detail}, 503)(scope, receive, send)
