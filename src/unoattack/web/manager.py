"""The table manager: connections, per-seat updates, bots, timers and the UNO grace period.

Everything here runs on the server's single asyncio event loop, and every change to a
table is a plain synchronous call (no ``await`` in between), so two messages can never
interleave inside one change. Sending is decoupled: each connection has an outgoing
queue drained by its own task, so a slow client never holds up a table.

The data flow of one action (docs/web.md): message → schema validation → seat/token
check → stale-state check → engine legality → append to the store (committed) → apply
→ per-seat views and redacted events → each connection.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from unoattack.engine import SPECTATOR, Action, ActionKind, Event, Game, IllegalAction, view
from unoattack.web.protocol import (
    FACE_TABLE,
    MAX_CHAT,
    Act,
    Chat,
    Hello,
    Ping,
    clean_text,
    dumps,
    events_payload,
    view_payload,
)
from unoattack.web.store import Store
from unoattack.web.table import Seat, Setup, Table, TableError, new_code

log = logging.getLogger("unoattack.web")

#: Outgoing messages a connection may have queued before it is dropped as too slow.
MAX_QUEUE = 2000
#: Chat lines kept per table (sent to a newcomer).
CHAT_LINES = 50
#: Recent events sent to a (re)connecting client, redacted for its seat.
RECENT_EVENTS = 40
#: Seconds before bots try again after the store refused an action.
STORAGE_RETRY = 1.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Server settings (``unoattack serve`` options)."""

    db_url: str | None = None
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


class Connection:
    """One WebSocket: its table, its seat (None: a spectator) and its outgoing queue."""

    def __init__(self, websocket: WebSocket | None, table: Table, settings: Settings) -> None:
        self.websocket = websocket
        self.table = table
        self.seat: Seat | None = None
        self.hello = False
        self.limiter = RateLimiter(settings.rate, settings.burst)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.strikes = 0  # messages refused in a row by the rate limiter

    @property
    def seat_index(self) -> int | None:
        return None if self.seat is None else self.table.index(self.seat)

    @property
    def viewer(self) -> int:
        index = self.seat_index
        return SPECTATOR if index is None else index

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


@dataclass(slots=True)
class PendingCatch:
    catcher: int
    liable: int
    state: int
    conn: Connection | None
    ref: int | None
    handle: asyncio.TimerHandle | None = None


@dataclass(slots=True)
class Live:
    """A table's runtime: connections, timers, a held catch, chat."""

    conns: set[Connection] = field(default_factory=set)
    bot_handle: asyncio.TimerHandle | None = None
    bot_key: int = -1
    turn_handle: asyncio.TimerHandle | None = None
    turn_key: tuple[int, int] = (-1, -1)
    pending: PendingCatch | None = None
    reacted: set[int] = field(default_factory=set)  # bot seats asked in this catch window
    reacted_state: int = -1
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_LINES))
    replay: tuple[int, Game, list[int]] | None = None  # (step, game, log length per step)


