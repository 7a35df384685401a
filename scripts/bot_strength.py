#!/usr/bin/env python3
"""Measure the bots' strength and write it into docs/bots.md.

Two tables, each from seat-rotated tournaments on common deals (``unoattack
tournament --unit hands``: every deal is played once per rotation of the seats, so each
bot meets the same cards and the same launcher from every seat), hands won with 95%
Wilson intervals:

* **targets**: per edition, ISMCTS hard heads-up against the heuristic bot, and one
  ISMCTS hard at a four-seat table against three heuristic bots;
* **ladder**: every pair of ``random``, ``heuristic`` and the three ISMCTS levels
  heads-up (one edition), with head-to-head win rates and OpenSkill PlackettLuce
  ratings over all of those hands.

A third command, **combine**, sums runs of ``unoattack tournament --json`` that differ
only in their seed (long lines are played as many such runs, side by side) into one
line per entry: hands won of hands played, with the 95% Wilson interval of the sum.

A fourth, **line**, plays such a long line at the hard level itself: one ISMCTS hard
against the heuristic bot heads-up, or among three of them at four seats, 200 hands a
run (``--deals`` deals a run, every rotation of the seats), a run per seed, one run at
a time on each core named by ``--cores``, each pinned to its core (the search thinks by
the clock: two runs on one core would each think half as much). Each run is kept in
docs/runs/ as ``heads-EDITION-hard-SEED.json`` or ``four-EDITION-hard-SEED.json`` (its
``--json`` without the per-hand rows), the file written only once the run has ended; a
seed whose file is there already is not played again, so a line stopped part way goes
on from where it was. At the end it prints the line's sum (**combine** of its files).

Usage::

    python scripts/bot_strength.py targets [--deals 1000] [--jobs N] [--write]
    python scripts/bot_strength.py ladder [--deals 100] [--edition 2003] [--jobs N] [--write]
    python scripts/bot_strength.py combine RUN.json [RUN.json ...]
    python scripts/bot_strength.py line --edition 2003 --players 2 [--seeds 100-109] [--cores 0,1]

``--deals`` sets the size of every line: a line plays ``2 x deals`` hands (heads-up:
``deals`` deals in two rotations; four seats: ``deals / 2`` deals in four). A search
bot thinks by the clock, so its results depend on the machine: each table says which
machine and how long the run took. ``--write`` replaces the table's section in
docs/bots.md (between ``<!-- NAME -->`` markers); otherwise the markdown is printed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from unoattack.bots import make_bot
from unoattack.engine.movegen import COMPILED
from unoattack.sim.backends import cpu_count
from unoattack.sim.simulate import GameRow, simulate
from unoattack.sim.stats import proportion
from unoattack.sim.tournament import TournamentConfig

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "bots.md"
SEED = 12
EDITIONS = ("2003", "2010", "mega-hit")
LADDER = ("random", "heuristic", "ismcts-easy", "ismcts-normal", "ismcts-hard")
SEARCHER = "ismcts-hard"


def percent(p: dict[str, Any]) -> str:
    return f"{p['rate']:.1%} [{p['low']:.1%}, {p['high']:.1%}]"


def play(config: TournamentConfig, jobs: int) -> list[GameRow]:
    """Every game of the tournament ``config``, in game order."""
    rows: list[GameRow] = []
    simulate(config.sim_config(), jobs=jobs, on_rows=rows.extend)
    return rows


def wins_of(rows: list[GameRow], label: str) -> int:
    return sum(1 for row in rows for seat in row.winners if row.bots[seat] == label)


def machine(started: float, jobs: int) -> str:
    # The search thinks by the clock, and the compiled build searches about twice the
    # iterations a second of the sources (docs/engine.md): a table says which it ran on.
    build = "the compiled build" if COMPILED else "the sources"
    return (
        f"{platform.python_implementation()} {platform.python_version()}, {build}, "
        f"{platform.machine()}, {jobs} processes on {cpu_count()} cores, "
        f"{time.monotonic() - started:,.0f} s"
    )


def targets(deals: int, jobs: int) -> str:
    started = time.monotonic()
    lines = [
        "| edition | table | hands | ISMCTS hard won | target | command |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for edition in EDITIONS:
        for players, bots, target in (
            (2, (SEARCHER, "heuristic"), 0.60),
            (4, (SEARCHER, "heuristic", "heuristic", "heuristic"), 0.35),
        ):
            # Both lines play 2 x deals hands: a deal is played once per seat rotation.
            config = TournamentConfig(
                bots,
                players=players,
                games=2 * deals // players,
                seed=SEED,
                edition=edition,
                unit="hands",
            )
            rows = play(config, jobs)
            won = proportion(wins_of(rows, SEARCHER), len(rows))
            met = "met" if won["low"] >= target else "**not met**"
            table = "heads-up" if players == 2 else "1 of 4 (three heuristic)"
            lines.append(
                f"| {edition} | {table} | {len(rows):,} | {percent(won)} | "
                f"{target:.0%}: {met} | `{config.command()}` |"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    command = f"python scripts/bot_strength.py targets --deals {deals}"
    lines += ["", f"Run: `{command}` ({machine(started, jobs)})."]
    return "\n".join(lines)


def ladder(deals: int, edition: str, jobs: int) -> str:
    started = time.monotonic()
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in LADDER}
    head_to_head: dict[tuple[str, str], dict[str, Any]] = {}
    commands = []
    for first, second in itertools.combinations(LADDER, 2):
        config = TournamentConfig(
            (first, second), players=2, games=deals, seed=SEED, edition=edition, unit="hands"
        )
        commands.append(config.command())
        rows = play(config, jobs)
        won = wins_of(rows, first)
        head_to_head[first, second] = proportion(won, len(rows))
        head_to_head[second, first] = proportion(len(rows) - won, len(rows))
        for row in rows:  # in game order: the ratings do not depend on the processes
            names = list(row.bots)
            ranks = [1 if seat in row.winners else 2 for seat in range(len(names))]
            rated = model.rate([[ratings[name]] for name in names], ranks=ranks)
            for name, team in zip(names, rated, strict=True):
                ratings[name] = team[0]
        print(f"{first} - {second}: {percent(head_to_head[first, second])}", file=sys.stderr)
    order = sorted(LADDER, key=lambda name: -(ratings[name].mu - 3 * ratings[name].sigma))
    lines = [
        "| bot | OpenSkill mu | sigma | ordinal | " + " | ".join(f"vs {n}" for n in order) + " |",
        "| --- | --- | --- | --- | " + " | ".join("---" for _ in order) + " |",
    ]
    for name in order:
        r = ratings[name]
        cells = ["—" if other == name else percent(head_to_head[name, other]) for other in order]
        lines.append(
            f"| {name} | {r.mu:.2f} | {r.sigma:.2f} | {r.mu - 3 * r.sigma:.2f} | "
            + " | ".join(cells)
            + " |"
        )
    lines += [
        "",
        f"Edition {edition}, heads-up, {2 * deals:,} hands a pair (cells: the row's share "
        "of the hands won against the column, 95% Wilson interval).",
        f"Run: `python scripts/bot_strength.py ladder --deals {deals} --edition {edition}` "
        f"({machine(started, jobs)}); each pair is `{commands[0]}` with its two bots.",
    ]
    return "\n".join(lines)


def combine(paths: list[str]) -> str:
    """One line per entry of the tournaments in ``paths`` (JSON of ``unoattack tournament
    --json``), their wins and trials summed. The runs must differ in their seed alone,
    each seed once: otherwise the sum would mix tables or count deals twice."""
    runs = []
    for path in paths:
        try:
            run = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SystemExit(f"error: {path}: not a tournament's JSON ({exc})") from None
        if not isinstance(run, dict) or run.get("format") != "unoattack-tournament/1":
            raise SystemExit(f"error: {path}: not a tournament's JSON (no unoattack-tournament/1)")
        runs.append((path, run))
    first_path, first = runs[0]
    table = {key: value for key, value in first["config"].items() if key != "seed"}
    seeds: dict[int, str] = {}
    for path, run in runs:
        config = {key: value for key, value in run["config"].items() if key != "seed"}
        if config != table:
            keys = table.keys() | config.keys()
            differ = sorted(key for key in keys if table.get(key) != config.get(key))
            raise SystemExit(
                f"error: {path} and {first_path} differ in more than the seed: {', '.join(differ)}"
            )
        seed = run["config"]["seed"]
        if seed in seeds:
            raise SystemExit(f"error: {path} and {seeds[seed]} are both seed {seed}")
        seeds[seed] = path
    totals: dict[str, list[int]] = {}
    for _, run in runs:
        for entry in run["entries"]:
            wins, trials = totals.setdefault(entry["entry"], [0, 0])
            totals[entry["entry"]] = [wins + entry["wins"], trials + entry["trials"]]
    seed_list = ", ".join(str(seed) for seed in sorted(seeds))
    lines = [
        f"{len(runs)} runs (seeds {seed_list}): {', '.join(table['bots'])}, "
        f"edition {table['edition']}, {table['players']} players, {table['unit']}",
        "",
        "| entry | won | of | rate [95% Wilson interval] |",
        "| --- | --- | --- | --- |",
    ]
    for name, (wins, trials) in totals.items():
        won = proportion(wins, trials)
        lines.append(f"| {name} | {wins:,} | {trials:,} | {percent(won)} |")
    return "\n".join(lines)


def seed_list(text: str) -> list[int]:
    """``100-109`` or ``100,102,104`` (or both: ``100-103,108``) as seeds, in order."""
    seeds: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise SystemExit(f"error: --seeds {text!r}: give seeds as 100-109 or 100,102") from None
        if high < low:
            raise SystemExit(f"error: --seeds {text!r}: {part} runs backwards")
        seeds += [seed for seed in range(low, high + 1) if seed not in seeds]
    return seeds


def line_stem(edition: str, players: int) -> str:
    """The name of a hard-level line's runs in docs/runs/, without ``-SEED.json``."""
    return f"{'heads' if players == 2 else 'four'}-{edition}-hard"


