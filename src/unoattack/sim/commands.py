"""The ``simulate``, ``tournament`` and ``bench`` commands, added to the main Typer app by
:func:`register`. Bad input gives a one-line ``error: ...`` on stderr and exit code 2,
never a traceback, for our own checks and for the option parser's alike.
"""

from __future__ import annotations

import contextlib
import csv
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from unoattack.cli_support import OneLineErrors, fail
from unoattack.sim.backends import BACKENDS, BackendError, cpu_count, ray_available
from unoattack.sim.simulate import (
    CSV_HEADER,
    UNITS,
    GameRow,
    RunStats,
    SimConfig,
    SimError,
    simulate,
)
from unoattack.sim.stats import peak_rss_kb


def parse_options(pairs: list[str]) -> tuple[tuple[str, str], ...]:
    """``--option key=value`` pairs; the engine checks keys and values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"--option {pair!r}: write key=value (see 'unoattack editions')")
        options[key.strip()] = value.strip()
    return tuple(options.items())


def parse_bots(text: str) -> tuple[str, ...]:
    bots = tuple(name.strip().lower() for name in text.split(","))
    if not text.strip() or any(not name for name in bots):
        fail(f"--bots {text!r}: give bot names separated by commas, e.g. random,heuristic")
    return bots


def check_output(path: Path | None, option: str) -> None:
    if path is not None and not path.parent.is_dir():
        fail(f"{option} {path}: directory {path.parent} does not exist")


def check_plot(path: Path | None) -> None:
    check_output(path, "--plot")
    if path is None:
        return
    try:
        from unoattack.sim.plots import supported_formats

        formats = supported_formats()
    except ImportError as exc:
        fail(f"--plot: {exc}")
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in formats:
        fail(f"--plot {path}: unknown image format {suffix!r}; use .png, .svg or .pdf")


def resolve_jobs(jobs: int | None, backend: str, address: str | None) -> int:
    if backend not in BACKENDS:
        fail(f"--backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        fail("--address needs --backend ray")
    if backend == "ray":
        problem = ray_available()
        if problem is not None:
            fail(f"--backend ray: {problem}")
    if jobs is None or jobs == 0:
        return cpu_count()
    if jobs < 0:
        fail(f"--jobs must be at least 1 (0: every core), got {jobs}")
    return jobs


@contextlib.contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr (only when stderr is a terminal)."""
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
    except ImportError:  # pragma: no cover - rich comes with Typer
        yield lambda done: None
        return
    console = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(
        *columns, console=console, transient=True, disable=not console.is_terminal
    ) as progress:
        task = progress.add_task(label, total=total)
        yield lambda done: progress.advance(task, done)


def where(backend: str, jobs: int) -> str:
    if backend == "ray":
        return f"Ray ({jobs} job{'s' if jobs > 1 else ''})"
    return "1 process" if jobs == 1 else f"{jobs} processes"


def run_info(
    command: str,
    backend: str,
    jobs: int,
    seconds: float,
    games: int,
    decisions: int,
    stats: RunStats,
) -> dict[str, Any]:
    """How the run went (not part of the results: it varies from run to run).

    ``peak_rss_kb``: ``main``, this process's peak memory; ``largest_worker``, the
    largest peak of a process that played games (this one when ``jobs`` is 1).
    """
    return {
        "backend": backend,
        "jobs": jobs,
        "seconds": seconds,
        "games_per_second": games / seconds if seconds else None,
        "decisions_per_second": decisions / seconds if seconds else None,
        "chunks": stats.chunks,
        "peak_rss_kb": {"main": peak_rss_kb(), "largest_worker": stats.worker_peak_rss_kb},
        "command": command,
    }


Edition = Annotated[str, typer.Option(help="2003, 2010, mega-hit or an edition .toml file")]
Players = Annotated[int, typer.Option(help="seats at the table, 2 to 10")]
Seed = Annotated[int, typer.Option(help="the run's seed: game i is dealt from (seed, i)")]
Launcher = Annotated[
    str, typer.Option(help="launcher model: hazard, schedule, memoryless, draw-one, scripted:...")
]
OptionPairs = Annotated[
    list[str] | None, typer.Option("--option", help="house rule key=value (repeatable)")
]
Unit = Annotated[str, typer.Option(help="matches (to the end) or hands (the first hand only)")]
Jobs = Annotated[
    int | None, typer.Option(help="worker processes or Ray tasks in flight (default: every core)")
]
Backend = Annotated[str, typer.Option(help="local (processes) or ray")]
Address = Annotated[
    str | None, typer.Option(help="Ray cluster address (default: start a local Ray)")
]
AsJson = Annotated[bool, typer.Option("--json", help="print one JSON object instead")]


