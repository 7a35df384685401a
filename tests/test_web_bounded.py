"""A bounded server: idle tables are archived (out of memory, kept in the store) and
loaded again when someone opens them; a restart loads only the tables in use."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from sqlalchemy import create_engine, text

from unoattack.web.manager import Settings, TableManager
from unoattack.web.store import Store
from unoattack.web.table import Setup, TableError


class Clock:
    """The manager's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def manager(store: Store, clock: Clock, archive_after: float = 60.0) -> TableManager:
    return TableManager(store, Settings(db_url=store.url, archive_after=archive_after), clock)


def lobby(tables: TableManager) -> str:
    setup = Setup(edition="2003", options={}, launcher="hazard", turn_timer=0, seed=1)
    table, _host, _token = tables.create(setup, 3, "Ann")
    return table.code


def test_an_idle_table_is_archived_and_comes_back_when_opened() -> None:
    store = Store("sqlite://")
    clock = Clock()
    tables = manager(store, clock)
    quiet, busy = lobby(tables), lobby(tables)
    clock.now += 30
    tables.get(busy)  # someone looks at it: it is not idle
    clock.now += 40
    assert tables.sweep() == [quiet]
    assert set(tables.tables) == {busy}
    assert store.load_one(quiet) is not None  # the store keeps it
    again = tables.get(quiet.lower())  # opening the link loads it
    assert again.code == quiet and again.seats[0].name == "Ann"
    assert set(tables.tables) == {quiet, busy}
    assert [s.code for s in store.load_active()] == [quiet, busy]  # unarchived


def test_a_restart_loads_only_the_tables_in_use(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    clock = Clock()
    first = manager(Store(url), clock)
    codes = [lobby(first) for _ in range(5)]
    first.store.set_status(codes[0], "over")
    clock.now += 61
    first.sweep()  # all five go
    kept = lobby(first)
    first.store.close()
    second = manager(Store(url), clock)
    assert second.load() == 1 and set(second.tables) == {kept}
    assert second.get(codes[3]).code == codes[3]  # on demand
    with pytest.raises(TableError, match="there is no table 'ZZZZZZ'"):
        second.get("ZZZZZZ")
    with pytest.raises(TableError, match="there is no table"):
        second.get("../etc")  # not a code: the store is not asked
    second.store.close()


def test_a_database_from_before_archiving_gets_the_column(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old = create_engine(url)
    with old.begin() as db:
        db.execute(
            text(
                "CREATE TABLE uno_tables (code VARCHAR(16) PRIMARY KEY, setup JSON NOT NULL, "
                "seats JSON NOT NULL, host_hash VARCHAR(64) NOT NULL, status VARCHAR(16) "
                "NOT NULL, created FLOAT NOT NULL)"
            )
        )
        db.execute(
            text(
                'INSERT INTO uno_tables VALUES (\'ABC234\', \'{"edition": "2003", "seed": 1}\', '
                '\'[{"kind": "empty"}, {"kind": "empty"}]\', :h, \'lobby\', 1.0)'
            ),
            {"h": "h" * 64},
        )
    old.dispose()
    store = Store(url)
    assert [t.code for t in store.load_active()] == ["ABC234"]
    store.set_archived("ABC234", True)
    assert store.load_active() == [] and store.has("ABC234")
    store.close()