class TableManager:
    """All tables of a server, and everything that happens to them."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.live: dict[str, Live] = {}

    # ------------------------------------------------------------------ lifecycle

    def load(self) -> int:
        """Rebuild every stored table by replaying its actions; returns how many."""
        for stored in self.store.load_all():
            try:
                table = Table.restore(self.store, stored)
            except (ValueError, KeyError) as exc:
                log.error("table %s cannot be restored: %s", stored.code, exc)
                continue
            self.tables[table.code] = table
            self.live[table.code] = Live()
        return len(self.tables)

    def resume(self) -> None:
        """After loading, let bots and timers pick up every match in progress."""
        for table in self.tables.values():
            if table.status == "playing":
                self._schedule(table)

    def shutdown(self) -> None:
        for live in self.live.values():
            for handle in (live.bot_handle, live.turn_handle):
                if handle is not None:
                    handle.cancel()
            if live.pending is not None and live.pending.handle is not None:
                live.pending.handle.cancel()
            for conn in list(live.conns):
                conn.close()

    def get(self, code: str) -> Table:
        table = self.tables.get(code.upper())
        if table is None:
            raise TableError("no_table", f"there is no table {code!r}", 404)
        return table

    # ------------------------------------------------------------------ REST side

    def create(
        self, setup: Setup, seats: int, host_name: str | None
    ) -> tuple[Table, str, str | None]:
        code = new_code(self.tables)
        table, host_token, seat_token = Table.create(self.store, code, setup, seats, host_name)
        self.tables[code] = table
        self.live[code] = Live()
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
        self._demote(table, removed)
        self._send_table(table)

    def kick(self, code: str, host_token: str, seat: int) -> None:
        table = self.get(code)
        table.check_host(host_token)
        removed = table.kick(seat)
        self._demote(table, removed)
        self._send_table(table)
        if table.status == "playing":
            self._schedule(table)

    def start(self, code: str, host_token: str) -> None:
        table = self.get(code)
        table.check_host(host_token)
        events = table.start()
        self._send_table(table)
        self._broadcast(table, events, None, None, None)
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
            game = table.setup.new_game(len(table.seats))
            live.replay = (0, game, [len(game.log)])
        at, game, marks = live.replay
        while at < step:
            seat_number, text = table.actions[at]
            game.apply(Action.parse(text), seat_number)
            marks.append(len(game.log))
            at += 1
        live.replay = (at, game, marks)
        start = 0 if step == 0 else marks[step - 1]
        action = None
        if step > 0:
            seat_number, text = table.actions[step - 1]
            action = {"seat": seat_number, "action": text}
        return {
            "step": step,
            "steps": total,
            "action": action,
            "events": events_payload(game.log[start : marks[step]], viewer),
            "view": view_payload(view(game, viewer)),
        }

    # ------------------------------------------------------------------ connections

    def attach(self, conn: Connection) -> None:
        self.live[conn.table.code].conns.add(conn)

    def detach(self, conn: Connection) -> None:
        table = conn.table
        live = self.live[table.code]
        live.conns.discard(conn)
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
        if msg.token and seat is None:
            self._error(conn, "bad_token", "this token holds no seat here: you are watching")
        if seat is not None:
            conn.seat = seat
            seat.connections += 1
            returning = seat.autopilot
            seat.autopilot = False
            if returning or seat.connections == 1:
                self._send_table(table, skip=conn)
        viewer = conn.viewer
        v = table.view_for(viewer)
        recent = [] if table.game is None else table.game.log[-RECENT_EVENTS:]
        conn.send(
            dumps(
                {
                    "type": "welcome",
                    "table": table.public(),
                    "you": {"seat": conn.seat_index},
                    "state": table.state,
                    "view": None if v is None else view_payload(v),
                    "recent": events_payload(recent, viewer),
                    "chat": list(self.live[table.code].chat),
                    "faces": FACE_TABLE,
                    "invite_base": self.settings.public_url,
                }
            )
        )
        if table.status == "playing":
            self._schedule(table)

    def handle(self, conn: Connection, msg: Act | Chat | Ping) -> None:
        """A validated message after hello."""
        table = conn.table
        if isinstance(msg, Ping):
            conn.send(dumps({"type": "pong", "state": table.state, "ref": msg.ref}))
        elif isinstance(msg, Chat):
            self._chat(conn, msg)
        else:
            self._act(conn, msg)

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
            self._error(conn, "not_your_seat", f"your token holds seat {index}", msg.ref)
            return
        if table.game is None:
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
        auto: bool = False,
    ) -> None:
        """Judge one action by ``seat`` (from a client, or a bot when ``conn`` is None)."""
        live = self.live[table.code]
        game = table.game
        assert game is not None
        pending = live.pending
        if pending is not None and not self._fits_pending(pending, seat, action):
            # Anything else that arrives while a catch is held comes after the catch.
            self._flush_catch(table)
        if state is not None and state != table.state:
            self._error(conn, "stale", f"the table has moved on (state {table.state})", ref)
            return
        try:
            table.check(seat, action)
        except IllegalAction as exc:
            # reason and details let the page say it in its own language
            self._error(conn, "illegal", str(exc), ref, reason=exc.reason, details=exc.details)
            return
        if action.kind is ActionKind.CATCH and self.settings.uno_grace > 0:
            if live.pending is not None:
                self._error(conn, "catch_pending", "someone is already catching them", ref)
                return
            pending = PendingCatch(seat, game.uno_seat, table.state, conn, ref)
            loop = asyncio.get_running_loop()
            pending.handle = loop.call_later(
                self.settings.uno_grace, self._flush_catch, table, pending
            )
            live.pending = pending
            self._cancel_bot(live)
            return
        self._commit(table, seat, action, conn, ref, auto)
        if live.pending is not None and live.pending.state != table.state:
            # The liable player said UNO in time: the held catch fails.
            late = live.pending
            live.pending = None
            if late.handle is not None:
                late.handle.cancel()
            name = table.seats[late.liable].name
            self._error(late.conn, "uno_in_time", f"{name} said UNO in time", late.ref)
            self._schedule(table)

    @staticmethod
    def _fits_pending(pending: PendingCatch, seat: int, action: Action) -> bool:
        """Actions judged alongside a held catch: the liable player's UNO, other catches."""
        if action.kind is ActionKind.SAY_UNO and seat == pending.liable:
            return True
        return action.kind is ActionKind.CATCH

    def _flush_catch(self, table: Table, only: PendingCatch | None = None) -> None:
        live = self.live[table.code]
        pending = live.pending
        if pending is None or (only is not None and pending is not only):
            return
        live.pending = None
        if pending.handle is not None:
            pending.handle.cancel()
        game = table.game
        assert game is not None
        if table.state == pending.state and game.uno_seat == pending.liable:
            self._commit(
                table,
                pending.catcher,
                Action.parse(f"catch {pending.liable}"),
                pending.conn,
                pending.ref,
                False,
            )
        else:
            self._error(pending.conn, "too_late", "the catch window closed", pending.ref)
            self._schedule(table)

    def _commit(
        self,
        table: Table,
        seat: int,
        action: Action,
        conn: Connection | None,
        ref: int | None,
        auto: bool,
    ) -> None:
        try:
            events = table.apply(seat, action)
        except Exception:
            log.exception("table %s: cannot store action %s", table.code, action)
            self._error(conn, "storage", "the server could not save that action", ref)
            # Nothing changed; bots and timers try again in a moment.
            asyncio.get_running_loop().call_later(STORAGE_RETRY, self._schedule, table)
            return
        by = {"seat": seat, "action": str(action), "auto": auto}
        self._broadcast(table, events, by, conn, ref)
        self._schedule(table)

    # ------------------------------------------------------------------ sending

    def _broadcast(
        self,
        table: Table,
        events: list[Event],
        by: dict[str, Any] | None,
        acting: Connection | None,
        ref: int | None,
    ) -> None:
        game = table.game
        assert game is not None
        cache: dict[int, dict[str, Any]] = {}
        texts: dict[int, str] = {}
        shared: dict[int, dict[str, Any]] = {}
        for conn in self.live[table.code].conns:
            if not conn.hello:
                continue
            viewer = conn.viewer
            if viewer not in cache:
                cache[viewer] = {
                    "type": "update",
                    "state": table.state,
                    "by": by,
                    "view": view_payload(view(game, viewer)),
                    "events": events_payload(events, viewer, shared),
                    "ack": None,
                }
                texts[viewer] = dumps(cache[viewer])
            if conn is acting:
                conn.send(dumps({**cache[viewer], "ack": ref}))
            else:
                conn.send(texts[viewer])
        if table.status == "over":
            self._send_table(table)

    def _send_table(self, table: Table, skip: Connection | None = None) -> None:
        info = table.public()
        for conn in self.live[table.code].conns:
            if conn is skip or not conn.hello:
                continue
            conn.send(dumps({"type": "table", "table": info, "you": {"seat": conn.seat_index}}))

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

    def error(self, conn: Connection, code: str, message: str) -> None:
        self._error(conn, code, message)

    def _demote(self, table: Table, seat: Seat) -> None:
        """Connections of a removed player become spectators."""
        for conn in self.live[table.code].conns:
            if conn.seat is seat:
                conn.seat = None
                conn.send(dumps({"type": "kicked"}))
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

    # ------------------------------------------------------------------ bots and timers

    def _cancel_bot(self, live: Live) -> None:
        if live.bot_handle is not None:
            live.bot_handle.cancel()
            live.bot_handle = None
            live.bot_key = -1

    def _schedule(self, table: Table) -> None:
        """After any change: arm the bots' next move and the turn timer of a player."""
        live = self.live[table.code]
        game = table.game
        if game is None or game.is_over or live.pending is not None:
            self._cancel_bot(live)
            return
        state = table.state
        if live.reacted_state != state:
            live.reacted = set()
            live.reacted_state = state
        to_act = game.to_act
        seats = table.seats
        wants = to_act is not None and seats[to_act].is_bot_controlled
        if not wants and game.uno_seat >= 0:
            wants = any(
                seats[s].is_bot_controlled and s not in live.reacted
                for s in game.seats_that_may_act()
            )
        loop = asyncio.get_running_loop()
        if wants and live.bot_key != state:
            self._cancel_bot(live)
            live.bot_key = state
            live.bot_handle = loop.call_later(self.settings.bot_delay, self._bot_step, table, state)
        elif not wants:
            self._cancel_bot(live)
        timer = table.setup.turn_timer
        if to_act is not None and not seats[to_act].is_bot_controlled and timer > 0:
            key = (state, to_act)
            if live.turn_key != key:
                if live.turn_handle is not None:
                    live.turn_handle.cancel()
                live.turn_key = key
                live.turn_handle = loop.call_later(timer, self._turn_timeout, table, key)

    def _bot_step(self, table: Table, state: int) -> None:
        live = self.live[table.code]
        live.bot_handle = None
        live.bot_key = -1
        game = table.game
        if game is None or game.is_over or table.state != state or live.pending is not None:
            return
        seats = table.seats
        if game.uno_seat >= 0:
            liable = game.uno_seat
            order = [liable] + [s for s in range(game.n) if s != liable]
            for seat in order:
                if not seats[seat].is_bot_controlled or seat in live.reacted:
                    continue
                if seat not in game.seats_that_may_act():
                    continue
                live.reacted.add(seat)
                reaction = table.bot_for(seat).react(view(game, seat))
                if reaction is not None:
                    self.submit(table, seat, reaction, None, None, auto=seats[seat].kind != "bot")
                    return
        to_act = game.to_act
        if to_act is not None and seats[to_act].is_bot_controlled:
            choice = table.bot_for(to_act).choose(view(game, to_act))
            self.submit(table, to_act, choice, None, None, auto=seats[to_act].kind != "bot")

    def _turn_timeout(self, table: Table, key: tuple[int, int]) -> None:
        live = self.live[table.code]
        live.turn_handle = None
        live.turn_key = (-1, -1)  # the next _schedule arms a fresh timer if still needed
        state, seat = key
        game = table.game
        if game is None or game.is_over or table.state != state or game.to_act != seat:
            return
        player = table.seats[seat]
        if player.kind != "human" or player.autopilot:
            return
        if player.connections == 0:
            # Away past the turn timer: a bot plays the seat until the player returns.
            player.autopilot = True
            self._send_table(table)
            self._schedule(table)
            return
        # Present but idle: the stand-in makes this one decision.
        choice = table.bot_for(seat).choose(view(game, seat))
        self.submit(table, seat, choice, None, None, auto=True)
