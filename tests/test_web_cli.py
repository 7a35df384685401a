"""``serve`` and ``loadtest`` as commands of a Typer app (``register``)."""

from __future__ import annotations

import json
import os
import re
import socket

import pytest

pytest.importorskip("fastapi")

import typer
from typer.testing import CliRunner

from unoattack.web import address
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
    result = runner.invoke(make_app(), ["serve", "--port", "0", "--db", "nosuchdialect://x"])
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
    assert re.search(r"latency action -> update: p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms", out)
    assert re.search(r"CPU s per 1000 actions: load test [\d.]+$", out, re.MULTILINE)
    assert "errors: none" in out


def test_loadtest_json_reports_the_servers_cpu_per_thousand_actions_at_a_paced_rate() -> None:
    # The server runs in this process: its CPU time is this process's.
    settings = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0, rate=1000, burst=1000)
    with ServerThread(settings) as server:
        args = ["loadtest", "--tables", "2", "--duration", "2", "--url", server.url]
        args += ["--players", "2", "--rate", "20", "--pid", str(os.getpid()), "--json"]
        result = runner.invoke(make_app(), args)
    assert result.exit_code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {
        "tables", "players", "setup_seconds", "seconds", "actions", "matches",
        "actions_per_second", "target_rate", "p50_ms", "p95_ms", "p99_ms", "errors",
        "server_cpu_seconds", "client_cpu_seconds", "server_cpu_per_1000",
        "client_cpu_per_1000",
    }  # fmt: skip
    assert (report["tables"], report["players"], report["target_rate"]) == (2, 2, 20.0)
    assert report["errors"] == {}
    assert 0 < report["actions"] <= 20 * report["seconds"] + 1  # paced: at most the rate
    assert report["p50_ms"] <= report["p95_ms"] <= report["p99_ms"]
    assert report["server_cpu_seconds"] > 0
    expected = round(1000 * report["server_cpu_seconds"] / report["actions"], 4)
    assert abs(report["server_cpu_per_1000"] - expected) <= 0.0002


def test_loadtest_sends_an_action_again_when_the_server_limits_its_rate() -> None:
    # A seat refused as rate_limited acts again a moment later, as a page would: its
    # table goes on playing (before, it waited for an update that never came).
    settings = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0, rate=4, burst=4)
    with ServerThread(settings) as server:
        args = ["loadtest", "--tables", "1", "--duration", "3", "--url", server.url]
        result = runner.invoke(make_app(), [*args, "--players", "2", "--json"])
    assert result.exit_code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert set(report["errors"]) == {"rate_limited"}
    # Two seats at 4 messages a second each: past the bursts, about 8 actions a second.
    assert report["actions"] > 8 + 4 * report["seconds"]


def test_loadtest_refuses_a_process_it_cannot_read() -> None:
    result = runner.invoke(
        make_app(), ["loadtest", "--duration", "1", "--url", "http://127.0.0.1:9", "--pid", "0"]
    )
    assert result.exit_code == 2
    assert "cannot read the CPU time of process 0" in result.stderr


def test_loadtest_says_when_it_cannot_reach_the_server() -> None:
    result = runner.invoke(
        make_app(), ["loadtest", "--tables", "1", "--duration", "1", "--url", "http://127.0.0.1:9"]
    )
    assert result.exit_code == 2 and "cannot reach" in result.stderr


# ---------------------------------------------------------------------- where phones go


def serve_output(
    monkeypatch: pytest.MonkeyPatch, lan: str | None, *args: str
) -> tuple[Settings, str, str]:
    """Run ``serve`` with this machine's network address ``lan``, up to the point where
    uvicorn would start; returns the settings it would serve with and what it printed."""
    started: list[Settings] = []

    def fake_run(app: object, **_: object) -> None:
        started.append(app.state.settings)  # type: ignore[attr-defined]

    monkeypatch.setattr(address, "lan_address", lambda: lan)
    monkeypatch.setattr(address, "listen_problem", lambda host, port: None)
    monkeypatch.setattr("uvicorn.run", fake_run)
    result = runner.invoke(make_app(), ["serve", "--db", "sqlite://", *args])
    assert result.exit_code == 0, result.stdout + result.stderr
    return started[0], result.stdout, result.stderr


