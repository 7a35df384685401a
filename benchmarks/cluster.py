#!/usr/bin/env python3
"""``unoattack loadtest`` against one process and against two processes of a cluster.

Starts PostgreSQL (durable: fsync on, as a production server; ``--pg-setting`` adds
settings) and Redis from their binaries in temporary directories
(``unoattack.web.services``), then, for each round, each set-up in turn (interleaved, so
that the machine's other work weighs on each alike):

* ``sqlite``: one ``unoattack serve`` on SQLite (the default set-up);
* ``postgres``: one process on PostgreSQL, no Redis;
* ``cluster-1``: one process on PostgreSQL with ``--redis`` (the cluster's cost alone);
* ``cluster-2``: two processes on PostgreSQL and Redis, the load test spreading tables and
  seats over both (``--url`` twice: half of each table's players sit on the process that
  does not own it).

Each server runs with ``--creates-per-minute 1000 --joins-per-minute 10000 --rate 1000``
(a seat of a fast table sends more than the 15 messages a second a person may); the load
test is the command ``unoattack loadtest --tables T --duration S --url …``, run as its own
process, with ``--json`` and each server's ``--pid``. Prints each run's report (as JSON)
and the load average before it, then a table of medians, with the CPU time the server
processes and the load test spent per action while the tables played (which the
machine's other work disturbs less than the rates).

    python benchmarks/cluster.py --tables 50 --duration 20 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack

from unoattack.web import services
from unoattack.web.services import ServerProcess

LIMITS = ["--creates-per-minute", "1000", "--joins-per-minute", "10000", "--rate", "1000"]
SETUPS = ("sqlite", "postgres", "cluster-1", "cluster-2")


def servers(setup: str, db: str, redis: str, folder: str) -> list[ServerProcess]:
    if setup == "sqlite":
        return [ServerProcess("--db", f"sqlite:///{folder}/tables.sqlite3", *LIMITS)]
    if setup == "postgres":
        return [ServerProcess("--db", db, *LIMITS)]
    count = 1 if setup == "cluster-1" else 2
    return [ServerProcess("--db", db, "--redis", redis, *LIMITS) for _ in range(count)]


def measure(
    setup: str, db: str, redis: str, folder: str, tables: int, duration: float
) -> dict[str, float]:
    with ExitStack() as stack:
        running = [server.start() for server in servers(setup, db, redis, folder)]
        for server in running:
            stack.callback(server.stop)
        for server in running:
            server.wait()
        load = os.getloadavg()[0]
        command = [sys.executable, "-m", "unoattack.web", "loadtest", "--tables", str(tables)]
        command += ["--duration", str(duration), "--json"]
        for server in running:
            assert server.process is not None
            command += ["--url", server.url, "--pid", str(server.process.pid)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{setup}: the load test failed: {done.stdout}{done.stderr}")
    report = json.loads(done.stdout)
    print(f"== {setup} (load average before: {load:.1f})\n{done.stdout}", flush=True)
    # CPU seconds per 1,000 actions are milliseconds per action.
    return {
        "rate": report["actions_per_second"],
        "p50": report["p50_ms"],
        "p99": report["p99_ms"],
        "cpu": report["server_cpu_per_1000"],
        "client": report["client_cpu_per_1000"],
        "load": load,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--setups", default=",".join(SETUPS))
    parser.add_argument(
        "--pg-setting",
        action="append",
        default=[],
        help="a PostgreSQL setting, e.g. synchronous_commit=off (default: PostgreSQL's own)",
    )
    args = parser.parse_args()
    chosen = args.setups.split(",")
    results: dict[str, list[dict[str, float]]] = {setup: [] for setup in chosen}
    with services.postgres(durable=True, settings=args.pg_setting) as db, services.redis() as redis:
        for _ in range(args.rounds):
            for setup in chosen:
                folder = tempfile.mkdtemp(prefix="unoattack-bench-")
                results[setup].append(measure(setup, db, redis, folder, args.tables, args.duration))
                shutil.rmtree(folder, ignore_errors=True)
    settings = ", ".join(args.pg_setting) or "defaults (fsync on)"
    rounds = f"median of {args.rounds} rounds"
    print(f"\n{args.tables} tables, {args.duration:g} s, {rounds}; PostgreSQL: {settings}")
    print(
        "| set-up | actions/s (each round) | p50 | p99 | CPU an action: servers, load test "
        "| load average |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for setup, runs in results.items():
        rate = statistics.median(r["rate"] for r in runs)
        rates = ", ".join(f"{r['rate']:.0f}" for r in runs)
        p50 = statistics.median(r["p50"] for r in runs)
        p99 = statistics.median(r["p99"] for r in runs)
        cpu = statistics.median(r["cpu"] for r in runs)
        client = statistics.median(r["client"] for r in runs)
        loads = ", ".join(f"{r['load']:.1f}" for r in runs)
        print(
            f"| {setup} | {rate:.0f} ({rates}) | {p50:.0f} ms | {p99:.0f} ms "
            f"| {cpu:.2f} ms, {client:.2f} ms | {loads} |"
        )


if __name__ == "__main__":
    main()
