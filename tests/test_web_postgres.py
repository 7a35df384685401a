"""The store on PostgreSQL, when one is given: UNOATTACK_TEST_POSTGRES=postgresql+psycopg://…

Skipped otherwise (SQLite is what the other web tests use).
"""

from __future__ import annotations

import os
import random
import uuid

import pytest

pytest.importorskip("fastapi")

URL = os.environ.get("UNOATTACK_TEST_POSTGRES", "")
pytestmark = pytest.mark.skipif(not URL, reason="set UNOATTACK_TEST_POSTGRES to a database URL")


def test_a_match_on_postgres_is_rebuilt_by_replay() -> None:
    from unoattack.engine.match import INSTANT
    from unoattack.web.manager import Settings
    from unoattack.web.store import Store
    from unoattack.web.table import Table
    from unoattack.web.testing import (
        NO_ADDRESS_LIMITS,
        Client,
        ServerThread,
        create_table,
        play,
        post,
    )

    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url=URL,
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as server:
        table = create_table(
            server.url,
            seats=3,
            seed=uuid.uuid4().int % 10**9,
            host_name="Ann",
            options={"hand_size": 4},
            target_score=60,
        )
        code, host = str(table["code"]), str(table["host_token"])
        bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
        post(server.url, f"/api/tables/{code}/seats/2/bot", host_token=host)
        a, b = Client(server.ws_url, code, str(table["token"])), Client(server.ws_url, code, bob)
        post(server.url, f"/api/tables/{code}/start", host_token=host)
        play([a, b], random.Random(1), lambda: a.view is not None and a.view["result"] is not None)
        a.close()
        b.close()
    stored = next(t for t in Store(URL).load_all() if t.code == code)
    assert stored.status == "over" and len(stored.actions) == a.state
    rebuilt = Table.restore(Store("sqlite://"), stored, lambda timer: INSTANT, 0.0)
    assert rebuilt.game is not None and rebuilt.game.is_over
