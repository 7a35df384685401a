"""The table store: each table is its setup, its seats and its list of actions (SQLAlchemy).

A table is event-sourced: the game is never stored, only what rebuilds it — the edition
and options, the seed, the launcher and every accepted action in order. Each action is
written and committed before the server acknowledges it, so a server killed at any
moment loses nothing it acknowledged. In a server (:meth:`Store.defer_commits`) the
actions accepted during one turn of the event loop are written together, in one
transaction, before anything is sent after that turn: every message passes
:meth:`Store.flush_actions` on its way out (web/outbox.py). SQLite (the default, a file
in the user's data directory) runs in WAL mode with ``synchronous=NORMAL``: a commit
reaches the operating system before it returns, which survives the server process being
killed (SIGKILL); it does not guard against the machine losing power (use
``synchronous=FULL`` or PostgreSQL for that). PostgreSQL works by URL
(``postgresql://user:pw@host/db``, through psycopg 3).

Several server processes may share one PostgreSQL database (docs/web.md, "Several
processes"): an action's row is keyed by its table and its index, so two processes that
both believe they hold a table cannot both write its action n; the second is refused and
:attr:`Store.on_conflict` tells its process that its copy of the table is behind.

>>> store = Store("sqlite://")
>>> store.create_table("ABC234", {"edition": "2003"}, [{"kind": "empty"}], "h" * 64)
>>> store.append_action("ABC234", 0, 1, "press")
>>> [(t.code, t.actions) for t in store.load_all()]
[('ABC234', [(1, 'press')])]
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    JSON,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

log = logging.getLogger(__name__)

metadata = MetaData()

tables = Table(
    "uno_tables",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("setup", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False, default="lobby"),
    Column("created", Float, nullable=False),
    # 1: out of the server's memory until someone opens it (docs/web.md, "Bounded").
    Column("archived", Integer, nullable=False, default=0),
)

actions = Table(
    "uno_actions",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", String(48), nullable=False),
)


def default_url() -> str:
    """``sqlite:///`` + a file in the user's data directory (created if missing)."""
    folder = Path(platformdirs.user_data_dir("unoattack", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


@dataclass(slots=True)
class StoredTable:
    code: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    host_hash: str
    status: str
    actions: list[tuple[int, str]]


#: A write kept for the end of the loop's turn: its kind, its table and its parameters.
_ACTION, _STATUS = "action", "status"
_Write = tuple[str, str, Any]

_NONE_LOST: frozenset[str] = frozenset()


class Store:
    """Tables, seats and actions in a SQL database. Every write is committed at once,
    except in a server, where actions (and a match's end) are committed together at the
    end of the event loop's turn (:meth:`defer_commits`)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = _make_engine(driver_url(self.url))
        _create_schema(self.engine)
        # Actions are the hot path: one driver connection kept open and the insert
        # compiled once for its driver, so that writing an action costs the driver's
        # execute and commit and nothing of SQLAlchemy's per-statement machinery.
        self._writer: Any = None
        self._insert_sql, self._insert_order = self._raw(insert(actions))
        self._status_sql, self._status_order = self._raw(
            update(tables)
            .where(tables.c.code == bindparam("b_code"))
            .values(status=bindparam("b_status"))
        )
        #: Writes kept until the loop's turn ends (:meth:`defer_commits`), in order.
        self._batch: list[_Write] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._flush_due = False
        #: Told the tables whose deferred writes were lost (:meth:`flush_actions`).
        self.on_lost: Callable[[frozenset[str]], None] | None = None
        self._integrity_error: type[Exception] = self.engine.dialect.loaded_dbapi.IntegrityError
        #: With several processes (web/cluster.py): ``guard(code)`` is called before a
        #: table's action or seats are written, and raises to refuse the write when this
        #: process may no longer own the table; ``on_conflict(code)`` is called when an
        #: action's place is already taken (another process wrote it: this process's copy
        #: of the table is behind), and the write fails all the same.
        self.guard: Callable[[str], None] | None = None
        self.on_conflict: Callable[[str], None] | None = None

    def create_table(
        self, code: str, setup: dict[str, Any], seats: list[dict[str, Any]], host_hash: str
    ) -> None:
        with self.engine.begin() as db:
            db.execute(
                insert(tables).values(
                    code=code,
                    setup=setup,
                    seats=seats,
                    host_hash=host_hash,
                    status="lobby",
                    created=time.time(),
                )
            )

    def save_seats(self, code: str, seats: list[dict[str, Any]], status: str | None = None) -> None:
        if self.guard is not None:
            self.guard(code)
        values: dict[str, Any] = {"seats": seats}
        if status is not None:
            values["status"] = status
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.code == code).values(**values))

    def set_status(self, code: str, status: str) -> None:
        """Table ``code`` is now ``status``; in a server, written after the actions kept
        so far (a match is over in the store only with its last action there)."""
        if self._deferring():
            row = {"b_code": code, "b_status": status}
            order = self._status_order
            self._defer((_STATUS, code, row if order is None else [row[k] for k in order]))
            return
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.code == code).values(status=status))

    def save_setup(self, code: str, setup: dict[str, Any]) -> None:
        """A setting of table ``code`` changed (the bots' pace): its setup as it is now."""
        if self.guard is not None:
            self.guard(code)
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.code == code).values(setup=setup))

    def restart(self, code: str, setup: dict[str, Any]) -> None:
        """A new match at table ``code`` (a rematch): its new setup, no actions, playing."""
        if self.guard is not None:  # like every write of a table's, only by its owner
            self.guard(code)
        if self._deferring():
            self.flush_actions()  # the last match's kept actions go before they are deleted
        with self.engine.begin() as db:
            db.execute(delete(actions).where(actions.c.code == code))
            db.execute(
                update(tables).where(tables.c.code == code).values(setup=setup, status="playing")
            )

    def _raw(self, statement: Any) -> tuple[str, Sequence[str] | None]:
        """``statement`` as its driver's SQL, and the order of its parameters when they
        are positional (None: by name)."""
        compiled = statement.compile(dialect=self.engine.dialect)
        return str(compiled), compiled.positiontup if compiled.positional else None

    def defer_commits(
        self, loop: asyncio.AbstractEventLoop, on_lost: Callable[[frozenset[str]], None]
    ) -> None:
        """From now on, actions and match ends written on ``loop``'s thread are kept and
        written together at the end of the loop's turn (one transaction, however many
        tables acted), or sooner by :meth:`flush_actions`. A server calls this; whoever
        sends anything that depends on those writes calls :meth:`flush_actions` first.
        ``on_lost`` is told the tables whose kept writes could not be stored."""
        self._loop = loop
        self._loop_thread = threading.get_ident()
        self.on_lost = on_lost

    def _deferring(self) -> bool:
        return self._loop is not None and threading.get_ident() == self._loop_thread

    def _defer(self, write: _Write) -> None:
        self._batch.append(write)
        if not self._flush_due:
            self._flush_due = True
            assert self._loop is not None
            self._loop.call_soon(self._flush_at_turn_end)

    def _flush_at_turn_end(self) -> None:
        self._flush_due = False
        self.flush_actions()

    def append_action(self, code: str, idx: int, seat: int, action: str) -> None:
        """Write action number ``idx`` of a table (raises if ``idx`` is taken). Committed
        at once, or kept for the end of the loop's turn (:meth:`defer_commits`)."""
        if self.guard is not None:
            self.guard(code)
        row = {"code": code, "idx": idx, "seat": seat, "action": action}
        params: Any = row if self._insert_order is None else [row[k] for k in self._insert_order]
        if self._deferring():
            self._defer((_ACTION, code, params))
        else:
            self._write_now([(_ACTION, code, params)])

    def flush_actions(self) -> frozenset[str]:
        """Write and commit the kept writes (:meth:`defer_commits`); the tables whose
        writes could not be stored (empty when all were, or none was kept).

        All go in one transaction. If it fails, they are written again one by one, so
        that one table's trouble (another process wrote its action: a conflict) costs
        no other table anything; a table whose write failed loses its later ones too,
        and :attr:`on_lost` is told (the server lets those tables go: what it sent of
        them had not left yet, and they load again from what is stored)."""
        batch = self._batch
        if not batch:
            return _NONE_LOST
        self._batch = []
        try:
            self._write(batch)
        except Exception as exc:
            log.warning("cannot store %d writes at once (%s): one by one", len(batch), exc)
            lost = self._write_each(batch)
            if lost and self.on_lost is not None:
                self.on_lost(lost)
            return lost
        return _NONE_LOST

    def _write_each(self, batch: list[_Write]) -> frozenset[str]:
        lost: set[str] = set()
        for write in batch:
            code = write[1]
            if code in lost:
                continue  # after a table's missing action, its later ones cannot go
            try:
                self._write_now([write])
            except Exception as exc:
                log.error("table %s: cannot store a %s: %s", code, write[0], exc)
                lost.add(code)
        return frozenset(lost)

    def _write_now(self, batch: list[_Write]) -> None:
        """:meth:`_write`, telling :attr:`on_conflict` when an action's place was taken."""
        try:
            self._write(batch)
        except Exception as exc:
            if isinstance(exc, self._integrity_error) and self.on_conflict is not None:
                for code in dict.fromkeys(write[1] for write in batch):
                    self.on_conflict(code)
            raise

    def _write(self, batch: list[_Write]) -> None:
        """Write ``batch`` in order and commit, on the writer's own driver connection (or
        roll back, and raise)."""
        if self._writer is None:
            self._writer = self.engine.raw_connection()
        db = self._writer
        try:
            cursor = db.cursor()
            try:
                for kind, writes in itertools.groupby(batch, key=lambda write: write[0]):
                    sql = self._insert_sql if kind == _ACTION else self._status_sql
                    params = [write[2] for write in writes]
                    if len(params) == 1:
                        cursor.execute(sql, params[0])
                    else:
                        cursor.executemany(sql, params)
            finally:
                cursor.close()
            db.commit()
        except Exception:
            self._writer = None
            with contextlib.suppress(Exception):
                db.rollback()
            with contextlib.suppress(Exception):
                db.close()
            raise

    def count_actions(self, code: str) -> int:
        """How many actions of table ``code`` are stored."""
        with self.engine.connect() as db:
            query = select(func.count()).select_from(actions).where(actions.c.code == code)
            return int(db.execute(query).scalar_one())

    def codes(self) -> set[str]:
        with self.engine.connect() as db:
            return {row[0] for row in db.execute(select(tables.c.code))}

    def has(self, code: str) -> bool:
        """Whether a table ``code`` is stored (archived or not)."""
        with self.engine.connect() as db:
            found = db.execute(select(tables.c.code).where(tables.c.code == code)).first()
        return found is not None

    def load_all(self) -> list[StoredTable]:
        """Every table with its actions in order (to rebuild them by replay)."""
        return self._load(None)

    def load_active(self) -> list[StoredTable]:
        """The tables a server starts with: not archived, and not over (a finished
        table is loaded when someone opens it, :meth:`load_one`)."""
        return self._load((tables.c.archived == 0) & (tables.c.status != "over"))

    def load_one(self, code: str) -> StoredTable | None:
        """One table, archived or not, or None."""
        found = self._load(tables.c.code == code)
        return found[0] if found else None

    def set_archived(self, code: str, archived: bool) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.code == code).values(archived=int(archived)))

    def _load(self, where: Any) -> list[StoredTable]:
        with self.engine.connect() as db:
            query = select(tables).order_by(tables.c.created)
            if where is not None:
                query = query.where(where)
            rows = db.execute(query).all()
            moves: dict[str, list[tuple[int, str]]] = {row.code: [] for row in rows}
            wanted = select(actions.c.code, actions.c.seat, actions.c.action).order_by(
                actions.c.code, actions.c.idx
            )
            if where is not None:
                # Only the chosen tables' actions: with thousands of archived tables,
                # reading them all would make a start as slow as ever.
                wanted = wanted.where(actions.c.code.in_(list(moves)))
            for code, seat, text in db.execute(wanted):
                if code in moves:
                    moves[code].append((seat, text))
        return [
            StoredTable(
                code=row.code,
                setup=_json(row.setup),
                seats=_json(row.seats),
                host_hash=row.host_hash,
                status=row.status,
                actions=moves[row.code],
            )
            for row in rows
        ]

    def close(self) -> None:
        if self._deferring():
            self.flush_actions()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()


