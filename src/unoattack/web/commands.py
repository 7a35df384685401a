"""The web front-end's commands: ``unoattack serve`` and ``unoattack loadtest``.

``register(app)`` adds them to the main Typer app (src/unoattack/cli.py calls it).
"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import logging
import sys
from collections.abc import Callable
from typing import Annotated

import typer

from unoattack.cli_support import OneLineErrors

#: ``unoattack loadtest --help``: a one-line summary for the command list, then the
#: report, as one paragraph (a docstring's line breaks would show in the help).
LOADTEST_HELP = (
    "Play bot tables through real WebSockets against a running server and time it.\n\n"
    "Prints actions per second, the p50/p95/p99 latency from an action to its update, "
    "and the CPU seconds per 1,000 actions of the server (with --pid) and of the load test."
)

#: The server process's garbage-collector thresholds (see :func:`serve`).
SERVER_GC_THRESHOLDS = (10_000, 10, 10)


def register(app: typer.Typer) -> None:
    """Add ``serve`` and ``loadtest`` to ``app``."""
    app.command(cls=OneLineErrors)(serve)
    app.command(cls=OneLineErrors, help=LOADTEST_HELP)(loadtest)


def serve(
    host: Annotated[
        str, typer.Option(help="address to listen on (0.0.0.0: phones on your network)")
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option(help="port to listen on", min=0, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="database URL (default: SQLite in your data directory; "
            "postgresql+psycopg://user:pw@host/db for PostgreSQL)"
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="seconds a bot waits before it acts", min=0, max=30)
    ] = 0.8,
    hand_pause: Annotated[
        float,
        typer.Option(
            help="seconds a table with people pauses between hands at most "
            "(the next hand starts when every player is ready)",
            min=0,
        ),
    ] = 120,
    bot_hand_pause: Annotated[
        float,
        typer.Option(help="seconds a table of bots only pauses between hands", min=0),
    ] = 5,
    uno_grace_ms: Annotated[
        int,
        typer.Option(help="ms a catch is held so the caught player's UNO can beat lag", min=0),
    ] = 300,
    rate: Annotated[float, typer.Option(help="messages per second per connection", min=1)] = 15,
    public_url: Annotated[
        str | None, typer.Option(help="base of invite links, e.g. http://192.168.1.20:8000")
    ] = None,
    allow_seed: Annotated[
        bool,
        typer.Option(help="let tables choose their seed or a scripted launcher (tests, tutorials)"),
    ] = False,
    creates_per_minute: Annotated[
        float, typer.Option(help="tables one address may create per minute", min=1)
    ] = 20,
    joins_per_minute: Annotated[
        float, typer.Option(help="seats one address may take per minute", min=1)
    ] = 60,
    archive_after: Annotated[
        float,
        typer.Option(
            help="seconds a table may sit idle before it leaves memory (kept in the database)",
            min=1,
        ),
    ] = 3600,
    compress: Annotated[
        bool, typer.Option(help="compress WebSocket messages (permessage-deflate): for slow links")
    ] = False,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0): run as one of several processes sharing "
            "--db (PostgreSQL) behind a load balancer"
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            help="with --redis: seconds a table stays with a process that stops renewing it",
            min=0.5,
        ),
    ] = 5.0,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
) -> None:
    """Serve UNO Attack! in the browser: create a table, share the link, play."""
    try:
        import segno
        import uvicorn

        from unoattack.web import address
        from unoattack.web.app import create_app
        from unoattack.web.manager import Settings
        from unoattack.web.store import Store, default_url
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        typer.echo(
            f"error: the web server needs its extra: pip install 'unoattack[web]' ({exc})",
            err=True,
        )
        raise typer.Exit(2) from None
    if redis and importlib.util.find_spec("redis") is None:
        typer.echo("error: --redis needs redis-py: pip install 'unoattack[web]'", err=True)
        raise typer.Exit(2)
    problem = address.listen_problem(host, port) or (redis_problem(redis) if redis else None)
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    url = db or default_url()
    if redis and url.startswith("sqlite"):
        typer.echo(
            "warning: processes share a SQLite file only on one machine; "
            "use --db postgresql://… for several machines",
            err=True,
        )
    try:
        store = Store(url)
    except Exception as exc:
        typer.echo(f"error: cannot open the database {url}: {exc}", err=True)
        raise typer.Exit(2) from None
    lan = address.lan_address()
    settings = Settings(
        db_url=url,
        redis_url=redis,
        lease_seconds=lease,
        bot_delay=bot_delay,
        hand_pause=hand_pause,
        bot_hand_pause=bot_hand_pause,
        uno_grace=uno_grace_ms / 1000,
        rate=rate,
        burst=max(30, int(rate * 2)),
        allow_seed=allow_seed,
        public_url=public_url.rstrip("/") if public_url else None,
        creates_per_minute=creates_per_minute,
        joins_per_minute=joins_per_minute,
        archive_after=archive_after,
        lan_url=address.lan_url(host, port, public_url, lan),
    )
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    shown = address.home_url(host, port, public_url, lan)
    typer.echo(f"UNO Attack! tables are stored in {url}")
    typer.echo(f"Open {shown} and share the table's link.")
    warning = address.reach_warning(host, public_url, lan)
    if warning:
        typer.echo(f"warning: {warning}", err=True)
    else:
        # A phone's camera opens the page from the terminal.
        typer.echo(f"Or scan this with a phone on the same network to open {shown}:")
        segno.make(shown, error="l").terminal(out=sys.stdout, compact=True)
    # Every WebSocket keeps a few hundred objects alive for its whole match, so with
    # Python's thresholds (700, 10, 10) the cyclic collector ran a full collection every
    # 2-3 s under load, each 130-170 ms at 200 tables: the tail of every action's
    # latency. Younger collections 14 times rarer let short-lived objects die before
    # they are promoted, and no full collection ran in 25 s (docs/web.md, "Garbage").
    gc.set_threshold(*SERVER_GC_THRESHOLDS)
    uvicorn.run(
        create_app(settings, store),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=compress,
    )


def redis_problem(url: str) -> str | None:
    """Why ``--redis url`` cannot be used, in one line, or None: a URL redis-py cannot
    read, or a server that does not answer a PING within a few seconds. Asked before the
    server starts, where the same faults were a traceback from the app's startup."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    except ValueError as exc:
        return f"--redis {url!r} is not a Redis URL: {exc}"
    try:
        client.ping()
    except redis.RedisError as exc:
        return f"cannot reach Redis at {url}: {exc}"
    finally:
        client.close()
    return None


