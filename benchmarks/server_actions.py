#!/usr/bin/env python3
"""The server's own cost of an action, without the network: does it grow with the tables?

Drives a :class:`~unoattack.web.manager.TableManager` on SQLite (a file, as ``unoattack
serve`` runs) in this process, with ``--tables`` four-seat tables of people, each seat
a connection without a socket (its outgoing messages are counted and dropped). Each
step one table's player to act sends a random legal action as the JSON text a browser
sends; the clock counts only the server's part (validation, the match, the journal's
commit, every seat's view and events as JSON), in CPU seconds per 1,000 actions.

    python benchmarks/server_actions.py --tables 50 200 1000 --actions 5000
    python benchmarks/server_actions.py --tables 200 --gc freeze

``--gc``: ``default`` (Python's thresholds), ``freeze`` (:func:`gc.freeze` after the
tables are set up, as ``unoattack serve`` does once it has loaded), ``off`` (no cyclic
collector at all: a bound, not a setting to run with).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import tempfile
import time
from pathlib import Path

from unoattack.web.manager import Connection, Settings, TableManager
from unoattack.web.protocol import Hello, parse_client_message
from unoattack.web.store import Store
from unoattack.web.table import Setup, Table

SETTINGS = Settings(bot_delay=0, creates_per_minute=1e9, joins_per_minute=1e9)


class GcTimer:
    """A :data:`gc.callbacks` hook: the time spent in the cyclic collector, and how many
    collections of each generation ran."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.counts = [0, 0, 0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.seconds += time.process_time() - self._started
            self.counts[info["generation"]] += 1


def new_table(manager: TableManager, rng: random.Random) -> tuple[Table, list[Connection]]:
    """A four-seat table of people, every seat connected, the match dealt."""
    setup = Setup("2003", {}, "hazard", seed=rng.getrandbits(62), turn_timer=0)
    table, host_token, token = manager.create(setup, 4, "p0")
    assert token is not None
    tokens = [token] + [manager.join(table.code, f"p{seat}", None)[1] for seat in range(1, 4)]
    conns = []
    for seat_token in tokens:
        conn = Connection(Sink(), table, SETTINGS)
        manager.attach(conn)
        manager.hello(conn, Hello(type="hello", token=seat_token))
        conns.append(conn)
    manager.start(table.code, host_token)
    return table, conns


class Sink:
    """An ASGI send that counts the messages it is given and drops them."""

    def __init__(self) -> None:
        self.messages = 0

    async def __call__(self, message: object) -> None:
        self.messages += 1


def drop(conns: list[Connection]) -> int:
    """How many messages the connections were sent since the last call."""
    sent = 0
    for conn in conns:
        assert conn.outbox is not None
        sink = conn.outbox.send
        assert isinstance(sink, Sink)
        sent += sink.messages
        sink.messages = 0
    return sent


async def measure(tables: int, actions: int, gc_mode: str, folder: Path) -> dict[str, object]:
    rng = random.Random(tables)
    store = Store(f"sqlite:///{folder}/tables-{tables}-{gc_mode}.sqlite3")
    manager = TableManager(store, SETTINGS)
    manager.resume()
    seated = [new_table(manager, rng) for _ in range(tables)]
    await asyncio.sleep(0)  # the welcomes and the deals go out
    for _, conns in seated:
        drop(conns)
    gc.collect()
    if gc_mode == "freeze":
        gc.freeze()
    elif gc_mode == "off":
        gc.disable()
    collections = GcTimer()
    gc.callbacks.append(collections)
    spent = 0.0
    done = 0
    messages = 0
    turn = 0
    try:
        while done < actions:
            index = turn % tables
            turn += 1
            table, conns = seated[index]
            match = table.match
            assert match is not None
            if match.is_over:
                seated[index] = new_table(manager, rng)
                await asyncio.sleep(0)
                drop(seated[index][1])
                continue
            to_act = match.game.to_act
            if to_act is None:
                await asyncio.sleep(0)  # a held catch or a pause: let timers run
                continue
            legal = match.view(to_act).legal_actions
            if not legal:
                continue
            text = json.dumps(
                {
                    "type": "act",
                    "state": table.state,
                    "action": str(rng.choice(legal)),
                    "ref": done,
                }
            )
            conn = conns[to_act]
            started = time.process_time()
            msg = parse_client_message(text)
            manager.handle(conn, msg)  # type: ignore[arg-type]
            await asyncio.sleep(0)  # the updates go out at the end of the loop's turn
            spent += time.process_time() - started
            done += 1
            messages += drop(conns)
            if turn % tables == 0:
                await asyncio.sleep(0)
    finally:
        gc.callbacks.remove(collections)
        gc.enable()
        gc.unfreeze()
        manager.shutdown()
        store.close()
    return {
        "tables": tables,
        "actions": done,
        "cpu_per_1000": 1000 * spent / done,
        "messages_per_action": messages / done,
        "gc_cpu_per_1000": 1000 * collections.seconds / done,
        "collections": collections.counts,
        "objects": len(gc.get_objects()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--gc", choices=("default", "freeze", "off"), default="default")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="unoattack-actions-") as folder:
        for tables in args.tables:
            result = asyncio.run(measure(tables, args.actions, args.gc, Path(folder)))
            print(json.dumps({"gc": args.gc, **result}), flush=True)


if __name__ == "__main__":
    main()
