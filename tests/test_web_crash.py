"""A server killed with SIGKILL mid-match comes back with every acknowledged action."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

import httpx

from unoattack.engine import Record, verify
from unoattack.web.testing import Client, create_table, play, post

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server_process(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    command = [
        sys.executable,
        "-m",
        "unoattack.web",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
        "--bot-delay",
        "0",
        "--uno-grace-ms",
        "0",
        "--rate",
        "1000",
        "--allow-seed",
        "--log-level",
        "warning",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/options").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                _, err = process.communicate(timeout=5)
                raise RuntimeError(f"the server did not start: {err.decode()[-2000:]}")
            time.sleep(0.05)
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)
        if process.stderr is not None:
            process.stderr.close()


def test_sigkill_mid_match_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    seen: dict[int, tuple[int, str]] = {}  # state -> the action that produced it

    def remember(client: Client) -> None:
        for message in client.messages:
            if message.get("type") == "update" and message.get("by"):
                by = message["by"]
                assert seen.setdefault(message["state"], (by["seat"], by["action"])) == (
                    by["seat"],
                    by["action"],
                )

    with server_process(db, port) as first:
        table = create_table(
            base, seats=3, seed=99, host_name="Ann", options={"hand_size": 5}, target_score=150
        )
        code, host = str(table["code"]), str(table["host_token"])
        bob = post(base, f"/api/tables/{code}/join", name="Bob").json()["token"]
        post(base, f"/api/tables/{code}/seats/2/bot", host_token=host, level="heuristic")
        ann = Client(ws, code, str(table["token"]))
        bobc = Client(ws, code, bob)
        assert post(base, f"/api/tables/{code}/start", host_token=host).status_code == 200
        rng = random.Random(4)
        play([ann, bobc], rng, lambda: ann.state >= 25, react=0.2)
        # One more action goes out, and the server dies before anyone reads the answer.
        for client in (ann, bobc):
            client.poll()
            if client.my_turn():
                assert client.view is not None
                client.act(rng.choice(client.view["legal"])["text"])
                break
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        for client in (ann, bobc):
            with contextlib.suppress(Exception):  # the connection died with the server
                client.poll()
            remember(client)
        last_seen = max(seen)
        hands_seen = {c.seat: (c.state, c.view) for c in (ann, bobc)}

    with server_process(db, port):
        ann = Client(ws, code, str(table["token"]))
        bobc = Client(ws, code, bob)
        # Every update anyone saw was committed first: the table is at least that far.
        assert ann.state >= last_seen and bobc.state >= last_seen
        for client in (ann, bobc):
            state, view = hands_seen[client.seat]
            if client.state == state:
                assert client.view == view
        assert ann.messages[0]["table"]["status"] == "playing"
        over = lambda: ann.view is not None and ann.view["result"] is not None  # noqa: E731
        play([ann, bobc], rng, over, timeout=120, react=0.2)
        remember(ann)
        remember(bobc)
        record = Record.from_json(httpx.get(f"{base}/api/tables/{code}/record").text)
        assert verify(record).ok
        # Every action anyone was told about is in the record, in its place.
        for state, (seat, action) in seen.items():
            assert record.actions[state - 1] == (seat, action)
        ann.close()
        bobc.close()
    assert os.path.exists(db)
