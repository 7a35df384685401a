"""Between two hands and after the match, through a real server: the table pauses until
every player is ready (or a countdown at a table of bots), and the host's rematch deals a
new match at the same table, with the same seats, that the store can rebuild."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi")

from unoattack.engine.match import INSTANT
from unoattack.web.manager import Settings
from unoattack.web.store import Store
from unoattack.web.table import Table
from unoattack.web.testing import (
    NO_ADDRESS_LIMITS,
    Client,
    ServerThread,
    create_table,
    play,
    post,
)

SHORT = {"options": {"hand_size": 2}, "launcher": "scripted:0,0,0,1,loop", "turn_timer": 0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    db = tmp_path_factory.mktemp("pause") / "tables.sqlite3"
    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url=f"sqlite:///{db}",
        bot_delay=0.01,
        uno_grace=0.0,
        allow_seed=True,
        hand_pause=60,
        bot_hand_pause=0.5,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as running:
        running.db_url = settings.db_url  # type: ignore[attr-defined]
        yield running


def seated(server: ServerThread, target: int) -> tuple[dict[str, str], Client]:
    table = create_table(server.url, seats=2, host_name="Ann", seed=3, target_score=target, **SHORT)
    code = table["code"]
    post(server.url, f"/api/tables/{code}/seats/1/bot", host_token=table["host_token"])
    ann = Client(server.ws_url, table["code"], table["token"])
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    return table, ann


def hand_over(client: Client) -> bool:
    return client.view is not None and client.view["last_hand"] is not None


def test_a_table_with_people_waits_between_hands_until_they_are_ready(
    server: ServerThread,
) -> None:
    _, ann = seated(server, target=5000)
    play([ann], random.Random(1), lambda: hand_over(ann), timeout=20)
    ann.until(lambda c: c.messages[-1].get("pause") is not None, timeout=5)
    ended = ann.messages[-1]
    assert [e["type"] for e in ended["events"]][:2] == ["card_played", "hand_won"]
    pause = ended["pause"]
    assert (pause["ready"], pause["waiting"]) == ([], [0])
    assert 59 < pause["ends_in"] <= 60
    assert ended["view"]["legal"] == []
    ann.act("press")
    refused = ann.next("error")
    assert refused["code"] == "between_hands", refused
    state = ann.state
    ann.send({"type": "ready", "state": state})
    assert ann.next("pause") == {"type": "pause", "state": state, "pause": None}
    # The bot, who waited, plays on.
    ann.until(lambda c: c.state > state or c.my_turn(), timeout=5)
    ann.send({"type": "ready", "state": ann.state})
    assert ann.next("error")["code"] == "not_paused"
    ann.close()


def test_the_end_of_the_pause_hands_the_first_turn_to_its_player(server: ServerThread) -> None:
    # Two people and no bot: nothing is played when the next hand begins, so what the
    # server sends as the pause ends is all a page learns of the new hand's first turn.
    setup = SHORT | {"turn_timer": 30}
    table = create_table(server.url, seats=2, host_name="Ann", seed=3, target_score=5000, **setup)
    code = table["code"]
    joined = post(server.url, f"/api/tables/{code}/join", name="Bob").json()
    ann = Client(server.ws_url, code, table["token"])
    bob = Client(server.ws_url, code, joined["token"])
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    play([ann, bob], random.Random(2), lambda: hand_over(ann) or hand_over(bob), timeout=20)
    clients = (ann, bob)
    for client in clients:
        client.until(lambda c: c.pause is not None and c.pause["waiting"] == [0, 1], timeout=5)
        assert client.view["legal"] == [] and client.messages[-1]["clock"] is None
    state = ann.state
    first = ann.view["to_act"]
    assert first in (0, 1) and ann.view["hand_number"] == 2
    ann.send({"type": "ready", "state": state})
    bob.send({"type": "ready", "state": state})
    for client in clients:
        client.until(lambda c: c.pause is None, timeout=5)
        update = client.next("update")
        assert (update["state"], update["by"], update["events"]) == (state, None, [])
        assert update["pause"] is None
        clock = update["clock"]
        assert (clock["seat"], clock["seconds"]) == (first, 30)
        assert 29 < clock["ends_in"] <= 30
        legal = {a["text"] for a in update["view"]["legal"]}
        assert ("press" in legal) == (client.seat == first)
    ann.close()
    bob.close()


def test_the_test_players_say_they_are_ready_between_hands(server: ServerThread) -> None:
    # web.testing.play plays as people do: the table pauses for a minute after the first
    # hand, and the player's "ready" starts the second at once (a longer match through
    # `unoattack serve`, which pauses two minutes, timed out without it).
    _, ann = seated(server, target=5000)

    def second_hand_under_way() -> bool:
        return ann.view is not None and ann.view["hand_number"] == 2 and ann.pause is None

    play([ann], random.Random(1), second_hand_under_way, timeout=30)  # the pause is 60 s
    pause_messages = [m for m in ann.messages if m.get("type") == "pause"]
    assert pause_messages[-1]["pause"] is None  # the pause ended when Ann said ready
    ann.close()


def test_a_table_of_bots_pauses_for_its_countdown(server: ServerThread) -> None:
    table = create_table(server.url, seats=2, seed=3, target_score=5000, **SHORT)
    code = table["code"]
    for seat in (0, 1):
        post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=table["host_token"])
    watcher = Client(server.ws_url, code)
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    watcher.until(lambda c: c.messages[-1].get("pause") is not None, timeout=20)
    paused = watcher.messages[-1]
    assert paused["pause"]["ready"] == [] and paused["pause"]["waiting"] == []
    assert 0 < paused["pause"]["ends_in"] <= 0.5
    started = time.monotonic()
    resumed = watcher.next("pause")
    assert resumed["pause"] is None and time.monotonic() - started < 2
    watcher.close()


def test_the_hosts_rematch_deals_a_new_match_at_the_same_table(server: ServerThread) -> None:
    table, ann = seated(server, target=1)
    code = table["code"]
    # A rematch waits for the match to end. (Asked before Ann's first move: the dealt
    # match cannot end without her. After the rematch it could not be asked reliably:
    # the rematch's seed is the server's own, and its bot may win before Ann moves.)
    early = post(server.url, f"/api/tables/{code}/rematch", host_token=table["host_token"])
    assert early.status_code == 409 and early.json()["code"] == "not_over"
    play([ann], random.Random(2), lambda: ann.view is not None and ann.view["result"] is not None)
    refused = post(server.url, f"/api/tables/{code}/rematch", host_token="not the host")
    assert refused.status_code == 403
    answer = post(server.url, f"/api/tables/{code}/rematch", host_token=table["host_token"])
    assert answer.status_code == 200
    info = answer.json()
    assert (info["code"], info["status"], info["state"]) == (code, "playing", 0)
    assert [(s["kind"], s["name"]) for s in info["seats"]] == [("human", "Ann"), ("bot", "Bot 2")]
    welcome = ann.next("welcome")
    assert welcome["you"]["seat"] == 0 and welcome["state"] == 0
    assert welcome["view"]["scores"] == [0, 0] and welcome["view"]["result"] is None
    assert welcome["view"]["hand_number"] == 1 and len(welcome["view"]["hand"]) == 2
    # The new match is played on, and the store rebuilds it from its setup and actions.
    # (The rematch's seed is the server's own: its 2-card hand may end the match sooner.)
    play(
        [ann],
        random.Random(3),
        lambda: ann.state >= 4 or (ann.view is not None and ann.view["result"] is not None),
    )
    time.sleep(0.2)
    ann.poll()
    store = Store(server.db_url)
    stored = store.load_one(code)
    assert stored is not None
    rebuilt = Table.restore(store, stored, lambda _: INSTANT, 0.0)
    assert rebuilt.match is not None and rebuilt.state == ann.state
    assert [str(c) for c in rebuilt.match.view(0).hand] == ann.view["hand"]
    ann.close()
