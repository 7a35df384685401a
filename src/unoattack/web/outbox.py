"""A WebSocket's outgoing messages, in order, without a task or a queue per message.

Messages put during one turn of the event loop go out together right after it, each
connection's in one callback (``call_soon``): an action's updates to the four seats
leave one after the other once all are built, as they did from a task per connection. The ASGI
server's ``send`` (uvicorn's) writes a frame to the socket's buffer without waiting
whenever the buffer has room, so each send is driven by hand and finishes in that one
step. Only when it would wait (the client reads too slowly and the buffer is full)
does a task take over: it finishes that message, then the ones put meanwhile, in order.

Before it sends, an outbox calls its ``gate`` (a server's store flush,
:meth:`~unoattack.web.store.Store.flush_actions`): the actions its messages report are
stored before any of them leaves, so that a server killed at any moment has stored
whatever a client saw acknowledged. The gate may :meth:`Outbox.discard` the messages.
"""

from __future__ import annotations

import asyncio
import types
from collections import deque
from collections.abc import Callable, Generator
from typing import Any

from starlette.types import Message, Send

#: The close code for a client too slow to read its messages (1008: policy violation).
TOO_SLOW = 1008


class Outbox:
    """The messages for one WebSocket, sent in order. ``limit``: messages that may wait
    before the client is dropped as too slow (the socket closed with 1008). ``gate``:
    called before messages are sent (see the module's text)."""

    def __init__(self, send: Send, limit: int, gate: Callable[[], object] | None = None) -> None:
        #: The ASGI server's send for the socket.
        self.send = send
        self.limit = limit
        self.gate = gate
        self._line: deque[Message] = deque()
        self._due = False  # a flush is scheduled for the end of this turn of the loop
        self._writer: asyncio.Task[None] | None = None
        self._close_code: int | None = None
        #: The socket failed (the client went away): nothing more is sent.
        self.failed = False

    @property
    def closing(self) -> bool:
        """:meth:`close` was called (or the socket failed): :meth:`put` sends nothing more."""
        return self._close_code is not None or self.failed

    def put(self, text: str) -> None:
        """Send ``text`` after every message put before it."""
        if self.closing:
            return
        if len(self._line) >= self.limit:
            self.close(TOO_SLOW)
            return
        self._line.append({"type": "websocket.send", "text": text})
        self._wake()

    def close(self, code: int = 1000) -> None:
        """Close the socket with ``code`` once the messages put so far are sent."""
        if self.closing:
            return
        self._close_code = code
        self._line.append({"type": "websocket.close", "code": code})
        self._wake()

    def discard(self) -> None:
        """Drop the messages not sent yet (a close asked for still goes out)."""
        self._line.clear()
        if self._close_code is not None and not self.failed:
            self._line.append({"type": "websocket.close", "code": self._close_code})

    async def finished(self) -> None:
        """Wait until every message put is sent (or the socket failed)."""
        while self._due or self._writer is not None:
            if self._writer is not None:
                await asyncio.shield(self._writer)
            else:
                await asyncio.sleep(0)

    def _wake(self) -> None:
        if not self._due and self._writer is None:
            self._due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Send the line now, as far as the socket takes it without waiting."""
        self._due = False
        line = self._line
        if line and self.gate is not None:
            self.gate()
        while line and not self.failed:
            sending = self.send(line.popleft()).__await__()
            try:
                waited = sending.send(None)
            except StopIteration:
                continue
            except Exception:  # the client went away (the reader notices too)
                self._fail()
                return
            self._writer = asyncio.ensure_future(self._finish(sending, waited))
            return

    async def _finish(self, sending: Generator[Any, None, None], waited: Any) -> None:
        """Go on with a send that had to wait, then send the line behind it."""
        try:
            await _resumed(sending, waited)
            while self._line:
                if self.gate is not None:
                    self.gate()  # what was put meanwhile may report actions not yet stored
                    if not self._line:
                        break
                await self.send(self._line.popleft())
        except Exception:  # the client went away
            self._fail()
        finally:
            self._writer = None

    def _fail(self) -> None:
        self.failed = True
        self._line.clear()


@types.coroutine
def _resumed(sending: Generator[Any, None, None], waited: Any) -> Generator[Any, None, None]:
    """Await the rest of ``sending`` (an awaitable's ``__await__``), started by hand and
    suspended on ``waited`` (what it yielded): as ``await`` would have gone on, passing
    the task's wake-ups and exceptions (a cancellation) through."""
    while True:
        try:
            yield waited
        except BaseException as exc:
            try:
                waited = sending.throw(exc)
            except StopIteration:
                return
            continue
        try:
            waited = sending.send(None)
        except StopIteration:
            return
