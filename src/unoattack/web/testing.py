"""Test helpers: a real uvicorn server in a thread, and a blocking WebSocket client.

>>> from unoattack.web.manager import Settings
>>> with ServerThread(Settings(db_url="sqlite://", bot_delay=0)) as server:
...     import httpx
...     httpx.get(server.url + "/api/options").status_code
200
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from types import TracebackType
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from unoattack.web.app import create_app
from unoattack.web.manager import Settings

Message = dict[str, Any]

#: Settings for test servers that create tables and seat players faster than any
#: person would: the per-address limits out of the way (their own tests set them).
NO_ADDRESS_LIMITS: dict[str, Any] = {"creates_per_minute": 1e9, "joins_per_minute": 1e9}


class ServerThread:
    """``with ServerThread(settings) as server:`` serves on 127.0.0.1 (a free port)."""

    def __init__(self, settings: Settings, port: int = 0) -> None:
        self.settings = settings
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            ws_max_size=64 * 1024,
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.server.should_exit = True
        self.thread.join(30)


class Client:
    """A blocking WebSocket client that keeps every message it receives."""

    def __init__(self, ws_url: str, code: str, token: str | None = None) -> None:
        self._stack = ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(f"{ws_url}/ws/{code}", max_size=2**22, ping_interval=None)
        )
        self.messages: list[Message] = []
        self.state = 0
        self.view: Message | None = None
        #: The pause between two hands as the server last said (None: no pause).
        self.pause: Message | None = None
        self.seat: int | None = None
        self._seen = 0
        self.send({"type": "hello", "token": token})
        self.next("welcome")

    def send(self, message: Message | str | bytes) -> None:
        if isinstance(message, dict):
            message = json.dumps(message)
        self.ws.send(message)

    def recv(self, timeout: float = 10) -> Message:
        raw = self.ws.recv(timeout=timeout)
        message: Message = json.loads(raw)
        self.messages.append(message)
        if "state" in message and message.get("type") in ("welcome", "update"):
            self.state = message["state"]
            if message.get("view") is not None:
                self.view = message["view"]
        if "pause" in message and message.get("type") in ("welcome", "update", "pause"):
            self.pause = message["pause"]
        if message.get("type") in ("welcome", "table"):
            self.seat = message["you"]["seat"]
        return message

    def next(self, kind: str | None = None, timeout: float = 10) -> Message:
        """The next message (of type ``kind``), receiving as needed."""
        deadline = time.monotonic() + timeout
        while True:
            while self._seen < len(self.messages):
                message = self.messages[self._seen]
                self._seen += 1
                if kind is None or message.get("type") == kind:
                    return message
            self.recv(max(0.01, deadline - time.monotonic()))

    def until(self, predicate: Callable[[Client], bool], timeout: float = 20) -> None:
        """Receive until ``predicate(self)`` holds."""
        deadline = time.monotonic() + timeout
        while not predicate(self):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("condition not reached")
            self.recv(remaining)
        self._seen = len(self.messages)

    def act(self, action: str, state: int | None = None, ref: int | None = None) -> None:
        message: Message = {
            "type": "act",
            "state": self.state if state is None else state,
            "action": action,
        }
        if ref is not None:
            message["ref"] = ref
        self.send(message)

    def poll(self) -> int:
        """Receive every message already waiting; returns how many."""
        count = 0
        while True:
            try:
                self.recv(timeout=0)
            except TimeoutError:
                return count
            count += 1

    def awaited_between_hands(self) -> bool:
        """The table pauses between two hands until this client's seat says it is ready."""
        return self.pause is not None and self.seat in self.pause["waiting"]

    def my_turn(self) -> bool:
        v = self.view
        return bool(
            v is not None and v["result"] is None and v["to_act"] == self.seat and v["legal"]
        )

    def close(self) -> None:
        self._stack.close()


def play(
    clients: list[Client],
    rng: random.Random,
    stop: Callable[[], bool],
    timeout: float = 60,
    react: float = 0.0,
) -> int:
    """Let ``clients`` play random legal actions until ``stop()``; returns actions sent.

    Each client acts when the game waits for its seat, and says it is ready when the
    table pauses between two hands for it (as a player does: a server started from the
    command line pauses up to two minutes); with probability ``react`` it also takes an
    out-of-turn action (say UNO, catch) when one is legal.
    """
    deadline = time.monotonic() + timeout
    sent = 0
    acted: dict[int, int] = {}
    readied: dict[int, int] = {}  # the state at which each client said it was ready
    while not stop():
        if time.monotonic() > deadline:
            where = "; ".join(_whereabouts(client) for client in clients)
            raise TimeoutError(f"the game did not get there in time: {where}")
        busy = 0
        for client in clients:
            before = len(client.messages)
            busy += client.poll()
            if any(m["type"] in ("error", "welcome") for m in client.messages[before:]):
                # Refused (say, too fast), or the table moved to another server process
                # and the action was lost on the way: try again.
                acted.pop(id(client), None)
                readied.pop(id(client), None)
        for client in clients:
            if stop():
                return sent
            v = client.view
            if v is None or v["result"] is not None or acted.get(id(client)) == client.state:
                continue
            if client.awaited_between_hands():
                if readied.get(id(client)) == client.state:
                    continue  # said already; the pause ends when everyone has
                readied[id(client)] = client.state
                client.send({"type": "ready", "state": client.state})
                sent += 1
                busy += 1
                continue
            if client.my_turn():
                choice = rng.choice(v["legal"])["text"]
            else:
                extra = [a["text"] for a in v["legal"] if a["kind"] in ("say_uno", "catch")]
                if not extra or rng.random() >= react:
                    continue
                choice = rng.choice(extra)
            acted[id(client)] = client.state
            client.act(choice)
            sent += 1
            busy += 1
        if not busy:
            time.sleep(0.002)
    return sent


def _whereabouts(client: Client) -> str:
    """Where ``client`` stands, for a test that timed out: its seat, the state it saw,
    who the game waited for, and the last message it received."""
    v = client.view
    seen = "no view" if v is None else f"state {client.state}, to act {v['to_act']}"
    last = client.messages[-1].get("type") if client.messages else None
    return f"seat {client.seat}: {seen}, last message {last!r}"


def create_table(base: str, **body: Any) -> Message:
    response = httpx.post(f"{base}/api/tables", json=body)
    response.raise_for_status()
    created: Message = response.json()
    return created


def post(base: str, path: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{base}{path}", json=body)