def serve_refusal(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """Run ``serve`` with ``args`` that it must refuse before printing anything or
    starting uvicorn; returns its one line of error."""
    monkeypatch.setattr("uvicorn.run", lambda *_, **__: pytest.fail("uvicorn started"))
    result = runner.invoke(make_app(), ["serve", "--db", "sqlite://", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    return result.stderr.rstrip("\n")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_serve_refuses_an_address_it_cannot_listen_on_before_printing_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The resolver's words depend on the machine's DNS ("Name or service not known").
    assert re.fullmatch(
        r"error: no such address to listen on: 999\.1\.1\.1 \([A-Z][a-z ]+\)",
        serve_refusal(monkeypatch, "--host", "999.1.1.1"),
    )
    assert serve_refusal(monkeypatch, "--host", "192.0.2.1") == (
        "error: cannot listen on 192.0.2.1:8000: Cannot assign requested address"
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert serve_refusal(monkeypatch, "--host", "127.0.0.1", "--port", str(port)) == (
            f"error: cannot listen on 127.0.0.1:{port}: Address already in use"
        )


def test_serve_refuses_a_redis_url_it_cannot_read_or_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("redis")
    monkeypatch.setattr(address, "listen_problem", lambda host, port: None)
    assert serve_refusal(monkeypatch, "--redis", "garbage") == (
        "error: --redis 'garbage' is not a Redis URL: Redis URL must specify one of the "
        "following schemes (redis://, rediss://, unix://)"
    )
    port = free_port()  # nothing listens there
    assert serve_refusal(monkeypatch, "--redis", f"redis://127.0.0.1:{port}/0") == (
        f"error: cannot reach Redis at redis://127.0.0.1:{port}/0: "
        f"Error 111 connecting to 127.0.0.1:{port}. Connection refused."
    )


def test_serve_prints_the_network_address_and_its_qr_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings, out, err = serve_output(monkeypatch, "192.168.1.20", "--port", "8123")
    assert out.splitlines()[1] == "Open http://192.168.1.20:8123 and share the table's link."
    assert out.splitlines()[2] == (
        "Or scan this with a phone on the same network to open http://192.168.1.20:8123:"
    )
    assert "▄" in out and "█" in out  # the QR code, drawn with half blocks
    assert err == ""
    assert settings.lan_url == "http://192.168.1.20:8123"
    assert settings.public_url is None


def test_serve_on_loopback_warns_that_phones_cannot_join_and_says_the_flag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings, out, err = serve_output(monkeypatch, "192.168.1.20", "--host", "127.0.0.1")
    assert "Open http://127.0.0.1:8000 and share the table's link." in out
    assert "█" not in out  # no QR code of an address no phone can open
    assert err == (
        "warning: Only this computer can open it: the server listens on 127.0.0.1. "
        "To let phones on your network join, start it with --host 0.0.0.0.\n"
    )
    assert settings.lan_url is None


def test_serve_without_a_network_warns_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    settings, out, err = serve_output(monkeypatch, None)
    assert "Open http://localhost:8000 and share the table's link." in out
    assert len(err.splitlines()) == 1
    assert err.startswith("warning: Only this computer can open it: it has no address")
    assert "--public-url" in err
    assert settings.lan_url is None


def test_serve_with_a_public_url_prints_it_and_invites_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings, out, err = serve_output(
        monkeypatch, None, "--host", "127.0.0.1", "--public-url", "https://uno.example.org/"
    )
    assert "Open https://uno.example.org and share the table's link." in out
    assert err == ""
    assert settings.public_url == "https://uno.example.org"