#: A tournament in a child process pinned to the core given first (pinned by the child
#: itself: ``preexec_fn`` is not safe in a process that runs threads).
PINNED = (
    "import os, runpy, sys; os.sched_setaffinity(0, {int(sys.argv[1])}); "
    "sys.argv = ['unoattack', *sys.argv[2:]]; runpy.run_module('unoattack', run_name='__main__')"
)


def line(
    edition: str,
    players: int,
    seeds: list[int],
    cores: list[int],
    deals: int,
    out: Path,
    bot: str = SEARCHER,
) -> str:
    """Play the runs of a hard-level line that ``out`` lacks (see the module's
    docstring) and return the sum of all of the line's runs in ``out``. ``bot``: the
    searcher, the hard level (a test gives a quicker bot)."""
    available = os.sched_getaffinity(0)
    for core in cores:
        if core not in available:
            raise SystemExit(f"error: --cores: core {core} is not one this process may use")
    bots = (bot, *("heuristic",) * (players - 1))
    stem = line_stem(edition, players)
    # The children import what this process imports: the hard level thinks by the clock,
    # and the compiled build searches about twice the iterations in that time.
    build = "compiled" if COMPILED else "from the sources (the compiled build searches more)"
    on = ", ".join(str(core) for core in cores)
    print(f"{stem}: {len(seeds)} seeds, a run at a time on core {on}, {build}", file=sys.stderr)
    out.mkdir(parents=True, exist_ok=True)
    todo: queue.SimpleQueue[int] = queue.SimpleQueue()
    for seed in seeds:
        if (out / f"{stem}-{seed}.json").exists():
            print(f"seed {seed}: kept already, not played again", file=sys.stderr)
        else:
            todo.put(seed)
    failures: list[str] = []  # a run that fails stops the line: no new run starts

    def work(core: int) -> None:
        while not failures:
            try:
                seed = todo.get_nowait()
            except queue.Empty:
                return
            config = TournamentConfig(
                bots, players=players, games=deals, seed=seed, edition=edition, unit="hands"
            )
            args = shlex.split(config.command())[1:]  # without "unoattack"
            started = time.monotonic()
            done = subprocess.run(
                [sys.executable, "-c", PINNED, str(core), *args, "--jobs", "1", "--json"],
                capture_output=True,
                text=True,
                check=False,
            )
            seconds = time.monotonic() - started
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no message"])[-1]
                failures.append(f"seed {seed}: exit {done.returncode}: {last}")
                continue
            run = json.loads(done.stdout)
            run.pop("games", None)  # the per-hand rows: the entries and summary stay
            path = out / f"{stem}-{seed}.json"
            part = path.with_suffix(".part")
            part.write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
            part.replace(path)  # whole, or not at all
            entry = next(e for e in run["entries"] if e["entry"] == bot)
            print(
                f"seed {seed}: {entry['wins']} of {entry['trials']} hands "
                f"(core {core}, {seconds:,.0f} s) -> {path}",
                file=sys.stderr,
                flush=True,
            )

    # Daemon threads: on Ctrl-C the children (in the terminal's process group) stop, and
    # so does the line, with no thread left to start the next run.
    threads = [threading.Thread(target=work, args=(core,), daemon=True) for core in cores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit("error: " + "; ".join(failures))
    kept = sorted(out.glob(f"{stem}-*.json"))
    if not kept:
        raise SystemExit(f"error: no run of the line in {out}")
    return combine([str(path) for path in kept])


def write(section: str, text: str) -> None:
    doc = DOC.read_text(encoding="utf-8")
    pattern = re.compile(rf"(<!-- {section} -->\n).*?(<!-- /{section} -->)", re.S)
    if not pattern.search(doc):
        raise SystemExit(f"{DOC} has no <!-- {section} --> section")
    DOC.write_text(
        pattern.sub(lambda m: m.group(1) + text + "\n" + m.group(2), doc), encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", choices=("targets", "ladder", "combine", "line"))
    parser.add_argument("runs", nargs="*", help="combine: tournament JSON files")
    parser.add_argument(
        "--deals", type=int, help="deals per line (default 1000 / 100); line: per run (200 hands)"
    )
    parser.add_argument(
        "--edition", default="2003", choices=EDITIONS, help="for the ladder and a line"
    )
    parser.add_argument("--players", type=int, choices=(2, 4), default=2, help="line: table")
    parser.add_argument("--seeds", default="100-109", help="line: a run per seed")
    parser.add_argument("--cores", default="0,1", help="line: a run at a time on each")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "runs", help="line: runs")
    parser.add_argument(
        "--bot",
        default=SEARCHER,
        help=f"line: the searcher (default {SEARCHER}; an option under trial at the hard "
        "level's time, e.g. ismcts:time=0.5:aimtree, with --out elsewhere)",
    )
    parser.add_argument("--jobs", type=int, default=cpu_count())
    parser.add_argument("--write", action="store_true", help="update docs/bots.md")
    args = parser.parse_args(argv)
    if args.table == "combine":
        if not args.runs:
            parser.error("combine needs one tournament JSON file or more")
        print(combine(args.runs))
        return
    if args.runs:
        parser.error(f"{args.table} takes no files")
    if args.table == "line":
        try:
            cores = [int(core) for core in args.cores.split(",")]
        except ValueError:
            parser.error(f"--cores {args.cores!r}: give core numbers, as 0,1")
        deals = args.deals or 200 // args.players
        try:
            make_bot(args.bot, random.Random(0))
        except ValueError as exc:
            parser.error(f"--bot: {exc}")
        print(
            line(
                args.edition, args.players, seed_list(args.seeds), cores, deals, args.out, args.bot
            )
        )
        return
    if args.table == "targets":
        text = targets(args.deals or 1000, args.jobs)
    else:
        text = ladder(args.deals or 100, args.edition, args.jobs)
    if args.write:
        write(args.table, text)
    else:
        print(text)


if __name__ == "__main__":
    main()