def simulate_command(
    edition: Edition = "2003",
    players: Players = 4,
    games: Annotated[int, typer.Option(help="matches (or hands) to play")] = 200,
    seed: Seed = 0,
    bots: Annotated[
        str,
        typer.Option(
            help="bots by seat, cycled: random, family, heuristic, ismcts-easy, ismcts-normal, "
            "ismcts-hard, ismcts:iters=N (e.g. random,heuristic)"
        ),
    ] = "random",
    launcher: Launcher = "hazard",
    option: OptionPairs = None,
    unit: Unit = "matches",
    jobs: Jobs = None,
    backend: Backend = "local",
    address: Address = None,
    as_json: AsJson = False,
    csv_file: Annotated[
        Path | None, typer.Option("--csv", help="also write one row per game to this file")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option(help="save the figures to this image (.png, .svg, .pdf)")
    ] = None,
    report: Annotated[Path | None, typer.Option(help="write an HTML report here")] = None,
) -> None:
    """Play many matches (or hands) between bots and summarise them."""
    if unit not in UNITS:
        fail(f"--unit {unit!r}: choose one of {', '.join(UNITS)}")
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    config = SimConfig(
        edition=edition,
        players=players,
        games=games,
        seed=seed,
        bots=parse_bots(bots),
        launcher=launcher,
        options=parse_options(option or []),
        unit=unit,
    )
    try:
        config = config.validate()
    except SimError as exc:
        fail(str(exc))
    n_jobs = resolve_jobs(jobs, backend, address)
    check_plot(plot)
    check_output(csv_file, "--csv")
    check_output(report, "--report")
    if report is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail("--report needs matplotlib: pip install 'unoattack[sim]'")

    with contextlib.ExitStack() as stack:
        on_rows = None
        if csv_file is not None:
            try:
                handle = stack.enter_context(csv_file.open("w", newline="", encoding="utf-8"))
            except OSError as exc:
                fail(f"cannot write {csv_file}: {exc.strerror}")
            writer = csv.writer(handle)
            writer.writerow(CSV_HEADER)

            def on_rows(rows: list[GameRow]) -> None:
                writer.writerows(row.csv_fields() for row in rows)

        started = time.perf_counter()
        stats = RunStats()
        with progress_bar(config.total, f"{config.unit}") as advance:
            try:
                summary = simulate(
                    config,
                    jobs=n_jobs,
                    backend=backend,
                    address=address,
                    on_progress=advance,
                    on_rows=on_rows,
                    stats=stats,
                )
            except (SimError, BackendError) as exc:  # SimError: a game that cannot end
                fail(str(exc))
        seconds = time.perf_counter() - started
    data = summary.to_dict(config)
    data["run"] = run_info(
        config.command(), backend, n_jobs, seconds, summary.games, summary.decisions, stats
    )
    _write_figures(data, plot, report)
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    from unoattack.sim.report import summary_text

    typer.echo(summary_text(data))
    run = data["run"]
    rss = run["peak_rss_kb"]
    memory = f"peak memory {rss['main'] / 1024:.0f} MiB"
    if n_jobs > 1 or backend == "ray":
        memory += f" (main process), {rss['largest_worker'] / 1024:.0f} MiB (largest worker)"
    typer.echo(
        f"\n{seconds:.1f} s on {where(backend, n_jobs)} "
        f"({run['games_per_second']:,.1f} {config.unit}/s, "
        f"{run['decisions_per_second']:,.0f} decisions/s); {memory}"
    )
    for path in (csv_file, plot, report):
        if path is not None:
            typer.echo(f"wrote {path}")


