"""The table manager: connections, per-seat updates, and the clock of each table's match.

The rules of a table (who may act, reactions and the UNO grace, stale states, bots'
turns, turn timers) are its :class:`~unoattack.engine.match.Match`'s; the manager hands
it each player's action with the time, wakes it when :meth:`Match.next_due` says, and
sends every connection what the match hands back for its seat.

Everything here runs on the server's single asyncio event loop, and every change to a
table is a plain synchronous call (no ``await`` in between), so two messages can never
interleave inside one change. Sending is decoupled: each connection has an outgoing
queue drained by its own task, so a slow client never holds up a table.

The data flow of one action (docs/web.md): message → schema validation → seat/token
check → ``Match.submit`` (stale state, legality, the UNO grace) → the match's journal
appends it to the store (committed) → the game applies it → per-seat views and
redacted events → each connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from starlette.types import Send

from unoattack.bots.ismcts import MoveEstimate, about_even, coach
from unoattack.engine import SPECTATOR, Action, ActionKind, IllegalAction
from unoattack.engine.determinize import Sampler
from unoattack.engine.match import (
    Chooser,
    JournalError,
    Match,
    MatchRefusal,
    Search,
    Step,
    StepKind,
    Timing,
)
from unoattack.web.outbox import Outbox
from unoattack.web.protocol import (
    FACE_TABLE,
    MAX_CHAT,
    PACE_FACTORS,
    Act,
    Chat,
    Hello,
    Hint,
    Ping,
    Ready,
    acknowledged,
    action_payload,
    clean_text,
    dumps,
    events_payload,
    view_payload,
    view_payloads,
)
from unoattack.web.store import Store, StoredTable
from unoattack.web.table import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Seat,
    Setup,
    Table,
    TableError,
    new_code,
    rejoin_code,
)

log = logging.getLogger("unoattack.web")

#: What a table code looks like: anything else is not looked up in the store.
_CODE_SHAPE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: Outgoing messages a connection may have queued before it is dropped as too slow.
MAX_QUEUE = 2000
#: Chat lines kept per table (sent to a newcomer).
CHAT_LINES = 50
#: Recent events sent to a (re)connecting client, redacted for its seat.
RECENT_EVENTS = 40
#: Seconds before bots try again after the store refused an action.
STORAGE_RETRY = 1.0
#: Wrong rejoin codes a table takes in REJOIN_WINDOW seconds before it refuses any:
#: guessing a code (about 40 bits) is then hopeless.
REJOIN_TRIES = 10
REJOIN_WINDOW = 60.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Server settings (``unoattack serve`` options)."""

    db_url: str | None = None
    #: Redis, when this server is one of several processes sharing ``db_url``
    #: (web/cluster.py): each table is owned by one process at a time, through a lease
    #: of ``lease_seconds`` that its owner renews.
    redis_url: str | None = None
    lease_seconds: float = 5.0
    #: Seconds a bot waits before it acts (lets people follow; 0 in tests and benchmarks).
    bot_delay: float = 0.8
    #: Seconds a catch is held before it applies: the caught player's own UNO arriving
    #: meanwhile wins (docs/web.md, "UNO timing").
    uno_grace: float = 0.3
    #: Messages a connection may send per second, and in a burst.
    rate: float = 15.0
    burst: int = 30
    #: Allow tables with a chosen seed (tests and tutorials: a known seed reveals hands).
    allow_seed: bool = False
    #: Base of invite links (``http://192.168.1.20:8000``); default: the page's own origin.
    public_url: str | None = None
    #: Tables one address may create per minute, and players it may seat (joins).
    creates_per_minute: float = 20.0
    joins_per_minute: float = 60.0
    #: The largest request body a REST route reads, in bytes.
    max_body: int = 16 * 1024
    #: Seconds a table may sit idle (nobody connected, nothing happening) before it is
    #: archived: out of memory until someone opens it again.
    archive_after: float = 3600.0
    #: This server's address on the local network (``unoattack serve`` finds it): invite
    #: links use it when the page was opened on ``localhost`` (unoattack.web.address).
    lan_url: str | None = None
    #: Seconds a table with people pauses between two hands at most: the next hand starts
    #: sooner, once every player at the table has said they are ready (0: no pause).
    hand_pause: float = 0.0
    #: Seconds a table of bots only pauses between two hands (its watchers see a
    #: countdown), at most ``hand_pause``.
    bot_hand_pause: float = 5.0

    def timing(self, turn_timer: int, *, people: bool = True, pace: str = "normal") -> Timing:
        """The timing of a table's match: bots act, press and react after ``bot_delay``
        scaled by the table's ``pace`` (PACE_FACTORS); a catch is held for
        ``uno_grace``; a player has ``turn_timer`` seconds (0: no limit) before their
        stand-in decides; between two hands the table pauses for ``hand_pause`` seconds
        if ``people`` play at it, else a shorter countdown."""
        delay = self.bot_delay * PACE_FACTORS.get(pace, 1.0)
        pause = self.hand_pause if people else min(self.hand_pause, self.bot_hand_pause)
        return Timing(
            think=delay,
            press=delay,
            react=(delay, delay),
            uno_grace=self.uno_grace,
            turn_timer=turn_timer,
            between_hands=pause,
        )


