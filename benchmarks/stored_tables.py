#!/usr/bin/env python3
"""Start-up time and memory of the web server's table manager with many stored tables.

Fills a fresh SQLite database with ``--tables`` finished four-seat matches (real
matches between heuristic bots, to 50 points: a few hundred actions each) and ``--active``
lobby tables, then measures, each in a fresh process so that memory is not shared:

* ``bounded``: what ``unoattack serve`` does at start (``TableManager.load``: only the
  tables in use, not archived and not over, are replayed into memory);
* ``everything``: replaying every stored table, as the server did before archiving.

Prints one JSON object: seconds and the resident memory the load added (MB), for both.

    python benchmarks/stored_tables.py --tables 10000 --active 20
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

from unoattack.bots import HeuristicBot, play_match
from unoattack.engine import Action
from unoattack.web.manager import Settings, TableManager
from unoattack.web.store import Store, actions, tables
from unoattack.web.table import CODE_ALPHABET, CODE_LENGTH, Setup


def codes(count: int, rng: random.Random) -> list[str]:
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)))
    return sorted(found)


def fill(url: str, count: int, active: int) -> int:
    """``count`` finished matches (from a pool of 40 real ones) and ``active`` lobbies;
    returns the number of stored actions."""
    rng = random.Random(7)
    pool = []
    for seed in range(40):
        setup = Setup("2003", {"target_score": 50}, "hazard", seed=seed, turn_timer=0)
        game = setup.new_game(4)
        play_match(game, [HeuristicBot(random.Random(seed * 4 + s)) for s in range(4)])
        moves = [(seat, str(Action.from_code(code))) for seat, code in game.history]
        pool.append((setup.stored(), moves))
    seats = [{"kind": "bot", "name": "", "level": "heuristic", "token_hash": ""}] * 4
    store = Store(url)
    written = 0
    with store.engine.begin() as db:
        for index, code in enumerate(codes(count + active, rng)):
            setup, moves = pool[index % len(pool)]
            over = index < count
            db.execute(
                insert(tables).values(
                    code=code,
                    setup=setup,
                    seats=seats if over else [{"kind": "empty"}] * 4,
                    host_hash="h" * 64,
                    status="over" if over else "lobby",
                    created=float(index),
                    archived=0,
                )
            )
            if over:
                db.execute(
                    insert(actions),
                    [
                        {"code": code, "idx": i, "seat": seat, "action": text}
                        for i, (seat, text) in enumerate(moves)
                    ],
                )
                written += len(moves)
    store.close()
    return written


def measure(url: str, mode: str) -> dict[str, float]:
    """Run in a child process: load the tables one way; seconds and MB added."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    store = Store(url)
    manager = TableManager(store, Settings(db_url=url))
    start = time.perf_counter()
    if mode == "bounded":
        loaded = manager.load()
    else:
        for stored in store.load_all():
            manager._restore(stored)
        loaded = len(manager.tables)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"tables_in_memory": loaded, "seconds": seconds, "added_mb": (after - before) / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000, help="finished tables stored")
    parser.add_argument("--active", type=int, default=20, help="lobby tables stored")
    parser.add_argument("--measure", choices=("bounded", "everything"), help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.url, args.measure)))
        return
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'tables.sqlite3'}"
        start = time.perf_counter()
        stored_actions = fill(url, args.tables, args.active)
        filled = time.perf_counter() - start
        results = {}
        for mode in ("bounded", "everything"):
            out = subprocess.run(
                [sys.executable, __file__, "--measure", mode, "--url", url],
                capture_output=True,
                text=True,
                check=True,
            )
            results[mode] = json.loads(out.stdout)
        size = (Path(folder) / "tables.sqlite3").stat().st_size / 2**20
    print(
        json.dumps(
            {
                "stored_tables": args.tables + args.active,
                "stored_actions": stored_actions,
                "database_mb": round(size, 1),
                "fill_seconds": round(filled, 1),
                **results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
