"""Helpers for the terminal-table tests: scripted bots, tables from a position, saved
matches played by the engine, a pilot runner and the screen as text. (No tests here; the
other test_tui_* files use these.)"""

from __future__ import annotations

import asyncio
import io
import os
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from unoattack.engine import Action, ActionKind, Game, View, parse_position
from unoattack.tui import store
from unoattack.tui.app import PlayApp
from unoattack.tui.session import Pace, Session
from unoattack.tui.setup import parse_players

SIZE = (100, 32)
_OUT_OF_TURN = (ActionKind.SAY_UNO, ActionKind.CATCH)


class ScriptBot:
    """A bot for tests: makes the given moves in order while they are legal, otherwise
    presses (or takes its first legal action); says UNO or catches only when told to."""

    def __init__(self, moves: Sequence[str] = (), *, catch: bool = False, uno: bool = False):
        self.moves = [Action.parse(m) for m in moves]
        self.catch = catch
        self.uno = uno

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if self.moves and self.moves[0] in legal:
            return self.moves.pop(0)
        in_turn = [a for a in legal if a.kind not in _OUT_OF_TURN]
        presses = [a for a in in_turn if a.kind is ActionKind.PRESS]
        return presses[0] if presses else in_turn[0]

    def react(self, view: View) -> Action | None:
        for action in view.legal_actions:
            if action.kind is ActionKind.CATCH and self.catch:
                return action
            if action.kind is ActionKind.SAY_UNO and self.uno:
                return action
        return None


def session_for(
    game: Game,
    seats: str,
    *,
    lang: str = "en",
    bots: dict[int, ScriptBot] | None = None,
) -> Session:
    players = parse_players(seats)
    robots = dict(bots or {})
    for seat, entry in enumerate(players):
        if not entry.is_human and seat not in robots:
            robots[seat] = ScriptBot()
    return Session(game, players, lang=lang, bots=robots)


def table_app(
    position: str,
    seats: str = "you,bot",
    *,
    lang: str = "en",
    bots: dict[int, ScriptBot] | None = None,
) -> PlayApp:
    """An app sitting at the table of a position string, bots playing at once."""
    session = session_for(parse_position(position), seats, lang=lang, bots=bots)
    return PlayApp(session=session, pace=Pace.instant())


def saved_match(
    name: str,
    seats: str = "you,bot",
    *,
    edition: str = "2003",
    seed: int = 1,
    options: dict[str, Any] | None = None,
    actions: int | None = None,
    lang: str = "en",
    seats_file: bool = True,
    saved_at: float | None = None,
) -> tuple[Path, Game]:
    """A match played by the engine (every seat takes its first legal action) and saved
    as the table saves it: ``<data dir>/matches/NAME.json`` and its seats file.

    Args:
        actions: Stop after this many actions: an unfinished match.
        seats_file: Write the seats file (a record without one is as resumed: you and
            heuristic bots).
        saved_at: The time of its last action (the file's modification time).
    """
    players = parse_players(seats)
    game = Game.new(edition, players=len(players), seed=seed, options=options)
    while not game.is_over and (actions is None or len(game.history) < actions):
        game.apply(game.legal_actions()[0])
    path = store.matches_dir() / f"{name}.json"
    store.write_record(game, path)
    if seats_file:
        store.write_table(path, players, lang)
    if saved_at is not None:
        os.utime(path, (saved_at, saved_at))
    return path, game


#: 2026-03-01 12:00 UTC: the last action of :func:`a_few_saved_matches`' first match.
NOON = 1_772_366_400


def a_few_saved_matches() -> dict[str, tuple[Path, Game]]:
    """Six saved matches, a minute apart (newest last), by name:

    - ``m0-older``: 2010, you, a random bot and Ana; unfinished, in French (11:59);
    - ``m1-first``: 2003, first to 1, you and two family bots; you win (12:00);
    - ``m2-lowest``: 2010, lowest total at 1, you, Ana, a random bot; Bot 3 wins, you
      come 2nd;
    - ``m3-challenge``: Mega Hit, out at 40, you and three heuristic bots: Bot 3 is the
      last one standing after 2 hands, you are out in the first with Bot 4 (3rd);
    - ``m4-unfinished``: 2003, you and a heuristic bot, 10 actions in;
    - ``m5-bots``: 2003, first to 1, two bots and nobody else; Bot 1 wins (12:04).
    """
    lowest = {"scoring_mode": "running_total_lowest_wins", "target_score": 1}
    challenge = {"scoring_mode": "challenge", "target_score": 40}
    first_to_1 = {"target_score": 1}
    matches = {
        "m0-older": saved_match(
            "m0-older",
            "you,bot:random,human:Ana",
            edition="2010",
            seed=6,
            actions=20,
            lang="fr",
            saved_at=NOON - 60,
        ),
        "m1-first": saved_match(
            "m1-first", "you,bot:family,bot:family", seed=5, options=first_to_1, saved_at=NOON
        ),
        "m2-lowest": saved_match(
            "m2-lowest",
            "you,human:Ana,bot:random",
            edition="2010",
            seed=2,
            options=lowest,
            saved_at=NOON + 60,
        ),
        "m3-challenge": saved_match(
            "m3-challenge",
            "you,bot,bot,bot",
            edition="mega-hit",
            seed=4,
            options=challenge,
            saved_at=NOON + 120,
        ),
        "m4-unfinished": saved_match(
            "m4-unfinished", "you,bot:heuristic", seed=3, actions=10, saved_at=NOON + 180
        ),
        "m5-bots": saved_match(
            "m5-bots", "bot:random,bot:heuristic", seed=1, options=first_to_1, saved_at=NOON + 240
        ),
    }
    # What the tests rely on, said once: a change in the engine's play shows here first.
    assert matches["m1-first"][1].result.winners == (0,)  # type: ignore[union-attr]
    assert matches["m2-lowest"][1].result.winners == (2,)  # type: ignore[union-attr]
    assert matches["m3-challenge"][1].result.winners == (2,)  # type: ignore[union-attr]
    assert matches["m3-challenge"][1].result.hands == 2  # type: ignore[union-attr]
    return matches


@contextmanager
def utc() -> Iterator[None]:
    """Local time is UTC inside (the dates shown of saved matches are local)."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()


def run(
    app: App[None],
    scenario: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
) -> None:
    """Run ``app`` headless at ``size`` and drive it with ``scenario``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


async def until(pilot: Pilot[None], condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Let the app process messages until ``condition`` holds (a recompose takes a few;
    on a loaded machine, many): fail only if it has not after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            screens = " > ".join(type(screen).__name__ for screen in pilot.app.screen_stack)
            raise AssertionError(f"the app never reached the expected state (screens: {screens})")
        await pilot.pause()


def screen_text(app: App[None]) -> str:
    """What the terminal shows now, as plain text."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text()


def flat(app: App[None]) -> str:
    """The screen's text without box drawing, line breaks or repeated spaces."""
    text = "".join(" " if 0x2500 <= ord(ch) <= 0x259F else ch for ch in screen_text(app))
    return " ".join(text.split())
