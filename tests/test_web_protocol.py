"""The protocol's messages, the store and the rate limiter, without a network."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from unoattack.bots import RandomBot
from unoattack.engine import SPECTATOR, Action, Game, events_for, view
from unoattack.engine.match import INSTANT, Match
from unoattack.web.manager import RateLimiter
from unoattack.web.protocol import (
    FACE_TABLE,
    Act,
    Chat,
    Hello,
    MessageError,
    clean_text,
    events_payload,
    parse_client_message,
    view_payload,
    view_payloads,
)
from unoattack.web.store import Store
from unoattack.web.table import Setup, Table, TableError, rejoin_code, token_hash


def test_each_client_message_parses_to_its_model() -> None:
    assert parse_client_message('{"type": "hello"}') == Hello(type="hello", token=None)
    act = parse_client_message('{"type": "act", "state": 4, "action": "catch 2", "ref": 1}')
    assert act == Act(type="act", state=4, action="catch 2", ref=1)
    chat = parse_client_message('{"type": "chat", "state": 0, "text": "hi"}')
    assert isinstance(chat, Chat) and chat.text == "hi"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("nope", "not JSON"),
        ("[1]", "a message is a JSON object with a 'type'"),
        ('{"type": "act", "state": "1", "action": "press"}', "act.state: Input should be"),
        ('{"type": "act", "state": 1, "action": "press", "x": 1}', "act.x: Extra inputs"),
        ('{"type": "shout"}', "Input tag 'shout' found using 'type' does not match"),
        ("x" * 3000, "message larger than 2048 bytes"),
    ],
)
def test_a_bad_message_says_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(MessageError) as error:
        parse_client_message(text)
    assert str(error.value).startswith(reason)


def test_binary_frames_are_refused() -> None:
    with pytest.raises(MessageError, match="text frames"):
        parse_client_message(b'{"type": "hello"}')


def test_names_and_chat_lose_control_characters_but_keep_their_text() -> None:
    assert clean_text("\u202eevil\u0000 <b>x</b>\n\tok", 100) == "evil <b>x</b> ok"
    assert clean_text("a" * 50, 24) == "a" * 24
    assert clean_text("\u200b\u0007", 24) == ""


def test_a_view_payload_holds_only_its_seats_hand() -> None:
    game = Game.new("2003", players=3, seed=5)
    mine = view_payload(view(game, 1))
    watcher = view_payload(view(game, SPECTATOR))
    assert mine["hand"] == [str(c) for c in game.hand(1)]
    assert watcher["hand"] is None and watcher["legal"] == []
    assert json.loads(json.dumps(mine)) == mine
    others = [str(c) for s in (0, 2) for c in game.hand(s)]
    dealt = [e for e in events_payload(events_for(game.log, 1)) if e["type"] == "dealt"]
    assert {e["seat"]: e["cards"] is not None for e in dealt} == {0: False, 1: True, 2: False}
    assert all(card in FACE_TABLE for card in others + mine["hand"])


def test_the_payloads_of_a_broadcast_are_each_seats_own_view_payload() -> None:
    # The server converts what every seat sees alike once per update; each seat's
    # payload must still be exactly its own view's, hand and legal actions included.
    viewers = [0, SPECTATOR, 2, 1]
    match = Match(Game.new("2010", players=3, seed=8), bots={2: RandomBot(random.Random(2))})
    compared = 0
    while not match.is_over and compared < 60:
        expected = [view_payload(match.view(v)) for v in viewers]
        got = view_payloads(match.views(viewers))
        assert got == expected
        assert [p["seat"] for p in got] == viewers
        assert got[0]["hand"] == [str(c) for c in match.game.hand(0)]
        assert got[1]["hand"] is None and got[1]["legal"] == []
        compared += 1
        seat = match.deciding
        if seat is None:
            match.advance(math.inf)  # the bot's turn
        else:
            match.submit(seat, match.legal_actions(seat)[0])
    assert compared == 60
    assert view_payloads([]) == []


def test_a_view_payload_says_why_presses_are_owed() -> None:
    game = Game.new("2003", players=3, seed=5)
    while not game.duties:
        game.apply(game.legal_actions()[0])
    payload = view_payload(view(game, SPECTATOR))
    duty = game.duties[0]
    assert payload["duties"][0] == {
        "seat": duty.seat,
        "presses": duty.left,
        "until_fire": duty.until_fire,
        "may_stack": duty.stackable,
        "penalty": duty.penalty,
        "reason": duty.reason,
    }


def test_the_rate_limiter_allows_a_burst_then_the_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2, burst=3, clock=lambda: now[0])
    assert [limiter.allow() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5
    assert [limiter.allow() for _ in range(2)] == [True, False]


def test_the_store_keeps_setup_seats_and_actions_in_order(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store(url)
    setup = Setup("2010", {"hand_size": 3}, "draw-one", seed=8, turn_timer=0)
    table, host, seat_token = Table.create(store, "ABCDEF", setup, 2, "Ann")
    assert seat_token is not None and table.is_host(host) and not table.is_host("x")
    seat, bob = table.join("Bob")
    match = table.start(INSTANT, now=0.0)
    game = match.game
    for _ in range(5):
        actor = game.to_act
        assert actor is not None
        match.submit(actor, game.legal_actions(actor)[-1])
    assert len(table.actions) == 5 and table.state == 5
    store.close()
    [stored] = Store(url).load_all()
    assert stored.setup["seed"] == 8 and stored.status == "playing"
    assert stored.seats[1]["token_hash"] == token_hash(bob) and seat == 1
    assert bob not in json.dumps(stored.seats)  # tokens are stored hashed
    again = Table.restore(Store("sqlite://"), stored, lambda timer: INSTANT, 0.0)
    assert again.actions == table.actions
    for s in range(2):
        assert again.view_for(s) == table.view_for(s)


def test_the_store_refuses_a_second_action_with_the_same_number() -> None:
    store = Store("sqlite://")
    store.create_table("QWERTY", {}, [], "h")
    store.append_action("QWERTY", 0, 0, "press")
    with pytest.raises(Exception, match="UNIQUE"):
        store.append_action("QWERTY", 0, 1, "press")


def test_a_refused_action_tells_on_conflict_and_the_next_write_still_commits() -> None:
    store = Store("sqlite://")
    store.create_table("QWERTY", {}, [], "h")
    conflicts: list[str] = []
    store.on_conflict = conflicts.append
    store.append_action("QWERTY", 0, 0, "press")
    with pytest.raises(Exception, match="UNIQUE"):
        store.append_action("QWERTY", 0, 1, "draw")
    store.append_action("QWERTY", 1, 2, "pass")
    assert conflicts == ["QWERTY"]
    stored = store.load_one("QWERTY")
    assert stored is not None and stored.actions == [(0, "press"), (2, "pass")]


def test_a_player_cannot_penalize_through_the_table() -> None:
    setup = Setup("2003", {}, "hazard", seed=1, turn_timer=0)
    table, _, _ = Table.create(Store("sqlite://"), "PENALT", setup, 2, "Ann")
    table.join("Bob")
    match = table.start(INSTANT, now=0.0)
    with pytest.raises(ValueError, match="only the referee"):
        match.submit(0, Action.parse("penalize 1"))
    assert table.state == 0 and table.actions == []


def test_lobby_rules_are_table_errors() -> None:
    setup = Setup("2003", {}, "hazard", seed=1, turn_timer=0)
    table, _, _ = Table.create(Store("sqlite://"), "LOBBY2", setup, 2, None)
    with pytest.raises(TableError, match="needs at least one visible character"):
        table.join("\u0000 ")
    with pytest.raises(TableError, match="at least 2 seats"):
        table.remove_seat(0)
    with pytest.raises(TableError, match="seat 1 is empty"):
        table.start(INSTANT, now=0.0)
    with pytest.raises(TableError, match="bot levels are random, family, heuristic"):
        table.add_bot(0, "genius")


def test_a_player_replaced_by_a_bot_can_be_let_back_in_even_after_a_restart(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store(url)
    setup = Setup("2003", {}, "draw-one", seed=3, turn_timer=0)
    table, _, _ = Table.create(store, "KICKED", setup, 2, "Ann")
    _, bob = table.join("Bob")
    table.start(INSTANT, now=0.0)
    table.kick(1)
    assert table.seats[1].kind == "bot" and table.seat_of(bob) is None
    assert table.kicked_from(bob) is table.seats[1]
    assert table.public()["seats"][1]["kicked"] is True
    store.close()
    [stored] = Store(url).load_all()
    again = Table.restore(Store("sqlite://"), stored, lambda timer: INSTANT, 0.0)
    assert again.match is not None and again.match.seats.controller(1) is not None
    player = again.readmit(1)
    assert again.seat_of(bob) is player and player.name == "Bob" and player.kind == "human"
    assert again.match.seats.controller(1) is None  # the bot left: Bob plays it
    assert again.kicked_from(bob) is None and again.public()["seats"][1]["kicked"] is False
    with pytest.raises(TableError, match="no player was removed from seat 2") as refused:
        again.readmit(1)
    assert refused.value.code == "not_kicked" and refused.value.details == {"seat": 1}


def test_removing_a_seat_renumbers_the_bots_named_after_their_seat() -> None:
    setup = Setup("2003", {}, "hazard", seed=1, turn_timer=0)
    table, _, _ = Table.create(Store("sqlite://"), "RENAME", setup, 4, "Ann")
    table.add_bot(2, "random")
    table.add_bot(3, "random")
    table.seats[3].name = "Robbie"  # a bot with a name of its own keeps it
    table.remove_seat(1)
    assert [seat.name for seat in table.seats] == ["Ann", "Bot 2", "Robbie"]


def test_a_rejoin_code_is_stored_hashed_and_still_works_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store(url)
    setup = Setup("2003", {}, "draw-one", seed=3, turn_timer=0)
    table, _, ann = Table.create(store, "REJOIN", setup, 2, "Ann")
    assert ann is not None
    code = rejoin_code(ann)
    with pytest.raises(TableError, match="no seat at this table has this rejoin code"):
        table.reclaim(code)  # Ann has not connected yet: nobody was shown the code
    table.keep_rejoin(table.seats[0], code)
    store.close()
    [stored] = Store(url).load_all()
    assert code not in json.dumps(stored.seats)
    again = Table.restore(Store("sqlite://"), stored, lambda timer: INSTANT, 0.0)
    index, seat, token = again.reclaim(code.lower()[:4] + " " + code[4:])
    assert index == 0 and again.seat_of(token) is seat and again.seat_of(ann) is None
    assert seat.rejoin_hash == token_hash(rejoin_code(token))
