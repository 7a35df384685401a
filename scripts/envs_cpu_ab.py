#!/usr/bin/env python3
"""Steps per CPU second of the research environments, two source trees side by side.

``unoattack bench --envs`` times wall clock in one process; on a shared machine wall
clock swings with the load, and one process can hold one version of the code only.
This script compares two source trees (say the code before and after a change, e.g. a
``git worktree add --detach /tmp/before <commit>``) by CPU time: one long-lived worker
process per tree (RLCard's UNO runs in the second) that take turns slice by slice, each
slice the same seeded episodes for both trees, so that both see the same moments of the
machine's load. Each worker runs the harnesses of :mod:`unoattack.sim.bench_envs` with
their timer counting the process's CPU time (``time.process_time``).

Usage::

    python scripts/envs_cpu_ab.py BEFORE_SRC AFTER_SRC [--slices 10]

``BEFORE_SRC`` and ``AFTER_SRC`` are ``src`` directories (put on ``PYTHONPATH``). It
prints one JSON object: steps per CPU second for each tree, environment and player
count, RLCard's, and the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict

# Episodes per slice, so that every slice takes a fraction of a second: a random
# two-player match mostly runs to the turn cap (10,000 decisions).
EPISODES = {
    ("pettingzoo", 2): 1,
    ("pettingzoo", 4): 3,
    ("gymnasium", 2): 2,
    ("gymnasium", 4): 4,
    ("rlcard_uno", 2): 120,
    ("rlcard_uno", 4): 120,
}


def worker() -> None:
    """Read ``ENV PLAYERS SEED EPISODES`` lines; answer ``steps cpu_seconds`` for each."""
    time.perf_counter = time.process_time  # the harnesses' timer counts CPU time
    from unoattack.sim import bench_envs
    from unoattack.sim.bench import bench_rlcard_uno

    print("ready", flush=True)
    for line in sys.stdin:
        env, players, seed, episodes = line.split()
        n, first, games = int(players), int(seed), int(episodes)
        if env == "pettingzoo":
            result = bench_envs.bench_pettingzoo(n, 0.0, games, first)
        elif env == "gymnasium":
            result = bench_envs.bench_gymnasium(n, 0.0, games, first)
        else:
            result = bench_rlcard_uno(n, 0.0, games, first)
        steps = result["steps"] if env == "gymnasium" else result["decisions"]
        print(steps, result["seconds"], flush=True)


def spawn(src: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=src)
    process = subprocess.Popen(
        [sys.executable, __file__, "--worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        raise RuntimeError(f"the worker for {src} did not start")
    return process


def ask(process: subprocess.Popen[str], command: str) -> tuple[int, float]:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(command + "\n")
    process.stdin.flush()
    steps, seconds = process.stdout.readline().split()
    return int(steps), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", nargs="?")
    parser.add_argument("after", nargs="?")
    parser.add_argument("--slices", type=int, default=10)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.before is None or args.after is None:
        parser.error("give the two src directories")
    workers = {"before": spawn(args.before), "after": spawn(args.after)}
    totals: dict[tuple[str, str, int], list[float]] = defaultdict(lambda: [0, 0.0])
    for i in range(args.slices):
        for n in (2, 4):
            for env in ("pettingzoo", "gymnasium"):
                # Alternate who goes first, so that neither always follows the other.
                order = ("before", "after") if i % 2 == 0 else ("after", "before")
                for version in order:
                    command = f"{env} {n} {1000 * i} {EPISODES[env, n]}"
                    steps, seconds = ask(workers[version], command)
                    totals[version, env, n][0] += steps
                    totals[version, env, n][1] += seconds
            command = f"rlcard_uno {n} {1000 * i} {EPISODES['rlcard_uno', n]}"
            steps, seconds = ask(workers["after"], command)
            totals["rlcard", "rlcard_uno", n][0] += steps
            totals["rlcard", "rlcard_uno", n][1] += seconds
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    rates = {key: steps / seconds for key, (steps, seconds) in totals.items()}
    out: dict[str, object] = {
        f"{version} {env} {n}p": round(rate) for (version, env, n), rate in sorted(rates.items())
    }
    for env in ("pettingzoo", "gymnasium"):
        for n in (2, 4):
            after, before = rates["after", env, n], rates["before", env, n]
            reference = rates["rlcard", "rlcard_uno", n]
            out[f"{env} {n}p after/before"] = round(after / before, 2)
            out[f"{env} {n}p after/rlcard"] = round(after / reference, 2)
            out[f"{env} {n}p before/rlcard"] = round(before / reference, 2)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
