"""Real servers for tests and measurements: PostgreSQL and Redis started from their
binaries in a temporary directory, and ``unoattack serve`` as a subprocess.

Nothing here is a mock: the cluster's tests and load figures (docs/web.md) run against
these. ``postgres()`` needs PostgreSQL's ``initdb`` and ``pg_ctl`` (Debian:
``apt-get install postgresql``; found on the PATH or in /usr/lib/postgresql/*/bin),
``redis()`` needs ``redis-server`` (``apt-get install redis-server``). PostgreSQL will
not run as root: as root, its directory goes to the ``postgres`` user and it runs as them.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def find_binary(name: str) -> str | None:
    """``name`` on the PATH, or in a PostgreSQL version's bin directory (Debian keeps
    ``initdb`` and ``pg_ctl`` there)."""
    found = shutil.which(name)
    if found is not None:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        candidate = Path(folder) / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def missing_binaries() -> list[str]:
    """The binaries :func:`postgres` and :func:`redis` need that this machine lacks."""
    return [name for name in ("initdb", "pg_ctl", "redis-server") if find_binary(name) is None]


def _wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start on port {port}")
        time.sleep(0.02)


@contextmanager
def postgres(durable: bool = False, settings: Sequence[str] = ()) -> Iterator[str]:
    """A PostgreSQL server of its own on a free port; yields its URL
    (``postgresql://unoattack@127.0.0.1:PORT/postgres``). With ``durable=False`` (tests)
    it skips fsync: the data outlives any client being killed, not the machine crashing.
    ``settings`` are more server settings (``synchronous_commit=off``)."""
    initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("PostgreSQL's initdb and pg_ctl are not installed")
    folder = Path(tempfile.mkdtemp(prefix="unoattack-pg-"))
    data = folder / "data"
    user = None
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        user = "postgres"
        shutil.chown(folder, user)
    port = free_port()
    options = f"-p {port} -c listen_addresses=127.0.0.1 -k {folder} -c max_connections=200"
    if not durable:
        options += " -c fsync=off -c full_page_writes=off"
    for setting in settings:
        options += f" -c {setting}"
    try:
        subprocess.run(
            [initdb, "-D", str(data), "-U", "unoattack", "--auth=trust", "-E", "UTF8", "-N"],
            check=True,
            capture_output=True,
            user=user,
        )
        subprocess.run(
            [pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
            check=True,
            capture_output=True,
            user=user,
        )
        yield f"postgresql://unoattack@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
                user=user,
            )
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def redis() -> Iterator[str]:
    """A Redis server of its own on a free port, keeping nothing on disk; yields its URL."""
    binary = find_binary("redis-server")
    if binary is None:
        raise RuntimeError("redis-server is not installed")
    folder = Path(tempfile.mkdtemp(prefix="unoattack-redis-"))
    port = free_port()
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    command += ["--appendonly", "no", "--dir", str(folder), "--loglevel", "warning"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, process, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


class ServerProcess:
    """``unoattack serve`` in a subprocess on 127.0.0.1: start it, wait until it
    answers, stop or kill it. ``args`` are more ``serve`` options."""

    def __init__(self, *args: str, port: int = 0) -> None:
        self.port = port or free_port()
        self.args = args
        self.process: subprocess.Popen[bytes] | None = None
        self.log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [sys.executable, "-m", "unoattack.web", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--log-level", "warning", *self.args]
        # Its log goes to a file, not a pipe: a pipe nobody reads would fill and stall it.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop)
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=self.log)
        return self

    def last_words(self) -> str:
        """The end of what the server logged (warnings and errors)."""
        if self.log is None or self.log.closed:
            return ""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-3000:]

    def wait(self, timeout: float = 60) -> ServerProcess:
        """Wait until the server answers (raises with its last words if it died)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.url}/api/options", timeout=2).status_code == 200:
                    return self
            if self.process.poll() is not None or time.monotonic() > deadline:
                words = self.last_words()
                self.stop()
                raise RuntimeError(f"the server did not start: {words}")
            time.sleep(0.05)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup, as when a machine dies."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it is not gone in 10 seconds."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.log is not None:
            self.log.close()

    def __enter__(self) -> ServerProcess:
        return self.start().wait()

    def __exit__(self, *exc: object) -> None:
        self.stop()
