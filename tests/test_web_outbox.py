"""A WebSocket's outbox: messages leave in order, at the end of the event loop's turn,
also when the socket makes a send wait (a slow reader), and the socket closes after the
last of them. The send here stands for uvicorn's: it writes at once while the socket's
buffer has room, and waits for room otherwise."""

from __future__ import annotations

import asyncio
from typing import Any

from unoattack.web.outbox import TOO_SLOW, Outbox


class Socket:
    """An ASGI send that records what it is given; while ``room`` is clear it waits."""

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.room = asyncio.Event()
        self.room.set()
        self.gone = False

    async def __call__(self, message: dict[str, Any]) -> None:
        await self.room.wait()
        if self.gone:
            raise OSError("the client went away")
        self.sent.append(message.get("text", message.get("code")))


def test_messages_leave_in_order_once_the_loops_turn_ends() -> None:
    async def scenario() -> None:
        socket = Socket()
        outbox = Outbox(socket, limit=10)
        outbox.put("a")
        outbox.put("b")
        assert socket.sent == []  # nothing leaves while the update is being built
        await asyncio.sleep(0)
        assert socket.sent == ["a", "b"]
        outbox.put("c")
        await outbox.finished()
        assert socket.sent == ["a", "b", "c"]

    asyncio.run(scenario())


def test_a_slow_reader_gets_every_message_in_order_when_it_reads_again() -> None:
    async def scenario() -> None:
        socket = Socket()
        outbox = Outbox(socket, limit=10)
        socket.room.clear()  # the client stopped reading: its buffer is full
        outbox.put("1")
        outbox.put("2")
        await asyncio.sleep(0)
        outbox.put("3")
        await asyncio.sleep(0.01)
        assert socket.sent == []
        socket.room.set()
        outbox.put("4")
        await outbox.finished()
        assert socket.sent == ["1", "2", "3", "4"]
        outbox.put("5")  # the socket takes messages at once again
        await asyncio.sleep(0)
        assert socket.sent == ["1", "2", "3", "4", "5"]

    asyncio.run(scenario())


def test_the_socket_closes_after_the_last_message_and_takes_no_more() -> None:
    async def scenario() -> None:
        socket = Socket()
        outbox = Outbox(socket, limit=10)
        outbox.put("bye")
        outbox.close(4404)
        outbox.put("too late")
        assert outbox.closing
        await outbox.finished()
        assert socket.sent == ["bye", 4404]

    asyncio.run(scenario())


def test_a_reader_too_slow_for_the_limit_is_closed_after_what_it_was_owed() -> None:
    async def scenario() -> None:
        socket = Socket()
        outbox = Outbox(socket, limit=3)
        socket.room.clear()
        for text in "abcdef":
            outbox.put(text)
            await asyncio.sleep(0)
        assert outbox.closing
        socket.room.set()
        await outbox.finished()
        # "a" was being sent when the socket filled up; three more waited; "e" was one
        # too many, so the socket closes (1008) after those and "f" is dropped.
        assert socket.sent == ["a", "b", "c", "d", TOO_SLOW]

    asyncio.run(scenario())


def test_a_socket_that_fails_stops_the_outbox_without_raising() -> None:
    async def scenario() -> None:
        socket = Socket()
        outbox = Outbox(socket, limit=10)
        socket.gone = True
        outbox.put("lost")
        outbox.put("lost too")
        await outbox.finished()
        assert outbox.failed and outbox.closing and socket.sent == []
        outbox.put("after")
        outbox.close()
        await outbox.finished()
        assert socket.sent == []

    asyncio.run(scenario())
