"""``serve`` and ``loadtest`` as commands of a Typer app (``register``)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("fastapi")

import typer
from typer.testing import CliRunner

from unoattack.web.commands import register
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread

runner = CliRunner()


def make_app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_register_adds_serve_and_loadtest() -> None:
    app = make_app()
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "serve" in result.stdout and "loadtest" in result.stdout
    serve = runner.invoke(app, ["serve", "--help"])
    assert serve.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay", "--uno-grace-ms"):
        assert option in serve.stdout
    loadtest = runner.invoke(app, ["loadtest", "--help"])
    assert "--tables" in loadtest.stdout and "--duration" in loadtest.stdout


def test_serve_refuses_a_database_it_cannot_open() -> None:
    result = runner.invoke(make_app(), ["serve", "--db", "nosuchdialect://x"])
    assert result.exit_code == 2
    assert "cannot open the database" in result.stderr


def test_loadtest_plays_tables_and_prints_rate_and_latency() -> None:
    settings = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0, rate=1000, burst=1000)
    with ServerThread(settings) as server:
        result = runner.invoke(
            make_app(),
            ["loadtest", "--tables", "3", "--duration", "2", "--url", server.url, "--players", "3"],
        )
    assert result.exit_code == 0, result.stdout + result.stderr
    out = result.stdout
    assert "loadtest: 3 tables x 3 seats for 2 s" in out
    actions = re.search(r"actions: (\d+) in [\d.]+ s = (\d+) actions/s", out)
    assert actions is not None and int(actions.group(1)) > 0
    assert re.search(r"latency action -> update: p50 [\d.]+ ms, p99 [\d.]+ ms", out)
    assert "errors: none" in out


def test_loadtest_says_when_it_cannot_reach_the_server() -> None:
    result = runner.invoke(
        make_app(), ["loadtest", "--tables", "1", "--duration", "1", "--url", "http://127.0.0.1:9"]
    )
    assert result.exit_code == 2 and "cannot reach" in result.stderr