def loadtest(
    tables: Annotated[int, typer.Option(help="tables played at once", min=1, max=5000)] = 50,
    duration: Annotated[float, typer.Option(help="seconds to play", min=1)] = 30,
    url: Annotated[
        list[str] | None,
        typer.Option(
            help="the server (default http://127.0.0.1:8000); give it again for each process "
            "of a cluster: tables and seats are spread over them"
        ),
    ] = None,
    players: Annotated[int, typer.Option(help="seats per table", min=2, max=10)] = 4,
    edition: Annotated[str, typer.Option(help="2003, 2010 or mega-hit")] = "2003",
    launcher: Annotated[str, typer.Option(help="launcher spec")] = "hazard",
    rate: Annotated[
        float | None,
        typer.Option(
            help="pace the actions at this many a second, all tables together "
            "(default: each table acts as soon as its last action is acknowledged)",
            min=1,
        ),
    ] = None,
    pid: Annotated[
        list[int] | None,
        typer.Option(
            help="the server's process id (same Linux machine; again for each process): "
            "report its CPU seconds per 1,000 actions"
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print the report as one JSON object")
    ] = False,
) -> None:
    """Play bot tables through real WebSockets against a running server and time it
    (:data:`LOADTEST_HELP`)."""
    try:
        import httpx

        from unoattack.web.loadtest import process_cpu_seconds, run
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        typer.echo(
            f"error: the load test needs the web extra: pip install 'unoattack[web]' ({exc})",
            err=True,
        )
        raise typer.Exit(2) from None

    urls = url or ["http://127.0.0.1:8000"]
    where = " ".join(urls)
    if not as_json:
        typer.echo(
            f"loadtest: {tables} tables x {players} seats for {duration:g} s against {where}"
        )
    for number in pid or []:
        try:
            process_cpu_seconds(number)
        except OSError as exc:
            typer.echo(f"error: cannot read the CPU time of process {number}: {exc}", err=True)
            raise typer.Exit(2) from None
    try:
        # The load test holds hundreds of sockets too: its own full collections would
        # show in the latencies it measures (see serve).
        gc.set_threshold(*SERVER_GC_THRESHOLDS)
        with asyncio.Runner(loop_factory=_fast_loop()) as runner:
            report = runner.run(
                run(urls, tables, duration, players, edition, launcher, rate=rate, pids=pid)
            )
    except (OSError, httpx.TransportError) as exc:
        typer.echo(f"error: cannot reach {where}: {exc}", err=True)
        raise typer.Exit(2) from None
    except Exception as exc:
        typer.echo(f"error: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(1) from None
    if as_json:
        typer.echo(report.to_json())
        return
    for line in report.lines():
        typer.echo(line)


def _fast_loop() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (uvicorn's ``standard`` extra brings it,
    and the server runs on it): the load test then spends less of the machine."""
    try:
        import uvloop
    except ImportError:  # Windows, or a bare install of uvicorn
        return None
    return uvloop.new_event_loop
