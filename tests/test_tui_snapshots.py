"""Snapshots of the main screens in English and French, at 80x24 and 120x40.

Each screen is exported as SVG (``App.export_screenshot``) and compared with the file in
``tests/__snapshots__/test_tui_snapshots/``. The tables are positions played by scripted
bots at ``Pace.instant()``: no clock, no randomness. After a deliberate change of the
screens, rewrite the files with ``UNOATTACK_UPDATE_SNAPSHOTS=1 pytest tests/test_tui_snapshots.py``
and look at them (any browser shows an SVG).
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot

from test_tui_support import ScriptBot, run, screen_text, table_app
from unoattack.tui.app import PlayApp
from unoattack.tui.dialogs import ColourDialog, HandOverScreen, MatchOverScreen, PassScreen
from unoattack.tui.new_game import NewGameScreen
from unoattack.tui.session import Pace
from unoattack.tui.setup import Setup, parse_players
from unoattack.tui.table import TableScreen

SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_tui_snapshots"
UPDATE = os.environ.get("UNOATTACK_UPDATE_SNAPSHOTS") == "1"
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
TAIL = "stock=... launcher=scripted:0 seed=0"

# Four seats; you hold twelve cards. Bot 2 plays, Bot 3 presses, Bot 4 forgets UNO.
TABLE = (
    "mega-hit hands=R7,R-Hit2,Y3,Y-Skip,G1,G5,G9,B2,B-DA,W,WAA,R3/B4,B5,G2,Y9,R1/G6,R6/Y1,R5 "
    f"pile=R2 turn=0 dealer=3 scores=120,40,0,310 {TAIL}"
)


def table_bots() -> dict[int, ScriptBot]:
    return {1: ScriptBot(["play R1"]), 2: ScriptBot(), 3: ScriptBot(["play R5"])}


def _text_of(svg: str) -> str:
    """The visible characters of a Textual SVG, line by line (for a readable diff)."""
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg)
    return "\n".join(t.replace("&#160;", " ") for t in texts)


def check(app: App[None], name: str) -> None:
    svg = app.export_screenshot(title=name)
    path = SNAPSHOTS / f"{name}.svg"
    if UPDATE or not path.exists():
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"snapshot {path.name} was missing and has been written: check it")
        return
    expected = path.read_text(encoding="utf-8")
    if svg != expected:
        diff = "\n".join(
            difflib.unified_diff(
                _text_of(expected).splitlines(),
                _text_of(svg).splitlines(),
                "stored",
                "now",
                lineterm="",
            )
        )
        shown = screen_text(app)
        pytest.fail(f"snapshot {name} differs (text diff below; screen now):\n{diff}\n{shown}")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_table(lang: str, size: str) -> None:
    app = table_app(TABLE, "you,bot,bot,bot", lang=lang, bots=table_bots())

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # red 3
        assert isinstance(pilot.app.screen, TableScreen)
        check(pilot.app, f"table_{lang}_{size}")

    run(app, scenario, SIZES[size])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_colour_picker(lang: str) -> None:
    app = table_app(TABLE, "you,bot,bot,bot", lang=lang, bots=table_bots())

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("left", "left", "enter")  # the Wild (the list wraps around)
        assert isinstance(pilot.app.screen, ColourDialog)
        check(pilot.app, f"colour_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_new_game(lang: str) -> None:
    setup = Setup(edition="mega-hit", seats=parse_players("you,bot:heuristic,human:Ana"), seed=7)
    setup.lang = lang
    app = PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, NewGameScreen)
        check(pilot.app, f"new_game_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_end_of_hand(lang: str) -> None:
    app = table_app(
        f"2003 hands=R7/B4,W,Y-TH/G1,G2 pile=R2 turn=0 dealer=2 scores=60,12,0 {TAIL}",
        "you,bot,bot",
        lang=lang,
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, HandOverScreen)
        check(pilot.app, f"hand_over_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_end_of_match(lang: str) -> None:
    app = table_app(f"2003 hands=R7/B4,B5 pile=R2 turn=0 dealer=1 scores=495,230 {TAIL}", lang=lang)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "enter")
        assert isinstance(pilot.app.screen, MatchOverScreen)
        check(pilot.app, f"match_over_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pass_the_keyboard(lang: str) -> None:
    app = table_app(
        f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}",
        "human:Ana,human:Ben",
        lang=lang,
    )

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, PassScreen)
        check(pilot.app, f"pass_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])