def _write_figures(data: dict[str, Any], plot: Path | None, report: Path | None) -> None:
    if plot is None and report is None:
        return
    from unoattack.sim import plots
    from unoattack.sim.report import html_report

    try:
        if plot is not None:
            plots.save(plots.summary_figure(data), plot)
        if report is not None:
            png = plots.save(plots.summary_figure(data))
            report.write_text(html_report(data, png, data["run"]["command"]), encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {exc.filename}: {exc.strerror}")


def tournament_command(
    bots: Annotated[
        str, typer.Option(help="the bots, comma-separated (cycled over the seats)")
    ] = "random,heuristic",
    players: Players = 2,
    games: Annotated[int, typer.Option(help="deals; each is played once per seat rotation")] = 100,
    seed: Seed = 0,
    edition: Edition = "2003",
    launcher: Launcher = "hazard",
    option: OptionPairs = None,
    unit: Unit = "matches",
    jobs: Jobs = None,
    backend: Backend = "local",
    address: Address = None,
    as_json: AsJson = False,
) -> None:
    """Rotate the bots through every seat on the same deals; rate them with OpenSkill."""
    from unoattack.sim.tournament import TournamentConfig, tournament

    if unit not in UNITS:
        fail(f"--unit {unit!r}: choose one of {', '.join(UNITS)}")
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    config = TournamentConfig(
        bots=parse_bots(bots),
        players=players,
        games=games,
        seed=seed,
        edition=edition,
        launcher=launcher,
        options=parse_options(option or []),
        unit=unit,
    )
    try:
        config.sim_config()
    except SimError as exc:
        fail(str(exc))
    n_jobs = resolve_jobs(jobs, backend, address)
    started = time.perf_counter()
    stats = RunStats()
    with progress_bar(games * players, f"{unit}") as advance:
        try:
            result = tournament(
                config,
                jobs=n_jobs,
                backend=backend,
                address=address,
                on_progress=advance,
                stats=stats,
            )
        except (SimError, BackendError) as exc:
            fail(str(exc))
    seconds = time.perf_counter() - started
    data = result.to_dict()
    data["run"] = run_info(
        config.command(),
        backend,
        n_jobs,
        seconds,
        result.summary.games,
        result.summary.decisions,
        stats,
    )
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    from unoattack.sim.report import tournament_text

    typer.echo(tournament_text(data))
    typer.echo(f"\n{seconds:.1f} s on {where(backend, n_jobs)}")


def bench_command(
    seconds: Annotated[float, typer.Option(help="timed play per engine and player count")] = 3.0,
    games: Annotated[
        int | None, typer.Option(help="play exactly this many games instead of a time budget")
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            help="split --seconds into this many turns of each engine and player count "
            "(default 3): more turns even out a machine whose speed drifts"
        ),
    ] = None,
    seed: Seed = 0,
    edition: Edition = "2003",
    launcher: Launcher = "hazard",
    events: Annotated[
        bool, typer.Option("--events", help="also play ours with events on, as front-ends do")
    ] = False,
    search: Annotated[
        bool,
        typer.Option(
            "--search", help="instead: ISMCTS iterations per second in one process, every edition"
        ),
    ] = False,
    envs: Annotated[
        bool,
        typer.Option(
            "--envs",
            help="instead: steps per second of our PettingZoo and Gymnasium environments "
            "beside RLCard's UNO environment",
        ),
    ] = False,
    as_json: AsJson = False,
) -> None:
    """Random self-play decisions per second: ours, RLCard's UNO, OpenSpiel's crazy_eights."""
    from unoattack.engine import Game
    from unoattack.sim.bench import DEFAULT_ROUNDS, LABELS, OTHERS, importable, run_bench

    if seconds <= 0:
        fail(f"--seconds must be positive, got {seconds}")
    # Each mode is a benchmark of its own: an option another mode reads would be ignored.
    if search and envs:
        fail("--search and --envs are two benchmarks: run them one at a time")
    if events and (search or envs):
        mode = "--search" if search else "--envs"
        fail(f"--events is for the engine's benchmark: drop it or {mode}")
    if search and games is not None:
        fail("--games is not for --search, which times every edition for --seconds")
    if rounds is not None:
        if search:
            fail("--rounds is not for --search, which times one table after another")
        if games is not None:
            fail("--rounds is for timed runs: --games plays its games in one round")
        if rounds < 1:
            fail(f"--rounds must be at least 1, got {rounds}")
    slices = DEFAULT_ROUNDS if rounds is None else rounds
    if search:
        _bench_search(seconds, seed, as_json)
        return
    if games is not None and games < 1:
        fail(f"--games must be at least 1, got {games}")
    try:
        Game.new(edition, players=2, seed=0, launcher=launcher, events=False)
    except ValueError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot read edition {edition!r}: {exc.strerror}")
    if envs:
        _bench_envs(seconds, games, slices, seed, edition, as_json)
        return

    if not as_json:
        for _key, module, label, _fn in OTHERS:
            problem = importable(module)
            if problem is not None:
                typer.echo(f"{label}: skipped: {problem}")

    def show(key: str, players: int, r: dict[str, Any]) -> None:
        if as_json:
            return
        extra = ""
        if "games_with_winner_share" in r:
            extra = f", games with a winner {r['games_with_winner_share']:.1%}"
        typer.echo(
            f"{LABELS[key]} {players}p: {r['decisions_per_second']:,.0f} decisions/s "
            f"({r['games']:,} games, {r['decisions_per_game']:,.1f} decisions a game, "
            f"forced {r['forced_decision_share']:.1%}{extra}; {r['seconds']:.2f} s timed)"
        )

    data = run_bench(
        seconds=seconds,
        games=games,
        rounds=slices,
        seed=seed,
        edition=edition,
        launcher=launcher,
        events=events,
        on_result=show,
    )
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    for key, ratios in data["ratios"].items():
        if ratios is not None:
            text = ", ".join(f"{n}p x{r:.2f}" for n, r in ratios.items())
            typer.echo(f"unoattack / {LABELS[key]}: {text}")
    if data["events_cost"] is not None:
        text = ", ".join(f"{n}p {c:.0%}" for n, c in data["events_cost"].items())
        typer.echo(f"events on cost: {text} of the speed")
    v = data["meta"]["versions"]
    typer.echo(
        f"python {v['python']}, unoattack {v['unoattack']}, rlcard {v['rlcard']}, "
        f"open_spiel {v['open_spiel']}"
    )