class RateLimiter:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    __slots__ = ("burst", "clock", "last", "rate", "tokens")

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


#: Addresses remembered by a per-address limit; the least recently seen are forgotten.
MAX_ADDRESSES = 10_000


class AddressLimits:
    """A token bucket per client address: ``per_minute`` requests, as many at once."""

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._buckets: dict[str, RateLimiter] = {}

    def allow(self, address: str) -> bool:
        buckets = self._buckets
        bucket = buckets.pop(address, None)  # re-inserted below: the newest at the end
        if bucket is None:
            burst = max(1, int(self.per_minute))
            bucket = RateLimiter(self.per_minute / 60.0, burst, self.clock)
            if len(buckets) >= MAX_ADDRESSES:
                del buckets[next(iter(buckets))]
        buckets[address] = bucket
        return bucket.allow()


class Connection:
    """One WebSocket: its table, its seat (None: a spectator) and its outgoing messages.

    ``send``: the ASGI server's send for the socket (None: a connection that overrides
    :meth:`send` and :meth:`close`, as a cluster's link does). ``gate``: called before
    anything is sent (the store's :meth:`~Store.flush_actions`: nothing an update tells
    leaves before it is stored).
    """

    def __init__(
        self,
        send: Send | None,
        table: Table,
        settings: Settings,
        gate: Callable[[], object] | None = None,
    ) -> None:
        self.outbox = None if send is None else Outbox(send, MAX_QUEUE, gate)
        self.table = table
        self.seat: Seat | None = None
        self.hello = False
        self.limiter = RateLimiter(settings.rate, settings.burst)
        self._closed = False
        self.strikes = 0  # messages refused in a row by the rate limiter
        #: The hashed token of a player the host replaced by a bot, while this connection
        #: watches: if the host lets them back in, it takes the seat again.
        self.kicked_hash: str | None = None
        #: The rejoin code of the token this connection said hello with (shown to its
        #: player only, while the token holds a seat).
        self.rejoin: str | None = None
        #: The start of invite links for this connection's page (None: its own origin).
        self.invite_base: str | None = settings.public_url

    @property
    def seat_index(self) -> int | None:
        return None if self.seat is None else self.table.index(self.seat)

    @property
    def viewer(self) -> int:
        index = self.seat_index
        return SPECTATOR if index is None else index

    @property
    def closed(self) -> bool:
        """The connection was closed, or its socket failed (the client went away)."""
        return self._closed or (self.outbox is not None and self.outbox.closing)

    def send(self, text: str) -> None:
        if self.outbox is not None:
            self.outbox.put(text)

    def close(self) -> None:
        """Close the socket once the messages sent so far are out."""
        self._closed = True
        if self.outbox is not None:
            self.outbox.close()

    def discard(self) -> None:
        """Drop the messages not sent yet (they tell of actions the store lost)."""
        if self.outbox is not None:
            self.outbox.discard()


#: Search bots thinking at once, across all tables.
SEARCH_THREADS = 2


@dataclass(slots=True)
class Live:
    """A table's runtime: connections, the timer that wakes its match, the connection
    whose catch is held for the UNO grace, chat, and a replay being stepped through."""

    conns: set[Connection] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None
    held: tuple[Connection | None, int | None] = (None, None)
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_LINES))
    replay: tuple[int, Match] | None = None  # (step, the match after that many actions)
    thinking: tuple[int, int] | None = None  # (state, seat) a search bot thinks about
    active: float = 0.0  # when anything last happened at the table (the manager's clock)
    rejoin_failures: deque[float] = field(default_factory=deque)  # times of wrong codes


