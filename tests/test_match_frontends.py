"""One arbiter: the same seats, seed and player decisions give the same game whether the
match is driven bare, by the terminal game or by the web server.

Seat 0 is a person who names red when asked for a colour and otherwise presses the
launcher; seat 1 is a heuristic bot and seat 2 a random one (which forgets UNO and
catches at random), seeded as every front-end seeds them. Every
bot acts at once (instant timing), so the only times that matter are the order of
things, which the match decides.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from textual.pilot import Pilot

from unoattack.bots import make_bot
from unoattack.engine import Action, Game
from unoattack.engine.match import Match

SEED = 9
OPTIONS = {"scoring_mode": "challenge", "target_score": 400}
SEATS = "you,bot:heuristic,bot:random"
LEVELS = {1: "heuristic", 2: "random"}


def decide(legal: list[str]) -> str:
    """The person's policy, the same at every front-end."""
    if "colour R" in legal:
        return "colour R"
    return "press" if "press" in legal else legal[0]


def bare_match() -> list[tuple[int, str]]:
    game = Game.new("2003", players=3, seed=SEED, options=OPTIONS)
    bots = {s: make_bot(level, random.Random(f"{SEED}:bot:{s}")) for s, level in LEVELS.items()}
    match = Match(game, bots=bots)
    while not match.is_over:
        match.advance(0.0)
        if match.deciding == 0:
            legal = [str(a) for a in match.legal_actions(0)]
            match.submit(0, Action.parse(decide(legal)))
    return [(seat, str(Action.from_code(code))) for seat, code in game.history]


def terminal_game() -> list[tuple[int, str]]:
    from unoattack.tui.app import PlayApp
    from unoattack.tui.commands import build_setup
    from unoattack.tui.dialogs import ColourDialog, HandOverScreen, MatchOverScreen
    from unoattack.tui.session import Pace
    from unoattack.tui.table import TableScreen

    setup = build_setup(players=SEATS, seed=SEED, options=[f"{k}={v}" for k, v in OPTIONS.items()])
    app = PlayApp(setup, pace=Pace.instant(), save=False)
    history: list[tuple[int, str]] = []

    async def scenario(pilot: Pilot[None]) -> None:
        for _ in range(5000):
            await pilot.pause()
            screen = pilot.app.screen
            session = pilot.app.session  # type: ignore[attr-defined]
            if isinstance(screen, MatchOverScreen) or session.game.is_over:
                break
            if isinstance(screen, HandOverScreen):
                await pilot.press("enter")
            elif isinstance(screen, ColourDialog):
                await pilot.press("r")
            elif (
                isinstance(screen, TableScreen) and not screen.busy and session.match.deciding == 0
            ):
                legal = [str(a) for a in session.match.legal_actions(0)]
                assert decide(legal) == "press", legal
                await pilot.press("p")
        game = pilot.app.session.game  # type: ignore[attr-defined]
        assert game.is_over
        history.extend((seat, str(Action.from_code(code))) for seat, code in game.history)

    async def main() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await scenario(pilot)

    asyncio.run(main())
    return history


def web_server() -> list[tuple[int, str]]:
    httpx = pytest.importorskip("httpx")
    from unoattack.web.manager import Settings
    from unoattack.web.testing import NO_ADDRESS_LIMITS, Client, ServerThread, create_table, post

    settings = Settings(
        **NO_ADDRESS_LIMITS,
        db_url="sqlite://",
        bot_delay=0,
        uno_grace=0,
        allow_seed=True,
        rate=1000,
        burst=1000,
    )
    with ServerThread(settings) as server:
        table = create_table(server.url, seats=3, seed=SEED, host_name="Ann", options=dict(OPTIONS))
        code, host = str(table["code"]), str(table["host_token"])
        for seat, level in LEVELS.items():
            post(server.url, f"/api/tables/{code}/seats/{seat}/bot", host_token=host, level=level)
        client = Client(server.ws_url, code, str(table["token"]))
        post(server.url, f"/api/tables/{code}/start", host_token=host)
        acted = -1
        while True:
            client.recv(timeout=10)
            view: Any = client.view
            if view is None:
                continue
            if view["result"] is not None:
                break
            if client.my_turn() and acted != client.state:
                acted = client.state
                client.act(decide([a["text"] for a in view["legal"]]))
        record = httpx.get(f"{server.url}/api/tables/{code}/record").json()
        client.close()
    return [(seat, text) for seat, text in record["actions"]]


def test_the_bare_match_the_terminal_game_and_the_web_server_play_one_game() -> None:
    bare = bare_match()
    # A match of several hands, with catch windows, that the person takes part in.
    assert len(bare) > 300 and sum(1 for seat, _ in bare if seat == 0) > 20
    assert any(text.startswith("catch") or text == "uno" for _, text in bare)
    assert terminal_game() == bare
    assert web_server() == bare