def driver_url(url: str) -> str:
    """The SQLAlchemy URL of ``url``: ``postgresql://`` (and ``postgres://``) mean
    psycopg 3, the driver the ``web`` extra installs (SQLAlchemy's default is psycopg2).

    >>> driver_url("postgresql://uno@db.local/tables")
    'postgresql+psycopg://uno@db.local/tables'
    >>> driver_url("sqlite:///tables.sqlite3")
    'sqlite:///tables.sqlite3'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


#: The PostgreSQL advisory lock held while the schema is created: processes starting
#: together on an empty database would otherwise race to create the same tables.
_SCHEMA_LOCK = 0x756E6F


def _create_schema(engine: Engine) -> None:
    with engine.begin() as db:
        if engine.dialect.name == "postgresql":
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
        metadata.create_all(db)
        _add_missing_columns(db)


def _add_missing_columns(db: Connection) -> None:
    """A database written by an earlier version lacks ``archived``: add it (every
    table it holds starts unarchived)."""
    present = {column["name"] for column in inspect(db).get_columns("uno_tables")}
    if "archived" not in present:
        db.execute(text("ALTER TABLE uno_tables ADD COLUMN archived INTEGER NOT NULL DEFAULT 0"))


def _json(value: Any) -> Any:
    # Some drivers hand JSON columns back as text.
    return json.loads(value) if isinstance(value, str) else value


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        if url in ("sqlite://", "sqlite:///:memory:"):
            engine = create_engine(
                url, connect_args={"check_same_thread": False}, poolclass=StaticPool
            )
        else:
            engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