class TableManager:
    """All tables of a server, and everything that happens to them."""

    def __init__(
        self, store: Store, settings: Settings, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.settings = settings
        #: The time every match is given (seconds, monotonic).
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.live: dict[str, Live] = {}
        #: Per-address limits of the REST routes that create things.
        self.limits = {
            "create": AddressLimits(settings.creates_per_minute, clock),
            "join": AddressLimits(settings.joins_per_minute, clock),
        }
        self._sweeper: asyncio.TimerHandle | None = None
        # Search bots think here, off the event loop, a few at a time: the loop goes on
        # serving every other table meanwhile.
        self._searchers = ThreadPoolExecutor(SEARCH_THREADS, thread_name_prefix="search")

    # ------------------------------------------------------------------ lifecycle

    def load(self) -> int:
        """Rebuild the tables in use (not archived, not over) by replaying their
        actions; returns how many. The others load when someone opens them."""
        for stored in self.store.load_active():
            self._restore(stored)
        return len(self.tables)

    def _restore(self, stored: StoredTable) -> Table | None:
        try:
            table = Table.restore(self.store, stored, self.timing, self.clock())
        except (ValueError, KeyError) as exc:
            log.error("table %s cannot be restored: %s", stored.code, exc)
            return None
        self.tables[table.code] = table
        self.live[table.code] = Live(active=self.clock())
        return table

    def resume(self) -> None:
        """After loading, let bots and timers pick up every match in progress, and
        start archiving idle tables."""
        for table in self.tables.values():
            if table.status == "playing":
                self._schedule(table)
        self._sweep_later()

    def _sweep_later(self) -> None:
        interval = min(60.0, max(1.0, self.settings.archive_after / 2))
        loop = asyncio.get_running_loop()
        self._sweeper = loop.call_later(interval, self._sweep_tick)

    def _sweep_tick(self) -> None:
        self.sweep()
        self._sweep_later()

    def sweep(self) -> list[str]:
        """Archive every table idle for ``archive_after`` seconds with nobody connected:
        it leaves memory (the store keeps it) until someone opens it. Returns their codes."""
        now = self.clock()
        idle = [
            code
            for code, live in self.live.items()
            if not live.conns
            and live.thinking is None
            and now - live.active >= self.settings.archive_after
        ]
        for code in idle:
            try:
                self.store.set_archived(code, True)
            except Exception as exc:  # the store is down: keep the table, try later
                log.error("table %s cannot be archived: %s", code, exc)
                continue
            self.unload(code)
        return idle

    def unload(self, code: str) -> None:
        """Take table ``code`` out of memory (the store keeps it): its timer stops, its
        connections close, a bot thinking for it is ignored. Opening it loads it again."""
        live = self.live.pop(code, None)
        table = self.tables.pop(code, None)
        if live is not None:
            if live.timer is not None:
                live.timer.cancel()
            for conn in list(live.conns):
                conn.close()
        if table is not None:
            table.match = None  # a search still running for it finds nothing to move

    def defer_commits(self) -> None:
        """Store the actions of each turn of the running event loop together, at its end
        (:meth:`Store.defer_commits`): a table whose actions could not be stored then
        leaves memory (:meth:`_lost`)."""
        self.store.defer_commits(asyncio.get_running_loop(), self._lost)

    def _lost(self, codes: frozenset[str]) -> None:
        """The store could not keep the latest actions of tables ``codes``, which their
        matches had taken: nothing of them has been sent (the store is flushed before
        any message leaves), so each table drops what it was about to send and leaves
        memory; its players' pages reconnect and find it as it is stored."""
        for code in sorted(codes):
            log.error("table %s: its latest actions were not stored; reloading it", code)
            live = self.live.get(code)
            if live is not None:
                for conn in live.conns:
                    conn.discard()
            self.unload(code)

    def shutdown(self) -> None:
        self.store.flush_actions()
        if self._sweeper is not None:
            self._sweeper.cancel()
        self._searchers.shutdown(wait=False, cancel_futures=True)
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
            for conn in list(live.conns):
                conn.close()

    def check_rate(self, kind: str, address: str) -> None:
        """Refuse (``rate_limited``, 429) an address over its limit of ``kind``
        ("create": new tables, "join": seats taken)."""
        if not self.limits[kind].allow(address):
            what = "new tables" if kind == "create" else "joins"
            raise TableError(
                "rate_limited", f"too many {what} from your address: try again in a minute", 429
            )

    def get(self, code: str) -> Table:
        """The table ``code``; an archived one is loaded again (and unarchived)."""
        key = code.upper()
        table = self.tables.get(key)
        if table is None:
            stored = self.store.load_one(key) if _CODE_SHAPE.fullmatch(key) else None
            table = None if stored is None else self._restore(stored)
            if table is None:
                raise TableError("no_table", f"there is no table {code!r}", 404)
            self.store.set_archived(key, False)
            if table.status == "playing":
                with contextlib.suppress(RuntimeError):  # outside the event loop (tests)
                    self._schedule(table)
        self.live[table.code].active = self.clock()
        return table

    # ------------------------------------------------------------------ REST side

    def create(
        self, setup: Setup, seats: int, host_name: str | None
    ) -> tuple[Table, str, str | None]:
        code = new_code(self.tables)
        while self.store.has(code):  # an archived table holds it
            code = new_code(self.tables)
        table, host_token, seat_token = Table.create(self.store, code, setup, seats, host_name)
        self.tables[code] = table
        self.live[code] = Live(active=self.clock())
        return table, host_token, seat_token

    def join(self, code: str, name: str, seat: int | None) -> tuple[int, str]:
        table = self.get(code)
        result = table.join(name, seat)
        self._send_table(table)
        return result

    def add_bot(self, code: str, host_token: str, seat: int, level: str) -> None:
        table = self.get(code)
        table.check_host(host_token)
        table.add_bot(seat, level)
        self._send_table(table)

    def remove_seat(self, code: str, host_token: str, seat: int) -> None:
        table = self.get(code)
        table.check_host(host_token)
        removed = table.remove_seat(seat)
        self._demote(table, removed, "seat_removed")
        self._send_table(table)

    def kick(self, code: str, host_token: str, seat: int) -> None:
        table = self.get(code)
        table.check_host(host_token)
        removed = table.kick(seat)
        self._demote(table, removed, "replaced" if table.status == "playing" else "removed")
        self._send_table(table)
        if table.status == "playing":
            self._schedule(table)

    def reclaim(self, code: str, rejoin: str) -> tuple[int, str]:
        """Give a seat to the device that typed its rejoin code: a new token for it, and
        the seat's other connections (its old device) now watch."""
        table = self.get(code)
        failures = self.live[table.code].rejoin_failures
        now = self.clock()
        while failures and failures[0] <= now - REJOIN_WINDOW:
            failures.popleft()
        if len(failures) >= REJOIN_TRIES:
            raise TableError(
                "too_many_tries", "too many wrong rejoin codes: try again in a minute", 429
            )
        try:
            index, seat, token = table.reclaim(rejoin)
        except TableError:
            failures.append(now)
            raise
        self._demote(table, seat, "reclaimed")
        self._send_table(table)
        return index, token

    def readmit(self, code: str, host_token: str, seat: int) -> None:
        """Give a seat back to the player the host replaced by a bot: their connections
        take it again at once; if they have none, the stand-in plays it until they come."""
        table = self.get(code)
        table.check_host(host_token)
        player = table.readmit(seat)
        match = table.match
        assert match is not None
        for conn in list(self.live[table.code].conns):
            if conn.kicked_hash == player.token_hash:
                conn.kicked_hash = None
                conn.seat = player
                player.connections += 1
                if conn.rejoin is not None:
                    table.keep_rejoin(player, conn.rejoin)
                self._welcome(conn)
        if player.connections == 0:
            player.autopilot = True
            match.set_away(seat, True)
        self._send_table(table)
        self._schedule(table)

    def start(self, code: str, host_token: str) -> None:
        table = self.get(code)
        table.check_host(host_token)
        match = table.start(self.timing(table), self.clock())
        self._send_table(table)
        self._broadcast(table, 0, match.log_size, None, None, None)
        self._schedule(table)

    def timing(self, table: Table) -> Timing:
        """The timing of ``table``'s match (Settings.timing)."""
        return self.settings.timing(
            table.setup.turn_timer, people=table.has_people, pace=table.setup.bot_pace
        )

    def set_pace(self, code: str, host_token: str, pace: str) -> None:
        """Host: how quickly the table's bots play, from now on (in the lobby, or during
        the match: the bots' next moves come at the new pace)."""
        table = self.get(code)
        table.check_host(host_token)
        table.set_pace(pace)
        if table.match is not None:
            table.match.set_timing(self.timing(table))
        self._send_table(table)
        if table.status == "playing":
            self._schedule(table)

    def rematch(self, code: str, host_token: str) -> None:
        """Host, after the match: a new match at the same table, with the same seats and
        link and a fresh seed; every connection is welcomed to it."""
        table = self.get(code)
        table.check_host(host_token)
        table.rematch(secrets.randbits(62), self.clock())
        live = self.live[table.code]
        live.replay = None
        live.held = (None, None)
        for conn in live.conns:
            if conn.hello:
                self._welcome(conn)
        self._schedule(table)

    def replay(self, code: str, step: int, token: str | None) -> dict[str, Any]:
        """The game after ``step`` actions, as the token's seat (or a spectator) saw it."""
        table = self.get(code)
        if table.status != "over":
            raise TableError("not_over", "the replay opens when the match is over")
        total = len(table.actions)
        if not 0 <= step <= total:
            raise TableError("no_step", f"steps run from 0 to {total}", 404)
        seat = table.seat_of(token)
        index = table.index(seat) if seat is not None else None
        viewer = SPECTATOR if index is None else index
        live = self.live[table.code]
        if live.replay is None or live.replay[0] > step:
            live.replay = (0, Match(table.setup.new_game(len(table.seats))))
        at, match = live.replay
        start = stop = match.log_size
        while at < step:
            seat_number, text = table.actions[at]
            start = match.log_size
            match.submit(seat_number, Action.parse(text))
            stop = match.log_size
            at += 1
        live.replay = (at, match)
        action = None
        if step > 0:
            seat_number, text = table.actions[step - 1]
            action = {"seat": seat_number, "action": text}
        return {
            "step": step,
            "steps": total,
            "action": action,
            "events": events_payload(match.events(viewer, 0 if step == 0 else start, stop)),
            "view": view_payload(match.view(viewer)),
        }

    # ------------------------------------------------------------------ connections

    def attach(self, conn: Connection) -> None:
        live = self.live[conn.table.code]
        live.conns.add(conn)
        live.active = self.clock()

    def detach(self, conn: Connection) -> None:
        table = conn.table
        live = self.live.get(table.code)
        if live is None:  # archived meanwhile (a connection it did not count)
            conn.close()
            return
        live.conns.discard(conn)
        live.active = self.clock()
        conn.close()
        seat = conn.seat
        if seat is not None:
            seat.connections = max(0, seat.connections - 1)
            conn.seat = None
            if seat.connections == 0:
                self._send_table(table)

    def hello(self, conn: Connection, msg: Hello) -> None:
        table = conn.table
        if conn.hello:
            self._error(conn, "hello_again", "this connection has already said hello")
            return
        conn.hello = True
        seat = table.seat_of(msg.token)
        kicked = table.kicked_from(msg.token) if seat is None else None
        if msg.token and (seat is not None or kicked is not None):
            conn.rejoin = rejoin_code(msg.token)
            if seat is not None:
                table.keep_rejoin(seat, conn.rejoin)
        if kicked is not None:
            conn.kicked_hash = kicked.kicked_hash  # watches until the host lets them back in
        elif msg.token and seat is None:
            self._error(conn, "bad_token", "this token holds no seat here: you are watching")
        if seat is not None:
            conn.seat = seat
            seat.connections += 1
            returning = seat.autopilot
            seat.autopilot = False
            index = conn.seat_index
            if returning and table.match is not None and index is not None:
                table.match.set_away(index, False)
            if returning or seat.connections == 1:
                self._send_table(table, skip=conn)
        self._welcome(conn)
        if table.status == "playing":
            self._schedule(table)

    def _welcome(self, conn: Connection) -> None:
        """Tell a connection everything it needs to draw the table as its seat sees it."""
        table = conn.table
        viewer = conn.viewer
        v = table.view_for(viewer)
        match = table.match
        recent = [] if match is None else match.events(viewer, -RECENT_EVENTS)
        conn.send(
            dumps(
                {
                    "type": "welcome",
                    "table": table.public(),
                    "you": self._you(conn),
                    "state": table.state,
                    "view": None if v is None else view_payload(v),
                    "recent": events_payload(recent),
                    "pause": self._pause(table),
                    "clock": self._clock(table),
                    "chat": list(self.live[table.code].chat),
                    "faces": FACE_TABLE,
                    "invite_base": conn.invite_base,
                }
            )
        )

    @staticmethod
    def _you(conn: Connection) -> dict[str, Any]:
        """Who a connection is: its seat (None: watching), and whether a bot plays the
        seat the host took from it (the host may let it back in)."""
        seated = conn.seat is not None
        return {
            "seat": conn.seat_index,
            "kicked": conn.kicked_hash is not None,
            "rejoin": conn.rejoin if seated else None,
        }

    def handle(self, conn: Connection, msg: Act | Chat | Ping | Hint | Ready) -> None:
        """A validated message after hello."""
        table = conn.table
        if isinstance(msg, Ping):
            conn.send(dumps({"type": "pong", "state": table.state, "ref": msg.ref}))
        elif isinstance(msg, Chat):
            self._chat(conn, msg)
        elif isinstance(msg, Hint):
            self._hint(conn, msg)
        elif isinstance(msg, Ready):
            self._ready(conn, msg)
        else:
            self._act(conn, msg)

    def _hint(self, conn: Connection, msg: Hint) -> None:
        """The coach's best moves for the player's own decision, searched on a thread
        from what the player's seat knows; sent to that connection only."""
        table = conn.table
        index = conn.seat_index
        match = table.match
        if index is None:
            self._error(conn, "not_seated", "you are watching: hints are for players", msg.ref)
            return
        if not table.setup.hints:
            self._error(conn, "hints_off", "the host turned hints off at this table", msg.ref)
            return
        if match is None or match.deciding != index or msg.state != table.state:
            self._error(conn, "no_decision", "a hint is for your own decision, now", msg.ref)
            return
        knowledge = Sampler(match.game, index)
        state = table.state
        loop = asyncio.get_running_loop()
        future = self._searchers.submit(coach, knowledge, random.Random(f"{state}:hint"))

        def told(finished: Future[tuple[MoveEstimate, ...]]) -> None:
            if finished.cancelled() or finished.exception() is not None:
                self._error(conn, "hint_failed", "the coach could not think", msg.ref)
                return
            best = finished.result()
            moves = [
                {
                    "action": action_payload(move.action),
                    "win_chance": None if math.isnan(move.win_chance) else move.win_chance,
                }
                for move in best
            ]
            conn.send(
                dumps(
                    {
                        "type": "hint",
                        "state": state,
                        "moves": moves,
                        "even": about_even(best),
                        "ref": msg.ref,
                    }
                )
            )

        future.add_done_callback(lambda finished: loop.call_soon_threadsafe(told, finished))

    def _ready(self, conn: Connection, msg: Ready) -> None:
        """A player is ready for the next hand: everyone is told who still is not, or
        that the next hand has started."""
        table = conn.table
        index = conn.seat_index
        match = table.match
        if index is None:
            self._error(conn, "not_seated", "you are watching: only players say ready")
            return
        if match is None or match.paused_until is None:
            self._error(conn, "not_paused", "the table is not between two hands")
            return
        now = self.clock()
        if not self._catch_up(table, now):
            return
        steps = match.ready(index, now=now)
        if match.paused_until is not None:
            self._send_pause(table)  # a resume is sent by _handle
        self._handle(table, steps, conn, None)
        self._schedule(table)

    def _pause(self, table: Table) -> dict[str, Any] | None:
        """The pause between two hands, while it lasts: the seconds left (null: until
        every player is ready), the seats ready and the seats the table waits for."""
        match = table.match
        until = None if match is None else match.paused_until
        if match is None or until is None:
            return None
        ready = match.ready_seats
        outside = [s for s in range(len(table.seats)) if match.seats.controller(s) is None]
        return {
            "ends_in": None if math.isinf(until) else round(max(0.0, until - self.clock()), 3),
            "ready": sorted(ready),
            "waiting": [s for s in outside if s not in ready],
        }

    def _clock(self, table: Table) -> dict[str, Any] | None:
        """The turn timer of the seat to act, while one runs: the seat, the seconds left
        before its stand-in decides for it, and the table's timer (null: no timer runs)."""
        match = table.match
        deadline = None if match is None else match.turn_deadline
        if deadline is None:
            return None
        seat, at = deadline
        return {
            "seat": seat,
            "ends_in": round(max(0.0, at - self.clock()), 3),
            "seconds": table.setup.turn_timer,
        }

    def _send_pause(self, table: Table) -> None:
        payload = dumps({"type": "pause", "state": table.state, "pause": self._pause(table)})
        for conn in self.live[table.code].conns:
            if conn.hello:
                conn.send(payload)

    def _chat(self, conn: Connection, msg: Chat) -> None:
        table = conn.table
        index = conn.seat_index
        if conn.seat is None or index is None:
            self._error(conn, "not_seated", "only players at the table can chat")
            return
        text = clean_text(msg.text, MAX_CHAT)
        if not text:
            self._error(conn, "empty_chat", "nothing to say")
            return
        line = {"type": "chat", "seat": index, "name": conn.seat.name, "text": text}
        self.live[table.code].chat.append(line)
        payload = dumps(line)
        for other in self.live[table.code].conns:
            other.send(payload)

    def _act(self, conn: Connection, msg: Act) -> None:
        table = conn.table
        index = conn.seat_index
        if index is None:
            self._error(conn, "not_seated", "you are watching: only players act", msg.ref)
            return
        if msg.seat is not None and msg.seat != index:
            self._error(conn, "not_your_seat", f"your token holds seat {index + 1}", msg.ref)
            return
        if table.match is None:
            self._error(conn, "not_started", "the match has not started", msg.ref)
            return
        try:
            action = Action.parse(msg.action)
        except ValueError as exc:
            self._error(conn, "bad_action", str(exc), msg.ref)
            return
        self.submit(table, index, action, conn, msg.ref, msg.state)

    # ------------------------------------------------------------------ actions

    def submit(
        self,
        table: Table,
        seat: int,
        action: Action,
        conn: Connection | None,
        ref: int | None,
        state: int | None = None,
    ) -> None:
        """Hand one player's action to the table's match and send what it did."""
        match = table.match
        assert match is not None
        now = self.clock()
        if not self._catch_up(table, now):
            self._error(conn, "storage", "the server could not save that action", ref)
            return
        try:
            steps = match.submit(seat, action, now=now, state=state)
        except IllegalAction as exc:
            # A refusal of the table keeps its own code, any other is "illegal"; both carry
            # the engine's reason and details, so that the page says why in its language.
            code = exc.reason if isinstance(exc, MatchRefusal) else "illegal"
            self._error(conn, code, str(exc), ref, reason=exc.reason, details=exc.details)
        except JournalError as exc:
            log.error("table %s: cannot store action %s: %s", table.code, action, exc.cause)
            self._handle(table, exc.steps, conn, ref)
            self._error(conn, "storage", "the server could not save that action", ref)
            self._retry(table)
            return
        else:
            self._handle(table, steps, conn, ref)
        self._schedule(table)

    def _catch_up(self, table: Table, now: float) -> bool:
        """Let the match do what is due, one step at a time so that every update shows
        the table as it was after that step; False when the store refused an action."""
        match = table.match
        assert match is not None
        while True:
            try:
                steps = match.advance(now, limit=1)
            except JournalError as exc:
                log.error("table %s: cannot store an action: %s", table.code, exc.cause)
                self._handle(table, exc.steps, None, None)
                self._retry(table)
                return False
            if not steps:
                return True
            self._handle(table, steps, None, None)

    def _handle(
        self, table: Table, steps: list[Step], conn: Connection | None, ref: int | None
    ) -> None:
        """Send what the match did: each applied action to every connection (acknowledged
        to the one that sent it), a failed held catch to its catcher."""
        live = self.live[table.code]
        for step in steps:
            if step.kind is StepKind.HELD:
                live.held = (conn, ref)
            elif step.kind is StepKind.RESUMED:
                self._send_pause(table)
                # Every seat's view anew, with no event: the pause withheld the legal
                # actions, and when the next hand's first turn is a player's nothing else
                # would bring them (nor its timer).
                assert table.match is not None
                size = table.match.log_size
                self._broadcast(table, size, size, None, None, None)
            elif step.kind is StepKind.FAILED:
                held_conn, held_ref = live.held
                live.held = (None, None)
                target = step.action.target if step.action is not None else None
                liable = table.seats[target].name if target is not None else "they"
                in_time = step.reason == "uno_in_time"
                message = f"{liable} said UNO in time" if in_time else "the catch window closed"
                # The details of MATCH_REASONS: the seat that said UNO in time, if any.
                details = {"seat": target} if in_time and target is not None else {}
                reason = step.reason
                self._error(held_conn, reason, message, held_ref, reason=reason, details=details)
            elif step.kind is StepKind.APPLIED:
                acting, acked = conn, ref
                action = step.action
                assert action is not None
                if step.chooser is Chooser.PLAYER and action.kind is ActionKind.CATCH:
                    # A catch held for the UNO grace applied: acknowledge it to its sender.
                    held_conn, held_ref = live.held
                    if held_conn is not None:
                        acting, acked = held_conn, held_ref
                    live.held = (None, None)
                if step.chooser is not Chooser.PLAYER:
                    acting, acked = None, None
                by = {
                    "seat": step.seat,
                    "action": str(action),
                    "auto": step.chooser is Chooser.STAND_IN,
                }
                self._broadcast(table, step.log_start, step.log_stop, by, acting, acked)
                if step.chooser is Chooser.STAND_IN:
                    self._timed_out(table, step.seat)
                if step.result is not None:
                    table.mark_over()
                    self._send_table(table)

    def _timed_out(self, table: Table, seat: int) -> None:
        """A stand-in decided for a player: one who is away (no connection) hands the
        seat to the stand-in until they come back."""
        player = table.seats[seat]
        match = table.match
        assert match is not None
        if player.kind == "human" and player.connections == 0 and not player.autopilot:
            player.autopilot = True
            match.set_away(seat, True)
            self._send_table(table)

    def _retry(self, table: Table) -> None:
        """After the store refused an action: nothing changed; try again in a moment."""
        live = self.live[table.code]
        if live.timer is not None:
            live.timer.cancel()
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(STORAGE_RETRY, self._tick, table)

    # ------------------------------------------------------------------ sending

    def _broadcast(
        self,
        table: Table,
        start: int,
        stop: int,
        by: dict[str, Any] | None,
        acting: Connection | None,
        ref: int | None,
    ) -> None:
        """Send each connection its seat's view and the events ``start:stop`` of the log
        as its seat may see them (computed once per seat)."""
        live = self.live[table.code]
        live.active = self.clock()
        match = table.match
        assert match is not None
        audience = [(conn, conn.viewer) for conn in live.conns if conn.hello]
        viewers = list(dict.fromkeys(viewer for _, viewer in audience))
        texts: dict[int, str] = {}
        shared: dict[int, tuple[Any, dict[str, Any]]] = {}
        pause = self._pause(table)
        clock = self._clock(table)
        for viewer, payload in zip(viewers, view_payloads(match.views(viewers)), strict=True):
            texts[viewer] = dumps(
                {
                    "type": "update",
                    "state": table.state,
                    "by": by,
                    "view": payload,
                    "events": events_payload(match.events(viewer, start, stop), shared),
                    "pause": pause,
                    "clock": clock,
                    "ack": None,
                }
            )
        for conn, viewer in audience:
            if conn is acting:
                conn.send(acknowledged(texts[viewer], ref))
            else:
                conn.send(texts[viewer])

    def _send_table(self, table: Table, skip: Connection | None = None) -> None:
        info = table.public()
        for conn in self.live[table.code].conns:
            if conn is skip or not conn.hello:
                continue
            conn.send(dumps({"type": "table", "table": info, "you": self._you(conn)}))

    def _error(
        self,
        conn: Connection | None,
        code: str,
        message: str,
        ref: int | None = None,
        **extra: object,
    ) -> None:
        if conn is None:
            return
        state = conn.table.state
        error = {"type": "error", "code": code, "message": message, "state": state, "ref": ref}
        conn.send(dumps(error | extra))

    def error(self, conn: Connection, code: str, message: str, ref: int | None = None) -> None:
        self._error(conn, code, message, ref)

    def _demote(self, table: Table, seat: Seat, how: str) -> None:
        """Connections of a removed player become spectators, told ``how``: their seat
        was ``seat_removed``, they were ``removed`` from it (in the lobby), a bot
        ``replaced`` them (the host may let them back in), or the seat was ``reclaimed``
        on another device with its rejoin code."""
        for conn in self.live[table.code].conns:
            if conn.seat is seat:
                conn.seat = None
                seat.connections = max(0, seat.connections - 1)
                if how == "replaced":
                    conn.kicked_hash = seat.token_hash
                conn.send(dumps({"type": "kicked", "how": how}))
                v = table.view_for(SPECTATOR)
                if v is not None:
                    conn.send(
                        dumps(
                            {
                                "type": "update",
                                "state": table.state,
                                "by": None,
                                "view": view_payload(v),
                                "events": [],
                                "ack": None,
                            }
                        )
                    )

    # ------------------------------------------------------------------ the clock

    def _schedule(self, table: Table) -> None:
        """After any change: wake the table's match when it next has something to do
        (bots' moves and reactions, a held catch, a turn timer)."""
        live = self.live[table.code]
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        match = table.match
        if match is None or match.is_over:
            return
        search = match.upcoming_search()
        if search is not None:
            self._think(table, match, search)
        due = match.next_due()
        if due is None:
            return
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(max(0.0, due - self.clock()), self._tick, table)

    def _think(self, table: Table, match: Match, search: Search) -> None:
        """Let a search bot work out its decision on a thread; the match makes the move
        once it is prepared and due (a bot thinking for half a second freezes nobody)."""
        live = self.live[table.code]
        key = (search.state, search.seat)
        if live.thinking == key:
            return
        live.thinking = key
        loop = asyncio.get_running_loop()
        future = self._searchers.submit(search.bot.decide, search.knowledge)

        def done(finished: Future[Action]) -> None:
            if live.thinking == key:
                live.thinking = None
            if finished.cancelled() or table.match is not match:
                return
            problem = finished.exception()
            if problem is not None:
                log.error("table %s: seat %s's bot failed: %s", table.code, search.seat, problem)
                return
            match.prepare(search, finished.result())
            self._schedule(table)

        future.add_done_callback(lambda finished: loop.call_soon_threadsafe(done, finished))

    def _tick(self, table: Table) -> None:
        live = self.live[table.code]
        live.timer = None
        if table.match is None or not self._catch_up(table, self.clock()):
            return
        self._schedule(table)