def _bench_envs(
    seconds: float, games: int | None, rounds: int, seed: int, edition: str, as_json: bool
) -> None:
    from unoattack.sim.bench import importable

    for module in ("pettingzoo", "gymnasium"):
        if importable(module) is not None:
            fail(f"--envs needs {module}: pip install 'unoattack[rl]'")
    from unoattack.sim.bench_envs import LABELS, run_bench_envs

    def show(key: str, players: int, r: dict[str, Any]) -> None:
        if as_json:
            return
        extra = ""
        if key == "gymnasium":
            extra = f", {r['decisions_per_second']:,.0f} decisions/s of all seats"
        elif key == "rlcard_uno":
            extra = f", {r['learner_steps_per_second']:,.0f} steps/s of seat 0"
        typer.echo(
            f"{LABELS[key]} {players}p: {r['steps_per_second']:,.0f} steps/s "
            f"({r['games']:,} episodes, {r['steps']:,} steps{extra}; {r['seconds']:.2f} s timed)"
        )

    data = run_bench_envs(
        seconds=seconds, games=games, rounds=rounds, seed=seed, edition=edition, on_result=show
    )
    if not as_json:
        for key, problem in data["skipped"].items():
            typer.echo(f"{LABELS[key]}: skipped: {problem}")
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    for key, ratios in data["ratios"].items():
        if ratios is not None:
            text = ", ".join(f"{n}p x{r:.2f}" for n, r in ratios.items())
            typer.echo(f"{LABELS[key]} / RLCard UNO steps: {text}")
    if data["learner_ratios"] is not None:
        text = ", ".join(f"{n}p x{r:.2f}" for n, r in data["learner_ratios"].items())
        typer.echo(f"{LABELS['gymnasium']} / RLCard UNO steps of seat 0 (one learner): {text}")


def _bench_search(seconds: float, seed: int, as_json: bool) -> None:
    from unoattack.sim.bench import bench_search

    def show(table: str, figures: dict[str, Any]) -> None:
        if not as_json:
            typer.echo(
                f"{table}: {figures['iterations_per_second']:,.0f} iterations/s "
                f"({figures['searches']} searches, {figures['seconds']:.1f} s)"
            )

    data = bench_search(seconds, seed, on_table=show)
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    typer.echo(
        f"ISMCTS, one process: {data['iterations_per_second']:,.0f} iterations/s; "
        + ", ".join(
            f"{level} {figures['seconds']} s = about {figures['iterations']:,} iterations"
            for level, figures in data["levels"].items()
        )
    )


def register(app: typer.Typer) -> None:
    """Add ``simulate``, ``tournament`` and ``bench`` to ``app``."""
    app.command(name="simulate", cls=OneLineErrors)(simulate_command)
    app.command(name="tournament", cls=OneLineErrors)(tournament_command)
    app.command(name="bench", cls=OneLineErrors)(bench_command)
