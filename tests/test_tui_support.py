"""Helpers for the terminal-table tests: scripted bots, tables from a position, a pilot
runner and the screen as text. (No tests here; the other test_tui_* files use these.)"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable, Sequence

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from unoattack.engine import Action, ActionKind, Game, View, parse_position
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


async def until(pilot: Pilot[None], condition: Callable[[], bool], tries: int = 50) -> None:
    """Let the app process messages until ``condition`` holds (a recompose takes a few)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause()
    assert condition(), "the app never reached the expected state"


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
