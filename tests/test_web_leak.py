"""No message to a seat or a spectator ever carries another seat's cards.

Full matches are played through real WebSockets (two players, two bots and a spectator,
every edition). Afterwards the record is replayed action by action, and every message
each client received is checked against the true state it describes: a seat's view
holds exactly its own hand, a spectator's none, and every event is redacted for its
reader.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

import httpx

from unoattack.engine import Action, Record
from unoattack.web.manager import Settings
from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, play, post

# Keys that may hold cards, and who may see them.
PRIVATE_EVENT_CARDS = {
    "dealt": (("cards", ("seat",)),),
    "pressed": (("cards", ("seat",)),),
    # Both sides of a trade see both hands: each gave one of them away.
    "hands_traded": (("seat_cards", ("seat", "target")), ("target_cards", ("seat", "target"))),
}
SECRET_KEYS = {"seed", "stock", "deck", "deck_rng", "token", "token_hash", "host_hash"}


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as running:
        yield running


def keys_of(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from keys_of(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from keys_of(inner)


def check_events(events: list[dict[str, Any]], reader: int) -> int:
    """Every private card field is empty unless ``reader`` owns it; returns fields seen."""
    seen = 0
    for event in events:
        for field, owners in PRIVATE_EVENT_CARDS.get(event["type"], ()):
            seen += 1
            if reader in [event[owner] for owner in owners]:
                assert event[field] is not None, event
            else:
                assert event[field] is None, (reader, event)
    return seen


@pytest.mark.parametrize(
    ("edition", "seed"),
    [("2003", 7340000001), ("2010", 7340000002), ("mega-hit", 7340000003), ("2003", 7340000004)],
)
def test_no_message_carries_another_seats_cards(
    server: ServerThread, edition: str, seed: int
) -> None:
    table = create_table(
        server.url,
        edition=edition,
        seats=4,
        seed=seed,
        host_name="Ann",
        target_score=300,
        options={"hand_size": 5},
    )
    code, host = str(table["code"]), str(table["host_token"])
    bob = post(server.url, f"/api/tables/{code}/join", name="Bob").json()["token"]
    for seat, level in ((2, "random"), (3, "heuristic")):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level=level)
    ann = Client(server.ws_url, code, str(table["token"]))
    bobc = Client(server.ws_url, code, bob)
    watcher = Client(server.ws_url, code)
    assert post(server.url, f"/api/tables/{code}/start", host_token=host).status_code == 200
    rng = random.Random(seed)
    # Ann drops out and comes back mid-match: her second connection is checked too.
    halfway = lambda: ann.state >= 30 or (ann.view is not None and ann.view["result"] is not None)  # noqa: E731
    play([ann, bobc], rng, halfway, react=0.3)
    ann.close()
    ann_again = Client(server.ws_url, code, str(table["token"]))
    over = lambda: ann_again.view is not None and ann_again.view["result"] is not None  # noqa: E731
    play([ann_again, bobc], rng, over, timeout=120, react=0.3)
    for client in (bobc, watcher):
        client.until(lambda c: c.view is not None and c.view["result"] is not None)

    record = Record.from_json(httpx.get(f"{server.url}/api/tables/{code}/record").text)
    game = record.replay(upto=0)
    hands = [[[str(c) for c in game.hand(s)] for s in range(4)]]
    for seat, text in record.actions:
        game.apply(Action.parse(text), seat)
        hands.append([[str(c) for c in game.hand(s)] for s in range(4)])

    private_fields = 0
    for client, reader in ((ann, 0), (ann_again, 0), (bobc, 1), (watcher, -1)):
        assert client.messages
        for message in client.messages:
            text = json.dumps(message)
            assert not SECRET_KEYS & set(keys_of(message)), text[:200]
            assert str(record.seed) not in text
            view = message.get("view")
            if view is not None:
                truth = hands[message["state"]]
                assert view["seat"] == reader
                assert view["hand_counts"] == [len(h) for h in truth]
                if reader < 0:
                    assert view["hand"] is None and view["legal"] == []
                else:
                    assert view["hand"] == truth[reader]
            for key in ("events", "recent"):
                private_fields += check_events(message.get(key) or [], reader)
    assert private_fields > 100
    for client in (ann_again, bobc, watcher):
        client.close()
